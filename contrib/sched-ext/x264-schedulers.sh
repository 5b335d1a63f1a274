#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The seed experiment of 2009 (latt -c8 beside a video encoder, BFS
# against CFS), with today's schedulers: x264 encodes beside latt -c8
# under EEVDF as the kernel has it, EEVDF with a custom slice for latt's
# clients (sched_setattr, Linux 6.12 and later), and the sched_ext
# example schedulers scx_simple and scx_central.  Each configuration runs
# -r times, interleaved; the encoder's frames per second come from its
# own output (--target-metric), so the sweep table shows what each
# scheduler does to wakeup latency and what it costs the encoder, as
# ratios to EEVDF.  latt-plot draws the distributions.
#
# Usage: x264-schedulers.sh [-o DIR] [-r RUNS] [-x KB] [-f FRAMES] [-s WxH]
#   -o DIR     where the results go (default ./x264-schedulers):
#              sweep.txt (latt's report), sweep.json, sweep.png
#   -r RUNS    runs of each configuration (default 2)
#   -x KB      each client's work after its wakeup (latt -x; default 0:
#              eight clients with latt's 64 KB each queue behind each
#              other on a machine of two CPUs, and latt measures itself)
#   -f FRAMES  frames of the synthetic clip to encode (default 240)
#   -s WxH     its size (default 320x240)
# Environment: LATT (the latt to run; else the one built beside this
# directory, else latt in PATH), SCX_DIR (the directory of scx_simple
# and scx_central; else PATH), INPUT (a .y4m clip instead of the
# synthetic one), SLICE (the custom slice, default 100us).
#
# Needs root (loading a sched_ext scheduler), a kernel with sched_ext
# (CONFIG_SCHED_CLASS_EXT: Debian 13's 7.x kernels), x264, gnuplot for
# the picture.  tests/kernels/README says how to run it in a guest of
# make check-kernels.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
out=./x264-schedulers
runs=2
work=0
frames=240
size=320x240
while getopts :o:r:x:f:s:h opt; do
	case $opt in
	o) out=$OPTARG ;;
	r) runs=$OPTARG ;;
	x) work=$OPTARG ;;
	f) frames=$OPTARG ;;
	s) size=$OPTARG ;;
	h) sed -n '3,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	:) echo "x264-schedulers: -$OPTARG needs a value" >&2
	   echo "Usage: x264-schedulers.sh [-o DIR] [-r RUNS] [-x KB] [-f FRAMES] [-s WxH]" >&2
	   exit 1 ;;
	*) echo "x264-schedulers: unknown option -$OPTARG" >&2
	   echo "Usage: x264-schedulers.sh [-o DIR] [-r RUNS] [-x KB] [-f FRAMES] [-s WxH]" >&2
	   exit 1 ;;
	esac
done

die() {
	echo "x264-schedulers: $*" >&2
	exit 2
}

latt=${LATT:-}
[ -n "$latt" ] || { [ -x "$here/../../latt" ] && latt=$here/../../latt; } ||
	latt=$(command -v latt) || die "no latt (set LATT)"
scx=${SCX_DIR:-$(dirname "$(command -v scx_simple || echo /none/x)")}
[ -x "$scx/scx_simple" ] && [ -x "$scx/scx_central" ] ||
	die "no scx_simple and scx_central (set SCX_DIR to the directory of the kernel's tools/sched_ext build)"
command -v x264 >/dev/null || die "no x264 (apt-get install x264)"
[ -e /sys/kernel/sched_ext/state ] ||
	die "this kernel has no sched_ext (CONFIG_SCHED_CLASS_EXT)"
mkdir -p "$out"

# The clip: a gradient that moves a few pixels a frame (y4m, 4:2:0), so
# that the encoder has motion to search.
clip=${INPUT:-}
if [ -z "$clip" ]; then
	clip=$out/clip.y4m
	w=${size%x*} h=${size#*x}
	LC_ALL=C awk -v w="$w" -v h="$h" -v n="$frames" 'BEGIN {
		for (o = 0; o < 256; o++) {
			r = ""
			for (x = 0; x < w; x++) r = r sprintf("%c", (x + o) % 256)
			row[o] = r
		}
		c = ""
		for (x = 0; x < w / 2; x++) c = c sprintf("%c", 128)
		printf "YUV4MPEG2 W%d H%d F25:1 Ip A1:1 C420jpeg\n", w, h
		for (f = 0; f < n; f++) {
			printf "FRAME\n"
			for (y = 0; y < h; y++) printf "%s", row[(y + 3 * f) % 256]
			for (y = 0; y < h; y++) printf "%s", c
		}
	}' >"$clip"
fi

# The sweep.  Every configuration runs the same encode; latt's own
# eight clients wake beside it.
rc=0
"$latt" -c8 -x "$work" -r "$runs" --long \
	-C eevdf: \
	-C "eevdf-slice:slice=${SLICE:-100us}" \
	-C "scx_simple:scheduler=$scx/scx_simple" \
	-C "scx_central:scheduler=$scx/scx_central" \
	--label "$(uname -r)" \
	--target-metric 'fps+=([0-9.]+) fps' \
	--json "$out/sweep.json" \
	-- x264 --preset medium --threads 2 -o /dev/null "$clip" \
	>"$out/sweep.txt" || rc=$?
if command -v gnuplot >/dev/null; then
	LATT=$latt "$here/../latt-plot" -o "$out/sweep.png" \
		-t "latt -c8 -x $work beside x264, $(uname -r)" "$out/sweep.json"
fi
[ -z "${INPUT:-}" ] && rm -f "$clip"
sed -n '/^config /,/^$/p' "$out/sweep.txt"
exit $rc
