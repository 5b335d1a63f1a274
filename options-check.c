// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt's command line, once every option is read (options.c): the
 * options that do not go together, and the metrics they name; see
 * options-check.h.
 */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "judge/aggregate.h"
#include "judge/limit.h"
#include "judge/verdict-ask.h"
#include "report/report.h"
#include "settings/config.h"
#include "settings/sched.h"
#include "options-check.h"
#include "usage.h"

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
	if (o->extra & LATT_REPORT_LONG)
		return "--long";
	return "--explain";
}

/*
 * Options that do not go together, once all are known.  Each is a usage
 * error.
 */
/* -r auto and its budget. */
static void check_auto(const struct latt_opts *o)
{
	const char *alone = o->max_runs ? "--max-runs" : o->max_time_ns ?
			    "--max-time" : o->ndecide ? "--decide-on" : NULL;

	if (alone && !o->runs_auto)
		latt_usage_error("%s is of -r auto, which adds runs until the "
				 "verdicts decide: give -r auto", alone);
	if (o->runs_auto && !o->nagainst && o->nspecs < 2)
		latt_usage_error("-r auto adds runs until the verdicts decide: "
				 "it needs --against FILE, or two -C or more "
				 "to compare");
}

/* --against and --profile: what they read is not written over. */
static void check_against(const struct latt_opts *o)
{
	const char *out[] = { o->output, o->json, o->csv };
	const char *name[] = { "-o", "--json", "--csv" };
	size_t i, k;

	if (o->profile && !o->nagainst)
		latt_usage_error("--profile judges a run against saved results "
				 "of the other side: give --against FILE too");
	for (i = 0; i < o->nagainst; i++)
		for (k = 0; k < 3; k++)
			if (same_file(o->against[i], out[k]))
				latt_usage_error("%s %s would write over a file "
						 "--against reads", name[k],
						 o->against[i]);
	for (k = 0; k < 3; k++)
		if (same_file(o->profile, out[k]))
			latt_usage_error("%s %s would write over the --profile "
					 "file", name[k], o->profile);
}

void latt_opts_check_conflicts(struct latt_opts *o)
{
	bool json_out = o->json && !strcmp(o->json, "-");

	if (o->quiet && o->base.verbose)
		latt_usage_error("-q and -v cannot be used together: -q prints "
				 "a line per configuration, -v every sample");
	if (o->keep_trace && !o->base.breaktrace_ns && !o->base.explain)
		latt_usage_error("--keep-trace keeps the trace of -b or "
				 "--explain: give one of them");
	if (o->quiet && (o->extra || o->base.explain))
		latt_usage_error("-q and %s cannot be used together: -q prints "
				 "a line per configuration and nothing else",
				 report_extra(o));
	if (json_out && o->csv && !strcmp(o->csv, "-"))
		latt_usage_error("--json - and --csv - cannot be used "
				 "together: the standard output holds one "
				 "document");
	o->doc_stdout = json_out || (o->csv && !strcmp(o->csv, "-"));
	if (o->doc_stdout && !o->output && (o->quiet || o->base.verbose))
		latt_usage_error("--%s - and %s cannot be used together: the "
				 "standard output has that document alone "
				 "(give -o FILE for the rest)", json_out ?
				 "json" : "csv", o->quiet ? "-q" : "-v");
	if (o->doc_stdout && !o->output && (o->extra || o->base.explain))
		latt_usage_error("%s adds to the report, which --%s - leaves "
				 "out (give -o FILE for the report)",
				 report_extra(o), json_out ? "json" : "csv");
	if (same_file(o->output, o->json) || same_file(o->output, o->csv) ||
	    same_file(o->json, o->csv))
		latt_usage_error("two of -o, --json and --csv would write to "
				 "the same file (- is the standard output)");
	check_against(o);
	check_auto(o);
}

/*
 * Of names @names[0..n), the first of the command's times (wall_s,
 * cpu_s) where there is no command to time; NULL: none.
 */
static const char *untimed(const struct latt_opts *o,
			   const char (*names)[16], size_t n)
{
	return o->base.cmd_argc ? NULL :
	       latt_metric_names_timed(&o->metrics, names, n);
}

/*
 * "max, avg, stdev, p99, p50, p99.9, ...": what a metric may be named
 * (the command's times with a command).
 */
static const char *names_of(const struct latt_opts *o, char *buf, size_t len)
{
	size_t m, off = 0;

	buf[0] = '\0';
	for (m = 0; m < o->metrics.n && off < len; m++)
		if (o->metrics.m[m].better != LATT_BETTER_NONE &&
		    (o->base.cmd_argc ||
		     (o->metrics.m[m].kind != LATT_MK_WALL &&
		      o->metrics.m[m].kind != LATT_MK_CPU)))
			off += (size_t)snprintf(buf + off, len - off, "%s%s",
						off ? ", " : "",
						o->metrics.m[m].name);
	return buf;
}

/* What is asked of the verdicts (--decide-on, --fail-if): by metrics. */
static void verdict_asks(const struct latt_opts *o)
{
	const char *name;
	char err[64], list[256];

	if (o->ndecide) {
		struct latt_fail_if f = { .nnames = o->ndecide };
		bool ask[LATT_METRICS_MAX];
		int ret;

		memcpy(f.names, o->decide_on, sizeof(f.names));
		ret = latt_fail_if_mask(&f, &o->metrics, ask, err, sizeof(err));
		if (ret == -EDOM)
			latt_usage_error("invalid --decide-on value: '%s' is "
					 "neither better nor worse: it has no "
					 "verdict to decide on", err);
		if (ret)
			latt_usage_error("invalid --decide-on value: no metric "
					 "'%s' (%s)", err,
					 names_of(o, list, sizeof(list)));
		name = untimed(o, (const char (*)[16])o->decide_on,
			       o->ndecide);
		if (name)
			latt_usage_error("invalid --decide-on value: '%s' is "
					 "the command's time, and there is no "
					 "command (latt ... -- COMMAND)", name);
	}
	if (o->fail_if_given) {
		bool ask[LATT_METRICS_MAX];
		int ret;

		if (o->ncfgs < 2 && !o->nagainst)
			latt_usage_error("--fail-if compares each "
					 "configuration with the first (or "
					 "with --against's): it needs two -C "
					 "or more, or --against");
		ret = latt_fail_if_mask(&o->fail_if, &o->metrics, ask, err,
					sizeof(err));
		if (!ret)
			ret = latt_fail_if_mask_same(&o->fail_if, &o->metrics,
						     ask, err, sizeof(err));
		if (ret == -EDOM)
			latt_usage_error("invalid --fail-if value: '%s' is "
					 "neither better nor worse: it has no "
					 "verdict to fail on", err);
		if (ret)
			latt_usage_error("invalid --fail-if value: no metric "
					 "'%s' (%s; -p measures other "
					 "percentiles)", err,
					 names_of(o, list, sizeof(list)));
		name = untimed(o, (const char (*)[16])o->fail_if.names,
			       o->fail_if.nnames);
		if (!name)
			name = untimed(o, (const char (*)[16])o->fail_if.same,
				       o->fail_if.nsame);
		if (name)
			latt_usage_error("invalid --fail-if value: '%s' is the "
					 "command's time, and there is no "
					 "command (latt ... -- COMMAND)", name);
	}
}

/*
 * The metrics of every output: latt's, with a command the p50 and p99
 * of its own waits, the percentiles the limits name, then the command's
 * own figures of every configuration, each named once, with one
 * direction.  Then the limits that name those.
 */
static void metrics(struct latt_opts *o)
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
		latt_usage_error("too many metrics: at most %d in all",
				 LATT_METRICS_MAX);
	/* The command's own waits: p50 and p99, as the clients'. */
	for (i = 0; o->base.cmd_argc && !o->no_cmd_waits && i < 2; i++) {
		latt_metric_cmd(i ? 99 : 50, &m);
		if (latt_metrics_add(&o->metrics, &m) < 0)
			latt_usage_error("too many metrics: at most %d in all",
					 LATT_METRICS_MAX);
	}
	for (i = 0; i < o->nlimits; i++) {
		if (o->limits[i].metric.kind == LATT_MK_TARGET)
			continue;
		k = latt_metrics_add(&o->metrics, &o->limits[i].metric);
		if (k < 0)
			latt_usage_error("too many metrics in --fail-above");
		o->limits[i].index = (size_t)k;
	}
	for (i = 0; i < o->ncfgs; i++) {
		for (j = 0; j < o->cfgs[i].ntm; j++) {
			latt_metric_target(&o->cfgs[i].tm[j], &m);
			k = latt_metrics_add(&o->metrics, &m);
			if (k < 0)
				latt_usage_error("too many metrics: at most %d "
						 "in all", LATT_METRICS_MAX);
			if (o->metrics.m[k].better != m.better)
				latt_usage_error("--target-metric %s is "
						 "higher-better in one "
						 "configuration and "
						 "lower-better in another: one "
						 "name, one direction", m.name);
		}
	}
	if (latt_limit_resolve(o->limits, o->nlimits, &o->metrics, err,
			       sizeof(err)))
		latt_usage_error("%s", err);
	if (o->level_given && o->ncfgs < 2 && !o->nagainst)
		latt_usage_error("--level is that of the verdicts, which "
				 "compare each configuration with the first "
				 "(or with --against's): it needs two -C or "
				 "more, or --against");
	if (o->same_within > 0 && o->ncfgs < 2 && !o->nagainst)
		latt_usage_error("--same-within is of the verdicts, which "
				 "compare each configuration with the first "
				 "(or with --against's): it needs two -C or "
				 "more, or --against");
	if ((o->fail_if.not_same || o->fail_if.nsame) &&
	    !(o->same_within > 0))
		latt_usage_error("--fail-if not-same fails on what is not the "
				 "same within --same-within PCT: give it");
	verdict_asks(o);
}

/*
 * The first metric a limit or --fail-if names that @pred holds of: its
 * name, and in *@how the option that names it ("--fail-above ",
 * "--fail-below ", "--fail-if worse="); NULL for none.
 */
static const char *judged(const struct latt_opts *o,
			  bool (*pred)(const struct latt_metric *),
			  const char **how)
{
	struct latt_metric m;
	size_t i;

	for (i = 0; i < o->nlimits; i++)
		if (pred(&o->limits[i].metric)) {
			*how = o->limits[i].below ? "--fail-below " :
			       "--fail-above ";
			return o->limits[i].metric.name;
		}
	for (i = 0; i < o->fail_if.nnames; i++)
		if (!latt_metric_parse(o->fail_if.names[i], &m) && pred(&m)) {
			*how = "--fail-if worse=";
			return o->fail_if.names[i];
		}
	return NULL;
}

/* Is @m a percentile of the command's own waits? */
static bool cmd_metric(const struct latt_metric *m)
{
	return m->kind == LATT_MK_CMD_PCT;
}

bool latt_opts_judge_cmd_waits(const struct latt_opts *o, const char **name)
{
	const char *how;

	*name = judged(o, cmd_metric, &how);
	return *name != NULL;
}

/* Is @m a figure of the clients' wakeups (none with -c 0)? */
static bool clients_metric(const struct latt_metric *m)
{
	return m->kind == LATT_MK_MAX || m->kind == LATT_MK_AVG ||
	       m->kind == LATT_MK_STDEV || m->kind == LATT_MK_PCT;
}

/*
 * -c 0 has no client and no waker's cycle: an option about them would
 * be ignored, so it is a usage error, named.
 */
static void check_no_clients(const struct latt_opts *o)
{
	const struct latt_run_cfg *b = &o->base, *c;
	struct latt_run_cfg def;
	const char *opt = NULL, *how;
	size_t i;

	if (b->clients)
		return;
	if (o->no_cmd_waits)
		latt_usage_error("-c 0 measures only the command's own waits, "
				 "which --no-cmd-waits does not");
	latt_config_init(&def);
	if (b->min_wait_ns != def.min_wait_ns)
		opt = "-s";
	else if (b->max_wait_ns != def.max_wait_ns)
		opt = "-S";
	else if (b->work_bytes != def.work_bytes)
		opt = "-x";
	else if (b->warmup_ns)
		opt = "--warmup";
	else if (b->verbose)
		opt = "-v";
	else if (b->breaktrace_ns)
		opt = "-b";
	else if (b->explain)
		opt = "--explain";
	else if (b->kernel_view)
		opt = "--kernel-view";
	else if (o->extra & (LATT_REPORT_CLIENTS | LATT_REPORT_HIST))
		opt = o->extra & LATT_REPORT_CLIENTS ? "--per-client" :
		      "--hist";
	else if (o->interval_ns)
		opt = "-i";
	else if (o->pcts_given)
		opt = "-p";
	else if (b->clock != def.clock)
		opt = "--clock";
	if (opt)
		latt_usage_error("-c 0 has no client: %s is about the clients' "
				 "wakeups", opt);
	for (i = 0; i < o->ncfgs; i++) {
		c = &o->cfgs[i];
		if (c->threads || c->mechanism != def.mechanism)
			opt = c->threads ? "threads" : "mechanism";
		else if (!latt_sched_empty(&c->client))
			opt = "the clients' scheduling";
		else if (!latt_sched_empty(&c->waker))
			opt = "the waker's scheduling";
		if (opt)
			latt_usage_error("-c 0 has no client: configuration "
					 "'%s' sets %s", c->name, opt);
	}
	opt = judged(o, clients_metric, &how);
	if (opt)
		latt_usage_error("-c 0 has no client: %s%s is a figure of the "
				 "clients' wakeups (the command's: cmd_p50, "
				 "cmd_p99)", how, opt);
}

void latt_opts_make_metrics(struct latt_opts *o)
{
	const char *name;

	metrics(o);
	check_no_clients(o);
	if (!o->base.cmd_argc && latt_opts_judge_cmd_waits(o, &name))
		latt_usage_error("%s is a figure of the command's own waits: "
				 "give a command", name);
	if (o->no_cmd_waits && latt_opts_judge_cmd_waits(o, &name))
		latt_usage_error("%s is a figure of the command's own waits, "
				 "which --no-cmd-waits does not measure", name);
	if (o->no_cmd_waits && !o->base.cmd_argc)
		latt_usage_error("--no-cmd-waits: there is no command to "
				 "follow");
}
