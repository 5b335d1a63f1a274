#!/bin/sh
# contrib/linaro: latt.sh's parse of latt's text report keeps the LAVA
# result contract on saved outputs (tests/data) and on a live run: one
# "test_case result measurement units" line per figure, every measurement
# a number, units us, s or count, every figure present, no name twice;
# the definition passes every parameter to the script.
# contrib/linaro/verify runs it in Linaro's test-runner.
. "${top_srcdir:-.}/tests/lib.sh"

plan 10

def=$top_srcdir/contrib/linaro/automated/linux/latt
data=$top_srcdir/tests/data

# cases FILE: the contract.
cases() {
	awk '
	NF != 4 || $1 !~ /^latt-[a-z0-9.-]+$/ || $2 != "pass" ||
	$3 !~ /^[0-9]+(\.[0-9]+)?$/ || $4 !~ /^(us|s|count)$/ || seen[$1]++ {
		print "# bad case: " $0; bad = 1
	}
	END { exit bad }' "$1"
}

for n in loaded idle; do
	sh "$def/latt.sh" --parse "$data/latt-$n.txt" >"$tmp/$n"
	check "$n: the expected test cases (tests/expected/linaro-parse-$n)" \
		cmp -s "$tmp/$n" "$top_srcdir/tests/expected/linaro-parse-$n"
	check "$n: name pass number unit, each once" cases "$tmp/$n"
done
is "$(cut -d' ' -f1 "$tmp/loaded" | sort | tr '\n' ' ')" \
	"latt-entries latt-target-system latt-target-user latt-target-wall latt-wakeup-avg latt-wakeup-max latt-wakeup-p50 latt-wakeup-p90 latt-wakeup-p99 latt-wakeup-p99.9 latt-wakeup-stdev latt-work-avg latt-work-max latt-work-p50 latt-work-p90 latt-work-p99 latt-work-p99.9 latt-work-stdev " \
	"every figure, the load's with a load"

run -c2 -s1 -S2 -x4k -t1 -l -o "$tmp/live.txt" -- sleep 5
is "$rc" 0 "live run with a command: exit 0"
sh "$def/latt.sh" --parse "$tmp/live.txt" >"$tmp/live"
check "live: the contract" cases "$tmp/live"
is "$(cut -d' ' -f1 "$tmp/live")" "$(cut -d' ' -f1 "$tmp/loaded")" "live: every figure, in order"

# Every parameter of the definition reaches the script, with an option
# latt.sh takes.
params=$(sed -n '/^params:/,/^run:/s/^    \([A-Z_]*\):.*/\1/p' "$def/latt.yaml" | sort | tr '\n' ' ')
passed=$(grep -o '"\${[A-Z_]*}"' "$def/latt.yaml" | tr -d '"${}' | sort | tr '\n' ' ')
is "$passed" "$params" "latt.yaml passes every parameter to latt.sh"
opts=$(grep -o ' -[a-zA-Z] "\${' "$def/latt.yaml" | cut -c3 | sort | tr -d '\n')
taken=$(sed -n 's/^while getopts ":\([^"]*\)".*/\1/p' "$def/latt.sh" | tr -d : | fold -w1 | sort | tr -d '\n')
is "$opts" "$taken" "... each with an option latt.sh takes"
