#!/bin/sh
# Wake round trips per second, back to back (latt -s0 -S0 -x0 -c1: one
# client, no sleep, no work) against perf bench sched pipe (two processes
# passing a byte back and forth), unpinned and pinned to CPU 0, three
# rounds each, interleaved.  Needs perf (apt-get install linux-perf).
# LATT_ARGS adds options to latt's command (LATT_ARGS=--kernel-view: what
# the kernel's figure costs, against the peer of the same run).
# Usage: contrib/bench/roundtrip.sh [SECONDS per latt run [ROUNDS]]
#        (default 5 3)
# LATT chooses latt (./latt); PERF_LOOPS, perf's round trips a run (-l;
# perf's own default, 1000000, about 15 to 25 s here, without it):
# PERF_LOOPS=20000 contrib/bench/roundtrip.sh 1 1 is brief.
set -eu
secs=${1:-5}
rounds=${2:-3}
latt=${LATT:-./latt}
args=${LATT_ARGS:-}
loops=${PERF_LOOPS:+-l $PERF_LOOPS}

perf_ops() {
	# shellcheck disable=SC2086 # the pin and -l N are words
	$1 perf bench sched pipe $loops 2>&1 | awk '/ops\/sec/ { print $1 }'
}

latt_ops() {
	# shellcheck disable=SC2086 # LATT_ARGS are words
	$1 "$latt" -l -s0 -S0 -x0 -c1 -t "$secs" --clock monotonic $args |
		awk -F'\t+' -v s="$secs" '$2 == "Cycles" { printf "%d\n", $3 / s }'
}

median() {
	sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

trap 'rm -f "${TMPDIR:-/tmp}/rt.perf.$$" "${TMPDIR:-/tmp}/rt.latt.$$"' EXIT
echo "# $(uname -r), $(nproc) CPUs, $(date -u +%Y-%m-%d): round trips per second${args:+ (latt $args)}"
for pin in "" "taskset -c 0"; do
	: >"${TMPDIR:-/tmp}/rt.perf.$$"
	: >"${TMPDIR:-/tmp}/rt.latt.$$"
	round=1
	while [ "$round" -le "$rounds" ]; do
		p=$(perf_ops "$pin")
		l=$(latt_ops "$pin")
		[ -n "$p" ] || { echo "roundtrip.sh: perf bench sched pipe printed no ops/sec (${pin:-unpinned})" >&2; exit 1; }
		[ -n "$l" ] || { echo "roundtrip.sh: latt printed no Cycles (${pin:-unpinned})" >&2; exit 1; }
		echo "$p" >>"${TMPDIR:-/tmp}/rt.perf.$$"
		echo "$l" >>"${TMPDIR:-/tmp}/rt.latt.$$"
		printf '%-14s round %d: perf %s, latt %s\n' "${pin:-unpinned}" \
			"$round" "$p" "$l"
		round=$((round + 1))
	done
	p=$(median <"${TMPDIR:-/tmp}/rt.perf.$$")
	l=$(median <"${TMPDIR:-/tmp}/rt.latt.$$")
	printf '%-14s median: perf %s, latt %s: latt at %s%%\n' \
		"${pin:-unpinned}" "$p" "$l" \
		"$(awk -v a="$l" -v b="$p" 'BEGIN { printf "%.1f", 100 * a / b }')"
	rm -f "${TMPDIR:-/tmp}/rt.perf.$$" "${TMPDIR:-/tmp}/rt.latt.$$"
done
