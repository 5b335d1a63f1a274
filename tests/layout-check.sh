#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# layout-check.sh TOP: the library's includes, read from every
# lib/FOLDER/X.[ch] under TOP (folders read recursively).  The folders'
# order is lib/README's map: its lines "  NAME/  ..." from the bottom up.
# Prints one line per fault and exits 1 when there is one:
#   map: FOLDER ...           a folder missing from the map, or the reverse
#   bare: FILE: "X.h"         an include that does not name its folder
#   unknown: FILE: "X"        an include of no header of lib/ (a program's)
#   upward: FILE: "X"         an include of a folder later in the map
#   circle: A B ...           modules (X.c with X.h) that include each
#                             other, directly or round a circle
#   guard: FILE: G (W)        a header whose include guard G is not W,
#                             LATT_FOLDER_NAME_H from its path
top=${1:?usage: layout-check.sh TOP}
lib=$top/lib
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

sed -n 's|^  \([a-z][a-z0-9_-]*\)/ .*|\1|p' "$lib/README" >"$tmp/order"
find "$lib" -mindepth 1 -maxdepth 1 -type d | sed 's|.*/||' | sort \
	>"$tmp/dirs"
sort "$tmp/order" | comm -3 - "$tmp/dirs" | sed 's/^\t*/map: /' \
	>"$tmp/faults"

# "FILE INCLUDED" for every #include "..." of the library's C files (the
# BPF programs, built apart with their own include path, excepted).
find "$lib" -name '*.[ch]' ! -name '*.bpf.c' | sort | while read -r f; do
	sed -n 's/^#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
		sed "s|^|${f#"$lib"/} |"
done >"$tmp/includes"

# The checks, with each folder's level from the map.
awk -v lib="$lib" -v edges="$tmp/edges" '
	FILENAME == ARGV[1] { level[$1] = ++n; next }
	{
		file = $1; inc = $2
		dir = file; sub(/\/[^\/]*$/, "", dir)
		if (inc !~ /\//) {
			if (system("test -f \"" lib "/" dir "/" inc "\"") == 0)
				print "bare: lib/" file ": \"" inc "\""
			else
				print "unknown: lib/" file ": \"" inc "\""
			next
		}
		if (system("test -f \"" lib "/" inc "\"") != 0) {
			print "unknown: lib/" file ": \"" inc "\""; next
		}
		split(file, a, "/"); split(inc, b, "/")
		if (!(a[1] in level) || !(b[1] in level))
			next		# said as map: above
		if (level[b[1]] > level[a[1]])
			print "upward: lib/" file ": \"" inc "\" (" b[1] \
				"/ is above " a[1] "/)"
		from = file; sub(/\.[ch]$/, "", from)
		to = inc; sub(/\.[ch]$/, "", to)
		if (from != to)
			print from, to >edges
	}' "$tmp/order" "$tmp/includes" >>"$tmp/faults"

# tsort names the modules of each loop it breaks on stderr, one a line,
# after a line that says so: the first loop is named.
touch "$tmp/edges"
if ! tsort "$tmp/edges" >/dev/null 2>"$tmp/tsort"; then
	awk '/input contains a loop/ { if (n++) exit; next }
	     { sub(/^tsort: /, ""); loop = loop " " $0 }
	     END { print "circle:" loop }' "$tmp/tsort" >>"$tmp/faults"
fi

# Each header's guard is named for its path: lib/run/waker.h is
# LATT_RUN_WAKER_H, so that no two can be the same.
find "$lib" -name '*.h' | sort | while read -r f; do
	rel=${f#"$lib"/}
	want=$(echo "LATT_${rel%.h}_H" | tr 'a-z/.-' 'A-Z___')
	got=$(sed -n 's/^#ifndef[[:space:]]*\([A-Za-z0-9_]*\).*/\1/p' "$f" |
		head -n 1)
	[ "$got" = "$want" ] || echo "guard: lib/$rel: ${got:-none} ($want)"
done >>"$tmp/faults"

cat "$tmp/faults"
! [ -s "$tmp/faults" ]
