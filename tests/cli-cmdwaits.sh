#!/bin/sh
# The command's own waits in every output, and -c 0: the report's Target
# lines, -q's cmd_p50 and cmd_p99, the JSON, the CSV, latt compare of the
# document (the same figures), the verdicts, --fail-above, and a run
# with no client at all.  Whether the figures are right is
# tests/cli-cmdlat.sh's (against perf sched); here, that they are there,
# the same everywhere, and said plainly where they cannot be had.
. "${top_srcdir:-.}/tests/lib.sh"

plan 40

# Each iteration forks a sleep that wakes the command's shell.
loop='i=0; while [ $i -lt 150 ]; do sleep 0.002; i=$((i + 1)); done'

# Usage first: these need no privilege.
run -c0 -t 1
is "$rc" 1 "-c 0 without a command: a usage error"
check "... that says a command is needed" grep -q "give a command" "$tmp/err"
# -c 0: what is about the clients is refused, named, not ignored.
for a in "-s 1" "--kernel-view" "-C a:nice=3" "--fail-above p99=1ms"; do
	# shellcheck disable=SC2086
	run -c0 $a -- true
	check "-c0 $a: a usage error that names it (exit $rc)" \
		sh -c "[ $rc -eq 1 ] && grep -q '^latt: -c 0 has no client: ' '$tmp/err'" ||
		diag "$(cat "$tmp/err")"
done
run -c0 -C a: -C b: --fail-if worse=p50 -- true
is "$rc:$(cat "$tmp/err")" "1:latt: -c 0 has no client: --fail-if worse=p50 is a figure of the clients' wakeups (the command's: cmd_p50, cmd_p99)" \
	"-c0 --fail-if worse=p50: refused, the command's metrics named"
run -c0 --clock tsc -- true
check "-c0 --clock tsc: refused, the clock is the clients' stamps" \
	grep -q "^latt: -c 0 has no client: --clock " "$tmp/err"
run -t 1 --fail-above cmd_p99=1ms
is "$rc:$(cat "$tmp/err")" "1:latt: cmd_p99 is a figure of the command's own waits: give a command" \
	"--fail-above cmd_p99 without a command: a usage error"
run --no-cmd-waits -t 1
is "$rc:$(cat "$tmp/err")" "1:latt: --no-cmd-waits: there is no command to follow" \
	"--no-cmd-waits without a command: a usage error"
run -c0 --no-cmd-waits -- true
is "$rc" 1 "-c0 --no-cmd-waits: a usage error (nothing to measure)"
run --no-cmd-waits --fail-above cmd_p50=1ms -- true
is "$rc" 1 "--no-cmd-waits --fail-above cmd_p50: a usage error"
run --target-metric 'cmd_p50-=(x)' -- true
is "$rc" 1 "--target-metric cmd_p50: refused, a name of latt's own"

"$latt" -c0 -q -- true >"$tmp/probe" 2>"$tmp/err"
rc=$?
if grep -q "cannot be measured here" "$tmp/err"; then
	is "$rc" 2 "-c 0 where the command's waits cannot be followed: exit 2"
	i=4
	while [ $i -le 40 ]; do
		skip "the command's own waits not measured here: $(sed 's/.*here: //' "$tmp/err")"
		i=$((i + 1))
	done
	exit 0
fi
is "$rc" 0 "latt -c0 -q -- true: exit 0"

# -c 0: the command alone.
run -l -c0 -- sh -c "$loop"
is "$rc" 0 "latt -c0 -- a shell forking sleep 150 times: exit 0"
check "... its report says there is no client" \
	grep -q "^No client (-c 0): the command's own waits are under Target" "$tmp/out"
# woken_line: the report's Woken wait line, as latt(1) shows it.
woken_line() {
	field 'Woken wait' | grep -Eq '^[0-9.]+ usec p50, [0-9.]+ p99, [0-9.]+ max \([0-9]+ waits\)$'
}
check "... Woken wait: p50, p99, max and the count" woken_line ||
	diag "$(grep -n 'wait' "$tmp/out")"
woken=$(field 'Woken wait' | sed 's/.*(\([0-9]*\) waits)/\1/')
check "... at least one wait a sleep's exit (150; got $woken)" test "${woken:-0}" -ge 150
check "... no client's blocks (Kernel view, latt's load, Cycles)" \
	not grep -Eq "^(Kernel view|latt's load)$|	Cycles	" "$tmp/out"
is "$(status)" "complete (command exited)" "... Status complete"

# A sweep of two configurations, two runs each: every output.
run -c0 -r2 -C a: -C b: -q --json "$tmp/s.json" --csv "$tmp/s.csv" \
	-- sh -c "$loop"
is "$rc" 0 "a -c0 sweep of 2 configurations, -r2: exit 0"
q50=$(sed -n 's/^config=b .* cmd_p50=\([0-9.]*\) .*/\1/p' "$tmp/out")
q99=$(sed -n 's/^config=b .* cmd_p99=\([0-9.]*\).*/\1/p' "$tmp/out")
check "... -q has cmd_p50 and cmd_p99 (b: ${q50:-none}, ${q99:-none})" \
	test -n "$q50" -a -n "$q99"
check "... and their verdicts against a" \
	grep -Eq "^config=b .* cmd_p50_verdict=(better|worse|cant_tell) .*cmd_p99_verdict=(better|worse|cant_tell)" "$tmp/out"
check "... entries=0 and the clients' figures none" \
	grep -q "^config=a entries=0 max=- avg=-" "$tmp/out"
check_bin="${JSON_CHECK:-${top_builddir:-.}/tests/json-check}"
get() {
	"$check_bin" --get "$tmp/s.json" "$1"
}
r0="configurations[0].runs[0]"
is "$(get "$r0.target.waits.measured") $(get "$r0.wakeup.count") $(get "$r0.status.complete")" \
	"true 0 true" "... JSON: a run's target.waits measured, no client wakeup, complete"
n=$(get "configurations[1].runs[1].target.waits.wakeup.count")
check "... JSON: its waits from a wakeup counted (${n:-none})" test "${n:-0}" -ge 150
is "$(get "configurations[1].summary.metrics[12].name") $(get "configurations[1].summary.metrics[12].value" | sed 's/^[0-9.]*$/N/')" \
	"cmd_p99 N" "... JSON summary: cmd_p99 with its value"
head -1 "$tmp/s.csv" | tr , '\n' >"$tmp/cols"
col=$(grep -n '^command_wakeup_waits$' "$tmp/cols" | cut -d: -f1)
check "... CSV: command_wakeup_waits of every run (column ${col:-none})" \
	sh -c "[ -n '$col' ] && awk -F, -v c='$col' 'NR > 1 && \$c < 150 { bad = 1 } END { exit bad || NR != 5 }' '$tmp/s.csv'"

"$latt" compare -l "$tmp/s.json" >"$tmp/cmp" 2>&1
is "$?" 0 "latt compare of the sweep's document: exit 0"
cmp_b=$(sed -n '/^Wakeup latency in usec/,$p' "$tmp/cmp" | grep -m1 '(s.json)  *b  *2 ')
check "... its table has cmd p50 and cmd p99, as -q had them ($q50, $q99)" \
	sh -c "grep -q 'cmd p50   cmd p99' '$tmp/cmp' && echo '$cmp_b' | awk -v a='$q50' -v b='$q99' '{ exit !(\$(NF - 1) == a && \$NF == b) }'" ||
	diag "compare: $cmp_b"

# The distributions for plotting: the command's own alone, with -c 0.
"$latt" compare --cdf "$tmp/s.json" >"$tmp/cdf" 2>&1
is "$(grep '^# ' "$tmp/cdf" | grep -v '^# usec' | awk -F'\t' '{ printf "%s:%s ", $2, $5 }')" \
	"a:command b:command " "--cdf: a block of the command's own waits per configuration, no clients'"
if command -v gnuplot >/dev/null 2>&1; then
	LATT="$latt" "$top_srcdir/contrib/latt-plot" -o "$tmp/p.svg" "$tmp/s.json" >/dev/null 2>&1
	check "latt-plot: the command's own lines, titled so" \
		grep -q "b (command's own)" "$tmp/p.svg"
else
	skip "no gnuplot (apt-get install gnuplot-nox)"
fi

# With clients and a command: both sides.
run -c1 -s1 -S2 -q --json "$tmp/f.json" -- sh -c "$loop"
check "-c1 with a command: -q has the clients' p99 and the command's cmd_p99" \
	grep -Eq "^config=default entries=[1-9][0-9]* .* p99=[0-9.]+ .* cmd_p50=[0-9.]+ cmd_p99=[0-9.]+" "$tmp/out"
run -c1 -s1 -S2 -t 0.3 -q
check "without a command: no cmd_ metrics" not grep -q "cmd_p" "$tmp/out"
run -c1 -s1 -S2 -q --no-cmd-waits --json "$tmp/n.json" -- sh -c "$loop"
check "--no-cmd-waits: no cmd_ metrics, and the JSON says why there are no waits" \
	sh -c "! grep -q cmd_p '$tmp/out' && [ \"\$('$check_bin' --get '$tmp/n.json' 'configurations[0].runs[0].target.waits.error')\" = 'not asked for (--no-cmd-waits)' ]"
"$latt" compare "$tmp/f.json" "$tmp/n.json" >"$tmp/cmp" 2>&1
check "latt compare: followed and not followed do not compare (the hooks cost the clients)" \
	sh -c "grep -Eq '^\* own waits +followed +not followed\$' '$tmp/cmp' && grep -q '^Not comparable: they differ in .*own waits' '$tmp/cmp'" ||
	diag "$(grep -n 'own waits\|omparable' "$tmp/cmp")"

# --fail-above on the command's waits.
run -c0 -q --fail-above cmd_p99=1h -- sh -c "$loop"
is "$rc" 0 "--fail-above cmd_p99=1h: under it, exit 0"
run -c0 -q --fail-above cmd_p50=1ns -- sh -c "$loop"
is "$rc" 3 "--fail-above cmd_p50=1ns: above it, exit 3"

# A signal: -c 0 stops as any run does.
$sigdefault "$latt" -c0 -- sleep 30 >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 1
kill -TERM "$pid"
wait "$pid"
is "$?" 143 "-c0 -- sleep 30, SIGTERM after a second: exit 143"

# Without the privilege: -c 0 has nothing to measure and says why.
nl=$(nobody_latt)
if [ -n "$nl" ]; then
	as_nobody "$nl" -c0 -- true >"$tmp/out" 2>"$tmp/err"
	rc=$?
	check "-c0 as nobody: exit 2, why in a line (exit $rc)" \
		sh -c "[ $rc -eq 2 ] && grep -q '^latt: -c 0 measures only the command.s own waits, and they cannot be measured here: ' '$tmp/err'" ||
		diag "$(cat "$tmp/err")"
else
	skip "not as root: nobody's latt cannot be run"
fi
