#!/bin/sh
# How long latt takes to start N clients, wake each once (a run that
# measured nothing fails) and stop them, against hackbench (rt-tests)
# starting the same number of processes connected by pipes, in the same
# run.  Two latt commands: with -x0, start-up and tear-down alone, as
# hackbench's processes do no work (the comparable figure); and without,
# what latt -cN -s0 -S0 -t 1ms costs as typed, each client doing its
# default work once.  Needs hyperfine and rt-tests:
#   apt-get install hyperfine rt-tests
# Usage: contrib/bench/startup.sh [N] (default 1000; a multiple of 40)
# LATT chooses latt (./latt); RUNS, hyperfine's runs of each (10; 2
# warm-up runs come first): RUNS=2 contrib/bench/startup.sh 40 is brief.
set -eu
n=${1:-1000}
latt=${LATT:-./latt}
runs=${RUNS:-10}
groups=$((n / 40))
[ "$groups" -ge 1 ] || { echo "startup.sh: N must be 40 or more" >&2; exit 2; }

echo "# $(uname -r), $(nproc) CPUs, $(date -u +%Y-%m-%d)"
echo "# latt: start $n clients, wake each once, stop and reap them"
echo "# hackbench: $groups groups x 40 processes, one message each"
hyperfine --warmup 2 --runs "$runs" -N \
	"$latt -c$n -s0 -S0 -x0 -t 1ms" \
	"$latt -c$n -s0 -S0 -t 1ms" \
	"hackbench -p -g $groups -l 1"
