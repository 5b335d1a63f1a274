#!/bin/sh
# -r auto: runs added until p50 and p99 (--decide-on) are decided, judged
# at looks (3, 5, 8, 12 runs ..., then --max-runs), each at a level of its
# own; --max-runs and --max-time end it; the table at the end says the
# last look's level and is latt compare's at that level.  No latency is
# asserted: where the runs stop is checked to be a look, and at its level.
. "${top_srcdir:-.}/tests/lib.sh"

plan 35

check_bin="${JSON_CHECK:-$(pwd)/tests/json-check}"
get() {
	"$check_bin" --get "$@"
}
m="-c2 -s1 -S2 -x0 -t 0.2"
# runs FILE: the runs of the first configuration of a document.
runs() {
	"$check_bin" --get "$1" 'configurations[0].runs' | grep -o '"run":' | wc -l
}
# table: the report in $tmp/out up to -r auto's end (and its blank line).
table() {
	awk '/^-r auto: / { exit } NR > 1 { print last } { last = $0 }
		END { if (!/^-r auto: /) print last }' "$tmp/out"
}
# auto_end: -r auto's end after $1 runs a side, decided or each metric
# left open with what would tell.
auto_end() {
	sed -n '/^-r auto: /,$p' "$tmp/out" >"$tmp/end"
	head -n 1 "$tmp/end" | grep -Eq "^-r auto: (decided after $1 runs?\\.|$1 runs?, .*; left open:)\$" &&
		! sed 1d "$tmp/end" | grep -v '^Identical sides are never decided without --same-within PCT' |
		grep -v "^(What would tell is at 95%, as latt compare judges the files; the table's, at [0-9.]*%\.)\$" | grep -Ev '^  (p50|p99)( of [^:]+)?: (needs about [0-9]+ more (runs?|invocation \(boot\)|invocations \(boots\)) a side (to find [-+][0-9.]+%|to be the same within \+-[0-9.]+%)|more than [0-9]+ (runs|invocations) a side .*|no verdict, .*|can.t tell)$'
}
# level: the level of the verdicts in $tmp/out ("99.52").
level() {
	sed -n 's/^Verdicts against .* at \([0-9.]*\)% .*/\1/p' "$tmp/out" | head -n 1
}
# ended FILE: how its runs ended, as the JSON says; decided_or WORD: the
# word the report's -r auto end says for the JSON (decided, else WORD).
ended() {
	"$check_bin" --get "$1" ended
}
decided_or() {
	if grep -q '^-r auto: decided after ' "$tmp/out"; then echo decided; else echo "$1"; fi
}

# shellcheck disable=SC2086
run $m -r3 --json "$tmp/a.json"
is "$rc:$(ended "$tmp/a.json")" 0:all "a baseline of 3 runs: the JSON's ended all"

# A budget of 3: one look, at the budget, at 95%.
# shellcheck disable=SC2086
run $m -r auto --max-runs 3 --against "$tmp/a.json" --json "$tmp/b.json"
is "$rc" 0 "-r auto --max-runs 3 --against: exit 0"
is "$(runs "$tmp/b.json")" 3 "... 3 runs (the budget, the only look)"
is "$(level)" 95 "... the verdicts at 95%"
"$latt" compare "$tmp/a.json" "$tmp/b.json" >"$tmp/cmp" 2>&1
n=$(wc -l <"$tmp/cmp")
table >"$tmp/tab"
check "... the end table latt compare's, byte for byte" \
	sh -c "tail -n $n '$tmp/tab' | cmp -s - '$tmp/cmp'"
check "... then -r auto's end: decided, or what each metric left open needs" auto_end 3
is "$(ended "$tmp/b.json")" "$(decided_or budget)" "... the JSON's ended as that end says"

# -q: after the run's line, its verdicts against the file and how the
# runs ended, as the JSON says.
# shellcheck disable=SC2086
run -q $m -r auto --max-runs 3 --against "$tmp/a.json" --json "$tmp/bq.json"
check "-q -r auto --against: a line of its verdicts against the file, ended= as the JSON's ended" \
	sh -c "tail -n 1 '$tmp/out' | grep -Eq '^against=$tmp/a.json config=default .* p50_verdict=[a-z_]+.* ended=$(ended "$tmp/bq.json")\$'"

# A budget of 4: 3 is no look (the next, 5, is past it), 4 is.
# shellcheck disable=SC2086
run $m -r auto --max-runs 4 --against "$tmp/a.json" --json "$tmp/b.json"
is "$(runs "$tmp/b.json"):$(level)" "4:95" "--max-runs 4: 4 runs, at 95% (one look)"

# The default budget, 20: it stops at a look, at that look's level.
# shellcheck disable=SC2086
run $m -r auto --against "$tmp/a.json" --json "$tmp/c.json"
is "$rc" 0 "-r auto (20 at most): exit 0"
n=$(runs "$tmp/c.json")
case $n in
3) want=99.89 ;;
5) want=99.8 ;;
8) want=99.52 ;;
12) want=99 ;;
20) want=96.8 ;;
*) want="a look" ;;
esac
is "$(level)" "$want" "... it stopped at a look ($n runs), at its level"
diag "$(grep -E '\(this run\) +(p50|p99) ' "$tmp/out" | sed 's/  */ /g')"
lv=$(level)
jl=$(get "$tmp/c.json" against.level)
check "... the JSON's against.level the level of the end ($jl, $lv%)" \
	awk -v j="$jl" -v l="$lv" 'BEGIN { exit !(j != "" && (100 * j - l) ^ 2 < 1e-6) }'
"$latt" compare --level "$lv" "$tmp/a.json" "$tmp/c.json" >"$tmp/cmp" 2>&1
n=$(wc -l <"$tmp/cmp")
table >"$tmp/tab"
check "... the end table latt compare --level $lv's, byte for byte" \
	sh -c "tail -n $n '$tmp/tab' | cmp -s - '$tmp/cmp'"
if [ "$(runs "$tmp/c.json")" -lt 20 ] && [ "$(ended "$tmp/c.json")" = futile ]; then
	check "... stopped before the budget as futile: said, each metric left open with what would tell" \
		sh -c "grep -q '^-r auto: [0-9]* runs, stopped: more runs up to the budget would not tell; left open:\$' '$tmp/out' &&
			grep -Eq '^  p(50|99): (needs about|more than) ' '$tmp/out'"
elif [ "$(runs "$tmp/c.json")" -lt 20 ]; then
	check "... stopped before the budget: p50 and p99 decided" \
		sh -c "grep -Eq '\\(this run\\) +p50 +(better|worse) ' '$tmp/out' &&
			grep -Eq '\\(this run\\) +p99 +(better|worse) ' '$tmp/out'"
else
	check "... at the budget: nothing to check of the verdicts" true
fi
# What would tell, at the end: at 95%, as latt compare judges the files
# later, not at the look's level; latt compare -l's advice where it too
# can't tell and judges no metric better or worse (Holm's steps alike).
adv=$(sed -n 's/^  p50: \(needs about .*\|more than .*\)$/\1/p' "$tmp/out")
"$latt" compare -l "$tmp/a.json" "$tmp/c.json" >"$tmp/cmp95" 2>&1
cadv=$(sed -n "s/^.*(c\.json) *p50 *can't tell .*; \(.*\)\$/\1/p" "$tmp/cmp95")
if [ -z "$adv" ] || [ "$lv" = 95 ]; then
	skip "no advice for p50 at a look's level here"
elif grep -Eq '\((c\.json)\) +[a-z0-9._]+ +(better|worse) ' "$tmp/cmp95" || [ -z "$cadv" ]; then
	check "... its advice said to be at 95%" \
		grep -q "^(What would tell is at 95%, as latt compare judges the files; the table's, at $lv%\.)\$" "$tmp/out"
else
	check "... its advice at 95%, said, latt compare -l's ($adv)" \
		sh -c "grep -q \"^(What would tell is at 95%, as latt compare judges the files; the table's, at $lv%\\.)\$\" '$tmp/out' && test '$adv' = '$cadv'"
fi

# A sweep, without --against.
# shellcheck disable=SC2086
run $m -r auto --max-runs 3 -C a: -C b: --json "$tmp/s.json"
is "$rc:$(runs "$tmp/s.json")" "0:3" "-r auto in a sweep, --max-runs 3: 3 runs each"
check "... its table at 95%" grep -q '^Verdicts against a at 95% on every metric' "$tmp/out"
check "... then -r auto's end: decided, or what each metric left open needs" auto_end 3
# shellcheck disable=SC2086
run -q $m -r auto --max-runs 3 -C a: -C b: --json "$tmp/sq.json"
check "-q -r auto in a sweep: the second line ends in ended= as the JSON's ended" \
	sh -c "sed -n 2p '$tmp/out' | grep -Eq ' vs=a .* ended=$(ended "$tmp/sq.json")\$' && ! sed -n 1p '$tmp/out' | grep -q ended="

# --max-time: no round starts once it has passed.
# shellcheck disable=SC2086
run $m -r auto --max-runs 200 --max-time 1 -C a: -C b: --json "$tmp/t.json"
n=$(runs "$tmp/t.json")
check "--max-time 1: it ends long before 200 runs ($n)" sh -c "test $rc -eq 0 && test $n -ge 2 && test $n -lt 50"
check "... its verdicts at a level from 95% up (the time up, what is left spent: $(level)%)" \
	awk -v l="$(level)" 'BEGIN { exit !(l >= 95 && l < 100) }'
is "$(ended "$tmp/t.json")" "$(decided_or max_time)" "... the JSON's ended max_time (unless decided)"
check "... its end says --max-time stopped it (unless decided)" \
	grep -Eq '^-r auto: ([0-9]+ runs?, stopped by --max-time; left open:|decided after [0-9]+ runs?\.)$' "$tmp/out"

# --max-time up before the first look, against a baseline: the time,
# not futility, ended it (the look it makes is the budget's).
run -c2 -s1 -S2 -x0 -t 0.6 -r2 --json "$tmp/a6.json"
run -c2 -s1 -S2 -x0 -t 0.6 -r auto --max-time 1 --against "$tmp/a6.json" --json "$tmp/ta.json"
is "$rc:$(ended "$tmp/ta.json")" "0:$(decided_or max_time)" \
	"--against, --max-time 1 (runs of 0.6 s): the JSON's ended max_time (unless decided), not futile"

# --decide-on p50: decided on p50 alone (a budget of 3: one look).
# shellcheck disable=SC2086
run $m -r auto --max-runs 3 --decide-on p50 --against "$tmp/a.json"
is "$rc" 0 "--decide-on p50: exit 0"

# Left open for want of samples alone: no word of --same-within, which
# cannot decide a metric without a verdict.
run -c1 -s1 -S2 -x0 -t 0.1 -r2 --json "$tmp/few.json"
run -c1 -s1 -S2 -x0 -t 0.1 -r auto --decide-on p99 --against "$tmp/few.json"
check "p99 of runs of some 60 samples: left open, no verdict, and no advice of --same-within" \
	sh -c "test $rc -eq 0 && grep -q '^  p99: no verdict, too few samples' '$tmp/out' &&
		! grep -q '^Identical sides are never decided' '$tmp/out'"

# A run that fails ends the runs: the JSON says so.
run -c1 -t 0.3 -r3 --json "$tmp/f.json" -- false
is "$rc:$(ended "$tmp/f.json"):$(runs "$tmp/f.json")" 4:failed:1 "a command that fails: exit 4, the JSON's ended failed, after 1 run"

# Usage errors, nothing run.
# shellcheck disable=SC2086
run $m -r auto
check "-r auto without --against or two -C: a usage error" \
	sh -c "test $rc -eq 1 && grep -q 'it needs --against FILE, or two -C or more' '$tmp/err'"
# shellcheck disable=SC2086
run $m --max-runs 5 -C a: -C b:
check "--max-runs without -r auto: a usage error" \
	sh -c "test $rc -eq 1 && grep -q -- '--max-runs is of -r auto' '$tmp/err'"
# shellcheck disable=SC2086
run $m -r auto --max-runs 1 -C a: -C b:
check "--max-runs 1: a usage error (2 to 1000)" \
	sh -c "test $rc -eq 1 && grep -q 'from 2 to 1000' '$tmp/err'"
# shellcheck disable=SC2086
run $m -r auto --decide-on nosuch -C a: -C b:
check "--decide-on nosuch: a usage error naming it" \
	sh -c "test $rc -eq 1 && grep -q \"no metric 'nosuch' (max, avg, stdev, p99, p50, p99.9)\" '$tmp/err'"
# shellcheck disable=SC2086
run $m -r auto --decide-on p50,wall_s -C a: -C b:
check "--decide-on wall_s without a command: a usage error (never decided)" \
	sh -c "test $rc -eq 1 && grep -q \"'wall_s' is the command's time, and there is no command\" '$tmp/err'"
# shellcheck disable=SC2086
run $m -r auto --decide-on p50,P50 -C a: -C b:
check "--decide-on p50,P50: a usage error (a metric given twice)" \
	sh -c "test $rc -eq 1 && grep -q \"invalid --decide-on value 'p50,P50': P50 given twice\" '$tmp/err'"
# shellcheck disable=SC2086
run $m -r autox
check "-r autox: a usage error" \
	sh -c "test $rc -eq 1 && grep -q 'expected a whole number from 1 to 1000, or auto' '$tmp/err'"

# On a terminal: the looks said, and when the next is.
if command -v script >/dev/null 2>&1; then
	run_tty "$latt $m -r auto --max-runs 3 --against $tmp/a.json -o $tmp/rep"
	check "on a terminal: runs 1 and 2 say the next look, run 3 its verdicts at 95%" \
		sh -c "sed -n 1p '$tmp/lines' | grep -q '^latt: run 1 of at most 3: .* usec; the next look after run 3\$' &&
			sed -n 3p '$tmp/lines' | grep -q '^latt: run 3 of at most 3: .* usec; at 95% against the baseline: p50 '"
else
	skip "script(1) is not installed"
fi
