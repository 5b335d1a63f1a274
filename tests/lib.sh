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

# check DESCRIPTION COMMAND...: pass when COMMAND succeeds.
check() {
	_d=$1
	shift
	if "$@"; then ok 0 "$_d"; else ok 1 "$_d"; fi
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
# SIGQUIT, and latt keeps signals ignored at its start ignored.  Tests
# that interrupt latt start it through $sigdefault, which gives them back
# their default action (GNU env 8.31 and later).
sigdefault=""
env --default-signal=INT true 2>/dev/null && sigdefault="env --default-signal=INT,QUIT"

# run ARGS...: run latt, leaving stdout in $tmp/out, stderr in $tmp/err
# and the exit status in $rc.
run() {
	"$latt" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
}

# field LABEL [NTH [FILE]]: the text of the NTH report line labelled LABEL
# ("\tMax\t\t   20468 usec" is field Max: "20468 usec").
field() {
	awk -F'\t+' -v label="$1" -v nth="${2:-1}" '
		$2 == label && ++seen == nth { v = $3; sub(/^ +/, "", v); print v; exit }
	' "${3:-$tmp/out}"
}

# value LABEL [NTH [FILE]]: the number of that line, without its unit.
value() {
	field "$@" | sed 's/ .*//'
}

# The count of "Entries logged: N".
entries() {
	sed -n 's/^Entries logged: //p' "${1:-$tmp/out}"
}

# gone COMMAND...: wait up to 5 s for COMMAND (a search for processes)
# to find nothing.
gone() {
	_i=0
	while "$@" >/dev/null; do
		_i=$((_i + 1))
		[ $_i -gt 50 ] && return 1
		sleep 0.1
	done
	return 0
}

# No process of this test's latt left (clients included)?
no_latt_left() {
	gone pgrep -x "$tag"
}

# No process whose command line matches $1 left?
none_left() {
	gone pgrep -f -- "$1"
}

# wait_for_file FILE: up to 10 s for FILE to exist.
wait_for_file() {
	_i=0
	while [ ! -e "$1" ]; do
		_i=$((_i + 1))
		[ $_i -gt 100 ] && return 1
		sleep 0.1
	done
	return 0
}
