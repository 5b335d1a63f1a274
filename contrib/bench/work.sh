#!/bin/sh
# The client work (-x) against zlib's deflate at the default level over
# the same buffer (latt-0.1 compressed with zlib): cost per byte of each,
# for a few sizes.  The built-in work is meant to cost within a factor of
# two of deflate.  Needs a built tree and zlib (apt-get install
# zlib1g-dev).
# Usage: contrib/bench/work.sh [KB...] (default 4 64 1024; 4 64 is brief)
# top_srcdir (the tree this script is in) and top_builddir (top_srcdir)
# choose the sources and the build (its config.h and lib/liblatt.a);
# CFLAGS adds to cc's options (the build's -fsanitize=... for a
# sanitizer build).
set -eu
top=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
build=${top_builddir:-$top}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ $# -gt 0 ] || set -- 4 64 1024

# shellcheck disable=SC2086 # CFLAGS are words
cc -O2 ${CFLAGS:-} -I"$top/lib" -I"$top" -include "$build/config.h" \
	"$top/contrib/bench/work-cost.c" "$build/lib/liblatt.a" -lz -lm \
	-o "$tmp/work-cost"
echo "# $(uname -r), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(date -u +%Y-%m-%d)"
for kb; do
	"$tmp/work-cost" "$kb"
done
