#!/bin/sh
# contrib/lkp: programs/latt/parse keeps LKP's stats contract on saved latt
# outputs (tests/data) and on a live run: "key: value" lines, every value
# a number, no space in a key, every result meta.yaml declares present,
# every key given a direction by the etc/index-*.yaml lines, the argument
# or stdin read alike (bin/run-stats passes both), log lines before the
# document and one document per instance.  contrib/lkp/verify runs it in
# LKP itself.
. "${top_srcdir:-.}/tests/lib.sh"

command -v ruby >/dev/null || skip_all "no ruby"
plan 23

lkp=$top_srcdir/contrib/lkp
parse=$lkp/programs/latt/parse
data=$top_srcdir/tests/data

# contract FILE WITH_TARGET: the stats contract on parse's output in FILE.
contract() {
	_bad=$(grep -Ev '^[^ :]+: -?[0-9]+(\.[0-9]+)?$' "$1")
	[ -z "$_bad" ] || { diag "not key: number: $_bad"; return 1; }
	# Every result declared in meta.yaml (target_* only with a load).
	sed -n 's/^  latt\.\([^:]*\):.*/\1/p' "$lkp/programs/latt/meta.yaml" |
	while read -r _k; do
		case $_k in target_*) [ "$2" = yes ] || continue ;; esac
		grep -q "^$_k: " "$1" || { diag "missing $_k"; return 1; }
	done || return 1
	directions "$1"
}

# directions FILE: every key has a direction, as lib/stats.rb's
# kpi_stat_direction matches them: /^pattern$/ against "latt.key".
directions() {
	cut -d: -f1 "$1" | ruby -e '
		pats = ARGV.flat_map { |f| File.readlines(f) }
		           .map { |l| Regexp.new("^" + l.split(": ")[0] + "$") }
		bad = $stdin.readlines.map(&:chomp)
		            .reject { |k| pats.any? { |p| "latt.#{k}" =~ p } }
		bad.each { |k| puts "# no direction for #{k}" }
		exit bad.empty?' "$lkp"/etc/index-*.yaml
}

for case in loaded-json loaded-txt idle-json idle-txt; do
	in=$data/latt-${case%-*}.${case##*-}
	"$parse" "$in" <"$in" >"$tmp/$case" 2>"$tmp/err"
	check "$case: the expected stats (tests/expected/lkp-parse-$case)" \
		cmp -s "$tmp/$case" "$top_srcdir/tests/expected/lkp-parse-$case"
	target=no
	case $case in loaded-*) target=yes ;; esac
	check "$case: numbers only, every declared result, every direction" \
		contract "$tmp/$case" $target
done
"$parse" <"$data/latt-loaded.json" >"$tmp/stdin"
check "stdin alone is read as an argument is" cmp -s "$tmp/stdin" "$tmp/loaded-json"
is "$(cut -d: -f1 "$tmp/loaded-txt")" "$(cut -d: -f1 "$tmp/loaded-json")" \
	"the text report gives the JSON's keys, in its order"

# As programs/latt/run leaves it: its command line, then the document;
# with nr_instances, one document after another.
{ echo "2026-11-30 14:00:00 latt -c 8 --json x"; cat "$data/latt-loaded.json"
  echo "2026-11-30 14:00:00 latt -c 8 --json x"; cat "$data/latt-idle.json"; } |
	"$parse" >"$tmp/two"
is "$(grep -c '^wakeup_p99_us: ' "$tmp/two")" 2 "two documents after log lines: two records"
is "$(sed -n 's/^entries: //p' "$tmp/two" | tr '\n' ' ')" \
	"$(sed -n 's/^entries: //p' "$tmp/loaded-json" "$tmp/idle-json" | tr '\n' ' ')" \
	"... in order"

# Two configurations: a prefix each.
run -c1 -s1 -S2 -x0 -t0.3 -C a: -C b:nice=1 --json "$tmp/c.json"
"$parse" "$tmp/c.json" >"$tmp/c"
check "two configurations: keys prefixed a. and b." \
	sh -c "grep -q '^a\.wakeup_p99_us: ' '$tmp/c' && grep -q '^b\.wakeup_p99_us: ' '$tmp/c'"
check "... and given directions" directions "$tmp/c"

# A live run now, both forms: the saved outputs are still what latt writes.
run -c2 -s1 -S2 -x4k -t1 -l -o "$tmp/live.txt" --json "$tmp/live.json" -- sleep 5
is "$rc" 0 "live run with a command: exit 0"
"$parse" "$tmp/live.json" >"$tmp/live-json"
"$parse" "$tmp/live.txt" >"$tmp/live-txt"
check "live JSON: the contract" contract "$tmp/live-json" yes
check "live text report: the contract" contract "$tmp/live-txt" yes
is "$(cut -d: -f1 "$tmp/live-json")" "$(cut -d: -f1 "$tmp/loaded-json")" \
	"live JSON: the saved output's keys"
is "$(cut -d: -f1 "$tmp/live-txt")" "$(cut -d: -f1 "$tmp/loaded-json")" \
	"live text report: the saved output's keys"
check "run's header names every parameter meta.yaml documents" sh -c "
	sed -n '/^parameters:/,/^results:/s/^  \([a-z_]*\):.*/\1/p' '$lkp/programs/latt/meta.yaml' |
	while read -r p; do grep -qx \"# - \$p\" '$lkp/programs/latt/run' || exit 1; done"

# programs/latt/run as LKP runs it (its job's parameters in the
# environment, LKP's log_echo and die stood in for), with a load: its
# output is what parse reads, the stats contract holds.
mkdir -p "$tmp/lkp/lib" "$tmp/bin" "$tmp/rr" "$tmp/lkptmp"
cat >"$tmp/lkp/lib/reproduce-log.sh" <<'EOS'
log_echo() { echo "2026-11-30 00:00:00 $*"; echo "$*" >>"$TMP_RESULT_ROOT/reproduce.sh"; }
EOS
echo 'die() { echo "$*" >&2; exit 1; }' >"$tmp/lkp/lib/debug.sh"
ln -s "$latt" "$tmp/bin/latt"
PATH="$tmp/bin:$PATH" LKP_SRC="$tmp/lkp" TMP="$tmp/lkptmp" TMP_RESULT_ROOT="$tmp/rr" \
	BENCHMARK_ROOT="$tmp/none" clients=2 work=4k min_wait=1ms max_wait=2ms \
	duration=1 load=busy sh "$lkp/programs/latt/run" >"$tmp/rr/latt" 2>"$tmp/rr/err"
is "$?" 0 "run with load=busy: exit 0"
check "... its command line first, with the load quoted, then the document" \
	sh -c "head -n 1 '$tmp/rr/latt' | grep -q \"latt -c 2 .* -- 'for i in\" &&
	sed -n 2p '$tmp/rr/latt' | grep -qx '{'"
"$parse" "$tmp/rr/latt" <"$tmp/rr/latt" >"$tmp/rr/stats"
check "... parse's stats of its output keep the contract" contract "$tmp/rr/stats" yes
