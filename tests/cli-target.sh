#!/bin/sh
# The target command: exit statuses (127 not executable, 4 failed), its
# resource lines, --duration stopping it (SIGTERM, then SIGKILL after
# --grace) with nothing of it left running.
. "${top_srcdir:-.}/tests/lib.sh"

plan 45

run -s1 -S2 /nonexistent/command-$$
is "$rc" 127 "a command that does not exist: exit 127"
check "... with a one-line error" grep -q "^latt: cannot run '/nonexistent/command-$$': No such file or directory$" "$tmp/err"
check "... and no report of a run that did not happen" test ! -s "$tmp/out"
check "... and no client left" no_latt_left

printf 'not a program\n' >"$tmp/noexec"
chmod -x "$tmp/noexec"
run -s1 -S2 "$tmp/noexec"
is "$rc" 127 "a file that is not executable: exit 127"
check "... saying why" grep -q "Permission denied" "$tmp/err"

run -s1 -S2 "no-such-command-$$ --flag"
is "$rc" 127 "a shell command line whose program is not found: exit 127"
check "... saying the shell could not run it" \
	grep -q "^latt: /bin/sh could not run 'no-such-command-$$ --flag' (exit status 127)$" "$tmp/err"

run -s1 -S2 'sh -c "sleep 0.3; exit 127" x'
is "$rc" 4 "a shell command line whose program exits 127 itself: exit 4"
check "... said as the command's own status" \
	grep -q "^latt: command 'sh -c \"sleep 0.3; exit 127\" x' exited with status 127$" "$tmp/err"
run -s1 -S2 "FOO=1 no-such-command-$$"
is "$rc" 127 "a program not found after VAR=value: exit 127"

run -l -s1 -S2 false
is "$rc" 4 "a command that fails: exit 4"
check "... after the full report" grep -q '^Target' "$tmp/out"
check "... and a message" grep -q "^latt: command 'false' exited with status 1$" "$tmp/err"
is "$(field Exit)" "exited with status 1" "the report gives its exit status"

run -l -s1 -S2 sh -c 'kill -KILL $$'
is "$rc" 4 "a command killed by a signal: exit 4"
is "$(field Exit)" "killed by signal 9 (Killed)" "the report names the signal"

run -l -s1 -S2 -i 0.01 sh -c 'i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; exec "$0"' \
	"$until_measured"
is "$rc" 0 "a command that succeeds: exit 0"
for l in Wall User System "Voluntary cs" "Involuntary cs"; do
	check "the Target block has $l" test -n "$(value "$l")"
done
check "its CPU time is counted" \
	awk -v u="$(value User)" -v s="$(value System)" 'BEGIN { exit !(u + s > 0) }'
check "the system context switch rate is reported" test -n "$(value 'System cs rate')"

# When the command ends, latt ends: nothing of its own (its guard, say)
# is taken for a descendant of the command and given --grace to leave.
t0=$(date +%s)
run -s1 -S2 -i 0.01 --grace $((2 * patience))s -- "$until_measured"
t1=$(date +%s)
is "$rc" 0 "a command that ends ends the run: exit 0"
check "... at once, not after --grace $((2 * patience))s ($((t1 - t0)) s)" \
	test $((t1 - t0)) -lt "$patience"

# --duration with a command: SIGTERM to the whole group, exit 0.
marker="sleep 4242$$"
run -l -s1 -S2 -t 0.5 sh -c "$marker & $marker & wait"
is "$rc" 0 "--duration cutting a command short: exit 0"
is "$(field Exit)" "killed by signal 15 (Terminated), stopped by latt" \
	"the report says latt stopped it"
check "nothing of the command survives" none_left "$marker"

# A command that ignores SIGTERM gets SIGKILL after --grace.
marker="sleep 4343$$"
run -l -s1 -S2 -t 0.3 --grace 0.5 sh -c "trap '' TERM; $marker & $marker & wait"
is "$rc" 0 "a command that ignores SIGTERM is still stopped"
check "... by SIGKILL after the grace period" \
	test "$(field Exit)" = "killed by signal 9 (Killed), stopped by latt"
check "... and nothing of it survives" none_left "$marker"

# Descendants that left the command's process group are stopped too.
marker="sleep 4444$$"
run -s1 -S2 -t 0.5 sh -c "setsid $marker & wait"
is "$rc" 0 "a command with a descendant in a session of its own"
check "... the descendant is stopped at the end" none_left "$marker"
check "... the short report's Command line says latt stopped the command" \
	grep -Eq '^Command: stopped by latt, then killed by signal 15 \(Terminated\), ' "$tmp/out"
marker="sleep 4545$$"
run -l -s1 -S2 -i 0.01 sh -c "setsid $marker & exec '$until_measured'"
is "$rc" 0 "a command that leaves a daemon behind exits"
check "... and the daemon is stopped when latt ends" none_left "$marker"
check "... and its time is counted with the command's" test -n "$(value Wall)"

# A SIGTERM to latt cuts its --grace short: a descendant in a session of
# its own ignores SIGTERM and outlives the command; latt, given an hour
# to wait for it, ends at a SIGTERM (SIGKILL to the descendant).  The
# first SIGTERM may come before latt saw the command end (it then stops
# the run, and only the next cuts the wait): a second one follows when
# latt is still there 2 s later.
marker="sleep 4848$$"
printf "trap '' TERM\nexec %s\n" "$marker" >"$tmp/stubborn"
$sigdefault "$latt" -s1 -S2 -i 0.01 --grace 1h -- \
	sh -c "setsid sh '$tmp/stubborn' & exec '$until_measured'" \
	>"$tmp/out" 2>"$tmp/err" &
lpid=$!
wait_until pgrep -f "$marker"
wait_until not pgrep -f "$until_measured"
t0=$(date +%s)
kill -TERM $lpid
i=0
while kill -0 $lpid 2>/dev/null && [ $i -lt 40 ]; do
	sleep 0.05
	i=$((i + 1))
done
kill -0 $lpid 2>/dev/null && kill -TERM $lpid
if wait_until not kill -0 $lpid; then
	wait $lpid
	rc=$?
else
	rc=timeout
	kill -KILL $lpid
fi
t1=$(date +%s)
is "$rc" 143 "--grace 1h, a descendant ignoring SIGTERM: latt ends at a SIGTERM (143)"
check "... within seconds, not the hour ($((t1 - t0)) s)" test $((t1 - t0)) -lt 30
check "... and the descendant is gone" none_left "$marker"
pkill -KILL -f "$marker"

# A command stopped by SIGTTIN (it read the terminal from outside the
# foreground group) is reported instead of waited for forever.
marker="sleep 4646$$"
run -s1 -S2 sh -c "kill -TTIN \$\$; $marker"
is "$rc" 2 "a command stopped by SIGTTIN: exit 2"
check "... saying why and what to do" \
	grep -q "^latt: command '.*' was stopped by SIGTTIN: it uses the terminal.*give it </dev/null$" "$tmp/err"
check "... and the stopped command is gone" none_left "$marker"
