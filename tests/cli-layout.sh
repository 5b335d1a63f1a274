#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The source's layout: lib/ in folders by stage, each including only the
# folders before it in lib/README's map; no circle of includes between
# modules (a .c with the .h of its name); includes that name their
# folder; the programs' headers never included by the library.  The
# check itself (tests/layout-check.sh) is tried on copies of lib/ with a
# fault planted in each, and must name it.
. "${srcdir:-.}/tests/lib.sh"

top=${srcdir:-.}
plan 12

n=$(find "$top/lib" -mindepth 1 -maxdepth 1 -type d | wc -l)
check "lib/ has at least 4 folders ($n)" test "$n" -ge 4
n=$(find "$top/lib" -maxdepth 1 -name '*.c' | wc -l)
check "at most 5 .c files at lib/'s top ($n)" test "$n" -le 5
n=$(wc -l <"$top/lib/README")
check "lib/README, the map, is at most 40 lines ($n)" test "$n" -le 40

sh "$top/tests/layout-check.sh" "$top" >"$tmp/faults" 2>&1
is "$(cat "$tmp/faults")" "" \
	"the library's includes go one way: no folder up, no circle, no bare name"

# plant COPY FILE LINE: a copy of lib/ with LINE added to FILE.
plant() {
	[ -d "$tmp/$1" ] || { mkdir -p "$tmp/$1" && cp -R "$top/lib" "$tmp/$1/"; }
	echo "$3" >>"$tmp/$1/lib/$2"
	sh "$top/tests/layout-check.sh" "$tmp/$1" 2>&1
}
out=$(plant up base/util.c '#include "report/json-fields.h"')
is "$out" 'upward: lib/base/util.c: "report/json-fields.h" (report/ is above base/)' \
	"... and it names a planted upward include"
plant circle measure/hist.h '#include "measure/clock.h"' >/dev/null
out=$(plant circle measure/clock.c '#include "measure/hist.h"')
case $out in
"circle: "*measure/clock*) ok=0 ;;
*) ok=1 ;;
esac
case $out in *measure/hist*) ;; *) ok=1 ;; esac
check "... a circle of two modules in one folder" test "$ok" = 0 ||
	echo "$out" | sed 's/^/# /'
out=$(plant bare measure/stats.c '#include "hist.h"')
is "$out" 'bare: lib/measure/stats.c: "hist.h"' \
	"... an include without its folder"
out=$(plant prog report/quiet.c '#include "options.h"')
is "$out" 'unknown: lib/report/quiet.c: "options.h"' \
	"... and a program's header included by the library"
mkdir -p "$tmp/guard" && cp -R "$top/lib" "$tmp/guard/"
sed 's/^#ifndef LATT_MEASURE_HIST_H$/#ifndef LATT_HIST_H/' \
	"$top/lib/measure/hist.h" >"$tmp/guard/lib/measure/hist.h"
is "$(sh "$top/tests/layout-check.sh" "$tmp/guard" 2>&1)" \
	'guard: lib/measure/hist.h: LATT_HIST_H (LATT_MEASURE_HIST_H)' \
	"... a header whose guard is not named for its path"

# A run's stop is written in one place: latt_stop_record()
# (lib/run/result-stop.c), by the one rule of which reason wins; the rest say
# why to it.
set_stop='((->|\.)stop|end(->|\.)why)[[:space:]]*=[^=]'
grep -nE "$set_stop" $(find "$top/lib" -name '*.c') "$top"/*.c |
	sed -e "s|^$top/||" -e 's/:[0-9]*:[[:space:]]*/: /' |
	grep -v '^lib/run/result-stop.c: why->stop = stop;$' >"$tmp/stops"
is "$(cat "$tmp/stops")" "lib/run/result-stop.c: end->why = why->stop;" \
	"a run's stop is assigned in latt_stop_record() alone"

# Sizes a reader takes in: no file of the program and its library over
# 750 lines, no function over 100 (a line that starts a definition at
# column 0 to its closing brace).
long=$(wc -l "$top"/*.[ch] $(find "$top/lib" -name '*.[ch]') |
	awk '$2 != "total" && $1 > 750 { print $2 " " $1 }' | sed "s|$top/||")
is "$long" "" "no file of latt over 750 lines"
long=$(awk '
	FNR == 1 { start = 0 }
	/^[a-z].*\(/ && !/;[[:space:]]*$/ && !start { start = FNR; name = $0 }
	/^}/ && start { if (FNR - start + 1 > 100) print FILENAME ": " name
			start = 0 }' "$top"/*.c $(find "$top/lib" -name '*.c') | sed "s|$top/||")
is "$long" "" "no function of latt over 100 lines"
