/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Verdicts: is a configuration better, worse, or can one not tell, than
 * the baseline (the first configuration), metric by metric, and by how
 * much, with an interval.  The sweep table, -q, the JSON summary and
 * latt compare all take theirs from here.
 *
 * Two methods, by what a metric is:
 *  - A figure of the wakeup latency's distribution (avg, stdev, a
 *    percentile): a bootstrap.  Each replicate draws the configuration's
 *    runs again with replacement (two runs or more), and in each run its
 *    blocks of time (latt/result.h: up to 64 blocks of consecutive
 *    cycles, each block's histogram), so that what comes and goes in time
 *    (a burst of other work, a noisy neighbour of a VM) widens the
 *    interval as it would move a second run's figure; a run with a
 *    single block has its buckets' counts drawn again instead (a Poisson
 *    draw of each count, which stands for drawing the samples again).  A
 *    replicate's value is the median over its runs of each run's figure,
 *    as the shown value is; the change's interval is the percentile
 *    interval of the replicates' ratios.  A bootstrap assumes nothing of
 *    the distribution's shape, which for latency is skewed, heavy-tailed
 *    and often of several modes.  A percentile with fewer than two
 *    samples beyond it in a run is not drawn again: the bootstrap of the
 *    few largest samples never reaches past them, and is too sure.
 *  - A figure that a run has once (max, wall and CPU time, the command's
 *    own figure), and every figure when both sides have runs enough for
 *    it: the runs are the samples, compared by a rank test
 *    (Mann-Whitney), the change by Hodges-Lehmann's estimate (the median
 *    of every difference of a run of one from a run of the other) over
 *    the baseline's median, its interval from the exact distribution of
 *    the rank statistic.  A maximum of one run has no interval within
 *    that run, so with too few runs there is no verdict, and the runs
 *    needed are said.
 *
 * The level is 95% for a configuration's metrics together, by Holm's
 * step-down: each of its k metrics is judged at 1 - 0.05 / k first;
 * while some are better or worse, the rest again at 1 - 0.05 / (k -
 * those), until a step finds none.  Two runs of one configuration give
 * "can't tell" on every metric 19 times in 20, as with Bonferroni's
 * 1 - 0.05 / k for all, and a clear change on some metrics leaves the
 * others' intervals narrower.
 * A change whose interval lies wholly above or below no change is
 * better or worse as the metric's direction says; one that holds no
 * change is can't tell; a metric that cannot be judged (a count, too few
 * samples for a percentile, a value missing, too few runs) says why.
 *
 * The replicates come from a generator of fixed seed: the same runs give
 * the same verdicts, in the run that measured them and in latt compare
 * of its document.
 */
#ifndef LATT_VERDICT_H
#define LATT_VERDICT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "latt/aggregate.h"
#include "latt/result.h"

#define LATT_VERDICT_CONFIDENCE	0.95
#define LATT_VERDICT_REPLICATES	2000
/*
 * What a single run cannot show: how much a second run of the same
 * configuration differs as a whole (another moment of the host, of the
 * machine's other work).  Measured on a shared 2-CPU VM: the log of
 * identical runs' p99 had a standard deviation of 0.10 in a sweep, of
 * their mean 0.06, sampling noise (which the blocks show) included; 0.26
 * and 0.16 across invocations in a busy spell of the host.  A side of
 * one run has a factor exp(N(0, LATT_VERDICT_RUN_SD^2)) drawn into each
 * replicate; with two runs or more, the runs drawn again show their own.
 */
#define LATT_VERDICT_RUN_SD	0.07

/* One unit of a run's samples: a block's histogram (or the run's). */
struct latt_vunit {
	const uint64_t (*b)[2];		/* each bucket's low end (ns) and
					   count, in order */
	size_t n;
};

/* One run that counts (latt_agg_counts()), as a verdict sees it. */
struct latt_vrun {
	const struct latt_agg_run *agg;	/* its values */
	const struct latt_vunit *units;	/* its blocks' histograms */
	size_t nunits;			/* 0: none kept */
};

/* A configuration, as a verdict sees it. */
struct latt_vcfg {
	const struct latt_agg_cfg *agg;	/* its values */
	struct latt_vrun *runs;
	size_t nruns;
	/* what latt_vcfg_results() made for it, freed with it */
	struct latt_agg_run *own_agg;
	struct latt_vunit *own_units;
	uint64_t (**own_buckets)[2];	/* runs' histograms made sparse */
	size_t nown;
};

enum latt_verdict_kind {
	LATT_V_NONE,		/* no verdict: @why says why */
	LATT_V_BETTER,
	LATT_V_WORSE,
	LATT_V_UNSURE,		/* can't tell */
};

enum latt_verdict_method {
	LATT_VM_NONE,
	LATT_VM_BOOTSTRAP,
	LATT_VM_RANK,
};

struct latt_verdict {
	enum latt_verdict_kind kind;
	enum latt_verdict_method method;
	double change;		/* relative: 0.12 is 12% higher; NaN none */
	double lo, hi;		/* its interval; NaN with LATT_V_NONE */
	double level;		/* of that interval */
	char why[96];		/* LATT_V_NONE: why, in words */
};

/* "better", "worse", "can't tell", "no verdict". */
const char *latt_verdict_word(enum latt_verdict_kind k);

/* The token of -q and the JSON: "better", "worse", "cant_tell", "none". */
const char *latt_verdict_token(enum latt_verdict_kind k);

/*
 * Configuration @name as a verdict sees it, from @results[0..n) (its runs
 * among them) and its values @agg (latt_agg_results()).  The runs'
 * histograms are @results' own: @out must not outlive them.  0 or
 * -ENOMEM; @out is freed with latt_vcfg_free() either way.
 */
int latt_vcfg_results(const struct latt_metric_list *ml, const char *name,
		      const struct latt_result *results, size_t n,
		      const struct latt_agg_cfg *agg, struct latt_vcfg *out);

void latt_vcfg_free(struct latt_vcfg *c);

/*
 * The verdict of each metric of @ml, of @x against the baseline @base,
 * in @out[0..ml->n).  0 or -ENOMEM.
 */
int latt_verdicts(const struct latt_metric_list *ml,
		  const struct latt_vcfg *base, const struct latt_vcfg *x,
		  struct latt_verdict *out);

/*
 * Every configuration of @aggs[0..ncfgs) against the first, from
 * @results[0..n): @out[i][m], the first's all LATT_V_NONE.  0 or
 * -ENOMEM.
 */
int latt_verdict_results(const struct latt_metric_list *ml,
			 const struct latt_agg_cfg *aggs, size_t ncfgs,
			 const struct latt_result *results, size_t n,
			 struct latt_verdict (*out)[LATT_METRICS_MAX]);

/*
 * A verdict as a table shows it beside a ratio: 'w' worse, 'b' better,
 * '~' can't tell, '?' no verdict; ' ' for the baseline itself.
 */
char latt_verdict_mark(const struct latt_verdict *v);

/*
 * The change and interval in words: "+12.3% [+5.0%, +20.1%]", or for
 * LATT_V_NONE its why.  Returns @buf.
 */
char *latt_verdict_text(const struct latt_verdict *v, char *buf, size_t len);

/* --fail-if: worse (in any metric, or in those named), incomparable. */
struct latt_fail_if {
	bool worse;				/* in any metric ... */
	size_t nnames;				/* ... or in these */
	char names[LATT_METRICS_MAX][16];
	bool incomparable;			/* latt compare's */
};

/*
 * Parse "worse", "worse=METRIC[,METRIC...]" or "incomparable" into @f
 * (names checked once the metrics are known: latt_fail_if_worse()).
 * 0, or -EINVAL with why in @err.
 */
int latt_fail_if_parse(const char *arg, struct latt_fail_if *f, char *err,
		       size_t len);

/*
 * The metrics of @ml that @f asks of, in @ask[0..ml->n).  -ENOENT with
 * the name in @err when @f names a metric @ml does not have.
 */
int latt_fail_if_mask(const struct latt_fail_if *f,
		      const struct latt_metric_list *ml, bool *ask, char *err,
		      size_t len);

/*
 * Is a verdict of @v[1..n) worse in a metric @f asks of (@ml)?  Each
 * worse one is said on @say (NULL: not said) as "latt: configuration
 * 'B': p99 is worse than 'A': +24.1% [+14.2%, +35.7%]", with @names.  -ENOENT with
 * the name in @err when @f names a metric @ml does not have.
 */
int latt_fail_if_worse(const struct latt_fail_if *f,
		       const struct latt_metric_list *ml,
		       const char *const *names,
		       const struct latt_verdict (*v)[LATT_METRICS_MAX],
		       size_t n, FILE *say, char *err, size_t len);

#endif /* LATT_VERDICT_H */
