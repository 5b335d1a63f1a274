/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One side of a verdict, for one metric: the mean of its log figure and
 * what that mean may vary by, from the side's runs and, as the case is,
 * the floors, the machine's noise profile or the side's own invocations
 * (judge/verdict.h says when each counts).
 *
 * The variance is a sum of parts, each estimated from something that
 * has degrees of freedom: the side's own runs or invocations, or the
 * profile's two estimates (its runs within invocations, its invocations'
 * means), which both sides of a verdict share.  The floors count as
 * known.  latt_vside_df() puts two sides together (Welch-Satterthwaite,
 * the shared parts added before they are squared).
 */
#ifndef LATT_JUDGE_VERDICT_SIDE_H
#define LATT_JUDGE_VERDICT_SIDE_H

#include <stdbool.h>
#include <stddef.h>

#include "judge/profile.h"
#include "judge/verdict-noise.h"

struct latt_vside {
	size_t n;		/* runs */
	size_t groups;		/* invocations they came from */
	double mean;		/* of their logs (of their invocations'
				   means, with more than one) */
	double term;		/* the variance of that mean */
	double run_var;		/* a run's variance in it: term less
				   run_var / n is what invocations drew */
	double seen;		/* what the runs show (NaN: one run) */
	bool shown;		/* the side's own spread counted */
	bool more;		/* its runs spread more than the profile
				   allows: their own spread taken */
	bool scaled;		/* the invocation's part scaled (by the
				   side's ratio, latt_vside_ratio()) */
	/* Of term, what is estimated from: */
	double own, own_df;		/* the side itself (0: nothing) */
	double prof_between, prof_within;	/* the profile's means of
						   invocations, its runs */
};

/*
 * Runs of one invocation a side enough to go without the floor: their
 * own spread, with Student's t of their n - 1 degrees of freedom for
 * how far it may lie from the truth (at 95% and 10 runs, 2.26 against
 * the normal law's 1.96).  Fewer, and a few runs that happened to
 * agree would make too sure a verdict too often.
 */
#define LATT_VSIDE_OWN_RUNS	10

/*
 * A side's runs spread more than the profile's when chance would make
 * them spread as much at most this often: half of all sides of a true
 * profile spread a little more than it, and taking their own spread
 * then (with the invocation's part scaled) cost verdicts between two
 * invocations of 10 runs half their power (tests/test-verdict-sim: a
 * tail twice as long found 18%, 26% with the test), while a profile of
 * a quieter day is still caught.
 */
#ifndef LATT_VSIDE_SPREAD_LEVEL
#define LATT_VSIDE_SPREAD_LEVEL	0.1
#endif

/*
 * With the floors: a run's variance is the larger of @run_sd squared
 * plus the samples' noise, and what the runs show, or from
 * LATT_VSIDE_OWN_RUNS runs of one invocation (@apart false) what the
 * runs show alone; sides of two invocations (@apart) add what an
 * invocation draws: @share of the runs' moment, at the least @inv_sd
 * squared.
 */
void latt_vside_floors(const struct latt_vrun *runs, size_t n, size_t m,
		       double run_sd, bool apart, double share, double inv_sd,
		       struct latt_vside *s);

/*
 * With the machine's noise @pn (known), sides of two invocations: see
 * judge/verdict.h.
 */
void latt_vside_profiled(const struct latt_vrun *runs, size_t n, size_t m,
			 const struct latt_noise *pn, double ratio,
			 struct latt_vside *s);

/*
 * A side of several invocations (struct latt_vrun's inv): its mean is
 * that of its invocations' means, which vary as they show, pooled with
 * what @pn (NULL: none) says an invocation's mean varies by.
 */
void latt_vside_grouped(const struct latt_vrun *runs, size_t n, size_t m,
			const struct latt_noise *pn, double ratio,
			struct latt_vside *s);

/*
 * How much more the runs of a side, runs[0..n), spread on metric @m
 * than profile @pn allows it (within their invocations, where they are
 * of several): the ratio of the variances where more than chance would
 * make it (LATT_VSIDE_SPREAD_LEVEL), else 1.  Of the body (p50), where
 * a noisier day shows and a change of the tail does not, it is the
 * ratio @ratio the two functions above scale a side's invocation's
 * part by, on every metric; NAN there: each metric's own.
 */
double latt_vside_ratio(const struct latt_vrun *runs, size_t n, size_t m,
			const struct latt_noise *pn);

/* The invocations runs[0..n) came from (1 + the largest inv). */
size_t latt_vside_groups(const struct latt_vrun *runs, size_t n);

/*
 * The degrees of freedom of a difference of sides @a and @b, whose
 * shared parts are @pn's (NULL: none); INFINITY where only the floors
 * counted.
 */
double latt_vside_df(const struct latt_vside *a, const struct latt_vside *b,
		     const struct latt_noise *pn);

#endif /* LATT_JUDGE_VERDICT_SIDE_H */
