#!/bin/sh
# latt compare: saved --json results side by side, ratios to the first
# row marked with their verdicts; every kind of bad input is one line and
# exit 1.
. "${top_srcdir:-.}/tests/lib.sh"

plan 78

check_bin="${JSON_CHECK:-$(pwd)/tests/json-check}"
get() {
	"$check_bin" --get "$@"
}

run -c2 -s1 -S2 -x0 -t 0.4 --json "$tmp/a.json" --label "base line"
# (The command lasts until its run has measured a wakeup: -i says when.)
run -c2 -s1 -S2 -x0 -r2 -C one: -C two:nice=5 -i 0.01 --json "$tmp/b.json" -- "$until_measured"
run -c2 -s1 -S2 -x0 -t 0.4 --json "$tmp/c.json"

cmp_run -l "$tmp/a.json" "$tmp/b.json"
is "$rc" 0 "two files: exit 0"
check "... a column per file, headed by its label, or kernel and file name" \
	sh -c "head -n 1 '$tmp/out' | grep -q '^   *base line   *$(uname -r) (b.json)\$' &&
		grep -q '^  file  .*a.json  *$tmp/b.json\$' '$tmp/out'"
check "... the facts that decide whether they compare, one row each" \
	sh -c "for f in kernel preemption autogroup HZ 'PM QoS' clocksource \
		'CPU model' CPUs host latt clients wait work duration clock \
		mechanism command scheduler \"latt's load\" 'config default' \
		'config one' 'config two'; do
		grep -q \"^[* ] \$f  \" '$tmp/out' || exit 1; done"
check "... the rows that differ marked (duration, command), the others not" \
	sh -c "grep -q '^\* duration ' '$tmp/out' && grep -q '^\* command ' '$tmp/out' &&
		grep -q '^  kernel ' '$tmp/out' &&
		grep -q '^\* differs between the files' '$tmp/out' &&
		grep -q '^Comparable: ' '$tmp/out' &&
		grep -q '^Compared: they differ in duration, command' '$tmp/out'"
check "... a configuration's settings, - where a file has none of that name" \
	sh -c "grep -q '^  config two  *-  *nice=5\$' '$tmp/out'"
is "$(awk '$1 == "file" && $2 == "config" { on = 1; next } on && NF == 0 { exit } on { n++ } END { print n }' "$tmp/out")" 3 \
	"... a row per configuration of every file"
row=$(grep '^base line  *default ' "$tmp/out" | head -n 1)
is "$(echo "$row" | awk '{ print $4, $5, $6 }')" \
	"1 $(get "$tmp/a.json" 'configurations[0].runs[0].wakeup.count') $(get "$tmp/a.json" 'configurations[0].runs[0].wakeup.max_ns' | awk '{ printf "%.1f", $1 / 1000 }')" \
	"... the values round-trip: runs, entries and max from the JSON"
is "$(grep "^$(uname -r) (b.json) *two " "$tmp/out" | head -n 1 | awk '{ print $4 }')" 2 \
	"... a configuration's runs are counted"
# The ratio table's row (a row's note under the tables bears its name too).
check "... the first ratio row is all 1.000" \
	sh -c "awk '/^ratio / { on = 1; next } on && /^\$/ { exit } on' '$tmp/out' |
		grep '^base line  *default ' | awk '{ n++; for (i = 4; i <= 9; i++) if (\$i != \"1.000\") bad = 1 }
			END { exit bad || n != 1 }'"
check "... the command's time where there was one, - where not" \
	sh -c "grep '^base line  *default ' '$tmp/out' | head -n 1 | awk '{ exit !(\$13 == \"-\") }' &&
		grep '(b.json) *one ' '$tmp/out' | head -n 1 | awk '{ exit !(\$13 + 0 > 0) }'"

# The same files without -l: the compact table and the verdicts that
# decide, against the long form's ($tmp/long).
cp "$tmp/out" "$tmp/long"
cmp_run "$tmp/a.json" "$tmp/b.json"
check "without -l: a compact table, a row per configuration, no line over 100 columns" \
	sh -c "test $rc -eq 0 &&
		sed -n '/^file  /,/^\$/p' '$tmp/out' | awk 'NF { n++ } length > 100 { exit 1 } END { exit n != 4 }' &&
		! grep -q '^ratio ' '$tmp/out'"
for m in p50 p99 max; do
	want=$(marks "$m" '^ratio ' "$tmp/long")
	is "$(marks "$m" '^file  ' "$tmp/out")" "$want" \
		"... $m's marks those of the long form's ratios ($want)"
done
# The verdict lines: those between the heading and the summary line.
sed -n '/^Verdicts against base line default at 95% on every metric: /,/^\(Can.t tell\|No verdict\)/p' "$tmp/out" |
	sed '1d;$d' >"$tmp/verdicts"
n=$(sed -n 's/^Verdicts against base line default at 95% on every metric: \([0-9]*\|none\) better or worse$/\1/p' "$tmp/out" |
	sed 's/none/0/')
want=$(grep -Ec '  (better|worse)  ' "$tmp/long")
is "$n:$(lines "$tmp/verdicts"):$(grep -Evc '^[^ ]+ \(b\.json\) (one|two)  [a-z0-9_.]+ +(better|worse)  ' "$tmp/verdicts")" \
	"$want:$want:0" "... only the better or worse verdicts, as many as the long form has"
# a.json's one run: some metric has no verdict.
summary=$(verdict_summary "$tmp/out")
want=$(grep -c '  no verdict  ' "$tmp/long")
is "$(echo "$summary" | awk '{ c = 0 } /^Can.t tell/ { c = $3 + 0 } { print c }'):$(echo "$summary" |
	sed -n 's/.*No verdict \([0-9]*\): .*/\1/p'):$(echo "$summary" | sed 's/^[^:]*: //' |
	tr ';' '\n' | awk -F': ' '{ n += $NF } END { print n + 0 }')" \
	"$(grep -c "  can't tell  " "$tmp/long"):$want:$want" \
	"... then the others counted as in the long form, the reasons adding up ($summary)"

# Noise: a file against itself differs by nothing.
cmp_run -l "$tmp/c.json" "$tmp/c.json"
line=$(awk '/^ratio/ { on = 1; next } on && /^$/ { exit } on' "$tmp/out" | tail -n 1)
check "a file against itself: no metric better or worse" \
	sh -c "echo '$line' | grep -q '1\.000[~?]' && ! echo '$line' | grep -q '[0-9][wb]'"
check "... and the marks explained" grep -q '^w worse, b better, ~ can.t tell, ? no verdict' "$tmp/out"
cmp_run "$tmp/c.json" "$tmp/c.json"
check "... without -l: none better or worse, no verdict line, the others counted" \
	sh -c "grep -q '^Verdicts against .* at 95% on every metric: none better or worse\$' '$tmp/out' &&
		sed -n '/^Verdicts against/{n;p;q}' '$tmp/out' | grep -Eqx \"(Can't tell [0-9]+\\. )?No verdict [0-9]+: .*|Can't tell [0-9]+\\.?\""
# Runs of one configuration against another: the spread decides.
cmp_run -l "$tmp/b.json"
is "$rc" 0 "one file with two configurations: exit 0"
# The rows of the two tables, not a row's note under them ("[the waker
# woke late ...]", on a loaded machine), which bears its name too.
is "$(awk '/^(file|ratio) / { on = 1; next } on && /^$/ { on = 0 } on' "$tmp/out" |
	grep -c '(b.json) *\(one\|two\) ')" 4 "... compared with each other"
check "... the second against the first in the verdicts" \
	grep -q "^Verdicts against $(uname -r) (b.json) one, " "$tmp/out"

# -p in any order: a document of latt's is read back.
run -c1 -s1 -S2 -x0 -t 0.3 -p 99,50 --json "$tmp/p.json"
cmp_run "$tmp/p.json"
is "$rc" 0 "percentiles written as -p 99,50 gave them: read back"

# Not comparable: autogroup on in one, off in the other.
sed 's/"autogroup": [a-z]*/"autogroup": true/' "$tmp/c.json" >"$tmp/on.json"
sed 's/"autogroup": [a-z]*/"autogroup": false/' "$tmp/c.json" >"$tmp/off.json"
cmp_run "$tmp/on.json" "$tmp/off.json"
check "autogroup on against off: both shown, the row marked" \
	sh -c "test $rc -eq 0 && grep -q '^\* autogroup  *on  *off\$' '$tmp/out'"
cmp_run -l "$tmp/on.json" "$tmp/on.json"
check "... and not marked when they agree" \
	sh -c "grep -q '^  autogroup  *on  *on\$' '$tmp/out' && ! grep -q '^\*' '$tmp/out'"

# Bad input: one line naming the file and what is wrong, exit 1.
printf '{' >"$tmp/open.json"
head -c 300 "$tmp/a.json" >"$tmp/cut.json"
: >"$tmp/empty.json"
echo 'hello, world' >"$tmp/text.json"
echo '{"a": 1}' >"$tmp/foreign.json"
sed 's/"schema_version": 1/"schema_version": "1"/' "$tmp/a.json" >"$tmp/type.json"
sed 's/"schema_version": 1/"schema_version": 99/' "$tmp/a.json" >"$tmp/future.json"
sed 's/"count": [0-9]*/"count": "many"/' "$tmp/a.json" >"$tmp/count.json"
sed 's/"histogram": \[/"histogram": [ 7,/' "$tmp/a.json" >"$tmp/hist.json"
# The first bucket's count: below 0, or not what the count says.
awk '/"histogram"/ && !h { h = NR } h && NR == h + 3 && !d { sub(/[0-9]+/, "-1"); d = 1 } { print }' \
	"$tmp/a.json" >"$tmp/negative.json"
awk '/"histogram"/ && !h { h = NR } h && NR == h + 3 && !d { sub(/[0-9]+/, "999999"); d = 1 } { print }' \
	"$tmp/a.json" >"$tmp/sum.json"
# Hostile numbers: refused, never printed as inf or nan.
first() {
	sed "0,/\"$1\": [^,]*,/s//\"$1\": $2,/" "$tmp/a.json" >"$tmp/$3.json"
}
first mean_ns NaN nan
first mean_ns Infinity inf
first mean_ns 1e999 huge
first system_cs_per_s 5e-324 tiny
first count 18446744073709551615 count64
first count "$(get "$tmp/a.json" 'configurations[0].runs[0].wakeup.count').0" countf
first min_ns 999999999 minmax
# p99 at the min, p50 at the max: in range, out of order.
lo=$(get "$tmp/p.json" 'configurations[0].runs[0].wakeup.min_ns')
hi=$(get "$tmp/p.json" 'configurations[0].runs[0].wakeup.max_ns')
awk -v lo="$lo" -v hi="$hi" '/"ns":/ && n < 2 { sub(/[0-9]+/, n ? hi : lo); n++ } { print }' \
	"$tmp/p.json" >"$tmp/order.json"
# Two buckets of 2^53: each in range, their sum not.
awk '/"histogram"/ && !h { h = NR } h && (NR == h + 3 || NR == h + 7) && d < 2 { sub(/[0-9]+/, "9007199254740992"); d++ } { print }' \
	"$tmp/a.json" >"$tmp/overflow.json"
for f in open cut empty text foreign type future count hist negative sum missing \
	nan inf huge tiny count64 countf minmax order overflow; do
	cmp_run "$tmp/a.json" "$tmp/$f.json"
	check "$f.json: exit 1, one line naming it, nothing on stdout ($(cat "$tmp/err"))" \
		sh -c "test $rc -eq 1 && test \$(wc -l <'$tmp/err') -eq 1 &&
			grep -q '^latt compare: $tmp/$f.json: ' '$tmp/err' && test ! -s '$tmp/out'"
done
# JSON, but not an object: said so (null was said as nothing, and by
# latt calibrate --from as bytes of memory), with or without a newline.
bad=
for v in null 0 true '"x"' '[1]'; do
	for nl in '' '\n'; do
		printf "%s$nl" "$v" >"$tmp/scalar.json"
		cmp_run "$tmp/a.json" "$tmp/scalar.json"
		grep -q "^latt compare: $tmp/scalar.json: not a latt document: its JSON is [a-z ]*, not an object\$" "$tmp/err" &&
			[ "$rc" = 1 ] || bad="$bad $v"
		"$latt" calibrate --from "$tmp/a.json" "$tmp/scalar.json" -o "$tmp/sc-p.json" >/dev/null 2>"$tmp/err"
		grep -q "^latt calibrate: $tmp/scalar.json: not a latt document: its JSON is [a-z ]*, not an object\$" "$tmp/err" ||
			bad="$bad calibrate:$v"
	done
done
is "$bad" "" "null, 0, true, a string, an array (with a newline or without): not a latt document, exit 1"
cmp_run "$tmp"
check "a directory: exit 1, one line" sh -c "test $rc -eq 1 && test \$(wc -l <'$tmp/err') -eq 1"
cmp_run /dev/zero
check "/dev/zero: not JSON at byte 0, exit 1 ($(cat "$tmp/err"))" \
	sh -c "test $rc -eq 1 && grep -q '^latt compare: /dev/zero: not JSON' '$tmp/err'"

# Memory: a document of empty objects (some 750 bytes each in json-c)
# under the size and value limits is refused by what its objects take,
# within 256 MB of address space; below what it needs, an allocation
# that fails is said as such.  (Not under a sanitizer, whose shadow
# memory no such limit leaves room for.)
awk 'BEGIN { printf "{\"x\":["; for (i = 0; i < 300000; i++)
	printf "%s{\"a\":{\"a\":{}}}", i ? "," : ""; print "]}" }' >"$tmp/nested.json"
if (ulimit -v 262144 && "$latt" compare "$tmp/a.json" >/dev/null 2>&1); then
	(ulimit -v 262144 && exec "$latt" compare "$tmp/nested.json") >"$tmp/out" 2>"$tmp/err"
	rc=$?
	check "nested objects: refused for their memory within 256 MB, exit 1 ($(cat "$tmp/err"))" \
		sh -c "test $rc -eq 1 && grep -q '^latt compare: .*nested.json: larger than latt writes (its values would take over 224 MiB of memory)\$' '$tmp/err'"
	(ulimit -v 65536 && exec "$latt" compare "$tmp/nested.json") >"$tmp/out" 2>"$tmp/err"
	rc=$?
	check "... in 64 MB: the failed allocation said as such ($(cat "$tmp/err"))" \
		sh -c "test $rc -eq 1 && grep -q '^latt compare: .*nested.json: out of memory: json-c could not allocate, at byte [0-9]*\$' '$tmp/err'"
else
	skip "ulimit -v leaves latt compare no room (a sanitizer build)"
	skip "ulimit -v leaves latt compare no room (a sanitizer build)"
fi

# Hostile strings: shown escaped, a NUL too, never sent raw.
sed -e 's/"label": "base line"/"label": "\\u001b]0;owned\\u0007\\u0000x"/' \
	-e 's/"kernel": "[^"]*"/"kernel": "k\\u001b[2J\\r"/' "$tmp/a.json" >"$tmp/esc.json"
cmp_run -l "$tmp/esc.json"
check "control characters in a label and the kernel: exit 0, shown escaped" \
	sh -c "test $rc -eq 0 && grep -qF '\\x1b]0;owned\\x07\\x00x' '$tmp/out' &&
		grep -qF 'k\\x1b[2J\\r' '$tmp/out'"
check "... and no control character but the newline in the output" \
	sh -c "! LC_ALL=C grep -q '[[:cntrl:]]' '$tmp/out'"
cmp_run
check "no file: a usage error in one line, as latt's" sh -c "test $rc -eq 1 && test \$(wc -l <'$tmp/err') -eq 1 && grep -qx 'latt compare: no file to compare' '$tmp/err'"
cp "$tmp/a.json" "$tmp/a-copy.json"
cmp_run "$tmp/a.json" "$tmp/a-copy.json"
check "a document given twice (a copy): compared, and a note says it is compared with itself" \
	sh -c "test $rc -eq 0 && test \$(wc -l <'$tmp/err') -eq 1 &&
		grep -qx 'latt compare: note: $tmp/a-copy.json is the same document as $tmp/a.json: its rows are compared with themselves' '$tmp/err'"
cmp_run "$tmp/a.json" "$tmp/a.json"
check "... the same name twice: said so" \
	grep -qx "latt compare: note: $tmp/a.json is given twice: its rows are compared with themselves" "$tmp/err"
cmp_run "$tmp/a.json" -- "$tmp/a-copy.json"
check "... in two groups: one invocation on both sides" \
	grep -qx "latt compare: note: $tmp/a-copy.json is the same document as $tmp/a.json: one invocation (a boot) counts on both sides" "$tmp/err"
cmp_run -V
is "$rc:$(cat "$tmp/out")" "0:$("$latt" -V)" "-V: latt's version, as latt -V prints it, exit 0"
cmp_run --version
is "$rc:$(cat "$tmp/out")" "0:$("$latt" -V)" "--version: the same"
cmp_run --frobnicate "$tmp/a.json"
check "an unknown option: a usage error naming it as latt does, then where help is" \
	sh -c "test $rc -eq 1 && test \$(wc -l <'$tmp/err') -eq 2 && grep -qx \"latt compare: unrecognized option '--frobnicate'\" '$tmp/err' && grep -qx \"Try 'latt compare --help' for more information.\" '$tmp/err'"
cmp_run -ab "$tmp/a.json"
check "an unknown letter in a cluster (-ab): named as -a, not as the program" \
	sh -c "test $rc -eq 1 && grep -qx \"latt compare: unrecognized option '-a'\" '$tmp/err'"
cmp_run --level
check "an option without its value: said as latt says it, then where help is" \
	sh -c "test $rc -eq 1 && grep -qx \"latt compare: option '--level' requires an argument\" '$tmp/err'"
cmp_run --level 3 "$tmp/a.json"
check "a bad value: one line, as latt's" \
	sh -c "test $rc -eq 1 && test \$(wc -l <'$tmp/err') -eq 1 && grep -q \"^latt compare: invalid --level value '3'\" '$tmp/err'"

# --cdf: a block per configuration for plotting, fractions rising to 1.
cmp_run --cdf "$tmp/a.json" "$tmp/b.json"
is "$(grep '^# ' "$tmp/out" | grep -c '	clients$'):$(grep '^# ' "$tmp/out" | grep -c '	command$')" 3:2 \
	"--cdf: a block per configuration, and one of the command's own waits where it ran"
check "... each rising to 1, its tail falling to 0" \
	awk 'NF == 3 && $1 !~ /^#/ { if ($2 < last) bad = 1; last = $2; end = $2; tail = $3 }
		NF == 0 && end { if (end != 1 || tail != 0) bad = 1; end = 0; last = 0 }
		END { exit bad }' "$tmp/out"

# contrib/latt-plot: an image of both files.
if command -v gnuplot >/dev/null 2>&1; then
	LATT="$latt" "$top_srcdir/contrib/latt-plot" -o "$tmp/p.png" "$tmp/a.json" "$tmp/b.json" \
		>"$tmp/out" 2>"$tmp/err"
	check "latt-plot -o p.png: a PNG image" \
		sh -c "test $? -eq 0 && test -s '$tmp/p.png' && head -c 8 '$tmp/p.png' | grep -q PNG"
	LATT="$latt" "$top_srcdir/contrib/latt-plot" -o "$tmp/p.svg" "$tmp/a.json" >/dev/null 2>&1
	check "latt-plot -o p.svg: an SVG image" grep -q '<svg' "$tmp/p.svg"
	# A long title: wrapped whole at spaces, not one line clipped at
	# both ends; past three lines its start kept and "..." at the end.
	long="$(printf 'word%03d ' $(seq 1 30))"
	LATT="$latt" "$top_srcdir/contrib/latt-plot" -o "$tmp/t.svg" -t "$long" "$tmp/a.json" >/dev/null 2>&1
	grep -o '<text[^>]*>word[^<]*' "$tmp/t.svg" | sed 's/<text[^>]*>//' >"$tmp/title"
	check "latt-plot: a long title wrapped to lines of at most 90 characters" \
		sh -c "test \$(wc -l <'$tmp/title') -ge 2 && ! grep -q '.\\{91\\}' '$tmp/title'"
	long="$(printf 'word%03d ' $(seq 1 80))"
	LATT="$latt" "$top_srcdir/contrib/latt-plot" -o "$tmp/t.svg" -t "$long" "$tmp/a.json" >/dev/null 2>&1
	grep -o '<text[^>]*>word[^<]*' "$tmp/t.svg" | sed 's/<text[^>]*>//' >"$tmp/title"
	check "... a longer one shortened to three lines from its start, ending in ..." \
		sh -c "test \$(wc -l <'$tmp/title') -eq 3 && head -n 1 '$tmp/title' | grep -q '^word001 word002' && tail -n 1 '$tmp/title' | grep -q ' \\.\\.\\.\$'"
	# One label twice (a kernel's release on both files): told apart.
	LATT="$latt" "$top_srcdir/contrib/latt-plot" -o "$tmp/d.svg" "$tmp/a.json" "$tmp/a.json" >/dev/null 2>&1
	grep -o '<text[^>]*>[^<]*default[^<]*' "$tmp/d.svg" | sed 's/<text[^>]*>//' | sort -u >"$tmp/keys"
	check "latt-plot of two files of one label: a key each, the second marked (2)" \
		sh -c "test \$(wc -l <'$tmp/keys') -eq 2 && grep -q ' default (2): p50 [-+][0-9.]*% [a-z]' '$tmp/keys'"
	# Each line after the first: its p50's and p99's verdicts, as latt
	# compare's (a saved sweep: can't tell; a copy of the first with -s
	# 99: the same).
	golden="$top_srcdir/tests/expected/golden/sweep.json"
	LATT="$latt" "$top_srcdir/contrib/latt-plot" -o "$tmp/v.svg" "$golden" >/dev/null 2>&1
	grep -o '<text[^>]*>golden [^<]*' "$tmp/v.svg" | sed 's/<text[^>]*>//' | sort -u >"$tmp/keys"
	check "latt-plot: each line after the first with its verdicts, as latt compare's" \
		sh -c "grep -qx 'golden base' '$tmp/keys' &&
			grep -qx \"golden batch: p50 +54.5% can't tell, p99 +16.1% can't tell\" '$tmp/keys' &&
			grep -qx \"golden few: p50 +2.2% can't tell\" '$tmp/keys'"
	"$check_bin" --put-config "$golden" "$golden" batch >"$tmp/dupg.json"
	LATT="$latt" "$top_srcdir/contrib/latt-plot" -s 99 -o "$tmp/v.svg" "$tmp/dupg.json" >/dev/null 2>&1
	check "latt-plot -s 99: the same within +-99%, said" \
		grep -q '>golden batch: p50 +0.0% same, p99 ' "$tmp/v.svg"
	LATT="$latt" "$top_srcdir/contrib/latt-plot" -o "$tmp/q.png" "$tmp/open.json" >/dev/null 2>"$tmp/err"
	check "latt-plot on a bad file: exit 1, latt's one line, no image" \
		sh -c "test $? -eq 1 && grep -q '^latt compare: .*open.json: ' '$tmp/err' && test ! -e '$tmp/q.png'"
else
	for i in 1 2 3 4 5 6 7 8; do
		skip "gnuplot is not installed"
	done
fi
"$top_srcdir/contrib/latt-plot" --help >"$tmp/out" 2>"$tmp/err"
is "$?:$(head -n 1 "$tmp/out"):$(cat "$tmp/err")" \
	"0:Usage: latt-plot [-o FILE.png|FILE.svg] [-t TITLE] [-s PCT] A.json [B.json ...]:" \
	"latt-plot --help: the usage on stdout, exit 0, nothing on stderr"
"$top_srcdir/contrib/latt-plot" --bogus a.json >"$tmp/out" 2>"$tmp/err"
is "$?:$(head -n 1 "$tmp/err")" "1:latt-plot: unknown option '--bogus'" \
	"latt-plot --bogus: exit 1, the option named (no 'Illegal option')"

# A fact one file does not know is no difference: a HZ a short run could
# not tell ("unknown") beside a known one.
sed 's/"hz": 250/"hz": null/' "$top_srcdir/tests/expected/golden/single.json" \
	>"$tmp/nohz.json"
cmp_run -l "$top_srcdir/tests/expected/golden/single.json" "$tmp/nohz.json"
check "an unknown HZ beside 250: shown, not a difference (exit $rc)" \
	sh -c "test $rc -eq 0 && grep -q '^  HZ  *250  *unknown\$' '$tmp/out' &&
		grep -q '^Comparable: ' '$tmp/out' &&
		! grep -q '^Compared: ' '$tmp/out'"

# "-": the standard input, once.
"$latt" compare - "$tmp/a.json" <"$tmp/b.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "latt compare - a.json: the standard input read as a file (-)" \
	sh -c "test $rc -eq 0 && head -n 2 '$tmp/out' | grep -q '^  file  *-  *'"
"$latt" compare - - <"$tmp/b.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "... given twice: refused in one line" \
	sh -c "test $rc -eq 1 && grep -q '^latt compare: -: the standard input is given once\$' '$tmp/err' && test ! -s '$tmp/out'"
