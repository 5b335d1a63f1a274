/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * latt's command line once read: what it asks for (struct latt_opts,
 * which options.c fills), the options that do not go together, and the
 * metrics they name.  Each problem is a usage error, named (usage.h),
 * and exits 1.  The program's, not the library's.
 */
#ifndef LATT_OPTIONS_CHECK_H
#define LATT_OPTIONS_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "judge/aggregate.h"
#include "judge/limit.h"
#include "judge/verdict-ask.h"
#include "settings/config.h"

#define LATT_CONFIGS_MAX	32
#define LATT_AGAINST_MAX	16	/* --against files */
#define LATT_AUTO_RUNS		20	/* -r auto's --max-runs */

struct latt_opts {
	struct latt_run_cfg base;	/* every configuration's defaults */
	char *specs[LATT_CONFIGS_MAX];	/* -C, in order */
	size_t nspecs;
	unsigned int runs;		/* -r; with -r auto, --max-runs */
	bool runs_auto;			/* -r auto: until decided */
	unsigned int max_runs;		/* --max-runs (0: not given) */
	uint64_t max_time_ns;		/* --max-time (0: none) */
	char decide_on[LATT_METRICS_MAX][16];	/* --decide-on; none given:
						   p50 and p99 */
	size_t ndecide;
	const char *output;		/* -o */
	const char *json;		/* --json */
	const char *csv;		/* --csv */
	const char *label;		/* --label */
	bool quiet;			/* -q */
	bool pcts_given;		/* -p: its percentiles are the
					   metrics' */
	unsigned int extra;		/* --per-client, --hist */
	uint64_t interval_ns;		/* -i */
	bool keep_trace;		/* --keep-trace */
	bool no_cmd_waits;		/* --no-cmd-waits */
	bool force;			/* --force */
	struct latt_fail_if fail_if;	/* --fail-if */
	bool fail_if_given;
	const char *against[LATT_AGAINST_MAX];	/* --against, in order */
	size_t nagainst;
	const char *profile;		/* --profile; NULL: the floors */
	double same_within;		/* --same-within: 0.05; 0 none */
	double level;			/* --level, of the verdicts: 0.95 */
	bool level_given;
	struct latt_limit limits[LATT_LIMITS_MAX];
	size_t nlimits;			/* --fail-above */
	struct latt_metric_list metrics;	/* every output's, with the
						   limits' */
	/* made from the above */
	struct latt_run_cfg *cfgs;	/* the configurations to run */
	size_t ncfgs;
	bool sweep;			/* more than one run */
	bool doc_stdout;		/* --json - or --csv -: the standard
					   output has that document alone */
};

/* Options that do not go together, once all are read. */
void latt_opts_check_conflicts(struct latt_opts *o);

/*
 * Once the configurations are made: the metrics of every output and the
 * limits and --fail-if that name them; what -c 0, a missing command or
 * --no-cmd-waits leaves them without.
 */
void latt_opts_make_metrics(struct latt_opts *o);

/*
 * Does a limit (--fail-above, --fail-below) or --fail-if name a figure
 * of the command's own waits (cmd_p99)?  Its name in *@name.
 */
bool latt_opts_judge_cmd_waits(const struct latt_opts *o, const char **name);

#endif /* LATT_OPTIONS_CHECK_H */
