#!/bin/sh
# latt calibrate: a machine's noise profile from K invocations or from
# saved results (--from); latt compare --profile judging by it; every
# bad profile one line and exit 1.  No latency value is asserted.
. "${top_srcdir:-.}/tests/lib.sh"

plan 123

check_bin="${JSON_CHECK:-$(pwd)/tests/json-check}"
get() {
	"$check_bin" --get "$@"
}
cal() {
	"$latt" calibrate "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
}
quick="-c2 -s1 -S2 -x0 -t 0.3"

# Three invocations of two runs each.
cal --invocations 3 $quick -r2 -o "$tmp/p.json"
is "$rc" 0 "--invocations 3 -r2: exit 0"
is "$(cat "$tmp/err")" "" "... nothing on stderr off a terminal (no progress line)"
is "$(get "$tmp/p.json" profile_version)" 1 "... a profile of version 1 written"
is "$(get "$tmp/p.json" 'runs[2]'),$(get "$tmp/p.json" 'runs[3]' 2>/dev/null)" "2,null" \
	"... three invocations of two runs"
is "$(get "$tmp/p.json" 'command_line[0]') $(get "$tmp/p.json" 'command_line[1]')" \
	"latt calibrate" "... the command line that made it"
is "$(get "$tmp/p.json" facts.clients) $(get "$tmp/p.json" facts.kernel)" \
	"2 $(uname -r)" "... the setup and the machine"
check "... every estimate of p50 and p99, a variance not below 0" \
	sh -c "for m in p50 p99; do for f in run_var inv_var within between; do
		v=\$('$check_bin' --get '$tmp/p.json' metrics.\$m.\$f) || exit 1
		awk -v v=\"\$v\" 'BEGIN { exit !(v >= 0) }' || exit 1; done; done"
is "$(get "$tmp/p.json" 'covariances[0].a')$(get "$tmp/p.json" 'covariances[0].within' | sed 's/[-0-9.e]*/N/')" "entriesN" \
	"... the metrics' covariances, a pair at a time"
is "$(get "$tmp/p.json" metrics.p99.between_df)" 2 \
	"... the invocations' means of K - 1 degrees of freedom"
check "... a summary: each metric's spread, a run's and an invocation's (its degrees of freedom, <0.1 for next to none)" \
	sh -c "grep -Eq '^  p50  *\+-[0-9.]*%  *\+-[0-9.]*%  *\(<?[0-9]+\.[0-9]\)\$' '$tmp/out' &&
		grep -q '^  p99  *+-' '$tmp/out'"
check "... p99.9, which runs of some 400 samples get no verdict on, left out of both and said" \
	sh -c "! grep -q '^  p99.9 ' '$tmp/out' &&
		! grep -q '\"p99[.]9\"' '$tmp/p.json' && grep -q '\"p99\"' '$tmp/p.json' &&
		grep -q '^Left out, as no verdict of this setup takes them:\$' '$tmp/out' &&
		grep -q '^  p99.9: too few samples' '$tmp/out'"
check "... what a comparison finds with 1, 2 and 4 invocations a side" \
	sh -c "grep -q 'invocations a side  *5 runs each  *10 runs each' '$tmp/out' &&
		for k in 1 2 4; do grep -q \"^  \$k  \" '$tmp/out' || exit 1; done"
check "... and how to use the profile" \
	grep -q "latt compare --profile $tmp/p.json" "$tmp/out"
# Its paragraph, to its full stop, on one line.
awk '/^Few to go by/ { on = 1 } on { printf "%s%s", sep, $0; sep = " " }
	on && /\.$/ { print ""; exit }' "$tmp/out" >"$tmp/few"
grep -v "$tmp" "$tmp/out" >"$tmp/nopath"
check "... and that 3 invocations of 2 runs are few to go by, with the degrees of freedom (in 80 columns but for the file's name: $(widest "$tmp/nopath"))" \
	sh -c "grep -Eq '^Few to go by: 3 invocations, 6 runs in all(; an invocation.s degrees of freedom p(50|99) <?[0-9.]+(, p(50|99) <?[0-9.]+)?)?\\.\$' '$tmp/few' &&
		test $(widest "$tmp/nopath") -le 80 && ! grep -q ' \$' '$tmp/out' &&
		grep -q '^to agree, too wide where they differed): --invocations 8 -r5 or more\.\$' '$tmp/out'"
check "... and the --plan that says how many boots find a change" \
	grep -q "^Boots a side for a change of PCT%: latt compare --plan PCT --profile $tmp/p.json\$" "$tmp/out"
check "... nothing left running" no_latt_left
# Its table and --plan agree: the change it says 2 a side of 5 runs
# find, --plan finds with 5 runs or fewer at 2 a side (rounded up).
pct=$(awk '$1 == "2" && $2 ~ /^\+[0-9]+%$/ { sub(/^\+/, "", $2); sub(/%$/, "", $2); print $2 }' "$tmp/out")
if [ -n "$pct" ]; then
	"$latt" compare --plan "$pct" --profile "$tmp/p.json" >"$tmp/plan" 2>&1
	r=$(awk '$1 == "p50" && NF == 6 { print $4 }' "$tmp/plan")
	check "... its p50 at 2 a side of 5 runs (+$pct%): --plan $pct finds it with 5 runs or fewer ($r)" \
		sh -c "test '$r' != - && test '$r' -le 5"
else
	skip "p50 at 2 a side of 5 runs is beyond x10 here"
fi

# Without -r: five runs an invocation.
(cd "$tmp" && "$latt" calibrate --invocations 2 $quick >"$tmp/out" 2>"$tmp/err")
is "$?,$(get "$tmp/latt-profile.json" 'runs[1]')" "0,5" \
	"without -o and -r: latt-profile.json, of five runs an invocation"

# From saved results, one file a boot.
for f in a b c; do
	run $quick -r2 --json "$tmp/$f.json"
done
run $quick -r2 -c3 --json "$tmp/c3.json"
run $quick -C one: -C two:nice=5 --json "$tmp/sweep.json"
cal -o "$tmp/q.json" --from "$tmp/a.json" "$tmp/b.json" "$tmp/c.json"
is "$rc" 0 "--from three results: exit 0"
is "$(get "$tmp/q.json" 'sources[1]')" "$tmp/b.json" "... the files named in it"
is "$(get "$tmp/q.json" metrics.p50.between_df)" 2 "... three invocations"
# A profile whose invocations varied no more than their runs: said.
if grep -q '^  [a-z0-9.]*  *+-[0-9.]*%  *+-0\.0%' "$tmp/out"; then
	check "--from: an invocation's +-0.0% explained under the table" \
		grep -q '^+-0.0%: invocations that varied no more than their runs make them vary' "$tmp/out"
else
	check "--from: no invocation's +-0.0%, no line of it" \
		not grep -q '^+-0.0%:' "$tmp/out"
fi
"$latt" calibrate -o "$tmp/q2.json" --from "$tmp/a.json" "$tmp/b.json" "$tmp/c.json" >/dev/full 2>"$tmp/err"
check "--from, its summary to /dev/full: exit 2, the write error said" \
	sh -c "test $? -eq 2 && grep -q '^latt calibrate: write error on standard output: ' '$tmp/err'"
cal -o "$tmp/q3.json" -o "$tmp/q4.json" --from "$tmp/a.json" "$tmp/b.json"
one_line "invalid -o value .*q4.json.: one file, already given" "-o twice"
cal -o "$tmp/q.json" --from "$tmp/a.json"
one_line "needs two results or more" "--from one file"
cal -o "$tmp/q.json" --from "$tmp/a.json" "$tmp/c3.json"
one_line "clients 3, not 2" "--from files of other clients"
cal -o "$tmp/q.json" --from "$tmp/a.json" "$tmp/sweep.json"
one_line "2 configurations: a profile is of one" "--from a sweep"
cal --from "$tmp/a.json" "$tmp/nothing.json"
one_line "nothing.json: No such file" "--from a missing file"
cp "$tmp/a.json" "$tmp/a-copy.json"
cal -o "$tmp/q.json" --from "$tmp/a.json" "$tmp/b.json" "$tmp/a-copy.json"
one_line "a-copy.json: the same document as $tmp/a.json: each file is one invocation" \
	"--from one document twice (two invocations that agree)"
cal -c2 --from "$tmp/a.json" "$tmp/b.json"
one_line "no measurement option" "--from with a measurement option"

# What calibrate refuses, before anything runs.
for bad in "--json $tmp/x.json" "-q" "--fail-if worse" "--label x" "-v"; do
	cal $quick $bad
	one_line "a profile has no report" "calibrate $bad"
done
cal $quick -C one: -C two:nice=5
one_line "2 configurations: a profile is of one setup" "calibrate with two -C"
cal $quick -r1
one_line "a profile needs 2 runs an invocation" "calibrate -r1"
for k in 1 101 x; do
	cal --invocations $k $quick
	one_line "invalid --invocations value .$k.: expected 2 to 100" "--invocations $k"
done
cal --frobnicate
is "$rc" 1 "an option latt does not know: exit 1"
check "... said by latt calibrate, then where its help is, two lines" \
	sh -c "test \$(wc -l <'$tmp/err') -eq 2 &&
		grep -q \"^latt calibrate: unrecognized option '--frobnicate'\" '$tmp/err' &&
		grep -q \"^Try 'latt calibrate --help' for more information\\.\" '$tmp/err'"
for bad in "--against $tmp/a.json" "--same-within 5"; do
	cal $quick $bad
	one_line "a profile has no report" "calibrate $bad"
done
cal $quick -o "$tmp/no/such/dir/p.json"
is "$rc" 2 "-o in a missing directory: exit 2 (the output fails)"
check "... one line saying it, refused before measuring" \
	sh -c "head -n 1 '$tmp/err' | grep -q 'cannot write' && test \$(wc -l <'$tmp/err') -eq 1"
check "... refused before measuring" no_latt_left
cal $quick -r auto
one_line "-r auto: a profile has no verdict to wait for" "calibrate -r auto"
cal --from "$tmp/a.json" - -o "$tmp/x.json"
one_line "--from reads files, not the standard input" "calibrate --from with -"
cal --from "$tmp/a.json" "$tmp/b.json" -o -
check "... but -o - after its files: the profile on the standard output" \
	sh -c "test $rc -eq 0 && head -n 1 '$tmp/out' | grep -q '^{\$'"
# --from's files end at the next option.
cal --from "$tmp/a.json" "$tmp/b.json" "$tmp/c.json" -o "$tmp/pf.json"
check "--from FILE... -o FILE: the files end at -o, the profile written there" \
	sh -c "test $rc -eq 0 && test \"\$('$check_bin' --get '$tmp/pf.json' 'runs[2]')\" -gt 0"

# An invocation that fails: its status and its errors.
cal --invocations 2 -c2 -s1 -S2 -x0 -r2 -- sh -c 'exit 3'
check "a failing command: latt's status for it, the invocation named" \
	sh -c "test $rc -ne 0 && grep -q '^latt calibrate: invocation 1 of 2 failed' '$tmp/err'"

# A SIGTERM: the invocation stopped, no profile, nothing left.
rm -f "$tmp/t.json"
$sigdefault "$latt" calibrate --invocations 3 -c2 -s1 -S2 -x0 -t 60 -r2 \
	-o "$tmp/t.json" >"$tmp/out" 2>"$tmp/err" &
pid=$!
wait_until pgrep -P "$pid" -x "$tag"
kill -TERM "$pid"
wait "$pid"
rc=$?
is "$rc" 143 "SIGTERM while measuring: calibrate dies of it"
check "... saying no profile was written" grep -q "no profile written" "$tmp/err"
check "... no profile, nothing left running" \
	sh -c "test ! -e '$tmp/t.json'" && no_latt_left

# latt compare --profile.
cmp_run --profile "$tmp/p.json" "$tmp/a.json" "$tmp/b.json"
check "compare --profile: exit 0 or 6" test "$rc" -eq 0 -o "$rc" -eq 6
joined "$tmp/out" "Between files" >"$tmp/pline"
check "... naming the profile under the table, few to go by" \
	grep -q "^Between files, verdicts take the noise profile $tmp/p.json ([0-9-]*, 3 invocations, 6 runs in all; .*; few to go by" "$tmp/pline"
run $quick -r2 --json "$tmp/a2.json"
run $quick -r2 --json "$tmp/b2.json"
cmp_run --profile "$tmp/p.json" "$tmp/a.json" "$tmp/a2.json" -- "$tmp/b.json" "$tmp/b2.json"
joined "$tmp/out" "Between groups" >"$tmp/pline"
check "... groups of two files a side: the profile pooled with their spread, no floors" \
	sh -c "grep -q \"^Between groups, their invocations' spread is pooled with the noise profile $tmp/p.json (\" '$tmp/pline' &&
		! grep -q '^Between files' '$tmp/out'"
cmp_run --profile "$tmp/p.json" "$tmp/a.json" -- "$tmp/b.json" "$tmp/b2.json"
is "$(grep '^Rows of ' "$tmp/out")" \
	"Rows of 1 and 2 invocations each: verdicts from their invocations' spread with the profile's (latt-verdicts(7))" \
	"... a group of one file beside one of two: the profile, not floors, said"
# A profile of runs far quieter than these: their own spread, said.
sed 's/"\(run_var\|within\)": [-0-9.e]*/"\1": 1e-12/' "$tmp/p.json" \
	>"$tmp/quiet.json"
run $quick -r6 --json "$tmp/r6a.json"
run $quick -r6 --json "$tmp/r6b.json"
# One run of the first 8 times slower: its runs spread on p50 for sure.
awk -v f=8 -v run=2 -f "${top_srcdir:-.}/tests/scale-doc.awk" "$tmp/r6a.json" >"$tmp/r6x.json"
cmp_run --profile "$tmp/quiet.json" "$tmp/r6x.json" "$tmp/r6b.json"
check "runs spreading more than the profile's: exit 0 or 6" \
	test "$rc" -eq 0 -o "$rc" -eq 6
check "... a line names the metrics judged by their own spread" \
	grep -q "^Runs spread more than the profile's on [a-z0-9., ]*p50[a-z0-9., ]*: judged by their own spread\\.\$" "$tmp/out"
check "... and one says p50's spread scaled an invocation's part on every metric" \
	grep -q "^An invocation's part of the profile scaled on every metric as much as p50's runs spread\$" "$tmp/out"
sed 's/"\(run_var\|within\)": [-0-9.e]*/"\1": 100/' "$tmp/p.json" \
	>"$tmp/loud.json"
cmp_run --profile "$tmp/loud.json" "$tmp/r6a.json" "$tmp/r6b.json"
check "... and none against a profile of runs spreading far more" \
	sh -c "! grep -q '^Runs spread more' '$tmp/out' && ! grep -q '^An invocation.s part of the profile scaled' '$tmp/out'"
cmp_run "$tmp/a.json" "$tmp/b.json"
check "without a profile: the floors, said in one line" \
	grep -q "^Between files, verdicts take fixed floors: latt calibrate measures" "$tmp/out"
cmp_run "$tmp/a.json"
check "... and nothing of it for one file" not grep -q "^Between files" "$tmp/out"
cmp_run --profile "$tmp/p.json" "$tmp/a.json" "$tmp/c3.json"
one_line "a profile of another setup: clients 2 in it, 3 in" "a profile of another setup"
sed 's/"latt": "[^"]*"/"latt": "0.1.9"/' "$tmp/p.json" >"$tmp/old.json"
cmp_run --profile "$tmp/old.json" "$tmp/a.json" "$tmp/b.json"
joined "$tmp/out" "Between files" >"$tmp/pline"
check "a profile of another latt version: used, and said" \
	grep -q "made by latt 0.1.9, the files by" "$tmp/pline"
cmp_run --cdf --profile "$tmp/p.json" "$tmp/a.json"
one_line "no --profile with it" "--profile with --cdf"
cmp_run "$tmp/p.json" "$tmp/a.json"
one_line "a noise profile (latt calibrate), not a result" "a profile as a result"
cmp_run --profile "$tmp/p.json" --profile "$tmp/old.json" "$tmp/a.json" "$tmp/b.json"
one_line "invalid --profile value .*old.json.: one file, already given" \
	"--profile twice"

# Bad profiles: one line each, exit 1.
bad() {
	cmp_run --profile "$tmp/bad.json" "$tmp/a.json" "$tmp/b.json"
	one_line "$1" "$2"
}
: >"$tmp/bad.json"
bad "empty file" "an empty profile"
cp /dev/null "$tmp/bad.json"
head -c 300 "$tmp/p.json" >"$tmp/bad.json"
bad "cut short" "a truncated profile"
cmp_run --profile /dev/null "$tmp/a.json" "$tmp/b.json"
one_line "empty file" "--profile /dev/null"
cp "$tmp/a.json" "$tmp/bad.json"
bad "a result of latt --json, not a noise profile" "a result as a profile"
sed 's/"run_var": [-0-9.e]*/"run_var": -0.5/' "$tmp/p.json" >"$tmp/bad.json"
bad "run_var is -0.5: it is a variance, not below 0" "a negative variance"
sed 's/"inv_df": [-0-9.e]*/"inv_df": 0/' "$tmp/p.json" >"$tmp/bad.json"
bad "inv_df is 0: it is degrees of freedom, above 0" "zero degrees of freedom"
sed 's/"within": [-0-9.e]*/"within": NaN/' "$tmp/p.json" >"$tmp/bad.json"
bad "within is not a finite number" "a NaN variance"
sed 's/"between": [-0-9.e]*/"between": 1e999/' "$tmp/p.json" >"$tmp/bad.json"
bad "not a finite number" "an infinite variance"
sed 's/"profile_version": 1/"profile_version": 2/' "$tmp/p.json" >"$tmp/bad.json"
bad "profile version 2, this latt reads 1" "another version"
sed 's/"runs_h": [-0-9.e]*/"runs_h": "two"/' "$tmp/p.json" >"$tmp/bad.json"
bad "runs_h is not a number" "a string for a number"
sed '0,/"within": [-0-9.e]*,$/! s/"within": [-0-9.e]*,$/"within": true,/' "$tmp/p.json" |
	awk '/"covariances"/ { on = 1 } { if (!on) sub(/"within": true,/, "\"within\": 0.1,"); print }' >"$tmp/bad.json"
bad "covariances\[0\].within is not a number" "a covariance not a number"
sed 's/"runs_h": [-0-9.e]*/"runs_h": 0/' "$tmp/p.json" >"$tmp/bad.json"
bad "runs_h is 0: an invocation has a run at least" "an invocation of no runs"
awk '/"runs": \[/ { print "  \"runs\": [ 3 ],"; skip = 1; next } skip && /\]/ { skip = 0; next } !skip' \
	"$tmp/p.json" >"$tmp/bad.json"
bad "runs has 1 invocation: a profile has 2 to" "a profile of one invocation"
{ printf '{"tool": {"name": "latt"}, "profile_version": 1, "x": "'
  head -c 70000000 /dev/zero | tr '\0' a; printf '"}'; } >"$tmp/bad.json"
bad "larger than latt writes" "a huge profile"
