/* SPDX-License-Identifier: GPL-2.0-only */
/* --fail-above and --fail-below: limits the values must stay within. */
#ifndef LATT_JUDGE_LIMIT_H
#define LATT_JUDGE_LIMIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "judge/aggregate.h"

/*
 * --fail-above and --fail-below: limits a configuration's values must
 * stay within.  The values are those of run/result.h, as
 * every output shows them.
 */

#define LATT_LIMITS_MAX	16

struct latt_limit {
	struct latt_metric metric;	/* a target metric: its name alone,
					   until latt_limit_resolve() */
	size_t index;			/* of metric in the invocation's list */
	double limit;			/* in the metric's unit (ns) */
	bool below;			/* --fail-below: fails under it */
	char text[32];			/* as given: "2ms" */
};

/*
 * Parse "METRIC=VALUE[,METRIC=VALUE...]" of --fail-above (@below false)
 * or --fail-below into @l[*n...] (room for @max in all), after the
 * limits already there.  METRIC is max, avg, stdev or pNN, whose VALUE
 * is a time (a plain number in microseconds), or the name of a target
 * metric (lib/measure/tmetric.h), whose VALUE is a plain number.  0,
 * or -EINVAL with the reason in @err.  A metric given twice in one
 * option is an error.
 */
int latt_limit_parse(const char *s, bool below, struct latt_limit *l,
		     size_t max, size_t *n, char *err, size_t len);

/*
 * Find each limit's metric in @ml, which holds the target metrics of
 * every configuration, and set its index.  0, or -EINVAL with the
 * reason in @err (a name that is no target metric).
 */
int latt_limit_resolve(struct latt_limit *l, size_t n,
		       const struct latt_metric_list *ml, char *err,
		       size_t len);

/*
 * Check every configuration of @cfgs[0..n) against @l[0..nl) (their
 * indexes into @ml): print on @err one line per configuration and metric
 * beyond its limit, marked as the outputs mark it, and return how many
 * were.
 */
unsigned int latt_limit_check(FILE *err, const struct latt_metric_list *ml,
			      const struct latt_agg_cfg *cfgs, size_t n,
			      const struct latt_limit *l, size_t nl);

#endif /* LATT_JUDGE_LIMIT_H */
