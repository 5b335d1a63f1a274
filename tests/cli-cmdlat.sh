#!/bin/sh
# The command's own latency (lib/trace/cmdlat.bpf.c) against perf sched on the
# same run: tests/cmdlat-probe runs a command under latt's BPF program
# while perf records the scheduler's events of the whole system, and
# perf sched timehist's "sch delay" of the command's tasks
# (tests/cmdlat-perf.sh) must agree with latt's counts: as many waits
# after a wakeup (within 1%, and one; perf's first run of the command's
# first task, the end of its wait from the fork, before latt follows it,
# left out), and their p50, p99 and max within one
# of latt's histogram buckets, or below 64 us within the microsecond perf
# prints (tests/cmdlat-agree.awk).  Three commands:
# processes that live a millisecond (a shell starting sleep 200 times),
# threads (latt itself with --threads), and CPU hogs that preempt each
# other (the waits after a preemption, against those perf script's
# events give: perf 6.1's timehist times none).
. "${top_srcdir:-.}/tests/lib.sh"

plan 17

probe="${top_builddir:-.}/tests/cmdlat-probe"
if ! "$probe" true >"$tmp/out" 2>"$tmp/err"; then
	rc=$?
	if [ "$rc" -eq 77 ]; then
		skip_all "$(sed 's/^cmdlat-probe: //' "$tmp/err")"
	fi
	cat "$tmp/err" | sed 's/^/# /'
fi
if ! command -v perf >/dev/null 2>&1; then
	skip_all "no perf (apt-get install linux-perf)"
fi
if ! perf record -q -a -D -1 -o "$tmp/try.data" -e sched:sched_switch true \
	>/dev/null 2>"$tmp/err"; then
	skip_all "perf cannot record sched_switch: $(head -1 "$tmp/err")"
fi
if ! perf record --help 2>&1 | grep -q -- --control; then
	skip_all "this perf has no --control (Linux 5.10's perf and later do)"
fi

# record WHAT CMD...: run CMD under the probe while perf records the
# events perf sched needs, system-wide; the probe's output in
# $tmp/WHAT.out, perf's waits of the command's tasks in $tmp/WHAT.perf.
# The probe attaches its program first and perf is enabled after (its
# control FIFO acknowledges), then the command starts: at each tracepoint
# latt's program runs before perf's, whose work does not delay latt's
# stamps (under an emulated CPU it would, by microseconds).
record() {
	_w=$1
	shift
	rm -f "$tmp/ready" "$tmp/go" "$tmp/ctl" "$tmp/ack"
	mkfifo "$tmp/go" "$tmp/ctl" "$tmp/ack"
	"$probe" -r "$tmp/ready" -g "$tmp/go" "$@" >"$tmp/$_w.out" \
		2>"$tmp/$_w.err" &
	_probe=$!
	wait_until test -e "$tmp/ready"
	perf record -a -m 1024 -D -1 --control "fifo:$tmp/ctl,$tmp/ack" \
		-o "$tmp/$_w.data" -e sched:sched_switch \
		-e sched:sched_wakeup -e sched:sched_wakeup_new \
		-e sched:sched_process_fork -e sched:sched_process_exit \
		>/dev/null 2>"$tmp/$_w.perr" &
	_perf=$!
	exec 8>"$tmp/ctl" 9<"$tmp/ack"
	echo enable >&8
	read -r _ack <&9
	echo go >"$tmp/go"
	wait "$_probe"
	_rc=$?
	kill -INT "$_perf"
	wait "$_perf"
	exec 8>&- 9<&-
	# perf says what it could not keep ("lost N chunks", "LOST").
	grep -i 'lost' "$tmp/$_w.perr" | sed 's/^/# perf: /'
	if grep -qi 'lost' "$tmp/$_w.perr"; then
		_rc=75
	fi
	_root=$(sed -n 's/^root //p' "$tmp/$_w.out")
	sh "$top_srcdir/tests/cmdlat-perf.sh" "$tmp/$_w.data" "${_root:-0}" \
		>"$tmp/$_w.perf"
	sed -n 's/^\(wakeup\|preempt\) count /# latt: & /p; s/^untracked/# latt: &/p' \
		"$tmp/$_w.out"
	awk '{ n[$1]++ } END { for (k in n) printf "# perf: %s %d\n", k, n[k] }' \
		"$tmp/$_w.perf"
	return $_rc
}
# measure WHAT KIND CMD...: record, and again (3 tries in all) while perf
# lost events or the figures of KIND disagree: on a virtual machine the
# hypervisor can take the CPU between the two instruments' stamps of one
# event (seen beside the kernel matrix's emulated guests: a p50 three
# microseconds apart, a max 20).  A disagreement that is latt's comes
# back every time.  75 when perf lost events every time.
measure() {
	_what=$1
	_kind=$2
	shift 2
	for _try in 1 2 3; do
		record "$_what" "$@"
		_m=$?
		if [ "$_m" -eq 75 ]; then
			echo "# try $_try: perf lost events"
			continue
		fi
		[ "$_m" -ne 0 ] && return $_m
		agrees "$_what" "$_kind" && return 0
		echo "# try $_try: the figures disagree"
	done
	return $_m
}
# skips N WHY: N points skipped.
skips() {
	_i=0
	while [ $_i -lt "$1" ]; do
		skip "$2"
		_i=$((_i + 1))
	done
}
lost="perf lost events in 3 tries (a busy machine): no truth to compare with"
# Under qemu's TCG (the kernel matrix's guests say so in
# LATT_QEMU_ACCEL) the two instruments' handlers are emulated too, each
# taking microseconds between the stamps of one event: the 6.1 guest's
# p99 of a shell's waits parted by 6% (latt 356..405 us, perf 428 us,
# three tries alike) where on this host they agree within a bucket.
# There, 10% more either way.
emulated=0
[ "${LATT_QEMU_ACCEL:-}" = tcg ] && emulated=10

# count_of WHAT KIND: latt's count of that kind.
count_of() {
	awk -v k="$2" '$1 == k && $2 == "count" { print $3 }' "$tmp/$1.out"
}
# near A B GAPS: A within 1% of B, and one, and the gaps in perf's trace.
near() {
	awk -v a="$1" -v b="$2" -v g="$3" 'BEGIN { d = a - b; if (d < 0) d = -d
		exit !(a != "" && b != "" && d <= b / 100 + 1 + g) }'
}
# gaps_of WHAT: the switches perf did not record, at the command's tasks.
gaps_of() {
	sed -n 's/^gaps //p' "$tmp/$1.perf"
}
# agree WHAT P KIND: perf's waits of KIND (wakeup, preempt) and latt's,
# at percentile P.
agree() {
	awk -v k="$3" '$1 == k { print $2 }' "$tmp/$1.perf" >"$tmp/$1.list"
	_said=$(awk -v kind="$3" -v p="$2" -v slack="$(gaps_of "$1")" \
		-v emulated="$emulated" \
		-f "$top_srcdir/tests/cmdlat-agree.awk" \
		"$tmp/$1.out" "$tmp/$1.list")
	_rc=$?
	echo "$_said"
	return $_rc
}
# agrees WHAT KIND: do all of compare's points hold (quietly)?
agrees() {
	near "$(count_of "$1" "$2")" \
		"$(awk -v k="$2" '$1 == k' "$tmp/$1.perf" | wc -l)" \
		"$(gaps_of "$1")" || return 1
	for _pc in 50 99 100; do
		agree "$1" "$_pc" "$2" >/dev/null || return 1
	done
}
# compare WHAT KIND: the points of a command's waits of KIND.
compare() {
	_l=$(count_of "$1" "$2")
	_p=$(awk -v k="$2" '$1 == k' "$tmp/$1.perf" | wc -l)
	_g=$(gaps_of "$1")
	check "... as many $2 waits as perf's (latt ${_l:-none}, perf $_p; $_g of perf's runs in doubt)" \
		near "${_l:-x}" "$_p" "${_g:-0}"
	for _pc in 50 99 100; do
		_s=$(agree "$1" "$_pc" "$2")
		_rc=$?
		ok $_rc "... p$_pc within a bucket of perf's: $_s"
	done
	# perf's three longest, "KIND NS TID", for a second look.
	awk -v k="$2" '$1 == k' "$tmp/$1.perf" | sort -k2,2n | tail -3 |
		sed 's/^/# perf longest: /'
	awk -v k="$2" '$1 == k && $2 == "count"' "$tmp/$1.out" | sed 's/^/# latt: /'
	sed -n 's/^unended /# latt unended: /p' "$tmp/$1.out"
}

# Processes: each iteration forks a shell that execs sleep.
measure procs wakeup sh -c 'i=0; while [ $i -lt 200 ]; do sleep 0.001; i=$((i + 1)); done'
rc=$?
if [ "$rc" = 75 ]; then
	skips 6 "$lost"
else
	is "$rc" 0 "a shell starting sleep 200 times, under perf record: exit 0"
	compare procs wakeup
	is "$(sed -n 's/^untracked //p' "$tmp/procs.out")" 0 \
		"... every task followed (untracked 0)"
fi

# Threads: latt's own clients and waker, as the command.
measure threads wakeup "$LATT" -c2 --threads -x0 -s1 -S2 -t 0.5 -q
rc=$?
if [ "$rc" = 75 ]; then
	skips 5 "$lost"
else
	is "$rc" 0 "latt -c2 --threads as the command, under perf record: exit 0"
	compare threads wakeup
fi

# Preemption: more CPU hogs than CPUs.
n=$(($(getconf _NPROCESSORS_ONLN) + 1))
if ! command -v stress-ng >/dev/null 2>&1; then
	skips 6 "no stress-ng"
	rc=none
else
	measure hogs preempt stress-ng --cpu "$n" -t 1 -q
	rc=$?
fi
if [ "$rc" = 75 ]; then
	skips 6 "$lost"
elif [ "$rc" != none ]; then
	is "$rc" 0 "stress-ng --cpu $n -t 1, under perf record: exit 0"
	compare hogs preempt
	check "... and there were some ($(count_of hogs preempt))" \
		test "$(count_of hogs preempt)" -gt 10
fi
