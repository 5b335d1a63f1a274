#!/bin/sh
# latt against the bare probe (probe.c: the same measurement and nothing
# else) in the same conditions: 4 clients, a 2 ms cycle, no work, idle
# and beside stress-ng --cpu <CPUs>, each for SECONDS.  Prints p50, p99,
# p99.9 of both, and the kernel's runqueue wait for latt's clients.
# Needs a built tree and stress-ng (apt-get install stress-ng).
# Usage: contrib/bench/probe.sh [SECONDS] (default 20)
set -eu
secs=${1:-20}
top=${top_srcdir:-.}
latt=${LATT:-./latt}
ncpu=$(nproc)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; pkill -f "stress-ng --cpu $ncpu" 2>/dev/null || true' EXIT

cc -O2 "$top/contrib/bench/probe.c" -o "$tmp/probe"

latt_line() {
	"$latt" -x0 -c4 -s2 -S2 -t "$secs" --clock monotonic >"$tmp/out" \
		2>/dev/null || true
	awk -F'\t+' '
		/^Entries logged/ { n = $0; sub(/.*: /, "", n) }
		/^Wakeup percentiles/ { on = 1 }
		/^Work percentiles/ { on = 0 }
		on && $2 == "p50" { p50 = $3 + 0 }
		on && $2 == "p99" { p99 = $3 + 0 }
		on && $2 == "p99.9" { p999 = $3 + 0 }
		$2 == "Runqueue wait" { rq = $3 + 0 }
		END { printf "%s samples: p50 %.1f p99 %.1f p99.9 %.1f us " \
			     "(kernel: runqueue wait %.1f us per wakeup)\n",
			     n, p50, p99, p999, rq }' "$tmp/out"
}

echo "# $(uname -r), $ncpu CPUs, $(date -u +%Y-%m-%d): 4 clients, 2 ms cycle, no work, $secs s"
for load in idle loaded; do
	if [ $load = loaded ]; then
		stress-ng --cpu "$ncpu" -q &
		sleep 1
	fi
	printf '%-7s latt   ' "$load"; latt_line
	printf '%-7s probe  ' "$load"; "$tmp/probe" 4 2000 "$secs"
	if [ $load = loaded ]; then
		pkill -f "stress-ng --cpu $ncpu" || true
		wait 2>/dev/null || true
	fi
done
