#!/bin/sh
# Runs inside the guest, in a chroot of the host's / (read-only, with a
# tmpfs on top): mount what a system has, then run the test files the
# host listed in /latt-results/job and leave their TAP output beside it.
# Ends by powering the guest off.
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
res=/latt-results

off() {
	sync
	echo o >/proc/sysrq-trigger
	# Init must not exit before the power is off (the kernel panics and
	# the guest may hang there); the power-off takes the host's / away,
	# so sleep may fail to start: try again until it is over.
	while :; do
		sleep 30 2>/dev/null
	done
}
trap off EXIT

# The job: top_srcdir, top_builddir, LATT, the list of test files,
# cli-kill's knobs and qemu's accelerator.
. "$res/job"
export top_srcdir top_builddir LATT LATT_KILL_POINTS LATT_KILL_BUDGET
# How qemu runs this guest (tcg: an emulated CPU, for tests whose
# instruments time each other).
export LATT_QEMU_ACCEL
# The sched_ext schedulers built for this kernel, or why there are none;
# the showcase's arguments (contrib/sched-ext/in-guest.sh).
export LATT_SCX_DIR LATT_SCX_NONE X264_SCHEDULERS_ARGS

# proc, sys and dev come from /init.  The rest, fresh: nothing of the
# host's /tmp or /run (latt's records, locks) may be seen here; but a
# tree built under /tmp stays visible (writes to the host's / go to the
# tmpfs under the overlay anyway).
case "$top_srcdir:$top_builddir" in
/tmp/*|*:/tmp/*) ;;
*) mount -t tmpfs tmpfs /tmp ;;
esac
# /run as a system has it, root's alone (a tmpfs is 1777 otherwise: an
# unprivileged latt could make /run/latt, which root's latt then refuses).
mount -t tmpfs -o mode=755 tmpfs /run
mount -t tmpfs tmpfs /dev/shm 2>/dev/null || { mkdir -p /dev/shm; mount -t tmpfs tmpfs /dev/shm; }
mkdir -p /dev/pts && mount -t devpts devpts /dev/pts
mount -t cgroup2 cgroup2 /sys/fs/cgroup
echo "+cpu" >/sys/fs/cgroup/cgroup.subtree_control
mount -t debugfs debugfs /sys/kernel/debug
mount -t tracefs tracefs /sys/kernel/tracing
# The modules of the guest's kernel, for anything a test loads.
kmod=${kernel_dir:-/nonexistent}/lib/modules/$(uname -r)
[ -d "$kmod" ] && mkdir -p "/lib/modules/$(uname -r)" &&
	mount --bind "$kmod" "/lib/modules/$(uname -r)"
# The kernel's configuration where a system has it (libbpf reads the
# Kconfig of a sched_ext scheduler from /boot/config-VER).
kver=$(uname -r)
for f in "${kernel_dir:-/nonexistent}/boot/config-$kver" "$kmod/config"; do
	[ -e "/boot/config-$kver" ] && break
	[ -e "$f" ] && mkdir -p /boot && cp "$f" "/boot/config-$kver"
done
hostname latt-guest

. "$top_srcdir/tests/kernels/facts.sh" >"$res/facts"
sed 's/^/latt-guest: /' "$res/facts" >/dev/console

cd "$top_builddir" || exit 1
for t in $tests; do
	name=$(basename "$t")
	echo "latt-guest: running $name" >/dev/console
	t0=$(date +%s)
	case $t in
	/*.sh)	timeout -k 10 "$test_timeout" sh "$t" ;;
	*.sh)	timeout -k 10 "$test_timeout" sh "$top_srcdir/$t" ;;
	*)	timeout -k 10 "$test_timeout" "$top_builddir/$t" ;;
	esac >"$res/$name.log" 2>"$res/$name.err" </dev/null
	echo $? >"$res/$name.rc"
	echo $(($(date +%s) - t0)) >"$res/$name.seconds"
	grep -c '^not ok' "$res/$name.log" | sed "s/^/latt-guest: $name failed: /" >/dev/console
done
echo "latt-guest: done" >/dev/console
echo done >"$res/done"
