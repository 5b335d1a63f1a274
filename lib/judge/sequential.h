/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * -r auto: runs added until the verdicts decide, looked at on a
 * schedule, each look at a level of its own so that looking again and
 * again keeps the chance of any false verdict within 1 - level.
 *
 * The looks are at 3 runs a side, then about 1.5 times as many each time
 * (3, 5, 8, 12, 18, 27, ...) while the next would still be within the
 * budget (--max-runs), and at the budget: 3, 5, 8, 12 and 20 of 20.  A look at
 * n runs of a budget of N spends alpha (t^2 - t'^2) of alpha = 1 -
 * level, t = n / N and t' that of the look before: Lan and DeMets'
 * alpha-spending function of the form alpha t^2, each part a level of
 * its own (their sum, alpha, bounds the chance of a false verdict at
 * any look: Bonferroni over the looks, where the exact group-sequential
 * boundaries would spend a little less).  Little is spent early: only a
 * large change stops the runs at the first looks; the last look, at the
 * budget, has most of it.
 */
#ifndef LATT_JUDGE_SEQUENTIAL_H
#define LATT_JUDGE_SEQUENTIAL_H

#include <stdbool.h>

#include "judge/verdict.h"

/* The first look, in runs a side. */
#define LATT_SEQ_FIRST	3

/* Is @n runs a side a look, with a budget of @max runs? */
bool latt_seq_look(unsigned int n, unsigned int max);

/* The look before one at @n runs (0 for the first). */
unsigned int latt_seq_prev(unsigned int n, unsigned int max);

/*
 * The level of a look at @n runs a side, the look before it at @prev
 * (0: none), with a budget of @max, of verdicts at @level overall: 1 -
 * (1 - @level) ((n / max)^2 - (prev / max)^2), its part cut to 4
 * decimals (a level the tables print as it is).  Stopping at @n before
 * @max (--max-time) is a look too.
 */
double latt_seq_level(double level, unsigned int prev, unsigned int n,
		      unsigned int max);

/*
 * The same of a look at @t of the budget (n / max; with --max-time, or
 * the share of the time gone if more, up to 1: all that is left spent
 * when the time is up), the look before at @t0.
 */
double latt_seq_level_at(double level, double t0, double t);

/*
 * Futility: a metric that can't tell at a look before the budget is
 * left open for good when, were the change what this look observed,
 * the look at the budget would tell (better, worse, or with @within the
 * same) less often than this.
 */
#define LATT_SEQ_FUTILE	0.05

/*
 * ... and where the runs up to the budget would leave at least this
 * share of its variance: while runs still narrow it much (a sweep's
 * first looks), a change observed small is too rough a guess to stop on.
 */
#define LATT_SEQ_NARROW	0.5

/*
 * Would the look at the budget @max tell verdict @v (can't tell, of a
 * look at @n runs a side, of verdicts at @level overall) less often
 * than LATT_SEQ_FUTILE, the change as observed?  (A verdict of none
 * that more runs like these would not give, @v's lasting: always.)
 * Its conditional power
 * (stochastic curtailment, J. M. Lachin, "A review of methods for
 * futility stopping based on conditional power", Statistics in Medicine
 * 24, 2005): the budget's difference is this one and the runs to come,
 * weighed by what each knows (the inverse of its variance, from @v's
 * parts, both sides adding runs where @both, else the second alone),
 * judged at the budget's level.  Stopping for it never makes a false
 * verdict, only fewer: it saves the runs that would not tell.
 */
bool latt_seq_futile(const struct latt_verdict *v, unsigned int n,
		     unsigned int max, bool both, double level,
		     double within);

/* Does verdict @v decide: better, worse, or the same? */
bool latt_seq_decides(const struct latt_verdict *v);

/*
 * -r auto at a look after @n runs a side of @max: does every metric of
 * @nmetrics that @ask names decide, in each row of @v[first..last)?  If
 * not, *@futile says whether every one left open is so for good
 * (latt_seq_futile(), with @both, @level and @within).
 */
bool latt_seq_decided(const bool *ask, size_t nmetrics,
		      const struct latt_verdict (*v)[LATT_METRICS_MAX],
		      size_t first, size_t last, unsigned int n,
		      unsigned int max, bool both, double level,
		      double within, bool *futile);

#endif /* LATT_JUDGE_SEQUENTIAL_H */
