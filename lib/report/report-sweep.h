/* SPDX-License-Identifier: GPL-2.0-only */
/* The sweep's table of configurations, after the runs of -C or -r. */
#ifndef LATT_REPORT_REPORT_SWEEP_H
#define LATT_REPORT_REPORT_SWEEP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "judge/aggregate.h"
#include "judge/verdict.h"
#include "settings/config.h"

/*
 * The table of configurations (the caller first says the facts that
 * decide whether the numbers compare: kernel, CPUs, NUMA nodes,
 * clocksource, preemption, autogroup): one row per configuration of
 * @rows[0..n) (its settings from @cfgs[i]) with every metric of @ml, the
 * p99 spread, the ratio of each metric to the first configuration
 * marked with its verdict @v[i] (at @level) as latt compare marks it,
 * the verdicts in words, and each configuration's settings.  No line
 * contains "Avg".  Returns 0 or -errno of a failed write.
 */
int latt_report_sweep_table(FILE *f, const struct latt_metric_list *ml,
			    const struct latt_run_cfg *cfgs,
			    const struct latt_agg_cfg *rows,
			    const struct latt_verdict (*v)[LATT_METRICS_MAX],
			    size_t n, double level, bool wide);

#endif /* LATT_REPORT_REPORT_SWEEP_H */
