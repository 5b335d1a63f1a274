#!/bin/sh
# make check-kernels: run the kernel-dependent tests of latt (the files
# named in tests/kernels/tests.list) on this machine's kernel and, under
# qemu, on Debian's own 6.1 kernel and 6.1 PREEMPT_RT kernel, then print a
# table: test file x kernel -> passed/failed/skipped.
#
# Usage: check-kernels.sh [host] [6.1] [6.1-rt]   (all three by default)
#
# Environment:
#   top_srcdir, top_builddir, LATT   as for make check (set by make)
#   LATT_KERNELS_DIR      cache of downloaded and unpacked kernels
#                         (default /var/tmp/latt-kernels): a second run
#                         downloads nothing
#   LATT_KERNELS_ACCEL    kvm, tcg or auto (default): auto uses KVM only
#                         when a guest booted with it answers within 20 s
#   LATT_KERNELS_REQUIRE  1: a kernel that cannot be had is a failure
#                         (CI), not a skip
#   LATT_KERNELS_TIMEOUT  seconds a guest may run in all (default 3600)
#   LATT_KERNELS_TESTS    test files to run instead of tests.list
#   LATT_KILL_POINTS, LATT_KILL_BUDGET  passed to cli-kill in the guests
#   LATT_KERNELS_LOGLEVEL the guests' console loglevel (default 5: the
#                         stacks of a soft lockup, an RCU stall or a hung
#                         task are printed; 8: everything)
#   LATT_KERNELS_APPEND   more words for the guests' kernel command line
#                         (softlockup_panic=0: a guest with a soft lockup
#                         stays up, not powered off at once)
#   LATT_KERNELS_QEMU     more arguments for qemu (a -monitor to look
#                         into a guest that hangs)
#   LATT_KERNELS_HOST_FROM_CHECK  1: the host's row from the logs of the
#                         make check (and make check-kill) that has just
#                         run (CI), not a rerun; files it did not run: "-"
#
# Debian's archive must be in apt's sources (apt-get download); qemu,
# busybox-static and kmod (depmod, modprobe) must be installed.  See
# tests/kernels/README.
set -u

: "${top_srcdir:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${top_builddir:=$(pwd)}"
: "${LATT:=$top_builddir/latt}"
cache=${LATT_KERNELS_DIR:-/var/tmp/latt-kernels}
accel=${LATT_KERNELS_ACCEL:-auto}
require=${LATT_KERNELS_REQUIRE:-0}
guest_timeout=${LATT_KERNELS_TIMEOUT:-3600}
here=$top_srcdir/tests/kernels
out=$top_builddir/tests/kernels/results

if [ -n "${LATT_KERNELS_TESTS:-}" ]; then
	tests=$LATT_KERNELS_TESTS
else
	tests=$(sed 's/#.*//' "$here/tests.list" | tr -s ' \t\n' ' ')
fi
kernels=${*:-host 6.1 6.1-rt}
[ "${1:-}" = --host-row ] && kernels=host

say() {
	echo "check-kernels: $*"
}

mkdir -p "$out" "$cache" || exit 2
for k in $kernels; do
	rm -rf "${out:?}/$k"
done

# fetch FLAVOUR: unpack Debian's newest linux-image-6.1.0-N-FLAVOUR into
# the cache (once) and print its directory; or say why not and fail.
fetch() {
	pkg=$(apt-cache search --names-only "^linux-image-6\.1\.0-[0-9]+-$1\$" 2>/dev/null |
		awk '{ print $1 }' | sort -V | tail -n 1)
	if [ -z "$pkg" ]; then
		echo "no package linux-image-6.1.0-N-$1 in apt's lists (is Debian bookworm's archive in the sources, and apt-get update done?)"
		return 1
	fi
	dir=$cache/$pkg
	if [ ! -e "$dir/.ready" ]; then
		rm -rf "$dir" "$cache/$pkg"_*.deb
		if ! (cd "$cache" && apt-get download "$pkg" >"$cache/$pkg.download.log" 2>&1); then
			echo "cannot download $pkg: $(tail -n 1 "$cache/$pkg.download.log")"
			return 1
		fi
		ver=${pkg#linux-image-}
		if ! dpkg -x "$cache/$pkg"_*.deb "$dir" ||
			! depmod -b "$dir" "$ver"; then
			echo "cannot unpack $pkg"
			return 1
		fi
		rm -f "$cache/$pkg"_*.deb
		touch "$dir/.ready"
	fi
	echo "$dir"
}

# initramfs DIR: build DIR/initramfs.gz (busybox, the modules for virtio,
# 9p and overlayfs, tests/kernels/init) unless it is newer than init.
initramfs() {
	img=$1/initramfs.gz
	[ "$img" -nt "$here/init" ] && return 0
	ver=$(ls "$1/lib/modules")
	bb=$(command -v busybox) || { echo "busybox is not installed"; return 1; }
	root=$(mktemp -d "${TMPDIR:-/tmp}/latt-initramfs.XXXXXX")
	mkdir -p "$root/bin" "$root/modules" "$root/proc" "$root/sys" \
		"$root/dev"
	cp "$bb" "$root/bin/busybox"
	cp "$here/init" "$root/init"
	chmod 755 "$root/init"
	modprobe -d "$1" -S "$ver" --show-depends -a virtio_pci \
		9pnet_virtio 9p overlay 2>/dev/null |
		awk '$1 == "insmod" && !seen[$2]++ { print $2 }' >"$root/list"
	if [ ! -s "$root/list" ]; then
		rm -rf "$root"
		echo "modprobe finds no virtio, 9p and overlay modules in $1"
		return 1
	fi
	while read -r m; do
		cp "$m" "$root/modules/"
		basename "$m"
	done <"$root/list" >"$root/modules/order"
	rm "$root/list"
	(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >"$img.tmp" &&
		mv "$img.tmp" "$img"
	rm -rf "$root"
}

# tcg_thread: "single" where qemu's multi-threaded TCG can run stale
# code (before 8.1.0: a CPU that translated a kernel text page while
# another patched it may run the old bytes, an int3 of text_poke_bp,
# after they are gone; Linux 6.1 steps back to run the instruction again,
# finds the same int3 and loops there for good: a soft lockup), else
# "multi".  LATT_KERNELS_TCG_THREAD chooses.
tcg_thread() {
	if [ -n "${LATT_KERNELS_TCG_THREAD:-}" ]; then
		echo "$LATT_KERNELS_TCG_THREAD"
		return
	fi
	qemu-system-x86_64 --version 2>/dev/null | awk '
		/version/ && !found { split($4, v, "."); found = 1
			new = v[1] + 0 > 8 || (v[1] + 0 == 8 && v[2] + 0 >= 1)
			print new ? "multi" : "single" }
		END { if (!found) print "single" }'
}

# qemu_cmd DIR ACCEL: the command line of a guest of the kernel in DIR.
qemu_cmd() {
	vmlinuz=$(ls "$1"/boot/vmlinuz-*)
	case $2 in
	kvm)	echo "qemu-system-x86_64 -machine pc,accel=kvm -cpu host" ;;
	*)	echo "qemu-system-x86_64 -machine pc -accel tcg,thread=$(tcg_thread) -cpu max" ;;
	esac
	echo "-smp 2 -m 1536 -nographic -no-reboot -kernel $vmlinuz -initrd $1/initramfs.gz"
}

# probe_kvm DIR: does a guest with KVM boot here?  Nested KVM can hang.
probe_kvm() {
	[ -w /dev/kvm ] || return 1
	# shellcheck disable=SC2046
	timeout -k 5 20 $(qemu_cmd "$1" kvm) \
		-append "console=ttyS0 panic=-1 latt_probe=1" </dev/null 2>&1 |
		grep -q 'latt-init: probe ok'
}

# guest NAME DIR: run the tests in a guest of the kernel in DIR; results
# in $out/NAME.
guest() {
	res=$out/$1
	mkdir -p "$res"
	cat >"$res/job" <<EOF
top_srcdir='$top_srcdir'
top_builddir='$top_builddir'
LATT='$LATT'
tests='$tests'
test_timeout=1500
LATT_KILL_POINTS='${LATT_KILL_POINTS:-}'
LATT_KILL_BUDGET='${LATT_KILL_BUDGET:-}'
kernel_dir='$2'
EOF
	start=$(date +%s)
	# shellcheck disable=SC2046,SC2086
	timeout -k 10 "$guest_timeout" $(qemu_cmd "$2" "$use") \
		-append "console=ttyS0 panic=-1 loglevel=${LATT_KERNELS_LOGLEVEL:-5} softlockup_all_cpu_backtrace=1 softlockup_panic=1 ${LATT_KERNELS_APPEND:-} latt_guest=$here/guest.sh" \
		-fsdev local,id=hostroot,path=/,security_model=passthrough,readonly=on,multidevs=remap \
		-device virtio-9p-pci,fsdev=hostroot,mount_tag=hostroot \
		-fsdev local,id=results,path="$res",security_model=passthrough,multidevs=remap \
		-device virtio-9p-pci,fsdev=results,mount_tag=results \
		${LATT_KERNELS_QEMU:-} </dev/null >"$res/console" 2>&1 &
	qpid=$!
	# A guest whose tests are done but which does not power off (init
	# died on the way down and the kernel hangs in its panic) is
	# stopped a minute later.
	(
		while kill -0 "$qpid" 2>/dev/null; do
			if [ -e "$res/done" ]; then
				sleep 60
				kill "$qpid" 2>/dev/null
				exit 0
			fi
			sleep 2
		done
	) </dev/null >/dev/null 2>&1 &
	wpid=$!
	wait "$qpid"
	qrc=$?
	kill "$wpid" 2>/dev/null
	wait "$wpid" 2>/dev/null
	echo "$(($(date +%s) - start))" >"$res/seconds"
	echo "$use" >"$res/accel"
	if [ ! -e "$res/done" ]; then
		if [ $qrc -eq 124 ] || [ $qrc -eq 137 ]; then
			echo "the guest did not finish within $guest_timeout s" >"$res/broken"
		else
			echo "the guest stopped early (qemu exit $qrc), see $res/console" >"$res/broken"
		fi
	fi
}

# host: the same tests on this machine's kernel, under the suite's lock
# (they change system settings that other test runs share), taken once
# by a flock that stays their ancestor: a test that takes the lock itself
# unless an ancestor holds it (cli-kill) finds it held.
host() {
	if [ -z "${LATT_KERNELS_HOST_LOCKED:-}" ] && command -v flock >/dev/null; then
		LATT_KERNELS_HOST_LOCKED=1 flock /tmp/latt-suite.lock \
			sh "$0" --host-row
		return
	fi
	res=$out/host
	mkdir -p "$res"
	start=$(date +%s)
	. "$here/facts.sh" >"$res/facts"
	for t in $tests; do
		name=$(basename "$t")
		# The results of a make check that has just run here; a file
		# it did not run (cli-kill without make check-kill) is left
		# out, not run again.
		if [ "${LATT_KERNELS_HOST_FROM_CHECK:-0}" = 1 ]; then
			[ -e "$top_builddir/${t%.sh}.trs" ] || continue
			cp "$top_builddir/${t%.sh}.log" "$res/$name.log"
			: >"$res/$name.err"
			grep -Eq '^:global-test-result: (PASS|SKIP)' \
				"$top_builddir/${t%.sh}.trs"
			echo $? >"$res/$name.rc"
			continue
		fi
		case $t in
		/*.sh)	set -- sh "$t" ;;
		*.sh)	set -- sh "$top_srcdir/$t" ;;
		*)	set -- "$top_builddir/$t" ;;
		esac
		t0=$(date +%s)
		(cd "$top_builddir" && top_srcdir=$top_srcdir \
			top_builddir=$top_builddir LATT=$LATT \
			timeout -k 10 900 "$@") \
			>"$res/$name.log" 2>"$res/$name.err" </dev/null
		echo $? >"$res/$name.rc"
		echo $(($(date +%s) - t0)) >"$res/$name.seconds"
	done
	echo "$(($(date +%s) - start))" >"$res/seconds"
	echo done >"$res/done"
}

# tap LOG RC: "passed failed skipped" of one TAP log.  Points missing from
# the plan, a "Bail out!" and a non-zero exit without a failed point are
# failures.
tap() {
	awk -v rc="$2" '
		/^1\.\.0/ { skipall = 1 }
		/^1\.\.[0-9]+/ { plan = substr($1, 4) + 0 }
		/^ok / { n++; if ($0 ~ /# [Ss][Kk][Ii][Pp]/) s++; else p++ }
		/^not ok / { n++; if ($0 ~ /# TODO/) p++; else f++ }
		/^Bail out!/ { f++ }
		END {
			if (skipall) { print 0, 0, 1; exit }
			if (n < plan) f += plan - n
			if (rc != 0 && f == 0) f = 1
			print p + 0, f + 0, s + 0
		}' "$1"
}

# The host's row alone, under the lock host() took.
if [ "${1:-}" = --host-row ]; then
	host
	exit 0
fi

for k in $kernels; do
	case $k in
	host)	say "host kernel $(uname -r): running the tests"
		host ;;
	6.1|6.1-rt)
		flavour=amd64
		[ "$k" = 6.1-rt ] && flavour=rt-amd64
		mkdir -p "$out/$k"
		if ! dir=$(fetch "$flavour") || ! msg=$(initramfs "$dir"); then
			[ -n "${msg:-}" ] && dir=$msg
			echo "$dir" >"$out/$k/unavailable"
			say "Debian $k: NOT RUN: $dir"
			continue
		fi
		if [ -z "${use:-}" ]; then
			case $accel in
			kvm|tcg) use=$accel ;;
			*)	use=tcg
				probe_kvm "$dir" && use=kvm ;;
			esac
			say "qemu accelerator: $use"
		fi
		say "Debian $k: $(basename "$dir"), booting ($use)"
		guest "$k" "$dir" ;;
	*)	echo "check-kernels: unknown kernel '$k' (host, 6.1 or 6.1-rt)" >&2
		exit 2 ;;
	esac
done

# The table.
pass=0 fail=0 skip=0
echo
for k in $kernels; do
	res=$out/$k
	if [ -e "$res/unavailable" ]; then
		printf '%-7s not run: %s\n' "$k" "$(cat "$res/unavailable")"
		continue
	fi
	if [ ! -s "$res/facts" ]; then
		printf '%-7s did not report (%s s)\n' "$k" "$(cat "$res/seconds" 2>/dev/null)"
		[ -e "$res/broken" ] && printf '%-7s %s\n' "" "$(cat "$res/broken")"
		continue
	fi
	printf '%-7s %s, %s clocksource, preempt %s, cgroup %s, %s CPUs, %s s%s\n' "$k" \
		"$(sed -n 's/^kernel //p' "$res/facts" 2>/dev/null)" \
		"$(sed -n 's/^clocksource //p' "$res/facts" 2>/dev/null)" \
		"$(sed -n 's/^preempt //p' "$res/facts" 2>/dev/null)" \
		"$(sed -n 's/^cgroup //p' "$res/facts" 2>/dev/null)" \
		"$(sed -n 's/^cpus //p' "$res/facts" 2>/dev/null)" \
		"$(cat "$res/seconds" 2>/dev/null)" \
		"$([ -e "$res/accel" ] && echo ", qemu $(cat "$res/accel")")"
	[ -e "$res/broken" ] && printf '%-7s %s\n' "" "$(cat "$res/broken")"
done
echo
: >"$out/counts"
# table TITLE CELL: a row a test file, a column a kernel; the function
# CELL prints the cell of kernel $k and file $name.
table() {
	printf '%-22s' "$1"
	for k in $kernels; do printf ' %14s' "$k"; done
	echo
	for t in $tests; do
		name=$(basename "$t")
		printf '%-22s' "$name"
		for k in $kernels; do
			"$2"
		done
		echo
	done
}
# counts_cell: passed/failed/skipped, added to the totals and counts.
counts_cell() {
	res=$out/$k
	if [ -e "$res/unavailable" ]; then
		cell="not run"
	elif [ -e "$res/$name.rc" ]; then
		set -- $(tap "$res/$name.log" "$(cat "$res/$name.rc")")
		cell="$1/$2/$3"
		pass=$((pass + $1)) fail=$((fail + $2)) skip=$((skip + $3))
		echo "$k $1 $2 $3" >>"$out/counts"
	elif [ "$k" = host ] &&
		[ "${LATT_KERNELS_HOST_FROM_CHECK:-0}" = 1 ]; then
		cell="-"
	else
		cell="no result"
		fail=$((fail + 1))
		echo "$k 0 1 0" >>"$out/counts"
	fi
	printf ' %14s' "$cell"
}
# seconds_cell: how long the file took (the matrix's share of CI's time).
seconds_cell() {
	printf ' %14s' "$(cat "$out/$k/$name.seconds" 2>/dev/null || echo -)"
}
table "passed/failed/skipped" counts_cell
echo
table seconds seconds_cell
unavailable=0
for k in $kernels; do
	[ -e "$out/$k/unavailable" ] && unavailable=$((unavailable + 1))
done

# What failed, and why the skipped points were skipped.
for k in $kernels; do
	for t in $tests; do
		name=$(basename "$t")
		log=$out/$k/$name.log
		[ -e "$log" ] || continue
		grep '^not ok' "$log" | sed "s/^/$k $name: /"
		if [ ! -e "${log%.log}.rc" ]; then
			echo "$k $name: no result: it was still running when the guest stopped ($(tail -n 1 "$log" | cut -c 1-60)); see $log and $out/$k/console"
			continue
		fi
		rc=$(cat "${log%.log}.rc")
		[ "$rc" = 0 ] || echo "$k $name: exit $rc; see $log and ${log%.log}.err"
	done
done | sed 's/^/FAIL /'
for k in $kernels; do
	for t in $tests; do
		name=$(basename "$t")
		log=$out/$k/$name.log
		[ -e "$log" ] || continue
		sed -n 's/^1\.\.0 *# *SKIP */(all) /p; s/^ok [0-9]* *# *SKIP */ /p' "$log" |
			sort | uniq -c | sed "s/^ *\([0-9]*\) */$k $name: \1 skipped: /"
	done
done | sed 's/^/SKIP /'

echo
if [ "$unavailable" -gt 0 ] && [ "$require" = 1 ]; then
	say "$unavailable kernel(s) could not be had: counted as failures"
	fail=$((fail + unavailable))
	for k in $kernels; do
		[ -e "$out/$k/unavailable" ] && echo "$k 0 1 0" >>"$out/counts"
	done
fi
# One line a kernel (CI counts the guests' beside its own suite), then all.
for k in $kernels; do
	awk -v k="$k" '$1 == k { p += $2; f += $3; s += $4 }
		END { printf "check-kernels: %s: %d passed, %d failed, %d skipped\n",
			k, p, f, s }' "$out/counts"
done
echo "check-kernels: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
