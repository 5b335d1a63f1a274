#!/bin/sh
# contrib/phoronix: the latt test profile keeps the Phoronix Test Suite's
# parser contract.  Every ResultsParser of results-definition.xml has a
# LineHint on its template line and declares lower is better, and p99, avg
# and max are all there; read as PTS reads a log (pts_test_result_parser:
# the last line holding the hint; "(", ")" and tabs made spaces, "=" made
# " = "; the word at the template's position), saved logs
# (tests/data/pts-*.txt) and live runs of the profile's own run script give
# numbers, the -q line's own.  latt-0.1's old profile renamed the report's
# two Avg lines "Avg Wakeup" and "Avg Work": that parse still gives the
# wakeup and work means.
# contrib/phoronix/verify runs the profile in PTS itself.
. "${top_srcdir:-.}/tests/lib.sh"

plan 21

pts=$top_srcdir/contrib/phoronix/latt
data=$top_srcdir/tests/data

# The parsers, one line each: template, hint, proportion, scale (tab-separated).
awk '
	function text(tag,   v) {
		if (!match($0, "<" tag ">.*</" tag ">")) return
		v = substr($0, RSTART + length(tag) + 2, RLENGTH - 2 * length(tag) - 5)
		gsub(/&lt;/, "<", v); gsub(/&gt;/, ">", v); gsub(/&amp;/, "\\&", v)
		f[tag] = v
	}
	/<ResultsParser>/ { split("", f) }
	{ text("OutputTemplate"); text("LineHint"); text("ResultProportion"); text("ResultScale") }
	/<\/ResultsParser>/ {
		printf "%s\t%s\t%s\t%s\n", f["OutputTemplate"], f["LineHint"], f["ResultProportion"], f["ResultScale"]
	}
' "$pts/results-definition.xml" >"$tmp/parsers"

# key TEMPLATE: the -q key whose value the template takes (max, avg, p99).
key() {
	printf '%s\n' "$1" | sed -n 's/.* \([a-z0-9.]*\)=#_RESULT_#.*/\1/p'
}

# pts_parse TEMPLATE HINT FILE: the result PTS's parser takes from FILE.
pts_parse() {
	awk -v tpl="$1" -v hint="$2" '
		function words(s, w) {
			gsub(/[()\t]/, " ", s); gsub(/=/, " = ", s)
			gsub(/^ +| +$/, "", s); gsub(/ +/, " ", s)
			return split(s, w, " ")
		}
		index($0, hint) { line = $0 }
		END {
			sub(/:#/, " #", tpl)
			n = words(tpl, t)
			for (i = 1; i <= n; i++) if (t[i] == "#_RESULT_#") pos = i
			if (!pos || line == "") exit 1
			words(line, r)
			print r[pos]
		}' "$3"
}

# parse_all FILE: "key=result" for every parser, in their order.
parse_all() {
	while IFS='	' read -r _t _h _p _s; do
		printf '%s=%s\n' "$(key "$_t")" "$(pts_parse "$_t" "$_h" "$1")"
	done <"$tmp/parsers"
}

# The keys, in the parsers' order.
keys=$(cut -f1 "$tmp/parsers" | while read -r t; do key "$t"; done)

# truth FILE: the same keys as the last -q line of FILE gives them.
truth() {
	grep '^config=' "$1" | tail -n 1 | tr ' ' '\n' |
	awk -F= -v keys="$(echo "$keys" | paste -sd" ")" '
		{ v[$1] = $2 }
		END { n = split(keys, k, " "); for (i = 1; i <= n; i++) print k[i] "=" v[k[i]] }'
}

# numbers FILE: every result of parse_all is a number.
numbers() {
	! parse_all "$1" | grep -Evq '=[0-9]+(\.[0-9]+)?$'
}

is "$(echo "$keys" | sort | paste -sd' ')" "avg max p99" \
	"results-definition.xml: a parser for each of p99, avg and max"
check "... each with a LineHint on its template line" \
	awk -F'\t' '$2 == "" || !index($1, $2) { bad = 1 } END { exit bad || NR == 0 }' "$tmp/parsers"
check "... each lower is better, in usec" \
	awk -F'\t' '$3 != "LIB" || $4 !~ /^usec/ { bad = 1 } END { exit bad || NR == 0 }' "$tmp/parsers"
check "test-definition.xml: lower is better" \
	grep -q '<Proportion>LIB</Proportion>' "$pts/test-definition.xml"
# The title names an entry, the run gets its value: for the Clients menu
# they must be the same number (PTS's default, with no PRESET_OPTIONS,
# is each menu's first entry: 1 client).
awk '/<Identifier>clients</ { on = 1 } on && /<\/Option>/ { exit }
	on && /<Name>/ { gsub(/.*<Name>|<\/Name>.*/, ""); n = $0 }
	on && /<Value>/ { gsub(/.*<Value>|<\/Value>.*/, ""); print n, $0 }' \
	"$pts/test-definition.xml" >"$tmp/clients"
check "test-definition.xml: each Clients entry runs the clients it names, the first 1" \
	awk '$1 != $2 || $1 !~ /^[0-9]+$/ { bad = 1 } NR == 1 && $1 != 1 { bad = 1 } END { exit bad || NR < 2 }' "$tmp/clients"

for log in idle cpu build; do
	parse_all "$data/pts-$log.txt" >"$tmp/got"
	truth "$data/pts-$log.txt" >"$tmp/want"
	check "tests/data/pts-$log.txt: numbers only" numbers "$data/pts-$log.txt"
	is "$(cat "$tmp/got")" "$(cat "$tmp/want")" "... the -q line's own"
done

# The run script install.sh writes, run as PTS runs it: the profile's
# default arguments, then the options' (shortened here), in $HOME.
home=$tmp/home
mkdir -p "$home/latt-src" "$home/load"
ln -s "$latt" "$home/latt-src/latt"
printf 'all:\n\t@:\nclean:\n\t@:\n' >"$home/load/Makefile"
sed -n "/<<'RUN'\$/,/^RUN\$/p" "$pts/install.sh" | sed '1d;$d' >"$home/latt"
chmod +x "$home/latt"
defaults=$(sed -n 's:.*<Arguments>\(.*\)</Arguments>.*:\1:p' "$pts/test-definition.xml")
for load in idle cpu build; do
	rm -f "$home/test-exit-status"
	# shellcheck disable=SC2086 # the arguments are words, as PTS passes them
	(cd "$home" && HOME=$home LOG_FILE=$tmp/$load.log NUM_CPU_CORES=2 \
		./latt $defaults -c 2 $load -t 0.5 -s 1 -S 3 >/dev/null 2>&1)
	is "$(cat "$home/test-exit-status" 2>/dev/null)" 0 \
		"the profile's run script, load $load: exit status 0 in ~/test-exit-status"
	parse_all "$tmp/$load.log" >"$tmp/got"
	truth "$tmp/$load.log" >"$tmp/want"
	if numbers "$tmp/$load.log" && [ -s "$tmp/want" ] &&
	   cmp -s "$tmp/got" "$tmp/want"; then
		ok 0 "... its log parses to the -q line's numbers"
	else
		ok 1 "... its log parses to the -q line's numbers"
		sed 's/^/# /' "$tmp/$load.log" "$tmp/got"
	fi
done
check "... and the loads are stopped with the measurement" \
	none_left "while :; do :; done"

# latt-0.1's profile: sed turned the first Avg line into "Avg Wakeup" and
# the second into "Avg Work", and PTS read them.
run -c 2 -s 1 -S 3 -t 0.5 --json "$tmp/avg.json"
sed -e '0,/\tAvg\t/s//\tAvg Wakeup\t/' -e 's/\tAvg\t/\tAvg Work\t/' \
	"$tmp/out" >"$tmp/old.log"
# mean NAME: the JSON's mean of the run's wakeup or work, in whole usec.
mean() {
	awk -v name="\"$1\": {" 'index($0, name) { in_ = 1 }
		in_ && /"mean_ns"/ { sub(/.*: /, ""); sub(/,$/, ""); printf "%.0f\n", $0 / 1000; exit }' \
		"$tmp/avg.json"
}
is "$(grep -c 'Avg' "$tmp/out")" 2 "the report has two lines with Avg (latt-0.1's parse counts on it)"
is "$(pts_parse '	Avg Wakeup		     #_RESULT_# usec' 'Avg Wakeup' "$tmp/old.log")" \
	"$(mean wakeup)" "... the first, \"Avg Wakeup\", is the wakeup mean"
is "$(pts_parse '	Avg Work		     #_RESULT_# usec' 'Avg Work' "$tmp/old.log")" \
	"$(mean work)" "... the second, \"Avg Work\", is the work mean"
