# Do latt's figures of the command's waits agree with perf's?
#
#   awk -v kind=wakeup -v p=99 -f cmdlat-agree.awk PROBE_OUT PERF_LIST
#
# PROBE_OUT is tests/cmdlat-probe's output (KIND count N sum NS max NS,
# KIND bucket LOW COUNT); PERF_LIST has perf's delays of that kind, one
# number of ns a line (tests/cmdlat-perf.sh's, whole microseconds).
# Prints "latt LO..HI perf V" and exits 0 when they agree: the p-th
# percentile (nearest rank; p=100 is the largest, latt's exact max) of
# perf's list lies within one of latt's buckets of latt's bucket at the
# same rank.  The two counts may differ by a few (a task's first run
# before latt followed it): latt's ranks are widened by the difference,
# and by slack (the switches perf's trace missed: -v slack=N).
# perf prints its figure truncated to the microsecond, so it stands for
# [V, V + 1000); and the two instruments stamp the same events a few
# hundred ns apart (each runs after the other's handler at the same
# tracepoint; perf's clock is the scheduler's, latt's CLOCK_MONOTONIC):
# below 64 us, where a bucket is narrower than perf's microsecond, they
# agree within that microsecond, [V - 1000, V + 1000).  Under an
# emulated CPU (qemu's TCG: -v emulated=PCT), latt's range is widened
# by PCT% either way.
function width(low,    e, x) {
	if (low < 128)
		return 1
	e = 0
	for (x = low; x >= 2; x = int(x / 2))
		e++
	return 2 ^ (e - 6)
}
function ceil(x) {
	return x == int(x) ? x : int(x) + 1
}
FNR == NR {
	if ($1 != kind)
		next
	if ($2 == "count") {
		lcount = $3
		lmax = $7
	}
	if ($2 == "bucket") {
		nb++
		low[nb] = $3
		cnt[nb] = $4
	}
	next
}
{
	np++
	v[np] = $1 + 0
}
END {
	if (!lcount || !np) {
		printf "latt %d, perf %d of kind %s: nothing to compare\n",
			lcount, np, kind
		exit 1
	}
	# perf's, sorted (insertion sort: a few thousand at most).
	for (i = 2; i <= np; i++) {
		x = v[i]
		for (j = i - 1; j >= 1 && v[j] > x; j--)
			v[j + 1] = v[j]
		v[j + 1] = x
	}
	pv = v[p >= 100 ? np : ceil(p / 100 * np)]
	if (p >= 100) {
		lo = lmax
		hi = lmax
	} else {
		d = (lcount > np ? lcount - np : np - lcount) + 1 + slack
		r = ceil(p / 100 * lcount)
		ra = r - d < 1 ? 1 : r - d
		rb = r + d > lcount ? lcount : r + d
		seen = 0
		for (i = 1; i <= nb; i++) {
			if (seen < ra && seen + cnt[i] >= ra)
				lo = low[i]
			if (seen < rb && seen + cnt[i] >= rb)
				hi = low[i] + width(low[i])
			seen += cnt[i]
		}
	}
	w = width(pv)
	# Under an emulated CPU (-v emulated=PCT) each instrument's handler
	# takes microseconds, as much as the events between them: the
	# figures may part by that share more.
	lo -= lo * emulated / 100
	hi += hi * emulated / 100
	printf "latt %d..%d perf %d (latt %d, perf %d waits)\n", lo, hi, pv,
		lcount, np
	exit !(pv + 1000 >= lo - w && pv - 1000 <= hi + w)
}
