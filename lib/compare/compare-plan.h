/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * latt compare --plan PCT: how many runs and invocations (boots) a side a
 * comparison needs to find a change of +-PCT on each metric four times in
 * five (judge/plan.h), by a machine's noise profile or by what the files
 * compared show.
 */
#ifndef LATT_COMPARE_COMPARE_PLAN_H
#define LATT_COMPARE_COMPARE_PLAN_H

#include <stdbool.h>
#include <stdio.h>

#include "judge/aggregate.h"
#include "judge/profile.h"
#include "judge/verdict.h"

/* One metric's noise, as a plan takes it, in logs. */
struct latt_plan_noise {
	bool known;
	double run;		/* a run's variance, its samples' noise in */
	double inv;		/* an invocation's */
	double inv1;		/* ... as 1 a side is judged by it (without
				   a profile, the floor at the least) */
	double prior_df;	/* the degrees of freedom of inv (0: a floor,
				   taken as known) */
	double sweep;		/* a run's variance in a sweep as its runs
				   show it, its samples' noise in ... */
	double floor;		/* ... and the floor a sweep's side of
				   fewer than LATT_VSIDE_OWN_RUNS takes */
};

/* From the profile @p (latt calibrate) into @nz[0..ml->n). */
void latt_plan_of_profile(const struct latt_metric_list *ml,
			  const struct latt_profile *p,
			  struct latt_plan_noise *nz);

/*
 * From the verdicts @v[0..ml->n) of two rows: each metric's run's
 * variance as its verdict took it (the floor, or what its runs showed
 * above it), and the invocation's: what the verdict's sides of two
 * invocations drew, or for rows of one invocation the floor of it.
 */
void latt_plan_of_verdicts(const struct latt_metric_list *ml,
			   const struct latt_verdict *v,
			   struct latt_plan_noise *nz);

/*
 * The plan's table: for each metric known that is better or worse, the
 * runs a side that find a change of @pct (0.1: +-10%) four times in five
 * in one invocation (a sweep of -C) and in 1, 2, 4 and 8 invocations a
 * side, at @level for the metrics together (each at 1 - (1 - level) /
 * their number); @source says what the noise is of.  0 or the write's
 * -errno.
 */
int latt_plan_print(FILE *f, const struct latt_metric_list *ml,
		    const struct latt_plan_noise *nz, double pct,
		    double level, const char *source);

#endif /* LATT_COMPARE_COMPARE_PLAN_H */
