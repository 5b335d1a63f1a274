#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The calls between modules go one way: no two modules (a lib/FOLDER/X.c
# with its X.h, or a program's X.c) call each other, directly or round a
# circle, as nm reads the objects of the build (tests/layout-calls.sh).
# The check itself is tried on two small objects that call each other,
# and must name them.
. "${srcdir:-.}/tests/lib.sh"

top=${srcdir:-.}
build=${top_builddir:-.}
plan 3

sh "$top/tests/layout-calls.sh" -v "$build" >"$tmp/calls" 2>&1
grep -A 1000 '^circle:' "$tmp/calls" >"$tmp/circles"
check "the modules call each other one way: no circle of calls" \
	test ! -s "$tmp/circles" || sed 's/^/# /' "$tmp/circles"

# two modules, x/a and x/b, in a build directory of their own.
cc=${CC:-cc}
mkdir -p "$tmp/b/lib/x"
printf 'int b(void);\nint a(void);\nint a(void) { return b(); }\n' \
	>"$tmp/a.c"
printf 'int a(void);\nint b(void);\nint b(void) { return %s; }\n' \
	'a() + 1' >"$tmp/b.c"
if $cc -c -o "$tmp/b/lib/x/a.o" "$tmp/a.c" 2>/dev/null &&
	$cc -c -o "$tmp/b/lib/x/b.o" "$tmp/b.c" 2>/dev/null; then
	out=$(sh "$top/tests/layout-calls.sh" "$tmp/b" 2>&1)
	is "$out:$?" "circle: x/a x/b:1" \
		"... and it names two modules that call each other"
	$cc -c -o "$tmp/b/lib/x/b.o" -x c - 2>/dev/null <<-'END'
	int b(void);
	int b(void) { return 1; }
	END
	out=$(sh "$top/tests/layout-calls.sh" "$tmp/b" 2>&1)
	is "$out:$?" ":0" "... and passes them when one calls the other"
else
	skip "no C compiler ($cc) to make two objects"
	skip "no C compiler ($cc) to make two objects"
fi
