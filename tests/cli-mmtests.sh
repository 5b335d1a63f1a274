#!/bin/sh
# contrib/mmtests: the shellpack's parse-results keeps the extractor's
# contract on saved latt outputs (tests/data) and on a live run: rows of
# six tab-separated fields (metric, factorA, factorB, interval, value,
# extra), every value a number, every metric one shellpack.yaml declares
# with its units and direction, every figure present; the driver passes
# every option latt-bench takes.  contrib/mmtests/verify runs it in
# mmtests itself.
. "${top_srcdir:-.}/tests/lib.sh"

perl -MJSON::PP -e1 2>/dev/null || skip_all "no perl with JSON::PP"
plan 11

mm=$top_srcdir/contrib/mmtests
src=$mm/shellpack_src/src/latt
yaml=$src/shellpack.yaml
data=$top_srcdir/tests/data

# rows FILE: six fields, a declared metric, an integer interval, a number.
rows() {
	awk -F'\t' -v metrics="$(sed -n 's/^  - //p' "$yaml" | tr '\n' ' ')" '
	BEGIN { n = split(metrics, m, " "); for (i = 1; i <= n; i++) ok[m[i]] = 1 }
	NF != 6 || !($1 in ok) || $4 !~ /^[0-9]+$/ ||
	$5 !~ /^-?[0-9]+(\.[0-9]+)?$/ || $6 != "_" {
		print "# bad row: " $0; bad = 1
	}
	END { exit bad }' "$1"
}

# figures FILE: the metric-factorA labels, once each, in order.
figures() {
	cut -f1,2 "$1" | tr '\t' - | awk '!seen[$0]++'
}

mkdir -p "$tmp/logs"
cp "$data/latt-loaded.json" "$tmp/logs/latt-1.json"
cp "$data/latt-idle.json" "$tmp/logs/latt-2.json"
"$src/parse-results" "$tmp/logs" >"$tmp/rows" 2>"$tmp/err"
check "saved outputs: the expected rows (tests/expected/mmtests-parse-results)" \
	cmp -s "$tmp/rows" "$top_srcdir/tests/expected/mmtests-parse-results"
check "... six fields, declared metrics, integer intervals, numbers" rows "$tmp/rows"
is "$(figures "$tmp/rows" | tr '\n' ' ')" \
	"Entries-_ Wakeup-max Wakeup-avg Wakeup-stdev Wakeup-p50 Wakeup-p90 Wakeup-p99 Wakeup-p99.9 Work-max Work-avg Work-stdev Work-p50 Work-p90 Work-p99 Work-p99.9 Target-wall Target-user Target-system " \
	"... every figure, the load's with a load"
is "$(cut -f4 "$tmp/rows" | sort -u | tr '\n' ' ')" "1 2 " "... one interval per iteration"

# The direction mmtests' ExtractShellpack takes from it: Lower unless
# preferhigher (file-wide, or under the metric).
dirs=$(awk '
	/^preferhigher:/ { global = "higher" }
	/^[A-Z][A-Za-z]+:$/ { m = substr($1, 1, length($1) - 1); order[++n] = m }
	/^  units:/ { units[m] = $2 }
	/^  preferhigher: *true/ { dir[m] = "higher" }
	END { for (i = 1; i <= n; i++) { x = order[i]
		printf "%s=%s,%s ", x, units[x], dir[x] ? dir[x] : (global ? global : "lower") } }' "$yaml")
is "$dirs" "Wakeup=TIME_USECONDS,lower Work=TIME_USECONDS,lower Entries=OPS_COUNT,higher Target=TIME_SECONDS,lower " \
	"shellpack.yaml: every metric's units and direction"
is "$(sed -n 's/^  - //p' "$yaml" | tr '\n' ' ')" "Wakeup Work Entries Target " \
	"... and every metric listed"

# Two configurations: factorB names them.
mkdir -p "$tmp/c"
run -c1 -s1 -S2 -x0 -t0.3 -C a: -C b:nice=1 --json "$tmp/c/latt-1.json"
"$src/parse-results" "$tmp/c" >"$tmp/c.rows"
is "$(cut -f3 "$tmp/c.rows" | sort -u | tr '\n' ' ')" "a b " "two configurations: factorB a and b"

# A live run: the saved outputs are still what latt writes.
mkdir -p "$tmp/live"
run -c2 -s1 -S2 -x4k -t1 --json "$tmp/live/latt-1.json" -- sleep 5
is "$rc" 0 "live run with a command: exit 0"
"$src/parse-results" "$tmp/live" >"$tmp/live.rows"
check "live: the contract" rows "$tmp/live.rows"
is "$(figures "$tmp/live.rows")" "$(figures "$tmp/rows")" "live: every figure"

bench_opts=$(sed -n 's/^###SHELLPACK parseargParam *\(--[a-z-]*\).*/\1/p' "$src/latt-bench" | sort | tr '\n' ' ')
driver_opts=$(grep -o -- '--[a-z-]* [$"]' "$mm/drivers/driver-latt.sh" | cut -d' ' -f1 | sort | tr '\n' ' ')
is "$driver_opts" "$bench_opts" "the driver passes every option latt-bench takes"
