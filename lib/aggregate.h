/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What only the library uses of lib/aggregate*; what the module is, and the
 * part the programs call, is in include/latt/result.h.
 */
#ifndef LATT_LIB_AGGREGATE_H
#define LATT_LIB_AGGREGATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "latt/result.h"
#include "result.h"

/* One run, as every output sees it. */
struct latt_run_view {
	bool complete;			/* ended as it should: it counts */
	bool lagged;			/* its waker woke late */
	uint64_t count, min, max;	/* wakeups; min and max in ns */
	double mean, stdev, stdev_mean;	/* ns; NaN: not known */
	const struct latt_hist *hist;	/* the wakeup latency's */
	double wall_s, cpu_s, cs_rate;	/* NaN: not known */
	/* the command's own figures: name and value (NaN: not found) */
	size_t ntm;
	const char *tm_name[LATT_TMETRICS_MAX];
	double tm_value[LATT_TMETRICS_MAX];
	bool tm_partial;		/* ... of a command latt stopped at -t
					   (or on a signal): partial figures */
	/* the command's own waits from a wakeup; cmd_hist NULL: none */
	const struct latt_hist *cmd_hist;
	uint64_t cmd_count, cmd_max;	/* waits; the longest, ns */
	double load;			/* latt's own, 0..1; NaN: not known */
	bool load_note;			/* it dominated what was measured */
	bool load_queued;		/* ... by its clients queueing behind
					   each other alone, its load not
					   high (LATT_LOAD_QUEUE_PCT) */
};

/*
 * Every metric of @ml of run @v; those past the end of @ml, none (NaN),
 * so that a metric added to @ml later has no value in this run.
 */
void latt_agg_run(const struct latt_metric_list *ml,
		  const struct latt_run_view *v, struct latt_agg_run *out);

/*
 * Configuration @name from its runs @runs[0..n) (every run of it, counting
 * or not), by the rules of include/latt/result.h.  0 or -ENOMEM.
 */
int latt_agg_cfg(const struct latt_metric_list *ml, const char *name,
		 const struct latt_agg_run *runs, size_t n,
		 struct latt_agg_cfg *out);

/* As printed: usec for ns, a percentage for a share, else as held. */
double latt_metric_print_value(const struct latt_metric *m, double v);

/* The decimals it is printed with: 1 for usec and %, 2 for s, else 0. */
int latt_metric_prec(const struct latt_metric *m);

/* Its unit as printed after the value: "usec", "s", "/s", "%", "". */
const char *latt_metric_unit_name(const struct latt_metric *m);

/*
 * How a percentile the samples are too few for is marked in words:
 * "(the max: p99 needs 100 samples)".  Returns @buf.
 */
char *latt_metric_few(const struct latt_metric *m, char *buf, size_t len);

/*
 * One cell of a table: a space, the value as printed (@ratio: a ratio,
 * three decimals) in LATT_CELL_WIDTH - 1 columns or "-" for NaN, and
 * @mark (' ' for none; '+' too few samples, '~' within the noise).
 * Returns @buf.
 */
#define LATT_CELL_WIDTH	9
char *latt_metric_cell(const struct latt_metric *m, double v, bool ratio,
		       char mark, char *buf, size_t len);

/*
 * Why latt measured itself in @noted runs, @queued of them by its
 * clients queueing behind each other alone (the load not high): for the
 * table's and latt compare's note.
 */
const char *latt_agg_load_why(unsigned int noted, unsigned int queued);

/* @r seen as every output sees it. */
void latt_agg_view(const struct latt_result *r, struct latt_run_view *v);

/* Metric @m of run @v. */
void latt_agg_value(const struct latt_metric *m, const struct latt_run_view *v,
		    struct latt_value *out);

/* Is run @r one that configuration @c's values are from? */
bool latt_agg_counts(const struct latt_agg_run *r,
		     const struct latt_agg_cfg *c);

/* The ratio of @a to @first: NaN where either is missing or @first 0. */
double latt_agg_ratio(const struct latt_value *a,
		      const struct latt_value *first);

/* The median of @v[0..n) (sorted in place); NaN for n = 0. */
double latt_median(double *v, size_t n);

#endif /* LATT_LIB_AGGREGATE_H */
