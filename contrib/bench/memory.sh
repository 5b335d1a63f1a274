#!/bin/sh
# latt's memory over a long run stays flat: the resident set size of the
# waker and of one client, sampled every few seconds while latt runs with
# short sleeps (many samples), printed as a table.
# Usage: contrib/bench/memory.sh [SECONDS] (default 60; 2 or more: the
# first sample is at 1 s)
# LATT chooses latt (./latt); STEP, the seconds between samples (5):
# STEP=1 contrib/bench/memory.sh 2 is brief.
set -eu
secs=${1:-60}
step=${STEP:-5}
latt=${LATT:-./latt}

"$latt" -c4 -s 0 -S 1ms -t "$secs" >/dev/null &
pid=$!
sleep 1
client=$(pgrep -P "$pid" | head -n 1)
echo "# latt -c4 -s0 -S1ms -t $secs: RSS in KiB"
echo "# t(s)  waker  client"
t=1
while kill -0 "$pid" 2>/dev/null && [ "$t" -lt "$secs" ]; do
	w=$(awk '/^VmRSS/ { print $2 }' "/proc/$pid/status" 2>/dev/null || echo -)
	c=$(awk '/^VmRSS/ { print $2 }' "/proc/$client/status" 2>/dev/null || echo -)
	printf '%5d  %6s  %6s\n' "$t" "$w" "$c"
	sleep "$step"
	t=$((t + step))
done
wait "$pid"
