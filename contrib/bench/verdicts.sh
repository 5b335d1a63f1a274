#!/bin/sh
# The verdicts' two bars, measured (no test asserts them: the machine is
# shared and noisy):
#  same    N sweeps of two identical configurations (latt -q $ARGS -C a:
#          -C b: $CMD): how many give "better" or "worse" on any metric
#          (it must be at most 1 in 20);
#  stress  N pairs of an idle run (latt $ARGS -t T) and one beside
#          stress-ng --cpu 2 (the same, -- stress-ng --cpu 2 -t T),
#          compared with latt compare: how many give "worse" on both p50
#          and p99 (it must be all).
# Usage: verdicts.sh same|stress [N]; LATT (./latt), ARGS (-c8), CMD
# (sleep 10) and T (10) choose.  Needs stress-ng for stress.
set -u
L=${LATT:-./latt}
ARGS=${ARGS:--c8}
CMD=${CMD:-sleep 10}
T=${T:-10}
what=${1:-same}
N=${2:-20}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

case $what in
same)
	echo "# $L -q $ARGS -C a: -C b: $CMD, $N times"
	bad=0
	for i in $(seq 1 "$N"); do
		# shellcheck disable=SC2086
		line=$($L -q $ARGS -C a: -C b: $CMD 2>/dev/null | sed -n 2p)
		v=$(echo "$line" | tr ' ' '\n' | grep '_verdict=' |
			grep -Ev '=(cant_tell|none)$' | tr '\n' ' ')
		[ -n "$v" ] && bad=$((bad + 1))
		echo "$i: ${v:-can't tell or none on every metric} |" \
			"$(echo "$line" | tr ' ' '\n' |
			grep -E '^p(50|99)_(change|low|high)=' | tr '\n' ' ')"
	done
	echo "pairs with a verdict (better or worse): $bad of $N"
	;;
stress)
	echo "# $L $ARGS -t $T against $L $ARGS -- stress-ng --cpu 2 -t $T, $N times"
	ok=0
	for i in $(seq 1 "$N"); do
		# shellcheck disable=SC2086
		$L $ARGS -t "$T" --json "$tmp/idle.json" >/dev/null 2>&1
		# shellcheck disable=SC2086
		$L $ARGS --json "$tmp/busy.json" -- stress-ng --cpu 2 -t "$T" \
			>/dev/null 2>&1
		out=$($L compare "$tmp/idle.json" "$tmp/busy.json" 2>&1)
		p50=$(echo "$out" | grep -E ' p50 +(worse|better|can.t tell|no verdict) ' |
			sed 's/.* p50  */p50 /')
		p99=$(echo "$out" | grep -E ' p99 +(worse|better|can.t tell|no verdict) ' |
			sed 's/.* p99  */p99 /')
		echo "$p50" | grep -q ' worse ' && echo "$p99" | grep -q ' worse ' &&
			ok=$((ok + 1))
		echo "$i: $p50 | $p99"
	done
	echo "pairs worse on p50 and p99: $ok of $N"
	;;
*)
	echo "usage: $0 same|stress [N]" >&2
	exit 1
	;;
esac
