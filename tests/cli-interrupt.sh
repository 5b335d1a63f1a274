#!/bin/sh
# ^C at a terminal with --against and -r auto: the run under way goes on
# to its end, no run starts after it, the verdict so far is printed and
# the JSON written, exit 130; a second ^C ends that run at once.  In a
# tmux pane, as a user at a terminal presses ^C (the foreground group
# gets SIGINT: latt and its clients, not the command).
. "${top_srcdir:-.}/tests/lib.sh"

command -v tmux >/dev/null 2>&1 || skip_all "tmux is not installed"
command -v bash >/dev/null 2>&1 || skip_all "bash is not installed"

plan 16

check_bin="${JSON_CHECK:-$(pwd)/tests/json-check}"
runs() {
	"$check_bin" --get "$1" 'configurations[0].runs' | grep -o '"run":' | wc -l
}
quick="-c2 -s1 -S2 -x0"

run $quick -t 0.3 -r2 --json "$tmp/a.json"
is "$rc" 0 "a baseline of 2 runs"

trap stop_tmux EXIT
pane() {
	tmux_ capture-pane -p -J -S -200
}
# job NAME OPTIONS...: latt in the pane, its report to NAME.out, its exit
# status to NAME.rc; its lines on the terminal.
job() {
	_n=$1
	shift
	rm -f "$tmp/$_n.rc"
	tmux_ send-keys "'$latt' $* --json '$tmp/$_n.json' >'$tmp/$_n.out'; echo \$? >'$tmp/$_n.rc'" Enter
}

# -r auto against the baseline: ^C after run 2 is said.
new_pane 200 50
job auto $quick -t 0.3 -r auto --max-runs 200 --against "$tmp/a.json"
check "-r auto --against in a pane: its run lines on the terminal" \
	wait_until sh -c "tmux -S '$sock' capture-pane -p -J | grep -q '^latt: run 2 of at most 200: '"
tmux_ send-keys C-c
check "^C: latt stops at the end of the run under way" \
	wait_until test -s "$tmp/auto.rc"
is "$(cat "$tmp/auto.rc")" 130 "... exit 130, as for SIGINT"
pane >"$tmp/pane"
check "... said at the ^C: to stop at the end of this run, a second ^C now" \
	grep -q "^latt: ^C: stopping at the end of this run (^C again: now)\$" "$tmp/pane"
n=$(sed -n "s/^latt: ^C: stopped after run \\([0-9]*\\) of 'default'\$/\\1/p" "$tmp/pane")
check "... and after which run it stopped ($n)" test -n "$n"
is "$(runs "$tmp/auto.json")" "$n" "... the JSON written, of those $n runs, each whole"
check "... the verdict so far: latt compare's table against the baseline" \
	grep -q "^Verdicts against .*(a\\.json) at [0-9.]*% on every metric" "$tmp/auto.out"
check "... and -r auto's end, after $n runs" \
	grep -q "^-r auto: $n runs, stopped by ^C; left open:\$\\|^-r auto: decided after $n runs\\.\$" "$tmp/auto.out"
"$check_bin" --get "$tmp/auto.json" 'configurations[0].runs' | grep -o '"stop": *"[a-z]*"' | tr -d ' ' | sort -u >"$tmp/stops"
is "$(cat "$tmp/stops")" '"stop":"duration"' "... every run in it ended at its duration"
is "$("$check_bin" --get "$tmp/auto.json" ended)" interrupted "... its ended: interrupted"

# --against, a fixed -r: the same.
tmux_ kill-server 2>/dev/null
new_pane 200 50
job fixed $quick -t 0.3 -r 200 --against "$tmp/a.json"
wait_until sh -c "tmux -S '$sock' capture-pane -p -J | grep -q '^latt: run 2 of 200: '"
tmux_ send-keys C-c
wait_until test -s "$tmp/fixed.rc"
pane >"$tmp/pane"
n=$(sed -n "s/^latt: ^C: stopped after run \\([0-9]*\\) of 'default'\$/\\1/p" "$tmp/pane")
check "--against -r 200: ^C stops after the run under way ($n), exit 130" \
	sh -c "test '$(cat "$tmp/fixed.rc")' = 130 && test -n '$n' && test $n -lt 200"

# A second ^C ends the run under way: a run of 60 s ends at once.
tmux_ kill-server 2>/dev/null
new_pane 200 50
# Its baseline: the runs of 0.3 s, said to be of 60 s (a baseline is
# of the run's duration).
sed 's/"duration_ns": 300000000,/"duration_ns": 60000000000,/' "$tmp/a.json" >"$tmp/a60.json"
job twice $quick -t 60 -r auto --max-runs 3 --against "$tmp/a60.json"
sleep 1
tmux_ send-keys C-c
check "a run of 60 s: the first ^C is said" \
	wait_until sh -c "tmux -S '$sock' capture-pane -p -J | grep -q '^latt: ^C: stopping at the end of this run'"
t0=$(date +%s)
tmux_ send-keys C-c
wait_until test -s "$tmp/twice.rc"
t1=$(date +%s)
check "... a second ^C ends it at once, exit 130 (in $((t1 - t0)) s)" \
	sh -c "test '$(cat "$tmp/twice.rc")' = 130 && test $((t1 - t0)) -lt 20"
check "... its report and the table against the baseline written" \
	grep -q "^Verdicts against " "$tmp/twice.out"
tmux_ kill-server 2>/dev/null
check "nothing left running" no_latt_left
