#!/bin/sh
# The report: latt-0.1's lines byte for byte in form, the word Avg only in
# its two lines, latt's added blocks, and counts that fit together.  No
# latency value is asserted: only the shape and the arithmetic.
. "${top_srcdir:-.}/tests/lib.sh"

plan 59

t0=$(date -u +%s)
run -l -c8 -s10 -S20 sleep 2
t1=$(date -u +%s)
is "$rc" 0 "latt -l -c8 -s10 -S20 sleep 2 exits 0"

# The shape, digits masked, against the expected file.  The lines that
# appear only when something went wrong (a stalled wakeup, a late waker:
# a loaded test machine can cause either) are not part of the shape.
# So does the note on a percentile the samples were too few for.
# The clock, which is this machine's, is tested on its own below.
# latt's own load note depends on the latencies; tests/cli-load.sh has it.
# The command's own waits are figures or "none" (a command may never be
# preempted), or why not measured: checked on their own below.
sed -e '/^	\(Stalled\|Unanswered\|Waker late\|Note\|Woken wait\|Preempted wait\|Own waits\|Not timed\)	/d' \
	-e 's/ (the max: .*)$//' \
	-e 's/ *[0-9][0-9.]*/N/g' -e 's/^\(	Command		\).*/\1CMD/' \
	-e 's/^\(	\(Clock\|Version\|Command line\|Kernel\|Host\|Started\|Steal\)	*\).*/\1X/' \
	"$tmp/out" >"$tmp/shape"
check "the report has the expected shape" \
	cmp -s "$tmp/shape" "$top_srcdir/tests/expected/report-sleep.shape"
diff "$tmp/shape" "$top_srcdir/tests/expected/report-sleep.shape" | sed 's/^/# /'

check "the Target block has the command's own waits, woken and preempted (figures or none), or why not" \
	sh -c "grep -Eq '^	Woken wait	 *([0-9.]+ usec p50, [0-9.]+ p99, [0-9.]+ max \\([0-9]+ waits?\\)|none)\$' '$tmp/out' &&
		grep -Eq '^	Preempted wait	 *([0-9.]+ usec p50, [0-9.]+ p99, [0-9.]+ max \\([0-9]+ waits?\\)|none)\$' '$tmp/out' ||
		grep -q '^	Own waits	not measured: ' '$tmp/out'"

is "$(head -n 1 "$tmp/out")" "" "the report starts with an empty line"
is "$(sed -n 2p "$tmp/out")" "Parameters: min_wait=10ms, max_wait=20ms, clients=8" \
	"the Parameters line is latt-0.1's"

# Byte format of the averages lines: tab, label, tab(s), %8.0f, " usec".
n=$(grep -Ec "$(printf '^\t(Max|Avg|Stdev)\t\t[ 0-9]{8,} usec$')" "$tmp/out")
is "$n" 6 "Max, Avg, Stdev lines are tab, label, two tabs, %8.0f usec"
n=$(grep -Ec "$(printf '^\tStdev mean\t[ 0-9]{8,} usec$')" "$tmp/out")
is "$n" 2 "Stdev mean lines have one tab"
is "$(grep -c -- '^-------------------------------------$' "$tmp/out")" 9 \
	"every block title is ruled with 37 dashes"
is "$(grep -c Avg "$tmp/out")" 2 "the word Avg is in exactly two lines"
# latt-0.1's labels are unique: its parsers find Max and Stdev twice.
is "$(grep -cw Max "$tmp/out")" 2 "the word Max is in exactly two lines"
is "$(grep -c "$(printf '^\tStdev\t')" "$tmp/out")" 2 \
	"Stdev labels exactly two lines"
is "$(grep -cw Stdev "$tmp/out")" 4 \
	"the word Stdev is in four: Stdev and Stdev mean, twice each"
is "$(grep -c 'Stdev mean' "$tmp/out")" 2 "Stdev mean is in exactly two"

n=$(entries)
cycles=$(value Cycles)
check "Entries logged ($n) is 8 x Cycles ($cycles), plus a cut cycle" \
	test "$n" -ge $((cycles * 8)) -a "$n" -le $((cycles * 8 + 8))
check "there were cycles" test "$cycles" -gt 0

# Within a block: Min <= p50 <= p90 <= ... <= Max.
awk -F'\t+' '/^Wakeup percentiles/ { on = 1 } /^Work percentiles/ { on = 0 }
	on && $2 != "" { v = $3 + 0; if (v < last) bad = 1; last = v }
	END { exit bad }' "$tmp/out"
ok $? "wakeup percentiles are in order"
min=$(value Min)
max=$(value Highest)
p9999=$(value p99.99)
check "Min <= p99.99 <= Highest (+0.5 for rounding)" \
	awk -v a="$min" -v b="$p9999" -v c="$max" 'BEGIN { exit !(a <= b && b <= c + 0.5) }'

# --clock auto: the counter where the kernel keeps time with it (the
# drift of its calibration said, either way), else monotonic.
clock=$(field Clock)
case $(auto_clock) in
tsc) check "the clock auto picks here is named: $clock" \
	sh -c "echo '$clock' | grep -Eq '^tsc \([0-9]+\.[0-9]{3} GHz; -?[0-9]+\.[0-9] ppm off monotonic at the end\)$'" ;;
*) is "$clock" monotonic "the clock auto picks here is named" ;;
esac

is "$(field Status)" "complete (command exited)" "the run ended with the command"
is "$(field Command)" "sleep 2" "the target is named"
is "$(field Exit)" "exited with status 0" "its exit status is reported"

# What produced the report, below latt-0.1's part.
is "$(field Version)" "latt $("$latt" -V | cut -d' ' -f2)" "Produced by: latt's version"
is "$(field 'Command line')" "$latt -l -c8 -s10 -S20 sleep 2" "... the command line"
is "$(field Kernel)" "$(uname -r)" "... the kernel release"
is "$(field Host)" "$(uname -n)" "... the host"
is "$(value CPUs)" "$(getconf _NPROCESSORS_ONLN)" "... the CPUs"
started=$(field Started)
check "... the start, in UTC, while the run went on ($started)" \
	sh -c "s=\$(date -u -d '$started' +%s) && test \$s -ge $t0 -a \$s -le $t1"
is "$(field Measurement)" "min_wait=10ms, max_wait=20ms, clients=8, work=64k, duration=the command's, warmup=0, grace=2s, percentiles=50,90,99,99.9,99.99, clock=auto, mechanism=pipe, threads=no" \
	"... every parameter, -x and -t included"
run -l -c1 -s1 -S2 -x 1m -t 0.3 --warmup 100ms --nice 3 'echo "it'"'"'s"'
is "$(field 'Command line')" "$latt -l -c1 -s1 -S2 -x 1m -t 0.3 --warmup 100ms --nice 3 'echo \"it'\\''s\"'" \
	"... quoted as a shell would need it"
is "$(field Measurement | cut -d, -f4-6)" " work=1m, duration=300ms, warmup=100ms" \
	"... with the work, the duration and the warm-up as given"
is "$(field Settings)" "nice=3" "... and the settings"

for m in pipe eventfd futex socket; do
	run -l -c4 -s1 -S2 -t 0.3 --mechanism $m
	check "--mechanism $m: a full report naming it" \
		sh -c "test $rc -eq 0 && grep -q '^Entries logged: [1-9]' '$tmp/out' &&
			grep -Eq '$(printf '^\tMechanism\t%s$' $m)' '$tmp/out'"
done
for m in pipe eventfd futex socket; do
	run -l -c4 -s1 -S2 -t 0.3 --mechanism $m --threads
	check "--threads --mechanism $m: a full report with the kernel's view" \
		sh -c "test $rc -eq 0 && grep -q '^Entries logged: [1-9]' '$tmp/out' &&
			grep -Eq '$(printf '^\tMechanism\t%s [(]clients are threads[)]$' $m)' '$tmp/out' &&
			grep -Eq '$(printf '^\tRunqueue wait\t *[0-9.]+ usec per wakeup')' '$tmp/out'"
done
run -v -l -c1 -s1 -S2 -t 0.1 --mechanism socket
is "$(head -n 1 "$tmp/out")" "# samples clock=$(field Clock | cut -d' ' -f1) mechanism=socket clients=processes" \
	"-v names clock, mechanism and clients first"
run -v -l -c1 -s1 -S2 -t 0.1 --threads
is "$(head -n 1 "$tmp/out")" "# samples clock=$(field Clock | cut -d' ' -f1) mechanism=pipe clients=threads" \
	"-v --threads: clients=threads"

run -l -c1 -s1 -S2 -t 0.2 --clock monotonic_raw
is "$(field Clock)" "monotonic_raw" "--clock monotonic_raw is used and named"
run -l -c1 -s1 -S2 -t 0.2 --clock tsc
if [ "$(auto_clock)" = tsc ]; then
	check "--clock tsc where the kernel trusts it: used and named" \
		grep -Eq "$(printf '^\tClock\t\ttsc \\([0-9.]+ GHz')" "$tmp/out"
else
	check "--clock tsc where it is not trusted: refused before running, saying why" \
		sh -c "test $rc -eq 2 && test ! -s '$tmp/out' &&
			grep -Eq '^latt: --clock tsc: (the kernel.s clocksource is|the time-stamp counter is not invariant|latt reads no)' '$tmp/err'"
fi

# The kernel's view: clients pinned with a busy loop on one CPU wait on
# its runqueue; with --kernel-view, the kernel's figure for each wakeup
# is at most latt's own sample, so its p50 is at most latt's
# (tests/cli-kview.sh checks the figures sample by sample).
run -c2 -s2 -S4 -x0 -t 1 --cpus 0 --target-cpus 0 --target-nice 19 --kernel-view -- sh -c 'while :; do :; done'
kwait=$(value "Runqueue wait")
check "kernel view: clients behind a busy loop wait on the runqueue ($kwait usec per wakeup in all)" \
	awk -v k="$kwait" 'BEGIN { exit !(k > 0) }'
set -- $(field "Kernel p50" | sed -n 's/^\([0-9.]*\) usec (latt: \([0-9.]*\).*/\1 \2/p')
check "... with --kernel-view, the kernel's p50 at most latt's (${1:-none} <= ${2:-none} usec)" \
	awk -v k="${1:--1}" -v l="${2:--2}" 'BEGIN { exit !(k <= l) }'
check "... the block has no Avg" sh -c "! sed -n '/^Kernel view/,/^\$/p' '$tmp/out' | grep -q Avg"

# About 200 samples: p99.9 cannot be measured, is the max, says so.
run -l -c1 -s1 -S2 -p 50,99.9 -t 0.3
n=$(entries)
p999=$(field p99.9)
check "p99.9 of $n samples: marked as the max, needing 1000" \
	test "$p999" = "$(value Highest) usec (the max: p99.9 needs 1000 samples)"
check "... while p50 is not marked" \
	sh -c "! grep -q 'p50.*the max' '$tmp/out'"

run -l -c2 -s1 -S2 -p 75,99.5 -t 0.5
is "$(awk -F'\t+' '/^Wakeup percentiles/ { on = 1; next } on && /^$/ { exit } on && $2 ~ /^p/ { printf "%s ", $2 }' "$tmp/out")" \
	"p75 p99.5 " "-p chooses the percentiles"
check "without a command there is no Target block" \
	sh -c "! grep -q '^Target' '$tmp/out'"
is "$(status)" "complete (duration reached)" "a --duration run ends by its duration"

# --per-client: a line per client, whose samples add up to the entries.
run -c3 -s1 -S2 -x0 -t 0.5 --per-client --cpus 0
n=$(entries)
is "$(grep -c '^	Client [0-9]' "$tmp/out")" 3 "--per-client: a line per client"
check "... the short report of a complete run without a command: its Wakeup line, no Status or Command line" \
	sh -c "grep -Eq '^Wakeup p50 [0-9.]+\\+?, p90 ' '$tmp/out' && ! grep -Eq '^(Status|Command):' '$tmp/out'"
sum=$(sed -n 's/^	Client [0-9]*	pid [0-9]*: \([0-9]*\) samples, max [0-9.]*, p99 [0-9.]* usec.*; woken on CPU 0, 0 migrations$/\1/p' "$tmp/out" |
	awk '{ s += $1 } END { print s + 0 }')
is "$sum" "$n" "... samples, max, p99, CPU 0 and no migration (pinned), adding up to Entries logged"
pids=$(sed -n 's/^	Client [0-9]*	pid \([0-9]*\):.*/\1/p' "$tmp/out" | sort -u | wc -l)
is "$pids" 3 "... each with its own pid"
run -c2 -s1 -S2 -x0 -t 0.2 --per-client --threads
is "$(grep -c '^	Client [0-9]	tid [0-9]*: ' "$tmp/out")" 2 "--per-client --threads: thread ids"

# --hist: log2 ranges of usec, counts adding up to the entries.
run -c2 -s1 -S2 -x0 -t 0.5 --hist
n=$(entries)
sum=$(sed -n '/^Wakeup histogram/,/^$/p' "$tmp/out" |
	awk -F' *: *' '$1 ~ /->/ { split($2, a, " "); s += a[1] } END { print s + 0 }')
is "$sum" "$n" "--hist: the counts add up to Entries logged"
check "... in ranges 2^k to 2^(k+1)-1 usec, in order, one full bar" \
	sh -c "sed -n '/^Wakeup histogram/,/^\$/p' '$tmp/out' | awk -F' *: *' '
		\$1 ~ /->/ { split(\$1, r, \" -> \"); lo = r[1] + 0; hi = r[2] + 0;
			if (lo && (hi != 2 * lo - 1)) bad = 1; if (n && lo != last + 1) bad = 1;
			last = hi; n++; if (index(\$2, \"|****************************************|\")) full++ }
		END { exit bad || !n || !full }'"
run -q --hist -t 0.1
is "$rc" 1 "-q --hist: a usage error"
