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

plan 11

# A build tree apart from the sources has the test binary here too.
golden_bin=$(pwd)/tests/test-golden

LATT_GOLDEN_WRITE=$tmp "$golden_bin" >"$tmp/tap" 2>&1
check "tests/test-golden writes its documents" \
	test -s "$tmp/sweep.json" -a -s "$tmp/single.json"

# saved NAME WHAT: $tmp/out as saved in tests/expected/golden/NAME (with
# LATT_GOLDEN_WRITE=DIR, saved there anew).
saved() {
	if [ -n "${LATT_GOLDEN_WRITE:-}" ]; then
		cp "$tmp/out" "$LATT_GOLDEN_WRITE/$1"
		check "$1 saved" true
		return
	fi
	if ! check "$2 reads as tests/expected/golden/$1" \
		cmp -s "$tmp/out" "$golden/$1"; then
		diff "$golden/$1" "$tmp/out" | head -20 | sed 's/^/# /'
	fi
}

# compare NAME ARGS...: latt compare's stdout and exit status as saved.
compare() {
	name=$1
	shift
	(cd "$tmp" && "$latt" compare "$@") >"$tmp/out" 2>&1
	echo "exit $?" >>"$tmp/out"
	saved "compare-$name.txt" "latt compare $*"
}

cp "$data/latt-idle.json" "$data/latt-loaded.json" "$tmp/"
compare sweep sweep.json
compare sweep-single sweep.json single.json
compare single-sweep --fail-if worse --fail-if incomparable single.json sweep.json
compare data latt-idle.json latt-loaded.json
compare data-cdf --cdf latt-idle.json latt-loaded.json
compare mixed latt-idle.json sweep.json

# What latt says to its own command line: --help, --help=all, latt
# compare --help, and for every option of --help=all a bad value, a missing one and (for the
# short ones) the same, then --clients=0 twice, so that one fails
# whether or not the option took the first as its value (nothing runs): stderr and exit status of each, in one file.
words() {
	for o in $("$latt" --help=all | grep -oE -- '--[a-z][a-z-]*' | sort -u) \
		 $("$latt" --help=all | grep -oE -- '(^|[ ,])-[a-zA-Z]\b' |
		   tr -d ' ,' | sort -u); do
		case $o in
		--help|-h|--version|-V) continue ;;
		esac
		for v in "" "=bogus" "=-1" "=99999999999999999999" "=1,2,,3"; do
			case $o in
			--*) set -- "$o$v" ;;
			*) [ -n "$v" ] && set -- "$o" "${v#=}" || set -- "$o" ;;
			esac
			# Taken as its value or not, a --clients=0 fails.
			printf '$ latt %s --clients=0 --clients=0\n' "$*"
			{ "$latt" "$@" --clients=0 --clients=0 2>&1 \
				>/dev/null </dev/null
			  echo "exit $?"; } | sed "s|$tmp/$tag|latt|g"
		done
	done
}
"$latt" --help >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
saved help.txt "latt --help"
"$latt" --help=all >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
saved help-all.txt "latt --help=all"
"$latt" compare --help >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
saved compare-help.txt "latt compare --help"
words >"$tmp/out" 2>&1
saved options.txt "latt's words for a bad or missing value of each option"
