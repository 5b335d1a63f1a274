#!/bin/sh
# latt --against FILE.json... [--profile FILE]: a run judged against the
# other side's saved results.  A baseline that cannot be read or is of
# another setup is refused before anything runs; the table at the end is
# latt compare's of the baseline and the run's --json file, byte for
# byte; the JSON records the files by SHA-256; --fail-if worse exits 6
# on worse than the baseline; the line after each run only on a
# terminal.  No latency value is asserted: a worse baseline is made by
# scaling a saved one (tests/scale-doc.awk).
. "${top_srcdir:-.}/tests/lib.sh"

plan 50

check_bin="${JSON_CHECK:-$(pwd)/tests/json-check}"
get() {
	"$check_bin" --get "$@"
}
scale="${top_srcdir:-.}/tests/scale-doc.awk"
m="-c2 -s1 -S2 -x0 -t 0.3"

# shellcheck disable=SC2086
run $m -r2 --json "$tmp/a.json"
is "$rc" 0 "a baseline: exit 0"
# shellcheck disable=SC2086
run $m -r2 --json "$tmp/a2.json"

# shellcheck disable=SC2086
run $m -r2 --against "$tmp/a.json" --json "$tmp/b.json"
is "$rc" 0 "--against a baseline of this setup: exit 0"
check "... which is said, with its kernel" \
	grep -q "^latt: judged against $tmp/a.json, of this kernel, $(uname -r)\$" "$tmp/err"
cp "$tmp/out" "$tmp/run"
"$latt" compare "$tmp/a.json" "$tmp/b.json" >"$tmp/cmp" 2>&1
n=$(wc -l <"$tmp/cmp")
check "... the report ends with latt compare's table of the baseline and the --json file, byte for byte" \
	sh -c "test $n -gt 5 && tail -n $n '$tmp/run' | cmp -s - '$tmp/cmp'"
check "... after the report of the run" \
	sh -c "head -n 1 '$tmp/run' | grep -q '^run 1/2 default: entries '"
check "... whose last line says what verdicts between files took" \
	sh -c "tail -n 1 '$tmp/run' | grep -q '^Between files, verdicts take fixed floors'"
is "$(get "$tmp/b.json" against.files[0].path)" "$tmp/a.json" "the JSON: the file judged against, as given"
is "$(get "$tmp/b.json" against.files[0].sha256)" "$(sha256sum "$tmp/a.json" | cut -d' ' -f1)" \
	"... and its SHA-256, as sha256sum prints it"
is "$(get "$tmp/b.json" against.profile)" null "... no profile: null"
is "$(get "$tmp/a.json" against)" null "a run without --against: null"
check "no line after each run when standard error is not a terminal" \
	sh -c "! grep -q '^latt: run ' '$tmp/err'"

# -q: the run's line, then one of its verdicts against the files, as
# latt compare --json judges them (no table).
# shellcheck disable=SC2086
run -q $m -r2 --against "$tmp/a.json" --against "$tmp/a2.json" --json "$tmp/q.json"
check "-q --against: the run's line, then its verdicts against the files, nothing else" \
	sh -c "test $rc -eq 0 -o $rc -eq 6 && test \$(wc -l <'$tmp/out') -eq 2 &&
		head -n 1 '$tmp/out' | grep -q '^config=default entries=' &&
		tail -n 1 '$tmp/out' | grep -Eq '^against=$tmp/a.json,$tmp/a2.json config=default max_verdict=[a-z_]+ .* p50_verdict=(better|worse|cant_tell|none)( |\$)' &&
		! tail -n 1 '$tmp/out' | grep -q 'ended='"
check "... wall_s and cpu_s, without a command: - and no verdict keys" \
	sh -c "head -n 1 '$tmp/out' | grep -q ' wall_s=- cpu_s=- ' && ! grep -q '_s_verdict=' '$tmp/out'"
"$latt" compare --csv "$tmp/a.json" "$tmp/a2.json" -- "$tmp/q.json" >"$tmp/cq" 2>&1
check "... its p50 verdict latt compare --csv's of the files" \
	sh -c "test \"\$(tail -n 1 '$tmp/out' | sed -n 's/.* p50_verdict=\\([a-z_]*\\).*/\\1/p')\" = \"\$(awk -F, '\$3 == \"p50\" && \$6 != \"\" { print \$6 }' '$tmp/cq')\""

# Two boots of the other side: one group, as latt compare A1 A2 -- B.
# shellcheck disable=SC2086
run $m -r2 --against "$tmp/a.json" --against "$tmp/a2.json" --json "$tmp/c.json"
is "$rc" 0 "two files of the other side: exit 0"
"$latt" compare "$tmp/a.json" "$tmp/a2.json" -- "$tmp/c.json" >"$tmp/cmp" 2>&1
n=$(wc -l <"$tmp/cmp")
check "... latt compare A1 A2 -- B's table, byte for byte" \
	sh -c "test $n -gt 5 && tail -n $n '$tmp/out' | cmp -s - '$tmp/cmp'"
is "$(get "$tmp/c.json" against.files[1].sha256)" "$(sha256sum "$tmp/a2.json" | cut -d' ' -f1)" \
	"... both files in the JSON"

# Baselines that cannot be judged against: one line, exit 1, nothing run.
refused() {
	what=$1
	want=$2
	shift 2
	rm -f "$tmp/x.json"
	# shellcheck disable=SC2086
	run $m --json "$tmp/x.json" "$@"
	check "$what: exit 1, one line ($(head -n 1 "$tmp/err"))" \
		sh -c "test $rc -eq 1 && test \$(wc -l <'$tmp/err') -eq 1 &&
			grep -q -- \"$want\" '$tmp/err' && test ! -e '$tmp/x.json'"
}
refused "a missing baseline" "^latt: --against $tmp/none.json: No such file" \
	--against "$tmp/none.json"
: >"$tmp/empty.json"
refused "an empty one" "^latt: --against $tmp/empty.json: empty file" \
	--against "$tmp/empty.json"
refused "/dev/null" "^latt: --against /dev/null: empty file" --against /dev/null
head -c 400 "$tmp/a.json" >"$tmp/cut.json"
refused "a truncated one" "cut short: the JSON ends too soon" --against "$tmp/cut.json"
sed 's/"schema_version": [0-9]*/"schema_version": 99/' "$tmp/a.json" >"$tmp/v99.json"
refused "one of another latt JSON version" "schema version 99, this latt reads" \
	--against "$tmp/v99.json"
refused "one of another setup (clients)" \
	"^latt: --against $tmp/a.json: not of this setup: clients 2 there, 3 here\$" \
	-c3 --against "$tmp/a.json"
refused "one of another duration" \
	"^latt: --against $tmp/a.json: not of this setup: duration 300ms there, 500ms here\$" \
	-t 0.5 --against "$tmp/a.json"
refused "one without the command" "not of this setup: command none there, true here" \
	--against "$tmp/a.json" true
refused "a sweep of which one configuration is of another mechanism" \
	"^latt: --against $tmp/a.json: not of this setup: mechanism pipe there, futex here\$" \
	-C base: -C fx:mechanism=futex --against "$tmp/a.json"
# shellcheck disable=SC2086
run $m -r1 -C base: -C fx:mechanism=futex --json "$tmp/sw.json"
# shellcheck disable=SC2086
run $m -r1 -C base: -C fx:mechanism=futex --against "$tmp/sw.json"
check "... but that sweep run again against its own file: taken (each configuration against its namesake)" \
	sh -c "test $rc -eq 0 && grep -q '^Verdicts against ' '$tmp/out'"
refused "the second of two" "^latt: --against $tmp/cut.json: " \
	--against "$tmp/a.json" --against "$tmp/cut.json"

# shellcheck disable=SC2086
run $m --profile "$tmp/a.json"
check "--profile without --against: a usage error" \
	sh -c "test $rc -eq 1 && grep -q 'give --against FILE too' '$tmp/err'"
# shellcheck disable=SC2086
run $m --against "$tmp/a.json" --profile "$tmp/a.json" --profile "$tmp/b.json"
check "--profile twice: a usage error, one line, nothing run" \
	sh -c "test $rc -eq 1 && test \$(wc -l <'$tmp/err') -eq 1 && grep -q \"^latt: invalid --profile value '.*b.json': one file, already given\" '$tmp/err' && test ! -s '$tmp/out'"
# shellcheck disable=SC2086
run $m --against "$tmp/a.json" --against "$tmp/a.json"
is "$rc" 1 "--against a.json twice: exit 1, nothing run"
check "... one line: the same document, each file given once" \
	sh -c "head -n 1 '$tmp/err' | grep -q '^latt: --against .*a.json: the same document as .*a.json: each file is one invocation (a boot), given once' && test ! -s '$tmp/out'"
# A baseline whose runs were all cut short: said before anything runs.
sed 's/"complete": true/"complete": false/' "$tmp/a.json" >"$tmp/cut.json"
# shellcheck disable=SC2086
run $m --against "$tmp/cut.json"
check "a baseline of no complete run: judged, and said in one line" \
	sh -c "test $rc -eq 0 -o $rc -eq 6 && grep -q \"^latt: .*cut.json: configuration 'default' has no complete run (interrupted, or its command failed): judged by what its runs measured\\\$\" '$tmp/err'"
# shellcheck disable=SC2086
run $m --against "$tmp/a.json"
check "... not of one that has them" sh -c "! grep -q 'no complete run' '$tmp/err'"
run $m --against "$tmp/a.json" --json "$tmp/a.json"
check "--json naming the baseline: a usage error, the file kept" \
	sh -c "test $rc -eq 1 && grep -q 'would write over a file --against reads' '$tmp/err' &&
		test '$(get "$tmp/a.json" against)' = null"

# --fail-if worse, against a baseline eight times as fast and as slow
# (made by scaling: from 1024 ns up a faster copy's histogram is one of
# latt's; a faster machine's samples may be below).  The run's status
# follows its verdict: on this machine a loaded run can be faster than
# an idle one, even eight times (no latency is assumed).
awk -v f=0.125 -f "$scale" "$tmp/a.json" >"$tmp/fast.json"
awk -v f=8 -f "$scale" "$tmp/a.json" >"$tmp/slow.json"
# verdict_status: 6 when the table has the run's p50 worse, else 0.
verdict_status() {
	if grep -Eq '\(this run\) +p50 +worse ' "$tmp/out"; then
		echo 6
	else
		echo 0
	fi
}
if "$latt" compare "$tmp/a.json" "$tmp/fast.json" >/dev/null 2>&1; then
	# shellcheck disable=SC2086
	run $m -r3 --against "$tmp/fast.json" --fail-if worse=p50
	want=$(verdict_status)
	is "$rc" "$want" "--fail-if worse=p50 against a baseline 8x as fast: exit 6 exactly when p50 is worse"
	check "... which standard error says exactly then (latt: row ...: p50 is worse than ...)" \
		sh -c "if [ $rc -eq 6 ]; then grep -q \"^latt: row '.*(this run)': p50 is worse than '.*': +\" '$tmp/err'; else ! grep -q 'is worse than' '$tmp/err'; fi"
	diag "p50: $(grep -E '\(this run\) +p50 ' "$tmp/out" | sed 's/  */ /g')"
	# shellcheck disable=SC2086
	run $m -r3 -q --against "$tmp/fast.json"
	check "... -q: the run's line and its verdicts against the files, no table, exit 0" \
		sh -c "test $rc -eq 0 && test \$(wc -l <'$tmp/out') -eq 2 && head -n 1 '$tmp/out' | grep -q '^config=default ' &&
			tail -n 1 '$tmp/out' | grep -q '^against=.*fast.json config=default '"
else
	skip "samples below 1024 ns: no faster copy of the baseline"
	skip "samples below 1024 ns: no faster copy of the baseline"
	skip "samples below 1024 ns: no faster copy of the baseline"
fi
# shellcheck disable=SC2086
run $m -r3 --against "$tmp/slow.json" --fail-if worse=p50 --level 99
is "$rc" "$(verdict_status)" "... against one 8x as slow: exit 6 exactly when p50 is worse"
check "... a verdict in the table on p50 and p99 (better, worse, can't tell or why none)" \
	sh -c "grep -Eq '^Verdicts against .*\(slow.json\) at 99% on every metric' '$tmp/out'"

# With a noise profile of this setup.
# shellcheck disable=SC2086
"$latt" calibrate $m -r2 --invocations 2 -o "$tmp/prof.json" >/dev/null 2>&1
# shellcheck disable=SC2086
run $m -r2 --against "$tmp/a.json" --profile "$tmp/prof.json" --json "$tmp/p.json"
is "$rc" 0 "--profile with --against: exit 0"
joined "$tmp/out" "Between files" >"$tmp/pline"
check "... the line under the table names the profile" \
	grep -q "^Between files, verdicts take the noise profile $tmp/prof.json " "$tmp/pline"
"$latt" compare --profile "$tmp/prof.json" "$tmp/a.json" "$tmp/p.json" >"$tmp/cmp" 2>&1
n=$(wc -l <"$tmp/cmp")
check "... latt compare --profile's table, byte for byte" \
	sh -c "test $n -gt 5 && tail -n $n '$tmp/out' | cmp -s - '$tmp/cmp'"
is "$(get "$tmp/p.json" against.profile.sha256)" "$(sha256sum "$tmp/prof.json" | cut -d' ' -f1)" \
	"... the JSON names the profile by SHA-256"
json_schema
"$check_bin" "$tmp/p.json" "$tmp/schema" >/dev/null 2>"$tmp/check"
check "... and the document is as latt-json(5) describes it" \
	sh -c "grep -q 'fields checked' '$tmp/check' &&
		! grep -v 'never met\\|fields checked' '$tmp/check' | grep -q ."
# A profile of another duration than the baseline's and the run's.
sed 's/"duration": "300ms"/"duration": "400ms"/' "$tmp/prof.json" >"$tmp/prof4.json"
# shellcheck disable=SC2086
run $m -r2 --against "$tmp/a.json" --profile "$tmp/prof4.json" --json "$tmp/p4.json"
check "--profile of another duration than the run's: one line, exit 1, nothing run" \
	sh -c "test $rc -eq 1 && test ! -e '$tmp/p4.json' && test \$(wc -l <'$tmp/err') -eq 1 &&
		grep -q '^latt: --profile $tmp/prof4.json: a profile of another setup: duration 400ms in it, 300ms in ' '$tmp/err'"
# shellcheck disable=SC2086
run $m --against "$tmp/a.json" --profile "$tmp/a.json"
check "--profile naming a result: one line, exit 1" \
	sh -c "test $rc -eq 1 && grep -q '^latt: --profile $tmp/a.json: a result of latt --json, not a noise profile' '$tmp/err'"

# On a terminal, a line after each run (script(1) gives latt one).
if command -v script >/dev/null 2>&1; then
	run_tty "$latt $m -r2 --against $tmp/a.json -o $tmp/rep"
	is "$(wc -l <"$tmp/lines")" 2 "on a terminal: a line after each run"
	check "... its p50 and p99, so far, and the verdicts against the baseline" \
		sh -c "grep -Eq '^latt: run 2 of 2: p50 [0-9.]+ \(so far [0-9.]+\), p99 [0-9.]+ \(so far [0-9.]+\) usec; against the baseline: p50 [a-z]' '$tmp/lines'"
	check "... wrapped at 80 columns, the words after indented ($(awk '{ print length }' "$tmp/wrapped" | sort -n | tail -1))" \
		sh -c "test \$(wc -l <'$tmp/wrapped') -gt 2 &&
			awk 'length > 80 { bad = 1 } END { exit bad }' '$tmp/wrapped'"
else
	skip "script(1) is not installed"
	skip "script(1) is not installed"
	skip "script(1) is not installed"
fi
