#!/bin/sh
# The cost of tracing on the measured latency: latt -x0 -c4 -s2 -S2 with
# and without --explain (which traces sched_waking, sched_wakeup,
# sched_switch and sched_migrate_task on every CPU), the same run length,
# taking turns, idle and beside stress-ng --cpu <CPUs>.  Prints the
# median over the rounds of p50, p99 and the mean for each.  Needs root
# (tracing) and stress-ng.  With LATT_NOBPF set to a latt built
# --without-bpf, a third row each: --explain without the BPF program of
# its decisions, so that the program's own cost shows.
# Usage: contrib/bench/explain.sh [SECONDS [ROUNDS]] (default 10 3; 1 1
# is brief).  LATT chooses latt (./latt).
set -eu
secs=${1:-10}
rounds=${2:-3}
latt=${LATT:-./latt}
nobpf=${LATT_NOBPF:-}
ncpu=$(nproc)
tmp=$(mktemp -d)
stress=""
# Only the stress-ng started here is stopped: others may run beside.
trap 'rm -rf "$tmp"; [ -z "$stress" ] || kill "$stress" 2>/dev/null || true' EXIT

# One round: "p50 p99 mean" (usec) appended to $1.
round() {
	out=$1
	shift
	bin=$latt
	if [ "${1:-}" = nobpf ]; then
		bin=$nobpf
		shift
	fi
	"$bin" -l -x0 -c4 -s2 -S2 -t "$secs" --clock monotonic "$@" \
		>"$tmp/out" 2>"$tmp/err" || true
	awk -F'\t+' '
		/^Wakeup percentiles/ { on = 1 } /^Work percentiles/ { on = 0 }
		on && $2 == "p50" { p50 = $3 + 0 }
		on && $2 == "p99" { p99 = $3 + 0 }
		$2 == "Avg" && !avg { avg = $3 + 0 }
		END { if (p50 != "") print p50, p99, avg }' "$tmp/out" >>"$out"
	if grep -q 'no trace\|decisions are not told' "$tmp/err" &&
	   [ "$bin" = "$latt" ]; then
		cat "$tmp/err" >&2
		exit 1
	fi
	# A run that measured nothing is no round: say why and stop.
	if ! grep -q '^Wakeup percentiles' "$tmp/out"; then
		echo "explain.sh: $bin${*:+ $*} printed no percentiles:" >&2
		cat "$tmp/err" >&2
		exit 1
	fi
}

median() {
	sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

show() {
	printf '%-8s %-14s p50 %7.1f  p99 %8.1f  mean %7.1f usec\n' "$1" "$2" \
		"$(cut -d' ' -f1 "$3" | median)" "$(cut -d' ' -f2 "$3" | median)" \
		"$(cut -d' ' -f3 "$3" | median)"
}

echo "# $(uname -r), $ncpu CPUs, $(date -u +%Y-%m-%d): latt -x0 -c4 -s2 -S2 -t $secs, median of $rounds rounds"
for load in idle loaded; do
	if [ $load = loaded ]; then
		stress-ng --cpu "$ncpu" -q &
		stress=$!
		sleep 1
	fi
	: >"$tmp/plain"
	: >"$tmp/traced"
	: >"$tmp/nobpf"
	r=0
	while [ $r -lt "$rounds" ]; do
		round "$tmp/plain"
		round "$tmp/traced" --explain
		[ -z "$nobpf" ] || round "$tmp/nobpf" nobpf --explain
		r=$((r + 1))
	done
	show "$load" "latt" "$tmp/plain"
	show "$load" "latt --explain" "$tmp/traced"
	[ -z "$nobpf" ] || show "$load" "... no BPF" "$tmp/nobpf"
	if [ $load = loaded ]; then
		kill "$stress" || true
		wait "$stress" 2>/dev/null || true
		stress=""
	fi
done
