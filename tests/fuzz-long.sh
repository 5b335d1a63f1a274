#!/bin/sh
# The long run of the fuzzer (tests/fuzz.c): each target for SECONDS
# (default 1200), both at once, at nice 19, on a latt built with
# ./configure --enable-sanitizers.  Prints each target's counts
# (executions, failures, unique failures, the largest resident set, the
# exit statuses) and exits 1 if a run failed; failing inputs, and the
# document of the largest resident set (maxrss.json), are kept in
# the work directories it names.
#
#   tests/fuzz-long.sh [-T SECONDS] [-s SEED] [-l LATT]
set -u

secs=1200
seed=$(date +%s)
top=$(cd "$(dirname "$0")/.." && pwd)
latt="$top/latt"
while getopts T:s:l: opt; do
	case $opt in
	T) secs=$OPTARG ;;
	s) seed=$OPTARG ;;
	l) latt=$OPTARG ;;
	*) echo "usage: $0 [-T SECONDS] [-s SEED] [-l LATT]" >&2; exit 2 ;;
	esac
done

if ! grep -q __asan_init "$latt" 2>/dev/null; then
	echo "fuzz-long: $latt is not built with --enable-sanitizers;" \
		"sanitizer reports cannot be seen" >&2
fi
fuzz="$top/tests/fuzz"
[ -x "$fuzz" ] || { echo "fuzz-long: build it first: make tests/fuzz" >&2; exit 2; }

dir=$(mktemp -d "${TMPDIR:-/tmp}/latt-fuzz-long.XXXXXX")
mkdir "$dir/compare" "$dir/argv"
seeds="$top/tests/fuzz-seeds"
echo "fuzz-long: seed $seed, $secs s per target, in $dir"
nice -n 19 "$fuzz" -t compare -s "$seed" -T "$secs" -l "$latt" \
	-d "$dir/compare" "$seeds"/*.json >"$dir/compare.out" \
	2>"$dir/compare.err" &
a=$!
nice -n 19 "$fuzz" -t argv -s "$seed" -T "$secs" -l "$latt" \
	-d "$dir/argv" "$seeds/single.json" >"$dir/argv.out" \
	2>"$dir/argv.err" &
b=$!
wait $a
ra=$?
wait $b
rb=$?
cat "$dir/compare.out" "$dir/argv.out"
grep -h '^fuzz: FAIL' "$dir/compare.err" "$dir/argv.err" | head -n 20
[ $ra -eq 0 ] && [ $rb -eq 0 ]
