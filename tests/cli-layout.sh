#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The source's layout: the programs (latt.c, options*.c, usage.c,
# compare-main.c, changes.c) use the library through include/latt/, a few
# headers of what they call and nothing else; what only the library uses
# is declared beside it in lib/.  The library never includes a program's
# header, include/latt/ never a header of lib/; and no two modules of the
# library include each other's headers of lib/, directly or round a
# circle (tsort finds a loop).  A module is a .c with its headers; lib's
# files of one family (waker-live.c, waker-stop.c, ... of waker.c) are
# one module.
. "${srcdir:-.}/tests/lib.sh"

top=${srcdir:-.}
plan 10

# includes FILE...: "FILE HEADER" for each #include "..." of latt's.
includes() {
	for _f in "$@"; do
		sed -n 's/^#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' \
			"$_f" | sed "s|^|${_f#$top/} |"
	done
}

includes "$top"/lib/*.[ch] "$top"/include/latt/*.h >"$tmp/lib"
check "lib/ and include/latt/ include no program's header" \
	sh -c "! grep -E ' (options(-check)?|changes|compare-main)\\.h\$' '$tmp/lib'" ||
	grep -E ' (options(-check)?|changes|compare-main)\.h$' "$tmp/lib" | sed 's/^/# /'

includes "$top"/include/latt/*.h >"$tmp/api"
check "include/latt/ includes only include/latt/ (and the system's)" \
	sh -c "! grep -v ' latt/' '$tmp/api'" ||
	grep -v ' latt/' "$tmp/api" | sed 's/^/# /'

# module PATH: lib/waker-live.c -> waker, lib/hist.h -> hist.  The
# interface's headers are no module's: they declare what several modules
# give the programs.
module() {
	basename "$1" | sed 's/\.[ch]$//; s/-.*//'
}
grep -v ' latt/' "$tmp/lib" | while read -r f h; do
	a=$(module "$f")
	b=$(module "$h")
	[ "$a" = "$b" ] || echo "$a $b"
done | sort -u >"$tmp/edges"
check "the library's modules include each other in one direction (no circle)" \
	sh -c "tsort '$tmp/edges' >/dev/null 2>'$tmp/tsort'" ||
	sed 's/^/# /' "$tmp/tsort"

# Every include/latt header is one a program or another header of the
# interface includes: what only lib/ uses sits in lib/.
includes "$top"/latt.c "$top"/options.[ch] "$top"/options-check.[ch] \
	"$top"/usage.c \
	"$top"/compare-main.[ch] "$top"/changes.[ch] >"$tmp/app"
used=$(cat "$tmp/app" "$tmp/api" | awk '{ print $2 }' | grep '^latt/' |
	sort -u)
unused=
for h in "$top"/include/latt/*.h; do
	echo "$used" | grep -qx "latt/$(basename "$h")" ||
		unused="$unused $(basename "$h")"
done
is "$unused" "" "every header of include/latt/ is the interface's"

n=$(ls "$top"/include/latt/*.h | wc -l)
check "include/latt/ holds at most 10 headers ($n)" test "$n" -le 10

# Every declaration of include/latt/ is one a program uses (a type or a
# macro may be used by a used declaration of the interface instead).
progs="$top/latt.c $top/options.c $top/options.h $top/options-check.c
$top/options-check.h $top/usage.c $top/compare-main.c $top/compare-main.h
$top/changes.c $top/changes.h"
# shellcheck disable=SC2086 # the lists are of paths without spaces
awk -f "$top/tests/interface.awk" $progs "$top"/include/latt/*.h \
	>"$tmp/unused" 2>"$tmp/counts"
is "$(cat "$tmp/unused")" "" \
	"every declaration of include/latt/ is used by a program ($(tr -d '#' <"$tmp/counts"))"

# ... and the check finds those that are not: a prototype, a macro and a
# type no program names, and a type only they use.
mkdir -p "$tmp/include/latt"
cat "$top"/include/latt/run.h - >"$tmp/include/latt/run.h" <<'EOF'
struct latt_unused_part { int x; };
struct latt_unused_type { struct latt_unused_part p; };
#define LATT_UNUSED_MACRO	1
int latt_unused_function(const struct latt_unused_type *t,
			 int flags);
EOF
# shellcheck disable=SC2086
awk -f "$top/tests/interface.awk" $progs "$tmp/include/latt/run.h" \
	2>/dev/null | sed 's/.*: //' | sort | tr '\n' ' ' >"$tmp/found"
is "$(cat "$tmp/found")" "LATT_UNUSED_MACRO (macro) latt_unused_function (function) latt_unused_part (type) latt_unused_type (type) " \
	"... and it names those that are not"

# A run's stop is written in one place: latt_result_stop()
# (lib/result-stop.c), by the one rule of which reason wins; the rest say
# why to it.
grep -nE '(->|\.)stop[[:space:]]*=[^=]' "$top"/lib/*.c "$top"/*.c |
	sed -e "s|^$top/||" -e 's/:[0-9]*:[[:space:]]*/: /' |
	grep -v '^lib/result-stop.c: why->stop = stop;$' >"$tmp/stops"
is "$(cat "$tmp/stops")" "lib/result-stop.c: r->stop = why->stop;" \
	"a run's stop is assigned in latt_result_stop() alone"

# Sizes a reader takes in: no file of the program and its library over
# 750 lines, no function over 100 (a line that starts a definition at
# column 0 to its closing brace).
long=$(wc -l "$top"/*.[ch] "$top"/lib/*.[ch] "$top"/include/latt/*.h |
	awk '$2 != "total" && $1 > 750 { print $2 " " $1 }' | sed "s|$top/||")
is "$long" "" "no file of latt over 750 lines"
long=$(awk '
	FNR == 1 { start = 0 }
	/^[a-z].*\(/ && !/;[[:space:]]*$/ && !start { start = FNR; name = $0 }
	/^}/ && start { if (FNR - start + 1 > 100) print FILENAME ": " name
			start = 0 }' "$top"/*.c "$top"/lib/*.c | sed "s|$top/||")
is "$long" "" "no function of latt over 100 lines"
