#!/bin/sh
# -v prints every sample as it is logged; the report's numbers must agree
# with the numbers computed from those samples: exactly for count and max
# (up to the report's rounding), within 1% for the percentiles (the
# histogram's bound), whatever the latencies were.
. "${top_srcdir:-.}/tests/lib.sh"

plan 15

run -l -v -c4 -s1 -S3 -t 2
is "$rc" 0 "latt -v -c4 -s1 -S3 -t 2 exits 0"
grep '^sample ' "$tmp/out" >"$tmp/samples"
nsamples=$(wc -l <"$tmp/samples")
is "$nsamples" "$(entries)" "one sample line per logged entry"
check "sample lines have the documented form" \
	sh -c "! grep -Ev '^sample client=[1-4] wakeup_ns=[0-9]+ work_ns=[0-9]+$' '$tmp/samples'"
is "$(sed 's/.*client=\([0-9]*\).*/\1/' "$tmp/samples" | sort -u | tr '\n' ' ')" \
	"1 2 3 4 " "every client has samples"

sed 's/.*wakeup_ns=\([0-9]*\).*/\1/' "$tmp/samples" | sort -n >"$tmp/wake"

# Nearest-rank percentile P of the sorted file, in ns.
pct() {
	awk -v p="$1" '{ v[NR] = $1 } END {
		r = p * NR / 100; k = int(r); if (k < r - 1e-9) k++; if (k < 1) k = 1
		print v[k] }' "$tmp/wake"
}

# close REPORTED_USEC EXACT_NS: within 1% plus the report's rounding.
close() {
	awk -v r="$1" -v e="$2" 'BEGIN { e /= 1000; d = r - e; if (d < 0) d = -d
		exit !(d <= e * 0.01 + 0.05) }'
}

bad=""
for p in 50 90 99 99.9 99.99; do
	got=$(value "p$p")
	want=$(pct "$p")
	close "$got" "$want" || bad="$bad p$p(report $got us, samples $want ns)"
done
is "$bad" "" "wakeup percentiles agree with the -v samples"

got=$(value Min)
want=$(head -n 1 "$tmp/wake")
check "Min agrees with the smallest sample ($got us, $want ns)" close "$got" "$want"

got=$(value Max)
want=$(tail -n 1 "$tmp/wake")
check "Max agrees with the largest sample ($got us, $want ns)" \
	awk -v r="$got" -v e="$want" 'BEGIN { d = r - e / 1000; exit !(d <= 0.5 && d >= -0.5) }'

got=$(value Avg)
want=$(awk '{ s += $1 } END { printf "%.3f", s / NR }' "$tmp/wake")
check "Avg agrees with the samples' mean ($got us, $want ns)" \
	awk -v r="$got" -v e="$want" 'BEGIN { d = r - e / 1000; exit !(d <= 0.5 && d >= -0.5) }'

sed 's/.*work_ns=\([0-9]*\).*/\1/' "$tmp/samples" | sort -n >"$tmp/wake"
bad=""
for p in 50 99; do
	got=$(value "p$p" 2)
	want=$(pct "$p")
	close "$got" "$want" || bad="$bad p$p(report $got us, samples $want ns)"
done
is "$bad" "" "work percentiles agree with the -v samples"

# Back to back, 64 clients: every sample counted once and printed once,
# Entries = Cycles x clients + the samples of a partial last cycle.
run -l -v -c64 -s0 -S0 -x0 -t 0.3
n=$(entries)
is "$(grep -c '^sample ' "$tmp/out")" "$n" "64 clients back to back: a -v line per entry"
partial=$(value "Partial cycle")
is "$n" "$(( $(value Cycles) * 64 + ${partial:-0} ))" \
	"Entries logged = Cycles x 64 + the partial cycle's samples"

# A client that never answers: its wakeup is printed too, marked.  The
# run ends (its command released) once latt has said that it stalls.
rm -f "$tmp/err"
"$latt" -v -c2 -s2 -S4 -i 0.01 -- "$hold" >"$tmp/out" 2>"$tmp/err" &
pid=$!
wait_until measured
victim=$(clients $pid | head -n 1)
kill -STOP "$victim"
wait_for_line "$tmp/err" "^latt: client [12] \\(pid $victim\\) has not answered"
release
wait $pid
is "$(grep -c '^sample ' "$tmp/out")" "$(entries)" "a stopped client: still a -v line per entry"
check "... its unanswered wakeup marked as such" \
	grep -Eq '^sample client=[12] wakeup_ns=[0-9]+ work_ns=0 unanswered$' "$tmp/out"

# Into a pipe, each cycle's lines arrive as the cycle completes, and a
# reader that leaves early ends latt at the next cycle (by SIGPIPE),
# before -t.  Block-buffered, the 4 KB of a -v buffer would take some 40
# one-second cycles to fill, more than -t 30: head would get its lines
# only at the end.  Two cycles take 2 s; a loaded machine has 28 more.
start=$(date +%s)
{ $sigdefault "$latt" -v -c2 -s1000 -S1000 -t 30 2>"$tmp/err"; echo $? >"$tmp/rc"; } |
	head -n 3 >"$tmp/head"
took=$(( $(date +%s) - start ))
check "latt -v -t 30 | head -3 ends before -t (${took} s)" \
	test "$took" -lt 30 -a "$(grep -c '^sample ' "$tmp/head")" -eq 2
is "$(cat "$tmp/rc")" 141 "... killed by SIGPIPE, as programs that lose their reader are"
