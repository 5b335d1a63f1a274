#!/bin/sh
# How the clients start: latt-client, beside latt, forks them as latt's
# children with latt's name, and leaves; run by hand it says what it is;
# where it cannot run, latt forks its clients itself; a kill -9 of latt
# while thousands start leaves nothing.
. "${top_srcdir:-.}/tests/lib.sh"

plan 18

helper=$(dirname "$(readlink -f "$LATT")")/latt-client
[ -x "$helper" ] || skip_all "no latt-client beside $LATT (make builds it)"

# children_of PID: the pids of PID's children named $tag, one per line.
children_of() {
	pgrep -P "$1" -x "$tag"
}

# has_children PID N: PID has N children named $tag.
has_children() {
	[ "$(children_of "$1" | wc -l)" -eq "$2" ]
}

# argv0 PID: the first word of PID's command line.
argv0() {
	tr '\0' '\n' <"/proc/$1/cmdline" 2>/dev/null | head -n 1
}

# three CLIENTS... : three of them, each latt-client's, none latt's.
three_by_helper() {
	[ $# -eq 3 ] || return 1
	for _p in "$@"; do
		[ "$(argv0 "$_p")" = latt-client ] || return 1
	done
}

$sigdefault "$latt" -c3 -s1 -S2 -x0 -t 30 >"$tmp/out" 2>"$tmp/err" &
lp=$!
wait_until has_children "$lp" 3
# latt-client, named as latt too, leaves as soon as the three are made.
sleep 0.5
kids=$(children_of "$lp")
# shellcheck disable=SC2086
check "3 clients: latt's children, with latt's name, started by latt-client" \
	three_by_helper $kids ||
	for p in $kids; do diag "pid $p: $(argv0 "$p")"; done
kill -INT "$lp"
wait "$lp"
is "$?" 130 "... a ^C ends the run: exit 130"
check "... with the 3 clients' report" \
	grep -q '^Parameters: .*clients=3$' "$tmp/out"
check "... and nothing of it left" no_latt_left

# By hand: a program of latt's, not a command.
"$helper" >"$tmp/hout" 2>"$tmp/herr"
is "$?" 2 "latt-client run by hand: exit 2"
is "$(cat "$tmp/herr")" \
	"latt-client: latt runs this program; it is not for running by hand" \
	"... saying so"
"$helper" 99 >"$tmp/hout" 2>"$tmp/herr"
is "$?" 2 "latt-client with a descriptor that is not open: exit 2"
is "$(cat "$tmp/herr")" "latt-client: descriptor 99: Bad file descriptor" \
	"... naming it"

# A latt-client beside latt that cannot run (it exits at once, with
# nothing said): latt forks the clients itself.
mkdir "$tmp/alone"
cp "$LATT" "$tmp/alone/$tag"
printf '#!/bin/sh\nexit 127\n' >"$tmp/alone/latt-client"
chmod 755 "$tmp/alone/latt-client"
$sigdefault "$tmp/alone/$tag" -c3 -s1 -S2 -x0 -t 30 >"$tmp/out" 2>"$tmp/err" &
lp=$!
wait_until has_children "$lp" 3
kids=$(children_of "$lp")
forked=0
for p in $kids; do
	[ "$(argv0 "$p")" = "$tmp/alone/$tag" ] && forked=$((forked + 1))
done
is "$forked" 3 "a latt-client that cannot run: latt forks its 3 clients itself"
kill -INT "$lp"
wait "$lp"
is "$?" 130 "... and the run goes as ever: exit 130"
start=$(date +%s)
"$tmp/alone/$tag" -c3 -s1 -S2 -x0 -t 1 >"$tmp/out" 2>"$tmp/err"
rc=$?
took=$(($(date +%s) - start))
is "$rc$([ "$took" -lt 20 ] && echo ' soon')" "0 soon" \
	"... without waiting for its word: a 1 s run, exit 0, over in ${took} s"

# A latt given CAP_SYS_NICE with setcap, run by a user: the clients that
# latt-client starts have it too, and run at fifo.
# fifo_clients LATT ARGV0: LATT run by nobody with --policy fifo and two
# clients, in the background (its pid in $lp); $fifo, once they run, is
# how many of its clients have ARGV0 and run at fifo.
fifo_clients() {
	$sigdefault setpriv --reuid=65534 --regid=65534 --clear-groups \
		--inh-caps=-all "$1" --policy fifo -c2 -s1 -S2 -x0 -t 30 \
		>"$tmp/out" 2>"$tmp/err" &
	lp=$!
	wait_until has_children "$lp" 2
	# latt-client, named as latt too, leaves once the two are made.
	sleep 0.5
	fifo=0
	for _p in $(children_of "$lp"); do
		[ "$(argv0 "$_p")" = "$2" ] &&
			chrt -p "$_p" | grep -q SCHED_FIFO && fifo=$((fifo + 1))
	done
}

if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null &&
	command -v setcap >/dev/null && command -v chrt >/dev/null; then
	chmod 711 "$tmp" && mkdir "$tmp/caps" && chmod 755 "$tmp/caps" &&
		cp "$LATT" "$tmp/caps/$tag" && cp "$helper" "$tmp/caps/" &&
		chmod 755 "$tmp/caps/$tag" "$tmp/caps/latt-client" &&
		setcap cap_sys_nice+ep "$tmp/caps/$tag"
	fifo_clients "$tmp/caps/$tag" latt-client
	is "$fifo" 2 "latt with setcap cap_sys_nice, run by nobody, --policy fifo: latt-client's 2 clients run at fifo"
	kill -INT "$lp"
	wait "$lp"
	is "$?" 130 "... and the run goes as ever: exit 130"
	check "... with nothing said but the interruption" \
		test "$(grep -vc '^latt: interrupted by SIGINT' "$tmp/err")" = 0 ||
		diag "$(cat "$tmp/err")"
	# Beside it in a directory anyone may write to, latt-client could
	# be anybody's: latt, with a capability to pass on, forks the
	# clients itself.
	mkdir "$tmp/capsw" && chmod 1777 "$tmp/capsw" &&
		cp -p "$tmp/caps/$tag" "$tmp/caps/latt-client" "$tmp/capsw/" &&
		setcap cap_sys_nice+ep "$tmp/capsw/$tag"
	fifo_clients "$tmp/capsw/$tag" "$tmp/capsw/$tag"
	is "$fifo" 2 "... in a directory anyone may write to: latt forks its 2 clients itself, at fifo"
	kill -INT "$lp"
	wait "$lp"
	is "$?" 130 "... and the run goes as ever: exit 130"
else
	skip "needs root, setpriv, setcap and chrt"
	skip "needs root, setpriv, setcap and chrt"
	skip "needs root, setpriv, setcap and chrt"
	skip "needs root, setpriv, setcap and chrt"
	skip "needs root, setpriv, setcap and chrt"
fi

# capabilities LINE PID: PID's line of capabilities ("CapEff: ...").
capabilities() {
	grep "^$1:" "/proc/$2/status" 2>/dev/null
}

# Run by root, latt keeps few capabilities after its set-up: the clients
# have those, not all that root's exec of latt-client would give.
$sigdefault "$latt" -c2 -s1 -S2 -x0 -t 30 >"$tmp/out" 2>"$tmp/err" &
lp=$!
wait_until has_children "$lp" 2
sleep 0.5
same=0
for p in $(children_of "$lp"); do
	[ "$(capabilities CapPrm "$p")" = "$(capabilities CapPrm "$lp")" ] &&
		[ "$(capabilities CapEff "$p")" = "$(capabilities CapEff "$lp")" ] &&
		same=$((same + 1))
done
is "$same" 2 "the 2 clients have latt's capabilities, no more ($(capabilities CapEff "$lp"))"
kill -INT "$lp"
wait "$lp"

# Killed outright while latt-client starts thousands: nothing is left,
# neither clients nor latt-client (which goes by latt's name too).
"$latt" -c4096 -s1 -S2 -x0 -t 30 >"$tmp/out" 2>"$tmp/err" &
lp=$!
wait_until pgrep -P "$lp" -x "$tag"
kill -KILL "$lp"
wait "$lp" 2>/dev/null
check "kill -9 of latt while 4096 clients start: nothing of it left" \
	no_latt_left
