#!/bin/sh
# The cost of one time stamp for each clock latt can use (--clock): the
# vDSO clock calls against the raw time-stamp counter, in one run.  Every
# sample contains two stamps' worth of this.  Needs a built tree.
# Usage: contrib/bench/clocks.sh (from the top of the tree)
set -eu
top=${top_srcdir:-.}
build=${top_builddir:-.}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cc -O2 -I"$top/include" -include "$build/config.h" \
	"$top/contrib/bench/stamp-cost.c" "$build/lib/liblatt.a" -lm \
	-o "$tmp/stamp-cost"
echo "# $(uname -r), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(date -u +%Y-%m-%d)"
echo "# clocksource: $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)"
"$tmp/stamp-cost"
