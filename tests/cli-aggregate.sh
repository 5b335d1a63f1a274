#!/bin/sh
# One number everywhere: a sweep's table, -q, the --fail-above messages,
# the JSON summary and latt compare of that JSON give the same value for
# every metric of every configuration, with a percentile that lacks
# samples marked the same way in each, latt's load marked "!" where it
# measured itself, and the same verdict marks on the ratios; for a
# complete sweep and an interrupted one.  The
# table and -q cannot come from one invocation (-q replaces the report),
# so each sweep runs twice: once with the table, once with -q, each
# checked against its own JSON.
. "${top_srcdir:-.}/tests/lib.sh"

plan 24

check_bin="${JSON_CHECK:-$(pwd)/tests/json-check}"
get() {
	"$check_bin" --get "$@"
}
limits=max=1ns,avg=1ns,stdev=1ns,p50=1ns,p99=1ns,p99.9=1ns

# The JSON summaries of $1 as "CONFIG METRIC VALUE[+]" lines (the value
# as the text outputs print it: usec with one decimal for ns, two for s,
# a percentage with one decimal for a share),
# and "CONFIG runs N"; the metric names in order in $tmp/names.
json_lines() {
	: >"$tmp/names"
	c=0
	while name=$(get "$1" "configurations[$c].name") && [ "$name" != null ]; do
		echo "$name runs $(get "$1" "configurations[$c].summary.runs")"
		ln=$(get "$1" "configurations[$c].summary.load_noted")
		m=0
		while mn=$(get "$1" "configurations[$c].summary.metrics[$m].name") &&
		      [ "$mn" != null ]; do
			[ $c -eq 0 ] && echo "$mn" >>"$tmp/names"
			v=$(get "$1" "configurations[$c].summary.metrics[$m].value")
			u=$(get "$1" "configurations[$c].summary.metrics[$m].unit")
			f=$(get "$1" "configurations[$c].summary.metrics[$m].too_few")
			awk -v c="$name" -v n="$mn" -v v="$v" -v u="$u" -v f="$f" \
			    -v self="$([ "$mn" = load ] && [ "${ln:-0}" -gt 0 ] && echo 1)" 'BEGIN {
				if (v == "null") s = "-";
				else if (u == "ns") s = sprintf("%.1f", v / 1000);
				else if (u == "s") s = sprintf("%.2f", v);
				else if (u == "share") s = sprintf("%.1f", 100 * v);
				else s = sprintf("%.0f", v);
				print c, n, s (f == "true" ? "+" : "") (self ? "!" : "") }'
			m=$((m + 1))
		done
		c=$((c + 1))
	done
}

# The metrics a table shows ($1: json_lines' output): those with a value
# in some configuration, in order, into $tmp/shown; $1's lines of them
# (and the runs) on stdout.
shown() {
	awk 'NR == FNR { if ($2 != "runs" && $3 != "-") s[$2] = 1; next }
	     $1 in s' "$1" "$tmp/names" >"$tmp/shown"
	awk 'NR == FNR { s[$1] = 1; next } $2 == "runs" || $2 in s' \
		"$tmp/shown" "$1"
}

# The sweep table's value rows ($1: the report) in the same form: the
# columns are the metrics shown in order, with the spread after p99.
table_lines() {
	awk -v names="$(tr '\n' ' ' <"$tmp/shown")" '
		BEGIN { nm = split(names, nv, " ") }
		/^config +runs / { on = 1; next }
		on && /^$/ { exit }
		on {
			print $1, "runs", $2
			f = 3
			for (i = 1; i <= nm; i++) {
				print $1, nv[i], $f
				f++
				if (nv[i] == "p99") f++
			}
		}' "$1"
}

# Ratio rows ("CONFIG ratio METRIC R[~]") of the sweep table ($2 = 1) or
# of latt compare ($2 = 2: a file column first).
ratio_lines() {
	awk -v names="$(tr '\n' ' ' <"$tmp/shown")" -v skip="$2" '
		BEGIN { nm = split(names, nv, " ") }
		/^ratio / { on = 1; next }
		on && /^$/ { exit }
		on {
			for (i = 1; i <= nm; i++)
				print $skip, "ratio", nv[i], $(skip + i)
		}' "$1"
}

# latt compare's value rows (-l's), its first column the label, the
# spread after p99 as in the sweep's.
compare_lines() {
	awk -v names="$(tr '\n' ' ' <"$tmp/shown")" '
		BEGIN { nm = split(names, nv, " ") }
		/^file +config +runs / { on = 1; next }
		on && /^$/ { exit }
		on {
			print $2, "runs", $3
			f = 4
			for (i = 1; i <= nm; i++) {
				print $2, nv[i], $f
				f++
				if (nv[i] == "p99") f++
			}
		}' "$1"
}

# The -q lines.
quiet_lines() {
	awk '/^config=/ {
		delete few
		for (i = 2; i <= NF; i++)
			if ($i ~ /^few=/) {
				n = split(substr($i, 5), fv, ",")
				for (k = 1; k <= n; k++) few[fv[k]] = 1
			}
		c = substr($1, 8)
		self = $0 ~ / load_note=/
		for (i = 2; i <= NF; i++) {
			split($i, kv, "=")
			if (kv[1] == "few" || kv[1] == "complete" ||
			    kv[1] ~ /^(vs|load_note|load_queued)$/ ||
			    kv[1] ~ /_(verdict|change|low|high)$/) continue
			print c, kv[1], kv[2] (kv[1] in few ? "+" : "") \
				(kv[1] == "load" && self ? "!" : "")
		}
	}' "$1"
}

# The --fail-above messages.
limit_lines() {
	sed -n "s/^latt: configuration '\([^']*\)': \([^ ]*\) \([0-9.]*\) usec\( (the max: [^)]*)\)\{0,1\} is over the limit .*/\1 \2 \3\4/p" "$1" |
		sed 's/ (the max: .*)$/+/'
}

# Check sweep $1 (its files $tmp/$1.*): the JSON summary against the
# table or -q ($2: table or quiet), the --fail-above messages and latt
# compare.
agree() {
	json_lines "$tmp/$1.json" | sort >"$tmp/$1.j"
	check "$1: the JSON has a summary of every metric" \
		test "$(wc -l <"$tmp/names")" -ge 10
	# The tables show the metrics that have a value somewhere.
	shown "$tmp/$1.j" >"$tmp/$1.js"
	if [ "$2" = table ]; then
		table_lines "$tmp/$1.out" | sort >"$tmp/$1.t"
		check "$1: the table gives the JSON's values, marks and runs" \
			cmp "$tmp/$1.js" "$tmp/$1.t"
		diff "$tmp/$1.js" "$tmp/$1.t" | sed 's/^/# /'
	else
		grep -v ' runs ' "$tmp/$1.j" >"$tmp/$1.jq"
		quiet_lines "$tmp/$1.out" | sort >"$tmp/$1.t"
		check "$1: -q gives the JSON's values and marks" \
			cmp "$tmp/$1.jq" "$tmp/$1.t"
		diff "$tmp/$1.jq" "$tmp/$1.t" | sed 's/^/# /'
	fi
	limit_lines "$tmp/$1.err" | sort >"$tmp/$1.l"
	nl=$(wc -l <"$tmp/$1.l")
	check "$1: --fail-above says the JSON's values and marks ($nl)" \
		sh -c "test $nl -ge 6 && test -z \"\$(comm -23 '$tmp/$1.l' '$tmp/$1.j')\""
	"$latt" compare -l "$tmp/$1.json" >"$tmp/$1.cmp" 2>&1
	compare_lines "$tmp/$1.cmp" | sort >"$tmp/$1.c"
	check "$1: latt compare gives the JSON's values, marks and runs" \
		cmp "$tmp/$1.js" "$tmp/$1.c"
	diff "$tmp/$1.js" "$tmp/$1.c" | sed 's/^/# /'
	if [ "$2" = table ]; then
		ratio_lines "$tmp/$1.out" 1 >"$tmp/$1.tr"
		ratio_lines "$tmp/$1.cmp" 2 >"$tmp/$1.cr"
		check "$1: the table's ratios and verdict marks are latt compare's ($(grep -c '[wb~?]$' "$tmp/$1.tr") marked)" \
			sh -c "test -s '$tmp/$1.tr' && cmp '$tmp/$1.tr' '$tmp/$1.cr'"
	fi
}

# A complete sweep: two runs each, a command (wall and cpu time), too few
# samples for p99.9.
sweep() {
	$sigdefault "$latt" "$@" --label L --fail-above $limits -c2 -s1 -S2 -x0 \
		-t 0.4 -r2 -C a: -C b:nice=1 -- sleep 5 2>"$tmp/$name.err"
}
name=full
sweep -l -o "$tmp/full.out" --json "$tmp/full.json"
is "$?" 3 "a complete sweep over its limits: exit 3"
agree full table
check "full: p99.9 is marked as the max (too few samples)" \
	grep -q '^a p99.9 .*+$' "$tmp/full.j"
name=fullq
sweep -q -o "$tmp/fullq.out" --json "$tmp/fullq.json"
is "$?" 3 "... with -q: exit 3"
agree fullq quiet

# An interrupted sweep: at most 83 wakeups a run (3 ms sleeps in 0.25 s),
# too few for p99; the last run cut short.
isweep() {
	$sigdefault "$latt" "$@" --label L --fail-above $limits -c1 -s3 -S4 \
		-x0 -t 0.25 -r20 -C a: -C b:nice=1 -C c:nice=2 \
		2>"$tmp/$name.err" &
	pid=$!
	sleep 1.3
	kill -INT $pid
	wait $pid
}
name=int
isweep -l -o "$tmp/int.out" --json "$tmp/int.json"
is "$?" 130 "an interrupted sweep: exit 130"
agree int table
check "int: p99 is marked as the max (too few samples)" \
	grep -q '^a p99 .*+$' "$tmp/int.j"
name=intq
isweep -q -o "$tmp/intq.out" --json "$tmp/intq.json"
is "$?" 130 "... with -q: exit 130"
agree intq quiet
