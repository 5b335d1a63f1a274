#!/bin/sh
# The command's own wakeup delays as perf sched timehist has them, for
# tests/cli-cmdlat.sh and contrib/bench/cmdlat.sh truth:
#
#   cmdlat-perf.sh PERF_DATA ROOT
#
# prints "KIND NS" for each run of a task of ROOT's tree (ROOT and every
# process and thread forked from it, from perf's sched_process_fork
# events), NS its "sch delay" in ns, KIND what came before the run:
#   wakeup   the task's first run, or it had been switched out asleep (a
#            state other than R and R+)
#   R        it had been switched out runnable (prev_state R): perf
#            counts its wait from then, as latt does
#   R+       it had been preempted (prev_state R+, which perf 6.1 shows
#            as W): perf counts no wait, or one from a wakeup meanwhile
# (perf 6.1's timehist shows 0 after R too: it times no preemption), and
#   preempt  a wait from a switch-out runnable (R or R+) to the task's
#            next switch-in, from perf script's events (to the ns)
# perf prints the delay in ms with 3 decimals: whole microseconds.
# Last, "gaps N": how many of perf's runs of the tree's tasks may be
# missing or cut: a task of the tree ran on a CPU that perf's trace had
# last switched to another task (a switch perf did not record: on this
# machine's 6.18 kernel perf and ftrace miss some switches out of the
# idle task, which latt's program sees), or a task's last switch, after
# its exit, has the sample's tid -1 (perf sched timehist gives that run
# to no task).  Each can make one of perf's figures differ from latt's.
data=$1
root=$2
# The tree's tids, one a line: forks are in time order, and a child of a
# task of the tree is in it.
perf script -i "$data" 2>/dev/null |
	sed -n 's/.*sched_process_fork: .* pid=\([0-9]*\) child_comm=.* child_pid=\([0-9]*\).*/\1 \2/p' |
	awk -v root="$root" 'BEGIN { tree[root] = 1; print root }
		($1 in tree) && !($2 in tree) { tree[$2] = 1; print $2 }' >"$data.tree"
# ROOT's first run is left out: it ends the wait from its fork, before
# latt's program follows it (latt starts following the command's first
# task just after forking it: what that task waits from then on counts).
perf sched timehist -i "$data" --state 2>/dev/null |
awk -v tids="$data.tree" -v root="$root" '
BEGIN {
	while ((getline l < tids) > 0)
		tree[l] = 1
}
NR > 3 {
	if (!match($0, /\[[0-9]+(\/[0-9]+)?\] +[0-9.]+ +[0-9.]+ +[0-9.]+ +[A-Za-z+] *$/))
		next
	s = substr($0, RSTART + 1)
	tid = s + 0
	if (!(tid in tree))
		next
	n = split(s, v, " ")
	delay = v[n - 2]
	state = v[n]
	kind = !(tid in last) ? "wakeup" : last[tid] == "R" ? "R" : \
		last[tid] == "W" ? "R+" : "wakeup"
	if (tid != root || (tid in last))
		printf "%s %.0f %d\n", kind, delay * 1000000, tid
	last[tid] = state
}'
# The gaps and the waits after a preemption: perf script's lines in time
# order, "COMM TID [CPU] TIME: EVENT: FIELDS".
perf script -i "$data" --ns 2>/dev/null |
awk -v tids="$data.tree" '
BEGIN {
	while ((getline l < tids) > 0)
		tree[l] = 1
}
{
	for (i = 2; i <= NF; i++)
		if ($i ~ /^\[[0-9]+\]$/) {
			cpu = $i
			tid = $(i - 1)
			t = $(i + 1)
			sub(":$", "", t)
			break
		}
	if ((tid in tree) && (cpu in cur) && cur[cpu] != tid) {
		gaps++
		cur[cpu] = tid
	}
	if (tid == -1 && match($0, /sched_switch: .*prev_pid=[0-9]+/)) {
		match($0, /prev_pid=[0-9]+/)
		if (substr($0, RSTART + 9, RLENGTH - 9) in tree)
			gaps++
	}
	if (match($0, /sched_switch: .*next_pid=[0-9]+/)) {
		match($0, /prev_pid=[0-9]+/)
		prev = substr($0, RSTART + 9, RLENGTH - 9)
		match($0, /prev_state=[^ ]+/)
		st = substr($0, RSTART + 11, RLENGTH - 11)
		match($0, /next_pid=[0-9]+/)
		next_ = substr($0, RSTART + 9, RLENGTH - 9)
		if (prev in tree) {
			if (st == "R" || st == "R+")
				since[prev] = t
			else
				delete since[prev]
		}
		if ((next_ in tree) && (next_ in since)) {
			printf "preempt %.0f\n", (t - since[next_]) * 1e9
			delete since[next_]
		}
		cur[cpu] = next_
	}
}
END { print "gaps", gaps + 0 }'
