#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The source's layout: the programs (latt.c, options.c, usage.c,
# compare-main.c, changes.c) use the library through include/latt/; the
# library never includes a program's header, include/latt/ never a
# header private to lib/; and no two modules of the library include
# each other, directly or round a circle (tsort finds a loop).  A module
# is a .c with its headers; lib's files of one family (waker-live.c,
# waker-stop.c, ... of waker.c) are one module.
. "${srcdir:-.}/tests/lib.sh"

top=${srcdir:-.}
plan 4

# includes FILE...: "FILE HEADER" for each #include "..." of latt's.
includes() {
	for _f in "$@"; do
		sed -n 's/^#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' \
			"$_f" | sed "s|^|${_f#$top/} |"
	done
}

includes "$top"/lib/*.[ch] "$top"/include/latt/*.h >"$tmp/lib"
check "lib/ and include/latt/ include no program's header" \
	sh -c "! grep -E ' (options|changes|compare-main)\\.h\$' '$tmp/lib'" ||
	grep -E ' (options|changes|compare-main)\.h$' "$tmp/lib" | sed 's/^/# /'

includes "$top"/include/latt/*.h >"$tmp/api"
check "include/latt/ includes only include/latt/ (and the system's)" \
	sh -c "! grep -v ' latt/' '$tmp/api'" ||
	grep -v ' latt/' "$tmp/api" | sed 's/^/# /'

# module PATH: lib/waker-live.c -> waker, lib/hist.h -> hist.
module() {
	basename "$1" | sed 's/\.[ch]$//; s/-.*//'
}
while read -r f h; do
	a=$(module "$f")
	b=$(module "$h")
	[ "$a" = "$b" ] || echo "$a $b"
done <"$tmp/lib" | sort -u >"$tmp/edges"
check "the library's modules include each other in one direction (no circle)" \
	sh -c "tsort '$tmp/edges' >/dev/null 2>'$tmp/tsort'" ||
	sed 's/^/# /' "$tmp/tsort"

# Every include/latt header is one a program or another header of the
# interface includes: what only lib/ uses sits in lib/.
includes "$top"/latt.c "$top"/options.[ch] "$top"/usage.c \
	"$top"/compare-main.[ch] "$top"/changes.[ch] >"$tmp/app"
used=$(cat "$tmp/app" "$tmp/api" | awk '{ print $2 }' | grep '^latt/' |
	sort -u)
unused=
for h in "$top"/include/latt/*.h; do
	echo "$used" | grep -qx "latt/$(basename "$h")" ||
		unused="$unused $(basename "$h")"
done
is "$unused" "" "every header of include/latt/ is the interface's"
