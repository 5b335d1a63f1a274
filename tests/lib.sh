# Shared helpers for the command-line tests (tests/cli-*.sh), which print
# TAP for automake's tap-driver.  Source it, call plan N, then the checks.
#
# $LATT is the binary under test (set by make check; ./latt otherwise).
# Every test runs latt through a link with a name of its own, so that the
# processes of this test (latt, its clients) can be found with pgrep -x
# and told apart from those of tests running in parallel.

: "${LATT:=$(pwd)/latt}"
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"

tap_n=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/latt-test.XXXXXX")
# pgrep -x matches the 15-character comm: keep the name short and unique.
tag="lt$$"
ln -s "$LATT" "$tmp/$tag"
latt="$tmp/$tag"

cleanup() {
	pkill -KILL -x "$tag" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT

plan() {
	echo "1..$1"
}

# as_nobody CMD...: run CMD as the user nobody (as root, with setpriv),
# without root's capabilities from its first exec on (setpriv's own exec
# keeps them, which reaches what nobody could not).
as_nobody() {
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		sh -c 'exec "$@"' sh "$@"
}

# nobody_latt: a path to latt that the user nobody can run, for a test
# as root: $LATT itself, or where the tree is below a directory nobody
# may not enter (root's home, mktemp -d), a copy in $tmp made reachable;
# nothing when even that does not run (no setpriv: not as root).
nobody_latt() {
	[ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null || return 0
	if as_nobody "$LATT" -V >/dev/null 2>&1; then
		echo "$LATT"
		return 0
	fi
	# latt-client beside it, where there is one: latt starts the
	# clients with it.
	_helper=$(dirname "$(readlink -f "$LATT")")/latt-client
	chmod 711 "$tmp" && mkdir -p "$tmp/nobody" &&
		chmod 755 "$tmp/nobody" && cp "$LATT" "$tmp/nobody/latt" &&
		chmod 755 "$tmp/nobody/latt" &&
		{ [ ! -x "$_helper" ] || cp -p "$_helper" "$tmp/nobody/"; } &&
		as_nobody "$tmp/nobody/latt" -V >/dev/null 2>&1 &&
		echo "$tmp/nobody/latt"
}

skip_all() {
	echo "1..0 # SKIP $1"
	exit 0
}

# ok STATUS DESCRIPTION: one test point from a status (0 passes).
ok() {
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
	fi
}

# check DESCRIPTION COMMAND...: a point, passed if COMMAND succeeds; it
# returns as COMMAND did, so that a diagnostic may follow a failure.
check() {
	_d=$1
	shift
	if "$@"; then ok 0 "$_d"; else ok 1 "$_d"; return 1; fi
}

# is GOT WANT DESCRIPTION
is() {
	if [ "$1" = "$2" ]; then
		ok 0 "$3"
	else
		ok 1 "$3"
		echo "#   got: '$1'"
		echo "#  want: '$2'"
	fi
}

skip() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n # SKIP $1"
}

diag() {
	echo "# $*"
}

# A job started with & by a non-interactive shell ignores SIGINT and
# SIGQUIT, the suite itself may run under nohup (SIGHUP ignored) or with
# SIGPIPE ignored, and latt keeps signals ignored at its start ignored.
# Tests that signal latt start it through $sigdefault, which gives every
# signal back its default action (GNU env 8.31 and later).
sigdefault=""
env --default-signal true 2>/dev/null && sigdefault="env --default-signal"

# tmux, for tests at a terminal: new_pane [COLS ROWS] starts a pane of
# an interactive bash (job control, ^C and ^Z as a user has them) on a
# server of its own ($sock): a new session on the socket of one just
# told to exit can reach it before it is gone ("server exited
# unexpectedly", seen beside stress-ng), and then no pane is started.
# tmux_ ARGS... talks to it; stop_tmux, the EXIT trap of a test that
# takes panes, ends it and cleans up.
npane=0
sock="$tmp/tmux0.sock"
tmux_() {
	tmux -S "$sock" "$@"
}
new_pane() {
	npane=$((npane + 1))
	sock="$tmp/tmux$npane.sock"
	tmux_ new-session -d -x "${1:-160}" -y "${2:-40}" \
		"env PS1='$ ' bash --norc --noprofile -i"
}
stop_tmux() {
	tmux_ kill-server 2>/dev/null
	cleanup
}

# cmp_run ARGS...: latt compare, as run() runs latt.
cmp_run() {
	"$latt" compare "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
}

# one_line WHAT TEST: after run or cmp_run, exit 1 and the first line of
# stderr says WHAT (a grep pattern), nothing on stdout.
one_line() {
	is "$rc" 1 "$2: exit 1"
	check "... one line saying it ($1)" \
		sh -c "head -n 1 '$tmp/err' | grep -q -- '$1' && test ! -s '$tmp/out'"
}

# run ARGS...: run latt, leaving stdout in $tmp/out, stderr in $tmp/err
# and the exit status in $rc.
run() {
	"$latt" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	# A bug latt finds in itself fails the test, whatever it checks:
	# a test line more than the plan.
	if grep -q '^latt: internal error' "$tmp/err"; then
		echo "not ok - latt $*: $(grep '^latt: internal error' "$tmp/err")"
	fi
}

# field LABEL [NTH [FILE]]: the text of the NTH report line labelled LABEL
# ("\tMax\t\t   20468 usec" is field Max: "20468 usec").
field() {
	awk -F'\t+' -v label="$1" -v nth="${2:-1}" '
		$2 == label && ++seen == nth { v = $3; sub(/^ +/, "", v); print v; exit }
	' "${3:-$tmp/out}"
}

# The Status field, with a late end under a second left out ("complete
# (duration reached, but the run ended 0.134 s after it)" is "complete
# (duration reached)"): a loaded machine may run latt that late, and the
# report says so; a second or more is left in, for the test to see.
status() {
	field Status "" "$@" | awk '
		match($0, /, but the run ended [0-9.]+ s after it[^)]*\)$/) {
			late = substr($0, RSTART + 20); sub(/ .*/, "", late)
			if (late + 0 < 1)
				$0 = substr($0, 1, RSTART - 1) ")"
		}
		{ print }'
}

# value LABEL [NTH [FILE]]: the number of that line, without its unit.
value() {
	field "$@" | sed 's/ .*//'
}

# The count of "Entries logged: N".
entries() {
	sed -n 's/^Entries logged: //p' "${1:-$tmp/out}"
}

# Waiting.  A test waits for an event (a file appearing, a line printed,
# a process in a state), never for a time it guesses: a loaded machine
# (make -j, stress-ng beside the suite, a sanitizer build) makes every
# guess wrong some day.  The bound on each wait, $patience seconds of wall
# time, is there only so that a broken latt fails the test instead of
# hanging it: reaching it means that the event did not come at all.
: "${patience:=60}"

# wait_until COMMAND...: poll until COMMAND succeeds (its output
# discarded); 1 when it has not after $patience s.
wait_until() {
	_end=$(($(date +%s) + patience))
	until "$@" >/dev/null 2>&1; do
		[ "$(date +%s)" -ge "$_end" ] && return 1
		sleep 0.02
	done
	return 0
}

# Holding latt's command while a test reads the system: the command
# "sh $tmp/hold.sh $tmp/h", at its run N (1, 2, ... since hold_reset),
# writes its pid to $tmp/h/pidN and waits for $tmp/h/goN.
# hold_reset: no run yet (the script written the first time).
hold_reset() {
	if [ ! -e "$tmp/hold.sh" ]; then
		mkdir -p "$tmp/h"
		cat >"$tmp/hold.sh" <<'EOF'
n=1
while [ -e "$1/pid$n" ]; do n=$((n + 1)); done
echo $$ >"$1/pid$n.tmp" && mv "$1/pid$n.tmp" "$1/pid$n"
while [ ! -e "$1/go$n" ]; do sleep 0.05; done
EOF
	fi
	rm -f "$tmp/h/"*
}
# hold ARGS...: latt with ARGS (after -c1 -s2 -S4 -x0 -t 600, which they
# may override) and the held command, in the background; its pid in
# $lpid, its output in $tmp/out and $tmp/err.
hold() {
	hold_reset
	$sigdefault "$latt" -c1 -s2 -S4 -x0 -t 600 "$@" -- \
		sh "$tmp/hold.sh" "$tmp/h" >"$tmp/out" 2>"$tmp/err" &
	lpid=$!
}
# held N: wait for the command of run N; its pid in $cpid.
held() {
	wait_until test -e "$tmp/h/pid$1" && cpid=$(cat "$tmp/h/pid$1")
}
# go N: let the command of run N end.
go() {
	touch "$tmp/h/go$1"
}

# not COMMAND...: succeeds when COMMAND fails.
not() {
	! "$@"
}

# gone COMMAND...: wait for COMMAND (a search for processes) to find
# nothing.
gone() {
	wait_until not "$@"
}

# No process of this test's latt left (clients included)?
no_latt_left() {
	gone pgrep -x "$tag"
}

# No process whose command line matches $1 left?
none_left() {
	gone pgrep -f -- "$1"
}

# wait_for_file FILE: wait for FILE to exist.
wait_for_file() {
	wait_until test -e "$1"
}

# wait_for_pid FILE: wait for FILE to hold a pid, written by a shell's
# "echo \$\$ >FILE".  The file exists, empty, before the echo writes:
# reading it as soon as it exists can find no pid (cli-jobs.sh 18 and
# 19 failed so in CI's make distcheck).
wait_for_pid() {
	wait_until grep -Eqx '[0-9]+' "$1"
}

# lines FILE: how many lines FILE has (0 when there is none).
lines() {
	cat "$1" 2>/dev/null | wc -l
}

# wait_for_line FILE ERE [AFTER]: wait for a line of FILE matching ERE,
# after its first AFTER lines (see lines).
wait_for_line() {
	wait_until sh -c 'tail -n +$(($2 + 1)) "$0" | grep -Eq -- "$1"' \
		"$1" "$2" "${3:-0}"
}

# state PID: the one-letter state of process PID (R, S, D, T, Z, ...).
state() {
	sed 's/.*) \(.\).*/\1/' "/proc/$1/stat" 2>/dev/null
}

# in_state PID LETTERS: is process PID in one of the states LETTERS?
in_state() {
	case $(state "$1") in
	"") return 1 ;;
	["$2"]) return 0 ;;
	*) return 1 ;;
	esac
}

# blocked_in PID FUNCTION: is process PID asleep in the kernel function
# FUNCTION, or one whose name ends so (its wchan: pipe_read is
# anon_pipe_read in Linux 6.16 and later)?
blocked_in() {
	in_state "$1" S &&
		case $(cat "/proc/$1/wchan" 2>/dev/null) in
		*"$2") true ;;
		*) false ;;
		esac
}

# clients PID: the pids of latt PID's clients (its children named as it
# is; a command latt started has a name of its own).
clients() {
	pgrep -P "$1" -x "$tag"
}

# has_clients PID N: has latt PID N clients?
has_clients() {
	[ "$(clients "$1" | wc -l)" -ge "$2" ]
}

# measured [FILE]: has a latt run with -i written (in FILE, $tmp/err by
# default) an interval line with a wakeup measured?
measured() {
	grep -Eq '^latt: .*; in all [1-9][0-9]* entries' "${1:-$tmp/err}"
}

# $until_measured: a command for latt to run (latt with -i, its stderr in
# $tmp/err) that lasts until latt has measured a wakeup in this run (an
# interval line after those of the runs before), so that a run does not
# end before its first wakeup however slow the machine is.
until_measured="$tmp/until-measured"
cat >"$until_measured" <<EOF
#!/bin/sh
end=\$((\$(date +%s) + $patience))
n=\$(cat '$tmp/err' 2>/dev/null | wc -l)
until tail -n +\$((n + 1)) '$tmp/err' 2>/dev/null |
	grep -Eq '^latt: .*; in all [1-9][0-9]* entries'; do
	[ "\$(date +%s)" -ge "\$end" ] && exit 1
	sleep 0.02
done
exit 0
EOF
chmod +x "$until_measured"

# no_messages FILE: has latt written nothing to FILE (its stderr) but
# -i's interval lines?
no_messages() {
	! grep -Ev '^latt: [0-9.]+(/[0-9.]+)? s[^:]*: interval ' "$1" | grep -q .
}

# $hold: a command for latt to run that lasts until the test calls
# release (or $patience s have passed: then it exits 1).
hold="$tmp/hold"
cat >"$hold" <<EOF
#!/bin/sh
end=\$((\$(date +%s) + $patience))
until [ -e '$tmp/release' ]; do
	[ "\$(date +%s)" -ge "\$end" ] && exit 1
	sleep 0.02
done
rm -f '$tmp/release'
exit 0
EOF
chmod +x "$hold"

release() {
	: >"$tmp/release"
}

# tests/hold-task: keeps one task from running (ptrace), unseen by it.
hold_task="${HOLD_TASK:-$(pwd)/tests/hold-task}"

# can_hold: may this test hold a task (ptrace allowed here)?
can_hold() {
	sleep 5 &
	_p=$!
	"$hold_task" "$_p" </dev/null >/dev/null 2>&1
	_r=$?
	kill "$_p"
	wait "$_p" 2>/dev/null
	return $_r
}

# exited PID: has process PID (a child of this shell) ended, gone or a
# zombie not yet waited for?
exited() {
	! [ -d "/proc/$1" ] || in_state "$1" Z
}

# auto_clock: the clock --clock auto must pick on this machine, found
# from the machine itself: the time-stamp counter where it is invariant
# and the kernel keeps time with it, else monotonic.
auto_clock() {
	case $(uname -m) in
	x86_64)
		_want=tsc
		grep -q '^flags.* constant_tsc' /proc/cpuinfo &&
			grep -q '^flags.* nonstop_tsc' /proc/cpuinfo || _want=none
		;;
	aarch64) _want=arch_sys_counter ;;
	*) _want=none ;;
	esac
	if [ "$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null)" = "$_want" ]; then
		echo tsc
	else
		echo monotonic
	fi
}

# The tracefs latt makes its instances in.
tr=/sys/kernel/tracing

# trace_usable: can latt trace here: root, a writable tracefs at $tr,
# latt built with libtracefs?  If not, $trace_why says why.
trace_usable() {
	trace_why=
	if [ "$(id -u)" -ne 0 ]; then
		trace_why="tracing needs root"
	elif [ ! -d "$tr/instances" ] || [ ! -w "$tr/instances" ]; then
		trace_why="no writable tracefs at $tr"
	else
		"$latt" -c1 -s1 -S1 -t 0.01 -b 1h >/dev/null 2>"$tmp/trace-probe"
		! grep -q 'built without libtracefs' "$tmp/trace-probe" ||
			trace_why="latt is built without libtracefs"
	fi
	[ -z "$trace_why" ]
}

# cpu_cgroup: the cgroup hierarchy with the cpu controller, as latt
# finds it: $cg_mnt, its mount, and $cg_v2, 1 for cgroup v2 (with cpu
# among its controllers) or 0 for v1's cpu hierarchy; false if none.
cpu_cgroup() {
	cg_v2=0
	cg_mnt=$(awk '$(NF - 2) == "cgroup2" { print $5; exit }' \
		/proc/self/mountinfo)
	if [ -n "$cg_mnt" ] &&
		grep -qw cpu "$cg_mnt/cgroup.controllers" 2>/dev/null; then
		cg_v2=1
		return 0
	fi
	cg_mnt=$(awk '$(NF - 2) == "cgroup" { n = split($NF, o, ",")
		for (i = 1; i <= n; i++) if (o[i] == "cpu") { print $5; exit } }' \
		/proc/self/mountinfo)
	[ -n "$cg_mnt" ]
}

# widest FILE: the widest line's length.
widest() {
	awk '{ if (length > m) m = length } END { print m + 0 }' "$1"
}

# joined FILE PREFIX: the line that starts with PREFIX, its continuation
# lines (those that start with a space) joined to it by one space.
joined() {
	awk -v h="$2" 'on && /^ / { sub(/^ +/, " "); printf "%s", $0; next }
		on { exit }
		index($0, h) == 1 { on = 1; printf "%s", $0 }
		END { if (on) print "" }' "$1"
}

# The compact summary of the verdicts that decided nothing ("Can't tell
# N. No verdict M: reason: k; ..."), its continuation lines joined.
verdict_summary() {
	awk '/^(Can.t tell [0-9]+\.|No verdict [0-9]+:)/ { on = 1; printf "%s", $0; next }
		on && /^  [^ ]/ { sub(/^ +/, " "); printf "%s", $0; next }
		on { exit }
		END { if (on) print "" }' "$1"
}

# marks METRIC HEADER_ERE FILE: the verdict mark of METRIC's column in
# each row of the table headed by HEADER_ERE ("." where none): the marks
# follow a value right-aligned under its heading.
marks() {
	awk -v m="$1" -v h="$2" '
		!on && $0 ~ h { p = index($0 " ", " " m " "); if (!p) exit
			e = p + length(m); on = 1; next }
		on && NF == 0 { exit }
		on { k = "."; s = substr($0, e + 1, 2)
			if (match(s, /[wb~?]/)) k = substr(s, RSTART, 1); printf "%s", k }
	' "$3"
}

# run_tty COMMAND: COMMAND (a shell line) with a terminal for its
# stderr (script(1)); latt's lines after each run ("latt: run ...") in
# $tmp/lines.
run_tty() {
	script -qec "$1" /dev/null >"$tmp/tty" 2>&1 </dev/null
	# A run's line as latt wraps it (the words after on lines indented
	# two columns), into $tmp/wrapped; joined again, into $tmp/lines.
	tr '\r' '\n' <"$tmp/tty" | awk '
		/^$/ { next }
		/^latt: run / { if (l != "") print l; l = $0; print >w; next }
		l != "" && /^  / { l = l " " substr($0, 3); print >w; next }
		l != "" { print l; l = "" }
		END { if (l != "") print l }' w="$tmp/wrapped" >"$tmp/lines"
}

# json_schema: the fields latt-json(5) documents, "PATH TYPE|TYPE" a
# line, into $tmp/schema (tests/json-check reads it).
json_schema() {
	sed -n 's/^\.BR "\([^"]*\)" " (\([^)]*\))"$/\1 \2/p' \
		"$top_srcdir/man/latt-json.5" | sed 's/\\-/-/g; s/ or /|/g' >"$tmp/schema"
}
