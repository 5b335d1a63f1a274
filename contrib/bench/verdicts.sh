#!/bin/sh
# The verdicts on this machine (no test asserts them: the machine is
# shared and noisy):
#  same    N sweeps of two identical configurations (latt -q $ARGS -C a:
#          -C b: $CMD): how many give "better" or "worse" on any metric
#          (it must be at most 1 in 20; calibrate.sh measures more setups,
#          and separate invocations);
#  nice    N sweeps of clients at nice 0 and at nice 19 beside two CPU
#          hogs (latt -q $ARGS -C base: -C n19:nice=19 -- stress-ng
#          --cpu 2 -t T): how many give "worse" on both p50 and p99 (a
#          real change: it should be all).
# Usage: verdicts.sh same|nice [N]; LATT (./latt), ARGS (same: -c8;
# nice: -c4 -s10 -S50), CMD (sleep 10) and T (15) choose: CMD="sleep 1"
# verdicts.sh same 1 and T=1 verdicts.sh nice 1 are brief.  Needs
# stress-ng for nice.  A sweep that prints no second line (latt failed)
# stops the script, with latt's words and exit status 1.
set -u
L=${LATT:-./latt}
CMD=${CMD:-sleep 10}
T=${T:-15}
what=${1:-same}
N=${2:-20}
tmp_err=$(mktemp) || exit 1
trap 'rm -f "$tmp_err"' EXIT

# The verdict tokens of -q's second line that are better or worse.
judged() {
	echo "$1" | tr ' ' '\n' | grep '_verdict=' |
		grep -Ev '=(cant_tell|none)$' | tr '\n' ' '
}

# sweep ARGS...: latt -q's second line, the second configuration's, in
# $line; the script stops when there is none.
sweep() {
	# shellcheck disable=SC2086
	line=$($L -q "$@" 2>"$tmp_err" | sed -n 2p)
	[ -n "$line" ] && return 0
	echo "verdicts.sh: $L -q $* printed no second line:" >&2
	cat "$tmp_err" >&2
	exit 1
}

# Its p50 and p99 changes and intervals.
changes() {
	echo "$1" | tr ' ' '\n' | grep -E '^p(50|99)_(change|low|high)=' |
		tr '\n' ' '
}

case $what in
same)
	ARGS=${ARGS:--c8}
	echo "# $L -q $ARGS -C a: -C b: $CMD, $N times"
	bad=0
	for i in $(seq 1 "$N"); do
		# shellcheck disable=SC2086
		sweep $ARGS -C a: -C b: $CMD
		v=$(judged "$line")
		[ -n "$v" ] && bad=$((bad + 1))
		[ -n "$v" ] || v="can't tell or none on every metric"
		echo "$i: $v |" \
			"$(changes "$line")"
	done
	echo "sweeps with a verdict (better or worse): $bad of $N"
	;;
nice)
	ARGS=${ARGS:--c4 -s10 -S50}
	echo "# $L -q $ARGS -t $T -C base: -C n19:nice=19 -- stress-ng --cpu 2 -t $T, $N times"
	ok=0
	for i in $(seq 1 "$N"); do
		# shellcheck disable=SC2086
		sweep $ARGS -t "$T" -C base: -C n19:nice=19 -- \
			stress-ng --cpu 2 -t "$T"
		case " $line " in
		*" p50_verdict=worse "*" p99_verdict=worse "* | \
		*" p99_verdict=worse "*" p50_verdict=worse "*)
			ok=$((ok + 1)) ;;
		esac
		echo "$i: $(judged "$line")| $(changes "$line")"
	done
	echo "sweeps worse on p50 and p99: $ok of $N"
	;;
*)
	echo "usage: $0 same|nice [N]" >&2
	exit 1
	;;
esac
