/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The comparison of configurations: one row per configuration, each
 * metric the median over its runs, the run-to-run spread of p99, and the
 * ratio of each metric to the first configuration's.  Computed once from
 * the results; the table writers only print it.
 */
#ifndef LATT_SUMMARY_H
#define LATT_SUMMARY_H

#include <stddef.h>

#include "latt/result.h"

enum latt_metric {
	LATT_M_ENTRIES,		/* wakeups measured in a run */
	LATT_M_MAX,		/* wakeup latency, ns */
	LATT_M_AVG,
	LATT_M_STDEV,
	LATT_M_P99,
	LATT_M_WALL,		/* the command's wall time, s */
	LATT_M_CPU,		/* the command's user + system time, s */
	LATT_M_CS_RATE,		/* system context switches per second */
	LATT_M_COUNT
};

struct latt_summary_row {
	const struct latt_run_cfg *cfg;	/* of its first run */
	unsigned int runs;		/* complete runs: the numbers' */
	unsigned int left_out;		/* runs interrupted or failed */
	unsigned int lagged;		/* of the complete runs, those whose
					   waker woke late */
	double value[LATT_M_COUNT];	/* median over the runs; NaN: none */
	double p99_spread;		/* (max - min) / median of the runs'
					   p99; NaN below two runs */
	double ratio[LATT_M_COUNT];	/* value / the first row's; NaN where
					   either is missing or 0 */
};

/* The name of @m as a column heading ("p99", "wall s"). */
const char *latt_metric_name(enum latt_metric m);

/*
 * Group @results[0..n) by configuration name, in order of first
 * appearance, into @rows (room for @max), and compute each row from its
 * complete runs; runs interrupted or failed are left out (and counted), a
 * configuration without a complete run keeps its row with runs 0 and no
 * numbers.  Returns the number of rows.
 */
size_t latt_summary_build(const struct latt_result *results, size_t n,
			  struct latt_summary_row *rows, size_t max);

/* The median of @v[0..n) (sorted in place); NaN for n = 0. */
double latt_median(double *v, size_t n);

#endif /* LATT_SUMMARY_H */
