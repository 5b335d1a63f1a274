#!/bin/sh
# latt's own load: the "latt's load" block and its Note, and the JSON's
# latt_load, whose figures must fit together and with the rule the
# manual states (run/result.h, LATT_LOAD_QUEUE_PCT); the same
# load and note per configuration in -q, the sweep table, the CSV and
# latt compare.  No latency value is asserted: a heavy run must say that
# latt measured itself, a light one must not.
. "${top_srcdir:-.}/tests/lib.sh"

plan 27

check_bin="${JSON_CHECK:-$(pwd)/tests/json-check}"
get() {
	"$check_bin" --get "$tmp/j.json" "configurations[0].runs[0].$1"
}
# awk EXPR on the figures given as a=1 b=2 ...: exit 0 when it holds.
holds() {
	_e=$1
	shift
	awk "BEGIN { $* ; exit !($_e) }" </dev/null
}
load_block() {
	sed -n "/^latt's load\$/,/^\$/p" "$tmp/out"
}

# Eight clients each doing 1 MB of work, 1-2 ms apart: they queue behind
# each other and keep the CPUs busy.
run -l -c8 -x 1m -s1 -S2 -t 2 --json "$tmp/j.json"
is "$rc" 0 "latt -c8 -x 1m -s1 -S2 -t 2 exits 0"
load_block >"$tmp/block"
check "... the report has a latt's load block" grep -q '^	Load	' "$tmp/block"
check "... with a note that latt measured itself" \
	grep -q '^	Note		latt measured itself: ' "$tmp/block"
check "... which says what to change" grep -q -- '-x0 or -c\|(-x)\|(-s/-S)' "$tmp/block"
check "... in one short line" \
	sh -c "grep '^	Note		latt measured itself: ' '$tmp/block' | awk '{ if (length(\$0) > 130) exit 1 }'"
sed 's/^/# /' "$tmp/block"
is "$(get latt_load.dominates)" true "... the JSON says it dominates"
# The queueing note says the load it fired at: the figure beside it.
ld=$(sed -n 's/^	Load		 *\([0-9.]*\) % .*/\1/p' "$tmp/block")
check "... a queueing note names the load of the Load line ($ld %)" \
	sh -c "! grep -q 'clients queue on' '$tmp/block' || grep -q 'at a load of ${ld:-none}%' '$tmp/block'"

# The figures fit together: load is both CPU times over duration x CPUs,
# per CPU is per cycle over the CPUs, and the flags follow the rule.
cpus=$(get latt_load.cpus)
cl=$(get latt_load.clients_cpu_ns)
wk=$(get latt_load.waker_cpu_ns)
load=$(get latt_load.load)
cyc=$(get latt_load.clients_cpu_per_cycle_ns)
per=$(get latt_load.per_cpu_per_cycle_ns)
dur=$(get duration_ns)
n=$(get cycles)
mean=$(get wakeup.mean_ns)
check "... load = (clients + waker CPU) / (duration x cpus)" holds \
	"d < 0.001 && d > -0.001" "d = ($cl + $wk) / ($dur * $cpus) - $load"
check "... per cycle = clients' CPU / cycles, per CPU = that / cpus" holds \
	"a < 1 && a > -1 && b < 1 && b > -1" \
	"a = $cl / $n - $cyc; b = $cyc / $cpus - $per"
q=false
holds "8 > $cpus && 100 * $per >= 50 * $mean" && q=true
is "$(get latt_load.queues)" "$q" "... queues: more clients than CPUs, per CPU >= 50% of the mean"
b=false
holds "100 * $load >= 50" && b=true
is "$(get latt_load.busy)" "$b" "... busy: load >= 50%"

# Every output per configuration says it too, from one aggregation.
run -l -c8 -x 1m -s1 -S2 -t 1 -r2 -C heavy: --json "$tmp/s.json" --csv "$tmp/s.csv"
is "$rc" 0 "a sweep of two heavy runs exits 0"
check "... its table has latt's load, a column of its own" \
	grep -Eq '^config +runs +entries .* +cs/s +load %$' "$tmp/out"
check "... the load column marked ! (latt measured itself), not a note on the row" \
	sh -c "grep -Eq '^heavy +2 .* [0-9.]+!\$' '$tmp/out' && grep -q '^! latt measured itself' '$tmp/out' && ! grep -q '^heavy  *(no settings) .*measured itself' '$tmp/out'"
col=$(head -n 1 "$tmp/s.csv" | tr ',' '\n' | grep -n '^load_note$' | cut -d: -f1)
lcol=$(head -n 1 "$tmp/s.csv" | tr ',' '\n' | grep -n '^latt_load$' | cut -d: -f1)
is "$(tail -n +2 "$tmp/s.csv" | awk -F, -v c="${col:-0}" '{ printf "%s ", $c }')" "1 1 " \
	"... the CSV's load_note column: 1 in both rows"
is "$(tail -n +2 "$tmp/s.csv" | awk -F, -v c="${lcol:-0}" -v l="$("$check_bin" --get "$tmp/s.json" 'configurations[0].runs[0].latt_load.load')" 'NR == 1 { print ($c == l) }')" 1 \
	"... its latt_load the JSON's"
is "$("$check_bin" --get "$tmp/s.json" 'configurations[0].summary.load_noted')" 2 \
	"... the JSON summary counts the runs"
"$latt" compare -l "$tmp/s.json" >"$tmp/cmp" 2>&1
check "... latt compare says it in its header and marks the load column" \
	sh -c "grep -q \"^  latt's load  *latt measured itself (2 of 2 runs)\" '$tmp/cmp' && grep -Eq ' heavy +2 .* [0-9.]+!\$' '$tmp/cmp'"
run -q -c8 -x 1m -s1 -S2 -t 1
check "... -q ends its line in load_note=1, after load=" \
	grep -Eq '^config=default .* load=[0-9.]+( few=[a-z0-9.,]+)? load_note=1( load_queued=1)?$' "$tmp/out"

# One client, no work: nothing of latt's own to say.
run -l -c1 -x0 -t 1 --json "$tmp/j.json"
is "$rc" 0 "latt -c1 -x0 -t 1 exits 0"
load_block >"$tmp/block"
check "... the report has a latt's load block" grep -q '^	Load	' "$tmp/block"
check "... without a note" sh -c "! grep -q Note '$tmp/block'"
sed 's/^/# /' "$tmp/block"
is "$(get latt_load.dominates) $(get latt_load.queues)" "false false" \
	"... the JSON says it does not dominate"
run -q -c1 -x0 -t 1
check "... -q has its load and no load_note" \
	sh -c "grep -Eq '^config=default .* load=[0-9.]+' '$tmp/out' && ! grep -q load_note '$tmp/out'"

# The CPUs are those the clients may use: latt's own affinity, inherited.
if taskset -c 0 true 2>/dev/null; then
	taskset -c 0 "$latt" -l -c2 -x0 -t 1 --json "$tmp/j.json" >"$tmp/out" \
		2>"$tmp/err"
	is "$?" 0 "taskset -c 0 latt -c2 -x0 -t 1 exits 0"
	is "$(get latt_load.cpus)" 1 "... its clients may use one CPU"
	check "... and the Load line says so" \
		grep -q '^	Load		.* % of 1 CPU for ' "$tmp/out"
else
	for i in 1 2 3; do
		echo "ok $((tap_n + i)) # SKIP taskset cannot pin"
	done
fi
