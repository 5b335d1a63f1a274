#!/bin/sh
# --json: the document checked field by field against man/latt-json.5
# (every documented field present with its type, nothing undocumented,
# percentiles reproduced from the histograms), its values against the
# text report, --json - alone on stdout, and files written whole or not
# at all.  tests/json-check reads it with json-c.
. "${top_srcdir:-.}/tests/lib.sh"

plan 40

check_bin="${JSON_CHECK:-$(pwd)/tests/json-check}"
get() {
	"$check_bin" --get "$@"
}
# The schema as the manual documents it: "PATH TYPE|TYPE" a line.
sed -n 's/^\.BR "\([^"]*\)" " (\([^)]*\))"$/\1 \2/p' \
	"$top_srcdir/man/latt-json.5" | sed 's/\\-/-/g; s/ or /|/g' >"$tmp/schema"
n=$(wc -l <"$tmp/schema")
check "the manual documents the fields ($n)" test "$n" -gt 100

# Two configurations, two runs each, a command (lasting until its run has
# measured a wakeup: -i) with a figure of its own, a label, the
# kernel's figure per wakeup.
run -c2 -s1 -S2 -x0 -r2 -C a: -C b:nice=3 --label "kernel A" -b 1h --explain=2 \
	--kernel-view -i 0.01 --target-metric 'fps+=([0-9]+) fps' \
	--json "$tmp/j.json" -- sh -c '"$0"; echo 1 fps; exit 0' "$until_measured"
is "$rc" 0 "--json FILE: exit 0"
check "... the text report still on stdout" grep -q '^config ' "$tmp/out"
"$check_bin" "$tmp/j.json" "$tmp/schema" 2>"$tmp/check"
st=$?
# What a run was judged against (--against): tests/cli-against.sh.
if [ "$st" -ne 0 ] && grep -q '^# against.*never met' "$tmp/check"; then
	grep -v '^# against.*never met' "$tmp/check" >"$tmp/check3" || true
	mv "$tmp/check3" "$tmp/check"
	! grep -v 'fields checked' "$tmp/check" | grep -q .
	st=$?
fi
# Without a trace (no rights, no libtracefs), --explain has no wakeups;
# a run whose worst wakeups did not migrate has no moves (cli-trace.sh
# checks them on a run that does).
if grep -q 'no trace' "$tmp/err"; then
	grep -v 'explained.wakeups.*never met\|fields checked' "$tmp/check" >"$tmp/check2" || true
	test ! -s "$tmp/check2"
	st=$?
elif ! grep -q '"how"' "$tmp/j.json"; then
	grep -v 'explained.wakeups\[\].moves\[\].*never met\|fields checked' "$tmp/check" >"$tmp/check2" || true
	test ! -s "$tmp/check2"
	st=$?
fi
ok $st "... every documented field present with its type, none undocumented, percentiles from the histograms"
sed 's/^/  /' "$tmp/check"
is "$(get "$tmp/j.json" schema_version)" 1 "... schema_version 1"
is "$(get "$tmp/j.json" tool.version)" "$("$latt" -V | cut -d' ' -f2)" "... the tool's version"
is "$(get "$tmp/j.json" label)" "kernel A" "... the label"
is "$(get "$tmp/j.json" command_line)" \
	"[\"$latt\",\"-c2\",\"-s1\",\"-S2\",\"-x0\",\"-r2\",\"-C\",\"a:\",\"-C\",\"b:nice=3\",\"--label\",\"kernel A\",\"-b\",\"1h\",\"--explain=2\",\"--kernel-view\",\"-i\",\"0.01\",\"--target-metric\",\"fps+=([0-9]+) fps\",\"--json\",\"$tmp/j.json\",\"--\",\"sh\",\"-c\",\"\\\"\$0\\\"; echo 1 fps; exit 0\",\"$until_measured\"]" \
	"... the command line, word by word"
is "$(get "$tmp/j.json" system.kernel)" "$(uname -r)" "... the kernel"
is "$(get "$tmp/j.json" system.cpus)" "$(getconf _NPROCESSORS_ONLN)" "... the CPUs"
is "$(get "$tmp/j.json" 'configurations[0].name') $(get "$tmp/j.json" 'configurations[1].name')" \
	"a b" "... the configurations in order"
is "$(get "$tmp/j.json" 'configurations[1].settings')" "nice=3" "... with their settings"
is "$(get "$tmp/j.json" 'configurations[1].runs[1].run')" 2 "... two runs each"
n=$(sed -n 's/^run 2\/2 b: entries \([0-9]*\),.*/\1/p' "$tmp/out")
is "$(get "$tmp/j.json" 'configurations[1].runs[1].wakeup.count')" "$n" \
	"... the counts those of the text report"
is "$(get "$tmp/j.json" 'configurations[0].runs[0].target.exit_status')" 0 \
	"... the command's exit status"
is "$(get "$tmp/j.json" 'configurations[0].runs[0].status.stop')" command \
	"... how the run ended"
sum=$(for i in 0 1; do get "$tmp/j.json" "configurations[0].runs[0].clients[$i].count"; done |
	awk '{ s += $1 } END { print s }')
is "$sum" "$(get "$tmp/j.json" 'configurations[0].runs[0].wakeup.count')" \
	"... the clients' counts add up"

# --json -: the document alone on stdout.
run -c2 -s1 -S2 -x0 -t 0.2 --json -
"$check_bin" "$tmp/out" "$tmp/schema" 2>"$tmp/check"
st=$?
# Without a command the target's fields are never met, without
# --kernel-view the figures per wakeup: only those.
check "--json -: stdout is the document alone" \
	sh -c "test $rc -eq 0 && test $st -le 1 && ! grep -v 'target.*never met\|breaktrace.*never met\|explained.*never met\|per_wakeup.*never met\|^# against.*never met\|fields checked' '$tmp/check' | grep -q ."
run -c2 -s1 -S2 -x0 -t 0.2 --json - -o "$tmp/rep"
check "--json - -o FILE: the report in FILE" \
	sh -c "test $rc -eq 0 && grep -q '^Entries logged' '$tmp/rep' && test \"\$(head -c1 '$tmp/out')\" = '{'"
run -q --json - -t 0.1
is "$rc" 1 "--json - -q: a usage error"
run -o "$tmp/same" --json "$tmp/same" -t 0.1
is "$rc" 1 "-o and --json naming one file: a usage error"
run -t 5 --json "$tmp/no/such/dir/j.json"
check "--json in a missing directory: exit 2 before the run, naming it" \
	sh -c "test $rc -eq 2 && grep -q \"^latt: cannot write the JSON to '$tmp/no/such/dir/j.json'\" '$tmp/err'"
run -t 5 --label ""
is "$rc" 1 "--label '': a usage error"

# Interrupted: the document is whole and says so; killed: no file.  The
# signal comes once latt measures.
rm -f "$tmp/err"
$sigdefault "$latt" -c2 -s1 -S2 -t 30 -i 0.01 --json "$tmp/int.json" >/dev/null 2>"$tmp/err" &
pid=$!
wait_until measured
kill -INT "$pid"
wait "$pid"
is "$?" 130 "--json, interrupted: exit 130"
is "$(get "$tmp/int.json" 'configurations[0].runs[0].status.signal')" SIGINT \
	"... a whole document, the run marked interrupted by SIGINT"
rm -f "$tmp/err"
$sigdefault "$latt" -c2 -s1 -S2 -t 30 -i 0.01 --json "$tmp/kill.json" >/dev/null 2>"$tmp/err" &
pid=$!
wait_until measured
kill -KILL "$pid"
wait "$pid" 2>/dev/null
check "--json, killed: no file, no temporary" \
	sh -c "test ! -e '$tmp/kill.json' && ! ls -A '$tmp' | grep -q '^\.kill'"
no_latt_left

# --csv: the documented columns, a row per run, values as in the JSON.
cols=$(sed -n '/^\.SH "*CSV OUTPUT/,/^\.SH /p' "$top_srcdir/man/latt-report.7" |
	awk '(prev == ".TP" || prev == ".TQ") && $1 == ".B" { print $2 } { prev = $0 }' |
	sed 's/\\-/-/g' | tr '\n' ',' | sed 's/,$//')
run -c2 -s1 -S2 -x0 -r2 -C a: -C b:nice=3 --label "kernel A" -i 0.01 \
	--csv "$tmp/r.csv" --json "$tmp/r.json" -- sh -c '"$0"; exit 0' "$until_measured"
is "$rc" 0 "--csv FILE with --json FILE: exit 0"
is "$(head -n 1 "$tmp/r.csv")" "$cols" "... the header is the manual's columns, in order"
is "$(sed 1d "$tmp/r.csv" | cut -d, -f2,3 | tr '\n' ' ')" "a,1 a,2 b,1 b,2 " \
	"... a row per run, configurations in order"
nf=$(awk -F, '{ print NF }' "$tmp/r.csv" | sort -u | tr '\n' ' ')
is "$nf" "$(echo "$cols" | awk -F, '{ print NF }') " "... every row as wide as the header"
col() {
	awk -F, -v name="$1" -v row="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i }
		NR == row + 1 { print $c }' "$tmp/r.csv"
}
is "$(col entries 3) $(col max_ns 3) $(col p99_ns 3) $(col command_exit_status 3)" \
	"$(get "$tmp/r.json" 'configurations[1].runs[0].wakeup.count') $(get "$tmp/r.json" 'configurations[1].runs[0].wakeup.max_ns') $(get "$tmp/r.json" 'configurations[1].runs[0].wakeup.percentiles[2].ns') 0" \
	"... entries, max, p99 and the command's status as in the JSON"
run -c1 -s1 -S2 -x0 -t 0.1 --csv - --label 'a "b", c'
check "--csv -: the table alone on stdout, a label with a comma and quotes quoted" \
	sh -c "test $rc -eq 0 && test \$(wc -l <'$tmp/out') -eq 2 &&
		sed -n 2p '$tmp/out' | grep -q '^\"a \"\"b\"\", c\",default,1,'"
run -t 0.1 --csv - --json -
is "$rc" 1 "--csv - --json -: a usage error"
is "$(col settings 3)" "nice=3" "--csv: the configuration's settings in the last column"

# A command line that is not valid UTF-8 (a stray continuation byte
# after one that starts nothing): the document still is, the bad bytes
# as the text \xHH (man/latt-json.5), valid UTF-8 as it is.
bad=$(printf 'a\376\200b')
run -c1 -s1 -S2 -x0 -i 0.01 --json "$tmp/u.json" -- \
	sh -c '"$0"; exit 0' "$until_measured" "$bad" "é"
is "$rc" 0 "--json with a command line that is not valid UTF-8: exit 0"
check "... the document is valid UTF-8" \
	sh -c "iconv -f UTF-8 -t UTF-8 '$tmp/u.json' >/dev/null"
check "... the bad bytes of command_line as \\xHH, the rest kept" \
	grep -qF '"a\\xfe\\x80b",' "$tmp/u.json"
check "... and in the command, valid UTF-8 as it is" \
	grep -qF '"command": "sh -c \"$0\"; exit 0 '"$until_measured"' a\\xfe\\x80b é"' "$tmp/u.json"

# DEL and the Unicode controls (json-c leaves them as they are): escaped.
ctl=$(printf 'a\177b\302\205c\342\200\256d')
run -c1 -s1 -S2 -x0 -i 0.01 --json - -- \
	sh -c '"$0"; exit 0' "$until_measured" "$ctl"
check "--json -: DEL, U+0085 and U+202E of the command line as \\u007f, \\u0085, \\u202e" \
	grep -qF '"a\u007fb\u0085c\u202ed"' "$tmp/out"
check "... none of them raw" sh -c "! LC_ALL=C grep -q \"\$(printf '\\177')\" '$tmp/out'"
