/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a script asks of a configuration: its numbers in one line (-q) and
 * limits they must stay under (--fail-above).  A configuration's value of
 * a metric is the median over its complete runs, as in the table of
 * configurations; when none is complete (one run, interrupted or whose
 * command failed), over the runs that measured.
 */
#ifndef LATT_THRESHOLD_H
#define LATT_THRESHOLD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "latt/result.h"

#define LATT_THRESHOLDS_MAX	16

/* Exit status when a configuration went over a limit. */
#define LATT_EXIT_THRESHOLD	LATT_EXIT_LIMIT

enum latt_thr_metric {
	LATT_THR_MAX,
	LATT_THR_AVG,
	LATT_THR_STDEV,
	LATT_THR_PCT,		/* a percentile */
};

struct latt_threshold {
	enum latt_thr_metric metric;
	double pct;		/* LATT_THR_PCT: 0 < pct < 100 */
	uint64_t limit_ns;
	char name[16];		/* "max", "p99.9" */
	char limit[32];		/* as given: "2ms" */
};

/*
 * Parse "METRIC=VALUE[,METRIC=VALUE...]" (max, avg, stdev, pNN; a plain
 * VALUE is in microseconds) into @t (room for @max).  0, or -EINVAL with
 * the reason in @err.  A metric given twice is an error.
 */
int latt_threshold_parse(const char *s, struct latt_threshold *t, size_t max,
			 size_t *n, char *err, size_t len);

/*
 * Metric @m (@pct for LATT_THR_PCT) of configuration @name over
 * @results[0..n), in ns; NaN when no run of it measured.
 */
double latt_config_value(const struct latt_result *results, size_t n,
			 const char *name, enum latt_thr_metric m, double pct);

/* Wakeups measured over the runs latt_config_value() uses. */
uint64_t latt_config_entries(const struct latt_result *results, size_t n,
			     const char *name);

/*
 * The -q line of every configuration of @cfgs[0..ncfgs), in order, from
 * its runs in @results[0..n) (one that never ran has entries=0):
 * "config=NAME entries=N max=... avg=... stdev=... p99=..." (usec, "-"
 * without a value).  0 or -errno of a failed write.
 */
int latt_quiet_lines(FILE *f, const struct latt_run_cfg *cfgs, size_t ncfgs,
		     const struct latt_result *results, size_t n);

/*
 * Check every configuration of @cfgs[0..ncfgs) (its runs in
 * @results[0..n); one that never ran has no value) against @t[0..nt):
 * print on @err one line per configuration and metric over its limit,
 * and return how many were.
 */
unsigned int latt_threshold_check(FILE *err, const struct latt_run_cfg *cfgs,
				  size_t ncfgs,
				  const struct latt_result *results, size_t n,
				  const struct latt_threshold *t, size_t nt);

#endif /* LATT_THRESHOLD_H */
