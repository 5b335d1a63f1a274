#!/bin/sh
# One screen: the default report of one run is latt-0.1's block, a line
# of percentiles and the notes that apply, in 24 lines of 80 columns; a
# sweep's table and latt compare's are one writer's, in 100 columns;
# -l gives the long report and the wide table.
. "${top_srcdir:-.}/tests/lib.sh"

plan 26

# An idle machine, the defaults but for a shorter run.
run -t 3
is "$rc" 0 "a run with the defaults: exit 0"
check "its report is at most 24 lines ($(wc -l <"$tmp/out"))" \
	test "$(wc -l <"$tmp/out")" -le 24
check "... none over 80 columns ($(widest "$tmp/out"))" \
	test "$(widest "$tmp/out")" -le 80
check "... latt-0.1's block first" sh -c '
	sed -n 2p "$1" | grep -q "^Parameters: min_wait=100ms, max_wait=500ms, clients=1$" &&
	sed -n 3p "$1" | grep -q "^Entries logged: [0-9]" &&
	sed -n 5p "$1" | grep -q "^Wakeup averages$" &&
	sed -n 12p "$1" | grep -q "^Work averages$"' _ "$tmp/out"
check "... then one line of the wakeup percentiles" \
	grep -Eq '^Wakeup p50 [0-9.]+\+?, p90 [0-9.]+\+?, p99 [0-9.]+\+?, .* usec$' "$tmp/out"
check "... the percentiles the samples were too few for said once" \
	test "$(grep -c '^+ the max with [0-9]* samples\?: p[0-9.]* needs [0-9]*' "$tmp/out")" -eq 1
check "... and no long block" sh -c '! grep -Eq "^(Run|Produced by|Work percentiles|latt.s load)$" "$1"' _ "$tmp/out"

# A command latt stops: its line, long as it is, wrapped at 80 columns.
run -t 1 -- sh -c 'exec sleep 10'
line=$(joined "$tmp/out" Command:)
check "a command latt stopped: its report in 80 columns ($(widest "$tmp/out"))" \
	test "$(widest "$tmp/out")" -le 80
check "... its Command line whole once joined ($line)" sh -c '
	printf "%s\n" "$1" | grep -Eq "^Command: stopped by latt, then killed by signal 15 \(Terminated\), [0-9.]+ s, cpu [0-9.]+ s(; own waits p50 [0-9.]+\+?, p99 [0-9.]+\+? usec)?\$"' _ "$line"

run -t 1 -l
check "-l: the long report, every block" sh -c '
	for b in "Wakeup percentiles" "Work percentiles" Run "latt'"'"'s load" "Produced by"; do
		grep -qx "$b" "$1" || exit 1
	done' _ "$tmp/out"

# A sweep of two configurations, its document, and latt compare of it.
run -c1 -s1 -S2 -x0 -t0.5 -r2 -C a: -C b:nice=1 --label x --json "$tmp/s.json"
is "$rc" 0 "a sweep: exit 0"
sed -n '/^config /,/^$/p' "$tmp/out" >"$tmp/table"
check "its table: a heading and a row per configuration" sh -c '
	head -1 "$1" | grep -Eq "^config +runs +entries +p50 +p99 +max$" &&
	test "$(grep -c "^[ab] " "$1")" -eq 2' _ "$tmp/table"
check "... in 100 columns ($(widest "$tmp/out"))" test "$(widest "$tmp/out")" -le 100
check "... the verdict lines only of what is better or worse" sh -c '
	sed -n "/^Verdicts against/,\$p" "$1" | sed 1d |
	grep -Ev "^(Can.t tell|No verdict|The nearest to telling|A change is of the runs|they point apart on| )" |
		grep -Ev "  (better|worse)  " && exit 1
	grep -q "^Verdicts against a at 95% on every metric: " "$1"' _ "$tmp/out"
"$latt" compare "$tmp/s.json" >"$tmp/c" 2>&1
sed -n '/^file /,/^$/p' "$tmp/c" >"$tmp/ctable"
# The rows after their names, blanks squeezed: the same cells.
cells() {
	awk -v skip="$2" 'NR > 1 && NF { $1 = ""; if (skip == 2) $2 = ""; print }' "$1" |
		tr -s ' ' | sed 's/^ //'
}
is "$(cells "$tmp/ctable" 2)" "$(cells "$tmp/table" 1)" \
	"latt compare of its document: the sweep's rows, values and marks"
"$latt" compare -l "$tmp/s.json" >"$tmp/cl" 2>&1
check "latt compare -l: the wide table, its ratios and every verdict" sh -c '
	grep -q "^ratio " "$1" && grep -q "^Verdicts against x a, at 95% for each row" "$1" &&
	grep -q "^config  *metric  *verdict" "$1"' _ "$tmp/cl"
check "latt compare's header: every fact with -l, the differing ones without" \
	test "$(wc -l <"$tmp/cl")" -gt "$(wc -l <"$tmp/c")"

run -q -l
is "$rc" 1 "-q -l: a usage error"
check "... that names both" grep -q -- '-q and --long cannot be used together' "$tmp/err"
"$latt" compare --cdf -l "$tmp/s.json" >/dev/null 2>"$tmp/err"
is "$?" 1 "latt compare --cdf -l: a usage error"

# The saved screens of a sweep and latt compare without -l (a note that
# wraps, a summary of no verdicts that wraps among them): 100 columns.
for f in sweep compare-data compare-mixed compare-sweep compare-single-sweep compare-sweep-single; do
	w=$(widest "$top_srcdir/tests/expected/golden/$f.txt")
	check "tests/expected/golden/$f.txt in 100 columns ($w)" test "$w" -le 100
done
