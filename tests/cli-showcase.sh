#!/bin/sh
# contrib/sched-ext/x264-schedulers.sh, the seed experiment with today's
# schedulers: its usage, and the one-line errors before anything runs
# (no schedulers, no sched_ext).  The experiment itself needs a kernel
# with sched_ext: it runs in a guest of make check-kernels
# (contrib/sched-ext/in-guest.sh).
. "${top_srcdir:-.}/tests/lib.sh"

script=$top_srcdir/contrib/sched-ext/x264-schedulers.sh
plan 6

sh "$script" -h >"$tmp/out" 2>"$tmp/err"
is "$?" 0 "-h: exit 0"
check "... the usage, every option" \
	grep -q '^Usage: x264-schedulers.sh \[-o DIR\] \[-r RUNS\] \[-x KB\] \[-f FRAMES\] \[-s WxH\]$' "$tmp/out"
sh "$script" -q >"$tmp/out" 2>"$tmp/err"
is "$?" 1 "an unknown option: exit 1"
is "$(head -n 1 "$tmp/err")" "x264-schedulers: unknown option -q" \
	"... named, then the usage on stderr"
LATT=$LATT SCX_DIR=$tmp/none sh "$script" -o "$tmp/o" >"$tmp/out" 2>"$tmp/err"
is "$?:$(cat "$tmp/err")" "2:x264-schedulers: no scx_simple and scx_central (set SCX_DIR to the directory of the kernel's tools/sched_ext build)" \
	"no schedulers: exit 2, one line saying where to point"
mkdir -p "$tmp/scx"
printf '#!/bin/sh\nexit 1\n' >"$tmp/scx/scx_simple"
cp "$tmp/scx/scx_simple" "$tmp/scx/scx_central"
chmod +x "$tmp/scx/scx_simple" "$tmp/scx/scx_central"
if [ -e /sys/kernel/sched_ext/state ]; then
	skip "this kernel has sched_ext"
elif ! command -v x264 >/dev/null; then
	skip "no x264 here"
else
	LATT=$LATT SCX_DIR=$tmp/scx sh "$script" -o "$tmp/o" >"$tmp/out" 2>"$tmp/err"
	is "$?:$(cat "$tmp/err")" "2:x264-schedulers: this kernel has no sched_ext (CONFIG_SCHED_CLASS_EXT)" \
		"a kernel without sched_ext: exit 2, saying so"
fi
