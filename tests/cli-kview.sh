#!/bin/sh
# --kernel-view: the kernel's figure for every wakeup (the client's
# runqueue wait from its wakeup to its first run, from its own schedstat
# read just before it blocks and just after its stamp) beside latt's own
# sample.  No latency value is asserted: what must hold is the relation
# between the two, wakeup by wakeup.  The kernel counts its wait from the
# enqueue, inside the waker's write after the waker's stamp, to the
# client's first run, before the client's stamp: so kernel <= latt for
# every sample that has a figure.  A figure read over the wrong interval
# (the whole cycle, or one that takes in the client's work or the wait
# after its answer) breaks that beside a CPU hog.
# That holds where the kernel's scheduler clock is latt's: where the TSC
# is the clocksource (and off x86).  Elsewhere (an emulated guest on
# hpet) each CPU's scheduler clock is only kept within a tick of the
# system's, and a wait pulled from an idle CPU to another can come out
# above latt's sample: there every such sample must be counted as such
# (kernel_above), and none may be hidden.
. "${top_srcdir:-.}/tests/lib.sh"

plan 25

check_bin="${JSON_CHECK:-$(pwd)/tests/json-check}"
get() {
	"$check_bin" --get "$tmp/j.json" "configurations[0].runs[0].$1"
}
kblock() {
	sed -n '/^Kernel view$/,/^$/p' "$tmp/out"
}
# The samples' lines of -v, as "latt kernel" pairs (kernel "-": none).
pairs() {
	sed -n 's/^sample .*wakeup_ns=\([0-9]*\) work_ns=[0-9]* kernel_ns=\([0-9-]*\)$/\1 \2/p' \
		"$tmp/out"
}
# awk EXPR on the figures given as a=1 b=2 ...: exit 0 when it holds.
holds() {
	_e=$1
	shift
	awk "BEGIN { $* ; exit !($_e) }" </dev/null
}
# Is the kernel's scheduler clock latt's?  1 or 0.
case $(uname -m) in
x86_64|i?86)
	cs=$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null)
	if [ "$cs" = tsc ]; then same_clock=1; else same_clock=0; fi ;;
*)	cs=$(uname -m); same_clock=1 ;;
esac
# Linux 6.12 with EEVDF's delayed dequeue (DELAY_DEQUEUE, on by default):
# a client that went to sleep can stay queued, and its runqueue wait then
# takes in part of its sleep (Debian's 6.12.117 in the kernel matrix: a
# figure above latt's in each of two runs, none with NO_DELAY_DEQUEUE;
# 7.3 and the host's 6.18 keep to latt's, but for one, below).  Each
# such figure must still be counted as kernel_above.
case $(uname -r) in
6.12.*)
	if grep -qw DELAY_DEQUEUE /sys/kernel/debug/sched/features 2>/dev/null; then
		same_clock=0
		cs="$cs, 6.12 with DELAY_DEQUEUE"
	fi ;;
esac
# above_ok WHAT: the samples of $tmp/pairs whose figure exceeds latt's
# are exactly those the JSON ($tmp/j.json) counts as kernel_above, each
# printed with its figures.  Where the clocks are the same, also few:
# one, or one in 200 of the figures.  One was seen: in the kernel
# matrix's 7.3 guest under qemu's TCG (clocksource tsc, beside
# stress-ng), one figure above latt's in a run of a few hundred, and
# counted; none in 24 runs there after, with delayed dequeue on and
# off.  Figures read at the wrong moments are above latt's wakeup after
# wakeup: that still fails.
above_ok() {
	awk '$2 != "-" && $2 > $1 { print "#  latt " $1 " < kernel " $2 }' "$tmp/pairs" >"$tmp/bad"
	_n=$(wc -l <"$tmp/bad")
	_k=$(get kernel_view.per_wakeup.kernel_above)
	_all=$(awk '$2 != "-"' "$tmp/pairs" | wc -l)
	if [ "$same_clock" = 1 ]; then
		check "$1: a sample's figure above latt's is rare, and counted (clocksource $cs; $_n above of $_all, JSON $_k)" \
			test "$_n" = "$_k" -a "$_n" -le $((_all / 200 + 1))
	else
		check "$1: each figure above latt's counted as kernel_above (clocksource $cs, the kernel's clock not latt's; $_n above, JSON $_k)" \
			test "$_n" = "$_k"
	fi
	head -5 "$tmp/bad"
}

# The report's "Kernel pNN" line as "kernel latt" (usec).
kline() {
	field "Kernel $1" | sed -n 's/^ *\([0-9.]*\) usec .*latt: *\([0-9.]*\).*/\1 \2/p'
}

# Without the option: no figure per sample, nothing read by the clients.
run -l -c2 -x0 -s1 -S2 -t 0.3 -v
is "$rc" 0 "latt -l -c2 -x0 -s1 -S2 -t 0.3 -v exits 0"
check "... its samples have no kernel_ns" sh -c "! grep -q kernel_ns '$tmp/out'"
check "... the Kernel view block points to --kernel-view" \
	sh -c "kblock() { sed -n '/^Kernel view\$/,/^\$/p' '$tmp/out'; }; kblock | grep -q -- '--kernel-view'"

if ! "$latt" -c1 -x0 -s1 -S1 -t 0.1 --kernel-view >"$tmp/probe" 2>&1; then
	cat "$tmp/probe" | sed 's/^/# /'
fi
if grep -q 'Per wakeup	*not available' "$tmp/probe"; then
	# The kernel keeps no runqueue wait: the report says why, no zero.
	check "no schedstat: the report says why" \
		grep -q 'not available: .*\(CONFIG_SCHED_INFO\|0 0 0\)' "$tmp/probe"
	check "... and prints no figure" sh -c "! grep -q '^	Kernel p50' '$tmp/probe'"
	i=6
	while [ $i -le 25 ]; do skip "the kernel keeps no schedstat"; i=$((i + 1)); done
	exit 0
fi

# Idle: every sample has a figure or "-", and each figure is at most
# latt's own sample.
run -c2 -x0 -s1 -S2 -t 0.5 -v --kernel-view --json "$tmp/j.json"
is "$rc" 0 "--kernel-view -c2 -x0 -s1 -S2 -t 0.5 -v exits 0"
check "... every sample line has kernel_ns, a number or -" \
	sh -c "! grep '^sample ' '$tmp/out' | grep -Ev '^sample client=[12] wakeup_ns=[0-9]+ work_ns=[0-9]+ kernel_ns=([0-9]+|-)( unanswered)?$'"
pairs >"$tmp/pairs"
n=$(awk '$2 != "-"' "$tmp/pairs" | wc -l)
above_ok "... $n samples with a figure"
is "$(get kernel_view.per_wakeup.wakeups)" "$n" \
	"... the JSON counts the samples with a figure"
is "$(get kernel_view.per_wakeup.left_out)" \
	"$(awk '$2 == "-"' "$tmp/pairs" | wc -l)" \
	"... and those left out"
check "... the report says Kernel above when the JSON counts any" \
	sh -c "test '$(get kernel_view.per_wakeup.kernel_above)' = 0 || grep -q '^	Kernel above	' '$tmp/out'"
kblock >"$tmp/block"
sed 's/^/# /' "$tmp/block"
check "... the Kernel view block has the kernel's p50, p99 and max" \
	sh -c "grep -q '^	Kernel p50	' '$tmp/block' && grep -q '^	Kernel p99	' '$tmp/block' && grep -q '^	Kernel max	' '$tmp/block'"
check "... and latt's less the kernel's" \
	sh -c "grep -q '^	Above p50	' '$tmp/block' && grep -q '^	Above max	' '$tmp/block'"
check "... no line of it has Avg" sh -c "! grep -q Avg '$tmp/block'"
set -- $(kline p50)
check "... the kernel's p50 at most latt's ($1 <= $2)" holds "k <= l" "k = ${1:--1}; l = ${2:--2}"
is "$(get kernel_view.per_wakeup.runqueue_wait_max_ns)" \
	"$(awk '$2 != "-" { if ($2 > m) m = $2 } END { print m + 0 }' "$tmp/pairs")" \
	"... the JSON's max is the largest figure of -v"

# Threads read their own schedstat (/proc/thread-self).
run -c2 -x0 -s1 -S2 -t 0.3 -v --kernel-view --threads --json "$tmp/j.json"
pairs >"$tmp/pairs"
n=$(awk '$2 != "-"' "$tmp/pairs" | wc -l)
check "--threads: exits 0, the clients have figures ($n)" test "$rc" -eq 0 -a "$n" -gt 0
above_ok "... --threads"

# Beside a CPU hog on every CPU: the clients wait for a CPU, and the
# kernel counts it; latt's figure is above it, every sample.
if ! command -v stress-ng >/dev/null 2>&1; then
	i=17
	while [ $i -le 25 ]; do skip "no stress-ng"; i=$((i + 1)); done
	exit 0
fi
ncpu=$(getconf _NPROCESSORS_ONLN)
stress-ng --cpu "$ncpu" -q &
stress=$!
trap 'kill "$stress" 2>/dev/null; cleanup' EXIT
run -c1 -x0 -s1 -S4 -t 3 -v --kernel-view --json "$tmp/j.json"
kill "$stress" 2>/dev/null
wait "$stress" 2>/dev/null
is "$rc" 0 "beside stress-ng --cpu $ncpu: -c1 -x0 -s1 -S4 -t 3 -v --kernel-view exits 0"
pairs >"$tmp/pairs"
n=$(awk '$2 != "-"' "$tmp/pairs" | wc -l)
check "... at least 100 samples with the kernel's figure ($n)" test "$n" -ge 100
# A wakeup that preempts the hog at once has a wait of 0 (the kernel
# skips the clock update of the switch its enqueue asked for); how many
# do is the scheduler's choice (on the 6.18 host, from 147 to 1106 of
# about 1150 had a wait, run to run).  A figure read at the wrong
# moments is 0 every time: one in a hundred with a wait tells them apart.
nz=$(awk '$2 != "-" && $2 > 0' "$tmp/pairs" | wc -l)
check "... the kernel counted a wait for at least one in a hundred of them ($nz of $n)" \
	test "$nz" -ge $(((n + 99) / 100)) -a "$nz" -gt 0
above_ok "... every sample"
kblock >"$tmp/block"
sed 's/^/# /' "$tmp/block"
set -- $(kline p50)
check "... the report's kernel p50 at most latt's ($1 <= $2)" holds "k <= l" "k = ${1:--1}; l = ${2:--2}"
set -- $(kline p99)
check "... the report's kernel p99 at most latt's ($1 <= $2)" holds "k <= l" "k = ${1:--1}; l = ${2:--2}"
# The percentiles of -v's own samples, exactly, agree.
pk=$(awk '$2 != "-" { print $2 }' "$tmp/pairs" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR * 99 + 99) / 100)] }')
pl=$(awk '$2 != "-" { print $1 }' "$tmp/pairs" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR * 99 + 99) / 100)] }')
check "... the p99 of -v's figures at most that of latt's samples ($pk <= $pl ns)" \
	holds "k <= l" "k = ${pk:--1}; l = ${pl:--2}"
k=$(get kernel_view.per_wakeup.latt_above_min_ns)
check "... latt's less the kernel's is never negative (min $k ns)" holds "k >= 0" "k = ${k:--1}"
is "$(get kernel_view.per_wakeup.wakeups)" "$n" "... the JSON has as many figures as -v"
