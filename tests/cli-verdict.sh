#!/bin/sh
# Verdicts: better, worse or can't tell against the first configuration,
# in a sweep's table, -q, the JSON and latt compare, and --fail-if.  No
# latency is asserted: a run is compared with itself (can't tell) and
# with a copy of itself whose every wakeup took eight times as long
# (tests/scale-doc.awk: worse, and the other way better); a live sweep is
# only checked to say the same in every output.
. "${top_srcdir:-.}/tests/lib.sh"

plan 75

check_bin="${JSON_CHECK:-$(pwd)/tests/json-check}"
scale="${top_srcdir:-.}/tests/scale-doc.awk"
getj() {
	"$check_bin" --get "$1" "$2"
}
# The -q line's KEY=, or nothing.
qval() {
	tr ' ' '\n' <"$tmp/q" | sed -n "s/^$1=//p"
}
# The verdict word of METRIC in a Verdicts block of FILE for row ROW.
vword() {
	awk -v row="$2" -v m="$3" '
		/^Verdicts against / { on = 1; next }
		on && index($0, row " ") == 1 {
			rest = substr($0, length(row) + 1)
			n = split(rest, f, "  +")
			for (i = 1; i <= n; i++) if (f[i] == m) { print f[i + 1]; exit }
		}' "$1"
}

# A live sweep of two configurations: -q, the table and the JSON at once.
run -q -c8 -s 10ms -S 50ms -t 2 -C a: -C b: --json "$tmp/s.json"
is "$rc" 0 "a sweep of two configurations exits 0 without --fail-if"
sed -n 2p "$tmp/out" >"$tmp/q"
check "-q: the first line has no verdicts" \
	sh -c "! sed -n 1p '$tmp/out' | grep -q 'vs=\|_verdict='"
is "$(qval vs)" a "-q: the second is against the first (vs=a)"
ok=0 bad=""
for m in max avg stdev p99 p50 p99.9; do
	case $(qval "${m}_verdict") in
	better|worse|cant_tell|none) ok=$((ok + 1)) ;;
	*) bad="$bad $m" ;;
	esac
done
# wall_s and cpu_s, without a command: "-", and no verdict keys.
for m in wall_s cpu_s; do
	[ "$(qval "$m")" = - ] && [ -z "$(qval "${m}_verdict")" ] && ok=$((ok + 1))
done
is "$ok" 8 "-q: every metric with a direction has a verdict token, but those not measured${bad:+ (not:$bad)}"
check "-q: a count (entries), the context switches and latt's load have none" \
	sh -c "! grep -Eq '(entries|cs_per_s|load)_verdict=' '$tmp/q'"
inside=0 n=0
for m in avg stdev p99 p50; do
	c=$(qval "${m}_change")
	[ -n "$c" ] || continue
	n=$((n + 1))
	awk -v c="$c" -v l="$(qval "${m}_low")" -v h="$(qval "${m}_high")" \
		'BEGIN { exit !(l + 0 <= c + 0 && c + 0 <= h + 0) }' &&
		inside=$((inside + 1))
done
is "$inside" "$n" "-q: each change lies in its interval ($n with one)"
i=0 same=0
for m in max avg stdev p99 p50 p99.9 wall_s cpu_s; do
	i=$((i + 1))
	# The JSON's metrics: entries first, so max is the second; those
	# not measured "none" there, without a key in -q.
	j=$(getj "$tmp/s.json" "configurations[1].summary.metrics[$i].verdict")
	[ "$j" = "$(qval "${m}_verdict")" ] ||
		{ [ "$j" = none ] && [ -z "$(qval "${m}_verdict")" ]; } &&
		same=$((same + 1))
done
is "$same" 8 "JSON: each metric's verdict is -q's (none where -q has no key)"
is "$(getj "$tmp/s.json" 'configurations[1].summary.against')" a \
	"JSON: summary.against names the first"
is "$(getj "$tmp/s.json" 'configurations[0].summary.against')" null \
	"JSON: the first has none"
is "$(getj "$tmp/s.json" 'configurations[0].summary.metrics[4].verdict')" null \
	"... nor verdicts"
is "$(getj "$tmp/s.json" 'configurations[1].summary.metrics[0].verdict')" null \
	"JSON: entries (a count) has no verdict"
nb=$(getj "$tmp/s.json" 'configurations[0].runs[0].blocks.histograms' |
	grep -o '\]\],\[\[' | wc -l)
check "JSON: the runs keep their samples in time (blocks: $((nb + 1)), at most 64)" \
	sh -c "getj() { '$check_bin' --get \"\$@\"; }; getj '$tmp/s.json' 'configurations[0].runs[0].blocks.histograms' | grep -q '^\[\[\[' && test $nb -lt 64"
check "JSON: and each client's histogram" \
	sh -c "'$check_bin' --get '$tmp/s.json' 'configurations[0].runs[0].clients[0].histogram' | grep -q '[0-9]'"

# latt compare of the sweep's document: the same verdicts, from the
# same samples drawn again by the same generator.
"$latt" compare -l "$tmp/s.json" >"$tmp/c" 2>"$tmp/err"
is "$?" 0 "latt compare of the sweep's document exits 0"
label=$(awk 'NR == 1 { sub(/^ +/, ""); sub(/ {2,}.*/, ""); print }' "$tmp/c")
same=0
# No command: no wall_s and cpu_s, nor their lines.
for m in max avg stdev p99 p50 p99.9; do
	w=$(vword "$tmp/c" "$label b" "$m")
	t=$(qval "${m}_verdict")
	case $w in "can't tell") w=cant_tell ;; "no verdict") w=none ;; esac
	[ "$w" = "$t" ] && same=$((same + 1))
done
is "$same" 6 "... each the sweep's (-q's) verdict"

# The same as the table of the sweep itself.
run -l -c8 -s 10ms -S 50ms -t 1 -C a: -C b:
is "$rc" 0 "a sweep with its table exits 0"
check "the table: a Verdicts block against the first" \
	grep -q '^Verdicts against a, at 95% for each row' "$tmp/out"
is "$(awk '/^Verdicts against/ { on = 1; next } on && /^b /' "$tmp/out" | wc -l)" 6 \
	"... a line per metric with a direction and a value (no command's times)"
check "the ratio table: each such cell marked w, b, ~ or ?" \
	sh -c "awk '/^ratio/ { on = 1; next } on && /^b / { print; exit }' '$tmp/out' | grep -Eq '^b( +[0-9.]+[ wb~?]){3}'"
check "... and the legend says what the marks are" \
	grep -q '^w worse, b better, ~ can.t tell, ? no verdict' "$tmp/out"

# A run against a copy of itself eight times as slow: a saved run of
# light tail (a live one's tail can be so heavy, on a loaded machine,
# that even eight times its p99 is within the noise of its clients).
run -c8 -s 10ms -S 50ms -t 3 --json "$tmp/live.json"
is "$rc" 0 "a run to compare with itself"
cp "${top_srcdir:-.}/tests/data/latt-idle.json" "$tmp/x.json"
awk -v f=8 -f "$scale" "$tmp/x.json" >"$tmp/y.json"
"$latt" compare -l "$tmp/x.json" "$tmp/y.json" >"$tmp/c" 2>"$tmp/err"
is "$?" 0 "latt compare x 8x: exit 0 without --fail-if ($(head -n 1 "$tmp/err"))"
sed 's/^/# /' "$tmp/c" | sed -n '/Verdicts/,$p'
row=$(awk '/^Verdicts against/ { on = 1; next } on && NR > 0 && !/^config / { sub(/  +(max|avg) .*/, ""); print; exit }' "$tmp/c")
for m in avg p50 p99; do
	is "$(vword "$tmp/c" "$row" "$m")" worse "8x slower: $m worse"
done
check "... by +700%: the change is the ratio's" \
	sh -c "grep -Eq '^.* avg +worse +\\+700\\.0% ' '$tmp/c'"
is "$(vword "$tmp/c" "$row" max)" "no verdict" "... max: no verdict from one run each"
check "... which says the runs it needs" \
	grep -Eq ' max +no verdict +1 run each: one max a run; needs [0-9]+ runs each \(-r [0-9]+\)' "$tmp/c"
"$latt" compare --fail-if worse "$tmp/x.json" "$tmp/y.json" >/dev/null 2>&1
is "$?" 6 "--fail-if worse: exit 6"
"$latt" compare --fail-if worse=p50,p99 "$tmp/x.json" "$tmp/y.json" >/dev/null 2>&1
is "$?" 6 "--fail-if worse=p50,p99: exit 6"
"$latt" compare --fail-if worse=wall_s "$tmp/x.json" "$tmp/y.json" >/dev/null 2>&1
is "$?" 1 "--fail-if worse=wall_s of files without a command: a usage error (the gate could never fail)"
"$latt" compare --fail-if worse "$tmp/y.json" "$tmp/x.json" >"$tmp/c" 2>&1
is "$?" 0 "the other way: not worse, exit 0"
row=$(awk '/^Verdicts against/ { on = 1; next } on && !/^config / { sub(/  +(max|avg) .*/, ""); print; exit }' "$tmp/c")
is "$(vword "$tmp/c" "$row" p50)" better "... p50 better"
"$latt" compare --fail-if worse "$tmp/live.json" "$tmp/live.json" >"$tmp/c" 2>&1
is "$?" 0 "a run against itself: not worse, exit 0"
check "... can't tell or no verdict on every metric" \
	sh -c "! sed -n '/^Verdicts/,\$p' '$tmp/c' | grep -Eq '  (better|worse)  '"
check "... and they compare" grep -q '^Comparable: ' "$tmp/c"
"$latt" compare -l "$tmp/x.json" "$tmp/y.json" >"$tmp/c1" 2>&1
"$latt" compare -l "$tmp/x.json" "$tmp/y.json" >"$tmp/c2" 2>&1
check "the same documents, the same verdicts (a generator of fixed seed)" \
	cmp -s "$tmp/c1" "$tmp/c2"

# Without -l: the compact table and only the verdicts that decide, each
# as the long form ($tmp/c1) has it.
"$latt" compare "$tmp/x.json" "$tmp/y.json" >"$tmp/cc" 2>&1
rc=$?
is "$rc:$(sed -n '/^file  /,/^$/p' "$tmp/cc" | awk 'NF { n++ } length > 100 { w++ } END { print n + 0, w + 0 }')" \
	"0:3 0" "latt compare x 8x without -l: a compact table, no line over 100 columns"
for m in p50 p99 max; do
	# The last row's: the marks of a table (tests/lib.sh), the last.
	want=$(marks "$m" '^ratio ' "$tmp/c1" | tail -c 1)
	is "$(marks "$m" '^file  ' "$tmp/cc" | tail -c 1)" "$want" \
		"... $m marked as in the long form's ratios ($want)"
done
# verdicts FILE: each verdict line's metric, verdict and change.
verdicts() {
	sed -n '/^Verdicts against/,$p' "$1" |
		awk -F'  +' '$3 ~ /^(better|worse|can.t tell|no verdict)$/ { print $2 "|" $3 "|" $4 }'
}
verdicts "$tmp/c1" | grep -E '\|(better|worse)\|' >"$tmp/want"
verdicts "$tmp/cc" >"$tmp/got"
n=$(lines "$tmp/want")
check "... its verdict lines the long form's better and worse ones ($n)" \
	sh -c "test $n -gt 0 && cmp -s '$tmp/want' '$tmp/got' &&
		grep -q '^Verdicts against .* at 95% on every metric: $n better or worse\$' '$tmp/cc'"
nv=$(verdicts "$tmp/c1" | grep -c '|no verdict|')
ct=$(verdicts "$tmp/c1" | grep -c "|can't tell|")
check "... then a line counting the others, $ct can't tell and $nv no verdict" \
	sh -c 'printf "%s\\n" "$1" | grep -Eqx "$2"' _ "$(verdict_summary "$tmp/cc")" \
		"(Can't tell $ct\\. )?No verdict $nv: .+"
# A ratio's interval: an eighth is better, above -100% (a negative
# latency is no interval).
"$latt" compare -l "$tmp/y.json" "$tmp/x.json" >"$tmp/c" 2>&1
check "an eighth: every change and bound above -100%" \
	sh -c "sed -n '/^Verdicts/,\$p' '$tmp/c' | grep -E '  (better|worse|can.t tell)  ' | grep -Eo -- '-[0-9.]+%' | awk '{ sub(/%/, \"\"); if (\$0 + 0 <= -100) bad = 1 } END { exit bad }'"

# --level: the level of the verdicts, in the header, the legend and the
# intervals, wider at 99% than at 95%.
"$latt" compare -l --level 99 "$tmp/x.json" "$tmp/y.json" >"$tmp/c99" 2>&1
is "$?" 0 "latt compare --level 99: exit 0"
check "... the verdicts are at 99% for each row" \
	grep -q '^Verdicts against .*, at 99% for each row' "$tmp/c99"
check "... and the legend says so" \
	grep -q "against the first row, at 99% for a row's metrics" "$tmp/c99"
w95=$(grep -E ' p50 +(worse|better|can.t tell) ' "$tmp/c1" | sed 's/.*\[//; s/[]%+]//g; s/,//' | awk '{ print $2 - $1 }')
w99=$(grep -E ' p50 +(worse|better|can.t tell) ' "$tmp/c99" | sed 's/.*\[//; s/[]%+]//g; s/,//' | awk '{ print $2 - $1 }')
check "... p50's interval wider at 99% ($w99 points) than at 95% ($w95)" \
	awk -v a="$w99" -v b="$w95" 'BEGIN { exit !(a + 0 > b + 0 && b + 0 > 0) }'
"$latt" compare --level 100 "$tmp/x.json" >/dev/null 2>"$tmp/err"
is "$?" 1 "--level 100: usage error"
check "... naming the value and the range" \
	grep -q "invalid --level value '100': expected a percentage above 50 and at most 99.9999" "$tmp/err"
"$latt" compare --cdf --level 99 "$tmp/x.json" >/dev/null 2>"$tmp/err"
is "$?" 1 "--cdf --level: usage error (no verdicts to level)"
run -c2 -t 1 --level 99
is "$rc" 1 "latt --level without two configurations: usage error"
run -c2 -t 1 -C a: -C b: --level 99.99.9
is "$rc" 1 "latt --level 99.99.9: usage error"

# What must match: another clocksource makes them not compare.
sed 's/"clocksource": "[^"]*"/"clocksource": "hpet-elsewhere"/' "$tmp/y.json" >"$tmp/z.json"
"$latt" compare --fail-if incomparable "$tmp/x.json" "$tmp/z.json" >"$tmp/c" 2>&1
is "$?" 7 "--fail-if incomparable: another clocksource, exit 7"
check "... the line says what differs" \
	grep -q '^Not comparable: they differ in clocksource: ' "$tmp/c"
"$latt" compare --fail-if incomparable --fail-if worse "$tmp/x.json" "$tmp/z.json" >/dev/null 2>&1
is "$?" 7 "... and with --fail-if worse too, 7 comes first"
sed 's/"kernel": "[^"]*"/"kernel": "9.9.9-other"/' "$tmp/y.json" >"$tmp/k.json"
"$latt" compare -l --fail-if incomparable "$tmp/x.json" "$tmp/k.json" >"$tmp/c" 2>&1
is "$?" 0 "another kernel is what is compared: exit 0"
check "... listed as such" grep -q '^Compared: they differ in kernel' "$tmp/c"
check "the header names the clock that ran, not the option" \
	sh -c "grep -E '^  clock  +' '$tmp/c' | grep -vq auto"

# Usage errors.
"$latt" compare --fail-if sometimes "$tmp/x.json" >/dev/null 2>"$tmp/err"
is "$?" 1 "--fail-if sometimes: usage error"
check "... naming the value" grep -q "invalid --fail-if value 'sometimes'" "$tmp/err"
"$latt" compare --fail-if worse=nosuch "$tmp/x.json" "$tmp/y.json" >/dev/null 2>"$tmp/err"
is "$?" 1 "--fail-if worse=nosuch: exit 1, the metric named ($(cat "$tmp/err"))"
run -c2 -t 1 --fail-if worse
is "$rc" 1 "latt --fail-if worse without two configurations: usage error"
run -c2 -t 1 -C a: -C b: --fail-if incomparable
is "$rc" 1 "latt --fail-if incomparable: latt compare's alone"
run -c2 -t 1 -C a: -C b: --fail-if worse=nosuch
is "$rc" 1 "latt --fail-if worse=nosuch: usage error"

# A live sweep with --fail-if worse: its status follows its verdicts.
run -q -c4 -s 10ms -S 50ms -t 1 -C a: -C b: --fail-if worse
sed -n 2p "$tmp/out" >"$tmp/q"
if grep -q '_verdict=worse' "$tmp/q"; then want=6; else want=0; fi
is "$rc" "$want" "latt --fail-if worse: exit 6 exactly when a verdict is worse"

# A sweep at --level 99: the JSON's level, each metric's at least it.
run -l -c2 -x0 -s 2ms -S 4ms -t 1 -C a: -C b: --level 99 --json "$tmp/l.json"
is "$rc" 0 "latt -C a: -C b: --level 99: exit 0"
is "$(getj "$tmp/l.json" 'configurations[1].summary.level')" 0.99 \
	"... the JSON's summary.level is 0.99"
lv=$(getj "$tmp/l.json" 'configurations[1].summary.metrics[5].level')
check "... p50's level at least 0.99 ($lv)" \
	awk -v l="$lv" 'BEGIN { exit !(l + 0 >= 0.99 && l + 0 < 1) }'
check "... and the report says 99%" grep -q '^Verdicts against a, at 99% for each row' "$tmp/out"

# -q, the table and the JSON summary take -p's percentiles.
run -q -p 95,99.5 -t 1 --json "$tmp/p.json"
check "-q -p 95,99.5: p95= and p99.5= on the line" \
	grep -Eq ' p95=[0-9.]+ p99\.5=[0-9.]+ ' "$tmp/out"
check "... and not the default p99, p50, p99.9" \
	sh -c "! grep -Eq ' (p99|p50|p99\\.9)=' '$tmp/out'"
is "$(getj "$tmp/p.json" 'configurations[0].summary.metrics[4].name') $(getj "$tmp/p.json" 'configurations[0].summary.metrics[5].name')" \
	"p95 p99.5" "... the JSON summary's metrics too"

# -p 100: the largest sample, under its own name, beside max.
run -q -c2 -s 1 -S 3 -p 50,100 -t 1
is "$rc" 0 "-q -p 50,100: exit 0 ($(head -n 1 "$tmp/err" 2>/dev/null))"
check "... p100= is max=" sh -c "tr ' ' '\\n' <'$tmp/out' | awk -F= '\$1 == \"max\" { m = \$2 } \$1 == \"p100\" { p = \$2 } END { exit !(m != \"\" && m == p) }'"
