#!/bin/sh
# Hostile input, a short deterministic run of the fuzzer (tests/fuzz.c):
# mutated documents for latt compare and mutated command lines, each run
# checked for sanitizer reports (in a build with --enable-sanitizers),
# crashes, hangs, exit statuses latt(1) does not list, raw control
# characters, invalid UTF-8 and inf/nan in latt's output, and memory.
# tests/fuzz-long.sh runs the same for as long as one likes.
. "${top_srcdir:-.}/tests/lib.sh"

plan 6

fuzz="${top_builddir:-.}/tests/fuzz"
seeds="$top_srcdir/tests/fuzz-seeds"

"$fuzz" -t compare -s 1 -n 400 -l "$LATT" -d "$tmp" \
	"$seeds/single.json" "$seeds/sweep.json" >"$tmp/out" 2>"$tmp/err"
ok $? "latt compare, 400 mutated documents: every run as it must be"
sed 's/^/# /' "$tmp/out"
grep '^fuzz: FAIL' "$tmp/err" | head -n 5 | sed 's/^/# /'
check "... some of them accepted, some refused" \
	grep -q 'exit statuses: 0: [0-9]* 1: [0-9]*$' "$tmp/out"

# As root the fuzzer runs latt as nobody: from where nobody can reach it.
mkdir "$tmp/argv"
bin=$LATT
[ "$(id -u)" -eq 0 ] && bin=$(nobody_latt)
if [ -n "$bin" ]; then
	"$fuzz" -t argv -s 1 -n 60 -l "$bin" -d "$tmp/argv" \
		"$seeds/single.json" >"$tmp/out" 2>"$tmp/err"
	ok $? "latt, 60 mutated command lines: every run as it must be"
	sed 's/^/# /' "$tmp/out"
	grep '^fuzz: FAIL' "$tmp/err" | head -n 5 | sed 's/^/# /'
else
	skip "as root, needs setpriv to run latt as nobody"
fi

# The checker can fail: a raw escape in latt's output is caught.
printf '#!/bin/sh\nprintf "latt: \\033[2J\\n" >&2\nexit 1\n' >"$tmp/fake"
chmod 755 "$tmp/fake"
mkdir "$tmp/fake-dir"
"$fuzz" -t compare -s 1 -n 1 -l "$tmp/fake" -d "$tmp/fake-dir" \
	"$seeds/single.json" >"$tmp/out" 2>&1
check "... and a latt that prints a raw escape fails it" \
	sh -c "test $? -eq 1 && grep -q 'raw control character' '$tmp/out'"

# A latt that SIGINT reached before it set its signals up (a usage error
# on a machine too busy for it to end within the fuzzer's 2 s) dies of it
# as any program: no failure.  One that had taken SIGINT and dies of it
# all the same: a failure.
# (The fuzzer's PATH is latt's directory: the sleep named whole.)
sleep=$(command -v sleep)
printf '#!/bin/sh\nexec %s 60\n' "$sleep" >"$tmp/early"
chmod 755 "$tmp/early"
mkdir "$tmp/early-dir"
"$fuzz" -t argv -s 1 -n 1 -l "$tmp/early" -d "$tmp/early-dir" \
	"$seeds/single.json" >"$tmp/out" 2>&1
ok $? "a latt killed by SIGINT before it took the signal: no failure"
sed 's/^/# /' "$tmp/out"
cat >"$tmp/late" <<EOF
#!/bin/sh
$sleep 60 &
p=\$!
trap 'kill \$p; trap - INT; kill -INT \$\$' INT
wait
EOF
chmod 755 "$tmp/late"
mkdir "$tmp/late-dir"
"$fuzz" -t argv -s 1 -n 1 -l "$tmp/late" -d "$tmp/late-dir" \
	"$seeds/single.json" >"$tmp/out" 2>&1
check "... one that took SIGINT and died of it all the same: a failure" \
	sh -c "test $? -eq 1 && grep -q 'killed by signal 2' '$tmp/out'"
