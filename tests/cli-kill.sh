#!/bin/sh
# The kill campaign: latt changes the system for a run (autogroup, a
# cgroup for the command, its trace instances, the scheduler's debugfs
# settings where they can be written, a sched_ext scheduler where the
# kernel matrix built one) and must leave it exactly as it
# found it however it dies.  latt is killed with SIGKILL at points chosen
# by events (its undo record appears, its cgroup, its traces, autogroup
# changes, the command starts, the first sample) and at delays spread
# over the run; after each, every setting, cgroup, trace instance,
# record and process is compared with the state before.  Then latt and
# its guard are killed together: the next latt puts things back and says
# so, or, without the rights, refuses to measure and says how.  Two runs
# wanting the same setting: the second refuses, naming the first.  A
# write from outside during a run is reported and not written over.
#
# It changes system settings: it runs under /tmp/latt-suite.lock (taken
# here unless a caller already holds it), and puts back what it found
# even when it fails.  LATT_KILL_POINTS (default 50) sets how many kills;
# past LATT_KILL_BUDGET seconds (default 600: an emulated guest of the
# kernel matrix is slow) the points left are skipped, saying so.
. "${top_srcdir:-.}/tests/lib.sh"

lock=/tmp/latt-suite.lock
points=${LATT_KILL_POINTS:-50}
budget=${LATT_KILL_BUDGET:-600}
ag=/proc/sys/kernel/sched_autogroup_enabled
dbg=/sys/kernel/debug/sched
rundir=/run/latt

[ "$(id -u)" -eq 0 ] || skip_all "latt changes the system only as root"

# Does an ancestor of this shell (flock, make under flock) hold the lock?
lock_held_above() {
	[ -e "$lock" ] || return 1
	_ino=$(stat -c %i "$lock")
	_holders=$(awk -v ino="$_ino" '$2 == "FLOCK" {
		n = split($6, a, ":"); if (a[n] == ino) print $5 }' /proc/locks)
	_p=$$
	while [ "$_p" -gt 1 ]; do
		for _h in $_holders; do
			[ "$_h" = "$_p" ] && return 0
		done
		_p=$(awk '/^PPid:/ { print $2 }' "/proc/$_p/status" 2>/dev/null)
		[ -n "$_p" ] || return 1
	done
	return 1
}
if [ -z "$LATT_KILL_LOCKED" ] && ! lock_held_above; then
	LATT_KILL_LOCKED=1 exec flock "$lock" sh "$0" "$@"
fi

# What this kernel lets latt change, and the options that change it.
opts=""
# autogroup: the value it does not have now.
[ -w "$ag" ] && opts="$opts --autogroup $((1 - $(cat "$ag")))"
# A cgroup for the command (v2: where the root lets its children have
# the cpu controller).
cpu_cg=""
if cpu_cgroup && { [ "$cg_v2" = 0 ] ||
	grep -qw cpu "$cg_mnt/cgroup.subtree_control"; }; then
	cpu_cg=$cg_mnt
fi
[ -n "$cpu_cg" ] && opts="$opts --target-weight 50"
traced=0
if trace_usable; then
	opts="$opts -b 1s --explain"
	traced=1
fi
# A feature of the scheduler, the other way: RUN_TO_PARITY (EEVDF, 6.6
# and later) or CACHE_HOT_BUDDY (CFS too).
features_file="" preempt_file=""
for f in RUN_TO_PARITY CACHE_HOT_BUDDY; do
	[ -w "$dbg/features" ] && grep -qw "$f\|NO_$f" "$dbg/features" || continue
	features_file=$dbg/features
	if grep -qw "NO_$f" "$dbg/features"; then
		opts="$opts --features $f"
	else
		opts="$opts --features NO_$f"
	fi
	break
done
if [ -w "$dbg/preempt" ] && grep -q '(' "$dbg/preempt"; then
	preempt_file=$dbg/preempt
	cur=$(sed 's/.*(\([a-z]*\)).*/\1/' "$dbg/preempt")
	for m in none voluntary full lazy; do
		if [ "$m" != "$cur" ] && grep -qw "$m" "$dbg/preempt"; then
			opts="$opts --preempt $m"
			break
		fi
	done
fi
# A sched_ext scheduler, where the kernel has sched_ext and the kernel
# matrix built its example schedulers (LATT_SCX_DIR).
scx_state=/sys/kernel/sched_ext/state scx=""
if [ -n "${LATT_SCX_DIR:-}" ] && [ -x "$LATT_SCX_DIR/scx_simple" ] &&
	[ "$(cat $scx_state 2>/dev/null)" = disabled ]; then
	scx=$LATT_SCX_DIR/scx_simple
	opts="$opts --scheduler $scx"
fi
[ -n "$opts" ] || skip_all "this kernel lets latt change nothing here"
nsettings=$(echo "$opts" | grep -o -- '--[a-z-]*\|-b' | wc -l)

# The state latt must leave as it found: each setting's value, and the
# cgroups, trace instances and records of the latts this test started
# (other latts may run on this machine: they are not this test's).
mine() {
	awk -v pids="$started" 'BEGIN { n = split(pids, p, " ")
		for (i = 1; i <= n; i++) mine[p[i]] = 1 }
	{ id = $2; sub(/^.*\/latt-/, "", id); sub(/^latt-/, "", id)
	  sub(/[^0-9].*$/, "", id); if (id in mine) print }'
}
state() {
	[ -r "$ag" ] && echo "autogroup $(cat "$ag")"
	[ -n "$features_file" ] && echo "features $(cat "$features_file")"
	[ -n "$preempt_file" ] && echo "preempt $(cat "$preempt_file")"
	[ -n "$scx" ] && echo "sched_ext $(cat $scx_state)"
	{
		[ -n "$cpu_cg" ] && find "$cpu_cg" -maxdepth 2 -type d \
			-name 'latt-*' | sed 's/^/cgroup /'
		[ -d "$tr/instances" ] && ls "$tr/instances" | grep '^latt-' |
			sed 's/^/trace /'
		[ -d "$rundir" ] && ls "$rundir" | grep -E '^[0-9]+$' |
			sed 's/^/record latt-/'
	} | mine | sort
}

# settle TRIES: wait up to TRIES x 50 ms for the processes of the run to
# go, then write the system's state and what is still alive to $tmp/after.
settle() {
	_i=0
	while [ -n "$(alive)" ] && [ $_i -lt "$1" ]; do
		_i=$((_i + 1))
		sleep 0.05
	done
	{ state; alive | sed 's/^/process /'; } >"$tmp/after"
}

# Processes of this test's latt left, not counting zombies (nor those
# reaped since pgrep saw them).
alive() {
	for _p in $(pgrep -x "$tag") $(pgrep -f "sleep 7$$") \
		$([ -n "$scx" ] && pgrep -f "^$scx"); do
		_s=$(awk '/^State:/ { print $2 }' "/proc/$_p/status" 2>/dev/null)
		[ -n "$_s" ] && [ "$_s" != Z ] && echo "$_p"
	done
}

gone_or_zombie() {
	_i=0
	while [ -d "/proc/$1" ] &&
		[ "$(awk '/^State:/ { print $2 }' "/proc/$1/status" 2>/dev/null)" != Z ]; do
		_i=$((_i + 1))
		[ $_i -gt 100 ] && return 1
		sleep 0.05
	done
	return 0
}

orig_ag=$(cat "$ag" 2>/dev/null)
orig_features=$(cat "$features_file" 2>/dev/null)
orig_preempt=$(sed 's/.*(\([a-z]*\)).*/\1/' "$preempt_file" 2>/dev/null)
started=""
# Whatever happens, the system as it was found.
restore_all() {
	pkill -KILL -x "$tag" 2>/dev/null
	pkill -KILL -f "sleep 7$$" 2>/dev/null
	# A scheduler left loaded: SIGINT is its way to unload.
	[ -n "$scx" ] && pkill -INT -f "^$scx" 2>/dev/null
	# (Only a guard still: its pid may be another test's process since.)
	for p in $started; do
		[ -f "$tmp/guard.$p" ] || continue
		g=$(cat "$tmp/guard.$p")
		[ "$(cat "/proc/$g/comm" 2>/dev/null)" = latt-guard ] &&
			kill -KILL "$g" 2>/dev/null
	done
	sleep 0.2
	[ -n "$orig_ag" ] && echo "$orig_ag" >"$ag"
	if [ -n "$features_file" ]; then
		for f in $orig_features; do echo "$f" >"$features_file"; done
	fi
	[ -n "$orig_preempt" ] && echo "$orig_preempt" >"$preempt_file"
	for p in $started; do
		for c in "$cpu_cg"/latt-"$p"-*; do
			[ -d "$c" ] || continue
			for q in $(cat "$c/cgroup.procs"); do kill -KILL "$q"; done
			sleep 0.1
			rmdir "$c"
		done
		for i in "$tr/instances/latt-$p" "$tr/instances/latt-$p-explain"; do
			[ -d "$i" ] || continue
			echo 0 >"$i/tracing_on"
			rmdir "$i"
		done
		rm -f "$rundir/$p" "$rundir/$p.lock" "$rundir/$p.tmp"
	done
	rm -rf "$tmp"
}
trap restore_all EXIT

t_start=$(date +%s)
before=$(state)
echo "$before" >"$tmp/before"
diag "kills of latt$opts: $points points x $nsettings settings"

n_checks=$((points + 29))
plan $n_checks

# start ARGS...: latt in the background, its pid in $pid.
start() {
	"$latt" "$@" >"$tmp/out" 2>"$tmp/err" &
	pid=$!
	started="$started $pid"
}

# The event that comes first of NAME for latt $pid: true once it is seen.
seen() {
	case $1 in
	record) [ -e "$rundir/$pid" ] ;;
	trace) [ -d "$tr/instances/latt-$pid" ] ;;
	xtrace) [ -d "$tr/instances/latt-$pid-explain" ] ;;
	autogroup) [ "$(cat "$ag")" != "$orig_ag" ] ;;
	scheduler) [ "$(cat $scx_state)" = enabled ] ;;
	cgroup) ls -d "$cpu_cg"/latt-"$pid"-* >/dev/null 2>&1 ;;
	command) [ -s "$tmp/cmd" ] ;;
	sample) grep -q '^sample' "$tmp/out" 2>/dev/null ;;
	esac
}

# One kill: run, wait for @1 (an event, or a delay in ms), SIGKILL, then
# compare.  Prints nothing; fails with the difference in $tmp/diff.
kill_at() {
	rm -f "$tmp/cmd"
	start -v -c2 -s5 -S10 -t 1.2 $opts -- sh -c 'echo $$ >"$0"; exec sleep 7'$$ "$tmp/cmd"
	guard=""
	case $1 in
	[0-9]*)
		sleep "$(echo "$1" | awk '{ printf "%.3f", $1 / 1000 }')"
		;;
	*)
		_i=0
		until seen "$1"; do
			_i=$((_i + 1))
			[ $_i -gt 1000 ] && break
			[ -n "$guard" ] || guard=$(pgrep -x latt-guard -P "$pid")
			sleep 0.005
		done
		;;
	esac
	[ -n "$guard" ] || guard=$(pgrep -x latt-guard -P "$pid")
	[ -n "$guard" ] && echo "$guard" >"$tmp/guard.$pid"
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	[ -n "$guard" ] && gone_or_zombie "$guard"
	settle 200
	for _p in $(alive); do
		ps -o pid=,ppid=,pgid=,stat=,wchan=,args= -p "$_p" |
			sed 's/^/process left: /'
	done >"$tmp/ps"
	diff "$tmp/before" "$tmp/after" >"$tmp/diff" && return 0
	cat "$tmp/ps" >>"$tmp/diff"
	return 1
}

events="record trace xtrace autogroup scheduler cgroup command sample"
i=0 leftovers=0
for ev in $events; do
	case $ev in
	trace|xtrace) [ $traced = 1 ] || continue ;;
	autogroup) [ -w "$ag" ] || continue ;;
	scheduler) [ -n "$scx" ] || continue ;;
	cgroup) [ -n "$cpu_cg" ] || continue ;;
	esac
	[ $i -lt "$points" ] || break
	i=$((i + 1))
	if [ $(($(date +%s) - t_start)) -gt "$budget" ]; then
		skip "past the time budget of $budget s (LATT_KILL_BUDGET)"
		continue
	fi
	if kill_at "$ev"; then
		ok 0 "kill -9 after the event '$ev': the system as before"
	else
		ok 1 "kill -9 after the event '$ev': the system as before"
		sed 's/^/#   /' "$tmp/diff"
		sed 's/^/#   stderr: /' "$tmp/err"
		leftovers=$((leftovers + 1))
	fi
done
# The rest spread from the start to past the end (1.2 s and the restore).
rest=$((points - i))
k=0
while [ $k -lt $rest ]; do
	ms=$((k * 1600 / (rest > 1 ? rest - 1 : 1)))
	k=$((k + 1))
	if [ $(($(date +%s) - t_start)) -gt "$budget" ]; then
		skip "past the time budget of $budget s (LATT_KILL_BUDGET)"
		continue
	fi
	if kill_at "$ms"; then
		ok 0 "kill -9 at $ms ms: the system as before"
	else
		ok 1 "kill -9 at $ms ms: the system as before"
		sed 's/^/#   /' "$tmp/diff"
		sed 's/^/#   stderr: /' "$tmp/err"
		leftovers=$((leftovers + 1))
	fi
done
diag "kill campaign: $points points x $nsettings settings, $leftovers with leftovers, $(($(date +%s) - t_start)) s"

# latt dies of a fault (a sanitizer's abort, a bug's SIGSEGV) in the
# middle of a run: the way out is the guard's, the same.
for sig in ABRT SEGV; do
	rm -f "$tmp/cmd"
	start -v -c2 -s5 -S10 -t 5 $opts -- sh -c 'echo $$ >"$0"; exec sleep 7'$$ "$tmp/cmd"
	_i=0
	until seen sample || [ $_i -gt 1000 ]; do
		_i=$((_i + 1))
		sleep 0.005
	done
	guard=$(pgrep -x latt-guard -P "$pid")
	echo "$guard" >"$tmp/guard.$pid"
	kill -"$sig" "$pid"
	wait "$pid" 2>/dev/null
	[ -n "$guard" ] && gone_or_zombie "$guard"
	settle 100
	if diff "$tmp/before" "$tmp/after" >"$tmp/diff"; then
		ok 0 "latt dies of SIG$sig while measuring: the system as before"
	else
		ok 1 "latt dies of SIG$sig while measuring: the system as before"
		sed 's/^/#   /' "$tmp/diff" "$tmp/err"
	fi
done

# wait_changed: until latt $pid has made every change it makes.
wait_changed() {
	_i=0
	until seen record && { [ -z "$cpu_cg" ] || seen cgroup; } &&
		{ [ $traced = 0 ] || seen xtrace; } &&
		{ [ ! -w "$ag" ] || seen autogroup; }; do
		_i=$((_i + 1))
		[ $_i -gt 1000 ] && return 1
		sleep 0.01
	done
}

# latt's whole process group killed (a CI job's end, systemd's stop):
# the guard, in a session of its own, is not in it and puts back all.
if command -v setsid >/dev/null; then
	rm -f "$tmp/cmd"
	# (Not a group leader here, so setsid execs latt: $! is latt.)
	setsid "$latt" -c2 -s5 -S10 -t 20 $opts -- sh -c 'echo $$ >"$0"; exec sleep 7'$$ "$tmp/cmd" \
		>"$tmp/out" 2>"$tmp/err" &
	pid=$!
	started="$started $pid"
	wait_changed
	guard=$(pgrep -x latt-guard -P "$pid")
	echo "$guard" >"$tmp/guard.$pid"
	kill -KILL -- -"$pid"
	wait "$pid" 2>/dev/null
	[ -n "$guard" ] && gone_or_zombie "$guard"
	settle 200
	if [ -n "$guard" ] && diff "$tmp/before" "$tmp/after" >"$tmp/diff"; then
		ok 0 "latt's process group killed: its guard survives and puts the system back"
	else
		ok 1 "latt's process group killed: its guard survives and puts the system back"
		sed 's/^/#   /' "$tmp/diff" "$tmp/err"
	fi
else
	skip "no setsid"
fi

# latt-guard killed alone in the middle of a run: latt starts another,
# which puts the system back when latt is then killed ...
new_guard() {
	_i=0
	until _g=$(pgrep -x latt-guard -P "$pid") && [ -n "$_g" ] &&
		[ "$_g" != "$guard" ]; do
		_i=$((_i + 1))
		[ $_i -gt 1000 ] && return 1
		sleep 0.01
	done
	guard=$_g
}
rm -f "$tmp/cmd"
start -c2 -s5 -S10 -t 20 $opts -- sh -c 'echo $$ >"$0"; exec sleep 7'$$ "$tmp/cmd"
wait_changed
guard=$(pgrep -x latt-guard -P "$pid")
kill -KILL "$guard"
new_guard
echo "$guard" >"$tmp/guard.$pid"
check "latt-guard killed alone: latt starts another" test -n "$guard"
kill -KILL "$pid"
wait "$pid" 2>/dev/null
gone_or_zombie "$guard"
settle 200
if diff "$tmp/before" "$tmp/after" >"$tmp/diff"; then
	ok 0 "... which puts the system back when latt is then killed"
else
	ok 1 "... which puts the system back when latt is then killed"
	sed 's/^/#   /' "$tmp/diff" "$tmp/err"
fi
# ... or, when latt is not killed, latt ends its run and says so.
rm -f "$tmp/cmd" "$tmp/fifo"
mkfifo "$tmp/fifo"
# The command ends when the test writes the fifo: only once the run has
# measured (-i says so), or it may end before the first wakeup (exit 2,
# "no wakeup was measured", seen in CI).
start -c2 -s5 -S10 -t 20 -i 0.05 $opts -- sh -c 'echo $$ >"$0"; read x <"$1"' "$tmp/cmd" "$tmp/fifo"
wait_changed
wait_until measured
guard=$(pgrep -x latt-guard -P "$pid")
old_guard=$guard
kill -KILL "$guard"
new_guard
echo "$guard" >"$tmp/guard.$pid"
timeout "$patience" sh -c 'echo >"$0"' "$tmp/fifo"
wait "$pid"
rc=$?
settle 200
check "... latt's run goes on to its end, exit 0 ($rc), saying so" sh -c "test $rc -eq 0 &&
	grep -q '^latt: warning: latt-guard (pid $old_guard), which puts the system back should latt be killed, died: a new one (pid $guard) took over\$' '$tmp/err'" ||
	sed 's/^/#   stderr: /' "$tmp/err"
check "... and the system is as before" diff "$tmp/before" "$tmp/after"

# A latt killed before its first change leaves at most a lock file,
# which the next latt sweeps.
"$latt" -c1 -s1 -S1 -t 0.01 >/dev/null 2>&1
stale=0
for p in $started; do
	[ -e "$rundir/$p.lock" ] && stale=$((stale + 1))
done
is "$stale" 0 "the lock files of latts killed early are swept by the next"

# latt and its guard killed together: nobody puts things back until the
# next latt, which does and says so, one line each.
kill_both() {
	rm -f "$tmp/cmd"
	start -c2 -s5 -S10 -t 20 $opts -- sh -c 'echo $$ >"$0"; exec sleep 7'$$ "$tmp/cmd"
	wait_changed
	guard=$(pgrep -x latt-guard -P "$pid")
	echo "$guard" >"$tmp/guard.$pid"
	kill -KILL "$pid" $guard
	wait "$pid" 2>/dev/null
	pkill -KILL -f "sleep 7$$"
	gone_or_zombie "$guard"
}
kill_both
check "latt and its guard killed together: the system is left altered" \
	sh -c "test -e $rundir/$pid"
cp "$rundir/$pid" "$tmp/record" 2>/dev/null
"$latt" -c1 -s5 -S10 -t 1 >"$tmp/out2" 2>"$tmp/err2"
rc=$?
is "$rc" 0 "... the next 'latt -t1' measures (exit 0)"
check "... having said what it put back, naming latt $pid" \
	grep -q "^latt: latt $pid is gone and left " "$tmp/err2"
if [ -w "$ag" ] && grep -q "^entry sysctl 1 autogroup " "$tmp/record"; then
	check "... autogroup among them" grep -q "^latt: latt $pid is gone and left autogroup $((1 - orig_ag)): put back to $orig_ag\$" "$tmp/err2"
else
	skip "no autogroup here, or somebody else had set it already"
fi
sed 's/^/# /' "$tmp/err2"
state >"$tmp/after"
check "... and the system is as before" diff "$tmp/before" "$tmp/after"

# latt and its guard killed together at spread points: whatever they
# left, the next latt puts back.
for ms in 100 400 700 1000 1300; do
	rm -f "$tmp/cmd"
	start -c2 -s5 -S10 -t 1.2 $opts -- sh -c 'echo $$ >"$0"; exec sleep 7'$$ "$tmp/cmd"
	guard=""
	_i=0
	while [ -z "$guard" ] && [ $_i -lt 100 ]; do
		guard=$(pgrep -x latt-guard -P "$pid")
		_i=$((_i + 1))
		sleep 0.01
	done
	sleep "$(echo "$ms" | awk '{ printf "%.3f", $1 / 1000 }')"
	[ -n "$guard" ] && echo "$guard" >"$tmp/guard.$pid"
	kill -KILL "$pid" $guard 2>/dev/null
	wait "$pid" 2>/dev/null
	pkill -KILL -f "sleep 7$$"
	[ -n "$guard" ] && gone_or_zombie "$guard"
	"$latt" -c1 -s1 -S1 -t 0.05 >/dev/null 2>"$tmp/err2"
	state >"$tmp/after"
	if diff "$tmp/before" "$tmp/after" >"$tmp/diff"; then
		ok 0 "latt and its guard killed together at $ms ms: the next latt puts everything back"
	else
		ok 1 "latt and its guard killed together at $ms ms: the next latt puts everything back"
		sed 's/^/#   /' "$tmp/diff" "$tmp/err2"
	fi
done

# Without the rights to put it back: say what is left and how, and
# refuse to measure unless --force.
if command -v setpriv >/dev/null; then
	kill_both
	chmod 755 "$tmp"
	cp "$LATT" "$tmp/latt-nobody"
	chmod 755 "$tmp/latt-nobody"
	setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
		"$tmp/latt-nobody" -c1 -s5 -S10 -t 0.2 >"$tmp/out2" 2>"$tmp/err2"
	rc=$?
	sed 's/^/# /' "$tmp/err2"
	is "$rc" 2 "unprivileged, with a system left altered: refuses (exit 2)"
	check "... saying how to put it back and naming --force" sh -c "
		grep -q '^latt: latt $pid is gone and left .*as root: ' '$tmp/err2' &&
		grep -q 'refusing to measure.*--force' '$tmp/err2'"
	setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
		"$tmp/latt-nobody" --force -c1 -s5 -S10 -t 0.2 >"$tmp/out2" 2>"$tmp/err2"
	is "$?" 0 "... with --force it measures"
	"$latt" -c1 -s5 -S10 -t 0.05 >/dev/null 2>&1
	state >"$tmp/after"
	check "... and a latt as root then puts everything back" diff "$tmp/before" "$tmp/after"
else
	for i in 1 2 3 4; do skip "no setpriv"; done
fi

# Two runs wanting the same setting: the second refuses, naming the first.
if [ -w "$ag" ]; then
	start -c1 -s5 -S10 -t 3 --autogroup 0
	first=$pid
	until [ -e "$rundir/lock-autogroup" ] && grep -q "^$first\$" "$rundir/lock-autogroup"; do
		sleep 0.02
	done
	"$latt" -c1 -s5 -S10 -t 0.5 --autogroup 0 >"$tmp/out2" 2>"$tmp/err2"
	rc=$?
	is "$rc" 2 "a second --autogroup 0 while the first runs: refused (exit 2)"
	check "... naming the first's pid and command line" \
		grep -q "^latt: autogroup is in use by latt $first (.*--autogroup 0)" "$tmp/err2"
	wait "$first"
	is "$(cat "$ag")" "$orig_ag" "... and the first put autogroup back"
else
	for i in 1 2 3; do skip "no autogroup here"; done
fi

# A write from outside while latt holds the setting: said, marked in the
# report and the JSON, and not written over at the restore.
if [ -w "$ag" ] && [ -x "${JSON_CHECK:-$(pwd)/tests/json-check}" ]; then
	want=$((1 - orig_ag))
	start -l -c1 -s5 -S10 -t 2 --autogroup "$want" --json "$tmp/d.json"
	_i=0
	until [ "$(cat "$ag")" = "$want" ] || [ $_i -gt 500 ]; do
		_i=$((_i + 1))
		sleep 0.01
	done
	echo "$orig_ag" >"$ag"
	wait "$pid"
	check "a write from outside during a run: said on stderr" \
		grep -q "changed from outside during the run, and left as found: autogroup=$orig_ag" "$tmp/err"
	check "... the report marks the setting" \
		grep -q "^	Disturbed	autogroup=$orig_ag (changed from outside" "$tmp/out"
	is "$("${JSON_CHECK:-$(pwd)/tests/json-check}" --get "$tmp/d.json" 'configurations[0].runs[0].disturbed[0]')" \
		"autogroup=$orig_ag" "... the JSON too"
	is "$(cat "$ag")" "$orig_ag" "... and the value written from outside stays"
else
	for i in 1 2 3 4; do skip "no autogroup or no json-check here"; done
fi
