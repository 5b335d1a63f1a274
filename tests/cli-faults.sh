#!/bin/sh
# Faults: SIGINT/SIGTERM mid-run (partial report, 130/143, nothing left),
# a second SIGINT while stopping, a client killed, latt itself killed, and
# a closed standard output.
. "${top_srcdir:-.}/tests/lib.sh"

plan 42

# start ARGS...: latt in the background, $pid set, output in $tmp/out.
start() {
	rm -f "$tmp/out" "$tmp/err"
	$sigdefault "$latt" "$@" >"$tmp/out" 2>"$tmp/err" &
	pid=$!
}

# clients_up N: wait until latt ($pid) has N children.
clients_up() {
	_i=0
	while [ "$(pgrep -P "$pid" | wc -l)" -lt "$1" ]; do
		_i=$((_i + 1))
		[ $_i -gt 100 ] && return 1
		sleep 0.1
	done
	# and a few cycles measured
	sleep 0.5
}

marker="sleep 5151$$"
start -c4 -s5 -S10 $marker
clients_up 5
kill -INT "$pid"
wait "$pid"
rc=$?
is "$rc" 130 "SIGINT: exit 130"
check "... the partial report is printed" grep -q '^Entries logged: [1-9]' "$tmp/out"
is "$(field Status)" "interrupted by SIGINT" "... and marked interrupted"
check "... the message says so" grep -q 'interrupted by SIGINT' "$tmp/err"
check "... the command is stopped" none_left "$marker"
check "... and no client is left" no_latt_left

# Thread clients (--threads) stop as processes do.
threads_up() {
	_i=0
	while [ "$(awk '/^Threads:/ { print $2 }' /proc/$pid/status 2>/dev/null)" != "$1" ]; do
		_i=$((_i + 1))
		[ $_i -gt 100 ] && return 1
		sleep 0.1
	done
	sleep 0.5
}
marker="sleep 5252$$"
start --threads -c4 -s5 -S10 $marker
threads_up 5
kill -INT "$pid"
wait "$pid"
rc=$?
is "$rc" 130 "--threads, SIGINT: exit 130"
check "... with the partial report, its clients named threads" \
	sh -c "grep -q '^Entries logged: [1-9]' '$tmp/out' &&
		grep -q '(clients are threads)\$' '$tmp/out' &&
		grep -q 'interrupted by SIGINT' '$tmp/out'"
check "... and the command is stopped" none_left "$marker"

start -c2 -s5 -S10 -t 60
clients_up 2
kill -TERM "$pid"
wait "$pid"
rc=$?
is "$rc" 143 "SIGTERM: exit 143"
is "$(field Status)" "interrupted by SIGTERM" "... the report is marked"
check "... and no client is left" no_latt_left

start -c2 -s5 -S10 -t 60
clients_up 2
kill -HUP "$pid"
wait "$pid"
is "$?" 129 "SIGHUP: exit 129, after the report"
is "$(field Status)" "interrupted by SIGHUP" "... the report is marked"

# Any other signal that would end latt stops the command first.
marker="sleep 5353$$"
start -c2 -s5 -S10 $marker
clients_up 3
kill -USR1 "$pid"
wait "$pid"
is "$?" 138 "SIGUSR1: exit 138, after the report"
is "$(field Status)" "interrupted by SIGUSR1" "... the report is marked"
check "... and the command is stopped" none_left "$marker"

# A signal ignored when latt started stays ignored: nohup, and a
# background job of a script (the shell ignores SIGINT for it).
( trap '' HUP; exec "$latt" -c2 -s5 -S10 -t 1.5 >"$tmp/out" 2>"$tmp/err" ) &
pid=$!
clients_up 2
kill -HUP "$pid"
wait "$pid"
is "$?" 0 "SIGHUP ignored at start (nohup): latt runs on, exit 0"
is "$(field Status)" "complete (duration reached)" "... to the end"
sh -c '"$0" -c2 -s5 -S10 -t 1.5 >"$1" 2>&1 & p=$!; sleep 0.7; kill -INT $p; wait $p' \
	"$latt" "$tmp/out"
is "$?" 0 "SIGINT to a background job of a script: ignored, exit 0"

# A second SIGINT while latt waits for a command that ignores SIGTERM.
marker="sleep 5252$$"
start -c2 -s5 -S10 --grace 1 sh -c "trap '' TERM; $marker"
clients_up 3
kill -INT "$pid"
sleep 0.3
kill -INT "$pid"
wait "$pid"
rc=$?
is "$rc" 130 "a second SIGINT while stopping: still 130"
check "... and the report is not lost" grep -q '^Wakeup averages' "$tmp/out"
check "... and the command is gone" none_left "$marker"

# Kill one client: noticed at once, named, exit 2.
start -c4 -s5 -S10 -t 60
clients_up 4
victim=$(pgrep -P "$pid" | head -n 1)
t0=$(date +%s)
kill -KILL "$victim"
wait "$pid"
rc=$?
t1=$(date +%s)
is "$rc" 2 "a client killed: exit 2"
check "... noticed within seconds, not at the end of -t 60" test $((t1 - t0)) -lt 10
check "... the message names the client" \
	grep -Eq "^latt: client [1-4] \\(pid $victim\\) killed by signal 9" "$tmp/err"
check "... the report says so" \
	grep -Eq "$(printf '^\tStatus\t\tfailed: client [1-4] killed by signal 9')" "$tmp/out"
check "... and keeps the samples taken" grep -q '^Entries logged: [1-9]' "$tmp/out"
check "... and no client is left" no_latt_left

# kill -9 of latt: the clients die with it.
start -c4 -s5 -S10 -t 60
clients_up 4
kill -KILL "$pid"
wait "$pid" 2>/dev/null
check "kill -9 of latt leaves no client running" no_latt_left

# ... and its command dies too, even one whose exec gave it back root's
# capabilities (PR_SET_PDEATHSIG does not survive that): latt's guard.
gone_or_zombie() {
	_i=0
	while [ -d "/proc/$1" ] && [ "$(awk '/^State:/ { print $2 }' "/proc/$1/status" 2>/dev/null)" != Z ]; do
		_i=$((_i + 1))
		[ $_i -gt 30 ] && return 1
		sleep 0.1
	done
	return 0
}
rm -f "$tmp/cmdpid"
start -c2 -s5 -S10 -t 60 -- sh -c 'echo $$ >"$0"; exec sleep 100' "$tmp/cmdpid"
wait_for_file "$tmp/cmdpid"
sleep 0.2
guard=$(pgrep -x latt-guard -P "$pid")
kill -KILL "$pid"
wait "$pid" 2>/dev/null
cmd=$(cat "$tmp/cmdpid")
check "kill -9 of latt: its command ($cmd) is stopped by latt's guard" gone_or_zombie "$cmd"
if [ -n "$guard" ] && gone_or_zombie "$guard"; then
	ok 0 "... and the guard ($guard) is gone"
else
	ok 1 "... and the guard ($guard) is gone"
fi

# A reader that leaves ends latt as it ends seq: by SIGPIPE, quietly.
( "$latt" -c2 -s1 -S2 -t 0.3 2>"$tmp/err"; echo $? >"$tmp/rc" ) | true
sleep 0.1
is "$(cat "$tmp/rc")" 141 "writing the report to a closed pipe: killed by SIGPIPE, as seq"
check "... quietly" test ! -s "$tmp/err"
# Unless SIGPIPE was ignored: then the failed write is an error.
( trap '' PIPE; "$latt" -c2 -s1 -S2 -t 0.3 2>"$tmp/err"; echo $? >"$tmp/rc" ) | true
sleep 0.1
is "$(cat "$tmp/rc")" 2 "... with SIGPIPE ignored: exit 2"
check "... with a message" grep -q '^latt: write error on standard output: Broken pipe' "$tmp/err"
if [ -w /dev/full ]; then
	"$latt" -c2 -s1 -S2 -t 0.3 >/dev/full 2>"$tmp/err"
	is "$?" 2 "writing the report to a full device: exit 2"
	check "... with a message" grep -q '^latt: write error on standard output: No space left on device' "$tmp/err"
else
	skip "no /dev/full"
	skip "no /dev/full"
fi
t0=$(date +%s)
( "$latt" -v -c2 -s1 -S2 -t 30 -- sh -c 'echo $$ >"$0"; exec sleep 60' "$tmp/cmdpid" \
	2>"$tmp/err"; echo $? >"$tmp/rc" ) | head -n 1 >/dev/null
t1=$(date +%s)
is "$(cat "$tmp/rc")" 141 "-v samples to a pipe closed by head -1: SIGPIPE"
check "... as soon as the write fails, not after -t 30" test $((t1 - t0)) -lt 20
check "... quietly" test ! -s "$tmp/err"
check "... and the command was stopped" sh -c "test -s $tmp/cmdpid && ! kill -0 \$(cat $tmp/cmdpid) 2>/dev/null"
