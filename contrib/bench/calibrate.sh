#!/bin/sh
# How often latt's verdicts are wrong on this machine: pairs of identical
# measurements, in several setups, each judged as a user would judge two
# kernels (two invocations, one after the other, then latt compare) or
# two configurations of one sweep (latt -C a: -C b:).  For each setup it
# prints how many pairs got "better" or "worse" on some metric, with the
# 95% interval of that rate (Clopper-Pearson), and what those verdicts
# were.  latt promises at most 1 pair in 20 (its level, 95%).
#
# Usage: calibrate.sh [N] [SETUP...]
#   N      pairs per setup (20)
#   SETUP  the names below (all of them by default)
# LATT (./latt) chooses the binary; LEVEL (95) latt compare's --level;
# KEEP=DIR keeps every document, for latt compare or a second look.
# PROFILE=K first measures this machine's noise for each two-invocation
# setup (latt calibrate --invocations K with the setup's options; its
# summary kept beside the profile, NAME-profile.txt under KEEP) and
# judges its pairs by that profile (latt compare --profile), as a user
# with a profile would; without it, by the fixed floors.
# CHANGE="OPTIONS" measures a real change instead of identical pairs:
# each pair's second side runs with OPTIONS too (--dma-latency 20), and
# BOOTS=G (1) gives each side G invocations, measured in turns (a b a b)
# and compared as groups (latt compare a1 a2 -- b1 b2); the line then
# counts the pairs that found p50 and p99 better or worse.  Two-invocation
# setups only.
# Run it on a machine with nothing else to do: what else runs beside the
# measurement is, to latt, what is being compared.  All setups take about
# an hour with N=20; "calibrate.sh 1 c2-3s-r1" (one pair of 3 s runs) is
# brief.  A setup whose latt fails is said on stderr, the others still
# run, and the exit status is then 1; a name not below is an error (2).
set -u
L=${LATT:-./latt}
LEVEL=${LEVEL:-95}
N=${1:-20}
[ $# -gt 0 ] && shift
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
keep=${KEEP:-$tmp}
mkdir -p "$keep" || exit 1

# A command of about two seconds of CPU whose time varies as the
# machine's does: a shell counting.
CMD='i=0; while [ $i -lt 400000 ]; do i=$((i + 1)); done'
# A command that is woken often, for its own waits (cmd_p50, cmd_p99):
# a shell starting sleep 300 times, about 1.5 s.
WCMD='i=0; while [ $i -lt 300 ]; do sleep 0.002; i=$((i + 1)); done'

# CPU hogs on every CPU, for as long as latt runs them (its -t ends
# each run): stress-ng.
HCMD="stress-ng --cpu $(nproc) --timeout 3600 -q"

# name, then what each side runs (one invocation each; "sweep" setups
# are one invocation of two configurations).
setups() {
	cat <<'EOF'
c2-3s-r3 pair -c2 -x0 -s2 -S4 -t3 -r3
c2-3s-r1 pair -c2 -x0 -s2 -S4 -t3
c2-3s-r5 pair -c2 -x0 -s2 -S4 -t3 -r5
c1-10s pair -c1 -x0 -s2 -S4 -t10
c8-10s pair -c8 -t10
c2-cmd-r1 pair -c2 -x0 -s2 -S4 --
c2-cmd-r3 pair -c2 -x0 -s2 -S4 -r3 --
c2-wcmd-r3 pair -c2 -x0 -s2 -S4 -r3 --w
c0-wcmd-r3 pair -c0 -r3 --w
c0-wcmd-r5 pair -c0 -r5 --w
c2-hogs-r5 pair -c2 -s1 -S5 -t2 -r5 --h
sweep-c0-wcmd-r3 sweep -c0 -r3 --w
sweep-c2-3s-r3 sweep -c2 -x0 -s2 -S4 -t3 -r3
sweep-c8-10s sweep -c8 -t10
EOF
}

# The verdicts of a comparison: "metric verdict change [interval]" for
# each better or worse.
found() {
	sed -n '/^Verdicts against/,$p' "$1" |
		grep -E '  (better|worse)  ' |
		awk '{ m = $(NF - 4); v = $(NF - 3);
		       printf "%s%s %s %s %s %s", (NR > 1 ? "; " : ""), m, v,
		       $(NF - 2), $(NF - 1), $NF }'
}

# The 95% Clopper-Pearson interval of k in n, in percent: "LO-HI".
interval() {
	awk -v k="$1" -v n="$2" '
	function lchoose(n, k) { return lg(n + 1) - lg(k + 1) - lg(n - k + 1) }
	function lg(x,   s) {	# log gamma (Stirling, shifted)
		s = 0
		while (x < 10) { s -= log(x); x++ }
		s += (x - 0.5) * log(x) - x + 0.918938533
		return s + 1 / (12 * x) - 1 / (360 * x ^ 3)
	}
	function cdf(k, n, p,   i, t) {	# P(X <= k)
		if (p <= 0) return 1
		if (p >= 1) return k >= n
		t = 0
		for (i = 0; i <= k; i++)
			t += exp(lchoose(n, i) + i * log(p) + (n - i) * log(1 - p))
		return t
	}
	function solve(k, n, want, upper,   lo, hi, mid, j) {
		lo = 0; hi = 1
		for (j = 0; j < 60; j++) {
			mid = (lo + hi) / 2
			if ((upper ? cdf(k, n, mid) : 1 - cdf(k - 1, n, mid)) > want)
				{ if (upper) lo = mid; else hi = mid }
			else
				{ if (upper) hi = mid; else lo = mid }
		}
		return (lo + hi) / 2
	}
	BEGIN {
		lo = k == 0 ? 0 : solve(k, n, 0.025, 0)
		hi = k == n ? 1 : solve(k, n, 0.025, 1)
		printf "%.0f-%.0f%%", 100 * lo, 100 * hi
	}'
}

# args_but_last ARG...: the arguments but the last (no spaces in them).
args_but_last() {
	_n=$#
	_i=1
	for _a; do
		[ $_i -lt $_n ] && printf '%s ' "$_a"
		_i=$((_i + 1))
	done
}

# measure FILE ARGS...: one invocation of a setup's side; the options end
# with "--" (the command CMD) or "--w" (WCMD), else there is none.  With
# FILE "calibrate:K:PATH", latt calibrate of K invocations into PATH.
measure() {
	f=$1 said=/dev/null
	shift
	case $f in
	calibrate:*)
		k=${f#calibrate:}
		f=${k#*:}
		said=${f%.json}.txt
		set -- calibrate --invocations "${k%%:*}" -o "$f" "$@"
		;;
	*)
		set -- --json "$f" "$@"
		;;
	esac
	for last; do :; done
	if [ "$last" = "--" ]; then
		$L "$@" sh -c "$CMD" >"$said" 2>&1
	elif [ "$last" = "--w" ]; then
		$L $(args_but_last "$@") -- sh -c "$WCMD" >"$said" 2>&1
	elif [ "$last" = "--h" ]; then
		# shellcheck disable=SC2086 # HCMD is words
		$L $(args_but_last "$@") -- $HCMD >"$said" 2>&1
	else
		$L "$@" >"$said" 2>&1
	fi
}

# shown ARGS...: a setup's options as typed, its command named.
shown() {
	echo "$*" | sed "s/--w\$/-- sh -c \"\$WCMD\"/; s/--h\$/-- $HCMD/"
}

# change_setup NAME ARGS...: N pairs of BOOTS invocations a side, the
# second side with CHANGE, in turns; how often p50 and p99 were found
# better or worse (run_setup's $prof and $with).
change_setup() {
	name=$1
	shift
	g=${BOOTS:-1} p50=0 p99=0 what=""
	for i in $(seq 1 "$N"); do
		sa="" sb=""
		for j in $(seq 1 "$g"); do
			a=$keep/$name-$i-a$j.json b=$keep/$name-$i-b$j.json
			# shellcheck disable=SC2086 # CHANGE is options
			{ measure "$a" "$@" && measure "$b" $CHANGE "$@"; } ||
				{ echo "$name: latt failed" >&2; return 1; }
			sa="$sa $a" sb="$sb $b"
		done
		# shellcheck disable=SC2086 # file names without spaces
		$L compare --level "$LEVEL" ${prof:+--profile "$prof"} $sa -- \
			$sb >"$tmp/out" 2>&1
		v=$(found "$tmp/out")
		case "; $v" in *"; p50 "*) p50=$((p50 + 1)) ;; esac
		case "; $v" in *"; p99 "*) p99=$((p99 + 1)) ;; esac
		what="$what
    pair $i: ${v:-none}"
	done
	printf '%-16s latt %s, against it with %s, %d invocation(s) a side%s; p50 found in %d of %d pairs (%s), p99 in %d (%s)%s\n' \
		"$name" "$(shown "$@")" "$CHANGE" "$g" "$with" "$p50" "$N" \
		"$(interval "$p50" "$N")" "$p99" "$(interval "$p99" "$N")" "$what"
}

run_setup() {
	name=$1 kind=$2
	shift 2
	bad=0 what="" prof="" with=""
	if [ -n "${PROFILE:-}" ] && [ "$kind" = pair ]; then
		prof=$keep/$name-profile.json
		measure "calibrate:$PROFILE:$prof" "$@" ||
			{ echo "$name: latt calibrate failed" >&2; return 1; }
		with=" --profile (of $PROFILE invocations)"
	fi
	if [ -n "${CHANGE:-}" ]; then
		[ "$kind" = pair ] || { echo "$name: CHANGE needs a two-invocation setup" >&2; return 1; }
		change_setup "$name" "$@"
		return
	fi
	for i in $(seq 1 "$N"); do
		a=$keep/$name-$i-a.json b=$keep/$name-$i-b.json
		if [ "$kind" = sweep ]; then
			for last; do :; done
			if [ "$last" = "--w" ]; then
				$L --json "$a" -C a: -C b: $(args_but_last "$@") \
					-- sh -c "$WCMD" >/dev/null 2>&1
			else
				$L --json "$a" -C a: -C b: "$@" >/dev/null 2>&1
			fi || { echo "$name: latt failed" >&2; return 1; }
			$L compare --level "$LEVEL" "$a" >"$tmp/out" 2>&1
		else
			for f in "$a" "$b"; do
				measure "$f" "$@" ||
					{ echo "$name: latt failed" >&2; return 1; }
			done
			$L compare --level "$LEVEL" ${prof:+--profile "$prof"} \
				"$a" "$b" >"$tmp/out" 2>&1
		fi
		v=$(found "$tmp/out")
		if [ -n "$v" ]; then
			bad=$((bad + 1))
			what="$what
    pair $i: $v"
		fi
	done
	printf '%-16s latt %s%s%s; %d of %d pairs with a verdict (%s)%s\n' \
		"$name" "$(shown "$@")" "$( [ "$kind" = sweep ] && echo " -C a: -C b:")" "$with" \
		"$bad" "$N" "$(interval "$bad" "$N")" "$what"
}

for w; do
	setups | grep -q "^$w " ||
		{ echo "calibrate.sh: no setup $w (these: $(setups | cut -d' ' -f1 | paste -sd' ' -))" >&2; exit 2; }
done
echo "# $($L -V | head -1), $(uname -r), $(nproc) CPUs, clocksource" \
	"$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource \
	2>/dev/null), --level $LEVEL, $N pairs a setup, $(date -u +%FT%TZ)"
want=" $* "
setups | {
	failed=0
	while read -r name kind args; do
		[ "$want" = "  " ] || case $want in *" $name "*) ;; *) continue ;; esac
		# shellcheck disable=SC2086
		run_setup "$name" "$kind" $args || failed=1
	done
	exit "$failed"
}
