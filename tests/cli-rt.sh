#!/bin/sh
# Real-time and deadline clients, waker and command on the kernel itself:
# each task's policy and priority read back from outside while the run
# goes on (chrt -p and /proc/PID/sched), with process and thread clients.
# Runs in make check-kernels (Debian 6.1 and 6.1 PREEMPT_RT) and on any
# host that lets root use real-time policies.
# An emulated guest is slow: waits are bounded at 5 minutes, only to stop
# a broken latt from hanging the test.
: "${patience:=300}"
. "${top_srcdir:-.}/tests/lib.sh"

[ "$(id -u)" = 0 ] || skip_all "needs root for real-time policies"
command -v chrt >/dev/null || skip_all "needs chrt (util-linux)"
chrt -f 1 true 2>/dev/null || skip_all "this system refuses SCHED_FIFO to root"

plan 18

# start ARGS: latt with two clients and ARGS, waited for until its held
# command (lib.sh's hold) runs; latt's pid in $lpid, the command's in
# $cpid.
start() {
	hold -c2 "$@"
	held 1
}
# end: let the command end; latt's exit status in $rc.
end() {
	go 1
	wait $lpid
	rc=$?
}
# sched PID...: "POLICY PRIORITY" of each task (chrt's words), sorted,
# one distinct line each, joined by "|".
sched() {
	for p in "$@"; do
		LC_ALL=C chrt -p "$p" | sed -n \
			-e 's/.*scheduling policy: SCHED_\([A-Z]*\).*/\1/p' \
			-e 's/.*scheduling priority: \([0-9]*\).*/\1/p' |
			tr '\n' ' ' | sed 's/ $//'
		echo
	done | sort -u | tr '\n' '|'
}
# policy PID...: the distinct "policy" numbers of /proc/PID/sched.
policy() {
	for p in "$@"; do
		awk '$1 == "policy" { print $3 }' "/proc/$p/sched"
	done | sort -u | tr '\n' '|'
}
# Process clients: latt's children but its guard and the command.
clients() {
	for p in $(pgrep -P $lpid); do
		[ "$p" = "$cpid" ] || [ "$(cat /proc/$p/comm)" = latt-guard ] ||
			echo $p
	done
}
# Thread clients: latt's tasks but its main one (the waker).
threads() {
	for t in /proc/$lpid/task/*; do
		[ "${t##*/}" = "$lpid" ] ||
			[ "$(cat "$t/comm" 2>/dev/null)" = latt-looker ] ||
			echo "${t##*/}"
	done
}

start --policy fifo --priority 10 --waker-policy rr --waker-priority 5
c=$(clients)
is "$(echo $c | wc -w)" 2 "fifo clients, an rr waker: two client processes"
is "$(sched $c)" "FIFO 10|" "... both at SCHED_FIFO 10 (chrt -p)"
is "$(policy $c)" "1|" "... policy 1 in /proc/PID/sched"
# latt sets its own policy once the command has started.
wait_until test "$(sched $lpid)" = "RR 5|"
is "$(sched $lpid)" "RR 5|" "... the waker at SCHED_RR 5"
is "$(sched $cpid)" "OTHER 0|" "... the command left at SCHED_OTHER"
end
is "$rc" 0 "... exit 0"

start --threads --policy rr --priority 20 --waker-policy fifo --waker-priority 3
t=$(threads)
is "$(sched $t)" "RR 20|" "rr thread clients: SCHED_RR 20"
wait_until test "$(sched $lpid)" = "FIFO 3|"
is "$(sched $lpid)" "FIFO 3|" "... the waker thread at SCHED_FIFO 3"
end
is "$rc" 0 "... exit 0"

start --policy deadline --runtime 200us --deadline 5ms --period 10ms
c=$(clients)
is "$(policy $c)" "6|" "deadline clients: policy 6 (SCHED_DEADLINE) in /proc/PID/sched"
is "$(for p in $c; do LC_ALL=C chrt -p $p | sed -n 's#.*runtime/deadline/period parameters: ##p'; done | sort -u)" \
	"200000/5000000/10000000" "... runtime 200us, deadline 5ms, period 10ms (chrt -p)"
is "$(sched $lpid)" "OTHER 0|" "... the waker left at SCHED_OTHER"
end
is "$rc" 0 "... exit 0"

start --target-policy fifo --target-priority 2 --policy batch
is "$(sched $cpid)" "FIFO 2|" "a fifo command: SCHED_FIFO 2"
is "$(sched $(clients))" "BATCH 0|" "... beside batch clients"
end
check "... and nothing of latt's left after the runs" no_latt_left

not() {
	! "$@"
}
# PREEMPT_RT: a waker that is not real-time has its timers expired by the
# ktimers thread (fifo 1), which a fifo command that never sleeps starves
# on its CPUs: the run would not end.  latt says so before it runs.
run -c1 -s2 -S4 -x0 -t 0.3 --target-policy fifo -- true
if uname -v | grep -q PREEMPT_RT; then
	check "PREEMPT_RT, a fifo command on the waker's CPUs: a note says the waker may starve" \
		grep -q "^latt: note: a real-time command can starve the waker on this PREEMPT_RT kernel" "$tmp/err"
else
	check "not PREEMPT_RT: a fifo command needs no note" \
		not grep -q "note: a real-time command" "$tmp/err"
fi
run -c1 -s2 -S4 -x0 -t 0.3 --target-policy fifo --waker-policy fifo \
	--waker-priority 2 -- true
check "... none with a waker at fifo 2" \
	not grep -q "note: a real-time command" "$tmp/err"
