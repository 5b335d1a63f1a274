#!/bin/sh
# Many clients: 2000 of them run, the open-files limit is raised when that
# is allowed, and a limit that cannot be raised is a clear error, as is
# the limit of processes per user.
. "${top_srcdir:-.}/tests/lib.sh"

plan 12

run -c2000 -s50 -S100 -t 2
is "$rc" 0 "2000 clients: exit 0"
is "$(sed -n 2p "$tmp/out")" "Parameters: min_wait=50ms, max_wait=100ms, clients=2000" \
	"... all of them are reported"
check "... and woken" test "$(entries)" -ge 2000
check "... and none is left" no_latt_left

# A soft limit below the need is raised up to the hard limit.
hard=$(ulimit -Hn)
if [ "$hard" = unlimited ] || [ "$hard" -ge 5000 ]; then
	( ulimit -Sn 256 && "$latt" -c2000 -s50 -S100 -t 0.5 >"$tmp/out" 2>"$tmp/err" )
	is "$?" 0 "a soft open-files limit of 256 is raised for 2000 clients"
else
	skip "hard open-files limit $hard is below 5000"
fi

# A hard limit that may not be raised: say exactly what to raise.
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
	setpriv --inh-caps=-sys_resource --bounding-set=-sys_resource \
		sh -c 'ulimit -n 256 && exec "$0" -c2000 -s1 -S2 -t 0.5 true' \
		"$latt" >"$tmp/out" 2>"$tmp/err"
	is "$?" 2 "a hard limit too low to raise: exit 2"
	check "... saying which limit to raise" \
		grep -q "^latt: 2000 clients need [0-9]* open files, but the limit is 256 (hard limit 256): raise it with 'ulimit -n [0-9]*'" "$tmp/err"
elif [ "$(ulimit -Hn)" != unlimited ]; then
	( ulimit -n 256 && "$latt" -c2000 -s1 -S2 -t 0.5 true >"$tmp/out" 2>"$tmp/err" )
	is "$?" 2 "a hard limit too low to raise: exit 2"
	check "... saying which limit to raise" grep -q "ulimit -n" "$tmp/err"
else
	skip "cannot lower the hard limit here"
	skip "cannot lower the hard limit here"
fi

# The processes a user may run (ulimit -u, RLIMIT_NPROC; root is exempt,
# so as nobody): the clients that do not fit are a clear error naming it.
nobody=$(nobody_latt)
if [ -n "$nobody" ] && command -v prlimit >/dev/null; then
	as_nobody prlimit --nproc=8 "$nobody" -c20 -s1 -S2 -t 0.5 \
		>"$tmp/out" 2>"$tmp/err"
	is "$?" 2 "more clients than 'ulimit -u' allows: exit 2"
	check "... naming the limit and what to raise" \
		grep -q "^latt: starting 20 clients ([0-9]* started): this user may run 8 processes and threads in all, .*(RLIMIT_NPROC): raise it with 'ulimit -u'" "$tmp/err"
else
	skip "needs root, setpriv and prlimit to run latt as nobody"
	skip "needs root, setpriv and prlimit to run latt as nobody"
fi

# A stop while thousands of clients start: no more are started and the
# run ends as stopped, with the clients it has (latt -c4096 under ASan,
# at nice 19, was still starting clients 30 s after a SIGINT).
# latt at nice 19: this shell, which sends the SIGTERM once it sees the
# first client, must not be the one kept waiting (beside the kernel
# matrix's qemu in CI it saw none until all 4096 had started).
check_bin="${JSON_CHECK:-$(pwd)/tests/json-check}"
$sigdefault nice -n 19 "$latt" -c4096 -s1 -S2 -t 5 --json "$tmp/s.json" \
	>"$tmp/out" 2>"$tmp/err" &
lp=$!
wait_until pgrep -P "$lp" -x "$tag"
kill -TERM "$lp"
wait "$lp"
is "$?" 143 "SIGTERM once the first of 4096 clients runs: exit 143"
first=$("$check_bin" --get "$tmp/s.json" 'configurations[0].runs[0].clients[0].client')
last=$("$check_bin" --get "$tmp/s.json" 'configurations[0].runs[0].clients[4095].client')
check "... its run has the clients started by then, not 4096 (the first: $first, the 4096th: $last)" \
	test "$first" = 1 -a "$last" = null
check "... and none is left" no_latt_left
