#!/bin/sh
# --same-within PCT: a verdict whose interval lies within +-PCT is
# "same" (=) in every output (the table, -l, -q, the JSON), and
# --fail-if not-same exits 8 unless it is.  Deterministic where a saved
# sweep is judged against a copy of itself (a configuration duplicated:
# no change) or eight times as slow; a live sweep's status follows its
# own verdicts (no latency is assumed).
. "${top_srcdir:-.}/tests/lib.sh"

plan 40

check_bin="${JSON_CHECK:-$(pwd)/tests/json-check}"
get() {
	"$check_bin" --get "$@"
}
scale="${top_srcdir:-.}/tests/scale-doc.awk"

run -c2 -s1 -S2 -x0 -t 0.3 -r10 -C a: -C b: --same-within 50 --json "$tmp/s.json"
is "$rc" 0 "a sweep with --same-within 50: exit 0"
check "the JSON: same_within 0.5 and same beside each judged verdict" \
	sh -c "grep -q '\"same_within\": 0.5' '$tmp/s.json' && grep -q '\"same\": \\(true\\|false\\)' '$tmp/s.json'"
check "... same_within null for the first configuration" \
	sh -c "test \"\$('$check_bin' --get '$tmp/s.json' 'configurations[0].summary.metrics[0].same_within')\" = null"
w=
for i in 0 1 2 3 4 5 6 7 8 9 10; do
	[ "$(get "$tmp/s.json" "configurations[1].summary.metrics[$i].name")" = wall_s ] || continue
	w="$(get "$tmp/s.json" "configurations[1].summary.metrics[$i].same"),$(get "$tmp/s.json" "configurations[1].summary.metrics[$((i - 1))].same")"
done
check "... same null for wall_s without a command, which --fail-if not-same leaves out, a boolean before it ($w)" \
	sh -c "echo '$w' | grep -Eq '^null,(true|false)\$'"
json_schema
"$check_bin" "$tmp/s.json" "$tmp/schema" 2>"$tmp/check"
check "... the document as latt-json(5) describes it" \
	sh -c "grep -q 'fields checked' '$tmp/check' &&
		! grep -v 'never met\\|fields checked' '$tmp/check' | grep -q ."

# A configuration against an exact copy of itself: no change at all.
"$check_bin" --put-config "$tmp/s.json" "$tmp/s.json" b >"$tmp/dup.json"
# Against one of six runs twice as slow and four an eighth: the median
# twice, the geometric mean two thirds; -l says they point apart.
cp "$tmp/s.json" "$tmp/skew.json"
for k in 1 2 3 4 5 6 7 8 9 10; do
	f=2; [ "$k" -gt 6 ] && f=0.125
	awk -v f=$f -v run=$k -f "$scale" "$tmp/skew.json" >"$tmp/skew2.json"
	mv "$tmp/skew2.json" "$tmp/skew.json"
done
"$check_bin" --put-config "$tmp/s.json" "$tmp/skew.json" b >"$tmp/skewed.json"
"$latt" compare -l "$tmp/skewed.json" >"$tmp/out" 2>&1
"$latt" compare -l "$tmp/dup.json" >"$tmp/out2" 2>&1
check "-l: a change (geometric means) and a ratio (medians) that point apart are said, p50's among them" \
	sh -c "grep -q \"^A change is of the runs' geometric mean, the values above of their median:\" '$tmp/out' &&
		grep -Eq '^they point apart on (.*, )?p50(, .*)? \(the runs spread\)\.\$' '$tmp/out' &&
		! grep -q 'point apart' '$tmp/out2'"
"$latt" compare -l --same-within 50 "$tmp/dup.json" >"$tmp/out" 2>"$tmp/err"
is "$?" 0 "latt compare --same-within 50 of a copy: exit 0"
line=$(grep -E '^[^ ]+ \(dup\.json\) b +p50 ' "$tmp/out")
check "... p50 no change: +0.0% ($line)" sh -c "echo '$line' | grep -q ' +0\\.0% \\['"
# Its interval at 95%, and that of the two one-sided tests (90%), shown
# where it makes the verdict same.
iv() { echo "$line" | sed -n "s/^[^[]*\\[\([-+][0-9.]*\)%, \([-+][0-9.]*\)%\\].*/\\$1/p"; }
lo=$(iv 1) hi=$(iv 2)
slo=$(echo "$line" | sed -n 's/.*(\[\([-+][0-9.]*\)%, \([-+][0-9.]*\)%\] at 90%)$/\1/p')
shi=$(echo "$line" | sed -n 's/.*(\[\([-+][0-9.]*\)%, \([-+][0-9.]*\)%\] at 90%)$/\2/p')
if echo "$line" | grep -q "p50 *same "; then
	want="same"
	check "... same: its 90% interval [$slo%, $shi%] within +-50% and within [$lo%, $hi%]" \
		awk -v lo="$lo" -v hi="$hi" -v slo="$slo" -v shi="$shi" \
		'BEGIN { exit !(slo > -50 && shi < 50 && slo >= lo && shi <= hi) }'
	check "... whose line ends with the bound and that interval" \
		sh -c "echo '$line' | grep -q ', within +-50% (\[[-+0-9.]*%, [-+0-9.]*%\] at 90%)\$'"
else
	want="can't tell"
	check "... can't tell: its interval at 95% [$lo%, $hi%] not within +-50%, no other shown" \
		sh -c "awk -v lo='$lo' -v hi='$hi' 'BEGIN { exit (lo > -50 && hi < 50) }' &&
			echo \"\$1\" | grep -q \"p50 *can't tell \" && ! echo \"\$1\" | grep -q 'at 90%'" - "$line"
	skip "p50's interval is wider than +-50% here"
fi
"$latt" compare --same-within 50 "$tmp/dup.json" >"$tmp/out" 2>&1
if [ "$want" = same ]; then
	check "the compact table: '=' after p50, the legend and the count" \
		sh -c "grep -Eq '^[^ ]+ \\(dup\\.json\\) +b .* [0-9.]+ = ' '$tmp/out' &&
			grep -q '^w worse, b better, = same within +-50%, ~ can.t tell, ? no verdict: against the first row, at 95%' '$tmp/out' &&
			grep -Eq '^Same within \\+-50% [0-9]+' '$tmp/out'"
	"$latt" compare --same-within 50 --fail-if not-same=p50 "$tmp/dup.json" >/dev/null 2>&1
	is "$?" 0 "--fail-if not-same=p50: exit 0 when p50 is the same"
else
	skip "p50's interval is wider than +-50% here"
	skip "p50's interval is wider than +-50% here"
fi
"$latt" compare --fail-if not-same=p50 --same-within 50 --fail-if not-same=max "$tmp/dup.json" >/dev/null 2>&1
st=$?
if grep -Eq '^[^ ]+ \(dup\.json\) b +max +same ' "$tmp/out" 2>/dev/null; then want=0; else want=8; fi
"$latt" compare -l --same-within 50 "$tmp/dup.json" >"$tmp/out" 2>&1
if grep -Eq '\(dup\.json\) b +max .*\], within \+-50% \(\[.*\] at 90%\)$' "$tmp/out" &&
	grep -Eq '\(dup\.json\) b +p50 .*\], within \+-50% \(\[.*\] at 90%\)$' "$tmp/out"; then
	want=0
else
	want=8
fi
is "$st" "$want" "--fail-if not-same=p50,max: exit 8 exactly when one is not the same"
# Every metric and one named: every metric's gate (the counts left out).
"$latt" compare --same-within 99 --fail-if not-same "$tmp/dup.json" >/dev/null 2>"$tmp/e1"
s1=$?
"$latt" compare --same-within 99 --fail-if not-same --fail-if not-same=p50 "$tmp/dup.json" >/dev/null 2>"$tmp/e2"
s2=$?
check "--fail-if not-same and not-same=p50: what not-same alone says and exits ($s1, $s2)" \
	sh -c "test $s1 = $s2 && cmp -s '$tmp/e1' '$tmp/e2' && ! grep -q ': entries is not' '$tmp/e2'"
"$latt" compare --fail-if worse --fail-if worse=p50 "$tmp/dup.json" >/dev/null 2>"$tmp/e2"
check "--fail-if worse and worse=p50: no word of the counts' lack of a verdict" \
	sh -c "! grep -q 'entries has no verdict' '$tmp/e2'"

# Eight times as slow: worse, never the same.
awk -v f=8 -f "$scale" "$tmp/dup.json" >"$tmp/slow.json"
"$check_bin" --put-config "$tmp/dup.json" "$tmp/slow.json" b >"$tmp/mixed.json"
"$latt" compare -l --same-within 50 "$tmp/mixed.json" >"$tmp/out" 2>&1
check "a configuration 8x as slow: p50 worse, not within the bound" \
	sh -c "grep -Eq '\\(mixed\\.json\\) b +p50 +worse +\\+700\\.0% ' '$tmp/out' && ! grep -Eq '\\(mixed\\.json\\) b +p50 .*within' '$tmp/out'"
"$latt" compare --same-within 50 --fail-if not-same=p50 "$tmp/mixed.json" >/dev/null 2>"$tmp/err"
is "$?" 8 "... --fail-if not-same=p50: exit 8"
check "... standard error says which row and metric, one line" \
	sh -c "test \$(wc -l <'$tmp/err') -eq 1 && grep -q \"^latt compare: row '.*(mixed\\.json) b': p50 is not the same as '.*(mixed\\.json) a' within +-50%: +700\\.0% \\[\" '$tmp/err'"
"$latt" compare --same-within 50 --fail-if not-same=p50 --fail-if worse=p50 "$tmp/mixed.json" >/dev/null 2>&1
is "$?" 6 "... with --fail-if worse=p50 too: 6 comes first"

# A live sweep: -q says same, and --fail-if not-same follows it.
run -q -c2 -s1 -S2 -x0 -t 0.3 -r10 -C a: -C b: --same-within 60 --fail-if not-same=p50
if sed -n 2p "$tmp/out" | grep -q ' p50_verdict=same '; then want=0; else want=8; fi
is "$rc" "$want" "latt --fail-if not-same=p50: exit 8 exactly when -q's p50 is not same"
check "... -q's tokens: p50_verdict one of better, worse, cant_tell, same, none" \
	sh -c "sed -n 2p '$tmp/out' | grep -Eq ' p50_verdict=(better|worse|cant_tell|same|none) '"
sl=$(sed -n 2p "$tmp/out" | sed -n 's/.* p50_same_low=\([-+0-9.]*\) p50_same_high=\([-+0-9.]*\).*/\1 \2/p')
check "... and the interval its same is decided by (p50_same_low, _high: $sl), within +-60% exactly when same" \
	sh -c "test -n '$sl' && echo $sl | awk -v w=$want '{ in_ = \$1 >= -60 && \$2 <= 60; exit !((w == 0) == in_) }'"
if [ "$want" = 8 ]; then
	check "... each metric not the same named on stderr" \
		grep -q "^latt: configuration 'b': p50 is not the same as 'a' within +-60%: " "$tmp/err"
else
	check "... nothing said on stderr" sh -c "! grep -q 'not the same' '$tmp/err'"
fi

# Usage errors.
run -c2 -t 0.1 --same-within 5
check "--same-within without -C or --against: a usage error" \
	sh -c "test $rc -eq 1 && grep -q 'needs two -C or more, or --against' '$tmp/err'"
for bad in 0 100 -5 abc 5x ''; do
	run -c2 -t 0.1 -C a: -C b: --same-within "$bad"
	[ "$rc" -eq 1 ] && grep -q "invalid --same-within value '$bad': expected a percentage above 0 and below 100" "$tmp/err" || break
done
check "--same-within 0, 100, -5, abc, 5x, '': usage errors, one line" sh -c "test $rc -eq 1"
run -c2 -t 0.1 -C a: -C b: --fail-if not-same
check "--fail-if not-same without --same-within: a usage error" \
	sh -c "test $rc -eq 1 && grep -q 'give it' '$tmp/err'"
run -c2 -t 0.1 -C a: -C b: --same-within 5 --fail-if not-same=nosuch
check "--fail-if not-same=nosuch: a usage error naming it" \
	sh -c "test $rc -eq 1 && grep -q \"no metric 'nosuch' (max, avg, stdev, p99, p50, p99.9; -p measures other percentiles)\" '$tmp/err'"
run -c2 -t 0.1 -C a: -C b: --same-within 5 --fail-if not-same=p50,cpu_s
check "--fail-if not-same=cpu_s without a command: a usage error (the gate could never pass)" \
	sh -c "test $rc -eq 1 && grep -q \"'cpu_s' is the command's time, and there is no command\" '$tmp/err'"
run -c2 -t 0.1 -C a: -C b: --fail-if worse=p99,avg,p99
check "--fail-if worse=p99,avg,p99: a usage error (a metric given twice)" \
	sh -c "test $rc -eq 1 && grep -q \"invalid --fail-if value 'worse=p99,avg,p99': p99 given twice\" '$tmp/err'"
run -c2 -t 0.1 -C a: -C b: --fail-if worse=wall_s
check "--fail-if worse=wall_s without a command: a usage error (the gate could never fail)" \
	sh -c "test $rc -eq 1 && grep -q \"'wall_s' is the command's time, and there is no command\" '$tmp/err'"
"$latt" compare --fail-if not-same "$tmp/dup.json" >/dev/null 2>"$tmp/err"
is "$?" 1 "latt compare --fail-if not-same without --same-within: a usage error"
"$latt" compare --fail-if worse=wall_s "$tmp/dup.json" >"$tmp/out" 2>"$tmp/err"
st=$?
"$latt" compare --same-within 5 --fail-if not-same=p50,CPU_S "$tmp/dup.json" >>"$tmp/out" 2>>"$tmp/err"
check "latt compare --fail-if worse=wall_s, not-same=CPU_S of files without a command: usage errors, as latt's" \
	sh -c "test $st:$? = 1:1 && test ! -s '$tmp/out' && test \$(grep -ic \"^latt compare: --fail-if: '\(wall\|cpu\)_s' is the command's time, and these files have no command\" '$tmp/err') -eq 2"
"$latt" compare --cdf --same-within 5 "$tmp/dup.json" >/dev/null 2>"$tmp/err"
is "$?" 1 "latt compare --cdf --same-within: a usage error"
"$latt" compare --same-within 0 "$tmp/dup.json" >/dev/null 2>"$tmp/err"
is "$?" 1 "latt compare --same-within 0: a usage error"
"$latt" compare --same-within 5 --fail-if not-same=entries "$tmp/dup.json" >/dev/null 2>"$tmp/err"
is "$?" 1 "latt compare --fail-if not-same=entries (never judged): a usage error"
# A metric named that no verdict judges (p99.9 of runs of 0.3 s): said.
"$latt" compare --fail-if worse=p99.9 "$tmp/dup.json" >/dev/null 2>"$tmp/err"
st=$?
check "--fail-if worse=p99.9 with no verdict on it: exit 0, said on standard error" \
	sh -c "test $st -eq 0 && grep -q \"^latt compare: row '.*': p99.9 has no verdict, so --fail-if cannot find it worse: too few samples\" '$tmp/err'"
# Every metric (no names): those measured, not the counts nor a figure
# no side has (a command's times without a command).
"$latt" compare --same-within 99 --fail-if not-same "$tmp/dup.json" >/dev/null 2>"$tmp/err"
st=$?
check "--fail-if not-same, every metric: never the counts or a figure not measured (exit $st)" \
	sh -c "! grep -Eq ': (entries|cs_per_s|load|wall_s|cpu_s) is not the same|no value' '$tmp/err' &&
		{ [ $st -eq 0 ] && [ ! -s '$tmp/err' ] || { [ $st -eq 8 ] && grep -q 'is not the same as' '$tmp/err'; }; }"

# With --against: the end table's legend says the bound.
run -c2 -s1 -S2 -x0 -t 0.3 -r3 --json "$tmp/base.json"
run -c2 -s1 -S2 -x0 -t 0.3 -r3 --against "$tmp/base.json" --same-within 50 --json "$tmp/r.json"
is "$rc" 0 "--against with --same-within: exit 0"
check "... the legend of the end table says the bound" \
	grep -q '^w worse, b better, = same within +-50%, ' "$tmp/out"
"$latt" compare --same-within 50 "$tmp/base.json" "$tmp/r.json" >"$tmp/cmp" 2>&1
n=$(wc -l <"$tmp/cmp")
check "... the end table is latt compare --same-within's, byte for byte" \
	sh -c "tail -n $n '$tmp/out' | cmp -s - '$tmp/cmp'"
