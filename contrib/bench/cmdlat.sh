#!/bin/sh
# The command's own latency (lib/trace/cmdlat.bpf.c, which follows the
# command's tasks in the kernel): what following them costs the command,
# and how its figures agree with perf sched's.
#
# Usage: cmdlat.sh cost [RUNS [JOB...]]
#            make -j2 of latt (a copy of this tree's HEAD, from clean) and
#            an x264 encode of FRAMES frames (150), RUNS times each (5),
#            bare and under the program, taking turns; wall and CPU time
#            of each, and the difference with its 95% interval (needs
#            x264 and GNU time: apt-get install x264 time); JOB, make or
#            x264, runs only those ("FRAMES=5 cmdlat.sh cost 2 x264" is
#            brief)
#        cmdlat.sh truth COMMAND [ARG...]
#            COMMAND under the program while perf records the scheduler's
#            events: the waits' counts, p50, p99 and max of each, latt's
#            beside perf sched timehist's "sch delay" (from a wakeup) and
#            those of perf script's events (from a preemption: perf 6.1's
#            timehist times none) (needs linux-perf)
#        cmdlat.sh clients [RUNS [SECONDS]]
#            what following a command costs latt's clients: latt -c1
#            beside a command that sleeps, with and without
#            --no-cmd-waits, RUNS times each (10) of SECONDS (5), taking
#            turns; the clients' p50 and p99 of each run, and their
#            medians ("cmdlat.sh clients 1 1" is brief)
# LATT chooses latt (./latt of the tree) for clients.
# PROBE chooses the runner (tests/cmdlat-probe of the build tree, built by
# make check; in a tree built in place, this script makes it when it is
# missing).  As root (the program needs CAP_BPF and CAP_PERFMON).
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
probe=${PROBE:-$top/tests/cmdlat-probe}
need_probe() {
	# A tree built as the README's set-up builds it (make, not make
	# check): make the runner.
	if [ ! -x "$probe" ] && [ -z "${PROBE:-}" ] && [ -f "$top/Makefile" ]; then
		make -C "$top" tests/cmdlat-probe >&2 || exit 1
	fi
	[ -x "$probe" ] || { echo "cmdlat.sh: no $probe (make check builds it)" >&2; exit 1; }
}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# pct LIST: the percentiles 50, 99 and 100 of a list of ns, in usec.
pct() {
	sort -n "$1" | awk '{ v[NR] = $1 }
		function at(p) { r = p / 100 * NR; r = r == int(r) ? r : int(r) + 1; return v[r] / 1000 }
		END { if (NR) printf "%8d %10.1f %10.1f %10.1f", NR, at(50), at(99), v[NR] / 1000
		      else printf "%8d %10s %10s %10s", 0, "-", "-", "-" }'
}
# latt_pct KIND: the same from the probe's histogram (bucket midpoints).
latt_pct() {
	awk -v k="$1" '$1 == k && $2 == "count" { n = $3; max = $7 }
		$1 == k && $2 == "bucket" { b++; low[b] = $3; c[b] = $4 }
		function mid(low,   e, x) { if (low < 128) return low
			e = 0; for (x = low; x >= 2; x = int(x / 2)) e++
			return low + 2 ^ (e - 6) / 2 }
		function at(p,   r, s, i) { r = p / 100 * n; r = r == int(r) ? r : int(r) + 1
			s = 0; for (i = 1; i <= b; i++) { s += c[i]; if (s >= r) return mid(low[i]) / 1000 } }
		END { if (n) printf "%8d %10.1f %10.1f %10.1f", n, at(50), at(99), max / 1000
		      else printf "%8d %10s %10s %10s", 0, "-", "-", "-" }' "$tmp/probe.out"
}

truth() {
	need_probe
	command -v perf >/dev/null || { echo "cmdlat.sh: no perf (apt-get install linux-perf)" >&2; exit 1; }
	mkfifo "$tmp/go" "$tmp/ctl" "$tmp/ack"
	"$probe" -r "$tmp/ready" -g "$tmp/go" "$@" >"$tmp/probe.out" &
	p=$!
	while [ ! -e "$tmp/ready" ] && kill -0 "$p" 2>/dev/null; do sleep 0.02; done
	# A runner that could not start (no BPF, no root) has said why.
	if [ ! -e "$tmp/ready" ]; then
		wait "$p"
		echo "cmdlat.sh: $probe did not start (exit $?)" >&2
		exit 1
	fi
	perf record -a -m 1024 -D -1 --control "fifo:$tmp/ctl,$tmp/ack" \
		-o "$tmp/perf.data" -e sched:sched_switch -e sched:sched_wakeup \
		-e sched:sched_wakeup_new -e sched:sched_process_fork \
		-e sched:sched_process_exit >/dev/null 2>"$tmp/perf.err" &
	pp=$!
	exec 8>"$tmp/ctl" 9<"$tmp/ack"
	echo enable >&8
	read -r _ <&9
	echo go >"$tmp/go"
	wait "$p"
	kill -INT "$pp"
	wait "$pp"
	exec 8>&- 9<&-
	root=$(sed -n 's/^root //p' "$tmp/probe.out")
	sh "$top/tests/cmdlat-perf.sh" "$tmp/perf.data" "$root" >"$tmp/perf.out"
	awk '$1 == "wakeup" { print $2 }' "$tmp/perf.out" >"$tmp/wakeup"
	awk '$1 == "preempt" { print $2 }' "$tmp/perf.out" >"$tmp/preempt"
	echo "# $probe $* (perf record -a -e sched:sched_switch,sched_wakeup,sched_wakeup_new,sched_process_fork,sched_process_exit; perf sched timehist --state; perf script --ns)"
	printf "%-34s %8s %10s %10s %10s\n" "waits (usec)" count p50 p99 max
	printf "%-34s %s\n" "latt: from a wakeup" "$(latt_pct wakeup)"
	printf "%-34s %s\n" "perf sched timehist: from a wakeup" "$(pct "$tmp/wakeup")"
	printf "%-34s %s\n" "latt: from a preemption" "$(latt_pct preempt)"
	printf "%-34s %s\n" "perf script: from a preemption" "$(pct "$tmp/preempt")"
	echo "# perf's runs in doubt (switches it did not record, runs it gave to no task): $(sed -n 's/^gaps //p' "$tmp/perf.out")"
	grep -i lost "$tmp/perf.err" | sed 's/^/# perf: /'
}

# stats FILE: mean and standard deviation of column 1.
stats() {
	awk '{ s += $1; q += $1 * $1; n++ } END { m = s / n
		printf "%.2f %.2f %d", m, (n > 1 ? sqrt((q - n * m * m) / (n - 1)) : 0), n }' "$1"
}
# diff A B: B against A, in % of A, with Welch's 95% interval (t from a
# table of the 97.5% quantile by degrees of freedom).
diff_pct() {
	set -- $(stats "$1") $(stats "$2")
	awk -v ma="$1" -v sa="$2" -v na="$3" -v mb="$4" -v sb="$5" -v nb="$6" 'BEGIN {
		split("12.71 4.30 3.18 2.78 2.57 2.45 2.36 2.31 2.26 2.23 2.20 2.18 2.16 2.14 2.13 2.12 2.11 2.10 2.09 2.09", t, " ")
		va = sa * sa / na; vb = sb * sb / nb; se = sqrt(va + vb)
		df = (va + vb) ^ 2 / ((na > 1 ? va * va / (na - 1) : 0) + (nb > 1 ? vb * vb / (nb - 1) : 0) + 1e-300)
		q = df < 1 ? t[1] : df >= 20 ? 2.09 : t[int(df)]
		d = mb - ma
		printf "%+.1f%% [%+.1f%%, %+.1f%%]", 100 * d / ma, 100 * (d - q * se) / ma, 100 * (d + q * se) / ma }'
}

cost() {
	need_probe
	runs=${1:-5}
	[ $# -gt 0 ] && shift
	jobs=${*:-make x264}
	frames=${FRAMES:-150}
	for job in $jobs; do
		case $job in
		make|x264) ;;
		*) echo "cmdlat.sh: cost: no job $job (make, x264)" >&2; exit 2 ;;
		esac
	done
	[ -x /usr/bin/time ] || { echo "cmdlat.sh: no /usr/bin/time (apt-get install time)" >&2; exit 1; }
	case " $jobs " in
	*" x264 "*)
		command -v x264 >/dev/null || { echo "cmdlat.sh: no x264 (apt-get install x264)" >&2; exit 1; } ;;
	esac
	case " $jobs " in
	*" make "*)
		[ "$(git -C "$top" rev-parse --show-toplevel 2>/dev/null)" = "$(cd "$top" && pwd -P)" ] ||
			{ echo "cmdlat.sh: cost: $top is no git clone (make's job builds its HEAD)" >&2; exit 1; }
		git -C "$top" archive --format=tar HEAD | (mkdir "$tmp/tree" && cd "$tmp/tree" && tar xf -) ||
			exit 1
		(cd "$tmp/tree" && ./autogen.sh && ./configure -q) >"$tmp/configure.log" 2>&1 ||
			{ cat "$tmp/configure.log"; exit 1; } ;;
	esac
	# The clip: a gradient moving a few pixels a frame (y4m, 4:2:0).
	LC_ALL=C awk -v w=1280 -v h=720 -v n="$frames" 'BEGIN {
		for (o = 0; o < 256; o++) { r = ""; for (x = 0; x < w; x++) r = r sprintf("%c", (x + o) % 256); row[o] = r }
		c = ""; for (x = 0; x < w / 2; x++) c = c sprintf("%c", 128)
		printf "YUV4MPEG2 W%d H%d F25:1 Ip A1:1 C420jpeg\n", w, h
		for (f = 0; f < n; f++) { printf "FRAME\n"
			for (y = 0; y < h; y++) printf "%s", row[(y + 3 * f) % 256]
			for (y = 0; y < h; y++) printf "%s", c } }' >"$tmp/clip.y4m"
	echo "# make -j2 (latt, from make clean) and x264 --preset medium --threads 2 (1280x720, $frames frames): $jobs, $runs runs each, bare and under $probe, taking turns; $(uname -r)"
	printf "%-8s %-6s %4s %9s %9s\n" job how run wall_s cpu_s
	i=1
	while [ "$i" -le "$runs" ]; do
		# Alternate which goes first.
		if [ $((i % 2)) -eq 1 ]; then order="bare probe"; else order="probe bare"; fi
		for job in $jobs; do
			for how in $order; do
				case $how in bare) pre= ;; probe) pre=$probe ;; esac
				case $job in
				make) (cd "$tmp/tree" && make clean >/dev/null 2>&1)
				      cmd="make -C $tmp/tree -j2" ;;
				x264) cmd="x264 --preset medium --threads 2 --quiet -o /dev/null $tmp/clip.y4m" ;;
				esac
				/usr/bin/time -f "%e %U %S" -o "$tmp/t" $pre $cmd >/dev/null 2>&1 ||
					{ echo "cmdlat.sh: $job ($how) failed: $pre $cmd" >&2; exit 1; }
				set -- $(cat "$tmp/t")
				cpu=$(awk -v u="$2" -v s="$3" 'BEGIN { printf "%.2f", u + s }')
				printf "%-8s %-6s %4d %9.2f %9.2f\n" "$job" "$how" "$i" "$1" "$cpu"
				echo "$1" >>"$tmp/$job.$how.wall"
				echo "$cpu" >>"$tmp/$job.$how.cpu"
			done
		done
		i=$((i + 1))
	done
	echo
	printf "%-8s %-6s %16s %16s\n" job how "wall_s mean sd" "cpu_s mean sd"
	for job in $jobs; do
		for how in bare probe; do
			set -- $(stats "$tmp/$job.$how.wall") $(stats "$tmp/$job.$how.cpu")
			printf "%-8s %-6s %8s %7s %8s %7s\n" "$job" "$how" "$1" "$2" "$4" "$5"
		done
		echo "$job under the program: wall $(diff_pct "$tmp/$job.bare.wall" "$tmp/$job.probe.wall"), CPU $(diff_pct "$tmp/$job.bare.cpu" "$tmp/$job.probe.cpu") (95% interval)"
	done
}

clients() {
	runs=${1:-10}
	secs=${2:-5}
	latt=${LATT:-$top/latt}
	echo "# $latt -c1 -s1 -S2 -x0 -t $secs -q -- sleep 10, following the command and with --no-cmd-waits, $runs runs each, taking turns; $(uname -r)"
	printf "%-10s %4s %9s %9s\n" how run p50_us p99_us
	i=1
	while [ "$i" -le "$runs" ]; do
		if [ $((i % 2)) -eq 1 ]; then order="followed bare"; else order="bare followed"; fi
		for how in $order; do
			case $how in followed) opt= ;; bare) opt=--no-cmd-waits ;; esac
			# shellcheck disable=SC2086
			"$latt" -c1 -s1 -S2 -x0 -t "$secs" -q $opt -- sleep 10 >"$tmp/q" 2>"$tmp/e"
			p50=$(sed -n 's/.* p50=\([0-9.]*\) .*/\1/p' "$tmp/q")
			p99=$(sed -n 's/.* p99=\([0-9.]*\) .*/\1/p' "$tmp/q")
			if [ -z "$p50" ] || [ -z "$p99" ]; then
				echo "cmdlat.sh: $latt ($how) printed no p50 and p99:" >&2
				cat "$tmp/q" "$tmp/e" >&2
				exit 1
			fi
			printf "%-10s %4d %9s %9s\n" "$how" "$i" "$p50" "$p99"
			echo "$p50 $p99" >>"$tmp/$how"
		done
		i=$((i + 1))
	done
	for how in followed bare; do
		printf "%-10s median p50 %s us, p99 %s us\n" "$how" \
			"$(sort -n "$tmp/$how" | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }')" \
			"$(awk '{ print $2 }' "$tmp/$how" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }')"
	done
}

case ${1:-} in
cost) shift; cost "$@" ;;
clients) shift; clients "$@" ;;
truth) shift; [ $# -gt 0 ] || { echo "usage: cmdlat.sh truth COMMAND [ARG...]" >&2; exit 2; }; truth "$@" ;;
*) echo "usage: cmdlat.sh cost [RUNS] | cmdlat.sh clients [RUNS] | cmdlat.sh truth COMMAND [ARG...]" >&2; exit 2 ;;
esac
