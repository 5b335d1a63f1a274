#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Saved outputs of latt compare (tests/expected/golden/compare-*): the
# made-up invocation of tests/test-golden (its JSON written anew here),
# the saved documents of tests/data, each alone and side by side, with
# --cdf, must read byte for byte as saved.  LATT_GOLDEN_WRITE=DIR saves
# them anew into DIR.
. "${srcdir:-.}/tests/lib.sh"

golden=${srcdir:-.}/tests/expected/golden
data=${srcdir:-.}/tests/data

plan 7

# A build tree apart from the sources has the test binary here too.
golden_bin=$(pwd)/tests/test-golden

LATT_GOLDEN_WRITE=$tmp "$golden_bin" >"$tmp/tap" 2>&1
check "tests/test-golden writes its documents" \
	test -s "$tmp/sweep.json" -a -s "$tmp/single.json"

# compare NAME ARGS...: latt compare's stdout and exit status as saved.
compare() {
	name=$1
	shift
	(cd "$tmp" && "$latt" compare "$@") >"$tmp/out" 2>&1
	echo "exit $?" >>"$tmp/out"
	if [ -n "${LATT_GOLDEN_WRITE:-}" ]; then
		cp "$tmp/out" "$LATT_GOLDEN_WRITE/compare-$name.txt"
		check "compare-$name.txt saved" true
		return
	fi
	if ! check "latt compare $* reads as tests/expected/golden/compare-$name.txt" \
		cmp -s "$tmp/out" "$golden/compare-$name.txt"; then
		diff "$golden/compare-$name.txt" "$tmp/out" | head -20 |
			sed 's/^/# /'
	fi
}

cp "$data/latt-idle.json" "$data/latt-loaded.json" "$tmp/"
compare sweep sweep.json
compare sweep-single sweep.json single.json
compare single-sweep --fail-if worse --fail-if incomparable single.json sweep.json
compare data latt-idle.json latt-loaded.json
compare data-cdf --cdf latt-idle.json latt-loaded.json
compare mixed latt-idle.json sweep.json
