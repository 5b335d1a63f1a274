#!/bin/sh
# How the words after the options become the command: argv executed
# directly, options stopping at the first word of the command, a single
# word with white space run by /bin/sh -c, latt-0.1's options after a
# quoted command, and units on values.
. "${top_srcdir:-.}/tests/lib.sh"

plan 19

# (Commands last until latt has measured a wakeup: -i says when.)
run -s1 -S2 -i 0.01 sh -c 'echo "$@" >"$0"; exec '"'$until_measured'" "$tmp/args" -j4 --clients=9
is "$rc" 0 "a command with options of its own runs"
is "$(cat "$tmp/args")" "-j4 --clients=9" "options after the command word go to the command"
is "$(sed -n 2p "$tmp/out")" "Parameters: min_wait=1ms, max_wait=2ms, clients=1" \
	"... and not to latt"

run -c2 -s1 -S2 -i 0.01 "echo shell-form >'$tmp/sh'; '$until_measured'"
is "$rc" 0 "a quoted command line runs"
is "$(cat "$tmp/sh" 2>/dev/null)" "shell-form" "... through /bin/sh -c"

run -l 'sleep 0.5' -c3 -s1 -S2
is "$rc" 0 "latt-0.1's form: options after a quoted command"
is "$(sed -n 2p "$tmp/out")" "Parameters: min_wait=1ms, max_wait=2ms, clients=3" \
	"... are latt's options"
is "$(field Command)" "sleep 0.5" "... and the command is the quoted one"

run -c2 -s1 -S2 -i 0.01 -- "$until_measured"
is "$rc" 0 "-- ends the options"

run -l -s 500us -S 1.5ms -t 300ms
is "$rc" 0 "times take units"
is "$(sed -n 2p "$tmp/out")" "Parameters: min_wait=500us, max_wait=1500us, clients=1" \
	"500us and 1.5ms are read as such"
# (A loaded machine may end it late, never early.)
check "-t 300ms measures for 300ms" \
	sh -c "test '$(field Measurement | sed 's/.*duration=\([^,]*\),.*/\1/')' = 300ms &&
		awk -v d='$(value Duration)' 'BEGIN { exit !(d >= 0.3) }'"

run -c1 -s1 -S2 -x 0 -t 0.2
is "$rc" 0 "-x 0 (no work) is accepted"
run -c1 -s1 -S2 --work 1m --duration 0.2
is "$rc" 0 "--work 1m is accepted"

run -c1 -s 0 -S 0 -t 0.2
is "$rc" 0 "a zero sleep (-s0 -S0) runs"
check "... and logs entries" test "$(entries)" -gt 0

# After --, a program whose path has spaces takes arguments.  It lasts
# until latt has measured a wakeup (-i says when): a run that ends before
# its first wakeup fails, and that is not what this is about.
mkdir "$tmp/a b"
printf '#!/bin/sh\necho "$@" >"$(dirname "$0")/args"\nexec "%s"\n' \
	"$until_measured" >"$tmp/a b/prog"
chmod +x "$tmp/a b/prog"
run -s1 -S2 -i 0.01 -- "$tmp/a b/prog" x y
is "$rc" 0 "-- before a program whose path has spaces"
is "$(cat "$tmp/a b/args" 2>/dev/null)" "x y" "... runs it with its arguments"
run -s1 -S2 "$tmp/a b/prog" x
check "... without --, the ambiguity is explained" grep -q "put -- before a program whose path has spaces" "$tmp/err"
