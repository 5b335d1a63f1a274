#!/bin/sh
# latt measures wakeup latency under a real workload: how long a task
# waits between being woken and running while a load runs beside it.
# Every figure of its report becomes a test case with a measurement and
# units (latt-wakeup-p99 pass 123.4 us), and "latt" passes when latt
# exits 0.

# parse_report REPORT: the test cases of latt's text report (one
# configuration), as "name pass measurement units" lines.  It reads
# latt-0.1's "Wakeup averages" and "Work averages" blocks (Max, Avg,
# Stdev), the pNN lines of the percentile blocks, "Entries logged" and
# the Target block's times.
parse_report() {
    awk '
    /^Entries logged: / { print "latt-entries pass " $3 " count" }
    /^(Wakeup|Work) (averages|percentiles)$/ {
        block = tolower($1) "-" $2; next
    }
    /^-+$/ { next }
    /^[^\t]/ { block = "" }
    /^\t(Max|Avg|Stdev)\t/ && block ~ /averages$/ {
        n = split(block, b, "-")
        print "latt-" b[1] "-" tolower($1) " pass " $2 " us"
    }
    /^\tp(50|90|99|99\.9)\t/ && block ~ /percentiles$/ {
        n = split(block, b, "-")
        print "latt-" b[1] "-" $1 " pass " $2 " us"
    }
    /^\t(Wall|User|System)\t.* s$/ {
        print "latt-target-" tolower($1) " pass " $2 " s"
    }' "$1"
}

# Only the parse, for tests of it: latt.sh --parse REPORT
if [ "${1:-}" = "--parse" ]; then
    parse_report "$2"
    exit
fi

# shellcheck disable=SC1091
. ../../lib/sh-test-lib


OUTPUT="$(pwd)/output"
REPORT="${OUTPUT}/latt-report.txt"
JSON="${OUTPUT}/latt.json"
RESULT_FILE="${OUTPUT}/result.txt"
export RESULT_FILE

CLIENTS="8"
WORK="64k"
MIN_WAIT="10ms"
MAX_WAIT="20ms"
DURATION="60s"
LOAD=""
BACKGROUND_CMD=""
LATT="latt"
SKIP_INSTALL="false"

usage() {
    echo "Usage: $0 [-c clients] [-x work] [-s min_wait] [-S max_wait] [-D duration] [-l load] [-w background_cmd] [-b latt] [-k true|false]" 1>&2
    exit 1
}

while getopts ":c:x:s:S:D:l:w:b:k:" opt; do
    case "${opt}" in
        c) CLIENTS="${OPTARG}" ;;
        x) WORK="${OPTARG}" ;;
        s) MIN_WAIT="${OPTARG}" ;;
        S) MAX_WAIT="${OPTARG}" ;;
        D) DURATION="${OPTARG}" ;;
        l) LOAD="${OPTARG}" ;;
        w) BACKGROUND_CMD="${OPTARG}" ;;
        b) LATT="${OPTARG}" ;;
        k) SKIP_INSTALL="${OPTARG}" ;;
        *) usage ;;
    esac
done

create_out_dir "${OUTPUT}"
if [ "${LATT}" = "latt" ] && ! command -v latt >/dev/null; then
    # Debian 12 and most distributions have no latt package: say how to
    # have one instead of failing in the package manager.
    if [ "${SKIP_INSTALL}" != "true" ] && command -v apt-cache >/dev/null &&
        ! apt-cache show latt >/dev/null 2>&1; then
        error_msg "latt is not in PATH and this distribution has no latt package: install it from its source (./autogen.sh && ./configure && make && make install, or the .deb its debian/ builds) or set LATT to its path"
    fi
    install_deps "latt" "${SKIP_INSTALL}"
fi
command -v "${LATT}" >/dev/null || error_msg "latt is not installed: ${LATT}"

background_process_start bgcmd --cmd "${BACKGROUND_CMD}"

set -- -c "${CLIENTS}" -x "${WORK}" -s "${MIN_WAIT}" -S "${MAX_WAIT}" \
    -t "${DURATION}" -o "${REPORT}" --json "${JSON}" --long
if [ -n "${LOAD}" ]; then
    set -- "$@" -- "${LOAD}"
fi
info_msg "Running: ${LATT} $*"
"${LATT}" "$@" >"${OUTPUT}/latt-load.log" 2>&1
status=$?

background_process_stop bgcmd

cat "${REPORT}" 2>/dev/null
parse_report "${REPORT}" | tee -a "${RESULT_FILE}"
[ "${status}" -eq 0 ]
check_return "latt"
