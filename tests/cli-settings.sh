#!/bin/sh
# Each scheduler setting takes effect, read back from /proc while the
# clients run: the command itself looks at the clients, at latt (the
# waker) and at itself.  System settings are put back after a run and
# after SIGINT; what cannot be done here is said before anything runs;
# without privileges, the capability is named; and latt keeps only the
# capabilities it needs.  Parts that need root are skipped without it.
. "${top_srcdir:-.}/tests/lib.sh"

plan 49

root=0
[ "$(id -u)" = 0 ] && root=1
rt=0
chrt -f 1 true 2>/dev/null && rt=1

# The probe: run by latt as its command, once latt measures (-i; the
# clients have set themselves up), it writes one line per process of the
# run: "client|waker|command policy rtprio nice cpus slice".  Commands
# below wait for that too ($until_measured).
cat >"$tmp/probe.sh" <<'EOF'
out=$1
"$2"
info() {
	pol=$(awk '$1 == "policy" { print $3 }' /proc/$2/sched)
	slice=$(awk '$1 == "se.slice" { print $3 }' /proc/$2/sched)
	prio=$(ps -o rtprio= -p $2 | tr -d ' ')
	ni=$(ps -o ni= -p $2 | tr -d ' ')
	cpus=$(awk '$1 == "Cpus_allowed_list:" { print $2 }' /proc/$2/status)
	echo "$1 $pol $prio $ni $cpus ${slice:--}"
}
# latt's children but this one and latt-guard are its clients.
for p in $(pgrep -P $PPID); do
	[ "$p" = $$ ] || [ "$(cat /proc/$p/comm)" = latt-guard ] || info client $p
done >"$out.tmp"
info waker $PPID >>"$out.tmp"
info command $$ >>"$out.tmp"
mv "$out.tmp" "$out"
EOF
probe() {
	rm -f "$tmp/probe"
	run -c2 -s2 -S4 -t 300 -i 0.01 "$@" -- sh "$tmp/probe.sh" "$tmp/probe" "$until_measured"
}
# seen WHO [FIELDS]: the distinct lines of the probe for WHO, without the
# name: policy, nice and CPUs (fields 2, 4 and 5), or FIELDS.
seen() {
	grep "^$1 " "$tmp/probe" 2>/dev/null | cut -d' ' -f"${2:-2,4-5}" |
		sort -u | tr '\n' '|'
}

ncpu=$(getconf _NPROCESSORS_ONLN)
last=$((ncpu - 1))

# Unprivileged settings of the clients: batch, nice, CPUs.
probe --policy batch --nice 5 --cpus "$last"
is "$rc" 0 "clients at batch, nice 5, on CPU $last: exit 0"
is "$(seen client)" "3 5 $last|" "... read back from both clients"
is "$(grep -c '^client ' "$tmp/probe")" 2 "... two clients"

probe --policy idle
is "$(seen client 2)" "5|" "clients at policy idle"

# NUMA node 0: the clients' memory is bound to it (libnuma).
run -c1 -s2 -S4 -t 300 -i 0.01 --node 0 -- sh -c '"$1"
	for p in $(pgrep -P $PPID); do [ "$p" = $$ ] || [ "$(cat /proc/$p/comm)" = latt-guard ] || grep -c "bind:0" /proc/$p/numa_maps; done >"$0"' "$tmp/numa" "$until_measured"
if grep -q "built without libnuma" "$tmp/err"; then
	check "--node in a latt without libnuma: exit 2, saying so" test "$rc" -eq 2
else
	check "--node 0: the client's memory is bound to node 0" \
		awk '$1 > 0 { found = 1 } END { exit !found }' "$tmp/numa"
fi

major=$(uname -r | cut -d. -f1)
minor=$(uname -r | cut -d. -f2)
if [ "$major" -gt 6 ] || { [ "$major" -eq 6 ] && [ "$minor" -ge 12 ]; }; then
	probe --slice 300us
	is "$rc" 0 "clients with a 300us slice: exit 0"
	is "$(seen client 6)" "300000|" "... se.slice is 300000 ns"
else
	skip "no custom slices before Linux 6.12"
	skip "no custom slices before Linux 6.12"
fi

# The waker and the command.  A raised nice value of latt's own needs
# CAP_SYS_NICE to be undone after the run.
if [ $rt = 1 ]; then
	probe --waker-nice 3 --waker-cpus 0 --target-policy batch \
		--target-nice 4 --target-cpus "$last"
	is "$rc" 0 "waker and command settings: exit 0"
	is "$(seen waker)" "0 3 0|" "... the waker at nice 3 on CPU 0"
else
	run -t 1 --waker-nice 3
	is "$rc" 2 "waker-nice without CAP_SYS_NICE: exit 2"
	check "... latt could not undo it: it says so" \
		grep -q "^latt: waker-nice 3 needs CAP_SYS_NICE (for latt to undo it after the run)" "$tmp/err"
	probe --waker-cpus 0 --target-policy batch --target-nice 4 \
		--target-cpus "$last"
fi
is "$(seen command)" "3 4 $last|" "... the command at batch, nice 4, on CPU $last"
is "$(seen client)" "0 0 $(awk '$1 == "Cpus_allowed_list:" { print $2 }' /proc/self/status)|" \
	"... the clients untouched"

# The waker's settings are its run's only: put back before the next.
if [ $rt = 1 ]; then
	run -c1 -s2 -S4 -t 300 -i 0.01 -C a:waker-nice=3 -C b: -- sh -c \
		'"$1"; ps -o ni= -p $PPID | tr -d " " >>"$0"' "$tmp/nices" "$until_measured"
	is "$(tr '\n' ' ' <"$tmp/nices")" "3 0 " \
		"the waker's nice of configuration a is gone in configuration b"
else
	run -c1 -s2 -S4 -t 300 -i 0.01 -C a:waker-cpus=0 -C b: -- sh -c \
		'"$1"; grep Cpus_allowed_list /proc/$PPID/status | cut -f2 >>"$0"' "$tmp/nices" "$until_measured"
	is "$(tr '\n' ' ' <"$tmp/nices")" "0 $(awk '$1 == "Cpus_allowed_list:" { print $2 }' /proc/self/status) " \
		"the waker's CPUs of configuration a are gone in configuration b"
fi

# Real-time and deadline clients.
if [ $rt = 1 ]; then
	probe --policy fifo --priority 10 --waker-policy rr --waker-priority 5
	is "$rc" 0 "fifo clients, an rr waker: exit 0"
	is "$(seen client 2-3)" "1 10|" "... the clients at fifo 10"
	is "$(seen waker 2-3)" "2 5|" "... the waker at rr 5"
	probe --policy deadline --runtime 100us --period 10ms
	is "$rc" 0 "deadline clients: exit 0"
	is "$(seen client 2)" "6|" "... at policy deadline"
	# A real-time hog on the waker's CPU: the waker wakes late, and the
	# clients (elsewhere) cannot show it.  Said, not hidden.  rr at
	# priority 1, not fifo: on PREEMPT_RT the waker's timers expire in
	# ktimers (fifo 1), which a fifo hog would starve for good (cli-rt).
	if [ "$ncpu" -gt 1 ]; then
		run -l -c1 -s5 -S10 -t 2.5 --waker-cpus 0 --cpus 1 \
			--target-cpus 0 --target-policy rr --json "$tmp/starved.json" -- \
			sh -c 'while :; do :; done'
		# The waker is said to be late when its lateness is over 10 ms
		# and over every client's latency.  A waker preempted between
		# its stamp and the wake gives its client that wait, and then
		# the clients show it: no note, but nothing hidden either.
		jget() { "${JSON_CHECK:-$(pwd)/tests/json-check}" --get "$tmp/starved.json" "configurations[0].runs[0].$1"; }
		late=$(jget waker_late.max_ns)
		worst=$(jget wakeup.max_ns)
		# A kernel may run a fair task beside a real-time hog soon
		# enough (its fair deadline server, 6.12 and later: Debian's
		# 7.3 in the matrix ran the waker within 2 ms, the host's
		# 6.18 let it wait 500 ms): the waker is then not starved,
		# and latt must not say it was.
		if [ "$late" != null ] && [ "${late:-0}" -le 10000000 ]; then
			check "a waker beside a real-time hog, late by only ${late} ns (not starved: this kernel ran it beside the hog): no Waker late line, no note" \
				sh -c "! grep -q 'Waker late' '$tmp/out' && ! grep -q 'waker itself' '$tmp/err'"
			is "$rc" 0 "... and the run exit 0"
		else
			check "a waker starved by a real-time hog: late by over 10 ms (${late} ns)" \
				test "${late:-0}" -gt 10000000
			if grep -q "note: the waker itself woke late" "$tmp/err"; then
				check "... the report and a note on standard error say so" \
					grep -Eq "$(printf '^\tWaker late\t')" "$tmp/out"
			elif [ "$worst" = null ]; then
				# Starved from the start (seen on 6.1-rt): not one wakeup.
				check "... or, no wakeup measured, the run failed saying the waker was starved" \
					sh -c "test $rc -eq 2 && grep -Eq '$(printf '^\tWaker late\t')' '$tmp/out' &&
						grep -q '^latt: no wakeup was measured: the waker itself was starved' '$tmp/err'"
			else
				test "${worst:-0}" -ge "${late:-0}" && ! grep -q 'Waker late' "$tmp/out"
				shown=$?
				check "... or a client waited as long ($worst ns) and the report has no such line" \
					test "$shown" -eq 0
				[ "$shown" -eq 0 ] ||
					{ echo "#   exit $rc"; sed -n '/^Entries logged/,/^Target/s/^/#   /p' "$tmp/out";
					  sed 's/^/#   /' "$tmp/err"; }
			fi
		fi
	else
		skip "needs two CPUs"
		skip "needs two CPUs"
	fi
else
	for i in 1 2 3 4 5 6 7; do skip "real-time policies need CAP_SYS_NICE"; done
fi

# Without privileges: the capability is named, nothing runs.
if [ $root = 1 ] && command -v setpriv >/dev/null; then
	cp "$LATT" "$tmp/latt-nobody"
	chmod 755 "$tmp" "$tmp/latt-nobody"
	nobody() {
		setpriv --reuid=65534 --regid=65534 --clear-groups \
			--inh-caps=-all "$tmp/latt-nobody" "$@" \
			>"$tmp/out" 2>"$tmp/err"
		rc=$?
	}
	nobody -c8 -r3 -C base: -C batch:target-policy=batch \
		-C fifo:policy=fifo,priority=10 -C short:slice=100us -- make -j4
	is "$rc" 2 "unprivileged, a fifo configuration: exit 2"
	check "... naming the configuration and CAP_SYS_NICE" \
		grep -q "^latt: configuration 'fifo': policy fifo needs CAP_SYS_NICE: run latt as root, or give it the capability: setcap cap_sys_nice+ep " "$tmp/err"
	check "... before anything ran" test ! -s "$tmp/out"
	nobody -t 1 --nice -5
	check "unprivileged, nice -5: CAP_SYS_NICE named" \
		grep -q "^latt: nice -5 needs CAP_SYS_NICE" "$tmp/err"
	nobody -t 1 --autogroup 0
	is "$rc" 2 "unprivileged, --autogroup: exit 2"
	if [ -e /proc/sys/kernel/sched_autogroup_enabled ]; then
		check "... saying it cannot write the file" \
			grep -q "^latt: autogroup: cannot write /proc/sys/kernel/sched_autogroup_enabled: .* (run latt as root)$" "$tmp/err"
	else
		# Debian's 7.x PREEMPT_RT is built without it.
		check "... saying this kernel has no autogroup" \
			grep -q "^latt: autogroup: this kernel has no /proc/sys/kernel/sched_autogroup_enabled (it needs CONFIG_SCHED_AUTOGROUP)$" "$tmp/err"
	fi
	nobody -t 1 --dma-latency 0
	check "unprivileged, --dma-latency: said the same way" \
		grep -q "^latt: dma-latency: cannot write /dev/cpu_dma_latency" "$tmp/err"
else
	for i in 1 2 3 4 5 6 7; do skip "needs root and setpriv to become nobody"; done
fi

# Capabilities: only what the runs need is kept.
if [ $root = 1 ] && grep -q '^CapEff:.*[1-9a-f]' /proc/self/status; then
	run -s2 -S4 -t 300 -i 0.01 -- sh -c '"$1"; grep CapEff /proc/$PPID/status >"$0"' "$tmp/caps" "$until_measured"
	is "$(cut -f2 "$tmp/caps")" "0000000000000020" \
		"latt keeps only CAP_KILL when no setting needs more"
	run -s2 -S4 -t 300 -i 0.01 --target-nice -3 -- sh -c '"$1"; grep CapEff /proc/$PPID/status >"$0"' "$tmp/caps" "$until_measured"
	is "$(cut -f2 "$tmp/caps")" "0000000000800020" \
		"... and CAP_SYS_NICE when a setting needs it"
else
	skip "needs root with capabilities"
	skip "needs root with capabilities"
fi

# A cgroup of its own for the command, with a CPU weight.
if [ $root = 1 ]; then
	# The command writes its cgroup first thing (a slow machine, such
	# as an emulated one in make check-kernels, takes a while to get
	# there) and leaves a process behind that only the cgroup can find;
	# -t ends the run, once a wakeup is measured.
	marker="sleep 6161$$"
	run -c1 -s2 -S4 -t 3 -i 0.01 --target-weight 50 -- sh -c \
		'cat /proc/$$/cgroup >"$0"; setsid '"$marker"' & "$1"; sleep 30' "$tmp/cg" "$until_measured"
	is "$rc" 0 "--target-weight 50: exit 0"
	cg=$(grep -E '^0::/|:cpu[,:]' "$tmp/cg" | grep -o 'latt-[0-9]*-default-1' | head -n 1)
	check "... the command ran in a cgroup of latt's ($cg)" test -n "$cg"
	gone=1
	if [ -n "$cg" ] && cpu_cgroup; then
		find "$cg_mnt" -maxdepth 3 -name "$cg" 2>/dev/null | grep -q . && gone=0
	fi
	is "$gone" 1 "... which is removed after the run"
	check "... and a process that left its group was stopped with it" none_left "$marker"
	# The weight itself, read while it runs.
	cpu_cgroup
	run -c1 -s2 -S4 -t 300 -i 0.01 --target-weight 50 -- sh -c \
		'"$1"; for f in "$2"/latt-*/cpu.shares "$2"/latt-*/cpu.weight "$2"/*/latt-*/cpu.weight; do [ -r "$f" ] && echo "$f $(cat "$f")"; done >"$0"' "$tmp/w" "$until_measured" "$cg_mnt"
	check "... with the weight 50 (cpu.weight 50, or cpu.shares 512)" \
		grep -Eq '(cpu.weight 50|cpu.shares 512)$' "$tmp/w"
else
	for i in 1 2 3 4 5; do skip "cannot make cgroups here"; done
fi

# An existing cgroup for the command.
cpudir=""
cpu_cgroup && [ -w "$cg_mnt/cgroup.procs" ] && cpudir=$cg_mnt
if [ $root = 1 ] && [ -n "$cpudir" ] && mkdir "$cpudir/latt-test-$$" 2>/dev/null; then
	run -c1 -s2 -S4 -t 300 -i 0.01 --target-cgroup "$cpudir/latt-test-$$" -- sh -c \
		'"$1"; cat /proc/$$/cgroup >"$0"' "$tmp/cg" "$until_measured"
	is "$rc" 0 "--target-cgroup: exit 0"
	check "... the command ran in it" grep -q "/latt-test-$$\$" "$tmp/cg"
	check "... and latt left the cgroup there" test -d "$cpudir/latt-test-$$"
	rmdir "$cpudir/latt-test-$$"
else
	for i in 1 2 3; do skip "cannot make a cgroup here"; done
fi
# A cgroup that is gone when its configuration starts (the first one's
# command removes it), at a long path: the message says all of it, or
# with a path too long for any message, its start and why, cut visibly.
if [ $root = 1 ] && [ -n "$cpudir" ] && mkdir "$cpudir/latt-long-$$" 2>/dev/null; then
	long=$cpudir/latt-long-$$/$(printf '%0200d' 0)/$(printf '%0200d' 1)
	longer=$cpudir/latt-long-$$
	for i in 2 3 4 5 6 7; do longer=$longer/$(printf "%0240d" $i); done
	mkdir -p "$long" "$longer"
	run -c1 -s1 -S2 -t 300 -i 0.01 -C a: -C "b:target-cgroup=$long" \
		--json "$tmp/long.json" -- sh -c 'rmdir "$0"; "$1"' "$long" \
		"$until_measured"
	is "$rc" 2 "--target-cgroup gone before its run, a path of ${#long} characters: exit 2"
	check "... the path and why, whole, on standard error" \
		grep -qF "target-cgroup $long is not a cgroup directory (it has no cgroup.procs): No such" "$tmp/err"
	check "... and in the JSON" \
		grep -qF "target-cgroup $long is not a cgroup directory" "$tmp/long.json"
	run -c1 -s1 -S2 -t 300 -i 0.01 -C a: -C "b:target-cgroup=$longer" \
		-- sh -c 'rmdir "$0"; "$1"' "$longer" "$until_measured"
	check "... a path of ${#longer} characters: cut visibly, its start and why kept" \
		sh -c "grep -F 'target-cgroup $cpudir/latt-long-$$/000' '$tmp/err' |
			grep -F '[...]' | grep -q 'is not a cgroup directory (it has no cgroup.procs): No such file or directory\$'"
	find "$cpudir/latt-long-$$" -depth -type d -exec rmdir {} \;
else
	for i in 1 2 3 4; do skip "cannot make a cgroup here"; done
fi
run -t 1 --target-cgroup /nonexistent/cg true
check "--target-cgroup that is not a cgroup: said before anything runs" \
	grep -q "^latt: target-cgroup /nonexistent/cg is not a cgroup directory" "$tmp/err"

# System settings: made for the run, put back after it and after SIGINT.
ag=/proc/sys/kernel/sched_autogroup_enabled
if [ $root = 1 ] && [ -w $ag ]; then
	before=$(cat $ag)
	other=$((1 - before))
	run -c1 -s2 -S4 -t 300 -i 0.01 --autogroup $other -- sh -c '"$1"; cat '$ag' >"$0"' "$tmp/ag" "$until_measured"
	is "$(cat "$tmp/ag")" "$other" "--autogroup $other: set during the run"
	is "$(cat $ag)" "$before" "... and put back after it"
	rm -f "$tmp/err"
	$sigdefault "$latt" -c1 -s2 -S4 -i 0.01 --autogroup $other sleep 30 >/dev/null 2>"$tmp/err" &
	pid=$!
	wait_until measured
	during=$(cat $ag)
	kill -INT $pid
	wait $pid
	is "$during$(cat $ag)" "$other$before" "... and after SIGINT"
else
	for i in 1 2 3; do skip "cannot write $ag"; done
fi

if [ $root = 1 ] && [ -w /dev/cpu_dma_latency ]; then
	run -c1 -s2 -S4 -t 300 -i 0.01 --dma-latency 7 -- sh -c \
		'"$1"; od -An -td4 /dev/cpu_dma_latency | tr -d " " >"$0"' "$tmp/qos" "$until_measured"
	is "$(cat "$tmp/qos")" 7 "--dma-latency 7: the PM QoS limit is 7 during the run"
	check "... and released after it" \
		test "$(od -An -td4 /dev/cpu_dma_latency | tr -d ' ')" != 7
else
	skip "cannot write /dev/cpu_dma_latency"
	skip "cannot write /dev/cpu_dma_latency"
fi

# debugfs and sched_ext: where this machine cannot, latt says so first.
run -t 1 --features NO_LATT_TEST_NO_SUCH_FEATURE
is "$rc" 2 "--features with a feature no kernel has: exit 2"
check "... before anything ran, in one line saying why" \
	sh -c "test ! -s '$tmp/out' && test \$(wc -l <'$tmp/err') -eq 1 &&
		grep -Eq '^latt: (features: this kernel has no scheduler feature LATT_TEST_NO_SUCH_FEATURE|features: the kernel refuses|features: this kernel has no|features: debugfs is not mounted)' '$tmp/err'"
if [ -e /sys/kernel/sched_ext/state ]; then
	skip "this kernel has sched_ext"
else
	run -t 1 --scheduler scx_lavd
	check "--scheduler without sched_ext: exit 2, saying so" \
		sh -c "test $rc -eq 2 && grep -q '^latt: scheduler: this kernel has no sched_ext' '$tmp/err'"
fi
