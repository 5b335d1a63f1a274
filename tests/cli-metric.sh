#!/bin/sh
# --target-metric: the command's own figures, read from its output
# (stdout and stderr, passed on byte for byte, however much, whoever
# stops reading), in the Target block, the sweep table with ratios and
# the direction, -q, the JSON, the CSV, --fail-above/--fail-below and
# latt compare; a figure never found fails the run (exit 2), never a 0.
# x264's fps, where x264 is installed.
. "${top_srcdir:-.}/tests/lib.sh"

plan 67

check_bin="${JSON_CHECK:-$(pwd)/tests/json-check}"
get() {
	"$check_bin" --get "$@"
}

# A command that lasts until latt has measured, then prints its figures:
# x264-like progress lines (\r) and fps on stderr, the time on stdout.
fig="$tmp/fig"
cat >"$fig" <<EOF
#!/bin/sh
$until_measured || exit 1
printf '[10%%] 3.5 fps\r[90%%] 7.5 fps\r' >&2
echo "encoded: \${1:-12.5} fps" >&2
echo "real \${2:-3.25} s"
EOF
chmod +x "$fig"
fps='fps+=([0-9.]+) fps'

run -l -i 10ms -s1 -S2 -x0 --target-metric "$fps" \
	--target-metric 'time-=real ([0-9.]+) s' -- "$fig"
is "$rc" 0 "a run whose figures are found: exit 0"
is "$(field fps)" "12.50 (the last of 3 matches of '([0-9.]+) fps'; higher is better)" \
	"the Target block has the last fps of stderr, after progress lines"
is "$(field time)" "3.25 (the last of 1 match of 'real ([0-9.]+) s'; lower is better)" \
	"... and the time from stdout, lower is better"
check "the command's output is passed on" grep -qx 'real 3.25 s' "$tmp/out"
check "... its stderr too" sh -c "grep -q 'encoded: 12.5 fps\$' '$tmp/err' &&
	grep -q '\[10%\] 3.5 fps.\[90%\] 7.5 fps' '$tmp/err'"

run -l -i 10ms -s1 -S2 -x0 --target-metric 'n+:sum=([0-9.]+) fps' -- "$fig" 20
is "$(value n)" "31.00" ":sum adds every match up (3.5 + 7.5 + 20)"

# Byte for byte: NULs, carriage returns, bytes of no encoding, no end of
# line at the end.
cat >"$tmp/bin" <<EOF
#!/bin/sh
$until_measured || exit 1
printf 'a\000b\r\377\376 v=4\nz' 
printf 'e\001\r v=5 \000w\n' >&2
EOF
chmod +x "$tmp/bin"
printf 'a\000b\r\377\376 v=4\nz' >"$tmp/want"
run -l -o "$tmp/report" -i 10ms -s1 -S2 -x0 --target-metric 'v+=v=([0-9])' \
	-- "$tmp/bin"
is "$rc" 0 "binary output: exit 0"
check "... passed on byte for byte (stdout)" cmp -s "$tmp/out" "$tmp/want"
check "... and on stderr" grep -aq "$(printf 'e\001\r v=5 ')" "$tmp/err"
is "$(value v 1 "$tmp/report")" "5.00" "... and searched line by line"

# Much output: nothing blocks, nothing is lost.
cat >"$tmp/much" <<EOF
#!/bin/sh
$until_measured || exit 1
head -c 3000000 /dev/zero | tr '\000' 'z'
head -c 1000000 /dev/zero >&2
echo 'fps 1.5' >&2
EOF
chmod +x "$tmp/much"
run -l -o "$tmp/report" -i 10ms -s1 -S2 -x0 --target-metric 'fps+=fps ([0-9.]+)' \
	-- "$tmp/much"
is "$rc" 0 "4 MB of output: exit 0"
is "$(wc -c <"$tmp/out")" 3000000 "... every byte of stdout passed on"
is "$(value fps 1 "$tmp/report")" "1.50" "... and the figure after it found"

# Never found: the run fails, with one clear line; not a zero.
run -l -i 10ms -s1 -S2 -x0 --target-metric "$fps" \
	--target-metric 'nope+=nope=([0-9]+)' -- "$fig"
is "$rc" 2 "a figure never found: exit 2"
check "... said on stderr" grep -qx "latt: target metric nope: its expression 'nope=(\[0-9\]+)' never matched the command's output (standard output and error): no value, the run failed" "$tmp/err"
check "... in the Target block, as no value" \
	grep -q "nope.*- (never found by 'nope=(\[0-9\]+)' in the command's output: the run failed)" "$tmp/out"
is "$(field Status)" "failed: the command's output never gave nope" "... and in its Status"
is "$(value fps)" "12.50" "... the figures found still shown"

run -i 10ms -s1 -S2 -x0 --target-metric 'w+=(encoded)' -- "$fig"
is "$rc" 2 "a group that is never a number: exit 2"
check "... saying what it matched" grep -q "first group was never a number (it was 'encoded')" "$tmp/err"
check "... the short report: the metric without a value on the Command line, the failure in its Status line" \
	sh -c "printf '%s\\n' \"\$0\" | grep -Eq '^Command: exited with status 0, .*; w -\$' &&
		grep -qx \"Status: failed: the command's output never gave w\" '$tmp/out'" "$(joined "$tmp/out" Command:)"

# Stopped by -t while it runs: what it printed until then.
run -l -i 10ms -s1 -S2 -x0 -t 2 --target-metric "$fps" -- \
	sh -c "echo '9.25 fps'; $until_measured; exec sleep 100"
is "$rc" 0 "a command stopped at -t: exit 0"
is "$(value fps)" "9.25" "... with the figure it printed before"

# A process that left the command's group and writes on: latt stops it,
# the run ends.
run -l -i 10ms -s1 -S2 -x0 --target-metric "$fps" -- sh -c \
	"setsid sh -c 'while :; do echo x; sleep 0.05; done' & $until_measured; echo '2 fps'"
is "$rc" 0 "a descendant that escaped the group and writes on: the run ends"
is "$(value fps)" "2.00" "... with the figure"

# The reader of latt's output leaves: the command meets a closed pipe.
( "$latt" -o "$tmp/report" -s1 -S2 --target-metric "$fps" -- yes '1 fps' \
	2>"$tmp/err"; echo $? >"$tmp/rc" ) | head -c 100 >/dev/null
is "$(cat "$tmp/rc")" 4 "head leaves: the command dies of the closed pipe, as without latt"
check "... killed by SIGPIPE" grep -q "killed by signal 13" "$tmp/err"

# A sweep: the command prints its own nice value + 10 as its fps, so that
# the configurations' figures differ by a known ratio.
cat >"$tmp/nice" <<EOF
#!/bin/sh
$until_measured || exit 1
echo "\$((\$(nice) + 10)) fps"
EOF
chmod +x "$tmp/nice"
sweep="-i 10ms -s1 -S2 -x0 -r2 -C base: -C n5:target-nice=5"
# shellcheck disable=SC2086
run $sweep -l --target-metric "$fps" --json "$tmp/a.json" \
	--csv "$tmp/a.csv" -- "$tmp/nice"
is "$rc" 0 "a sweep with a target metric: exit 0"
is "$(awk '$1 == "config" { print $NF; exit }' "$tmp/out")" fps \
	"the table has an fps column"
is "$(awk '$1 == "base" && $2 == 2 { print $NF }' "$tmp/out")" 10.00 \
	"... base's median"
is "$(awk '$1 == "n5" && $2 == 2 { print $NF }' "$tmp/out")" 15.00 \
	"... n5's median"
is "$(awk '$1 == "ratio" { on = 1 } on && /^$/ { exit } on && $1 == "n5" { print $NF }' "$tmp/out")" \
	"1.500b" "... and its ratio to base, better from two runs each (b)"
check "... named with its direction under the table" grep -qx \
	"fps: the command's own figure (--target-metric), higher is better" "$tmp/out"
check "... each run's line has it" grep -q '^run 2/2 n5: .*, fps 15.00; complete' "$tmp/out"

is "$(get "$tmp/a.json" 'configurations[1].runs[0].target.metrics[0].value')" 15 \
	"JSON: the run's value"
is "$(get "$tmp/a.json" 'configurations[1].runs[0].target.metrics[0].better') $(get "$tmp/a.json" 'configurations[1].runs[0].target.metrics[0].mode') $(get "$tmp/a.json" 'configurations[1].runs[0].target.metrics[0].matches')" \
	"higher last 1" "JSON: its direction, mode and matches"
# The summary's metrics: the eleven of every run (entries ... cs_per_s, load),
# the command's own waits (cmd_p50, cmd_p99), then the command's figures.
is "$(get "$tmp/a.json" 'configurations[1].summary.metrics[13].name') $(get "$tmp/a.json" 'configurations[1].summary.metrics[13].value') $(get "$tmp/a.json" 'configurations[1].summary.metrics[13].better')" \
	"fps 15 higher" "JSON: the configuration's summary"
sed -n 's/^\.BR "\([^"]*\)" " (\([^)]*\))"$/\1 \2/p' \
	"$top_srcdir/man/latt-json.5" | sed 's/\\-/-/g; s/ or /|/g' >"$tmp/schema"
"$check_bin" "$tmp/a.json" "$tmp/schema" 2>"$tmp/check"
check "the JSON's new fields are the manual's" not grep -q 'target' "$tmp/check"
is "$(head -1 "$tmp/a.csv" | tr ',' '\n' | tail -1)" fps "CSV: an fps column"
is "$(awk -F, 'NR == 4 { print $NF }' "$tmp/a.csv")" 15 "... with the run's value"

# shellcheck disable=SC2086
run $sweep -q --target-metric "$fps" -- "$tmp/nice"
check "-q: fps= in each line" grep -q '^config=n5 .* fps=15.00' "$tmp/out"

"$latt" compare -l "$tmp/a.json" >"$tmp/cmp" 2>"$tmp/err"
is "$?" 0 "latt compare of it: exit 0"
check "... an fps column" grep -Eq '^ratio .* fps$' "$tmp/cmp"
is "$(awk '/^ratio/ { on = 1 } on && / n5 / { print $NF; exit }' "$tmp/cmp")" "1.500b" \
	"... with the ratio"
check "... and its direction" grep -qx \
	"fps: the command's own figure (--target-metric), higher is better" "$tmp/cmp"

# Limits by name, either way.
# shellcheck disable=SC2086
run $sweep -q --target-metric "$fps" --fail-below fps=12 -- "$tmp/nice"
is "$rc" 3 "--fail-below fps=12: exit 3"
check "... naming the configuration under it" grep -qx \
	"latt: configuration 'base': fps 10.00 is under the limit of 12 (12)" "$tmp/err"
check "... and not the other" not grep -q "'n5'" "$tmp/err"
# shellcheck disable=SC2086
run $sweep -q --target-metric "$fps" --fail-above fps=12,p99=1h -- "$tmp/nice"
is "$rc:$(grep -c '^latt: configuration' "$tmp/err")" 3:1 \
	"--fail-above fps=12 beside a latency limit: exit 3, one line"
check "... naming the configuration over it" grep -qx \
	"latt: configuration 'n5': fps 15.00 is over the limit of 12 (12)" "$tmp/err"

# Usage errors, before anything runs.
usage_err() {
	run -t 1 "$@" -- true
	[ "$rc" -eq 1 ] && [ ! -s "$tmp/out" ] && grep -q "$want" "$tmp/err" ||
		{ diag "$rc: $(cat "$tmp/err")"; false; }
}
want="needs a direction after its name: fps+= (higher is better) or fps-= (lower is better)"
check "no direction: exit 1, saying so" usage_err --target-metric 'fps=([0-9]+)'
want="has no group: put the number in parentheses"
check "no group: exit 1" usage_err --target-metric 'fps+=[0-9]+ fps'
want="bad regular expression '(\[0-9\]+': "
check "a bad regular expression: exit 1, with regcomp's reason" \
	usage_err --target-metric 'fps+=([0-9]+'
want="'max' is a name of latt's own"
check "latt's own name: exit 1" usage_err --target-metric 'max+=([0-9]+)'
want="no --target-metric is named 'fsp'"
check "--fail-below of no metric: exit 1" usage_err --target-metric "$fps" \
	--fail-below fsp=3
want="invalid --fail-below value 'fps=fast': invalid value 'fast' for fps: expected a number"
check "--fail-below with no number: exit 1" usage_err --target-metric "$fps" \
	--fail-below fps=fast
want="one name, one direction"
check "one name with two directions: exit 1" usage_err \
	-C a:target-metric='f+=([0-9])' -C b:target-metric='f-=([0-9])'
run --target-metric "$fps" -t 1
is "$rc" 1 "no command to read: exit 1"

# A slow expression (back-references: exponential in glibc's regexec) on
# a line of 3000 letters: the line is skipped and said, the run ends with
# the command, not by a SIGKILL, and the other metric is still found.
# (The command lasts until latt has measured: a run without a wakeup
# says so instead.)
slow='x+=(([a-z]*)*)*\1\1\1x'
letters="head -c 3000 /dev/zero | tr '\\0' a; echo"
timeout -s KILL "$patience" "$latt" -l -t 30 -i 10ms -s1 -S2 -x0 --target-metric "$slow" \
	--target-metric 'y+=y=([0-9]+)' --json "$tmp/slow.json" -- \
	sh -c "$until_measured && { $letters; echo y=7; }" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "a line too slow to search: the run ends, exit 2 ($rc)" test "$rc" -eq 2
check "... the line said skipped, the metric missing" \
	grep -q "^latt: target metric x: its expression .* never matched the command's output (standard output and error), 1 line skipped (searching took over 0.1 s): no value, the run failed\$" "$tmp/err"
check "... the other metric found, the skipped line in the JSON" \
	sh -c "awk -F'\t+' '\$2 == \"y\" { print \$3 }' '$tmp/out' | grep -q '^ *7.00 (the last of 1 match' &&
		test \"\$('$check_bin' --get '$tmp/slow.json' 'configurations[0].runs[0].target.metrics[0].skipped_lines')\" = 1"
# SIGTERM while such lines keep coming: latt stops at once (its reader
# was in regexec, the waker in pthread_join, and only SIGKILL ended it).
$sigdefault "$latt" -l -t 600 -s1 -S2 -x0 --target-metric "$slow" -- sh -c \
	"while :; do $letters; touch '$tmp/slow'; done" >"$tmp/out" 2>"$tmp/err" &
lpid=$!
wait_for_file "$tmp/slow"
kill -TERM "$lpid"
wait_until exited "$lpid"
check "... SIGTERM while it searches: latt ends" exited "$lpid"
kill -KILL "$lpid" 2>/dev/null
wait "$lpid"
rc=$?
check "... with 143, the lines skipped in the report ($rc)" sh -c "test $rc -eq 143 &&
	grep -q '^	x		 *- (never found by .*; [0-9]* lines\\{0,1\\} skipped, too slow to search: the run failed)\$' '$tmp/out'"

# Wait for latt @1 (its stderr in @2) to end and set rc; should it not
# end, where each of its threads and processes waits goes to the log
# before it is killed.
watch_latt() {
	if ! wait_until exited "$1"; then
		for t in /proc/"$1"/task/* $(pgrep -P "$1" | sed 's|^|/proc/|'); do
			diag "$t $(cat "$t/comm" 2>/dev/null) waits in $(cat "$t/wchan" 2>/dev/null) ($(cut -d' ' -f3 "$t/stat" 2>/dev/null))"
			diag "$(cat "$t/stack" 2>/dev/null | head -n 4 | tr '\n' ' ')"
		done
		[ -f "$2" ] && diag "its stderr: $(head -c 300 "$2")"
		kill -KILL "$1"
	fi
	wait "$1"
	rc=$?
}

# The command's output passed on to an output nobody reads (a pipe held
# open, never read): the reading, blocked there, is given up 3 s after
# the run, which ends with its -q line (it waited for that reader
# forever).  The command writes to latt's standard output, the pipe, and
# the -q line goes to a file (-o), latt's own messages to a file.
mkfifo "$tmp/unread"
( exec 3<>"$tmp/unread"; exec sleep 600 ) &
holder=$!
"$latt" -q -o "$tmp/out" -t 1 -s1 -S2 -x0 --target-metric 'x+=^(1)$' \
	-- sh -c 'yes 1' >"$tmp/unread" 2>"$tmp/err" &
watch_latt $! "$tmp/err"
check "output passed on to a pipe nobody reads: the run still ends, exit 0 ($rc)" \
	sh -c "test $rc -eq 0 && grep -q '^config=default .* x=1.00' '$tmp/out'"

# The same pipe as latt's standard error, filled by the command's errors:
# latt's own message after the run (a --fail-above limit) waits for room
# at most 3 s, then is dropped, and the run ends with its status 3 (it
# waited there for good).
"$latt" -q -o "$tmp/out" -t 1 -s1 -S2 -x0 --fail-above p50=1ns \
	--target-metric 'x+=^(1)$' -- sh -c 'yes 1 >&2' 2>"$tmp/unread" &
watch_latt $! ""
kill "$holder"
check "latt's own message on a standard error nobody reads: the run ends, exit 3 ($rc)" \
	sh -c "test $rc -eq 3 && grep -q '^config=default .* x=1.00' '$tmp/out'"

# x264's own fps, on a small picture of its own making.
if command -v x264 >/dev/null 2>&1; then
	{
		printf 'YUV4MPEG2 W64 H64 F25:1 Ip A1:1 C420jpeg\n'
		i=0
		while [ $i -lt 20 ]; do
			printf 'FRAME\n'
			head -c 6144 /dev/urandom
			i=$((i + 1))
		done
	} >"$tmp/in.y4m"
	run -l -i 10ms -s1 -S2 -x0 --target-metric "$fps" -- sh -c \
		"$until_measured && x264 --preset ultrafast --threads 1 -o /dev/null '$tmp/in.y4m'"
	is "$rc" 0 "x264: exit 0"
	check "... its fps found" sh -c "field() { awk -F'\t+' '\$2 == \"fps\" { print \$3 }' '$tmp/out'; }; field | grep -Eq '^ *[0-9]+\.[0-9]{2} \(the last of [0-9]+ match'"
else
	skip "x264 is not installed"
	skip "x264 is not installed"
fi
