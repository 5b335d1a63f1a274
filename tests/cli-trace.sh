#!/bin/sh
# -b (breaktrace): the first wakeup over the limit marks latt's own trace
# instance, stops it and ends the run (exit 5), the instance kept for the
# user; without the rights, one line says so and latt measures anyway.
. "${top_srcdir:-.}/tests/lib.sh"

plan 38

run -c1 -t 5 -b 0
is "$rc" 1 "-b 0: a usage error"
run -c1 -t 5 -b soon
is "$rc" 1 "-b soon: a usage error"

# Unprivileged: no trace, one line, the measurement as usual.
if command -v setpriv >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$latt" -l -c2 -s1 -S2 -x0 -t 0.3 -b 1us >"$tmp/out" 2>"$tmp/err"
	rc=$?
	check "-b as an unprivileged user: one line saying there is no trace" \
		sh -c "test \$(grep -c 'trace' '$tmp/err') -eq 1 && grep -q '^latt: -b: no trace: .*; measuring without it\$' '$tmp/err'"
	check "... and a complete run, exit 0" \
		sh -c "test $rc -eq 0 && grep -q '	Status		complete (duration reached)' '$tmp/out'"
	# What it said, when it was not that (it failed once beside load).
	[ "$rc" -eq 0 ] && grep -q '	Status		complete (duration reached)' "$tmp/out" ||
		{ echo "#   exit $rc"; grep '	Status' "$tmp/out" | sed 's/^/#   /';
		  sed 's/^/#   /' "$tmp/err"; }
	check "... whose report says it was not traced" \
		grep -q '^	Breaktrace	1.0 usec, not traced' "$tmp/out"
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$latt" -c2 -s1 -S2 -x0 -t 0.3 --explain >"$tmp/out" 2>"$tmp/err"
	rc=$?
	check "--explain as an unprivileged user: one line, a complete run, no explanation" \
		sh -c "test $rc -eq 0 && test \$(grep -c 'trace' '$tmp/err') -eq 1 &&
			grep -q '^latt: --explain: no trace: ' '$tmp/err' &&
			grep -q '^	Trace		none (see the message on stderr)' '$tmp/out'"
else
	skip "needs root and setpriv to become an unprivileged user"
	skip "needs root and setpriv to become an unprivileged user"
	skip "needs root and setpriv to become an unprivileged user"
	skip "needs root and setpriv to become an unprivileged user"
fi
run -c1 -t 5 --keep-trace
is "$rc" 1 "--keep-trace without -b or --explain: a usage error"
run -c1 -t 5 --explain=0
is "$rc" 1 "--explain=0: a usage error"
run -c1 -t 5 --explain=101
is "$rc" 1 "--explain=101: a usage error"

if ! trace_usable; then
	i=0
	while [ $i -lt 29 ]; do
		skip "$trace_why"
		i=$((i + 1))
	done
	exit 0
fi

top_on=$(cat "$tr/tracing_on")
top_events=$(cat "$tr/set_event" | sort | tr '\n' ' ')

# Any wakeup takes more than a microsecond: the first one breaks.
run -l -c2 -s1 -S2 -x0 -t 30 -b 1us --json "$tmp/b.json"
is "$rc" 5 "-b 1us: exit 5 at the first wakeup"
check "... the run stopped by breaktrace, before -t 30" \
	sh -c "grep -q '^	Status		stopped by breaktrace: client [12] woke ' '$tmp/out' &&
		awk -F'\\t+' '\$2 == \"Duration\" { exit !(\$3 + 0 < 30) }' '$tmp/out'"
inst=$(sed -n 's/^	Trace		\([^ ]*\) (instance \(latt-[0-9]*\), kept).*/\1/p' "$tmp/out")
check "... the report names the kept instance ($inst)" test -n "$inst" -a -d "$inst"
check "... and says how to read it" grep -q "trace-cmd show -B latt-[0-9]*, or less $inst/trace" "$tmp/out"
check "... stderr says so too" grep -q "^latt: breaktrace: client [12] (pid [0-9]*) took .* the trace is in $inst\$" "$tmp/err"
if [ -n "$inst" ] && [ -d "$inst" ]; then
	is "$(cat "$inst/tracing_on")" 0 "... tracing is stopped"
	# The kernel stops the trace as the marker is written (a trigger that
	# runs just after the marker is committed).  Another CPU may record
	# until it sees that; on the marker's own CPU only what came between
	# the commit and the trigger: an interrupt's events (h, s, H, z or Z
	# among the flags, whose places differ with PREEMPT_RT) or, where the
	# kernel lets the writer be preempted there (6.1), the switch away
	# from the waker, what ran instead and the switch back.  Anything else
	# after it means the trace was not stopped by the marker.
	awk 'function num(s, key) {
			return match(s, key "=[0-9]+") ? substr(s, RSTART + length(key) + 1, RLENGTH - length(key) - 1) : "" }
		/^#/ { next }
		!match($0, / \[[0-9]+\] /) { next }
		{ c = substr($0, RSTART + 1, RLENGTH - 2)
		  rest = substr($0, RSTART + RLENGTH); split(rest, f, " "); flags = f[1] }
		!found && /tracing_mark_write: latt: breaktrace: client [12] \(pid [0-9]*\) ran [0-9.]* us after its wakeup, on CPU [0-9]*/ {
			cpu = c; found = 1
			match($0, /-[0-9]+ +\[/); w = substr($0, RSTART + 1, RLENGTH - 1); sub(/ +\[$/, "", w)
			next }
		!found || c != cpu { next }
		{ print }
		flags ~ /[hsHzZ]/ { next }
		away { if (/[0-9]: sched_switch: / && num($0, "next_pid") == w) away = 0; next }
		/[0-9]: sched_switch: / && num($0, "prev_pid") == w { away = 1; next }
		{ bad = 1 }
		END { exit !found || bad }' "$inst/trace" >"$tmp/after"
	last=$?
	check "... the marker is the last event of its CPU, bar what the kernel records before it stops" \
		test "$last" -eq 0
	[ "$last" -eq 0 ] || sed 's/^/#   after the marker: /' "$tmp/after" | head -40
	check "... after the scheduler's events" grep -q 'sched_switch: .*next_comm=' "$inst/trace"
	rmdir "$inst"
else
	skip "no instance"
	skip "no instance"
	skip "no instance"
fi
is "$("${JSON_CHECK:-$(pwd)/tests/json-check}" --get "$tmp/b.json" 'configurations[0].runs[0].breaktrace.reached')" true \
	"... the JSON says it was reached"

# Not reached: the instance is removed; tracing elsewhere is untouched.
run -c2 -s1 -S2 -x0 -t 0.3 -b 1h
inst=$(sed -n 's/^	Breaktrace	no wakeup over [^;]*; the trace (instance \(latt-[0-9]*\)) was removed$/\1/p' "$tmp/out")
check "-b 1h: a complete run, exit 0, its instance ($inst) removed" \
	sh -c "test $rc -eq 0 && test -n '$inst' && test ! -e '$tr/instances/$inst'"
is "$(cat "$tr/tracing_on") $(cat "$tr/set_event" | sort | tr '\n' ' ')" \
	"$top_on $top_events" "... the top trace buffer's state as it was"

# --explain: a client pinned to CPU 1 behind a nice -20 loop there is
# explained as waiting behind that loop, by name and pid.  The waker is
# fifo: a normal one that lands on CPU 1 behind the loop, or waits
# behind other load, may wake the client only once in the run, or never
# (then latt says so and exits 2).
run -c1 -s2 -S4 -x0 -t 1.5 --cpus 1 --explain=3 --target-cpus 1 --target-nice -20 \
	--waker-policy fifo --json "$tmp/e.json" -- sh -c 'echo $$ >"$0"; while :; do :; done' "$tmp/hog"
hog=$(cat "$tmp/hog" 2>/dev/null)
is "$rc" 0 "--explain with a hog on the client's CPU: exit 0"
# Three, or as many as were measured on a machine slow enough.
logged=$(sed -n 's/^Entries logged: \([0-9]*\)$/\1/p' "$tmp/out")
want=3
[ "${logged:-0}" -ge 3 ] || want=${logged:-3}
is "$(grep -c '^	#[123]		client 1 (pid [0-9]*): [0-9.]* usec, [0-9.]* s into the run$' "$tmp/out")" "$want" \
	"... its 3 worst wakeups (or all $logged measured), each named"
# Under load a wakeup's switch may be missing from the trace: at least
# one found, each found one whole.  A client preempted before it could
# sleep (by the fifo waker on its CPU, or by the loop) is not woken:
# the wake finds it queued; it is told as such.
woken=$(grep -c "^	woken by	$tag (pid [0-9]*) on CPU [0-9]*; queued on CPU [0-9]*, ran on CPU 1" "$tmp/out")
notwoken=$(grep -c "^	not woken	preempted on CPU [0-9]* by .* (pid [0-9]*) [0-9.]* usec \(before\|after\) the waker's stamp, before it could sleep: the wake found it queued; it ran on CPU 1" "$tmp/out")
found=$((woken + notwoken))
check "... woken by latt (here $tag), or not woken, run on CPU 1 ($woken and $notwoken of $want)" \
	test "$found" -ge 1
check "... each found one split into the waker's, the scheduler's and the return's parts" \
	test "$(grep -c '^	split		[0-9.]* usec waker stamp -> sched_waking, [0-9.]* usec sched_waking -> switch-in (the scheduler), [0-9.]* usec switch-in -> its stamp (return to user[^)]*)$' "$tmp/out")" -eq "$woken" -a \
	"$(grep -c '^	split		[0-9.]* usec waker stamp -> \(switch-in (queued since its preemption: the scheduler)\|its preemption (it still ran), [0-9.]* usec preemption -> switch-in (the scheduler)\), [0-9.]* usec switch-in -> its stamp (return to user[^)]*)$' "$tmp/out")" -eq "$notwoken"
is "$(grep -c '"asleep": true' "$tmp/e.json") $(grep -c '"asleep": false' "$tmp/e.json")" \
	"$woken $notwoken" "... the JSON says which the wake found asleep, as the report"
check "... behind the loop: sh (pid $hog, normal nice -20)" \
	grep -q "	on CPU 1: sh (pid $hog, normal nice -20) ran [0-9.]* usec, then " "$tmp/out"
# What the report said, when it did not say that.
[ "$found" -ge 1 ] && grep -q "	on CPU 1: sh (pid $hog, " "$tmp/out" ||
	sed -n '/^Worst wakeups explained/,/^Target/s/^/#   /p' "$tmp/out"
inst=$(sed -n 's/^	Trace		[0-9]* scheduler events, none lost (instance \(latt-[0-9]*-explain\), read and removed)$/\1/p' "$tmp/out")
check "... no events lost, the instance ($inst) removed" \
	sh -c "test -n '$inst' && test ! -e '$tr/instances/$inst'"

# What the scheduler decided at the client's wakeups, read at
# sched_wakeup by a BPF program of latt's, in a run of the same, the
# fifo waker on CPU 0: a waker that wakes the client from CPU 1 is
# itself what runs there at the wakeup (a decision that names it, as
# fifo), and the check below is of the loop.  The Decisions line counts
# the client's wakeups onto a busy CPU; of the ten worst wakeups (three
# were all behind a kworker once), one queued behind the loop has a
# decision line that names it, in one of the forms latt(1)
# lists, with EEVDF's figures on a kernel that has EEVDF (6.6 and
# later), CFS's before; the JSON has an object for each such line.
run -c1 -s2 -S4 -x0 -t 1.5 --cpus 1 --explain=10 --target-cpus 1 --target-nice -20 \
	--waker-policy fifo --waker-cpus 0 --json "$tmp/e.json" \
	-- sh -c 'echo $$ >"$0"; while :; do :; done' "$tmp/hog"
hog=$(cat "$tmp/hog" 2>/dev/null)
nodec=$(sed -n "s/^latt: --explain: the scheduler's decisions are not told: //p" "$tmp/err")
if [ -n "$nodec" ]; then
	for i in 1 2 3 4; do skip "no decisions here: $nodec"; done
else
	check "--explain, the fifo waker on CPU 0: its decisions recorded (a Decisions line with a count)" \
		grep -q '^	Decisions	[0-9]* wakeups of the clients onto a busy CPU recorded (BPF), \(none lost\|[0-9]* more did not fit\)' "$tmp/out"
	grep '^	decision	' "$tmp/out" >"$tmp/dec"
	grep -v '^	decision	\(\(EEVDF\|CFS\) told .* to give the CPU up at once\|\(EEVDF\|the scheduler\) chose the client, lazily: \|not preempted: \|not preempted by CFS: the client.s vruntime was \|the sched_ext scheduler \|none: CPU [0-9]* was idle as the client was queued there$\)' \
		"$tmp/dec" >"$tmp/dec.bad"
	check "... each decision line in a documented form ($(wc -l <"$tmp/dec") lines)" \
		test ! -s "$tmp/dec.bad"
	sed 's/^/#   /' "$tmp/dec.bad"
	major=$(uname -r | cut -d. -f1) minor=$(uname -r | cut -d. -f2)
	if [ "$major" -gt 6 ] || { [ "$major" -eq 6 ] && [ "$minor" -ge 6 ]; }; then
		fig="; the client: lag [-+][0-9.]* usec, deadline in -\?[0-9.]*, slice [0-9.]*; sh: lag [-+][0-9.]* usec"
	else
		fig="not preempted by CFS: the client's vruntime was [0-9.]* usec \(behind\|ahead of\) sh (pid $hog)'s\|CFS told sh (pid $hog) to give"
	fi
	check "... one names the loop, sh (pid $hog), with $([ "$major$minor" ] && case $fig in *lag*) echo "EEVDF's";; *) echo "CFS's";; esac) figures" \
		sh -c "grep -F 'sh (pid $hog)' '$tmp/dec' | grep -q \"\$0\"" "$fig"
	[ $? -eq 0 ] || sed 's/^/#   /' "$tmp/dec"
	is "$(grep -c '"why": "' "$tmp/e.json")" "$(grep -vc 'none: CPU' "$tmp/dec")" \
		"... the JSON has a decision for each decision line"
fi

# --explain follows migrations: clients beside two CPU hogs, the 100
# worst.  A wakeup that moved while queued has a "moved" line for each
# move, the first from the CPU it was queued on, the last to the one it
# ran on; one that did not move has none.  A move the trace misses (on
# some kernels the events recorded in the context of certain tasks are
# not) is told as not in the trace, in the same chain.  Which ones move
# is the scheduler's choice: with none among them, only the form is
# checked.
if command -v stress-ng >/dev/null 2>&1; then
	hogs="stress-ng --cpu 2 --quiet"
else
	hogs="sh -c 'while :; do :; done & while :; do :; done'"
fi
# The waker is fifo, as above: a starved one measures nothing.
run -c4 -x0 -s1 -S3 -t 3 --explain=100 --json "$tmp/x.json" --waker-policy fifo \
	-- sh -c "$hogs"
awk -F'\t+' '
	function done_one() {
		if (!inblock) return
		if (migrated && (!moves || first != queued || last != ran)) bad++
		if (!migrated && moves) bad++
		inblock = 0
	}
	$2 ~ /^#[0-9]+$/ { done_one(); inblock = 1; moves = 0; migrated = 0; next }
	$2 == "woken by" {
		match($3, /queued on CPU [0-9]+/); queued = substr($3, RSTART + 14, RLENGTH - 14)
		match($3, /ran on CPU [0-9]+/); ran = substr($3, RSTART + 11, RLENGTH - 11)
		migrated = $3 ~ /\(migrated\)$/; n++
	}
	$2 == "not woken" {
		match($3, /preempted on CPU [0-9]+/); queued = substr($3, RSTART + 17, RLENGTH - 17)
		match($3, /it ran on CPU [0-9]+/); ran = substr($3, RSTART + 14, RLENGTH - 14)
		migrated = $3 ~ /\(migrated\)$/; n++
	}
	$2 == "moved" {
		if ($3 !~ /^[0-9.]+ usec after (sched_waking|its preemption|the waker.s stamp), from CPU [0-9]+ \(queued there (at most )?[0-9.]+ usec\) to CPU [0-9]+: (idle balance: CPU [0-9]+, idle, pulled it$|pulled by |pushed away by |moved by )/ &&
		    $3 !~ /^[0-9.]+ usec after (sched_waking|its preemption|the waker.s stamp) at the latest, from CPU [0-9]+ \(queued there at most [0-9.]+ usec\) to CPU [0-9]+: not in the trace /) bad++
		match($3, /from CPU [0-9]+/); from = substr($3, RSTART + 9, RLENGTH - 9)
		match($3, /\) to CPU [0-9]+/); to = substr($3, RSTART + 9, RLENGTH - 9)
		if (!moves) first = from
		if (moves && from != last) bad++
		last = to; moves++; nmoved++
	}
	/^Target/ { done_one() }
	END { done_one(); printf "%d %d %d\n", n, nmoved, bad }' "$tmp/out" >"$tmp/moves"
read -r nfound nmoved nbad <"$tmp/moves"
check "--explain=100 beside two hogs: $nfound wakeups found, $nmoved moves while queued, each told whole" \
	test "$rc" -eq 0 -a "$nfound" -ge 1 -a "$nbad" -eq 0
# The wakeups that moved, when one was not told whole.
[ "$nbad" -eq 0 ] || awk -F'\t+' '$2 ~ /^#[0-9]+$/ { b = $0; next }
	$2 == "woken by" && $3 ~ /migrated/ { print "#   " b; print "#   " $0; s = 1; next }
	$2 == "moved" && s { print "#   " $0; next } { s = 0 }' "$tmp/out"
# The moves in the JSON: documented field by field (checked when there
# are some; the command's figures and the kernel's per wakeup, which it
# has none of, cli-json.sh, cli-metric.sh and cli-kview.sh check).
sed -n 's/^\.BR "\([^"]*\)" " (\([^)]*\))"$/\1 \2/p' "$top_srcdir/man/latt-json.5" |
	sed 's/\\-/-/g; s/ or /|/g' >"$tmp/schema"
"${JSON_CHECK:-$(pwd)/tests/json-check}" "$tmp/x.json" "$tmp/schema" 2>"$tmp/check"
if grep -q '"how"' "$tmp/x.json"; then
	# Any error; of the documented fields this run did not have, those
	# of moves[] (others depend on the kernel and the run).
	grep -v 'never met\|fields checked' "$tmp/check" >"$tmp/check.bad"
	grep 'moves.*never met' "$tmp/check" >>"$tmp/check.bad"
	check "... their JSON has every field of moves[] as documented" \
		test ! -s "$tmp/check.bad"
	sed 's/^# */#   /' "$tmp/check.bad"
else
	skip "no wakeup moved among the 100 worst this time"
fi
is "$(grep -o '"how": *"[a-z-]*"' "$tmp/x.json" | grep -vc '"wakeup"')" "$nmoved" \
	"... the JSON has as many moves while queued as the report"

# --keep-trace: the instance stays even when -b is not reached.
run -c2 -s1 -S2 -x0 -t 0.3 -b 1h --keep-trace
kept=$(sed -n 's/^	Breaktrace	no wakeup over [^;]*; the trace (instance \(latt-[0-9]*\)) was kept (--keep-trace)$/\1/p' "$tmp/out")
check "--keep-trace: the instance is left ($kept), tracing stopped" \
	sh -c "test $rc -eq 0 && test -n '$kept' && test \$(cat '$tr/instances/$kept/tracing_on') -eq 0"
[ -n "$kept" ] && rmdir "$tr/instances/$kept"

# -b with --explain: the kept trace is whole, its marker last; the
# explain instance is read and removed.
run -c2 -s1 -S2 -x0 -t 10 -b 1us --explain=1
inst=$(sed -n 's/^	Trace		\([^ ]*\) (instance latt-[0-9]*, kept).*/\1/p' "$tmp/out")
check "-b with --explain: exit 5, the kept trace has the marker" \
	sh -c "test $rc -eq 5 && test -d '$inst' && grep -v '^#' '$inst/trace' | tail -n 5 | grep -q 'latt: breaktrace'"
xinst=$(sed -n 's/^	Trace		[0-9]* scheduler events.* (instance \(latt-[0-9]*-explain\), read and removed)$/\1/p' "$tmp/out")
check "... the wakeup explained from its own instance ($xinst), which is gone" \
	sh -c "grep -q '^	#1		client ' '$tmp/out' && test -n '$xinst' && test ! -e '$tr/instances/$xinst'"
[ -n "$inst" ] && [ -d "$inst" ] && rmdir "$inst"

# In a sweep, the run that reached -b says where its trace is.
run -c2 -s1 -S2 -x0 -t 5 -r2 -C a: -C b:nice=5 -b 1us
inst=$(sed -n 's/^	Trace		\([^ ]*\) (instance latt-[0-9]*, kept).*/\1/p' "$tmp/out")
check "a sweep stopped by -b: exit 5, the trace named after the run's line" \
	sh -c "test $rc -eq 5 && grep -q '^run 1/2 a: .*stopped by breaktrace' '$tmp/out' && test -d '$inst'"
[ -n "$inst" ] && [ -d "$inst" ] && rmdir "$inst"
