#!/bin/sh
# Phoronix Test Suite: build latt from its release tarball (make dist) and
# write the script that runs it.  PTS runs this in the test's install
# directory, which is also $HOME.  The "build" load compiles a second copy
# of the same source, over and over.
rm -rf latt-src load
mkdir latt-src load &&
tar -xf latt-*.tar.gz -C latt-src --strip-components=1 &&
tar -xf latt-*.tar.gz -C load --strip-components=1 &&
(cd latt-src && ./configure --quiet && make -s -j "${NUM_CPU_CORES:-1}") &&
(cd load && ./configure --quiet)
echo $? > ~/install-exit-status
cat > latt <<'RUN'
#!/bin/sh
# latt-pts [latt options] [idle|cpu|build]: one measurement beside the
# load; latt -q's line (config=... max=... avg=... p99=...) goes to $LOG_FILE.
cd "$HOME" || exit 1
n=${NUM_CPU_CORES:-1}
load=idle
for a do
	shift
	case $a in
	idle|cpu|build) load=$a ;;
	*) set -- "$@" "$a" ;;
	esac
done
case $load in
cpu)
	set -- "$@" -- sh -c "i=0; while [ \$i -lt $n ]; do (while :; do :; done) & i=\$((i + 1)); done; wait" ;;
build)
	set -- "$@" -- sh -c "while make -s -C load clean >/dev/null 2>&1; make -s -C load -j$n >/dev/null 2>&1; do :; done" ;;
esac
./latt-src/latt -q "$@" </dev/null >"$LOG_FILE" 2>&1
echo $? > ~/test-exit-status
RUN
chmod +x latt
