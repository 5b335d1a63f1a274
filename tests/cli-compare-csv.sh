#!/bin/sh
# latt compare --csv: the values and verdicts as CSV, a row per row of
# the table and metric, saying what -l says (every verdict, its change,
# interval and level, --same-within's interval); fields quoted as RFC
# 4180 says; what does not go with it.  Deterministic: a saved sweep
# whose verdicts are better, worse, same, can't tell and none.
. "${top_srcdir:-.}/tests/lib.sh"

plan 15

check_bin="${JSON_CHECK:-$(pwd)/tests/json-check}"
doc="${top_srcdir:-.}/tests/expected/golden/sweep.json"
head='group,config,metric,value,unit,verdict,change,change_low,change_high,level,same_within,same_low,same_high,more_runs,more_invocations'

"$latt" compare --csv --same-within 50 "$doc" >"$tmp/csv" 2>"$tmp/err"
is "$?" 0 "latt compare --csv --same-within 50: exit 0"
is "$(head -n 1 "$tmp/csv")" "$head" "... the header row, its columns in order"
check "... nothing on stderr, no table, no profile line" \
	sh -c "test ! -s '$tmp/err' && ! grep -q 'Verdicts against\\|Between files\\|Comparable' '$tmp/csv'"
rows=$(sed 1d "$tmp/csv" | cut -d, -f2 | sort -u | tr '\n' ' ')
is "$rows" "base batch few " "... rows of the table's three configurations"
check "... every row 15 fields, each row of the table as many metrics" \
	sh -c "sed 1d '$tmp/csv' | awk -F, 'NF != 15 { exit 1 } { n[\$2]++ } END { for (r in n) if (n[r] != n[\"base\"]) exit 1 }'"
check "... the first row: no verdict fields" \
	sh -c "grep '^golden,base,' '$tmp/csv' | awk -F, '\$6 \$7 \$8 \$9 \$10 \$11 \$12 \$13 \$14 \$15 != \"\" { exit 1 }'"

# Each verdict as -l says it: its word, and its change to the tenth of
# a percent.
"$latt" compare -l --same-within 50 "$doc" >"$tmp/long" 2>&1
sed -n '/^Verdicts against/,$p' "$tmp/long" | awk '
	$1 == "golden" && ($4 == "better" || $4 == "worse" || $4 == "same" ||
			   $4 == "can'"'"'t" || $4 == "no") {
		w = $4 == "can'"'"'t" ? "cant_tell" : $4 == "no" ? "none" : $4
		print $2 "," $3 "," w
	}' | sort >"$tmp/words"
awk -F, 'NR > 1 && $6 != "" { print $2 "," $3 "," $6 }' "$tmp/csv" | sort >"$tmp/tokens"
check "... every verdict the word -l says ($(wc -l <"$tmp/words") of them)" \
	sh -c "test -s '$tmp/words' && cmp -s '$tmp/words' '$tmp/tokens'"
check "... better, worse, same, can't tell and none among them" \
	sh -c "for w in better worse same cant_tell none; do grep -q \",\$w\\\$\" '$tmp/tokens' || exit 1; done"
check "... fps same: change +0.0%, its 90% interval [-3.2%, +3.3%] within 0.5" \
	sh -c "grep '^golden,few,fps,' '$tmp/csv' | awk -F, '\$6 == \"same\" && \$11 == 0.5 &&
		sprintf(\"%.1f %.1f %.1f\", 100 * \$7, 100 * \$12, 100 * \$13) == \"0.0 -3.2 3.3\" { ok = 1 } END { exit !ok }'"
check "... wall_s better: -93.3% [-93.7%, -93.0%] at the row's level, its 90% interval past the bound" \
	sh -c "grep '^golden,few,wall_s,' '$tmp/csv' | awk -F, '\$6 == \"better\" && \$10 > 0.95 && \$10 < 1 && \$11 == 0.5 && \$12 < -0.5 &&
		sprintf(\"%.1f %.1f %.1f\", 100 * \$7, 100 * \$8, 100 * \$9) == \"-93.3 -93.7 -93.0\" { ok = 1 } END { exit !ok }'"

# A label with a comma and a quote: that field quoted, the quote doubled.
sed 's/"label": "golden"/"label": "k,\\"1"/' "$doc" >"$tmp/q.json"
"$latt" compare --csv "$tmp/q.json" >"$tmp/csv" 2>&1
check "a label with a comma and a quote: quoted as RFC 4180 says" \
	sh -c "sed -n 2p '$tmp/csv' | grep -q '^\"k,\"\"1\",base,entries,'"

# What does not go with it: one line, where help is.
"$latt" compare --csv -l "$doc" >/dev/null 2>"$tmp/err"
st=$?
check "--csv -l: a usage error, said in one line ($st)" \
	sh -c "test $st -eq 1 && head -n 1 '$tmp/err' | grep -q 'no --long with it'"
"$latt" compare --csv --cdf "$doc" >/dev/null 2>"$tmp/err"
st=$?
"$latt" compare --csv --plan 10 "$doc" >/dev/null 2>>"$tmp/err"
st="$st:$?"
check "--csv --cdf, --csv --plan: usage errors ($st)" \
	sh -c "test $st = 1:1 && grep -q 'no --long or --csv with it' '$tmp/err' && grep -q 'no --cdf, --csv,' '$tmp/err'"

# Files that do not compare: no header to say so, but --fail-if
# incomparable still exits 7.
sed 's/"cpu_model": "[^"]*"/"cpu_model": "another CPU"/' "$doc" >"$tmp/other.json"
"$latt" compare --csv --fail-if incomparable "$doc" "$tmp/other.json" >"$tmp/csv" 2>"$tmp/err"
st=$?
check "--csv --fail-if incomparable of another CPU's file: exit 7, the rows written ($st)" \
	sh -c "test $st -eq 7 && test \$(grep -c '^golden,' '$tmp/csv') -gt 10"
check "... and why on standard error, one line ($(cat "$tmp/err"))" \
	sh -c "test \$(wc -l <'$tmp/err') -eq 1 && grep -q '^latt compare: --fail-if incomparable: the files differ in CPU model' '$tmp/err'"
