#!/bin/sh
# --target-weight on the kernel itself: the cgroup latt makes for the
# command is read back from outside while the command runs (cgroup v2
# cpu.weight, or v1 cpu.shares), one per configuration, and is gone after
# each run, after SIGINT, and where latt itself sits in a cgroup below the
# root.  Runs in make check-kernels on cgroup v2 (Debian 6.1) and on the
# host's hierarchy, whichever it is.
# An emulated guest is slow: waits are bounded at 5 minutes, only to stop
# a broken latt from hanging the test.
: "${patience:=300}"
. "${top_srcdir:-.}/tests/lib.sh"

[ "$(id -u)" = 0 ] || skip_all "needs root to make cgroups"

# The hierarchy with the cpu controller, as latt looks for it: cgroup v2
# where its root offers cpu, else a v1 mount with the cpu option.
cpu_cgroup || skip_all "no cgroup hierarchy with the cpu controller"
v2=$cg_v2 mnt=$cg_mnt

plan 16

# The command holds each run (lib.sh's hold, held N, go N), so that the
# test reads the kernel's state while it runs.
# cgdir PID: the directory of PID's cgroup in the cpu hierarchy.
cgdir() {
	if [ $v2 = 1 ]; then
		echo "$mnt$(sed -n 's/^0:://p' "/proc/$1/cgroup")"
	else
		echo "$mnt$(awk -F: '{ n = split($2, c, ",")
			for (i = 1; i <= n; i++) if (c[i] == "cpu") print $3 }' \
			"/proc/$1/cgroup")"
	fi
}
# weight DIR: the cgroup's weight as latt sets it (v1: shares).
weight() {
	if [ $v2 = 1 ]; then cat "$1/cpu.weight"; else cat "$1/cpu.shares"; fi
}
w50=50 w200=200 w30=30
[ $v2 = 1 ] || { w50=512 w200=2048 w30=307; }
# No cgroup of latt PID left anywhere in the hierarchy?
none_of() {
	test -z "$(find "$mnt" -maxdepth 4 -type d -name "latt-$1-*" 2>/dev/null)"
}

# Two configurations: a cgroup each, with its weight, one after the other.
rm -f "$tmp/h/"*
hold -C half:target-weight=50 -C double:target-weight=200
held 1
cg1=$(cgdir "$cpid")
is "$(basename "$cg1")" "latt-$lpid-half-1" \
	"configuration half: the command runs in latt's cgroup for it"
is "$(weight "$cg1")" "$w50" "... whose weight is 50 (read back: $w50)"
check "... and whose cgroup.procs holds the command" \
	grep -qx "$cpid" "$cg1/cgroup.procs"
go 1
held 2
cg2=$(cgdir "$cpid")
is "$(basename "$cg2")" "latt-$lpid-double-1" \
	"configuration double: a cgroup of its own"
is "$(weight "$cg2")" "$w200" "... whose weight is 200 (read back: $w200)"
check "... the first one removed before the second run" test ! -e "$cg1"
go 2
wait $lpid
is $? 0 "both runs end: exit 0"
check "... and no cgroup of latt's is left" none_of "$lpid"

# SIGINT while the command runs in its cgroup.
hold --target-weight 30
held 1
cg=$(cgdir "$cpid")
is "$(weight "$cg")" "$w30" "--target-weight 30: read back while it runs"
kill -INT $lpid
wait $lpid
is $? 130 "SIGINT: exit 130"
check "... the cgroup removed" test ! -e "$cg"
check "... and the command stopped" gone test -e "/proc/$cpid"

# latt in a cgroup below the root: its cgroup for the command is made
# beside its own (in the same parent), where the controller reaches.
base=$mnt/latt-t$$
mkdir -p "$base/in"
[ $v2 = 1 ] && echo +cpu >"$base/cgroup.subtree_control"
hold_reset
sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$base/in" \
	"$latt" -c1 -s2 -S4 -x0 -t 600 --target-weight 50 -- \
	sh "$tmp/hold.sh" "$tmp/h" >"$tmp/out" 2>"$tmp/err" &
lpid=$!
held 1
cg=$(cgdir "$cpid")
is "$cg" "$base/latt-$lpid-default-1" \
	"latt in $base/in: the command's cgroup is made beside it"
is "$(weight "$cg")" "$w50" "... with its weight"
go 1
wait $lpid
check "... and removed after the run" test ! -e "$cg"
rmdir "$base/in" "$base"

# cgroup v2: where the parent does not hand the cpu controller on, no
# cgroup can have a weight; latt says so before anything runs.
if [ $v2 = 1 ]; then
	mkdir -p "$base/in"
	sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh \
		"$base/in" "$latt" -c1 -t 600 --target-weight 50 -- true \
		>"$tmp/out" 2>"$tmp/err"
	rc=$?
	check "cgroup v2 without +cpu in the parent: exit 2, naming its subtree_control" \
		sh -c "test $rc -eq 2 && grep -q 'cpu controller is not enabled for the children of $base' '$tmp/err'"
	rmdir "$base/in" "$base"
else
	skip "cgroup v1 has no subtree_control"
fi
