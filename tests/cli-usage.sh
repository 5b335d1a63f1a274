#!/bin/sh
# --help, --version, unknown options and every bad option value: a one-line
# error naming the option and the accepted range, exit status 1, nothing
# run and nothing on stdout.
. "${top_srcdir:-.}/tests/lib.sh"

plan 59

run --help
is "$rc" 0 "--help exits 0"
check "--help writes usage to stdout" grep -q '^Usage: latt' "$tmp/out"
check "--help writes nothing to stderr" test ! -s "$tmp/err"
cp "$tmp/out" "$tmp/help"
run -h
is "$rc" 0 "-h exits 0"
# --help: the common options on one screen, --help=all every one.
check "-h prints what --help does" cmp -s "$tmp/out" "$tmp/help"
check "--help fits 80 lines" test "$(wc -l <"$tmp/help")" -le 80
check "--help fits 80 columns" test "$(awk '{ if (length > m) m = length } END { print m + 0 }' "$tmp/help")" -le 80
check "--help points to --help=all" grep -q -- '--help=all' "$tmp/help"
check "--help leaves the rare ones to --help=all" sh -c '! grep -q -- --keep-trace "$1"' _ "$tmp/help"
run --help=all
is "$rc" 0 "--help=all exits 0"
check "--help=all lists every option, --long and the settings too" \
	sh -c 'grep -q -- --long "$1" && grep -q -- --waker-cpus "$1" && grep -q -- --keep-trace "$1"' _ "$tmp/out"
run --help=some
is "$rc" 1 "--help=some is a usage error"
check "... that says what --help takes" grep -q "help takes 'all' or nothing" "$tmp/err"

run -V
is "$rc" 0 "-V exits 0"
check "-V prints the version" grep -Eq '^latt [0-9]+\.[0-9]+' "$tmp/out"
run --version
check "--version prints the same" grep -Eq '^latt [0-9]+\.[0-9]+' "$tmp/out"

run --no-such-option
is "$rc" 1 "an unknown option exits 1"
check "an unknown option points to --help" \
	grep -q "Try 'latt --help' for more information." "$tmp/err"
run -c
is "$rc" 1 "a missing value exits 1"

# bad OPTION VALUE PATTERN: the value is refused with a message matching
# PATTERN on one line, exit 1, and the command after it never runs.
bad() {
	rm -f "$tmp/ran"
	"$latt" "$1" "$2" touch "$tmp/ran" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	ok $(( rc != 1 )) "$1 '$2' exits 1"
	if [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -Eq -- "$3" "$tmp/err" &&
	   [ ! -s "$tmp/out" ] && [ ! -e "$tmp/ran" ]; then
		ok 0 "$1 '$2': one-line error, nothing run"
	else
		ok 1 "$1 '$2': one-line error, nothing run"
		sed 's/^/#   /' "$tmp/err"
	fi
}

bad -c 4097 "--clients.*0 to 4096"
bad -c 2x "--clients.*0 to 4096"
bad --clients -1 "--clients.*0 to 4096"
bad -s 2h "invalid --min-wait value '2h': expected a time from 0 to 1h"
bad -s 10parsecs "--min-wait"
bad -S -5 "--max-wait"
bad -x 65m "invalid --work value '65m': expected a size from 0 to 64m"
bad -x lots "--work"
bad -t 0 "invalid --duration value '0': expected a time from 1ms to 30d"
bad -t 31days "--duration"
bad -t 1m "invalid --duration value '1m': expected a time from 1ms to 30d; 'm' is not a unit: ms or min"
bad --grace 2h "invalid --grace value '2h': expected a time from 0 to 1h"
bad -p 0 "invalid --percentiles value '0'"
bad -p 50,101 "--percentiles"
bad -p 50,,90 "--percentiles"
bad -p 50,99,50 "invalid --percentiles value '50,99,50': a percentile is given twice"
bad --mechanism signal "invalid --mechanism value 'signal': expected pipe, eventfd, futex or socket"
bad --clock realtime "invalid --clock value 'realtime': expected auto, monotonic, monotonic_raw or tsc"

run -s 300 -S 200 true
is "$rc" 1 "--min-wait above --max-wait exits 1"
check "... and says which values clash" \
	grep -q -- "--min-wait (300ms) is above --max-wait (200ms)" "$tmp/err"

run 'sleep 1' -c2 stray
is "$rc" 1 "a word after a quoted command exits 1"
check "... naming it" grep -q "unexpected argument 'stray'" "$tmp/err"
