/* SPDX-License-Identifier: GPL-2.0-only */
/* Verdicts between configurations: better, worse or can't tell. */
#ifndef LATT_JUDGE_VERDICT_H
#define LATT_JUDGE_VERDICT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "judge/aggregate.h"
#include "judge/plan.h"
#include "judge/profile.h"
#include "judge/verdict-noise.h"
#include "run/result.h"

/*
 * Verdicts: is a configuration better, worse, or can one not tell, than
 * the baseline (the first configuration), metric by metric, and by how
 * much, with an interval.  The sweep table, -q, the JSON summary and
 * latt compare all take theirs from here.
 *
 * One method for every metric: the runs are the samples, in logs.  A
 * run's value y (the log of its p99, its mean, its wall time, ...) is
 * the configuration's own level, plus what the run drew from the
 * machine's moment (other work, the host under a VM, where the tasks
 * were placed), plus the noise of its samples.  A side's level is the
 * mean of its runs' y, and the change is that of the other side less the
 * baseline's, exp(d) - 1: the ratio of the runs' geometric means, so
 * that a change lies in (-100%, +inf) and its interval too.
 *
 * What that difference d may be by chance is its variance, summed from
 * what each side's runs show and what they cannot show:
 *  - A run's variance, at the least its floor: what runs of one
 *    configuration were measured to differ by beyond their samples'
 *    noise (latt_verdict_spread()), plus the noise of this run's own
 *    samples, which a figure of the distribution (avg, stdev, a
 *    percentile) shows by drawing the run again: stretches of its
 *    blocks of time (run/result.h), or with a single block its
 *    buckets' counts (lib/judge/verdict-noise.h).  A side of two runs or
 *    more shows its own variance; the larger of the two is taken, so a
 *    side of few runs that happened to agree is never surer than one
 *    run would be.  Sides of one invocation of 10 runs or more
 *    (LATT_VSIDE_OWN_RUNS) take their own variance alone.
 *  - Two sides from separate invocations of latt (two documents in
 *    latt compare: two boots, two kernels) differ also by what each
 *    invocation drew, which runs of one invocation share and no side
 *    can show: as measured, up to half of what a run of it draws beyond
 *    its samples' noise, for each side (the command's own waits, more:
 *    a floor of their own, as measured).
 *  - With the machine's noise profile (judge/profile.h) for sides of
 *    two invocations, its variances replace the floors: a run's is the
 *    profile's plus the run's samples' noise, or the runs' own where
 *    they show more than chance would (judge/verdict-side.h);
 *    an invocation's is what the profile's invocations' means varied by
 *    beyond their runs, scaled as much as the side's runs of p50 show
 *    more (on every metric: a noisier day shows in the body, a longer
 *    tail does not; without p50, each metric's own).  Their degrees of freedom are the profile's.
 * The interval is d +- q sqrt(V), q Student's t of the degrees of
 * freedom of the variances the runs showed (Welch-Satterthwaite; the
 * normal law's where only floors count).  A figure a run has once (max,
 * wall and CPU time, the command's own figure, a percentile of its own
 * waits) has no noise within a run, and needs two runs a side; so do
 * the mean and the standard deviation of a run whose tail is too heavy
 * for its draws to show their noise.
 *
 * The level is 95% (or --level's) for a configuration's metrics
 * together, by Holm's step-down at Sidak's level for the number M of
 * independent tests the metrics are worth: each of its k metrics is
 * judged at 0.95^(1/M) first; while some are better or worse, the rest
 * again at that of the rest, until a step finds none.  M is Li and Ji's
 * (2005), from the eigenvalues of the correlation of the metrics'
 * differences: k where they move apart, 1 where they move as one.  That
 * correlation is their covariance over the variances above: of the
 * runs about their side's mean (or their invocation's), with the
 * profile's runs, over each side's runs; between two invocations, plus
 * twice the profile's invocations' (their means' less their runs'
 * part); of several invocations a side, their means', with the
 * profile's.  A part of fewer than 5 degrees of freedom counts as none
 * (the metrics taken to move apart).  Two identical
 * configurations so get "better" or "worse" on some metric at most 5%
 * of the time (tests/test-verdict-sim.c, contrib/bench/calibrate.sh),
 * as long as the machine's runs differ no more than the floors allow.
 * A change whose interval lies wholly above or below no change is
 * better or worse as the metric's direction says; one that holds no
 * change is can't tell; a metric that cannot be judged (a count, too
 * few samples for a percentile, a value missing, too few runs) says
 * why.
 *
 * Samples are drawn again by a generator of fixed seed: the same runs
 * give the same verdicts, in the run that measured them and in latt
 * compare of its document.
 */

#define LATT_VERDICT_CONFIDENCE	0.95

enum latt_verdict_kind {
	LATT_V_NONE,		/* no verdict: @why says why */
	LATT_V_BETTER,
	LATT_V_WORSE,
	LATT_V_UNSURE,		/* can't tell */
	LATT_V_SAME,		/* can't tell a difference, and its
				   interval is within +-@within
				   (--same-within) */
};

enum latt_verdict_method {
	LATT_VM_NONE,
	LATT_VM_LOGT,		/* the runs' logs, Welch's t with floors */
};

struct latt_verdict {
	enum latt_verdict_kind kind;
	enum latt_verdict_method method;
	double change;		/* relative: 0.12 is 12% higher; NaN none */
	double lo, hi;		/* its interval; NaN with LATT_V_NONE */
	double level;		/* of that interval */
	double row_level;	/* of the row's metrics together (@level
				   of latt_verdicts()) */
	double se;		/* the standard deviation of the change's
				   log, of which the interval is +-q */
	double df;		/* its degrees of freedom; INFINITY where
				   only floors counted */
	bool scaled;		/* a side's runs spread more than the
				   profile's (on the body, p50, where the
				   profile knows it): the invocation's
				   part scaled as much */
	bool more;		/* a side's runs of it spread more than
				   the profile allows: their own taken */
	double within;		/* --same-within: +-0.05; 0 not asked */
	double slo, shi;	/* ... the interval of its two one-sided
				   tests (latt_verdicts_within()) */
	bool same;		/* ... which lies within that (better or
				   worse by less, or same) */
	struct latt_vparts parts;	/* what its variance is made of */
	char why[96];		/* LATT_V_NONE: why, in words */
	bool absent;		/* ... a count, or a figure a side has no
				   value of (a command's times without a
				   command): nothing to be the same */
	bool lasting;		/* ... and more runs like these would not
				   give it one (too few samples a run) */
};

/*
 * --same-within @within (0.05: +-5%): the verdicts @v[0..ml->n) shown
 * above -@within and below +@within, each by a one-sided test at
 * 1 - row_level (5% at 95%: the change's 90% interval, @slo to @shi,
 * lies wholly within +-@within), are the same within it: can't tell
 * becomes LATT_V_SAME, better or worse stay but say so (@same).  Each
 * metric's "same" is wrong for a real change of @within or more at most
 * 1 - row_level of the time, and "every metric the same" too (an
 * intersection-union test: no correction for the metrics' number).
 * Nothing for a @within of 0.
 */
void latt_verdicts_within(const struct latt_metric_list *ml,
			  struct latt_verdict *v, double within);

/*
 * Every configuration of @aggs[0..ncfgs) against the first, from
 * @results[0..n) (one invocation), at @level: @out[i][m], the first's
 * all LATT_V_NONE.  0 or -ENOMEM.
 */
int latt_verdict_results(const struct latt_metric_list *ml,
			 const struct latt_agg_cfg *aggs, size_t ncfgs,
			 const struct latt_result *results, size_t n,
			 double level,
			 struct latt_verdict (*out)[LATT_METRICS_MAX]);

/* A configuration, as a verdict sees it. */
struct latt_vcfg {
	const struct latt_agg_cfg *agg;	/* its values */
	struct latt_vrun *runs;
	size_t nruns;
	unsigned int invocation;	/* the latt process that measured it:
					   sides of two differ by more */
	const struct latt_profile *profile;	/* the machine's noise, for
						   sides of two invocations;
						   NULL: the floors */
	/* what latt_vcfg_results() made for it, freed with it */
	struct latt_agg_run *own_agg;
	struct latt_vunit *own_units;
	uint64_t (**own_buckets)[2];	/* runs' histograms made sparse */
	size_t nown;
};

/*
 * Can't tell: what would tell (judge/plan.h), the change observed or, as
 * it lies within --same-within, to be the same within it; zeroed for
 * any other verdict.
 */
void latt_verdict_need(const struct latt_verdict *v, struct latt_need *out);

/*
 * ... as it would be at @row_level for the row's metrics together, not
 * the verdict's own (-r auto's looks spend less than the level: what
 * would tell more boots is judged at it).
 */
void latt_verdict_need_at(const struct latt_verdict *v, double row_level,
			  struct latt_need *out);

/* "better", "worse", "can't tell", "same", "no verdict". */
const char *latt_verdict_word(enum latt_verdict_kind k);

/*
 * The token of -q and the JSON: "better", "worse", "cant_tell", "same",
 * "none".
 */
const char *latt_verdict_token(enum latt_verdict_kind k);

/*
 * What runs of one configuration differ by, as measured, for metric @m:
 * *@run, the standard deviation of a run's log value beyond the noise
 * of its samples (the floor of a run's variance); *@inv, that of an
 * invocation's, which its runs share, when its runs differ by no more
 * than the floor (an invocation draws half a run's variance again: of
 * the floor, or of what its runs show beyond their noise; the command's
 * own waits, more: a floor of their own).
 */
void latt_verdict_spread(const struct latt_metric *m, double *run,
			 double *inv);

/*
 * Configuration @name as a verdict sees it, from @results[0..n) (its runs
 * among them) and its values @agg (latt_agg_results()), made ready
 * (latt_vcfg_ready()).  The runs' histograms are @results' own: @out
 * must not outlive them.  0 or -ENOMEM; @out is freed with
 * latt_vcfg_free() either way.
 */
int latt_vcfg_results(const struct latt_metric_list *ml, const char *name,
		      const struct latt_result *results, size_t n,
		      const struct latt_agg_cfg *agg, struct latt_vcfg *out);

/*
 * Each run of @c's y and noise for the metrics of @ml (struct
 * latt_vrun), from its values and its units: the samples drawn
 * LATT_VERDICT_DRAWS times by a generator seeded from the run's own
 * histograms.  0 or -ENOMEM.
 */
int latt_vcfg_ready(const struct latt_metric_list *ml, struct latt_vcfg *c);

void latt_vcfg_free(struct latt_vcfg *c);

/*
 * The verdict of each metric of @ml, of @x against the baseline @base
 * (both ready), at @level for the metrics together (0.95), in
 * @out[0..ml->n).  0 or -ENOMEM.
 */
int latt_verdicts(const struct latt_metric_list *ml,
		  const struct latt_vcfg *base, const struct latt_vcfg *x,
		  double level, struct latt_verdict *out);

/*
 * A verdict as a table shows it beside a ratio: 'w' worse, 'b' better,
 * '~' can't tell, '=' same, '?' no verdict; ' ' for the baseline
 * itself.
 */
char latt_verdict_mark(const struct latt_verdict *v);

/*
 * The change and interval in words: "+12.3% [+5.0%, +20.1%]", then
 * ", within +-5%" when the interval lies within --same-within's bounds,
 * or for can't tell "; needs about 12 more runs a side to find +12.3%"
 * (judge/plan.h) where that can be said; or for LATT_V_NONE its why.
 * Returns @buf.
 */
char *latt_verdict_text(const struct latt_verdict *v, char *buf, size_t len);

/* The same without what more would tell. */
char *latt_verdict_brief(const struct latt_verdict *v, char *buf, size_t len);

#endif /* LATT_JUDGE_VERDICT_H */
