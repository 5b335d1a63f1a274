#!/bin/sh
# contrib/bench: each script runs briefly (as contrib/bench/README's
# "Brief:" says) against the built latt, from a directory of its own, and
# prints its figures: one point a script, passed when it exits 0 and
# every figure line it exists to print is there and well-formed.  No
# figure's value is checked (the machine is shared and noisy).  A script
# whose peer (hyperfine, perf, stress-ng, x264, zlib) or privilege is
# missing is skipped, saying which; in CI all are there (.ci/run).
. "${top_srcdir:-.}/tests/lib.sh"

bench="$top_srcdir/contrib/bench"
: "${top_builddir:=$(pwd)}"
export top_srcdir top_builddir
# The build's sanitizer flags, for the scripts that link lib/liblatt.a.
san=$(sed -n 's/^SAN_CFLAGS = //p' "$top_builddir/Makefile" 2>/dev/null)
mkdir "$tmp/run"

plan 11

# bench NAME [VAR=VALUE...] SCRIPT [ARG...]: run contrib/bench/SCRIPT in
# $tmp/run with LATT set to the latt under test; its output in
# $tmp/NAME.out, its errors in $tmp/NAME.err, its exit status in $brc.
bench() {
	_n=$1
	shift
	(cd "$tmp/run" && env LATT="$latt" CFLAGS="$san" "$@") \
		>"$tmp/$_n.out" 2>"$tmp/$_n.err"
	brc=$?
	# The point's words: the script, and how it ran.
	said=
	for _a; do
		case $_a in
		"$bench"/*) script=${_a#"$bench"/}
			    said="$said contrib/bench/$script" ;;
		*\ *) said="$said '$_a'" ;;
		*) said="$said $_a" ;;
		esac
	done
	said="$script (${said# })"
}

# figures NAME WHAT AWK: exit 0 and AWK's figures (AWK, run over the
# output, exits 0 when they are there and well-formed); 1 and the
# script's words when not.  $why says which.
figures() {
	why=
	if [ "$brc" -ne 0 ]; then
		why="exit $brc"
	elif ! LC_ALL=C awk "$3" "$tmp/$1.out"; then
		why="no well-formed $2 in its output"
	fi
	[ -z "$why" ] && return 0
	sed 's/^/#   out: /' "$tmp/$1.out" | tail -30
	sed 's/^/#   err: /' "$tmp/$1.err" | tail -30
	return 1
}

# point NAME WHAT AWK: the script's point, from figures.
point() {
	if figures "$@"; then
		ok 0 "$said: exit 0, prints $2"
	else
		ok 1 "$said: $why"
	fi
}

have() {
	command -v "$1" >/dev/null 2>&1
}
cc_zlib() {
	printf '#include <zlib.h>\n' | cc -E - >/dev/null 2>&1
}
root() {
	[ "$(id -u)" -eq 0 ]
}

# startup.sh: hyperfine's mean, with its deviation, of latt and of
# hackbench.
if ! have hyperfine; then
	skip "startup.sh: hyperfine not installed"
elif ! have hackbench; then
	skip "startup.sh: hackbench not installed (rt-tests)"
else
	bench startup RUNS=2 sh "$bench/startup.sh" 40
	point startup "hyperfine's mean of latt (-x0 and as typed) and of hackbench" '
		/^Benchmark [0-9]+: / { cur = $3 == "hackbench" ? "hackbench" : "latt" }
		/^ +Time \(mean/ {
			s = $0; sub(/^[^:]*: */, "", s)
			if (s ~ /^[0-9]+(\.[0-9]+)? [^ ]+ +[^ ]+ +[0-9]+(\.[0-9]+)? [^ ]+ /)
				got[cur]++
		}
		END { exit !(got["latt"] == 2 && got["hackbench"] == 1) }'
fi

# roundtrip.sh: the medians, unpinned and pinned, and latt's share.
if ! have perf; then
	skip "roundtrip.sh: perf not installed (linux-perf)"
elif ! perf bench sched pipe -l 10 >/dev/null 2>"$tmp/perf.err"; then
	skip "roundtrip.sh: perf bench sched pipe does not run here: $(head -1 "$tmp/perf.err")"
elif ! have taskset; then
	skip "roundtrip.sh: taskset not installed"
else
	bench roundtrip PERF_LOOPS=20000 sh "$bench/roundtrip.sh" 1 1
	point roundtrip "the medians of perf and latt, unpinned and pinned" '
		/^(unpinned|taskset -c 0) +median: perf [0-9]+, latt [0-9]+: latt at [0-9]+\.[0-9]%$/ {
			got[$1]++
		}
		END { exit !(got["unpinned"] == 1 && got["taskset"] == 1) }'
fi

# memory.sh: a sample of the waker's and a client's resident set.
bench memory STEP=1 sh "$bench/memory.sh" 2
point memory "a sample of the waker's and a client's RSS" '
	$1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/ && NF == 3 { n++ }
	END { exit !(n >= 1) }'

# clocks.sh: the cost of a stamp of each clock (the counter's where
# there is one).
if ! have cc; then
	skip "clocks.sh: no C compiler"
else
	bench clocks sh "$bench/clocks.sh" 100000
	point clocks "a stamp's cost for monotonic and monotonic_raw" '
		/^(monotonic|monotonic_raw) +[0-9]+\.[0-9] ns per stamp$/ { got[$1]++ }
		/^tsc/ && !/^tsc +[0-9]+\.[0-9] ns per stamp \([0-9]+\.[0-9]+ GHz\)$/ { bad++ }
		END { exit !(got["monotonic"] == 1 && got["monotonic_raw"] == 1 && !bad) }'
fi

# work.sh: latt's work and deflate per byte, at 4 and 64 KB.
if ! have cc; then
	skip "work.sh: no C compiler"
elif ! cc_zlib; then
	skip "work.sh: zlib.h not installed (zlib1g-dev)"
else
	bench work sh "$bench/work.sh" 4 64
	point work "latt's work against deflate at 4 and 64 KB" '
		/^[0-9]+ KB: latt work [0-9.]+ us \([0-9.]+ ns\/byte\), zlib deflate [0-9.]+ us \([0-9.]+ ns\/byte, to [0-9]+%\): latt at [0-9.]+ times zlib$/ {
			got[$1]++
		}
		END { exit !(got[4] == 1 && got[64] == 1) }'
fi

# explain.sh: p50, p99 and the mean, without and with --explain, idle
# and loaded.  It wants the scheduler's decisions (BPF) too.
if ! have stress-ng; then
	skip "explain.sh: stress-ng not installed"
elif ! trace_usable; then
	skip "explain.sh: $trace_why"
else
	"$latt" -c1 -s1 -S1 -t 0.01 --explain >/dev/null 2>"$tmp/xp"
	nodec=$(sed -n "s/^latt: --explain: the scheduler's decisions are not told: //p" "$tmp/xp")
	if [ -n "$nodec" ]; then
		skip "explain.sh: no decisions here: $nodec"
	else
		bench explain sh "$bench/explain.sh" 1 1
		point explain "p50, p99 and mean with and without --explain, idle and loaded" '
			/^(idle|loaded) +latt( --explain)? +p50 +[0-9]+\.[0-9] +p99 +[0-9]+\.[0-9] +mean +[0-9]+\.[0-9] usec$/ {
				got[$1 ($3 == "--explain" ? "x" : "")]++
			}
			END { exit !(got["idle"] == 1 && got["idlex"] == 1 &&
				     got["loaded"] == 1 && got["loadedx"] == 1) }'
	fi
fi

# probe.sh: latt's and the probe's samples and percentiles, idle and
# loaded.
if ! have stress-ng; then
	skip "probe.sh: stress-ng not installed"
elif ! have cc; then
	skip "probe.sh: no C compiler"
else
	bench probe sh "$bench/probe.sh" 1 1
	point probe "latt's (with and without --kernel-view) and the probes' percentiles, idle and loaded, and latt's p50 less probe-one's round by round" '
		/^(idle|loaded) +(latt|latt-kv|probe|probe-one) +[1-9][0-9]* samples: p50 +[0-9]+\.[0-9] p99 +[0-9]+\.[0-9] p99\.9 +[0-9]+\.[0-9] us +\(rounds: p50 [0-9]+\.[0-9]-[0-9]+\.[0-9]\)( \(kernel: p50 [0-9]+\.[0-9] p99 [0-9]+\.[0-9] us\))?$/ {
			got[$1 " " $2]++
		}
		/^(idle|loaded) +latt - probe-one, round by round: p50 [-+][0-9]+\.[0-9]+ us \[[-+][0-9]+\.[0-9]+, [-+][0-9]+\.[0-9]+\] \(95%, 1 rounds\)$/ {
			got[$1 " paired"]++
		}
		END {
			for (k in got) {
				n++
				if (got[k] != 1)
					exit 1
			}
			exit n != 10
		}'
fi

# calibrate.sh: one setup's count of pairs with a verdict, and its
# interval.
bench calibrate sh "$bench/calibrate.sh" 1 c2-3s-r1
point calibrate "the setup's pairs with a verdict and its interval" '
	/^c2-3s-r1 +latt .*; [01] of 1 pairs with a verdict \([0-9]+-[0-9]+%\)$/ { n++ }
	END { exit !(n == 1) }'
# ... and a change, two invocations a side in turns, compared as groups.
bench calibrate CHANGE="--mechanism eventfd" BOOTS=2 sh \
	"$bench/calibrate.sh" 1 c2-3s-r1
point calibrate "a change: how often p50 and p99 were found, and the verdicts" '
	/^c2-3s-r1 +latt .*, against it with --mechanism eventfd, 2 invocation\(s\) a side; p50 found in [01] of 1 pairs \([0-9]+-[0-9]+%\), p99 in [01] \([0-9]+-[0-9]+%\)$/ { n++ }
	/^    pair 1: / { p++ }
	END { exit !(n == 1 && p == 1) }'

# cmdlat.sh: clients (latt only), truth (perf and the BPF program, as
# root) and cost (x264 and GNU time too), in one point: the modes that
# can run here run, and a missing peer makes the point a skip once they
# passed.
probe="$top_builddir/tests/cmdlat-probe"
missing=
bench cmdlat sh "$bench/cmdlat.sh" clients 1 1
figures cmdlat "the clients' medians, followed and not" '
	/^(followed|bare) +median p50 [0-9]+(\.[0-9]+)? us, p99 [0-9]+(\.[0-9]+)? us$/ { got[$1]++ }
	END { exit !(got["followed"] == 1 && got["bare"] == 1) }'
cmdfail=$?
if [ "$cmdfail" -eq 0 ]; then
	"$probe" true >/dev/null 2>"$tmp/probe.err"
	prc=$?
	if ! root; then
		missing="not root"
	elif [ "$prc" -eq 77 ]; then
		missing=$(sed 's/^cmdlat-probe: //' "$tmp/probe.err" | head -1)
	elif [ "$prc" -ne 0 ]; then
		why="tests/cmdlat-probe true: exit $prc"
		sed 's/^/#   /' "$tmp/probe.err"
		cmdfail=1
	fi
fi
if [ "$cmdfail" -eq 0 ] && [ -z "$missing" ]; then
	if ! have perf; then
		missing="perf not installed (linux-perf)"
	else
		bench cmdlat PROBE="$probe" sh "$bench/cmdlat.sh" truth \
			sh -c 'for i in 1 2 3 4 5; do sleep 0.01; done'
		figures cmdlat "latt's and perf's waits" '
			/^(latt: from a wakeup|perf sched timehist: from a wakeup|latt: from a preemption|perf script: from a preemption) +[0-9]+ +([0-9]+\.[0-9]|-) +([0-9]+\.[0-9]|-) +([0-9]+\.[0-9]|-)$/ {
				n++
			}
			END { exit !(n == 4) }'
		cmdfail=$?
	fi
fi
if [ "$cmdfail" -eq 0 ] && [ -z "$missing" ]; then
	if ! have x264; then
		missing="x264 not installed"
	elif [ ! -x /usr/bin/time ]; then
		missing="/usr/bin/time not installed (time)"
	else
		bench cmdlat PROBE="$probe" FRAMES=5 sh "$bench/cmdlat.sh" cost 2 x264
		figures cmdlat "x264's cost under the program" '
			/^x264 under the program: wall [-+][0-9.]+% \[[-+][0-9.]+%, [-+][0-9.]+%\], CPU [-+][0-9.]+% \[[-+][0-9.]+%, [-+][0-9.]+%\] \(95% interval\)$/ {
				n++
			}
			END { exit !(n == 1) }'
		cmdfail=$?
	fi
fi
if [ "$cmdfail" -ne 0 ]; then
	ok 1 "$said: $why"
elif [ -n "$missing" ]; then
	skip "cmdlat.sh truth and cost: $missing (clients passed)"
else
	ok 0 "cmdlat.sh clients, truth and cost: exit 0, each prints its figures"
fi

# verdicts.sh: same (latt only), then nice (stress-ng).
bench verdicts CMD="sleep 1" sh "$bench/verdicts.sh" same 1
if figures verdicts "the sweep's verdicts and their count" '
	/^1: .* \|/ { line++ }
	/^sweeps with a verdict \(better or worse\): [01] of 1$/ { count++ }
	END { exit !(line == 1 && count == 1) }'; then
	if ! have stress-ng; then
		skip "verdicts.sh nice: stress-ng not installed (same passed)"
	else
		bench verdicts T=1 sh "$bench/verdicts.sh" nice 1
		if figures verdicts "the count of sweeps worse on p50 and p99" '
			/^1: .*\| / { line++ }
			/^sweeps worse on p50 and p99: [01] of 1$/ { count++ }
			END { exit !(line == 1 && count == 1) }'; then
			ok 0 "verdicts.sh same and nice: exit 0, each prints its sweeps and their count"
		else
			ok 1 "$said: $why"
		fi
	fi
else
	ok 1 "$said: $why"
fi
