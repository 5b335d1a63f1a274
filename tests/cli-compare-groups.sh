#!/bin/sh
# latt compare A1.json A2.json -- B1.json B2.json: groups of files parted
# by --, each group one side, each file one invocation of it; a row per
# configuration of a group.  The forms without groups as before.  Only
# the structure is checked, never a latency.
. "${top_srcdir:-.}/tests/lib.sh"

plan 39

# The rows of the table (compact or the first of -l's): after its
# heading, to the empty line.
rows() {
	awk '/^(file|group) / { on = 1; next } on && /^$/ { exit } on' "$tmp/out"
}
# Three runs of two configurations a file, each file one boot.
for f in a1 a2 b1 b2; do
	run -c2 -s1 -S2 -x0 -t 0.3 -r3 -C one: -C two:nice=5 --json "$tmp/$f.json"
	[ "$rc" -eq 0 ] || diag "latt for $f.json: exit $rc: $(head -n 1 "$tmp/err")"
done
k=$(uname -r)

cmp_run "$tmp/a1.json" "$tmp/a2.json" -- "$tmp/b1.json" "$tmp/b2.json"
is "$rc" 0 "two groups of two files: exit 0"
is "$(rows | awk '{ print $1, $2, $3, $4 }')" \
"$k (a1.json) +1 one
$k (a1.json) +1 two
$k (b1.json) +1 one
$k (b1.json) +1 two" \
	"... a row per configuration of a group, named by its first file's label and +1"
check "... the name column headed 'group', a column per file above" \
	sh -c "grep -q '^group  *config ' '$tmp/out' &&
		head -n 1 '$tmp/out' | grep -q '(a1.json)  *$k (a2.json)  *$k (b1.json)  *$k (b2.json)\$'"
is "$(rows | awk '{ print $5 }' | sort -u)" 6 "... each row of the runs of its group's two files (3 + 3)"
is "$(grep -c '^Rows of ' "$tmp/out"):$(grep '^Rows of ' "$tmp/out")" \
	"1:Rows of 2 invocations each: verdicts from the spread of their invocations (latt-verdicts(7))" \
	"... one line under the table says what the rows are"
check "... and no line of floors after it: groups judge themselves" \
	sh -c "! grep -q '^Between files' '$tmp/out'"
check "... no warning: the files of each group agree" sh -c "! grep -q '^Warning' '$tmp/out'"
check "... the verdicts against the first group's first row" \
	grep -q "^Verdicts against $k (a1.json) +1 one at 95% on every metric: " "$tmp/out"

# Files of one label: the group has it.
for f in a1 a2; do
	sed 's/"label": null/"label": "A"/' "$tmp/$f.json" >"$tmp/l$f.json"
done
cmp_run "$tmp/la1.json" "$tmp/la2.json" -- "$tmp/b1.json"
is "$(rows | awk '{ print $1, $2 }' | uniq)" "A one
A two
$k (b1.json)" "files of one label: the group named by it, no +N"
is "$(grep '^Rows of ' "$tmp/out")" \
	"Rows of 1 and 2 invocations each: verdicts from their invocations' spread, or floors (latt-verdicts(7))" \
	"... a group of one file beside one of two: said so"
check "... and the floors line under it, for the side of one file" \
	grep -q '^Between files, verdicts take fixed floors' "$tmp/out"

# A group of one file against one of two: the first side's floors, the
# other's spread; every verdict has an interval or a reason.
cmp_run -l "$tmp/a1.json" -- "$tmp/b1.json" "$tmp/b2.json"
is "$rc" 0 "one file against a group of two, -l: exit 0"
sed -n '/^Verdicts against /,$p' "$tmp/out" | sed 1,2d |
	grep -v "^Between files\|^A change is of the runs' geometric mean\|^they point apart on " >"$tmp/verdicts"
is "$(lines "$tmp/verdicts"):$(grep -Ec '  (better|worse|can.t tell) +[-+][0-9.e+]+% \[[-+][0-9.e+]+%, [-+][0-9.e+]+%\]( \([0-9.]+ degrees of freedom\))?(; .*)?$|  no verdict  [a-z]' "$tmp/verdicts")" \
	"18:18" "... each verdict of its 3 rows and 6 metrics with an interval or a reason"
check "... no NaN nor infinity among them" sh -c "! grep -Ewiq 'nan|inf|infinity' '$tmp/verdicts'"

# The forms without groups: as they were.  "a -- b" is two groups of one
# file each, judged as the two files; a "--" before any file ends the
# options alone.
cmp_run "$tmp/a1.json" "$tmp/b1.json"
cp "$tmp/out" "$tmp/plain"
check "no --: a row per configuration of each file, headed 'file', no line on groups" \
	sh -c "test $rc -eq 0 && grep -q '^file  *config ' '$tmp/out' &&
		test \$(awk '/^file / { on = 1; next } on && /^\$/ { exit } on' '$tmp/out' | wc -l) -eq 4 &&
		! grep -q '^Rows of ' '$tmp/out'"
cmp_run "$tmp/a1.json" -- "$tmp/b1.json"
check "a.json -- b.json: the same output as a.json b.json" cmp -s "$tmp/out" "$tmp/plain"
cmp_run -- "$tmp/a1.json" "$tmp/b1.json"
check "-- a.json b.json: the same (the -- ends the options)" cmp -s "$tmp/out" "$tmp/plain"
cmp_run -- "$tmp/a1.json" -- "$tmp/b1.json"
check "-- a.json -- b.json: the same (groups of one after it)" cmp -s "$tmp/out" "$tmp/plain"
cmp_run "$tmp/a1.json" -- "$tmp/b1.json" --level 99
check "an option after --: a file to latt compare, and the line says options go before" \
	sh -c "test $rc -eq 1 && grep -q '^latt compare: --level: No such file or directory (an option? options go before the files and --)\$' '$tmp/err'"
cmp_run -l "$tmp/a1.json" "$tmp/b1.json"
cp "$tmp/out" "$tmp/plainl"
cmp_run "$tmp/a1.json" -l -- "$tmp/b1.json"
check "an option among the first group's files: taken (-l)" cmp -s "$tmp/out" "$tmp/plainl"
cmp_run "$tmp/a1.json" -- -l "$tmp/b1.json"
check "... after the first --, a file name ('-l' not found: exit 1, one line)" \
	sh -c "test $rc -eq 1 && test \$(wc -l <'$tmp/err') -eq 1 &&
		grep -q '^latt compare: -l: ' '$tmp/err' && test ! -s '$tmp/out'"

# An empty group: one line, exit 1, nothing read.
for args in "A -- -- B" "A --" "A B --" "-- -- A" "-l -- -- A"; do
	# shellcheck disable=SC2086
	set -- $(echo "$args" | sed "s|A|$tmp/a1.json|; s|B|$tmp/b1.json|")
	cmp_run "$@"
	check "$args: an empty group, exit 1, one line ($(cat "$tmp/err"))" \
		sh -c "test $rc -eq 1 && test \$(wc -l <'$tmp/err') -eq 1 &&
			grep -qx 'latt compare: an empty group of files: each -- parts two groups of one file or more' '$tmp/err' &&
			test ! -s '$tmp/out'"
done

# A configuration one file of a group lacks: its row of the others, and
# a line naming the file without it.
run -c2 -s1 -S2 -x0 -t 0.3 -r3 -C one: --json "$tmp/m.json"
cmp_run "$tmp/a1.json" "$tmp/m.json" -- "$tmp/b1.json" "$tmp/b2.json"
is "$rc:$(rows | awk '$4 == "two" { print $5 }' | head -n 1)" 0:3 \
	"a configuration only one file of a group has: exit 0, its row of that file's 3 runs"
is "$(grep ' is of [0-9]* of its group' "$tmp/out")" \
	"$k (a1.json) +1 two is of 1 of its group's 2 files: not in $tmp/m.json" \
	"... and a line under the table names the file without it"

# Files of one group that differ in the kernel: a warning.
sed 's/"kernel": "[^"]*"/"kernel": "6.1.0-other"/' "$tmp/b2.json" >"$tmp/k.json"
cmp_run "$tmp/a1.json" "$tmp/a2.json" -- "$tmp/b1.json" "$tmp/k.json"
is "$(grep '^Warning' "$tmp/out")" \
	"Warning: the files of group 2 ($k (b1.json) +1) differ in kernel: a group should be boots of one kernel, one setting" \
	"a group of two kernels: one warning line naming it"
check "... the header's comparison across all files still (kernel marked, compared)" \
	sh -c "grep -q '^\* kernel ' '$tmp/out' && grep -q '^Compared: they differ in kernel' '$tmp/out'"

# --fail-if with groups.
sed 's/"clocksource": "[^"]*"/"clocksource": "hpet"/' "$tmp/b2.json" >"$tmp/hpet.json"
cmp_run --fail-if incomparable "$tmp/a1.json" "$tmp/a2.json" -- "$tmp/b1.json" "$tmp/hpet.json"
check "--fail-if incomparable, a group's file of another clocksource: exit 7" \
	sh -c "test $rc -eq 7 && grep -q '^Not comparable: they differ in clocksource' '$tmp/out' &&
		grep -q '^Warning: the files of group 2 .* differ in clocksource' '$tmp/out'"
cmp_run --fail-if worse "$tmp/a1.json" "$tmp/a2.json" -- "$tmp/b1.json" "$tmp/b2.json"
n=$(sed -n '/^Verdicts against /,$p' "$tmp/out" | grep -c '  worse  ')
check "--fail-if worse with groups: exit 6 when a row is worse, else 0 (exit $rc, $n worse)" \
	sh -c "test \( $rc -eq 6 -a $n -gt 0 \) -o \( $rc -eq 0 -a $n -eq 0 \)"
# (Of one configuration each: a group's other configuration, nice=5,
# may well be worse than the first row.)
run -c2 -s1 -S2 -x0 -t 0.3 -r2 --json "$tmp/q1.json"
run -c2 -s1 -S2 -x0 -t 0.3 -r2 --json "$tmp/q2.json"
cmp_run --fail-if worse "$tmp/q1.json" "$tmp/q2.json" -- "$tmp/q1.json" "$tmp/q2.json"
check "... a group against itself: none worse, exit 0 (exit $rc)" \
	sh -c "test $rc -eq 0 && grep -q ' on every metric: none better or worse\$' '$tmp/out'"

# --long with groups: both tables, a row per configuration of a group.
cmp_run -l "$tmp/a1.json" "$tmp/a2.json" -- "$tmp/b1.json" "$tmp/b2.json"
check "--long with groups: exit 0, 4 rows of values and 4 of ratios" \
	sh -c "test $rc -eq 0 &&
		test \$(awk '/^group / { on = 1; next } on && /^\$/ { exit } on' '$tmp/out' | grep -c '+1 ') -eq 4 &&
		test \$(awk '/^ratio / { on = 1; next } on && /^\$/ { exit } on' '$tmp/out' | grep -c '+1 ') -eq 4"

# --cdf: a block per configuration of a group, its files' runs added.
cmp_run --cdf "$tmp/a1.json" "$tmp/a2.json" -- "$tmp/b1.json" "$tmp/b2.json"
is "$rc:$(grep '^# ' "$tmp/out" | grep -v '^# usec' | cut -f1,2,5)" \
"0:# $k (a1.json) +1	one	clients
# $k (a1.json) +1	two	clients
# $k (b1.json) +1	one	clients
# $k (b1.json) +1	two	clients" \
	"--cdf with groups: a block per configuration of a group, named by the group"
check "... each rising to 1, its tail falling to 0" \
	awk 'NF == 3 && $1 !~ /^#/ { if ($2 < last) bad = 1; last = $2; end = $2; tail = $3 }
		NF == 0 && end { if (end != 1 || tail != 0) bad = 1; end = 0; last = 0 }
		END { exit bad }' "$tmp/out"
# A group of a file twice: the same distribution as the file alone.
cmp_run --cdf "$tmp/a1.json"
grep -v '^#' "$tmp/out" >"$tmp/alone"
cmp_run --cdf "$tmp/a1.json" "$tmp/a1.json" -- "$tmp/b1.json"
awk '/^# / && !/usec/ { n++ } n <= 2 && !/^#/' "$tmp/out" >"$tmp/twice"
check "... a group of one file twice: its blocks those of the file alone" \
	cmp -s "$tmp/alone" "$tmp/twice"
# One document twice in a group would be two boots' worth of certainty.
cmp_run "$tmp/a1.json" "$tmp/a1.json" -- "$tmp/b1.json"
is "$rc" 1 "a group of one file twice: exit 1"
check "... one line: the same document, each file given once" \
	sh -c "head -n 1 '$tmp/err' | grep -q 'a1.json: the same document as .*a1.json, in one group: each file is one invocation (a boot), given once' && test ! -s '$tmp/out'"
