#!/bin/sh
# Configurations and sweeps: -C, -r, --warmup and the settings' options as
# usage errors; the line per run in interleaved order, the table and its
# ratios; a sweep stopped by a failing run or a signal; and the runs that
# must not pass for good ones (nothing measured, a wakeup that stalled).
. "${top_srcdir:-.}/tests/lib.sh"

plan 79

# usage_error DESCRIPTION ARGS...: exit 1, one line on stderr, nothing run.
usage_error() {
	_d=$1
	shift
	run "$@"
	if [ "$rc" -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
		[ ! -s "$tmp/out" ] && grep -q '^latt: ' "$tmp/err"; then
		ok 0 "$_d"
	else
		ok 1 "$_d"
		diag "rc=$rc: $(cat "$tmp/err")"
	fi
}

usage_error "-C without a name" -C ':policy=fifo' -t 1
usage_error "-C with a key that is no setting" -C 'a:clients=4' -t 1
check "... naming the key" grep -q "unknown key 'clients'" "$tmp/err"
usage_error "-C with a bad value" -C 'a:priority=0' -t 1
check "... naming key, value and range" \
	grep -q "invalid priority '0': expected a whole number from 1 to 99" "$tmp/err"
usage_error "the same name twice" -C a: -C b: -C a: -t 1
check "... named" grep -q "configuration 'a' is given twice" "$tmp/err"
usage_error "a priority without a real-time policy" -C 'a:priority=5' -t 1
check "... says which configuration" \
	grep -q "^latt: configuration 'a': priority needs policy fifo or rr$" "$tmp/err"
usage_error "--priority without a policy, no -C" --priority 5 -t 1
usage_error "--policy with a bad name" --policy normal -t 1
check "... lists the policies" grep -q "expected other, batch, idle, fifo, rr or deadline" "$tmp/err"
usage_error "--nice out of range" --nice -21 -t 1
usage_error "--slice below the kernel's least" --slice 50us -t 1
usage_error "deadline without its parameters" --policy deadline -t 1
usage_error "the waker as a deadline task" --waker-policy deadline -t 1
usage_error "target settings without a command" --target-nice 5 -t 1
usage_error "-r 0" -r 0 -t 1
usage_error "-r 1001" -r 1001 -t 1
usage_error "--warmup not before the end" --warmup 2 -t 1
usage_error "--warmup with a bad time" --warmup soon -t 1
i=0 many=""
while [ $i -lt 33 ]; do many="$many -C c$i:"; i=$((i + 1)); done
# shellcheck disable=SC2086
usage_error "more than 32 configurations" $many -t 1

# A sweep: a line per run as it ends, interleaved, then the table.
run -l -c2 -s1 -S2 -t 0.3 -r2 -C a: -C b:nice=1 --target-nice 2 sleep 5
is "$rc" 0 "a sweep of two configurations, two runs each: exit 0"
is "$(grep '^run ' "$tmp/out" | cut -d: -f1 | tr '\n' '|')" \
	"run 1/2 a|run 1/2 b|run 2/2 a|run 2/2 b|" \
	"runs are interleaved: a1 b1 a2 b2"
check "each run line has its numbers and how it ended" \
	sh -c "grep '^run ' '$tmp/out' | grep -Evq '^run [12]/2 [ab]: entries [0-9]+, max [0-9.]+, avg [0-9.]+, p99 [0-9.]+ usec( \\(the max: p99 needs 100 samples\\))?; command [0-9.]+ s, cpu [0-9.]+ s(, own waits p50 [0-9.]+\\+?, p99 [0-9.]+\\+? usec)?; complete \\(duration reached\\)$' && exit 1 || exit 0"
check "the table's header names the kernel" grep -q "^Kernel $(uname -r) on " "$tmp/out"
check "... clocksource, preemption, autogroup" \
	grep -Eq '^Clocksource .*, preemption .*, autogroup (on|off|absent)$' "$tmp/out"
check "a heading row with every column" \
	grep -Eq '^config +runs +entries +max +avg +stdev +p99 +spread +p50 +p99\.9 +wall s +cpu s +cs/s +load %( +cmd p50 +cmd p99)?$' "$tmp/out"
check "a row per configuration, with its runs" \
	sh -c "grep -Eq '^a +2 ' '$tmp/out' && grep -Eq '^b +2 ' '$tmp/out'"
check "ratios: the first configuration is 1.000 throughout" \
	grep -Eq '^a( +1\.000){11}(( +1\.000){2}| +- +-)?$' "$tmp/out"
check "... the other has a ratio per column, marked with its verdict" \
	grep -Eq '^b( +[0-9]+\.[0-9]{3}[wb~?]?){11}(( +[0-9]+\.[0-9]{3}[wb~?]?){2}| +- +-)?$' "$tmp/out"
check "each configuration's settings, defaults included" \
	grep -Eq '^a +target-nice=2( \[.*\])?$' "$tmp/out"
check "... and what it changes" \
	grep -Eq '^b +nice=1,target-nice=2( \[.*\])?$' "$tmp/out"
check "no line of a sweep's output contains Avg" sh -c "! grep -q Avg '$tmp/out'"
check "no single-run report in a sweep" sh -c "! grep -q '^Parameters' '$tmp/out'"

# The wake mechanism and threads are keys too: one sweep compares them.
run -v -l -c2 -s1 -S2 -t 0.2 --mechanism eventfd -C ev: -C pipe:mechanism=pipe \
	-C futex-thr:mechanism=futex,threads=1
is "$rc" 0 "-C mechanism=..., threads=1: a sweep of wake mechanisms, exit 0"
is "$(grep '^# samples' "$tmp/out" | sed 's/.*config=\([^ ]*\) .*mechanism=\([a-z]*\) clients=\([a-z]*\)$/\1 \2 \3/' | tr '\n' '|')" \
	"ev eventfd processes|pipe pipe processes|futex-thr futex threads|" \
	"... each run woke its clients its own way (the -v header of each run)"
check "... the table names them: pipe back from --mechanism's eventfd" \
	sh -c "grep -Eq '^ev +mechanism=eventfd( \[.*\])?$' '$tmp/out' && grep -Eq '^pipe +\(no settings\)( \[.*\])?$' '$tmp/out' && grep -Eq '^futex-thr +mechanism=futex,threads=1( \[.*\])?$' '$tmp/out'"
check "... and the sweep's Measurement line leaves them to each one's settings" \
	sh -c "grep -q '^	Measurement	.*, clock=auto\$' '$tmp/out' && ! grep -q '^	Measurement.*mechanism=' '$tmp/out'"
usage_error "-C threads=yes: 1 or 0" -C 'a:threads=yes' -t 1
check "... saying so" grep -q "invalid threads 'yes': expected 1 (threads) or 0 (processes)" "$tmp/err"
usage_error "-C mechanism=signal" -C 'a:mechanism=signal' -t 1

# One configuration, one run: the plain report, even with -C.
run -c1 -s1 -S2 -t 0.2 -C only:nice=1
is "$rc" 0 "one configuration, one run: exit 0"
check "... and the report of a single run" grep -q '^Parameters: ' "$tmp/out"

# -v in a sweep names the run of every sample.
run -v -c1 -s1 -S2 -t 0.2 -r2
check "-v in a sweep: samples name their configuration and run" \
	grep -Eq '^sample config=default run=2 client=1 wakeup_ns=[0-9]+ work_ns=[0-9]+$' "$tmp/out"

# The first failing run stops the sweep.
run -c1 -s1 -S2 -r3 -C a: -C b: sh -c 'sleep 0.3; exit 5'
is "$rc" 4 "a command that fails stops the sweep: exit 4"
is "$(grep -c '^run ' "$tmp/out")" 1 "... after its run"
check "... which says so, naming configuration and run" \
	grep -q "^latt: configuration 'a', run 1: command 'sh -c sleep 0.3; exit 5' exited with status 5$" "$tmp/err"
check "... the run line says the command failed" \
	grep -q '^run 1/3 a: .*; failed: the command exited with status 5$' "$tmp/out"
check "... and the table, without a complete run, has the failed one's numbers, saying so" \
	sh -c "grep -Eq '^a +1 ' '$tmp/out' && grep -q '\[no complete run: the numbers are of the 1 that measured, 0 left out\]' '$tmp/out' && grep -Eq '^b .*\[not run\]' '$tmp/out'"

# SIGINT in the middle of a sweep: stop there, print the table.  It
# comes once the second run measures (-i says so, numbering the runs of
# each configuration as the run lines do: b's first is "run 1/20 b").
$sigdefault "$latt" -c1 -s1 -S2 -t 0.5 -r20 -C a: -C b: -i 0.01 >"$tmp/out" 2>"$tmp/err" &
pid=$!
wait_for_line "$tmp/err" '^latt: [^:]*, run 1/20 b: .*; in all [1-9]'
kill -INT $pid
wait $pid
rc=$?
is "$rc" 130 "SIGINT during a sweep: exit 130"
n=$(grep -c '^run ' "$tmp/out")
check "... it stops at once ($n of 40 runs)" test "$n" -lt 10
check "... prints the table of the runs so far" grep -Eq '^a +[0-9]+ ' "$tmp/out"
check "... and says why" grep -q "interrupted by SIGINT" "$tmp/err"
check "... and nothing is left" no_latt_left

# A SIGINT while latt stops a run that ended normally (here in the grace
# period of a command that outlives SIGTERM: it notes the SIGTERM and goes
# on) still stops the sweep.
marker="7171$$"
rm -f "$tmp/termed"
$sigdefault "$latt" -c1 -s1 -S2 -t 0.5 --grace 5 -r3 -- sh -c "trap ': >$tmp/termed' TERM
	while :; do sleep 0.02; done; : $marker" >"$tmp/out" 2>"$tmp/err" &
pid=$!
wait_for_file "$tmp/termed"
kill -INT $pid
wait $pid
rc=$?
is "$rc" 130 "SIGINT in the grace period after a run: exit 130"
is "$(grep -c '^run ' "$tmp/out")" 1 "... no further run starts"
check "... and the command is gone" none_left "$marker"

# latt kept from running past --duration (held, here, once it measures,
# until well past its end, by ptrace: unseen, as when it is starved; a
# SIGSTOP is job control, left out of -t, see cli-jobs): it says by how
# much, and that its waker was late.
if can_hold; then
	run -l -c1 -s5 -S10 -t 2 -i 0.01 -- sh -c '"$0"; sleep 2.5 | "$1" $PPID
		sleep 5' "$until_measured" "$hold_task"
	check "latt stopped past its -t: the report says how late it ended" \
		grep -Eq "$(printf '^\tStatus\t\tcomplete \\(duration reached, but the run ended [0-9.]+ s after it: latt itself could not run\\)$')" "$tmp/out"
	check "... and that the waker was late" grep -q "Waker late" "$tmp/out"
else
	skip "ptrace is not allowed here (tests/hold-task)"
	skip "ptrace is not allowed here (tests/hold-task)"
fi

# A run that measured nothing is a failure, not an empty success.
run -l -s 1h -S 1h -t 0.2
is "$rc" 2 "a run that ended before the first wakeup: exit 2"
after=$(sed -n 's/^latt: no wakeup was measured: the run ended after \([0-9.]*\) s, before the first wakeup (the waker first sleeps 3600000ms to 3600000ms): measure longer, or shorten -s and -S$/\1/p' "$tmp/err")
check "... saying why and what to do, and when it ended (after $after s, -t 0.2)" \
	awk -v a="$after" 'BEGIN { exit !(a != "" && a >= 0.2) }'
is "$(field Status)" "failed: no wakeup was measured" "... and the report says so"
run -q -s 1h -S 1h -t 0.2
check "... -q's line ends in complete=no (no run complete)" \
	sh -c "test $rc -eq 2 && grep -q '^config=default entries=0 .* complete=no\$' '$tmp/out'"

run -l -c1 -s1 -S2 --warmup 5 -- sleep 0.5
is "$rc" 2 "a command that ends within --warmup: exit 2"
check "... saying so" grep -q "^latt: no wakeup was measured: the run ended within its warm-up (--warmup 5000ms): measure longer than that$" "$tmp/err"
is "$(value Cycles):$(value Duration)" "0:0.000" "... with no cycles in no time"

# --warmup: what is measured starts after it: at most the whole run's
# time less the warm-up, however late a loaded machine ends it.  The
# command ends the run once a wakeup after the warm-up is measured.
t0=$(date +%s.%N)
run -l -c1 -s1 -S2 --warmup 0.6 -i 0.01 -- "$until_measured"
t1=$(date +%s.%N)
is "$rc" 0 "--warmup 0.6: exit 0"
check "... the run measured what came after it ($(value Duration) of $(echo "$t0 $t1" | awk '{ printf "%.3f", $2 - $1 }') s)" \
	awk -v d="$(value Duration)" -v t0="$t0" -v t1="$t1" 'BEGIN { exit !(d > 0 && d <= t1 - t0 - 0.6) }'

# A wakeup that stalls (its client stopped) is counted, not dropped.  The
# run ends (its command released) once latt has said that it stalls.
rm -f "$tmp/err"
"$latt" -l -c2 -s2 -S4 -i 0.01 -- "$hold" >"$tmp/out" 2>"$tmp/err" &
pid=$!
wait_until measured
victim=$(clients $pid | head -n 1)
kill -STOP "$victim"
wait_for_line "$tmp/err" "^latt: client [12] \\(pid $victim\\) has not answered"
release
wait $pid
rc=$?
is "$rc" 0 "a client that stops answering: the run still ends"
check "... its wakeup is counted, unanswered" \
	grep -Eq "$(printf '^\tUnanswered\t +1 ')" "$tmp/out"
check "... with its whole wait (it was stopped for over a second)" \
	awk -v m="$(value Max)" 'BEGIN { exit !(m > 1000000) }'
check "... and named while it stalled" \
	grep -Eq "^latt: client [12] \\(pid $victim\\) has not answered for [1-9][0-9]*\\.[0-9] s: no client is woken until it does$" "$tmp/err"

# A client stopped for 2 s: a wakeup of at least 2 s, and a cycle that
# stalled for as long, without wakeups.  It is stopped while it waits to
# be woken (stopped while working, the 2 s would be work latency): with
# no work, it is almost always there; make sure.  The run ends once
# wakeups come again after it is let go.
rm -f "$tmp/err"
"$latt" -l -c2 -s5 -S10 -x0 -i 0.01 -- "$hold" >"$tmp/out" 2>"$tmp/err" &
pid=$!
wait_until measured
victim=$(clients $pid | head -n 1)
wait_until blocked_in "$victim" pipe_read
kill -STOP "$victim"
sleep 2
kill -CONT "$victim"
wait_for_line "$tmp/err" '^latt: .*: interval [0-9.-]* s: [1-9][0-9]* entries' "$(lines "$tmp/err")"
release
wait $pid
is "$?" 0 "a client stopped for 2 s: exit 0"
# (the 2 s less the sleep the client was in when it was stopped)
check "... a wakeup of at least 2 s (Max $(value Max))" \
	awk -v m="$(value Max)" 'BEGIN { exit !(m >= 1980000) }' ||
	grep -E "$(printf '^\t(Entries|Max|Unanswered|Stalled|Left out)')" "$tmp/out" | sed 's/^/# /'
stalled=$(sed -n 's/^	Stalled		 *1 cycle waited over 1.0 s for an answer: \([0-9.]*\) s without wakeups (about [1-9][0-9]* not made)$/\1/p' "$tmp/out")
check "... and one stalled cycle, 2 s or more without wakeups ($stalled s), within the run" \
	awk -v s="$stalled" -v d="$(value Duration)" 'BEGIN { exit !(s != "" && s >= 1.9 && s <= d) }'

# What the machine cannot do is found before anything runs: exit 2.
run -s1 -S2 -t 1 --cpus 1023
is "$rc" 2 "a CPU that does not exist: exit 2"
check "... before anything ran" test ! -s "$tmp/out"
check "... naming the CPU and the ones there are" \
	grep -q "^latt: cpus: CPU 1023 is not available (latt may run on CPUs " "$tmp/err"
