#!/bin/sh
# --features and --preempt on the kernel itself: debugfs sched/features
# and sched/preempt read back from outside while latt's command runs, per
# configuration, and put back after the run and after SIGINT.  Runs in
# make check-kernels (Debian 6.1: writable debugfs, preempt=dynamic; the
# PREEMPT_RT kernel has features but no preemption modes) and on a host
# whose debugfs allows it.
# An emulated guest is slow: waits are bounded at 5 minutes, only to stop
# a broken latt from hanging the test.
: "${patience:=300}"
. "${top_srcdir:-.}/tests/lib.sh"

[ "$(id -u)" = 0 ] || skip_all "needs root to write debugfs"
dbg=/sys/kernel/debug
if ! grep -q " $dbg debugfs " /proc/mounts; then
	mount -t debugfs debugfs $dbg 2>/dev/null ||
		skip_all "cannot mount debugfs at $dbg"
	trap 'cleanup; umount $dbg' EXIT
fi
features=$dbg/sched/features
preempt=$dbg/sched/preempt
if ! cat $features >/dev/null 2>"$tmp/e"; then
	skip_all "cannot read $features: $(sed 's/.*: //' "$tmp/e")"
fi
# A feature that is on: writing it again changes nothing, and says
# whether the kernel lets root write here at all.
on=$(tr ' ' '\n' <$features | grep -v '^NO_' | grep . | head -n 1)
off=$(tr ' ' '\n' <$features | sed -n 's/^NO_//p' | head -n 1)
if ! echo "$on" >$features 2>"$tmp/e"; then
	skip_all "debugfs refuses writes to $features: $(sed 's/.*: //' "$tmp/e")"
fi

plan 18

# The command holds each run (lib.sh's hold, held N, go N); the test
# reads debugfs meanwhile.
# has WORD: is WORD among the scheduler features?
has() {
	tr ' ' '\n' <$features | grep -qx "$1"
}
# mode: the current preemption mode (in brackets in sched/preempt).
mode() {
	sed -n 's/.*(\([a-z]*\)).*/\1/p' $preempt
}

before=$(cat $features)
hold -C a:features=NO_$on,$off -C b:
held 1
check "--features NO_$on,$off: NO_$on in sched/features while it runs" \
	has "NO_$on"
check "... and $off" has "$off"
go 1
held 2
check "... the next configuration (none) runs with $on again" has "$on"
check "... and NO_$off" has "NO_$off"
go 2
wait $lpid
is $? 0 "both runs: exit 0"
is "$(cat $features)" "$before" "... sched/features as before"

hold --features NO_$on
held 1
check "SIGINT: NO_$on set while it runs" has "NO_$on"
kill -INT $lpid
wait $lpid
is $? 130 "... exit 130"
is "$(cat $features)" "$before" "... sched/features put back"

# A feature of Linux 6.12 and later: EEVDF's delayed dequeue.
if has DELAY_DEQUEUE || has NO_DELAY_DEQUEUE; then
	flip=NO_DELAY_DEQUEUE
	has DELAY_DEQUEUE || flip=DELAY_DEQUEUE
	hold --features $flip
	held 1
	check "--features $flip (Linux 6.12's delayed dequeue): read back while it runs" \
		has $flip
	go 1
	wait $lpid
	is "$?:$(cat $features)" "0:$before" "... exit 0, sched/features put back"
else
	skip "no DELAY_DEQUEUE feature before Linux 6.12"
	skip "no DELAY_DEQUEUE feature before Linux 6.12"
fi

if [ ! -e $preempt ]; then
	reason="no $preempt: this kernel has no dynamic preemption"
	uname -v | grep -q PREEMPT_RT && reason="$reason (PREEMPT_RT)"
	i=0
	while [ $i -lt 7 ]; do skip "$reason"; i=$((i + 1)); done
	exit 0
fi
was=$(mode)
# Two of the modes this kernel has: lazy (PREEMPT_LAZY) where it has
# it, and full; 7.x kernels with lazy preemption have only those two,
# older ones none, voluntary and full.
modes=$(tr -d '()' <$preempt)
pair=$(for m in lazy full none voluntary; do
	echo " $modes " | grep -q " $m " && echo $m; done | head -n 2 | tr '\n' ' ')
set -- $pair
x=$1 y=${2:-$1}
diag "preemption modes: $modes; the current: $was; tried: $x $y"
for want in $x $y; do
	[ "$want" = "$was" ] && continue
	hold --preempt $want
	held 1
	is "$(mode)" "$want" "--preempt $want: read back while it runs"
	go 1
	wait $lpid
	is "$(mode)" "$was" "... $was again after the run"
done
# One of the two was the mode already: latt writes it anyway, and the
# run leaves it.
[ "$was" = $x ] || [ "$was" = $y ] && {
	hold --preempt $was
	held 1
	is "$(mode)" "$was" "--preempt $was (the mode already): read back"
	go 1
	wait $lpid
	is "$(mode)" "$was" "... unchanged after"
}
other=$x
[ "$was" = $x ] && other=$y
hold -l --preempt $other
held 1
is "$(mode)" "$other" "SIGINT: --preempt $other while it runs"
kill -INT $lpid
wait $lpid
is "$?$(mode)" "130$was" "... exit 130, $was again"
check "... the report says it was interrupted" \
	grep -q "$(printf '^\tStatus\t.*interrupted by SIGINT')" "$tmp/out"
