#!/bin/sh
# --scheduler on a kernel with sched_ext, with real sched_ext schedulers
# (the example schedulers of the kernel's own source, tools/sched_ext):
# a run measures under scx_simple, its report and JSON name it as the
# kernel does (read back from /sys/kernel/sched_ext/root/ops while it
# runs), and sched_ext is disabled again after a normal end, after
# SIGINT and after kill -9 of latt (its guard stops the scheduler); one
# already loaded by somebody else is refused with its name, and a run
# beside it names it; one that fails to load (scx_central without the
# kernel's Kconfig, which libbpf reads) is a one-line error quoting what
# it said, with nothing measured.
#
# Runs in make check-kernels on the kernels with sched_ext, which build
# the schedulers and name their directory in LATT_SCX_DIR (or say in
# LATT_SCX_NONE why there are none); elsewhere scx_simple and
# scx_central are looked for in PATH.  An emulated guest is slow: waits
# are bounded at 5 minutes, only to stop a broken latt from hanging it.
: "${patience:=300}"
. "${top_srcdir:-.}/tests/lib.sh"

state=/sys/kernel/sched_ext/state
ops=/sys/kernel/sched_ext/root/ops
[ "$(id -u)" = 0 ] || skip_all "loading a sched_ext scheduler needs root"
[ -e $state ] || skip_all "this kernel has no sched_ext (no $state; it needs CONFIG_SCHED_CLASS_EXT)"
scx=${LATT_SCX_DIR:-}
if [ -z "$scx" ]; then
	scx=$(dirname "$(command -v scx_simple 2>/dev/null || echo /none/x)")
fi
if [ ! -x "$scx/scx_simple" ] || [ ! -x "$scx/scx_central" ]; then
	skip_all "${LATT_SCX_NONE:-no scx_simple and scx_central here (make check-kernels builds them from the kernel's source; LATT_SCX_DIR names their directory)}"
fi
[ "$(cat $state)" = disabled ] ||
	skip_all "a sched_ext scheduler is loaded already ($(cat $ops 2>/dev/null))"

plan 28

disabled() {
	[ "$(cat $state)" = disabled ]
}
# The field of a run of the JSON document $tmp/j.json.
jfield() {
	"${JSON_CHECK:-$(pwd)/tests/json-check}" --get "$tmp/j.json" "$1"
}

# A sweep: the kernel's own scheduler, then scx_simple.
run -c2 -s5 -S10 -x0 -i 0.01 --json "$tmp/j.json" -C eevdf: \
	-C "simple:scheduler=$scx/scx_simple" -- "$until_measured"
is "$rc" 0 "-C eevdf: -C simple:scheduler=scx_simple: exit 0"
[ "$rc" = 0 ] || { diag "stderr:"; sed 's/^/#   /' "$tmp/err"; }
n=$(sed -n 's/^run 1\/1 simple: entries \([0-9]*\),.*/\1/p' "$tmp/out")
check "... the scx_simple run measured ($n wakeups)" test "${n:-0}" -gt 0
check "... its run line: sched_ext simple" \
	grep -q '^run 1/1 simple: entries [0-9]*,.*; sched_ext simple; complete' "$tmp/out"
check "... the eevdf run's: none" \
	sh -c "grep '^run 1/1 eevdf: entries [0-9]*, .*; complete' '$tmp/out' | grep -qv sched_ext"
is "$(jfield 'configurations[1].runs[0].sched_ext') $(jfield 'configurations[1].runs[0].sched_ext_by_latt')" \
	"simple true" "... its JSON: sched_ext simple, started by latt"
is "$(jfield 'configurations[0].runs[0].sched_ext')" "null" \
	"... the eevdf run's sched_ext: null"
check "... sched_ext disabled after the run" disabled

# Read back from outside while the run holds its command.
hold -l -C "s:scheduler=$scx/scx_simple"
held 1
is "$(cat $state) $(cat $ops 2>/dev/null)" "enabled simple" \
	"while it runs: sched_ext enabled, ops simple"
go 1
wait $lpid
is $? 0 "... exit 0 at the end of the run"
check "... its report: Scheduler sched_ext simple, started by latt" \
	grep -q "$(printf '^\tScheduler\t*sched_ext simple (started by latt: %s/scx_simple)$' "$scx")" "$tmp/out"
check "... sched_ext disabled" disabled
check "... no scx_simple left" none_left "$scx/scx_simple"

# SIGINT in the middle of the run.
hold --scheduler "$scx/scx_simple"
held 1
kill -INT $lpid
wait $lpid
is $? 130 "SIGINT while scx_simple runs: exit 130"
check "... sched_ext disabled" disabled
check "... no scx_simple left" none_left "$scx/scx_simple"

# kill -9 of latt: its guard stops the scheduler.
hold --scheduler "$scx/scx_simple"
held 1
check "kill -9 of latt: sched_ext enabled before" test "$(cat $state)" = enabled
kill -KILL $lpid
wait $lpid 2>/dev/null
check "... disabled again without latt (the guard)" wait_until disabled
check "... no scx_simple left" none_left "$scx/scx_simple"
pkill -f "sh $tmp/hold.sh" 2>/dev/null

# A scheduler somebody else loaded.
"$scx/scx_simple" >"$tmp/other" 2>&1 &
other=$!
wait_until sh -c "[ \"\$(cat $state)\" = enabled ]"
run -c1 -s5 -S10 -x0 -t 1 --scheduler "$scx/scx_simple"
is "$rc" 2 "--scheduler while another is loaded: exit 2"
check "... refused, naming the one loaded: 'simple'" \
	grep -q "^latt: scheduler: the sched_ext scheduler 'simple' is already loaded" "$tmp/err"
check "... nothing measured" not grep -q '^Entries logged' "$tmp/out"
run -l -c1 -s5 -S10 -x0 -i 0.01 -- "$until_measured"
check "a run without --scheduler beside it: its report names it" \
	grep -q "$(printf '^\tScheduler\t*sched_ext simple (loaded before the run)$')" "$tmp/out"
kill -INT $other
wait $other
check "... which latt leaves loaded (its owner stops it)" disabled

# One that fails to load: scx_central without the kernel's Kconfig.
run -c1 -s5 -S10 -x0 -t 5 --scheduler \
	"unshare -m sh -c 'mount -t tmpfs none /boot && exec $scx/scx_central'"
is "$rc" 2 "scx_central without the Kconfig: exit 2"
check "... one line on stderr" test "$(wc -l <"$tmp/err")" -eq 1
check "... saying it ended before sched_ext was enabled, quoting libbpf" \
	grep -q "^latt: .*scheduler: .*scx_central.* ended (status [0-9]*) before sched_ext was enabled: its output: \"libbpf: .*Kconfig" "$tmp/err"
sed 's/^/#   /' "$tmp/err"
check "... nothing measured" not grep -q '^Entries logged' "$tmp/out"
check "... sched_ext disabled" disabled
