#!/bin/sh
# Wake round trips per second, back to back (latt -s0 -S0 -x0 -c1: one
# client, no sleep, no work, latt's default clock) against perf bench sched
# pipe (two processes passing a word back and forth), in pairs that take
# turns: first pinned to CPU 0 (both programs' two processes on one CPU:
# the comparable figure), then unpinned (where the scheduler places the
# two processes decides the figure, so each run's placement is printed:
# the share of samples, one every 0.1 s, where its two processes sat on
# one CPU).  Each pair's ratio is printed, and the median of the ratios.
# Needs perf (apt-get install linux-perf).
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
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Run "$@" in the background, writing its output to $tmp/out, and print
# the share of samples where the process and its child (comm $1's name)
# ran on one CPU, as "one CPU NN%".
placed() {
	"$@" >"$tmp/out" 2>&1 &
	pid=$!
	same=0
	all=0
	while kill -0 "$pid" 2>/dev/null; do
		cpus=$(ps -o psr= -p "$pid,$(pgrep -d, -P "$pid" || echo "$pid")" \
			2>/dev/null | sort -u | wc -l)
		if [ "$cpus" -ge 1 ]; then
			all=$((all + 1))
			[ "$cpus" -eq 1 ] && same=$((same + 1))
		fi
		sleep 0.1
	done
	wait "$pid" || true
	if [ "$all" -gt 0 ]; then
		echo "one CPU $((100 * same / all))%"
	else
		echo "one CPU ?"
	fi
}

perf_run() {
	# shellcheck disable=SC2086 # the pin and -l N are words
	$1 perf bench sched pipe $loops >"$tmp/out" 2>&1
	awk '/ops\/sec/ { print $1 }' "$tmp/out"
}

latt_run() {
	# shellcheck disable=SC2086 # LATT_ARGS are words
	$1 "$latt" -l -s0 -S0 -x0 -c1 -t "$secs" $args >"$tmp/out" 2>&1
	latt_rate
}

# Round trips per second of latt's report: its cycles over its duration.
latt_rate() {
	awk -F'\t+' '$2 == "Cycles" { c = $3 }
		$2 == "Duration" { split($3, d, " "); s = d[1] }
		END { if (c && s > 0) printf "%d\n", c / s }' "$tmp/out"
}

median() {
	sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'
}

echo "# $(uname -r), $(nproc) CPUs, $(date -u +%Y-%m-%d): round trips per second${args:+ (latt $args)}"
echo "# perf bench sched pipe${loops:+ $loops}; $latt -l -s0 -S0 -x0 -c1 -t $secs${args:+ $args}"
for pin in "taskset -c 0" ""; do
	: >"$tmp/perf"
	: >"$tmp/latt"
	: >"$tmp/ratio"
	round=1
	while [ "$round" -le "$rounds" ]; do
		if [ -n "$pin" ]; then
			p=$(perf_run "$pin")
			l=$(latt_run "$pin")
			pp= lp=
		else
			# shellcheck disable=SC2086 # -l N are words
			pp=" ($(placed perf bench sched pipe $loops))"
			p=$(awk '/ops\/sec/ { print $1 }' "$tmp/out")
			# shellcheck disable=SC2086 # LATT_ARGS are words
			lp=" ($(placed "$latt" -l -s0 -S0 -x0 -c1 -t "$secs" $args))"
			l=$(latt_rate)
		fi
		[ -n "$p" ] || { echo "roundtrip.sh: perf bench sched pipe printed no ops/sec (${pin:-unpinned})" >&2; exit 1; }
		[ -n "$l" ] || { echo "roundtrip.sh: latt printed no Cycles (${pin:-unpinned})" >&2; exit 1; }
		r=$(awk -v a="$l" -v b="$p" 'BEGIN { printf "%.1f", 100 * a / b }')
		echo "$p" >>"$tmp/perf"
		echo "$l" >>"$tmp/latt"
		echo "$r" >>"$tmp/ratio"
		printf '%-14s round %d: perf %s%s, latt %s%s: %s%%\n' \
			"${pin:-unpinned}" "$round" "$p" "$pp" "$l" "$lp" "$r"
		round=$((round + 1))
	done
	printf '%-14s median: perf %s, latt %s: latt at %s%%\n' \
		"${pin:-unpinned}" "$(median <"$tmp/perf")" \
		"$(median <"$tmp/latt")" "$(median <"$tmp/ratio")"
done
