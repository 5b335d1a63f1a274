/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A machine's noise profile: how much runs and invocations of one setup
 * differ on it, metric by metric, estimated from invocations measured
 * apart (each a latt process, its runs within it).  Verdicts between two
 * invocations take it in place of the fixed floors (judge/verdict.h).
 *
 * The model, in logs: a run's figure y is its setup's level, plus what
 * its invocation drew (shared by its runs: variance inv), plus what the
 * run drew (variance run), plus its samples' noise (the run's own,
 * shown by drawing its samples again: struct latt_vrun's noise).  From
 * K invocations of n_i runs each:
 *  - within invocations, the runs' mean square about their invocation's
 *    mean (of sum(n_i - 1) degrees of freedom) less their mean noise is
 *    a run's variance;
 *  - between them, the variance of the invocations' means (K - 1) less
 *    what their runs put into it (the mean square within over the
 *    harmonic mean of n_i) is an invocation's, with the degrees of
 *    freedom of that difference (Satterthwaite): few when the two are
 *    close, so that an estimate near zero counts for little.
 */
#ifndef LATT_JUDGE_PROFILE_H
#define LATT_JUDGE_PROFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "judge/aggregate.h"
#include "judge/verdict-noise.h"

/* One metric's noise on a machine, in the log of its figure. */
struct latt_noise {
	bool known;		/* false: too few runs or invocations had it */
	double run, run_df;	/* a run's variance beyond its samples'
				   noise, and its degrees of freedom */
	double inv, inv_df;	/* an invocation's, which its runs share
				   (at the least 0) */
	/* What they are made of: */
	double within;		/* the runs' mean square about their
				   invocation's mean (run_df) */
	double noise;		/* their samples' noise, a run's mean */
	double between;		/* the variance of the invocations' means
				   (between_df: K - 1) ... */
	double between_df;
	double runs_h;		/* ... of runs_h runs each (the harmonic
				   mean of n_i) */
};

/* What a profile holds: for each metric of a list, by the list's index. */
struct latt_profile {
	struct latt_noise m[LATT_METRICS_MAX];
	size_t invocations;	/* K */
	size_t runs;		/* in all */
	/*
	 * Between metrics a and b known both: the runs' mean product about
	 * their invocation's mean (of the runs' sum(n_i - 1) degrees of
	 * freedom, as within), and the invocations' means' covariance
	 * (K - 1, as between).  The verdicts take from them how the
	 * metrics' differences move together.
	 */
	double within_cov[LATT_METRICS_MAX][LATT_METRICS_MAX];
	double between_cov[LATT_METRICS_MAX][LATT_METRICS_MAX];
};

/*
 * Estimate @p for the metrics of @ml from @k invocations: invocation i
 * is @runs[i][0..@n[i]), ready (latt_vcfg_ready(): their y and noise).
 * A metric is known with two invocations or more, one of them of two
 * runs or more, and every run of them with its value.
 */
void latt_profile_estimate(const struct latt_metric_list *ml,
			   const struct latt_vrun *const *runs,
			   const size_t *n, size_t k, struct latt_profile *p);

/*
 * The index in @ml of the body, p50, where profile @p knows it (its
 * spread on p50 is what a side's invocation's part is scaled by, on
 * every metric: judge/verdict.c); else @ml's n.
 */
size_t latt_profile_body(const struct latt_profile *p,
			 const struct latt_metric_list *ml);

/*
 * What a comparison on this machine finds four times in five, by the
 * noise @pn: the smallest change of the metric (relative: 0.25 is 25%
 * higher) found worse with @k invocations a side of @r runs each, when
 * @judged metrics are judged together at @level (Holm's first step:
 * each at 1 - (1 - level) / judged, two-sided).  The difference's
 * variance is 2 (inv / k + (run + noise) / (k r)); its quantile Student's
 * t of what the profile's invocations and the sides' own (2 (k - 1))
 * give it.  NaN when @pn is not known.
 */
double latt_profile_smallest(const struct latt_noise *pn, size_t k, size_t r,
			     size_t judged, double level);

#endif /* LATT_JUDGE_PROFILE_H */
