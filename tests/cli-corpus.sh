#!/bin/sh
# latt compare reads anything safely: the inputs that broke it, kept in
# tests/fuzz-corpus (NAME.json, and in NAME.want the words of the one
# line it must refuse it with; for ok-NAME.json, which it must read, the
# words its table must have), replayed; then what the corpus cannot
# hold: a label over the 1 MiB every string may have, a long label shown
# whole, p100's verdict, --fail-if naming what has no verdict, and the
# limits of a whole invocation.
. "${top_srcdir:-.}/tests/lib.sh"

corpus="$top_srcdir/tests/fuzz-corpus"
n=$(ls "$corpus"/*.json | wc -l)
plan $((n + 13))

for f in "$corpus"/*.json; do
	name=$(basename "$f" .json)
	want=$(cat "$corpus/$name.want")
	# ok-NAME: read, its table saying the words (-l: every verdict
	# line), no inf or nan in it.
	case $name in ok-*) long=-l ;; *) long= ;; esac
	"$latt" compare $long "$f" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	case $name in
	ok-*)
		if [ "$rc" -eq 0 ] && grep -qF -- "$want" "$tmp/out" &&
		   ! grep -Eqi '(^|[^a-z])(inf|nan)([^a-z]|$)' "$tmp/out"; then
			ok 0 "$name: read, saying so, no inf or nan"
		else
			ok 1 "$name: read, saying so, no inf or nan (exit $rc)"
		fi
		continue
		;;
	esac
	if [ "$rc" -eq 1 ] && [ ! -s "$tmp/out" ] &&
	   [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -qF -- "$want" "$tmp/err"; then
		ok 0 "$name: refused in one line, exit 1"
	else
		ok 1 "$name: refused in one line, exit 1 (exit $rc: $(head -c 300 "$tmp/err"))"
	fi
done

base="$corpus/name-twice.json"
# A document that is whole: name-twice.json with its second name again.
sed 's/"name":"a","settings":"nice=5"/"name":"b","settings":"nice=5"/' \
	"$base" >"$tmp/doc.json"
"$latt" compare "$tmp/doc.json" >/dev/null 2>"$tmp/err"
is "$?" 0 "the corpus's document, whole again, is read ($(head -c 200 "$tmp/err"))"

# A label of 1 MiB and one byte: refused as every string that long.
awk '{ i = index($0, "\"label\":\"corpus\"")
	printf "%s\"label\":\"", substr($0, 1, i - 1)
	for (n = 0; n < 1048577; n++) printf "x"
	printf "\"%s\n", substr($0, i + length("\"label\":\"corpus\"")) }' \
	"$tmp/doc.json" >"$tmp/long.json"
"$latt" compare "$tmp/long.json" >/dev/null 2>"$tmp/err"
is "$?:$(cat "$tmp/err")" \
	"1:latt compare: $tmp/long.json: label is longer than latt writes (1048576 bytes)" \
	"a label over 1 MiB: refused, exit 1"

# A label of 128 two-byte characters: every verdict line has it whole,
# in valid UTF-8 (it was cut at 255 bytes, inside a character).
e=$(printf '\303\251')
lab=$(awk -v e="$e" 'BEGIN { for (i = 0; i < 128; i++) printf "%s", e }')
sed "s/\"label\":\"corpus\"/\"label\":\"$lab\"/" "$tmp/doc.json" >"$tmp/utf.json"
"$latt" compare -l "$tmp/utf.json" >"$tmp/out" 2>"$tmp/err"
is "$?" 0 "a label of 128 two-byte characters: exit 0"
sed -n '/^Verdicts against/,$p' "$tmp/out" |
	grep -E '  (better|worse|can.t tell|no verdict)  ' >"$tmp/v"
whole=$(grep -cF "$lab b " "$tmp/v")
is "$whole:$(wc -l <"$tmp/v")" "6:6" "... each of its 6 verdict lines has the label whole"
check "... and the output is valid UTF-8" \
	sh -c "iconv -f UTF-8 -t UTF-8 '$tmp/out' >/dev/null"

# p100 is the largest sample: one a run, judged from runs, no "inf".
run -l -c1 -x0 -s1 -S2 -t300ms -C a: -C b: -p 100 --json "$tmp/p.json"
is "$rc" 0 "-p 100 in a sweep: exit 0"
check "... p100's verdict asks for runs, never 'inf'" sh -c \
	"grep -q 'p100 .*no verdict  1 run each: one p100 a run; needs 2 runs each' '$tmp/out' && ! grep -q 'inf' '$tmp/out' '$tmp/p.json'"

# --fail-if naming what is never judged, or nothing between commas.
bad=""
for v in worse=entries worse=cs_per_s worse=load 'worse=,p99' 'worse=p99,'; do
	"$latt" compare --fail-if "$v" "$tmp/doc.json" >/dev/null 2>&1
	[ $? -eq 1 ] || bad="$bad $v"
done
is "$bad" "" "latt compare --fail-if worse=entries, cs_per_s, load, ',p99', 'p99,': usage errors"
"$latt" compare --fail-if worse=load "$tmp/doc.json" 2>&1 >/dev/null |
	grep -q "metric 'load' is neither better nor worse: it has no verdict to fail on"
ok $? "... saying why"
run -c1 -x0 -s1 -S2 -t 0.2 -C a: -C b: --fail-if worse=entries
is "$rc" 1 "latt --fail-if worse=entries in a sweep: a usage error"

# The limits hold for the invocation: two files of 2.1 million values
# each (valid JSON) are more than latt compare reads at once.
awk 'BEGIN { printf "["; for (i = 0; i < 2100000; i++) printf "0,"; print "0]" }' \
	>"$tmp/many.json"
"$latt" compare "$tmp/many.json" >/dev/null 2>"$tmp/err"
check "one file of 2.1 million values: read (and not latt's)" \
	grep -q 'not a latt document' "$tmp/err"
"$latt" compare "$tmp/many.json" "$tmp/many.json" >/dev/null 2>"$tmp/err"
rc=$?
check "two: the second refused with the files before it (exit $rc)" sh -c \
	"test $rc -eq 1 && grep -q 'many.json: larger than latt writes (over 64 MiB or 4 million values, with the files before it)' '$tmp/err'"
"$latt" compare "$tmp/doc.json" "$tmp/doc.json" "$tmp/doc.json" >/dev/null 2>"$tmp/err"
is "$?" 0 "three small documents together: read"
