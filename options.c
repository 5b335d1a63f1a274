// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt's command line: the option table, and parsing every option into
 * the configurations to run (the checks of options that do not go
 * together are options-check.c's).  A bad command line is a one-line
 * message and exit 1 (usage.c), before anything runs; --help and
 * --version exit here too.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "base/parse.h"
#include "judge/limit.h"
#include "judge/verdict-ask.h"
#include "judge/verdict.h"
#include "measure/clock.h"
#include "report/report.h"
#include "run/result.h"
#include "run/target.h"
#include "settings/config-spec.h"
#include "settings/config.h"
#include "options.h"
#include "options-check.h"
#include "usage.h"

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
	OPT_LEVEL,
	OPT_PER_CLIENT,
	OPT_HIST,
	OPT_JSON,
	OPT_CSV,
	OPT_LABEL,
	OPT_KEEP_TRACE,
	OPT_EXPLAIN,
	OPT_KERNEL_VIEW,
	OPT_NO_CMD_WAITS,
	OPT_FORCE,
	OPT_AGAINST,
	OPT_PROFILE,
	OPT_SAME_WITHIN,
	OPT_MAX_RUNS,
	OPT_MAX_TIME,
	OPT_DECIDE_ON,
	OPT_SETTING,		/* latt_config_setting(0), then the others */
};

/*
 * latt's own options, one row each: its names, its argument, where its
 * value goes and how it is read.  getopt's tables are made from it, and
 * parse_option() reads the row of the option it is given.  The settings
 * (latt_config_setting(): --policy, --cpus, ...) follow it as options of
 * their own, read by latt_config_set().
 */
enum opt_kind {
	OK_FLAG,	/* a bool set to true */
	OK_BIT,		/* @lo or'ed into an unsigned int */
	OK_COUNT,	/* an unsigned int from @lo to @hi */
	OK_TIME,	/* a uint64_t of ns from @lo to @hi; a plain number
			   in @unit */
	OK_SIZE,	/* a uint64_t of bytes up to @hi; plain in KB */
	OK_FILE,	/* a file name, not empty: a const char * */
	OK_CALL,	/* read by @parse */
};

struct opt_row;
typedef void (*opt_parse_fn)(struct latt_opts *o, const struct opt_row *d,
			     const char *arg);

struct opt_row {
	const char *name;	/* the long option */
	int val;		/* the short one, or an OPT_* */
	int has_arg;		/* no_argument, required_..., optional_... */
	enum opt_kind kind;
	size_t off;		/* of the value in struct latt_opts */
	uint64_t unit, lo, hi;
	const char *range;	/* "1 to 4096", "0 to 1h", "a file name" */
	opt_parse_fn parse;	/* OK_CALL */
};

#define IN_OPTS(field)	offsetof(struct latt_opts, field)
#define IN_BASE(field)	offsetof(struct latt_opts, base.field)
#define NS_MS		LATT_NSEC_PER_MSEC
#define NS_S		LATT_NSEC_PER_SEC
#define NS_US		LATT_NSEC_PER_USEC

static void __attribute__((noreturn)) bad_usage(void)
{
	fprintf(stderr, "Try '%s --help' for more information.\n",
		latt_prog);
	exit(LATT_EXIT_USAGE);
}

/*
 * Is @s text to print as it is: no control character (a newline, a tab)
 * and valid UTF-8, nothing latt_escape() would change?
 */
static bool plain_text(const char *s)
{
	return latt_escape(NULL, 0, s, strlen(s)) == strlen(s);
}

static uint64_t duration_arg(const struct opt_row *d, const char *arg)
{
	uint64_t ns;

	if (latt_parse_duration(arg, d->unit, &ns) || ns < d->lo ||
	    ns > d->hi)
		latt_usage_error("invalid --%s value '%s': expected a time "
				 "from %s%s", d->name, arg, d->range,
				 latt_duration_hint(arg));
	return ns;
}

static unsigned int count_arg(const struct opt_row *d, const char *arg)
{
	uint64_t v;

	if (latt_parse_uint(arg, &v) || v < d->lo || v > d->hi)
		latt_usage_error("invalid --%s value '%s': expected a whole "
				 "number from %llu to %llu", d->name, arg,
				 (unsigned long long)d->lo,
				 (unsigned long long)d->hi);
	return (unsigned int)v;
}

static void parse_percentiles(struct latt_opts *o, const struct opt_row *d,
			      const char *arg)
{
	struct latt_run_cfg *b = &o->base;
	int ret;

	o->pcts_given = true;
	ret = latt_parse_percentiles(arg, b->pcts, LATT_PCT_MAX, &b->npcts);
	if (ret == -EEXIST)
		latt_usage_error("invalid --%s value '%s': a percentile is "
				 "given twice", d->name, arg);
	if (ret == -EDOM)
		latt_usage_error("invalid --%s value '%s': a percentile below "
				 "100 too close to tell from 100", d->name,
				 arg);
	if (ret)
		latt_usage_error("invalid --%s value '%s': expected up to %d "
				 "comma-separated numbers above 0 and at most "
				 "100", d->name, arg, LATT_PCT_MAX);
}

static void parse_clock(struct latt_opts *o, const struct opt_row *d,
			const char *arg)
{
	char names[96];

	if (latt_clock_parse(arg, &o->base.clock))
		latt_usage_error("invalid --%s value '%s': expected %s",
				 d->name, arg,
				 latt_clock_list(names, sizeof(names)));
}

static void parse_config(struct latt_opts *o, const struct opt_row *d,
			 const char *arg)
{
	(void)d;
	if (o->nspecs == CONFIGS_MAX)
		latt_usage_error("too many configurations: at most %d -C",
				 CONFIGS_MAX);
	o->specs[o->nspecs++] = (char *)arg;
}

static void parse_explain(struct latt_opts *o, const struct opt_row *d,
			  const char *arg)
{
	o->base.explain = arg ? count_arg(d, arg) : LATT_EXPLAIN_DEFAULT;
}

/* --fail-above and --fail-below. */
static void parse_limit(struct latt_opts *o, const struct opt_row *d,
			const char *arg)
{
	char err[256];

	if (latt_limit_parse(arg, d->val == OPT_FAIL_BELOW, o->limits,
			     LATT_LIMITS_MAX, &o->nlimits, err, sizeof(err)))
		latt_usage_error("invalid --%s value '%s': %s", d->name, arg,
				 err);
}

static void parse_fail_if(struct latt_opts *o, const struct opt_row *d,
			  const char *arg)
{
	char err[256];

	if (latt_fail_if_parse(arg, &o->fail_if, err, sizeof(err)))
		latt_usage_error("invalid --%s value '%s': %s", d->name, arg,
				 err);
	if (o->fail_if.incomparable)
		latt_usage_error("--fail-if incomparable is latt compare's: "
				 "one sweep runs on one machine");
	o->fail_if_given = true;
}

static void parse_against(struct latt_opts *o, const struct opt_row *d,
			  const char *arg)
{
	if (!*arg)
		latt_usage_error("invalid --%s value '': expected a file "
				 "name", d->name);
	if (o->nagainst == LATT_AGAINST_MAX)
		latt_usage_error("too many files to judge against: at most "
				 "%d --against", LATT_AGAINST_MAX);
	o->against[o->nagainst++] = arg;
}

/* -r N, or -r auto: until the verdicts decide (judge/sequential.h). */
static void parse_runs(struct latt_opts *o, const struct opt_row *d,
		       const char *arg)
{
	uint64_t v;

	o->runs_auto = !strcmp(arg, "auto");
	if (o->runs_auto)
		return;
	if (latt_parse_uint(arg, &v) || v < d->lo || v > d->hi)
		latt_usage_error("invalid --%s value '%s': expected a whole "
				 "number from %llu to %llu, or auto", d->name,
				 arg, (unsigned long long)d->lo,
				 (unsigned long long)d->hi);
	o->runs = (unsigned int)v;
}

/* --decide-on METRIC,...: checked once the metrics are known. */
static void parse_decide_on(struct latt_opts *o, const struct opt_row *d,
			    const char *arg)
{
	char err[256];

	o->ndecide = 0;
	snprintf(err, sizeof(err), "expected METRIC[,METRIC...] (p50,p99)");
	if (!*arg || latt_metric_names_parse(arg, o->decide_on, &o->ndecide,
					     err, sizeof(err)))
		latt_usage_error("invalid --%s value '%s': %s", d->name, arg,
				 err);
}

static void parse_same_within(struct latt_opts *o, const struct opt_row *d,
			      const char *arg)
{
	char err[256];

	if (latt_same_within_parse(arg, &o->same_within, err, sizeof(err)))
		latt_usage_error("invalid --%s value '%s': %s", d->name, arg,
				 err);
}

static void parse_level(struct latt_opts *o, const struct opt_row *d,
			const char *arg)
{
	char err[256];

	if (latt_verdict_level_parse(arg, &o->level, err, sizeof(err)))
		latt_usage_error("invalid --%s value '%s': %s", d->name, arg,
				 err);
	o->level_given = true;
}

static void parse_label(struct latt_opts *o, const struct opt_row *d,
			const char *arg)
{
	if (!*arg || strlen(arg) > 256 || !plain_text(arg))
		latt_usage_error("invalid --%s value '%s': expected a text of "
				 "1 to 256 bytes on one line, in UTF-8, "
				 "without control characters", d->name, arg);
	o->label = arg;
}

static void parse_version(struct latt_opts *o, const struct opt_row *d,
			  const char *arg)
{
	(void)o;
	(void)d;
	(void)arg;
	printf("latt %s\n", PACKAGE_VERSION);
	latt_exit_after_stdout();
}

/* --help: the common options; --help=all: every one. */
static void parse_help(struct latt_opts *o, const struct opt_row *d,
		       const char *arg)
{
	(void)o;
	(void)d;
	if (arg && strcmp(arg, "all"))
		latt_usage_error("--help takes 'all' or nothing, not '%s'",
				 arg);
	latt_usage(arg != NULL);
}

#define DOC_FILE	"a file name, or - for the standard output"

static const struct opt_row opt_rows[] = {
	{ "clients", 'c', required_argument, OK_COUNT, IN_BASE(clients),
	  0, 0, LATT_CLIENTS_MAX, NULL, NULL },
	{ "min-wait", 's', required_argument, OK_TIME, IN_BASE(min_wait_ns),
	  NS_MS, 0, WAIT_MAX_NS, "0 to 1h", NULL },
	{ "max-wait", 'S', required_argument, OK_TIME, IN_BASE(max_wait_ns),
	  NS_MS, 0, WAIT_MAX_NS, "0 to 1h", NULL },
	{ "work", 'x', required_argument, OK_SIZE, IN_BASE(work_bytes),
	  1024, 0, WORK_MAX, "0 to 64m", NULL },
	{ "duration", 't', required_argument, OK_TIME, IN_BASE(duration_ns),
	  NS_S, DURATION_MIN_NS, DURATION_MAX_NS, "1ms to 30d", NULL },
	{ "grace", OPT_GRACE, required_argument, OK_TIME, IN_BASE(grace_ns),
	  NS_S, 0, GRACE_MAX_NS, "0 to 1h", NULL },
	{ "warmup", OPT_WARMUP, required_argument, OK_TIME,
	  IN_BASE(warmup_ns), NS_S, 0, DURATION_MAX_NS, "0 to 30d", NULL },
	{ "percentiles", 'p', required_argument, OK_CALL, 0, 0, 0, 0, NULL,
	  parse_percentiles },
	{ "clock", OPT_CLOCK, required_argument, OK_CALL, 0, 0, 0, 0, NULL,
	  parse_clock },
	{ "threads", OPT_THREADS, no_argument, OK_FLAG, IN_BASE(threads),
	  0, 0, 0, NULL, NULL },
	{ "config", 'C', required_argument, OK_CALL, 0, 0, 0, 0, NULL,
	  parse_config },
	{ "runs", 'r', required_argument, OK_CALL, 0, 0, 1, RUNS_MAX, NULL,
	  parse_runs },
	{ "max-runs", OPT_MAX_RUNS, required_argument, OK_COUNT,
	  IN_OPTS(max_runs), 0, 2, RUNS_MAX, NULL, NULL },
	{ "max-time", OPT_MAX_TIME, required_argument, OK_TIME,
	  IN_OPTS(max_time_ns), NS_S, NS_S, DURATION_MAX_NS, "1s to 30d",
	  NULL },
	{ "decide-on", OPT_DECIDE_ON, required_argument, OK_CALL, 0,
	  0, 0, 0, NULL, parse_decide_on },
	{ "output", 'o', required_argument, OK_FILE, IN_OPTS(output),
	  0, 0, 0, "a file name", NULL },
	{ "quiet", 'q', no_argument, OK_FLAG, IN_OPTS(quiet),
	  0, 0, 0, NULL, NULL },
	{ "interval", 'i', required_argument, OK_TIME, IN_OPTS(interval_ns),
	  NS_S, 10 * NS_MS, 3600 * NS_S, "10ms to 1h", NULL },
	{ "breaktrace", 'b', required_argument, OK_TIME,
	  IN_BASE(breaktrace_ns), NS_US, NS_US, 3600 * NS_S, "1us to 1h",
	  NULL },
	{ "keep-trace", OPT_KEEP_TRACE, no_argument, OK_FLAG,
	  IN_OPTS(keep_trace), 0, 0, 0, NULL, NULL },
	{ "explain", OPT_EXPLAIN, optional_argument, OK_CALL, 0,
	  0, 1, LATT_EXPLAIN_MAX, NULL, parse_explain },
	{ "kernel-view", OPT_KERNEL_VIEW, no_argument, OK_FLAG,
	  IN_BASE(kernel_view), 0, 0, 0, NULL, NULL },
	{ "no-cmd-waits", OPT_NO_CMD_WAITS, no_argument, OK_FLAG,
	  IN_OPTS(no_cmd_waits), 0, 0, 0, NULL, NULL },
	{ "force", OPT_FORCE, no_argument, OK_FLAG, IN_OPTS(force),
	  0, 0, 0, NULL, NULL },
	{ "fail-above", OPT_FAIL_ABOVE, required_argument, OK_CALL, 0,
	  0, 0, 0, NULL, parse_limit },
	{ "fail-below", OPT_FAIL_BELOW, required_argument, OK_CALL, 0,
	  0, 0, 0, NULL, parse_limit },
	{ "fail-if", OPT_FAIL_IF, required_argument, OK_CALL, 0,
	  0, 0, 0, NULL, parse_fail_if },
	{ "level", OPT_LEVEL, required_argument, OK_CALL, 0,
	  0, 0, 0, NULL, parse_level },
	{ "same-within", OPT_SAME_WITHIN, required_argument, OK_CALL, 0,
	  0, 0, 0, NULL, parse_same_within },
	{ "against", OPT_AGAINST, required_argument, OK_CALL, 0,
	  0, 0, 0, NULL, parse_against },
	{ "profile", OPT_PROFILE, required_argument, OK_FILE,
	  IN_OPTS(profile), 0, 0, 0, "a file name", NULL },
	{ "per-client", OPT_PER_CLIENT, no_argument, OK_BIT, IN_OPTS(extra),
	  0, LATT_REPORT_CLIENTS, 0, NULL, NULL },
	{ "hist", OPT_HIST, no_argument, OK_BIT, IN_OPTS(extra),
	  0, LATT_REPORT_HIST, 0, NULL, NULL },
	{ "long", 'l', no_argument, OK_BIT, IN_OPTS(extra),
	  0, LATT_REPORT_LONG, 0, NULL, NULL },
	{ "json", OPT_JSON, required_argument, OK_FILE, IN_OPTS(json),
	  0, 0, 0, DOC_FILE, NULL },
	{ "csv", OPT_CSV, required_argument, OK_FILE, IN_OPTS(csv),
	  0, 0, 0, DOC_FILE, NULL },
	{ "label", OPT_LABEL, required_argument, OK_CALL, 0, 0, 0, 0, NULL,
	  parse_label },
	{ "verbose", 'v', no_argument, OK_FLAG, IN_BASE(verbose),
	  0, 0, 0, NULL, NULL },
	{ "version", 'V', no_argument, OK_CALL, 0, 0, 0, 0, NULL,
	  parse_version },
	{ "help", 'h', optional_argument, OK_CALL, 0, 0, 0, 0, NULL,
	  parse_help },
};

/* "+": options stop at the command; ":": latt says what is wrong. */
static char shortopts[3 + 2 * ARRAY_SIZE(opt_rows) + 1] = "+:";

/* The rows' options, then one per setting, then the end. */
static struct option longopts[ARRAY_SIZE(opt_rows) + 32];

static bool fixed_opt(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(opt_rows); i++)
		if (!strcmp(opt_rows[i].name, name))
			return true;
	return false;
}

/*
 * getopt's tables from the rows, then the settings.  A setting that is
 * also one of latt's options keeps that option's form: --threads is a
 * flag, its key "threads=1".
 */
static void build_longopts(void)
{
	size_t n = 0, i;
	const char *name;
	char *s = shortopts + 2;	/* after "+:": built again, the same */

	for (i = 0; i < ARRAY_SIZE(opt_rows); i++) {
		const struct opt_row *d = &opt_rows[i];

		longopts[n++] = (struct option){ d->name, d->has_arg, NULL,
						 d->val };
		if (d->val > CHAR_MAX)
			continue;
		*s++ = (char)d->val;
		if (d->has_arg == required_argument)
			*s++ = ':';
	}
	*s = '\0';
	for (i = 0; (name = latt_config_setting(i)) &&
	     n + 1 < ARRAY_SIZE(longopts); i++) {
		if (fixed_opt(name))
			continue;
		longopts[n++] = (struct option){ name, required_argument, NULL,
						 OPT_SETTING + (int)i };
	}
	longopts[n] = (struct option){ NULL, 0, NULL, 0 };
}

/* The row of option @c, or NULL (a setting). */
static const struct opt_row *opt_row(int c)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(opt_rows); i++)
		if (opt_rows[i].val == c)
			return &opt_rows[i];
	return NULL;
}

/* Option @c with its argument @arg (NULL without), by its row. */
static void parse_option(struct latt_opts *o, int c, const char *arg,
			 int longindex)
{
	const struct opt_row *d = opt_row(c);
	char *field, err[256];
	uint64_t v;

	if (!d) {
		/* A setting: --policy, --cpus, ... */
		if (c < OPT_SETTING || !latt_config_setting(
			(size_t)(c - OPT_SETTING)))
			bad_usage();
		if (latt_config_set(&o->base, longopts[longindex].name, arg,
				    err, sizeof(err)))
			latt_usage_error("invalid --%s value '%s': %s",
					 longopts[longindex].name, arg, err);
		return;
	}
	field = (char *)o + d->off;
	switch (d->kind) {
	case OK_FLAG:
		*(bool *)field = true;
		break;
	case OK_BIT:
		*(unsigned int *)field |= (unsigned int)d->lo;
		break;
	case OK_COUNT:
		*(unsigned int *)field = count_arg(d, arg);
		break;
	case OK_TIME:
		*(uint64_t *)field = duration_arg(d, arg);
		break;
	case OK_SIZE:
		if (latt_parse_size(arg, d->unit, &v) || v > d->hi)
			latt_usage_error("invalid --%s value '%s': expected a "
					 "size from %s", d->name, arg,
					 d->range);
		*(uint64_t *)field = v;
		break;
	case OK_FILE:
		if (!*arg)
			latt_usage_error("invalid --%s value '': expected %s",
					 d->name, d->range);
		/* One file each: a second would leave the first unwritten. */
		if (*(const char **)field)
			latt_usage_error("invalid --%s value '%s': one file, "
					 "already given", d->name, arg);
		*(const char **)field = arg;
		break;
	case OK_CALL:
		d->parse(o, d, arg);
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
		fprintf(stderr, "%s: %s -- '%s'\n", latt_prog, c == ':' ?
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
		fprintf(stderr, "%s: unrecognized option '%s'\n",
			latt_prog, latt_esc(word));
	else if (matches > 1)
		fprintf(stderr, "%s: option '%s' is ambiguous\n",
			latt_prog, latt_esc_n(word, n + 2));
	else if (eq && found->has_arg == no_argument)
		fprintf(stderr, "%s: option '--%s' doesn't allow an "
			"argument\n", latt_prog, found->name);
	else
		fprintf(stderr, "%s: option '--%s' requires an argument\n",
			latt_prog, found->name);
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
		latt_usage_error("%zu configurations run %u times is %zu runs; "
				 "at most %d in all", *n, o->runs, *n * o->runs,
				 TOTAL_MAX);
	cfgs = calloc(*n, sizeof(*cfgs));
	if (!cfgs)
		latt_usage_error("out of memory");
	for (i = 0; i < *n; i++) {
		cfgs[i] = o->base;
		ctx[0] = '\0';
		if (!o->nspecs)
			goto check;
		/* Split in place: configurations point into their text. */
		spec = o->specs[i];
		o->specs[i] = strdup(spec);
		if (!o->specs[i])
			latt_usage_error("out of memory");
		if (latt_config_parse(&cfgs[i], o->specs[i], err, sizeof(err)))
			latt_usage_error("invalid -C '%s': %s", spec, err);
		for (j = 0; j < i; j++)
			if (!strcmp(cfgs[j].name, cfgs[i].name))
				latt_usage_error("configuration '%s' is given "
						 "twice", cfgs[i].name);
		snprintf(ctx, sizeof(ctx), "configuration '%s': ",
			 cfgs[i].name);
check:
		if (latt_config_check(&cfgs[i], err, sizeof(err)))
			latt_usage_error("%s%s", ctx, err);
	}
	return cfgs;
}

static void parse_options(struct latt_opts *o, int argc, char **argv)
{
	struct latt_run_cfg *b = &o->base;

	memset(o, 0, sizeof(*o));
	latt_config_init(b);
	o->runs = 1;
	o->level = LATT_VERDICT_CONFIDENCE;
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
			latt_usage_error("unexpected argument '%s' after the "
					 "quoted command '%s' (put -- before a "
					 "program whose path has spaces)",
					 rest[optind], rest[0]);
		b->cmd_argc = 1;
	}
	if (!b->cmd_argc && !b->clients)
		latt_usage_error("-c 0 measures only the command's own waits: "
				 "give a command (latt -c0 make -j4)");
	if (!b->cmd_argc && !b->duration_ns)
		b->duration_ns = 10 * LATT_NSEC_PER_SEC;
	if (b->cmd_argc) {
		b->cmd_display = latt_target_display(b->cmd_argc, b->cmd_argv);
		if (!b->cmd_display)
			latt_usage_error("out of memory");
	}
}

int latt_opts_word(const char *word, const char **name)
{
	const struct option *lo, *found = NULL;
	const struct opt_row *d;
	const char *eq, *sp;
	size_t n;
	int matches = 0;

	*name = NULL;
	build_longopts();
	if (word[0] != '-' || !word[1] || !strcmp(word, "--"))
		return -1;
	if (word[1] == '-') {
		/* --name, --name=value, or a prefix of one name (getopt's). */
		eq = strchr(word, '=');
		n = eq ? (size_t)(eq - word - 2) : strlen(word + 2);
		for (lo = longopts; lo->name; lo++) {
			if (strncmp(lo->name, word + 2, n))
				continue;
			found = lo;
			if (!lo->name[n]) {
				matches = 1;
				break;
			}
			matches++;
		}
		if (matches != 1)
			return 0;
		*name = found->name;
		return !eq && found->has_arg == required_argument;
	}
	/* A cluster: -qc2, -c 2; named by its first option. */
	for (sp = word + 1; *sp; sp++) {
		d = opt_row(*sp);
		if (!d)
			return 0;
		if (!*name)
			*name = d->name;
		if (d->has_arg == required_argument)
			return !sp[1];
		if (d->has_arg == optional_argument)
			return 0;
	}
	return 0;
}

void latt_opts_parse(struct latt_opts *o, int argc, char **argv)
{
	parse_options(o, argc, argv);
	latt_opts_check_conflicts(o);
	if (o->runs_auto)
		o->runs = o->max_runs ? o->max_runs : LATT_AUTO_RUNS;
	o->cfgs = make_configs(o, &o->ncfgs);
	latt_opts_make_metrics(o);
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
