#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# layout-calls.sh [-v] BUILDDIR: the calls between modules, read with nm
# from the objects of a build: BUILDDIR/lib/FOLDER/X.o is the module
# FOLDER/X (lib/FOLDER/X.c with its X.h), BUILDDIR/X.o a program's
# module X (latt.c, options.c, ...); the tests' objects and the BPF
# programs (built for the kernel, apart) are left out.
# Each global symbol an object leaves undefined is matched with the
# module that defines it (a symbol no object defines is the C library's,
# one that two define is no one's), which makes an arrow between two
# modules.  Prints one line per set of modules that reach each other
# through their arrows, a strongly connected component (Tarjan's):
#   circle: A B ...           in the order of their names
# and with -v, after each, the arrows inside it and the symbols of each:
#   	A -> B: SYMBOL ...
# Exits 1 when there is a circle, 2 when the objects cannot be read.
verbose=0
if [ "$1" = -v ]; then
	verbose=1
	shift
fi
build=${1:?usage: layout-calls.sh [-v] BUILDDIR}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# "MODULE SYMBOL TYPE" for every global symbol of every object.
find "$build" -name '*.o' ! -name '*.bpf.o' ! -path "$build/tests/*" |
	sort >"$tmp/objects"
[ -s "$tmp/objects" ] || { echo "layout-calls.sh: no objects in $build" >&2; exit 2; }
while read -r f; do
	m=${f#"$build"/}
	m=${m#lib/}
	m=${m%.o}
	nm -P "$f" >"$tmp/nm" || exit 2
	awk -v m="$m" 'NF >= 2 && $2 ~ /^[A-Z]$/ { print m, $1, $2 }' \
		"$tmp/nm"
done <"$tmp/objects" >"$tmp/symbols"

awk -v verbose="$verbose" '
	# Tarjan: each module once, its strongly connected component printed
	# when it is the root of one.
	function strong(v,   i, w) {
		idx[v] = low[v] = ++counter
		stack[++sp] = v
		onstack[v] = 1
		for (i = 1; i <= nout[v]; i++) {
			w = out[v, i]
			if (!(w in idx)) {
				strong(w)
				if (low[w] < low[v])
					low[v] = low[w]
			} else if (onstack[w] && idx[w] < low[v]) {
				low[v] = idx[w]
			}
		}
		if (low[v] != idx[v])
			return
		cnt = 0
		do {
			w = stack[sp--]
			onstack[w] = 0
			member[++cnt] = w
		} while (w != v)
		if (cnt > 1)
			say()
	}
	function say(   i, j, t, line, a, b) {
		for (i = 2; i <= cnt; i++)
			for (j = i; j > 1 && member[j - 1] > member[j]; j--) {
				t = member[j]; member[j] = member[j - 1]
				member[j - 1] = t
			}
		line = "circle:"
		for (i = 1; i <= cnt; i++) {
			line = line " " member[i]
			in_scc[member[i]] = line
		}
		print line
		if (!verbose)
			return
		for (i = 1; i <= cnt; i++)
			for (j = 1; j <= cnt; j++) {
				a = member[i]; b = member[j]
				if ((a, b) in why)
					print "\t" a " -> " b ":" why[a, b]
			}
	}
	$3 != "U" {
		if ($2 in owner && owner[$2] != $1)
			twice[$2] = 1
		owner[$2] = $1
		mod[$1] = 1
		next
	}
	{ used[++nused] = $1 SUBSEP $2; mod[$1] = 1 }
	END {
		for (i = 1; i <= nused; i++) {
			split(used[i], u, SUBSEP)
			if (!(u[2] in owner) || u[2] in twice)
				continue
			to = owner[u[2]]
			if (to == u[1])
				continue
			if (!((u[1], to) in why))
				out[u[1], ++nout[u[1]]] = to
			why[u[1], to] = why[u[1], to] " " u[2]
		}
		for (v in mod)
			if (!(v in idx))
				strong(v)
	}' "$tmp/symbols" >"$tmp/circles"

# One circle a line, in order; with -v each keeps its arrows after it.
if [ "$verbose" = 1 ]; then
	cat "$tmp/circles"
else
	sort "$tmp/circles"
fi
! [ -s "$tmp/circles" ]
