/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * -q: one line per configuration for shell scripts, its values as every
 * output shows them (run/result.h).
 */
#ifndef LATT_REPORT_QUIET_H
#define LATT_REPORT_QUIET_H

#include <stddef.h>
#include <stdio.h>

#include "judge/aggregate.h"
#include "judge/verdict.h"

/*
 * The -q line of each of @cfgs[0..n), in order: "config=NAME", then
 * KEY=VALUE for each metric of @ml ("entries=136 max=8241.8 ...", usec
 * for latencies, "-" without a value), then "few=p99,p99.9" naming the
 * percentiles that are the max for too few samples, if any,
 * "complete=no" when no run of it was complete, "load_note=N" when
 * latt's own load dominated what it measured in N of its runs, and
 * "load_queued=N" when in N of those only its clients queued behind each
 * other (its load not high).  After the first, each line also has
 * "vs=FIRST" and, for each metric with a direction, its verdict @v[i]:
 * "p99_verdict=worse" (better, worse, cant_tell, none) and, with an
 * interval, "p99_change=+12.3 p99_low=+5.0 p99_high=+20.1" in percent
 * (with --same-within, the interval its "same" is decided by too:
 * "p99_same_low=-3.1 p99_same_high=+4.0"); with -r auto (@ended not
 * NULL), "ended=decided" as the JSON's ended.  0 or -errno of a failed
 * write.
 */
int latt_quiet_write(FILE *f, const struct latt_metric_list *ml,
		     const struct latt_agg_cfg *cfgs,
		     const struct latt_verdict (*v)[LATT_METRICS_MAX],
		     size_t n, const char *ended);

/*
 * Verdicts @v[0..ml->n) as a -q line has them, each a space before it:
 * "p99_verdict=worse p99_change=+12.3 p99_low=+5.0 p99_high=+20.1",
 * and with --same-within "p99_same_low=-3.1 p99_same_high=+4.0"; then
 * "ended=budget" where -r auto's runs ended so (@ended, NULL: none).
 */
void latt_quiet_verdicts(FILE *f, const struct latt_metric_list *ml,
			 const struct latt_verdict *v, const char *ended);

#endif /* LATT_REPORT_QUIET_H */
