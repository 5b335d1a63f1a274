// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt - measure wakeup latency beside a real workload.
 *
 * The story of a measurement: parse the options into configurations,
 * check that latt may make every setting they ask for, set the session
 * up and drop the privileges it no longer needs, then run each
 * configuration (-r times, interleaved), each run applying its settings,
 * measuring beside the command and putting everything back.  Finally the
 * report: latt-0.1's and latt's blocks for a single run, a line per run
 * and a table of the configurations for a sweep; and an exit status
 * decided by the results alone.  The work is done in lib/; this file
 * decides and tells.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "latt/client.h"
#include "latt/compare.h"
#include "latt/config.h"
#include "latt/explain.h"
#include "latt/csv.h"
#include "latt/escape.h"
#include "latt/json.h"
#include "latt/output.h"
#include "latt/parse.h"
#include "latt/priv.h"
#include "latt/report.h"
#include "latt/result.h"
#include "latt/run.h"
#include "latt/sched.h"
#include "latt/session.h"
#include "latt/sysinfo.h"
#include "latt/target.h"
#include "latt/util.h"
#include "lib/aggregate.h"
#include "lib/limit.h"
#include "lib/quiet.h"

#define WAIT_MAX_NS	(3600 * LATT_NSEC_PER_SEC)
#define WORK_MAX	(64ULL << 20)
#define DURATION_MIN_NS	LATT_NSEC_PER_MSEC
#define DURATION_MAX_NS	(30ULL * 24 * 3600 * LATT_NSEC_PER_SEC)
#define GRACE_MAX_NS	(3600 * LATT_NSEC_PER_SEC)
#define CONFIGS_MAX	32
#define RUNS_MAX	1000
#define TOTAL_MAX	4096	/* runs in all: each result takes ~42 KB */

/*
 * Descriptors latt holds besides the clients' channels: stdio, epoll,
 * signalfd, timers, the hand-off socket, the target's exec pipe.
 */
#define FDS_BASE	32

/* -b: ring buffer per CPU, KB: the latest events before the spike. */
#define TRACE_BUFFER_KB	4096
/* --explain: every event of the run, as far as this goes. */
#define EXPLAIN_BUFFER_KB	65536

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/*
 * Setting i is OPT_SETTING + i: getopt_long() takes an abbreviation that
 * fits several options with the same value as the first of them, so each
 * needs a value of its own for "--n" (nice? node?) to be ambiguous.
 */
enum {
	OPT_GRACE = CHAR_MAX + 1,
	OPT_WARMUP,
	OPT_CLOCK,
	OPT_THREADS,
	OPT_FAIL_ABOVE,
	OPT_PER_CLIENT,
	OPT_HIST,
	OPT_JSON,
	OPT_CSV,
	OPT_LABEL,
	OPT_KEEP_TRACE,
	OPT_EXPLAIN,
	OPT_SETTING,		/* latt_config_setting(0), then the others */
};

struct opts {
	struct latt_run_cfg base;	/* every configuration's defaults */
	char *specs[CONFIGS_MAX];	/* -C, in order */
	size_t nspecs;
	unsigned int runs;		/* -r */
	const char *output;		/* -o */
	const char *json;		/* --json */
	const char *csv;		/* --csv */
	const char *label;		/* --label */
	bool quiet;			/* -q */
	unsigned int extra;		/* --per-client, --hist */
	uint64_t interval_ns;		/* -i */
	bool keep_trace;		/* --keep-trace */
	struct latt_limit limits[LATT_LIMITS_MAX];
	size_t nlimits;			/* --fail-above */
	struct latt_metric_list metrics;	/* every output's, with the
						   limits' */
};

/* "+": options stop at the command; ":": latt says what is wrong. */
static const char shortopts[] = "+:c:s:S:x:t:p:C:r:o:qi:b:vVh";

static const struct option fixed_opts[] = {
	{ "clients",     required_argument, NULL, 'c' },
	{ "min-wait",    required_argument, NULL, 's' },
	{ "max-wait",    required_argument, NULL, 'S' },
	{ "work",        required_argument, NULL, 'x' },
	{ "duration",    required_argument, NULL, 't' },
	{ "grace",       required_argument, NULL, OPT_GRACE },
	{ "warmup",      required_argument, NULL, OPT_WARMUP },
	{ "percentiles", required_argument, NULL, 'p' },
	{ "clock",       required_argument, NULL, OPT_CLOCK },
	{ "threads",     no_argument,       NULL, OPT_THREADS },
	{ "config",      required_argument, NULL, 'C' },
	{ "runs",        required_argument, NULL, 'r' },
	{ "output",      required_argument, NULL, 'o' },
	{ "quiet",       no_argument,       NULL, 'q' },
	{ "interval",    required_argument, NULL, 'i' },
	{ "breaktrace",  required_argument, NULL, 'b' },
	{ "keep-trace",  no_argument,       NULL, OPT_KEEP_TRACE },
	{ "explain",     optional_argument, NULL, OPT_EXPLAIN },
	{ "fail-above",  required_argument, NULL, OPT_FAIL_ABOVE },
	{ "per-client",  no_argument,       NULL, OPT_PER_CLIENT },
	{ "hist",        no_argument,       NULL, OPT_HIST },
	{ "json",        required_argument, NULL, OPT_JSON },
	{ "csv",         required_argument, NULL, OPT_CSV },
	{ "label",       required_argument, NULL, OPT_LABEL },
	{ "verbose",     no_argument,       NULL, 'v' },
	{ "version",     no_argument,       NULL, 'V' },
	{ "help",        no_argument,       NULL, 'h' },
};

/* The fixed options, then one per setting, then the end. */
static struct option longopts[ARRAY_SIZE(fixed_opts) + 32];

static bool fixed_opt(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fixed_opts); i++)
		if (!strcmp(fixed_opts[i].name, name))
			return true;
	return false;
}

/*
 * A setting that is also a fixed option keeps that option's form:
 * --threads is a flag, its key "threads=1".
 */
static void build_longopts(void)
{
	size_t n = ARRAY_SIZE(fixed_opts), i;
	const char *name;

	memcpy(longopts, fixed_opts, sizeof(fixed_opts));
	for (i = 0; (name = latt_config_setting(i)) &&
	     n + 1 < ARRAY_SIZE(longopts); i++) {
		if (fixed_opt(name))
			continue;
		longopts[n++] = (struct option){ name, required_argument, NULL,
						 OPT_SETTING + (int)i };
	}
	longopts[n] = (struct option){ NULL, 0, NULL, 0 };
}

/*
 * After --help or --version: a failed write to the standard output is an
 * error (exit 2), as anywhere else.
 */
static void __attribute__((noreturn)) exit_after_stdout(void)
{
	errno = 0;
	if (fflush(stdout) || ferror(stdout) || fclose(stdout)) {
		fprintf(stderr, "latt: write error on standard output: %s\n",
			strerror(errno ? errno : EIO));
		exit(LATT_EXIT_RUNTIME);
	}
	exit(EXIT_SUCCESS);
}

static void __attribute__((noreturn)) usage(void)
{
	fputs(
"Usage: latt [options] [--] [command [args...]]\n"
"       latt [options] 'command with arguments' [options]\n"
"\n"
"Measure wakeup latency: how long a task waits between being woken and\n"
"running, while COMMAND runs beside it (or for --duration without one).\n"
"A single quoted argument containing spaces is run by /bin/sh -c.\n"
"\n"
"Options:\n"
"  -c, --clients N         clients to wake each cycle (1-4096, default 1)\n"
"  -s, --min-wait TIME     shortest sleep between wakeups (default 100ms;\n"
"                          a plain number is in ms)\n"
"  -S, --max-wait TIME     longest sleep between wakeups (default 500ms)\n"
"  -x, --work SIZE         work per wakeup over a buffer of SIZE (default\n"
"                          64k; a plain number is in KB; 0 for none)\n"
"  -t, --duration TIME     measure this long (default 10s without a\n"
"                          command; a plain number is in seconds); with a\n"
"                          command, stop it when the time is up\n"
"      --warmup TIME       drop the samples of the first TIME of each run\n"
"      --grace TIME        after SIGTERM, wait this long before SIGKILL\n"
"                          of the command's process group (default 2s)\n"
"  -p, --percentiles LIST  percentiles to report (default\n"
"                          50,90,99,99.9,99.99)\n"
"      --clock CLOCK       auto (the default: tsc where the kernel trusts\n"
"                          it, else monotonic), monotonic, monotonic_raw\n"
"                          or tsc\n"
"      --mechanism MECH    how clients are woken: pipe (the default),\n"
"                          eventfd, futex or socket\n"
"      --threads           clients are threads of latt, not processes\n"
"                          (-C keys: mechanism=MECH, threads=1 or 0)\n"
"  -C, --config NAME:KEY=VALUE,...\n"
"                          a named configuration of the settings below\n"
"                          (KEY is the option without its dashes); give\n"
"                          several to compare them (\"-C base:\" keeps the\n"
"                          defaults)\n"
"  -r, --runs N            run each configuration N times, interleaved\n"
"                          (1-1000, default 1)\n"
"  -o, --output FILE       write the report to FILE (whole, when latt\n"
"                          ends) instead of the standard output, which\n"
"                          the command keeps\n"
"  -q, --quiet             print only one line per configuration:\n"
"                          config=NAME entries=N max= avg= stdev= p99=\n"
"                          p50= p99.9= (usec) wall_s= cpu_s= cs_per_s=;\n"
"                          not with -v, --per-client, --hist\n"
"      --fail-above LIST   exit 3 when a configuration goes over a limit:\n"
"                          METRIC=TIME,... with METRIC max, avg, stdev\n"
"                          or pNN (\"p99=2ms,max=20ms\"; a plain number\n"
"                          is in usec)\n"
"      --json FILE         write the results as JSON to FILE (- for the\n"
"                          standard output, which then has nothing else)\n"
"      --csv FILE          write a row per run as CSV to FILE (- for the\n"
"                          standard output, which then has nothing else)\n"
"      --label TEXT        name these results in the JSON and the CSV\n"
"                          (latt compare shows it)\n"
"  -i, --interval TIME     print a line of the interval's numbers on\n"
"                          stderr every TIME (a plain number is in\n"
"                          seconds); without it, while stderr is a\n"
"                          terminal, a progress line is updated in place\n"
"  -b, --breaktrace TIME   stop at the first wakeup slower than TIME (a\n"
"                          plain number is in usec), with a trace of the\n"
"                          scheduler's events up to it kept in latt's\n"
"                          own ftrace instance (needs root)\n"
"      --keep-trace        keep that instance even when -b is not reached\n"
"      --explain[=N]       trace the scheduler and explain the N worst\n"
"                          wakeups (default 5): who woke each, the split\n"
"                          of its latency, what ran on its CPU meanwhile\n"
"      --per-client        add a line per client: samples, max, p99, the\n"
"                          CPUs it was woken on, migrations\n"
"      --hist              add a log2 histogram of the wakeup latency\n"
"  -v, --verbose           print every sample as it is logged\n"
"  -V, --version           print the version and exit\n"
"  -h, --help              print this help and exit\n"
"\n"
"Settings of the clients (the defaults of every configuration):\n"
"      --policy POLICY     other, batch, idle, fifo, rr or deadline\n"
"      --priority N        real-time priority for fifo and rr (1-99)\n"
"      --nice N            nice value (-20 to 19)\n"
"      --cpus LIST         CPUs to run on (\"0-3,6\")\n"
"      --node N            NUMA node for CPUs and memory\n"
"      --slice TIME        EEVDF custom slice (100us-100ms; Linux 6.12+)\n"
"      --runtime TIME, --deadline TIME, --period TIME\n"
"                          parameters of policy deadline\n"
"Settings of the waker (latt itself):\n"
"      --waker-policy POLICY, --waker-priority N, --waker-nice N,\n"
"      --waker-cpus LIST\n"
"Settings of the command:\n"
"      --target-policy POLICY, --target-priority N, --target-nice N,\n"
"      --target-cpus LIST, --target-node N\n"
"      --target-cgroup PATH  run it in this cgroup\n"
"      --target-weight N   run it in a cgroup of its own with this CPU\n"
"                          weight (1-10000; 100 is the default weight)\n"
"Settings of the system (restored after each run):\n"
"      --autogroup 0|1     sched_autogroup_enabled\n"
"      --dma-latency USEC  hold a PM QoS CPU latency limit\n"
"      --features LIST     scheduler features (debugfs), NO_X turns X off\n"
"      --preempt MODE      preemption mode (debugfs): none, voluntary,\n"
"                          full or lazy\n"
"      --scheduler COMMAND a sched_ext scheduler to run during each run\n"
"\n"
"TIME takes a unit: ns, us, ms, s, min, h, d (\"500us\", \"2s\"); a plain\n"
"number is in microseconds for the settings.  SIZE takes b, k, m, g.\n"
"\n"
"Exit status: 0 success, 1 usage error, 2 setup or runtime failure\n"
"(including missing privileges), 3 over a --fail-above limit or -b, 4 the\n"
"command failed, 127 the command could not be executed, 128+N\n"
"interrupted by signal N (130 for SIGINT).\n"
"\n"
"       latt compare FILE.json...   compare saved --json results\n"
"\n"
"Examples:\n"
"  latt -c8 sleep 30\n"
"  latt -c8 'make -j4'\n"
"  latt -c4 -t 60 make -j4\n"
"  latt -c8 -r3 -C base: -C fifo:policy=fifo,priority=10 -- make -j4\n"
"\n"
"See latt(1) for the report and more.\n", stdout);
	exit_after_stdout();
}

static void __attribute__((noreturn)) bad_usage(void)
{
	fputs("Try 'latt --help' for more information.\n", stderr);
	exit(LATT_EXIT_USAGE);
}

/* One line, the arguments in it escaped: they may hold anything. */
static void __attribute__((noreturn, format(printf, 1, 2)))
usage_error(const char *fmt, ...)
{
	va_list ap;
	char *msg;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&msg, fmt, ap);
	va_end(ap);
	if (n < 0)
		fputs("latt: out of memory\n", stderr);
	else
		fprintf(stderr, "latt: %s\n", latt_esc_n(msg, (size_t)n));
	exit(LATT_EXIT_USAGE);
}

static const char *optname(int c)
{
	const struct option *o;

	for (o = longopts; o->name; o++)
		if (o->val == c)
			return o->name;
	return "?";
}

/*
 * Is @s text to print as it is: no control character (a newline, a tab)
 * and valid UTF-8, nothing latt_escape() would change?
 */
static bool plain_text(const char *s)
{
	return latt_escape(NULL, 0, s, strlen(s)) == strlen(s);
}

static uint64_t duration_arg(int c, const char *arg, uint64_t unit,
			     uint64_t lo, uint64_t hi, const char *range)
{
	uint64_t ns;

	if (latt_parse_duration(arg, unit, &ns) || ns < lo || ns > hi)
		usage_error("invalid --%s value '%s': expected a time from %s",
			    optname(c), arg, range);
	return ns;
}

static void parse_option(struct opts *o, int c, const char *arg,
			 int longindex)
{
	struct latt_run_cfg *b = &o->base;
	char err[256];
	uint64_t v;
	int ret;

	switch (c) {
	case 'c':
		if (latt_parse_uint(arg, &v) || v < 1 || v > LATT_CLIENTS_MAX)
			usage_error("invalid --clients value '%s': expected a "
				    "whole number from 1 to %d", arg,
				    LATT_CLIENTS_MAX);
		b->clients = (unsigned int)v;
		break;
	case 's':
		b->min_wait_ns = duration_arg(c, arg, LATT_NSEC_PER_MSEC, 0,
					      WAIT_MAX_NS, "0 to 1h");
		break;
	case 'S':
		b->max_wait_ns = duration_arg(c, arg, LATT_NSEC_PER_MSEC, 0,
					      WAIT_MAX_NS, "0 to 1h");
		break;
	case 'x':
		if (latt_parse_size(arg, 1024, &v) || v > WORK_MAX)
			usage_error("invalid --work value '%s': expected a "
				    "size from 0 to 64m", arg);
		b->work_bytes = v;
		break;
	case 't':
		b->duration_ns = duration_arg(c, arg, LATT_NSEC_PER_SEC,
					      DURATION_MIN_NS, DURATION_MAX_NS,
					      "1ms to 30d");
		break;
	case OPT_WARMUP:
		b->warmup_ns = duration_arg(c, arg, LATT_NSEC_PER_SEC, 0,
					    DURATION_MAX_NS, "0 to 30d");
		break;
	case OPT_GRACE:
		b->grace_ns = duration_arg(c, arg, LATT_NSEC_PER_SEC, 0,
					   GRACE_MAX_NS, "0 to 1h");
		break;
	case 'p':
		ret = latt_parse_percentiles(arg, b->pcts, LATT_PCT_MAX,
					     &b->npcts);
		if (ret == -EEXIST)
			usage_error("invalid --percentiles value '%s': a "
				    "percentile is given twice", arg);
		if (ret == -EDOM)
			usage_error("invalid --percentiles value '%s': a "
				    "percentile below 100 too close to tell "
				    "from 100", arg);
		if (ret)
			usage_error("invalid --percentiles value '%s': expected "
				    "up to %d comma-separated numbers above 0 "
				    "and at most 100", arg, LATT_PCT_MAX);
		break;
	case OPT_CLOCK:
		if (latt_clock_parse(arg, &b->clock))
			usage_error("invalid --clock value '%s': expected auto, "
				    "monotonic, monotonic_raw or tsc", arg);
		break;
	case OPT_THREADS:
		b->threads = true;
		break;
	case 'C':
		if (o->nspecs == CONFIGS_MAX)
			usage_error("too many configurations: at most %d -C",
				    CONFIGS_MAX);
		o->specs[o->nspecs++] = (char *)arg;
		break;
	case 'r':
		if (latt_parse_uint(arg, &v) || v < 1 || v > RUNS_MAX)
			usage_error("invalid --runs value '%s': expected a "
				    "whole number from 1 to %d", arg, RUNS_MAX);
		o->runs = (unsigned int)v;
		break;
	case 'o':
		if (!*arg)
			usage_error("invalid --output value '': expected a "
				    "file name");
		o->output = arg;
		break;
	case 'q':
		o->quiet = true;
		break;
	case 'b':
		b->breaktrace_ns = duration_arg(c, arg, LATT_NSEC_PER_USEC,
						LATT_NSEC_PER_USEC,
						3600 * LATT_NSEC_PER_SEC,
						"1us to 1h");
		break;
	case OPT_KEEP_TRACE:
		o->keep_trace = true;
		break;
	case OPT_EXPLAIN:
		b->explain = LATT_EXPLAIN_DEFAULT;
		if (arg && (latt_parse_uint(arg, &v) || v < 1 ||
			    v > LATT_EXPLAIN_MAX))
			usage_error("invalid --explain value '%s': expected a "
				    "whole number from 1 to %d", arg,
				    LATT_EXPLAIN_MAX);
		if (arg)
			b->explain = (unsigned int)v;
		break;
	case 'i':
		o->interval_ns = duration_arg(c, arg, LATT_NSEC_PER_SEC,
					      10 * LATT_NSEC_PER_MSEC,
					      3600 * LATT_NSEC_PER_SEC,
					      "10ms to 1h");
		break;
	case OPT_FAIL_ABOVE:
		if (latt_limit_parse(arg, o->limits, LATT_LIMITS_MAX,
				     &o->nlimits, err, sizeof(err)))
			usage_error("invalid --fail-above value '%s': %s", arg,
				    err);
		break;
	case OPT_JSON:
		if (!*arg)
			usage_error("invalid --json value '': expected a file "
				    "name, or - for the standard output");
		o->json = arg;
		break;
	case OPT_CSV:
		if (!*arg)
			usage_error("invalid --csv value '': expected a file "
				    "name, or - for the standard output");
		o->csv = arg;
		break;
	case OPT_LABEL:
		if (!*arg || strlen(arg) > 256 || !plain_text(arg))
			usage_error("invalid --label value '%s': expected a "
				    "text of 1 to 256 bytes on one line, in "
				    "UTF-8, without control characters", arg);
		o->label = arg;
		break;
	case OPT_PER_CLIENT:
		o->extra |= LATT_REPORT_CLIENTS;
		break;
	case OPT_HIST:
		o->extra |= LATT_REPORT_HIST;
		break;
	case 'v':
		b->verbose = true;
		break;
	case 'V':
		printf("latt %s\n", PACKAGE_VERSION);
		exit_after_stdout();
	case 'h':
		usage();
	default:
		if (c < OPT_SETTING || !latt_config_setting(
			(size_t)(c - OPT_SETTING)))
			bad_usage();
		if (latt_config_set(b, longopts[longindex].name, arg, err,
				    sizeof(err)))
			usage_error("invalid --%s value '%s': %s",
				    longopts[longindex].name, arg, err);
		break;
	}
}

/*
 * What getopt_long() found wrong (it returned '?' or ':' for @c), said
 * as getopt says it, with the word escaped; then bad_usage().
 */
static void __attribute__((noreturn))
getopt_error(int c, int argc, char **argv)
{
	const char *word = optind > 0 && optind <= argc ? argv[optind - 1] :
			   "", *eq;
	const struct option *o, *found = NULL;
	size_t n;
	int matches = 0;
	char ch;

	if (strncmp(word, "--", 2) || !word[2]) {
		ch = (char)optopt;
		fprintf(stderr, "latt: %s -- '%s'\n", c == ':' ?
			"option requires an argument" : "invalid option",
			latt_esc_n(&ch, 1));
		bad_usage();
	}
	eq = strchr(word, '=');
	n = eq ? (size_t)(eq - word - 2) : strlen(word + 2);
	for (o = longopts; o->name; o++) {
		if (strncmp(o->name, word + 2, n))
			continue;
		if (!o->name[n]) {
			found = o;
			matches = 1;
			break;
		}
		found = o;
		matches++;
	}
	if (!matches)
		fprintf(stderr, "latt: unrecognized option '%s'\n",
			latt_esc(word));
	else if (matches > 1)
		fprintf(stderr, "latt: option '%s' is ambiguous\n",
			latt_esc_n(word, n + 2));
	else if (eq && found->has_arg == no_argument)
		fprintf(stderr, "latt: option '--%s' doesn't allow an "
			"argument\n", found->name);
	else
		fprintf(stderr, "latt: option '--%s' requires an argument\n",
			found->name);
	bad_usage();
}

static void getopt_all(struct opts *o, int argc, char **argv)
{
	char *argv0 = argv[0], name[] = "latt";
	int c, longindex = 0;

	/* getopt's own messages name latt, not its path or the command. */
	argv[0] = name;
	while ((c = getopt_long(argc, argv, shortopts, longopts,
				&longindex)) != -1) {
		if (c == '?' || c == ':')
			getopt_error(c, argc, argv);
		parse_option(o, c, optarg, longindex);
	}
	argv[0] = argv0;
}

/*
 * The configurations to run: one per -C, each starting from the command
 * line's settings, or the command line's alone.  Every problem is a usage
 * error, found before anything runs.
 */
static struct latt_run_cfg *make_configs(struct opts *o, size_t *n)
{
	struct latt_run_cfg *cfgs;
	char err[384], ctx[64];
	const char *spec;
	size_t i, j;

	*n = o->nspecs ? o->nspecs : 1;
	if (*n * o->runs > TOTAL_MAX)
		usage_error("%zu configurations run %u times is %zu runs; "
			    "at most %d in all", *n, o->runs, *n * o->runs,
			    TOTAL_MAX);
	cfgs = calloc(*n, sizeof(*cfgs));
	if (!cfgs)
		usage_error("out of memory");
	for (i = 0; i < *n; i++) {
		cfgs[i] = o->base;
		ctx[0] = '\0';
		if (!o->nspecs)
			goto check;
		/* Split in place: configurations point into their text. */
		spec = o->specs[i];
		o->specs[i] = strdup(spec);
		if (!o->specs[i])
			usage_error("out of memory");
		if (latt_config_parse(&cfgs[i], o->specs[i], err, sizeof(err)))
			usage_error("invalid -C '%s': %s", spec, err);
		for (j = 0; j < i; j++)
			if (!strcmp(cfgs[j].name, cfgs[i].name))
				usage_error("configuration '%s' is given twice",
					    cfgs[i].name);
		snprintf(ctx, sizeof(ctx), "configuration '%s': ",
			 cfgs[i].name);
check:
		if (latt_config_check(&cfgs[i], err, sizeof(err)))
			usage_error("%s%s", ctx, err);
	}
	return cfgs;
}

static void parse_options(struct opts *o, int argc, char **argv)
{
	struct latt_run_cfg *b = &o->base;
	size_t i;

	memset(o, 0, sizeof(*o));
	latt_config_init(b);
	o->runs = 1;
	build_longopts();

	/* Options stop at the first word of the command ("+"). */
	getopt_all(o, argc, argv);
	b->cmd_argc = argc - optind;
	b->cmd_argv = argv + optind;

	/*
	 * latt-0.1's form: a quoted shell command followed by options
	 * ("latt 'mplayer -vo null f' -c8").  The command word stands in
	 * for argv[0] while the words after it are parsed.  After "--",
	 * every word is the command's ("latt -- '/opt/a b/prog' x").
	 */
	if (b->cmd_argc > 1 && latt_target_is_shell(1, b->cmd_argv) &&
	    strcmp(argv[optind - 1], "--")) {
		char **rest = b->cmd_argv;
		int nrest = b->cmd_argc;

		optind = 0;	/* GNU getopt: start over on a new vector */
		getopt_all(o, nrest, rest);
		if (optind < nrest)
			usage_error("unexpected argument '%s' after the quoted "
				    "command '%s' (put -- before a program "
				    "whose path has spaces)", rest[optind],
				    rest[0]);
		b->cmd_argc = 1;
	}
	if (!b->cmd_argc && !b->duration_ns)
		b->duration_ns = 10 * LATT_NSEC_PER_SEC;
	/* A limit's metric is one of every output's. */
	latt_metrics_init(&o->metrics);
	for (i = 0; i < o->nlimits; i++) {
		int k = latt_metrics_add(&o->metrics, &o->limits[i].metric);

		if (k < 0)
			usage_error("too many metrics in --fail-above");
		o->limits[i].index = (size_t)k;
	}
	if (b->cmd_argc) {
		b->cmd_display = latt_target_display(b->cmd_argc, b->cmd_argv);
		if (!b->cmd_display)
			usage_error("out of memory");
	}
}

/*
 * Descriptors 0-2 must be open, or pipes would be made on them.  Returns
 * whether the standard output was closed: the report has nowhere to go.
 */
static bool ensure_stdio(void)
{
	bool closed = fcntl(1, F_GETFD) < 0;
	int fd;

	for (fd = 0; fd < 3; fd++)
		if (fcntl(fd, F_GETFD) < 0 && open("/dev/null", O_RDWR) < 0)
			exit(LATT_EXIT_RUNTIME);
	return closed;
}

/*
 * The reader of latt's output left (latt -v | head -1): end as other
 * programs do then, killed by SIGPIPE, now that everything is stopped.
 */
static void __attribute__((noreturn)) die_of_sigpipe(void)
{
	sigset_t set;

	signal(SIGPIPE, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, SIGPIPE);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(SIGPIPE);
	_exit(128 + SIGPIPE);
}

/* The open files the largest of @cfgs[0..n) needs. */
static int ensure_fds(const struct latt_run_cfg *cfgs, size_t n)
{
	uint64_t need = 0, v;
	unsigned int clients = 0;
	struct rlimit rl;
	size_t i;
	int ret;

	/* Thread clients keep both ends of their channel in latt. */
	for (i = 0; i < n; i++) {
		v = (uint64_t)cfgs[i].clients * (cfgs[i].threads ? 2 : 1) *
		    LATT_WAKE_WAKER_FDS + FDS_BASE;
		if (v > need) {
			need = v;
			clients = cfgs[i].clients;
		}
	}

	ret = latt_priv_nofile(need, &rl);
	if (ret == -EMFILE) {
		fprintf(stderr, "latt: %u clients need %llu open files, but "
			"the limit is %llu (hard limit %llu): raise it with "
			"'ulimit -n %llu'%s\n", clients,
			(unsigned long long)need,
			(unsigned long long)rl.rlim_cur,
			(unsigned long long)rl.rlim_max,
			(unsigned long long)need,
			latt_priv_has(CAP_SYS_RESOURCE) ? "" :
			" as root (needs CAP_SYS_RESOURCE)");
		return ret;
	}
	if (ret)
		fprintf(stderr, "latt: reading the open files limit: %s\n",
			strerror(-ret));
	return ret;
}

/*
 * Before anything runs: may latt make every setting of every
 * configuration here?  Returns 0, or prints why not and returns -errno.
 * What it may make but that can keep the run from ending is noted.
 */
static int preflight(const struct latt_run_cfg *cfgs, size_t n, bool named)
{
	bool rt = latt_sysinfo_preempt_rt();
	char err[2 * PATH_MAX];	/* a cgroup's path, whole */
	size_t i;
	int ret;

	/* The clock is every configuration's. */
	if (cfgs[0].clock == LATT_CLOCK_TSC &&
	    !latt_clock_tsc_trusted("", err, sizeof(err))) {
		fprintf(stderr, "latt: --clock tsc: %s (use --clock auto or "
			"monotonic)\n", err);
		return -EOPNOTSUPP;
	}
	for (i = 0; i < n; i++) {
		ret = latt_priv_check(&cfgs[i], err, sizeof(err));
		if (ret) {
			if (named)
				fprintf(stderr, "latt: configuration '%s': "
					"%s\n", cfgs[i].name, latt_esc(err));
			else
				fprintf(stderr, "latt: %s\n", latt_esc(err));
			return ret;
		}
	}
	for (i = 0; i < n; i++)
		if (latt_sched_rt_starves_waker(&cfgs[i].waker,
						&cfgs[i].target, rt))
			fprintf(stderr, "latt: note: %s%s%sa real-time command "
				"can starve the waker on this PREEMPT_RT kernel "
				"(its timers expire in the ktimers thread, fifo "
				"1, on the CPUs they share): the run may not end "
				"at -t; give the waker a higher priority "
				"(--waker-policy fifo --waker-priority N) or "
				"other CPUs (--waker-cpus)\n",
				named ? "configuration '" : "",
				named ? latt_esc(cfgs[i].name) : "",
				named ? "': " : "");
	return 0;
}

/*
 * An output of latt: the report (-o FILE, else the standard output), the
 * JSON (--json).  Each is opened before anything runs and put in place
 * whole at the end.
 */
struct sink {
	struct latt_out file;
	FILE *f;		/* NULL: not written */
	const char *what;	/* "the report" */
	const char *name;	/* for messages: "standard output", "'x'" */
	char *quoted;		/* "'path'", escaped, malloc'd */
};

/* Open @k for @path ("-": the standard output; NULL: not written). */
static int open_sink(struct sink *k, const char *what, const char *option,
		     const char *path, bool stdout_closed)
{
	int ret;

	memset(k, 0, sizeof(*k));
	k->what = what;
	k->name = "standard output";
	if (!path)
		return 0;
	if (!strcmp(path, "-")) {
		if (stdout_closed) {
			fprintf(stderr, "latt: the standard output is closed: "
				"%s has nowhere to go (give %s FILE)\n", what,
				option);
			return -EBADF;
		}
	} else {
		if (asprintf(&k->quoted, "'%s'", latt_esc(path)) < 0) {
			k->quoted = NULL;
			fprintf(stderr, "latt: out of memory\n");
			return -ENOMEM;
		}
		k->name = k->quoted;
	}
	ret = latt_out_open(&k->file, path);
	if (ret) {
		fprintf(stderr, "latt: cannot write %s to %s: %s\n", what,
			k->name, strerror(-ret));
		return ret;
	}
	k->f = k->file.f;
	return 0;
}

/* Put @k in place; the standard output is only flushed here. */
static int commit_sink(struct sink *k)
{
	return k->f ? latt_out_commit(&k->file) : 0;
}

/*
 * Close the standard output: a report that could not be written is a
 * failure.  0 or -errno.
 */
static int close_stdout(void)
{
	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout) && fclose(stdout) == 0)
		return 0;
	return errno ? -errno : -EIO;
}

/* The table of a sweep, over the runs it did, if any measured. */
static int report_sweep(FILE *f, const struct opts *o,
			const struct latt_session *s,
			const struct latt_run_cfg *cfgs,
			const struct latt_agg_cfg *agg, size_t ncfgs,
			const struct latt_result *results, size_t n)
{
	size_t i;
	int ret;

	for (i = 0; i < n; i++)
		if (latt_result_measured(&results[i]) &&
		    results[i].wake.stats.count)
			break;
	if (i == n)
		return 0;
	ret = latt_report_table(f, &s->sys, &o->metrics, cfgs, agg, ncfgs);
	if (ret)
		return ret;
	/* Started: the first run's start. */
	latt_report_produced(f, &results[0], true);
	if (fflush(f) || ferror(f))
		return errno ? -errno : -EIO;
	return 0;
}

/* Is there a report to write: did a run measure, and may it be written? */
static bool has_report(const struct latt_result *results, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (latt_result_measured(&results[i]) &&
		    results[i].stop != LATT_STOP_OUTPUT)
			return true;
	return false;
}

static int write_report(FILE *f, const struct opts *o,
			const struct latt_session *s,
			const struct latt_run_cfg *cfgs,
			const struct latt_agg_cfg *agg, size_t ncfgs,
			const struct latt_result *results, size_t n)
{
	if (o->quiet)
		return latt_quiet_write(f, &o->metrics, agg, ncfgs);
	if (s->sweep)
		return report_sweep(f, o, s, cfgs, agg, ncfgs, results, n);
	/* After a failed -v write, that output is no place for a report. */
	if (!latt_result_measured(&results[n - 1]) ||
	    results[n - 1].stop == LATT_STOP_OUTPUT)
		return 0;
	return latt_report_text(f, &results[n - 1], o->extra);
}

/* The JSON (@csv false) or CSV document of the runs. */
static int write_doc(FILE *f, bool csv, const struct opts *o,
		     const struct latt_session *s, int argc, char **argv,
		     const struct latt_run_cfg *cfgs,
		     const struct latt_agg_cfg *agg, size_t ncfgs,
		     const struct latt_result *results, size_t n)
{
	struct latt_json_doc d = {
		.argc = argc, .argv = argv, .label = o->label, .sys = &s->sys,
		.hz = latt_sysinfo_hz(&s->sys, ""), .cfgs = cfgs,
		.ncfgs = ncfgs, .results = results, .n = n,
		.metrics = &o->metrics, .agg = agg,
	};

	return csv ? latt_csv_write(f, &d) : latt_json_write(f, &d);
}

/*
 * Where @path leads: the device and inode of the file, or of the
 * standard output for "-"; else (not there yet) its directory's and its
 * name.  False when even that cannot be told.
 */
static bool file_id(const char *path, struct stat *st, char *name,
		    size_t len)
{
	char *copy, *dir, resolved[PATH_MAX];
	const char *slash;

	name[0] = '\0';
	if (!strcmp(path, "-"))
		return fstat(STDOUT_FILENO, st) == 0;
	if (!stat(path, st))
		return true;
	slash = strrchr(path, '/');
	copy = strdup(path);
	if (!copy)
		return false;
	dir = slash ? copy : (char *)".";
	if (slash)
		copy[slash - path + (slash == path)] = '\0';
	if (!realpath(dir, resolved) || stat(resolved, st)) {
		free(copy);
		return false;
	}
	snprintf(name, len, "%s", slash ? slash + 1 : path);
	free(copy);
	return true;
}

/* Do @a and @b lead to the same file (or both to the standard output)? */
static bool same_file(const char *a, const char *b)
{
	char na[NAME_MAX + 1], nb[NAME_MAX + 1];
	struct stat sa, sb;

	if (!a || !b)
		return false;
	if (!file_id(a, &sa, na, sizeof(na)) || !file_id(b, &sb, nb, sizeof(nb)))
		return !strcmp(a, b);
	/* A terminal or /dev/null may well be shared. */
	if (!na[0] && S_ISCHR(sa.st_mode))
		return false;
	return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino &&
	       !strcmp(na, nb);
}

/*
 * Open trace @t ("latt-PID@suffix"); on success point @use at it, else
 * say in one line that @option runs without a trace.
 */
static void open_trace(struct latt_trace *t, const char *suffix,
		       unsigned int kb, bool overwrite, const char *option,
		       struct latt_trace **use, bool keep)
{
	char err[256];

	if (latt_trace_open(t, suffix, kb, overwrite, err, sizeof(err))) {
		fprintf(stderr, "latt: %s: no trace: %s; measuring without "
			"it\n", option, latt_esc(err));
		return;
	}
	t->keep = keep;
	*use = t;
}

/* The option that adds a block to the report, for messages. */
static const char *report_extra(const struct opts *o)
{
	if (o->extra & LATT_REPORT_CLIENTS)
		return "--per-client";
	if (o->extra & LATT_REPORT_HIST)
		return "--hist";
	return "--explain";
}

/* Did the reader of the output leave, with latt to die of it? */
static bool reader_left(const struct latt_session *s, int err)
{
	return err == -EPIPE && !s->pipe_ignored;
}

static void __attribute__((noreturn)) compare_usage(int status)
{
	fputs("Usage: latt compare [--cdf] FILE.json [FILE.json...]\n"
	      "\n"
	      "Put the configurations of results saved by latt --json side "
	      "by side:\n"
	      "the median of each configuration's runs, the ratio to the "
	      "first row,\n"
	      "and \"~\" where a difference is within the noise.  --cdf "
	      "prints\neach configuration's distribution for plotting "
	      "instead.  See latt(1).\n", status ? stderr : stdout);
	exit(status);
}

/* latt compare FILE...: 0, 1 for bad usage or a bad file, 2 output. */
static int compare_main(int argc, char **argv)
{
	struct latt_metric_list ml;
	struct latt_cmp_file *files;
	char err[512];
	int i, n = 0, ret, status = LATT_EXIT_OK;
	bool cdf = false;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
			compare_usage(0);
		if (!strcmp(argv[i], "--cdf")) {
			cdf = true;
			argv[i] = NULL;
			continue;
		}
		/* After --, every word is a file. */
		if (!strcmp(argv[i], "--")) {
			argv[i] = NULL;
			break;
		}
		if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "latt compare: unknown option '%s'\n",
				latt_esc(argv[i]));
			compare_usage(LATT_EXIT_USAGE);
		}
	}
	latt_metrics_init(&ml);
	files = calloc((size_t)argc, sizeof(*files));
	if (!files) {
		fprintf(stderr, "latt compare: out of memory\n");
		return LATT_EXIT_RUNTIME;
	}
	for (i = 1; i < argc; i++) {
		if (!argv[i])
			continue;
		if (latt_cmp_read(&files[n], argv[i], &ml, err, sizeof(err))) {
			fprintf(stderr, "latt compare: %s: %s\n",
				latt_esc(argv[i]), latt_esc(err));
			status = LATT_EXIT_USAGE;
		}
		n++;
	}
	if (!n) {
		fprintf(stderr, "latt compare: no file to compare\n");
		free(files);
		compare_usage(LATT_EXIT_USAGE);
	}
	if (!status) {
		ret = cdf ? latt_cmp_cdf(stdout, &ml, files, (size_t)n) :
			    latt_cmp_print(stdout, &ml, files, (size_t)n);
		if (!ret)
			ret = close_stdout();
		if (ret) {
			fprintf(stderr, "latt compare: write error on standard "
				"output: %s\n", strerror(-ret));
			status = LATT_EXIT_RUNTIME;
		}
	}
	for (i = 0; i < n; i++)
		latt_cmp_file_free(&files[i]);
	free(files);
	return status;
}

int main(int argc, char **argv)
{
	struct latt_result *results = NULL, *r;
	struct latt_agg_cfg *agg = NULL;
	struct latt_run_cfg *cfgs;
	struct sink out, json, csv;
	struct latt_trace trace = { .marker_fd = -1, .on_fd = -1 };
	struct latt_trace xtrace = { .marker_fd = -1, .on_fd = -1 };
	struct latt_session s;
	size_t ncfgs, nres = 0, k, i;
	unsigned int run;
	int ret, status = LATT_EXIT_RUNTIME;
	bool stdout_closed, sigpipe = false, doc_stdout;
	char ctx[96], *cmdline = NULL;
	struct sink *failed = NULL;
	struct opts o;

	stdout_closed = ensure_stdio();
	if (argc > 1 && !strcmp(argv[1], "compare")) {
		if (stdout_closed) {
			fprintf(stderr, "latt compare: the standard output is "
				"closed\n");
			return LATT_EXIT_RUNTIME;
		}
		return compare_main(argc - 1, argv + 1);
	}
	parse_options(&o, argc, argv);
	if (o.quiet && o.base.verbose)
		usage_error("-q and -v cannot be used together: -q prints a "
			    "line per configuration, -v every sample");
	if (o.keep_trace && !o.base.breaktrace_ns && !o.base.explain)
		usage_error("--keep-trace keeps the trace of -b or --explain: "
			    "give one of them");
	if (o.quiet && (o.extra || o.base.explain))
		usage_error("-q and %s cannot be used together: -q prints a "
			    "line per configuration and nothing else",
			    report_extra(&o));
	if (o.json && o.csv && !strcmp(o.json, "-") && !strcmp(o.csv, "-"))
		usage_error("--json - and --csv - cannot be used together: "
			    "the standard output holds one document");
	doc_stdout = (o.json && !strcmp(o.json, "-")) ||
		     (o.csv && !strcmp(o.csv, "-"));
	if (doc_stdout && !o.output && (o.quiet || o.base.verbose))
		usage_error("--%s - and %s cannot be used together: the "
			    "standard output has that document alone (give "
			    "-o FILE for the rest)", o.json &&
			    !strcmp(o.json, "-") ? "json" : "csv",
			    o.quiet ? "-q" : "-v");
	if (doc_stdout && !o.output && (o.extra || o.base.explain))
		usage_error("%s adds to the report, which --%s - leaves out "
			    "(give -o FILE for the report)", report_extra(&o),
			    o.json && !strcmp(o.json, "-") ? "json" : "csv");
	if (same_file(o.output, o.json) || same_file(o.output, o.csv) ||
	    same_file(o.json, o.csv))
		usage_error("two of -o, --json and --csv would write to the "
			    "same file (- is the standard output)");
	cfgs = make_configs(&o, &ncfgs);
	if (ensure_fds(cfgs, ncfgs))
		goto out_free;
	if (preflight(cfgs, ncfgs, o.nspecs > 0))
		goto out_free;
	/*
	 * Before the run, and before latt gives up its rights.  With
	 * --json -, the standard output has the JSON alone: the report goes
	 * to -o FILE or nowhere.
	 */
	memset(&json, 0, sizeof(json));
	memset(&csv, 0, sizeof(csv));
	if (open_sink(&out, "the report", "-o", o.output ? o.output :
		      doc_stdout ? NULL : "-", stdout_closed))
		goto out_sinks;
	if (open_sink(&json, "the JSON", "--json", o.json, stdout_closed) ||
	    open_sink(&csv, "the CSV", "--csv", o.csv, stdout_closed))
		goto out_sinks;

	ret = latt_session_init(&s);
	if (ret) {
		fprintf(stderr, "latt: setting up: %s\n", strerror(-ret));
		goto out_sinks;
	}
	/*
	 * The trace instances, made while latt may still mount tracefs:
	 * for -b and --keep-trace the one kept for the user, the latest
	 * events; for --explain its own, which it reads (and so empties):
	 * the first events of a run, what does not fit counted.
	 */
	if (o.base.breaktrace_ns || o.keep_trace)
		open_trace(&trace, "", TRACE_BUFFER_KB, true,
			   o.base.breaktrace_ns ? "-b" : "--keep-trace",
			   &s.trace, o.keep_trace);
	if (o.base.explain)
		open_trace(&xtrace, "-explain", EXPLAIN_BUFFER_KB, false,
			   "--explain", &s.xtrace, false);
	/* Before latt gives up CAP_KILL's company: root's commands too. */
	if (o.base.cmd_argc && (ret = latt_session_guard_start(&s)))
		fprintf(stderr, "latt: warning: no guard for the command "
			"(%s): if latt is killed outright, it may go on\n",
			strerror(-ret));
	cmdline = latt_shell_join(argc, argv);
	s.cmdline = cmdline ? cmdline : "";
	s.label = o.label;
	s.samples = out.f ? out.f : stdout;
	ret = latt_priv_drop(cfgs, ncfgs);
	if (ret) {
		fprintf(stderr, "latt: dropping capabilities: %s\n",
			strerror(-ret));
		goto out_session;
	}
	s.sweep = ncfgs > 1 || o.runs > 1;
	s.total_runs = (unsigned int)(ncfgs * o.runs);
	s.interval_ns = o.interval_ns;
	s.progress = !o.interval_ns && !o.quiet && isatty(STDERR_FILENO);
	/*
	 * Where latt's standard output carries a document (--json -,
	 * --csv -) or the -q lines, the command's output goes to stderr.
	 */
	if (doc_stdout || (o.quiet && !o.output))
		s.target_stdout = STDERR_FILENO;
	results = calloc(ncfgs * o.runs, sizeof(*results));
	if (!results) {
		fprintf(stderr, "latt: out of memory for %zu results\n",
			ncfgs * o.runs);
		goto out_session;
	}

	/* Interleaved, so that drift spreads evenly: A1 B1 A2 B2 ... */
	status = LATT_EXIT_OK;
	for (run = 1; run <= o.runs && !status; run++) {
		for (k = 0; k < ncfgs && !status; k++) {
			r = &results[nres++];
			latt_run(&s, &cfgs[k], run, r);
			status = latt_result_exit_status(r);
			if (r->warning[0])
				fprintf(stderr, "latt: warning: %s\n",
					latt_esc(r->warning));
			if (!s.sweep || o.quiet || !out.f ||
			    !latt_result_measured(r) ||
			    r->stop == LATT_STOP_OUTPUT)
				continue;
			latt_report_run_line(out.f, r, o.runs);
			if (o.extra & LATT_REPORT_CLIENTS)
				latt_report_clients(out.f, r);
			if (o.extra & LATT_REPORT_HIST)
				latt_report_hist(out.f, r);
			if (r->stop == LATT_STOP_BREAK || r->trace_kept)
				latt_report_trace(out.f, r);
			if (r->cfg.explain)
				latt_report_explained(out.f, r);
			if (o.extra || r->cfg.explain)
				fputc('\n', out.f);
			if (fflush(out.f) || ferror(out.f)) {
				/* As a failed -v write: stop here. */
				r->stop = LATT_STOP_OUTPUT;
				r->error = errno ? -errno : -EIO;
				status = LATT_EXIT_RUNTIME;
			}
		}
	}

	r = &results[nres - 1];
	if (r->stop == LATT_STOP_OUTPUT && reader_left(&s, r->error)) {
		sigpipe = true;
		goto out_session;
	}
	agg = calloc(ncfgs, sizeof(*agg));
	if (!agg || latt_agg_results(&o.metrics, cfgs, ncfgs, results, nres,
				     agg)) {
		fprintf(stderr, "latt: out of memory for the summaries\n");
		status = LATT_EXIT_RUNTIME;
		goto out_session;
	}
	ret = 0;
	if (has_report(results, nres)) {
		if (out.f)
			ret = write_report(out.f, &o, &s, cfgs, agg, ncfgs,
					   results, nres);
		if (!ret)
			ret = commit_sink(&out);
		if (ret)
			failed = &out;
		for (k = 0; k < 2 && !ret; k++) {
			struct sink *doc = k ? &csv : &json;

			if (!doc->f)
				continue;
			ret = write_doc(doc->f, k, &o, &s, argc, argv, cfgs,
					agg, ncfgs, results, nres);
			if (!ret)
				ret = commit_sink(doc);
			if (ret)
				failed = doc;
		}
	}
	if (!ret && (out.f == stdout || json.f == stdout || csv.f == stdout)) {
		ret = close_stdout();
		if (ret)
			failed = json.f == stdout ? &json :
				 csv.f == stdout ? &csv : &out;
	}
	if (ret) {
		if (reader_left(&s, ret)) {
			sigpipe = true;
			goto out_session;
		}
		fprintf(stderr, "latt: write error on %s: %s\n",
			failed->name, strerror(-ret));
		status = LATT_EXIT_RUNTIME;
		goto out_session;
	}
	if (o.nlimits && latt_limit_check(stderr, &o.metrics, agg, ncfgs,
					  o.limits, o.nlimits) && !status)
		status = LATT_EXIT_LIMIT;
	if (r->stop == LATT_STOP_OUTPUT) {
		fprintf(stderr, "latt: write error on %s: %s\n", out.name,
			strerror(-r->error));
		goto out_session;
	}
	/* A sweep's table notes a late waker in each configuration's line. */
	ctx[0] = '\0';
	if (s.sweep)
		snprintf(ctx, sizeof(ctx), "configuration '%s', run %u: ",
			 r->cfg.name, r->run);
	if (!s.sweep || (status && (status != LATT_EXIT_LIMIT ||
				    r->stop == LATT_STOP_BREAK)))
		latt_report_verdict(stderr, ctx, r);

out_session:
	latt_trace_close(&trace);
	latt_trace_close(&xtrace);
	latt_session_destroy(&s);
out_sinks:
	/* Whatever was not put in place is dropped. */
	latt_out_abort(&out.file);
	latt_out_abort(&json.file);
	latt_out_abort(&csv.file);
	free(out.quoted);
	free(json.quoted);
	free(csv.quoted);
out_free:
	for (i = 0; i < nres; i++)
		latt_result_release(&results[i]);
	free(results);
	free(agg);
	for (i = 0; i < o.nspecs; i++)
		free(o.specs[i]);
	free((char *)o.base.cmd_display);
	free(cmdline);
	free(cfgs);
	if (sigpipe)
		die_of_sigpipe();
	return status;
}
