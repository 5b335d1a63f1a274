# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-only
# Shared by contrib/*/verify: build latt the way a harness gets it, from a
# release tarball.  Sourced, not run.
#
# latt_from_dist SCRATCH
#	Makes the tarball with `make dist` in a copy of this source tree
#	under SCRATCH (or takes $LATT_TARBALL if set), builds it there and
#	installs it under SCRATCH/prefix.  Sets LATT_TARBALL and LATT_PREFIX.
#	The source tree itself is left as it was.

latt_srcdir=$(cd "$(dirname "$0")/../.." && pwd)

say()
{
	printf '\n== %s\n' "$*"
}

fail()
{
	printf 'verify: %s\n' "$*" >&2
	exit 1
}

# harness_copy FROM TO
#	A copy of the harness to work on: FROM is its checkout, or its git
#	directory alone (as fetched, with no work tree), cloned then.
harness_copy()
{
	if [ -f "$1/HEAD" ] && [ -d "$1/objects" ]; then
		git clone -q "$1" "$2" || fail "cannot clone $1"
	else
		cp -a "$1/." "$2" || fail "cannot copy $1"
	fi
}

latt_from_dist()
{
	local scratch=$1 copy build

	copy=$scratch/source
	build=$scratch/build
	mkdir -p "$copy" "$build" || fail "cannot create $scratch"
	if [ -z "${LATT_TARBALL:-}" ]; then
		say "make dist in a copy of $latt_srcdir"
		if git -C "$latt_srcdir" rev-parse --git-dir >/dev/null 2>&1; then
			# The tracked and new files as they are now, not HEAD.
			(cd "$latt_srcdir" &&
			 git ls-files -z --cached --others --exclude-standard |
			 xargs -0 tar -cf - --no-recursion) | tar -xf - -C "$copy" ||
				fail "cannot copy the source tree"
		else
			cp -a "$latt_srcdir/." "$copy" || fail "cannot copy the source tree"
		fi
		(cd "$copy" && { [ -x configure ] || ./autogen.sh; } &&
		 ./configure && make dist) >"$scratch/dist.log" 2>&1 ||
			fail "make dist failed: see $scratch/dist.log"
		LATT_TARBALL=$(find "$copy" -maxdepth 1 -name 'latt-*.tar.gz' | head -n 1)
	fi
	[ -f "$LATT_TARBALL" ] || fail "no tarball: $LATT_TARBALL"
	say "build and install $(basename "$LATT_TARBALL")"
	LATT_PREFIX=$scratch/prefix
	tar -xzf "$LATT_TARBALL" -C "$build" || fail "cannot unpack $LATT_TARBALL"
	(cd "$build"/latt-* && ./configure --prefix="$LATT_PREFIX" &&
	 make -j"$(nproc)" && make install) >"$scratch/build.log" 2>&1 ||
		fail "build from the tarball failed: see $scratch/build.log"
	"$LATT_PREFIX/bin/latt" --version || fail "the installed latt does not run"
	export LATT_TARBALL LATT_PREFIX
}
