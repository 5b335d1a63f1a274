#!/bin/sh
# latt against the bare probe (probe.c: the same measurement and nothing
# else) in the same conditions: 4 clients, a 2 ms cycle, no work, idle
# and beside stress-ng --cpu <CPUs>.  Each load runs ROUNDS rounds of
# SECONDS, latt and the probe taking turns, so that both meet the same
# moods of the machine.  Prints, per tool, p50, p99 and p99.9 of all the
# rounds' samples together, the lowest and highest p50 of a single round
# (how much one round says), and the kernel's runqueue wait per wakeup of
# latt's clients.  Needs a built tree and stress-ng.
# Usage: contrib/bench/probe.sh [SECONDS [ROUNDS]] (default 10 5)
set -eu
secs=${1:-10}
rounds=${2:-5}
top=${top_srcdir:-.}
latt=${LATT:-./latt}
ncpu=$(nproc)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; pkill -f "stress-ng --cpu $ncpu" 2>/dev/null || true' EXIT

cc -O2 "$top/contrib/bench/probe.c" -o "$tmp/probe"

# One latt round: its samples (ns) appended to $1, its p50 and kernel
# runqueue wait appended to $1.p50 and $1.rq.
latt_round() {
	"$latt" -v -x0 -c4 -s2 -S2 -t "$secs" --clock monotonic >"$tmp/out" \
		2>/dev/null || true
	sed -n 's/^sample .*wakeup_ns=\([0-9]*\) .*/\1/p' "$tmp/out" \
		>"$tmp/round"
	cat "$tmp/round" >>"$1"
	sort -n "$tmp/round" | awk '{ v[NR] = $1 }
		END { print v[int(NR / 2) + 1] / 1000 }' >>"$1.p50"
	awk -F'\t+' '$2 == "Runqueue wait" { print $3 + 0 }' "$tmp/out" \
		>>"$1.rq"
}

probe_round() {
	"$tmp/probe" 4 2000 "$secs" "$tmp/round" >/dev/null
	cat "$tmp/round" >>"$1"
	sort -n "$tmp/round" | awk '{ v[NR] = $1 }
		END { print v[int(NR / 2) + 1] / 1000 }' >>"$1.p50"
}

summary() {
	n=$(wc -l <"$1")
	sort -n "$1" | awk -v n="$n" '
		function at(q) { return v[int(n * q) + 1] / 1000 }
		{ v[NR] = $1 }
		END { printf "%7d samples: p50 %6.1f p99 %6.1f p99.9 %7.1f us",
			     n, at(0.5), at(0.99), at(0.999) }'
	sort -n "$1.p50" | awk '{ v[NR] = $1 }
		END { printf "  (rounds: p50 %.1f-%.1f)", v[1], v[NR] }'
	if [ -s "$1.rq" ]; then
		awk '{ s += $1 } END { printf " (kernel: runqueue wait " \
					 "%.1f us per wakeup)", s / NR }' "$1.rq"
	fi
	echo
}

echo "# $(uname -r), $ncpu CPUs, $(date -u +%Y-%m-%d): 4 clients, 2 ms cycle, no work, $rounds x $secs s each"
for load in idle loaded; do
	if [ $load = loaded ]; then
		stress-ng --cpu "$ncpu" -q &
		sleep 1
	fi
	: >"$tmp/latt.$load"; : >"$tmp/latt.$load.p50"; : >"$tmp/latt.$load.rq"
	: >"$tmp/probe.$load"; : >"$tmp/probe.$load.p50"
	r=0
	while [ $r -lt "$rounds" ]; do
		latt_round "$tmp/latt.$load"
		probe_round "$tmp/probe.$load"
		r=$((r + 1))
	done
	printf '%-7s latt  ' "$load"; summary "$tmp/latt.$load"
	printf '%-7s probe ' "$load"; summary "$tmp/probe.$load"
	if [ $load = loaded ]; then
		pkill -f "stress-ng --cpu $ncpu" || true
		wait 2>/dev/null || true
	fi
done
