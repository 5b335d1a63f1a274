#!/bin/sh
# latt against the bare probe (probe.c: the same measurement and nothing
# else) in the same conditions: 4 clients, a 2 ms cycle, no work, idle
# and beside stress-ng --cpu <CPUs>.  Each load runs ROUNDS rounds of
# SECONDS, the tools taking turns, so that all meet the same moods of the
# machine: latt; latt --kernel-view, whose schedstat reads in the clients
# are a cost of their own, with the kernel's figure for its wakeups (p50
# and p99 of the samples that have one); the probe, its clients answering
# on a pipe each; and the probe answering as latt's clients do, one
# answer a cycle ("probe-one").  Prints, per tool, p50, p99 and p99.9 of
# all the rounds' samples together and the lowest and highest p50 of a
# single round (how much one round says).  LATT_ARGS adds options to
# both of latt's commands.  Needs a built tree and stress-ng.
# Usage: contrib/bench/probe.sh [SECONDS [ROUNDS]] (default 10 5; 1 1 is
# brief).  LATT chooses latt (./latt).
set -eu
secs=${1:-10}
rounds=${2:-5}
top=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
latt=${LATT:-./latt}
args=${LATT_ARGS:-}
ncpu=$(nproc)
tmp=$(mktemp -d)
stress=""
# Only the stress-ng started here is stopped: others may run beside.
trap 'rm -rf "$tmp"; [ -z "$stress" ] || kill "$stress" 2>/dev/null || true' EXIT

cc -O2 "$top/contrib/bench/probe.c" -o "$tmp/probe"

# One latt round: its samples (ns) appended to $1, its p50 appended to
# $1.p50, the kernel's figures (--kernel-view, given after $1) to $1.k.
latt_round() {
	f=$1
	shift
	# shellcheck disable=SC2086 # LATT_ARGS are words
	"$latt" -v -x0 -c4 -s2 -S2 -t "$secs" --clock monotonic "$@" $args \
		>"$tmp/out" 2>"$tmp/err" || true
	sed -n 's/^sample .*wakeup_ns=\([0-9]*\) .*/\1/p' "$tmp/out" \
		>"$tmp/round"
	if [ ! -s "$tmp/round" ]; then
		echo "probe.sh: $latt -v printed no samples:" >&2
		cat "$tmp/err" >&2
		exit 1
	fi
	cat "$tmp/round" >>"$f"
	sort -n "$tmp/round" | awk '{ v[NR] = $1 }
		END { print v[int(NR / 2) + 1] / 1000 }' >>"$f.p50"
	sed -n 's/^sample .*kernel_ns=\([0-9][0-9]*\)$/\1/p' "$tmp/out" \
		>>"$f.k"
}

# One probe round, into $1 as latt_round; $2, how its clients answer
# (pipes, or one).
probe_round() {
	"$tmp/probe" 4 2000 "$secs" "$tmp/round" "${2:-pipes}" >/dev/null
	[ -s "$tmp/round" ] || { echo "probe.sh: the probe wrote no samples" >&2; exit 1; }
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
	if [ -s "$1.k" ]; then
		k=$(wc -l <"$1.k")
		sort -n "$1.k" | awk -v n="$k" '
			function at(q) { return v[int(n * q) + 1] / 1000 }
			{ v[NR] = $1 }
			END { printf " (kernel: p50 %.1f p99 %.1f us)",
				     at(0.5), at(0.99) }'
	fi
	echo
}

# latt's rounds' p50 less probe-one's, the round before it and after
# it taking turns: their mean and its 95% interval (Student's t, by
# Cornish and Fisher's first term), which says whether latt lies within
# 1 us of the probe more sharply than the pooled figures do.
paired() {
	paste "$1" "$2" | awk -v load="$3" '
		{ d[NR] = $1 - $2; s += d[NR] }
		END {
			n = NR; m = s / n
			for (i = 1; i <= n; i++) q += (d[i] - m) ^ 2
			se = n > 1 ? sqrt(q / (n - 1) / n) : 0
			z = 1.96; df = n - 1
			t = df > 0 ? z + (z ^ 3 + z) / (4 * df) : 0
			printf "%-7s latt - probe-one, round by round: p50 %+.2f us [%+.2f, %+.2f] (95%%, %d rounds)\n",
			       load, m, m - t * se, m + t * se, n
		}'
}

tools="latt latt-kv probe probe-one"
echo "# $(uname -r), $ncpu CPUs, $(date -u +%Y-%m-%d): 4 clients, 2 ms cycle, no work, $rounds x $secs s each${args:+ (latt $args)}"
for load in idle loaded; do
	if [ $load = loaded ]; then
		stress-ng --cpu "$ncpu" -q &
		stress=$!
		sleep 1
	fi
	for t in $tools; do
		: >"$tmp/$t.$load"; : >"$tmp/$t.$load.p50"; : >"$tmp/$t.$load.k"
	done
	r=0
	while [ $r -lt "$rounds" ]; do
		latt_round "$tmp/latt.$load"
		latt_round "$tmp/latt-kv.$load" --kernel-view
		probe_round "$tmp/probe.$load"
		probe_round "$tmp/probe-one.$load" one
		r=$((r + 1))
	done
	for t in $tools; do
		printf '%-7s %-9s ' "$load" "$t"; summary "$tmp/$t.$load"
	done
	paired "$tmp/latt.$load.p50" "$tmp/probe-one.$load.p50" "$load"
	if [ $load = loaded ]; then
		kill "$stress" || true
		wait "$stress" 2>/dev/null || true
		stress=""
	fi
done
