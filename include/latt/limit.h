/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * --fail-above: limits a configuration's values must stay within.  The
 * values are those of include/latt/aggregate.h, as every output shows them.
 */
#ifndef LATT_LIMIT_H
#define LATT_LIMIT_H

#include <stddef.h>
#include <stdio.h>

#include "latt/aggregate.h"

#define LATT_LIMITS_MAX	16

struct latt_limit {
	struct latt_metric metric;
	size_t index;			/* of metric in the invocation's list */
	double limit;			/* in the metric's unit (ns) */
	char text[32];			/* as given: "2ms" */
};

/*
 * Parse "METRIC=VALUE[,METRIC=VALUE...]" (max, avg, stdev, pNN; a plain
 * VALUE is in microseconds) into @l (room for @max).  0, or -EINVAL with
 * the reason in @err.  A metric given twice is an error.
 */
int latt_limit_parse(const char *s, struct latt_limit *l, size_t max,
		     size_t *n, char *err, size_t len);

/*
 * Check every configuration of @cfgs[0..n) against @l[0..nl) (their
 * indexes into @ml): print on @err one line per configuration and metric
 * beyond its limit, marked as the outputs mark it, and return how many
 * were.
 */
unsigned int latt_limit_check(FILE *err, const struct latt_metric_list *ml,
			      const struct latt_agg_cfg *cfgs, size_t n,
			      const struct latt_limit *l, size_t nl);

#endif /* LATT_LIMIT_H */
