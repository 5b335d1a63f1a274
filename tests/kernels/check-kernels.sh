#!/bin/sh
# make check-kernels: run the kernel-dependent tests of latt (the files
# named in tests/kernels/tests.list) on this machine's kernel and, under
# qemu, on Debian's own kernels: 6.1 and 6.1 PREEMPT_RT (Debian 12), the
# newest 6.12 (Debian 13), the newest 7.x and 7.x PREEMPT_RT
# (trixie-backports, with sched_ext: their example sched_ext schedulers
# are built from the kernel's own source); then print a table: test file
# x kernel -> passed/failed/skipped.
#
# Usage: check-kernels.sh [host] [6.1] [6.1-rt] [6.12] [7.x] [7.x-rt]
#        (all six by default)
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
#   X264_SCHEDULERS_ARGS  passed to contrib/sched-ext/in-guest.sh there
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
all_kernels="host 6.1 6.1-rt 6.12 7.x 7.x-rt"
kernels=${*:-$all_kernels}
[ "${1:-}" = --host-row ] && kernels=host

say() {
	echo "check-kernels: $*"
}

mkdir -p "$out" "$cache" || exit 2
for k in $kernels; do
	rm -rf "${out:?}/$k"
done

# The kernels of the matrix: "SUITE ERE" of each, the Debian suite whose
# lists have it and the names of its image packages (apt-cache search
# --names-only); the newest match is the one run, so that no version is
# written here.  Debian 13's images of 7.x (trixie-backports) are empty
# packages that depend on linux-binary-, linux-modules- and linux-base-
# of their version: those are fetched with them.
spec() {
	case $1 in
	6.1)	echo 'bookworm ^linux-image-6\.1\.0-[0-9]+-amd64$' ;;
	6.1-rt)	echo 'bookworm ^linux-image-6\.1\.0-[0-9]+-rt-amd64$' ;;
	6.12)	echo 'trixie ^linux-image-6\.12\.[0-9]+\+deb13-amd64$' ;;
	7.x)	echo 'trixie ^linux-image-7\.[0-9]+\.[0-9]+\+deb13-amd64$' ;;
	7.x-rt)	echo 'trixie ^linux-image-7\.[0-9]+\.[0-9]+\+deb13-rt-amd64$' ;;
	*)	return 1 ;;
	esac
}

# Debian 13 (trixie, trixie-backports) for a bookworm host: a sources
# list and apt state of their own in the cache, from the mirror the host
# uses for bookworm, so that its packages are only ever downloaded, never
# installed on the host.
trixie=$cache/apt-trixie
trixie_opts="-o Dir::Etc::sourcelist=$trixie/sources.list -o Dir::Etc::sourceparts=/dev/null -o Dir::State::Lists=$trixie/lists -o Dir::Cache=$trixie/cache -o Dir::State::status=/dev/null -o Debug::NoLocking=1"
trixie_ready=""
# apt_of SUITE COMMAND ARGS...: apt-get or apt-cache on SUITE's lists.
apt_of() {
	_suite=$1
	shift
	if [ "$_suite" = trixie ]; then
		# shellcheck disable=SC2086
		"$@" $trixie_opts
	else
		"$@"
	fi
}
# trixie_lists: read Debian 13's package lists (once a run); or say why not.
trixie_lists() {
	[ -n "$trixie_ready" ] && return 0
	mkdir -p "$trixie/lists/partial" "$trixie/cache/archives/partial"
	uri=$(apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 2>/dev/null |
		awk '$2 == "bookworm" { print $1; exit }')
	if [ -z "$uri" ]; then
		echo "no Debian bookworm archive in apt's sources to find trixie's beside"
		return 1
	fi
	echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $uri trixie main
deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $uri trixie-backports main" >"$trixie/sources.list"
	if ! apt_of trixie apt-get -qq update >"$trixie/update.log" 2>&1 &&
		! ls "$trixie/lists/"*_Packages* >/dev/null 2>&1; then
		echo "cannot read Debian trixie's package lists: $(tail -n 1 "$trixie/update.log")"
		return 1
	fi
	trixie_ready=1
}

# fetch KERNEL: unpack the newest image of KERNEL (see spec) into the
# cache (once) and print its directory; or say why not and fail.  The
# directory has the kernel's files as its packages lay them out (boot/ or
# usr/lib/modules/VER/), lib/modules (a link to usr/lib/modules where the
# packages have only that: depmod -b wants lib/) and .version, the
# package's version (a source of the same version builds its sched_ext
# schedulers).
fetch() {
	# shellcheck disable=SC2046
	set -- $(spec "$1")
	if [ "$1" = trixie ] && ! trixie_lists; then
		return 1
	fi
	pkg=$(apt_of "$1" apt-cache search --names-only "$2" 2>/dev/null |
		awk '{ print $1 }' | sort -V | tail -n 1)
	if [ -z "$pkg" ]; then
		echo "no package matching $2 in Debian $1's lists (is Debian's archive in apt's sources, and apt-get update done?)"
		return 1
	fi
	dir=$cache/$pkg
	if [ ! -e "$dir/.ready" ]; then
		rel=${pkg#linux-image-}
		dl=$cache/$pkg.download
		rm -rf "$dir" "$dl"
		mkdir -p "$dl"
		# The image and the packages of its version it depends on.
		pkgs="$pkg $(apt_of "$1" apt-cache show "$pkg" 2>/dev/null |
			awk '/^Depends:/ { gsub(/\([^)]*\)|[,|]/, " "); $1 = ""; print; exit }' |
			tr ' ' '\n' | grep -E "^linux-(binary|modules|base)-$(echo "$rel" | sed 's/[.+]/\\&/g')\$")"
		# shellcheck disable=SC2086
		if ! (cd "$dl" && apt_of "$1" apt-get download $pkgs >"$dl/log" 2>&1); then
			echo "cannot download $pkgs: $(tail -n 1 "$dl/log")"
			return 1
		fi
		for deb in "$dl"/*.deb; do
			dpkg -x "$deb" "$dir" || { echo "cannot unpack $deb"; return 1; }
		done
		[ -d "$dir/lib" ] || [ ! -d "$dir/usr/lib/modules" ] ||
			ln -s usr/lib "$dir/lib"
		if ! depmod -b "$dir" "$rel"; then
			echo "depmod fails on $pkg"
			return 1
		fi
		apt_of "$1" apt-cache show "$pkg" | awk '/^Version:/ { print $2; exit }' >"$dir/.version"
		echo "$1" >"$dir/.suite"
		rm -rf "$dl"
		touch "$dir/.ready"
	fi
	echo "$dir"
}

# kfile DIR vmlinuz|config: a file of the kernel unpacked in DIR, where
# its packages put it (boot/NAME-VER, or lib/modules/VER/NAME).
kfile() {
	_rel=$(ls "$1/lib/modules")
	if [ -e "$1/boot/$2-$_rel" ]; then
		echo "$1/boot/$2-$_rel"
	else
		echo "$1/lib/modules/$_rel/$2"
	fi
}

# scx DIR: build the example sched_ext schedulers of the kernel in DIR
# (tools/sched_ext of the linux-source package of its version, against
# its own BTF), once, and print the directory of their binaries; or say
# why not and fail.  A kernel without sched_ext has none to build.
scx() {
	_rel=$(ls "$1/lib/modules")
	if ! grep -q '^CONFIG_SCHED_CLASS_EXT=y' "$(kfile "$1" config)"; then
		echo "no sched_ext in $_rel (CONFIG_SCHED_CLASS_EXT is not set)"
		return 2
	fi
	_bin=$1/scx/build/bin
	[ -e "$1/scx/.ready" ] && { echo "$_bin"; return 0; }
	_suite=$(cat "$1/.suite") _ver=$(cat "$1/.version")
	# linux-source-7.3 for 7.3.4+deb13-amd64.
	_src=linux-source-$(echo "$_rel" | sed 's/^\([0-9]*\.[0-9]*\).*/\1/')
	_sver=$(apt_of "$_suite" apt-cache show "$_src" 2>/dev/null |
		awk '/^Version:/ { print $2 }' | sort -V | tail -n 1)
	if [ -z "$_sver" ]; then
		echo "no $_src in Debian $_suite's lists: the sched_ext schedulers of $_rel are not built"
		return 1
	fi
	if [ "$_sver" != "$_ver" ]; then
		echo "$_src is $_sver but the kernel is $_ver: its sched_ext schedulers are not built from another version's source"
		return 1
	fi
	_clang=""
	for _v in 21 20 19 18 17 16; do
		command -v "clang-$_v" >/dev/null && command -v "ld.lld-$_v" >/dev/null &&
			command -v "llvm-strip-$_v" >/dev/null &&
			{ _clang=$_v; break; }
	done
	if [ -z "$_clang" ]; then
		echo "building the sched_ext schedulers needs clang, lld and llvm 16 or later (apt-get install clang-16 lld-16 llvm-16 libelf-dev zlib1g-dev)"
		return 1
	fi
	_sd=$cache/$_src-$_sver
	if [ ! -e "$_sd/.ready" ]; then
		rm -rf "$_sd"
		mkdir -p "$_sd"
		if ! (cd "$_sd" && apt_of "$_suite" apt-get download "$_src" >log 2>&1) ||
			! dpkg -x "$_sd"/"$_src"_*.deb "$_sd/pkg" ||
			! tar -xJf "$_sd/pkg/usr/src/$_src.tar.xz" -C "$_sd" \
				"$_src/tools" "$_src/scripts" "$_src/include" \
				"$_src/arch/x86" "$_src/Makefile" "$_src/kernel/bpf" \
				"$_src/lib" >>"$_sd/log" 2>&1; then
			echo "cannot download and unpack $_src $_sver: $(tail -n 1 "$_sd/log")"
			return 1
		fi
		rm -rf "$_sd/pkg" "$_sd"/*.deb
		touch "$_sd/.ready"
	fi
	rm -rf "$1/scx"
	mkdir -p "$1/scx"
	# The kernel's BTF, for vmlinux.h: its .BTF section alone.
	if ! "$_sd/$_src/scripts/extract-vmlinux" "$(kfile "$1" vmlinuz)" >"$1/scx/vmlinux" 2>"$1/scx/build.log" ||
		! objcopy --only-section=.BTF --set-section-flags .BTF=alloc \
			-O elf64-x86-64 "$1/scx/vmlinux" "$1/scx/btf.o" 2>>"$1/scx/build.log"; then
		echo "cannot take the BTF out of $_rel's vmlinuz: $(tail -n 1 "$1/scx/build.log")"
		return 1
	fi
	rm -f "$1/scx/vmlinux"
	if ! make -s -C "$_sd/$_src/tools/sched_ext" -j"$(nproc)" \
		LLVM="-$_clang" VMLINUX_BTF="$1/scx/btf.o" O="$1/scx" \
		>>"$1/scx/build.log" 2>&1; then
		echo "building the sched_ext schedulers of $_src $_sver failed: $(tail -n 1 "$1/scx/build.log") (see $1/scx/build.log)"
		return 1
	fi
	touch "$1/scx/.ready"
	echo "$_bin"
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
	# busybox's insmod takes a module as it is: a compressed one (Debian
	# 13's are .ko.xz) goes in decompressed.
	while read -r m; do
		b=$(basename "$m")
		case $m in
		*.ko.xz)  b=${b%.xz}; xz -dc "$m" >"$root/modules/$b" ;;
		*.ko.zst) b=${b%.zst}; zstd -qdc "$m" >"$root/modules/$b" ;;
		*.ko.gz)  b=${b%.gz}; gzip -dc "$m" >"$root/modules/$b" ;;
		*)	  cp "$m" "$root/modules/" ;;
		esac || { rm -rf "$root"; echo "cannot copy $m"; return 1; }
		echo "$b" >>"$root/modules/order"
	done <"$root/list"
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
	vmlinuz=$(kfile "$1" vmlinuz)
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

# shq STRING: STRING quoted for sh.
shq() {
	printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
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
LATT_SCX_DIR=$(shq "$scx_dir")
LATT_SCX_NONE=$(shq "$scx_none")
X264_SCHEDULERS_ARGS=$(shq "${X264_SCHEDULERS_ARGS:-}")
LATT_QEMU_ACCEL='$use'
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
	host)	;;
	*)	spec "$k" >/dev/null || {
			echo "check-kernels: unknown kernel '$k' ($all_kernels)" >&2
			exit 2
		} ;;
	esac
done
# Debian 13's lists, once, before the kernels that need them.
for k in $kernels; do
	case $(spec "$k") in
	trixie*) if trixie_msg=$(trixie_lists); then
			trixie_ready=1
		 else
			say "Debian trixie: $trixie_msg"
		 fi
		 break ;;
	esac
done

for k in $kernels; do
	case $k in
	host)	say "host kernel $(uname -r): running the tests"
		host
		continue ;;
	esac
	mkdir -p "$out/$k"
	if ! dir=$(fetch "$k") || ! msg=$(initramfs "$dir"); then
		[ -n "${msg:-}" ] && dir=$msg
		echo "$dir" >"$out/$k/unavailable"
		say "Debian $k: NOT RUN: $dir"
		continue
	fi
	# The sched_ext schedulers, for the tests of a kernel that has it;
	# where they cannot be had, the reason goes to those tests.
	scx_dir="" scx_none=""
	scx_dir=$(scx "$dir")
	case $? in
	0)	say "Debian $k: sched_ext schedulers in $scx_dir" ;;
	2)	scx_none=$scx_dir scx_dir="" ;;
	*)	scx_none=$scx_dir scx_dir=""
		echo "$scx_none" >"$out/$k/scx-missing"
		say "Debian $k: sched_ext schedulers NOT BUILT: $scx_none" ;;
	esac
	if [ -z "${use:-}" ]; then
		case $accel in
		kvm|tcg) use=$accel ;;
		*)	use=tcg
			probe_kvm "$dir" && use=kvm ;;
		esac
		say "qemu accelerator: $use"
	fi
	say "Debian $k: $(basename "$dir"), booting ($use)"
	guest "$k" "$dir"
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
	[ -e "$res/scx-missing" ] &&
		printf '%-7s sched_ext schedulers not built: %s\n' "" "$(cat "$res/scx-missing")"
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
# A kernel with sched_ext whose schedulers could not be built has its
# sched_ext tests skipped; for CI that is a failure too.
if [ "$require" = 1 ]; then
	for k in $kernels; do
		[ -e "$out/$k/scx-missing" ] || continue
		say "$k: no sched_ext schedulers: counted as a failure"
		fail=$((fail + 1))
		echo "$k 0 1 0" >>"$out/counts"
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
