#!/bin/sh
# The client work (-x) against zlib's deflate at the default level over
# the same buffer (latt-0.1 compressed with zlib): cost per byte of each,
# for a few sizes.  The built-in work is meant to cost within a factor of
# two of deflate.  Needs a built tree and zlib (apt-get install
# zlib1g-dev).
# Usage: contrib/bench/work.sh (from the top of the tree)
set -eu
top=${top_srcdir:-.}
build=${top_builddir:-.}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cc -O2 -I"$top/include" -include "$build/config.h" \
	"$top/contrib/bench/work-cost.c" "$build/lib/liblatt.a" -lz -lm \
	-o "$tmp/work-cost"
echo "# $(uname -r), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(date -u +%Y-%m-%d)"
for kb in 4 64 1024; do
	"$tmp/work-cost" "$kb"
done
