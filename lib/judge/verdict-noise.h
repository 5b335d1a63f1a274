/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A run's noise: how much a figure of its samples' distribution (avg,
 * stdev, a percentile) would differ in a second run like it, by drawing
 * its samples again.  The verdicts' (judge/verdict.h).
 *
 * A run's samples are kept in blocks of consecutive cycles, in time
 * order (run/result.h); a draw takes stretches of consecutive blocks
 * from random places, wrapping round, until it has as many as the run
 * (a circular moving-block bootstrap), so that what comes and goes in
 * time stays together as far as one block's level follows the last's;
 * a run of one block has each bucket's count drawn again (Poisson).
 */
#ifndef LATT_JUDGE_VERDICT_NOISE_H
#define LATT_JUDGE_VERDICT_NOISE_H

#include <stdbool.h>
#include <stddef.h>

#include "judge/aggregate.h"

/* Draws of a run's samples for their noise. */
#define LATT_VERDICT_DRAWS	200

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
	unsigned int inv;		/* the invocation of its side it
					   came from: 0, 1, ... (latt
					   compare of several files a side) */
	/*
	 * Made by latt_vcfg_ready(), for each metric of the list: the log
	 * of its value (NaN: none, or not above 0), and the variance of
	 * that log from drawing the run's samples again (0 for a figure
	 * a run has once; NaN: the draws do not show it: too few samples,
	 * or a tail too heavy for the mean or the standard deviation);
	 * the index of its samples' tail (Hill's, of its largest 1%).
	 */
	double y[LATT_METRICS_MAX];
	double noise[LATT_METRICS_MAX];
	double tail;
};

/*
 * The least tail index at which a run's samples drawn again show the
 * noise of its mean (a tail of index 2 or less has no finite variance:
 * its mean is set by its largest samples, which no draw goes past), and
 * of its standard deviation (which needs a finite fourth moment).
 */
#define LATT_TAIL_AVG		2.0
#define LATT_TAIL_STDEV		4.0

/*
 * Is @m a figure of the samples' distribution, whose noise drawing them
 * again shows (else a figure a run has once: max, p100, a time)?
 */
bool latt_of_distribution(const struct latt_metric *m);

/*
 * The noise and tail index of each run of @runs[0..n) (struct
 * latt_vrun's noise[] and tail) for the metrics of @ml: for a figure of
 * the distribution, the variance of its log over LATT_VERDICT_DRAWS
 * draws of the run, by a generator seeded from the run's own
 * histograms; NaN where fewer than half the draws have a value, or the
 * mean's or the standard deviation's where the run's tail is too heavy
 * (LATT_TAIL_AVG, LATT_TAIL_STDEV); 0 for a figure a run has once.
 * 0 or -ENOMEM.
 */
int latt_noise_runs(const struct latt_metric_list *ml, struct latt_vrun *runs,
		    size_t n);

#endif /* LATT_JUDGE_VERDICT_NOISE_H */
