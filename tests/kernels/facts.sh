# Sourced by check-kernels.sh and guest.sh: what the matrix's table says
# of a kernel, one "key value" line each.
echo "kernel $(uname -r)"
echo "clocksource $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null)"
# debugfs shows the preemption modes with the current one in brackets.
_p=$(sed -n 's/.*(\([a-z]*\)).*/\1/p' /sys/kernel/debug/sched/preempt 2>/dev/null)
# PREEMPT_RT: "rt", or the mode and rt where it has modes too (7.x).
if uname -v | grep -q PREEMPT_RT; then
	_p=${_p:+$_p, }rt
fi
echo "preempt ${_p:-unknown (no sched/preempt)}"
if [ "$(stat -fc %T /sys/fs/cgroup)" = cgroup2fs ]; then
	echo "cgroup v2 ($(tr -d '\n' </sys/fs/cgroup/cgroup.subtree_control))"
elif awk '/ - cgroup / { n = split($NF, o, ",")
		for (i = 1; i <= n; i++) if (o[i] == "cpu") f = 1 }
	END { exit !f }' /proc/self/mountinfo; then
	echo "cgroup v1 cpu"
else
	echo "cgroup none with cpu"
fi
echo "cpus $(nproc)"
