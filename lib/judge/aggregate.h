/* SPDX-License-Identifier: GPL-2.0-only */
/* What a configuration's runs come to: the metrics and their values. */
#ifndef LATT_JUDGE_AGGREGATE_H
#define LATT_JUDGE_AGGREGATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "measure/hist.h"
#include "measure/tmetric.h"
#include "run/result.h"
#include "settings/config.h"

/*
 * One aggregation: what a configuration's runs come to, for every output.
 *
 * The metric list names every figure latt shows of a configuration: the
 * sweep table, -q, --fail-above, the JSON summaries and latt compare all
 * walk the same list, so a metric added to it shows everywhere.  Each
 * metric has a kind (how a run's value is taken), a unit (how it is
 * printed) and a direction (which way is better).
 *
 * One rule is applied here and nowhere else, and two beside it:
 *  - Which runs count: a configuration's complete runs; when none is
 *    complete (interrupted, its command failed), the runs that measured,
 *    and the configuration says it has no complete run.
 *  - A percentile is latt_percentile() (lib/measure/hist.h), as in every other
 *    output: one the samples are too few for (p99 needs 100) is the
 *    largest sample, exactly; the value is marked "few" wherever it is
 *    shown.
 *  - Better, worse or can't tell: judge/verdict.h, from the
 *    same values and the runs' histograms.
 *
 * A run is seen through struct latt_run_view, filled from a result of
 * this process (latt_agg_view()) or from a saved document (latt compare);
 * from a view, latt_agg_run() takes every metric's value once.  A run of
 * this process is seen as its JSON document writes it (means to one
 * decimal), so that latt compare of the document finds the same values.
 */

#define LATT_METRICS_MAX	32

enum latt_metric_kind {
	LATT_MK_ENTRIES,	/* wakeups measured */
	LATT_MK_MAX,		/* wakeup latency, ns */
	LATT_MK_AVG,
	LATT_MK_STDEV,
	LATT_MK_PCT,		/* a percentile of it: pct */
	LATT_MK_WALL,		/* the command's wall time, s */
	LATT_MK_CPU,		/* its user + system time, s */
	LATT_MK_CS_RATE,	/* system context switches per second */
	LATT_MK_TARGET,		/* a figure of the command's own
				   (--target-metric), by its name */
	LATT_MK_LOAD,		/* latt's own load while measuring, 0..1
				   (LATT_LOAD_QUEUE_PCT in run/result.h) */
	LATT_MK_CMD_PCT,	/* a percentile (pct) of the command's own
				   waits from a wakeup, ns (its tasks
				   followed in the kernel: lib/trace/cmdlat.h) */
};

enum latt_metric_unit {
	LATT_MU_COUNT,		/* printed as is */
	LATT_MU_NS,		/* held in ns, printed in usec */
	LATT_MU_S,		/* seconds */
	LATT_MU_RATE,		/* per second */
	LATT_MU_VALUE,		/* the command's: no unit, two decimals */
	LATT_MU_SHARE,		/* held as 0..1, printed as a percentage */
};

enum latt_better {
	LATT_BETTER_NONE,	/* neither: a count */
	LATT_BETTER_LOWER,
	LATT_BETTER_HIGHER,
};

struct latt_metric {
	enum latt_metric_kind kind;
	double pct;			/* LATT_MK_PCT: 0 < pct < 100 */
	enum latt_metric_unit unit;
	enum latt_better better;
	char name[16];			/* its key: "p99", "wall_s" (-q,
					   JSON, --fail-above) */
	char head[16];			/* its column heading: "wall s" */
};

/* The metrics of an invocation, in the order every output shows them. */
struct latt_metric_list {
	struct latt_metric m[LATT_METRICS_MAX];
	size_t n;
};

/*
 * The default list: entries, max, avg, stdev, the percentiles (without
 * -p p99, p50, p99.9: latt_default_metric_pcts), wall_s, cpu_s,
 * cs_per_s, load.
 */
void latt_metrics_init(struct latt_metric_list *ml);

/*
 * The percentiles of @ml replaced by @pcts[0..n) (-p), in that order,
 * where the first of them was.  0 or -ENOSPC.
 */
int latt_metrics_percentiles(struct latt_metric_list *ml, const double *pcts,
			     size_t n);

/*
 * Parse metric name @name (case does not matter: "max", "avg", "stdev",
 * "p99.9", "cmd_p99", or any name of the default list) into @m.  0 or
 * -EINVAL.
 */
int latt_metric_parse(const char *name, struct latt_metric *m);

/*
 * The metric of target metric @tm: named as it is, better as it says.
 * Metrics of that kind are the same metric when their names are.
 */
void latt_metric_target(const struct latt_tmetric *tm, struct latt_metric *m);

/*
 * The metric of percentile @p (0 < @p < 100) of the command's own waits
 * from a wakeup: "cmd_p99", headed "cmd p99".
 */
void latt_metric_cmd(double p, struct latt_metric *m);

/*
 * The index of @m in @ml, adding it at the end if it is not there.
 * -ENOSPC when the list is full.
 */
int latt_metrics_add(struct latt_metric_list *ml, const struct latt_metric *m);

/* The index of the metric named @name ("p99") in @ml, or ml->n. */
size_t latt_metrics_find(const struct latt_metric_list *ml, const char *name);

/* One value of one run, or of a configuration. */
struct latt_value {
	double v;		/* NaN: none */
	bool few;		/* a percentile the samples are too few for:
				   the largest sample (of a run that had too
				   few, for a configuration) */
	bool partial;		/* the command's own figure, of a command
				   latt stopped before it ended (-t) */
	double lo, hi;		/* its 95% interval; NaN: none */
	double spread;		/* configuration: max - min over its runs;
				   NaN below two */
};

/* Every metric of one run. */
struct latt_agg_run {
	bool complete, lagged, load_note, load_queued;
	uint64_t count;			/* the clients' wakeups */
	bool measured;			/* ... some, or the command's own
					   waits (with -c 0, only those) */
	struct latt_value val[LATT_METRICS_MAX];
};

/* Every metric of one configuration. */
struct latt_agg_cfg {
	const char *name;
	unsigned int runs;		/* the runs its values are from */
	unsigned int left_out;		/* the runs that did not count */
	bool complete;			/* ... its runs are complete ones */
	unsigned int lagged;		/* of its runs, those whose waker
					   woke late */
	unsigned int load_noted;	/* ... those where latt's own load
					   dominated what it measured */
	unsigned int load_queued;	/* ... of them, those where only its
					   clients queued behind each
					   other, its load not high */
	struct latt_value val[LATT_METRICS_MAX];
};

/*
 * Every configuration of @cfgs[0..ncfgs), in order, from its runs among
 * @results[0..n) (one that never ran has no run).  0 or -ENOMEM.
 */
int latt_agg_results(const struct latt_metric_list *ml,
		     const struct latt_run_cfg *cfgs, size_t ncfgs,
		     const struct latt_result *results, size_t n,
		     struct latt_agg_cfg *out);

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
 * or not), by the rules of run/result.h.  0 or -ENOMEM.
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

#endif /* LATT_JUDGE_AGGREGATE_H */
