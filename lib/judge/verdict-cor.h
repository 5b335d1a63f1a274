/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * How a verdict's metrics move together, so that a row's level holds
 * for its metrics together without taking each as a test of its own
 * (judge/verdict.h: Holm's step-down at Sidak's level for what the
 * metrics are worth).
 */
#ifndef LATT_JUDGE_VERDICT_COR_H
#define LATT_JUDGE_VERDICT_COR_H

#include <stdbool.h>
#include <stddef.h>

#include "judge/aggregate.h"
#include "judge/profile.h"
#include "judge/verdict-noise.h"

/*
 * The correlation @r (by position in @set) of the differences of
 * metrics @set[0..k) between sides @ra[0..na) and @rb[0..nb), whose
 * variances the verdicts take are @var[0..k): their covariance over
 * those variances (which may be larger: the floors), within [-1, 1].
 * Sides of one invocation: the runs' covariance about their side's
 * mean over each side's runs; of two (@apart), pooled with @p's runs
 * (NULL: none), plus twice @p's invocations' (their means' less their
 * runs' part); of several invocations a side, their means' covariance,
 * pooled with @p's, over each side's invocations.  A part of fewer than
 * 5 degrees of freedom counts as none: the metrics taken to move apart.
 */
void latt_vcor(const struct latt_vrun *ra, size_t na,
	       const struct latt_vrun *rb, size_t nb, bool apart,
	       const struct latt_profile *p, const size_t *set, size_t k,
	       const double *var, double (*r)[LATT_METRICS_MAX]);

/*
 * The number of independent tests @k metrics of correlation @r are
 * worth (Li and Ji's, 2005): each eigenvalue of @r counts 1 if at least
 * 1, and its fraction beyond its whole part; k metrics that move apart
 * count k, k that move as one 1.
 */
double latt_vcor_tests(double (*r)[LATT_METRICS_MAX], size_t k);

#endif /* LATT_JUDGE_VERDICT_COR_H */
