// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt's command line: the option table, parsing every option
 * into the configurations to run, and the checks of options that do not
 * go together.  A bad command line is a one-line message and exit 1,
 * before anything runs; --help and --version exit here too.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "latt/config.h"
#include "latt/escape.h"
#include "latt/explain.h"
#include "latt/parse.h"
#include "latt/report.h"
#include "latt/result.h"
#include "latt/target.h"
#include "latt/util.h"
#include "options.h"

#define WAIT_MAX_NS	(3600 * LATT_NSEC_PER_SEC)
#define WORK_MAX	(64ULL << 20)
#define DURATION_MIN_NS	LATT_NSEC_PER_MSEC
#define DURATION_MAX_NS	(30ULL * 24 * 3600 * LATT_NSEC_PER_SEC)
#define GRACE_MAX_NS	(3600 * LATT_NSEC_PER_SEC)
#define CONFIGS_MAX	LATT_CONFIGS_MAX
#define RUNS_MAX	1000
#define TOTAL_MAX	4096	/* runs in all: each result takes ~42 KB */

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
	OPT_FAIL_BELOW,
	OPT_FAIL_IF,
	OPT_PER_CLIENT,
	OPT_HIST,
	OPT_JSON,
	OPT_CSV,
	OPT_LABEL,
	OPT_KEEP_TRACE,
	OPT_EXPLAIN,
	OPT_KERNEL_VIEW,
	OPT_FORCE,
	OPT_SETTING,		/* latt_config_setting(0), then the others */
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
	{ "kernel-view", no_argument,       NULL, OPT_KERNEL_VIEW },
	{ "force",       no_argument,       NULL, OPT_FORCE },
	{ "fail-above",  required_argument, NULL, OPT_FAIL_ABOVE },
	{ "fail-below",  required_argument, NULL, OPT_FAIL_BELOW },
	{ "fail-if",     required_argument, NULL, OPT_FAIL_IF },
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

static void parse_option(struct latt_opts *o, int c, const char *arg,
			 int longindex)
{
	struct latt_run_cfg *b = &o->base;
	char err[256], names[96];
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
		o->pcts_given = true;
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
			usage_error("invalid --clock value '%s': expected %s",
				    arg, latt_clock_list(names, sizeof(names)));
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
	case OPT_FORCE:
		o->force = true;
		break;
	case OPT_KERNEL_VIEW:
		b->kernel_view = true;
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
	case OPT_FAIL_BELOW:
		if (latt_limit_parse(arg, c == OPT_FAIL_BELOW, o->limits,
				     LATT_LIMITS_MAX, &o->nlimits, err,
				     sizeof(err)))
			usage_error("invalid --%s value '%s': %s", optname(c),
				    arg, err);
		break;
	case OPT_FAIL_IF:
		if (latt_fail_if_parse(arg, &o->fail_if, err, sizeof(err)))
			usage_error("invalid --fail-if value '%s': %s", arg,
				    err);
		if (o->fail_if.incomparable)
			usage_error("--fail-if incomparable is latt compare's: "
				    "one sweep runs on one machine");
		o->fail_if_given = true;
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
		latt_exit_after_stdout();
	case 'h':
		latt_usage();
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

static void getopt_all(struct latt_opts *o, int argc, char **argv)
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
static struct latt_run_cfg *make_configs(struct latt_opts *o, size_t *n)
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

static void parse_options(struct latt_opts *o, int argc, char **argv)
{
	struct latt_run_cfg *b = &o->base;

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
	if (b->cmd_argc) {
		b->cmd_display = latt_target_display(b->cmd_argc, b->cmd_argv);
		if (!b->cmd_display)
			usage_error("out of memory");
	}
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

/* The option that adds a block to the report, for messages. */
static const char *report_extra(const struct latt_opts *o)
{
	if (o->extra & LATT_REPORT_CLIENTS)
		return "--per-client";
	if (o->extra & LATT_REPORT_HIST)
		return "--hist";
	return "--explain";
}

/*
 * Options that do not go together, once all are known.  Each is a usage
 * error.
 */
static void check_conflicts(struct latt_opts *o)
{
	bool json_out = o->json && !strcmp(o->json, "-");

	if (o->quiet && o->base.verbose)
		usage_error("-q and -v cannot be used together: -q prints a "
			    "line per configuration, -v every sample");
	if (o->keep_trace && !o->base.breaktrace_ns && !o->base.explain)
		usage_error("--keep-trace keeps the trace of -b or --explain: "
			    "give one of them");
	if (o->quiet && (o->extra || o->base.explain))
		usage_error("-q and %s cannot be used together: -q prints a "
			    "line per configuration and nothing else",
			    report_extra(o));
	if (json_out && o->csv && !strcmp(o->csv, "-"))
		usage_error("--json - and --csv - cannot be used together: "
			    "the standard output holds one document");
	o->doc_stdout = json_out || (o->csv && !strcmp(o->csv, "-"));
	if (o->doc_stdout && !o->output && (o->quiet || o->base.verbose))
		usage_error("--%s - and %s cannot be used together: the "
			    "standard output has that document alone (give "
			    "-o FILE for the rest)", json_out ? "json" : "csv",
			    o->quiet ? "-q" : "-v");
	if (o->doc_stdout && !o->output && (o->extra || o->base.explain))
		usage_error("%s adds to the report, which --%s - leaves out "
			    "(give -o FILE for the report)", report_extra(o),
			    json_out ? "json" : "csv");
	if (same_file(o->output, o->json) || same_file(o->output, o->csv) ||
	    same_file(o->json, o->csv))
		usage_error("two of -o, --json and --csv would write to the "
			    "same file (- is the standard output)");
}

/*
 * The metrics of every output: latt's, the percentiles the limits name,
 * then the command's own of every configuration, each named once, with
 * one direction.  Then the limits that name those.
 */
static void make_metrics(struct latt_opts *o)
{
	struct latt_metric m;
	char err[256];
	size_t i, j;
	int k;

	latt_metrics_init(&o->metrics);
	/* -p: its percentiles, in its order, where p99, p50, p99.9 were. */
	if (o->pcts_given &&
	    latt_metrics_percentiles(&o->metrics, o->base.pcts,
				     o->base.npcts))
		usage_error("too many metrics: at most %d in all",
			    LATT_METRICS_MAX);
	for (i = 0; i < o->nlimits; i++) {
		if (o->limits[i].metric.kind == LATT_MK_TARGET)
			continue;
		k = latt_metrics_add(&o->metrics, &o->limits[i].metric);
		if (k < 0)
			usage_error("too many metrics in --fail-above");
		o->limits[i].index = (size_t)k;
	}
	for (i = 0; i < o->ncfgs; i++) {
		for (j = 0; j < o->cfgs[i].ntm; j++) {
			latt_metric_target(&o->cfgs[i].tm[j], &m);
			k = latt_metrics_add(&o->metrics, &m);
			if (k < 0)
				usage_error("too many metrics: at most %d in "
					    "all", LATT_METRICS_MAX);
			if (o->metrics.m[k].better != m.better)
				usage_error("--target-metric %s is higher-"
					    "better in one configuration and "
					    "lower-better in another: one name, "
					    "one direction", m.name);
		}
	}
	if (latt_limit_resolve(o->limits, o->nlimits, &o->metrics, err,
			       sizeof(err)))
		usage_error("%s", err);
	if (o->fail_if_given) {
		bool ask[LATT_METRICS_MAX];

		if (o->ncfgs < 2)
			usage_error("--fail-if worse compares each "
				    "configuration with the first: it needs "
				    "two -C or more");
		if (latt_fail_if_mask(&o->fail_if, &o->metrics, ask, err,
				      sizeof(err)))
			usage_error("invalid --fail-if value: no metric '%s' "
				    "(max, avg, stdev, pNN, wall_s, cpu_s or "
				    "a --target-metric's name)", err);
	}
}

void latt_opts_parse(struct latt_opts *o, int argc, char **argv)
{
	parse_options(o, argc, argv);
	check_conflicts(o);
	o->cfgs = make_configs(o, &o->ncfgs);
	make_metrics(o);
	o->sweep = o->ncfgs > 1 || o->runs > 1;
}

void latt_opts_free(struct latt_opts *o)
{
	size_t i;

	for (i = 0; i < o->nspecs; i++)
		free(o->specs[i]);
	free((char *)o->base.cmd_display);
	free(o->cfgs);
}
