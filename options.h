/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * latt's command line (options.c): what it asks for, as parsed and
 * checked.  The program's, not the library's: a bad command line exits.
 */
#ifndef LATT_OPTIONS_H
#define LATT_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "judge/aggregate.h"
#include "judge/limit.h"
#include "judge/verdict-ask.h"
#include "settings/config.h"

#define LATT_CONFIGS_MAX	32

struct latt_opts {
	struct latt_run_cfg base;	/* every configuration's defaults */
	char *specs[LATT_CONFIGS_MAX];	/* -C, in order */
	size_t nspecs;
	unsigned int runs;		/* -r */
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

/*
 * Parse latt's command line into @o: the options, the command, the
 * configurations of -C (or the one of the options), the metrics of
 * every output.  A usage error prints one line and exits 1; --help and
 * --version print and exit 0.
 */
void latt_opts_parse(struct latt_opts *o, int argc, char **argv);

/* --help: print the usage on the standard output and exit 0 (usage.c). */
void __attribute__((noreturn)) latt_usage(bool all);

/*
 * After --help or --version: exit 0, or 2 if the standard output could
 * not be written.
 */
void __attribute__((noreturn)) latt_exit_after_stdout(void);

/* Free what latt_opts_parse() allocated. */
void latt_opts_free(struct latt_opts *o);

/*
 * Does a limit (--fail-above, --fail-below) or --fail-if name a figure
 * of the command's own waits (cmd_p99)?  Its name in *@name.
 */
bool latt_opts_judge_cmd_waits(const struct latt_opts *o, const char **name);

#endif /* LATT_OPTIONS_H */
