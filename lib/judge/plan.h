/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * How many more: what a comparison that cannot tell yet would need to
 * tell, four times in five, and what a planned one needs (latt compare
 * --plan).
 *
 * A verdict's difference of the sides' mean log figure varies by what
 * their runs drew, which more runs of the same invocations shrink, and
 * by what the invocations drew, which only more invocations (boots)
 * shrink.  For a change of true size D (in logs) a verdict at a
 * quantile q finds it when the difference lies beyond q standard
 * deviations s of it: four times in five when D >= (q + z) s, z the
 * normal law's 80% point.  "The same within +-W" (--same-within) when
 * the interval lies inside: for no change four times in five when
 * log(1 + W) >= (q + z') s, z' its 90% point (either bound may be
 * crossed).  The change a can't-tell verdict is planned for is the one
 * observed, or --same-within's when the observed lies within it.
 */
#ifndef LATT_JUDGE_PLAN_H
#define LATT_JUDGE_PLAN_H

#include <stdbool.h>
#include <stddef.h>

/* More than this many runs or invocations a side is no advice. */
#define LATT_PLAN_RUNS_MAX	10000
#define LATT_PLAN_BOOTS_MAX	100

/* What a verdict's difference is made of, in logs. */
struct latt_vparts {
	double run[2];		/* a run's variance: the baseline's side,
				   the other's */
	double n[2];		/* their runs */
	double g[2];		/* the invocations they came from */
	double seen[2];		/* a run's variance as the runs show it
				   (NaN: unknown) ... */
	double own_runs;	/* ... which sides of one invocation take
				   alone from this many runs (0: never) */
	double inv;		/* the rest of the difference's variance:
				   what invocations drew */
	double prior_df;	/* the degrees of freedom a profile gives
				   an invocation's variance (0: none) */
	bool apart;		/* sides of different invocations */
};

/*
 * The difference's variance of @p with @more0 and @more1 runs added to
 * its sides in the same invocations: a side of enough runs (own_runs)
 * takes what its runs show, in place of the floor.
 */
double latt_plan_var(const struct latt_vparts *p, double more0,
		     double more1);

/* What would tell, as struct latt_verdict carries it. */
struct latt_need {
	unsigned int runs;	/* runs a side to add; 0: not by runs */
	unsigned int boots;	/* invocations a side to add, each of as
				   many runs; 0: not by them */
	bool beyond;		/* more than LATT_PLAN_*_MAX: too small a
				   change to tell */
	bool by_boots;		/* ... by invocations: sides of two */
	double target;		/* the change planned for (relative) */
	bool same;		/* ... as "the same within" it */
};

/*
 * A can't-tell verdict's need, from its parts @p, its interval's @level
 * and degrees of freedom @df, for a change @change observed (relative)
 * or, when @within > 0 and the change lies within it, to be the same
 * within @within.  Runs for sides of one invocation; for sides of two,
 * runs where at most as many again as they have would do, else
 * invocations.  @out zeroed when nothing can be said (no parts).
 */
void latt_plan_need(const struct latt_vparts *p, double level, double df,
		    double change, double within, struct latt_need *out);

/*
 * "needs about 12 more runs a side", "needs about 3 more invocations a
 * side (boots)", "more than 100 invocations a side to find +0.5%", or "" for
 * no need.  Returns @buf.
 */
char *latt_need_text(const struct latt_need *n, char *buf, size_t len);

/*
 * --plan: the invocations a side of @r runs each that find a change of
 * @pct as latt_plan_runs() says (its other arguments the same); 0 when
 * no number up to LATT_PLAN_BOOTS_MAX would.
 */
unsigned int latt_plan_boots(double run, double inv, unsigned int r,
			     double level, double prior_df, double pct);

/*
 * --plan: the runs @k invocations a side each need to find a change of
 * @pct (relative) four times in five, when a run's variance is @run and
 * an invocation's @inv, at the per-metric level @level (two-sided),
 * with @prior_df degrees of freedom for the invocation's (0: known, or
 * none with @inv 0).  0 when no number of runs up to LATT_PLAN_RUNS_MAX
 * would.
 */
unsigned int latt_plan_runs(double run, double inv, size_t k, double level,
			    double prior_df, double pct);

/*
 * --plan's one invocation: the runs a side of a sweep (-C) need to find
 * a change of @pct four times in five at @level (two-sided), as its
 * verdict would judge them: below @own_runs runs a side with a run's
 * variance @floor, or @own where that is larger and two runs or more
 * show it; from @own_runs, @own with their degrees of freedom.  0 when
 * no number of runs up to LATT_PLAN_RUNS_MAX would.
 */
unsigned int latt_plan_sweep_runs(double own, double floor, double own_runs,
				  double level, double pct);

#endif /* LATT_JUDGE_PLAN_H */
