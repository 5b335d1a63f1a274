#!/bin/sh
# How many more: a can't-tell verdict says what would tell (-l, the JSON,
# the compact summary's nearest), and latt compare --plan PCT prints the
# runs and invocations a side that find +-PCT, by a profile or by files.
# No latency value is asserted: only the forms, their agreement and that
# more invocations or a larger change never need more runs.
. "${top_srcdir:-.}/tests/lib.sh"

plan 38

check_bin="${JSON_CHECK:-$(pwd)/tests/json-check}"
get() {
	"$check_bin" --get "$@"
}
quick="-c2 -s1 -S2 -x0 -t 0.3"

# A sweep of three runs a side: most verdicts can't tell.
run $quick -r3 -C a: -C b: --json "$tmp/s.json"
is "$rc" 0 "a sweep of 3 runs a side: exit 0"
cmp_run -l "$tmp/s.json"
is "$rc" 0 "latt compare -l of it: exit 0"
grep "can't tell" "$tmp/out" | grep -v '^w worse' >"$tmp/unsure"
if [ -s "$tmp/unsure" ]; then
	check "... every can't tell says what would tell, or that it is beyond" \
		sh -c "! grep -v '; needs about [0-9]* more runs\\{0,1\\} a side to find [-+][0-9.]*%\$\\|; more than 10000 runs a side to find ' '$tmp/unsure'"
else
	skip "no can't tell in this sweep"
fi
# The JSON says the same numbers, metric by metric.
n=0
bad=0
for m in 0 1 2 3 4 5 6 7 8 9; do
	name=$(get "$tmp/s.json" "configurations[1].summary.metrics[$m].name" 2>/dev/null) || break
	v=$(get "$tmp/s.json" "configurations[1].summary.metrics[$m].verdict")
	more=$(get "$tmp/s.json" "configurations[1].summary.metrics[$m].more_runs")
	inv=$(get "$tmp/s.json" "configurations[1].summary.metrics[$m].more_invocations")
	[ "$inv" = null ] || bad=1
	line=$(grep -E "^[^ ]+ \\(s\\.json\\) b +$name +" "$tmp/out")
	if [ "$v" = cant_tell ] && [ "$more" != null ]; then
		n=$((n + 1))
		echo "$line" | grep -q "needs about $more more runs\\{0,1\\} a side" || bad=1
	elif [ "$more" != null ]; then
		bad=1
	fi
done
is "$bad" 0 "the JSON's more_runs is -l's number ($n of them), null for others and more_invocations null in one invocation"
if [ "$n" -gt 0 ]; then
	cmp_run "$tmp/s.json"
	# Its line, and the next where it goes on there (100 columns).
	near=$(awk '/^The nearest to telling: / { l = $0; getline n
		if (n ~ /^  /) l = l n; print l }' "$tmp/out")
	check "the compact summary names the nearest to telling ($near)" \
		sh -c "echo '$near' | grep -Eq '^The nearest to telling: [a-z0-9.]+ *needs about [0-9]+ more runs? a side to find [-+][0-9.]+% \\(-l: each\\)\$'"
else
	skip "no can't tell with a number of runs here"
fi

# With --same-within: a change within the bound is planned to be the same.
cmp_run -l --same-within 99 "$tmp/s.json"
if grep "can't tell" "$tmp/out" | grep -q 'needs about'; then
	check "--same-within 99: a can't tell within it needs runs to be the same within +-99%" \
		sh -c "grep \"can't tell\" '$tmp/out' | grep 'needs about' | grep -q 'to be the same within +-99%\\|to find '"
else
	skip "every verdict same within 99% here"
fi

# --plan by the files.
cmp_run --plan 10 "$tmp/s.json"
is "$rc" 0 "--plan 10 of a sweep's file: exit 0"
check "... a plan for +-10%, by the file's configurations" \
	sh -c "grep -q '^Runs a side that find a change of +-10% four times in five, at 95% for the' '$tmp/out' &&
		grep -q \"by what this file's configurations show:\" '$tmp/out'"
check "... a row for p50 and p99: one invocation, 1, 2, 4 and 8 a side" \
	sh -c "grep -Eq '^p50( +([0-9]+|-)){5}\$' '$tmp/out' &&
		grep -Eq '^p99( +([0-9]+|-)){5}\$' '$tmp/out'"
# More invocations a side never need more runs each; once found, found.
mono() {
	awk '$1 ~ /^(max|avg|stdev|p[0-9.]+)$/ && NF == 6 {
		seen = 0; last = 1e9
		for (i = 3; i <= 6; i++) {
			if ($i == "-") { if (seen) bad = 1; continue }
			if ($i + 0 > last) bad = 1
			seen = 1; last = $i + 0
		}
	} END { exit bad }' "$1"
}
check "... more invocations a side never need more runs each" mono "$tmp/out"
check "... without a profile, the line says what 1 and N a side take" \
	grep -q '^Without a profile, 1 a side takes the fixed floors for an invocation; 2 or more,$' "$tmp/out"
p50_10=$(awk '$1 == "p50" && NF == 6 { print $2 }' "$tmp/out")
cmp_run --plan 50 "$tmp/s.json"
p50_50=$(awk '$1 == "p50" && NF == 6 { print $2 }' "$tmp/out")
check "... +-50% needs no more runs than +-10% ($p50_50, $p50_10)" \
	sh -c "[ '$p50_10' = - ] || [ '$p50_50' != - -a '$p50_50' -le '$p50_10' ]"
cmp_run --plan 10 --level 99 "$tmp/s.json"
p50_99=$(awk '$1 == "p50" && NF == 6 { print $2 }' "$tmp/out")
check "--level 99 says 99% and needs no fewer runs ($p50_99, $p50_10)" \
	sh -c "grep -q ' at 99% for the' '$tmp/out' && { [ '$p50_99' = - ] || [ '$p50_10' != - -a '$p50_99' -ge '$p50_10' ]; }"

# --plan by a profile alone.
"$latt" calibrate --invocations 3 $quick -r2 -o "$tmp/p.json" >/dev/null 2>&1
is "$?" 0 "a profile of 3 invocations made"
cmp_run --plan 25 --profile "$tmp/p.json"
is "$rc" 0 "--plan 25 --profile: exit 0, no file needed"
check "... by the profile, its invocations and date" \
	sh -c "grep -Eq 'by the noise profile .*p\\.json \\(3 invocations, [0-9]{4}-[0-9]{2}-[0-9]{2}\\):' '$tmp/out' &&
		! grep -q '^Without a profile' '$tmp/out'"
check "... more invocations a side never need more runs each" mono "$tmp/out"
check "... the columns said under it" \
	sh -c "grep -q '^N a side: N invocations (boots) of each kernel, that many runs each;' '$tmp/out'"
# Beyond 8 a side: the metrics the table has no runs for there, each with
# the boots of 10 runs that would do, or more than 100; no other.
cmp_run --plan 1 --profile "$tmp/p.json"
dash=$(awk '$1 ~ /^(max|avg|stdev|p[0-9.]+)$/ && NF == 6 && $6 == "-" { printf "%s ", $1 }' "$tmp/out")
listed=$(awk '/^Beyond 8 a side, invocations \(boots\) a side of 10 runs each:$/ { on = 1; next }
	on && /^  [a-z0-9.]+: ([0-9]+|more than 100)$/ { sub(/:.*/, ""); printf "%s ", substr($0, 3); next }
	on { on = 0 }' "$tmp/out")
check "--plan 1: the metrics without runs at 8 a side named beyond it, with their boots ($listed)" \
	sh -c "test -n '$dash' && test '$dash' = '$listed'"
run $quick -r2 --json "$tmp/a.json"
cp "$tmp/a.json" "$tmp/b.json"
cmp_run --plan 25 --profile "$tmp/p.json" "$tmp/a.json" "$tmp/b.json"
is "$rc" 0 "--plan 25 --profile with two files: exit 0"
check "... by what the files show, with the profile" \
	grep -q "by what these files show, with the profile .*p\\.json:" "$tmp/out"

# Groups without a profile: 1 a side is judged by the floors, whatever
# the groups' own spread (p50's floor alone hides +-10% from 1 a side).
run $quick -r2 --json "$tmp/a2.json"
run $quick -r2 --json "$tmp/b2.json"
cmp_run --plan 10 "$tmp/a.json" "$tmp/a2.json" -- "$tmp/b.json" "$tmp/b2.json"
check "--plan 10 by groups without a profile: p50's 1 a side by the floors (-)" \
	sh -c "test $rc = 0 && awk '\$1 == \"p50\" && \$3 == \"-\" { ok = 1 } END { exit !ok }' '$tmp/out'"

# What --plan refuses.
cmp_run --plan 10
one_line "--plan plans by a noise profile or by files" "--plan with nothing to plan by"
failed=
for bad in 0 10000 abc -5 ""; do
	cmp_run --plan "$bad" "$tmp/s.json"
	[ "$rc" = 1 ] && head -n 1 "$tmp/err" | grep -q "^latt compare: invalid --plan value '$bad'" ||
		failed="$failed '$bad'"
done
is "$failed" "" "--plan 0, 10000, abc, -5 and '': each a usage error naming the value"
cmp_run --plan 100 "$tmp/s.json"
check "--plan 100: a factor of 2, planned" \
	sh -c "test $rc = 0 && grep -q '^Runs a side that find a change of x2 (+100%) four times in five' '$tmp/out'"
cmp_run --plan 10 --cdf "$tmp/s.json"
one_line "--plan prints the runs a comparison needs, not verdicts" "--plan with --cdf"
cmp_run --plan 10 --fail-if worse "$tmp/s.json"
is "$rc" 1 "--plan with --fail-if: exit 1"
cmp_run --plan 10 --profile /dev/null
one_line "latt compare: --profile /dev/null: " "--plan --profile /dev/null"
cmp_run --plan 10 --profile "$tmp/s.json"
one_line "latt compare: --profile .*s.json: " "--plan --profile of a result, not a profile"

# Files of two setups: no one setup's noise to plan by.
run -c3 -s1 -S2 -x0 -t 0.3 -r2 --json "$tmp/c3.json"
cmp_run --plan 10 "$tmp/a.json" "$tmp/c3.json"
one_line "latt compare: --plan: these files do not compare" "--plan by files of two setups (-c2, -c3)"

# Said everywhere.
"$latt" compare --help >"$tmp/help"
check "latt compare --help: --plan" grep -q '^  --plan PCT ' "$tmp/help"
check "the bash completion offers --plan after latt compare" \
	grep -q -- '--long -l --plan --profile' "${top_srcdir:-.}/contrib/bash-completion/latt"
check "nothing left running" no_latt_left
