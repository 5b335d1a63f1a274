#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# x264-schedulers.sh in a guest of make check-kernels, as one of its
# test files (one TAP point: the sweep ran and gave its table):
#
#   make check-kernels KERNELS=7.x \
#       LATT_KERNELS_TESTS=contrib/sched-ext/in-guest.sh
#
# The guest's schedulers are those the matrix built for its kernel
# (LATT_SCX_DIR); the results go to the guest's results directory,
# tests/kernels/results/KERNEL/x264-schedulers/ on the host.  Arguments
# in X264_SCHEDULERS_ARGS (e.g. "-r 3 -f 480").
echo 1..1
out=/latt-results/x264-schedulers
[ -d /latt-results ] || out=${TMPDIR:-/tmp}/x264-schedulers
# shellcheck disable=SC2086
SCX_DIR=${LATT_SCX_DIR:-} sh "$(dirname "$0")/x264-schedulers.sh" \
	-o "$out" ${X264_SCHEDULERS_ARGS:-} >"$out.log" 2>&1
rc=$?
sed 's/^/# /' "$out.log"
if [ $rc -eq 0 ] && grep -q '^scx_central ' "$out/sweep.txt"; then
	echo "ok 1 - x264 beside latt -c8 under EEVDF, a custom slice, scx_simple and scx_central (results in $out)"
else
	echo "not ok 1 - x264-schedulers.sh: exit $rc (see $out.log)"
fi
