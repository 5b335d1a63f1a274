#!/bin/sh
# The cost of one time stamp for each clock latt can use (--clock): the
# vDSO clock calls against the raw time-stamp counter, in one run.  Every
# sample contains two stamps' worth of this.  Needs a built tree.
# Usage: contrib/bench/clocks.sh [STAMPS] (default 10000000 per round, the
# best of five rounds: about a second per clock here; 100000 is brief)
# top_srcdir (the tree this script is in) and top_builddir (top_srcdir)
# choose the sources and the build (its config.h and lib/liblatt.a);
# CFLAGS adds to cc's options (the build's -fsanitize=... for a
# sanitizer build).
set -eu
stamps=${1:-10000000}
top=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
build=${top_builddir:-$top}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# shellcheck disable=SC2086 # CFLAGS are words
cc -O2 ${CFLAGS:-} -I"$top/lib" -I"$top" -include "$build/config.h" \
	"$top/contrib/bench/stamp-cost.c" "$build/lib/liblatt.a" -lm \
	-o "$tmp/stamp-cost"
echo "# $(uname -r), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(date -u +%Y-%m-%d)"
echo "# clocksource: $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)"
"$tmp/stamp-cost" "$stamps"
