#!/bin/sh
# latt's trace instances on the kernel itself, read back from tracefs
# while the run goes on: -b's and --explain's instances exist, record the
# scheduler's events and are on; after the run, after SIGINT and after a
# -b that was reached, tracefs is as latt found it but for the one
# instance -b keeps (stopped).  Runs in make check-kernels (Debian 6.1 and
# 6.1 PREEMPT_RT) and on a host that lets root trace.
# An emulated guest is slow: waits are bounded at 5 minutes, only to stop
# a broken latt from hanging the test.
: "${patience:=300}"
. "${top_srcdir:-.}/tests/lib.sh"

trace_usable || skip_all "$trace_why"

plan 14

# start ARGS: latt with ARGS, waited for until its held command (lib.sh's
# hold) runs; latt's pid in $lpid, counted among this test's.
start() {
	hold "$@"
	ours="$ours $lpid"
	held 1
}
# on INSTANCE: is INSTANCE tracing, with the scheduler's events on?
on() {
	d=$tr/instances/$1
	test "$(cat $d/tracing_on)" = 1 &&
		test "$(cat $d/events/sched/sched_switch/enable)" = 1 &&
		test "$(cat $d/events/sched/sched_waking/enable)" = 1
}
# instances: latt's instances in tracefs, of the latts this test started
# ($ours) and of any latt that is gone (a leftover); not those of a latt
# that another test runs beside this one (make -j check).
ours=
instances() {
	for i in $(ls $tr/instances | grep '^latt-[0-9]'); do
		p=${i#latt-}
		p=${p%%-*}
		case " $ours " in
		*" $p "*) echo "$i" ;;
		*) kill -0 "$p" 2>/dev/null || echo "$i" ;;
		esac
	done | tr '\n' ' '
}

before=$(instances)
top="$(cat $tr/tracing_on) $(sort $tr/set_event | tr '\n' ' ')"

# latt may still be making its instances when the command starts.
both_on() {
	on "latt-$lpid" && on "latt-$lpid-explain"
}
start -b 1h --explain
wait_until both_on
check "-b 1h --explain: -b's instance latt-$lpid records while it runs" \
	on "latt-$lpid"
check "... and --explain's, latt-$lpid-explain" on "latt-$lpid-explain"
is "$(cat $tr/tracing_on) $(sort $tr/set_event | tr '\n' ' ')" "$top" \
	"... the top buffer untouched"
go 1
wait $lpid
is $? 0 "... exit 0"
check "... both instances removed after the run" \
	test ! -e "$tr/instances/latt-$lpid" -a ! -e "$tr/instances/latt-$lpid-explain"
check "... the explanation read from the trace" \
	grep -q "$(printf '^\tTrace\t\t[0-9]* scheduler events')" "$tmp/out"

start -b 1h --explain
wait_until both_on
check "SIGINT: both instances record while it runs" both_on
kill -INT $lpid
wait $lpid
is $? 130 "... exit 130"
check "... both instances removed" \
	test ! -e "$tr/instances/latt-$lpid" -a ! -e "$tr/instances/latt-$lpid-explain"
is "$(instances)" "$before" "... tracefs has the instances it had"

# -b reached (every wakeup takes more than a microsecond): the one
# instance kept, stopped; no other left.
run -c2 -s1 -S2 -x0 -t 600 -b 1us
lpid=$(sed -n 's/.*(instance latt-\([0-9]*\), kept).*/\1/p' "$tmp/out")
ours="$ours $lpid"
is "$rc" 5 "-b 1us: reached, exit 5"
check "... its instance kept (latt-$lpid), stopped" \
	sh -c "test -n '$lpid' && test \$(cat $tr/instances/latt-$lpid/tracing_on) = 0"
[ -n "$lpid" ] && rmdir "$tr/instances/latt-$lpid"
is "$(instances)" "$before" "... and no other instance of latt's left"
is "$(cat $tr/tracing_on) $(sort $tr/set_event | tr '\n' ' ')" "$top" \
	"... the top buffer as it was"
