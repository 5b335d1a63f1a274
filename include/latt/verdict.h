/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Verdicts between configurations, --fail-if and the limits.
 *
 * latt's interface: what the programs (latt, latt compare) call.
 * What only the library uses is declared beside it, in lib/.
 */
#ifndef LATT_VERDICT_H
#define LATT_VERDICT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "latt/result.h"

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
 *    blocks of time (latt/result.h), or with a single block its
 *    buckets' counts (lib/verdict-noise.h).  A side of two runs or
 *    more shows its own variance; the larger of the two is taken, so a
 *    side of few runs that happened to agree is never surer than one
 *    run would be.
 *  - Two sides from separate invocations of latt (two documents in
 *    latt compare: two boots, two kernels) differ also by what each
 *    invocation drew, which runs of one invocation share and no side
 *    can show: as measured, up to half of what a run of it draws beyond
 *    its samples' noise, for each side (the command's own waits, more:
 *    a floor of their own, as measured).
 * The interval is d +- q sqrt(V), q Student's t of the degrees of
 * freedom of the variances the runs showed (Welch-Satterthwaite; the
 * normal law's where only floors count).  A figure a run has once (max,
 * wall and CPU time, the command's own figure, a percentile of its own
 * waits) has no noise within a run, and needs two runs a side; so do
 * the mean and the standard deviation of a run whose tail is too heavy
 * for its draws to show their noise.
 *
 * The level is 95% (or --level's) for a configuration's metrics
 * together, by Holm's step-down: each of its k metrics is judged at
 * 1 - 0.05 / k first; while some are better or worse, the rest again at
 * 1 - 0.05 / (k - those), until a step finds none.  Two identical
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
	double df;		/* its degrees of freedom; INFINITY where
				   only floors counted */
	char why[96];		/* LATT_V_NONE: why, in words */
};

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

/*
 * Parse --level's "99" or "99.9%" (a percentage above 50 and below 100)
 * into @level (0.99).  0, or -EINVAL with why in @err.
 */
int latt_verdict_level_parse(const char *arg, double *level, char *err,
			     size_t len);

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
 * the name in @err when @f names a metric @ml does not have, -EDOM when
 * it names one that is neither better nor worse (entries, cs_per_s,
 * load: never judged).
 */
int latt_fail_if_mask(const struct latt_fail_if *f,
		      const struct latt_metric_list *ml, bool *ask, char *err,
		      size_t len);

/*
 * Is a verdict of @v[1..n) worse in a metric @f asks of (@ml)?  Each
 * worse one is said on @say (NULL: not said) as "latt: configuration
 * 'B': p99 is worse than 'A': +24.1% [+14.2%, +35.7%]", with @names.
 * -ENOENT with the name in @err when @f names a metric @ml does not
 * have.
 */
int latt_fail_if_worse(const struct latt_fail_if *f,
		       const struct latt_metric_list *ml,
		       const char *const *names,
		       const struct latt_verdict (*v)[LATT_METRICS_MAX],
		       size_t n, FILE *say, char *err, size_t len);

/*
 * --fail-above and --fail-below: limits a configuration's values must
 * stay within.  The values are those of include/latt/result.h, as
 * every output shows them.
 */

#define LATT_LIMITS_MAX	16

struct latt_limit {
	struct latt_metric metric;	/* a target metric: its name alone,
					   until latt_limit_resolve() */
	size_t index;			/* of metric in the invocation's list */
	double limit;			/* in the metric's unit (ns) */
	bool below;			/* --fail-below: fails under it */
	char text[32];			/* as given: "2ms" */
};

/*
 * Parse "METRIC=VALUE[,METRIC=VALUE...]" of --fail-above (@below false)
 * or --fail-below into @l[*n...] (room for @max in all), after the
 * limits already there.  METRIC is max, avg, stdev or pNN, whose VALUE
 * is a time (a plain number in microseconds), or the name of a target
 * metric (lib/tmetric.h), whose VALUE is a plain number.  0,
 * or -EINVAL with the reason in @err.  A metric given twice in one
 * option is an error.
 */
int latt_limit_parse(const char *s, bool below, struct latt_limit *l,
		     size_t max, size_t *n, char *err, size_t len);

/*
 * Find each limit's metric in @ml, which holds the target metrics of
 * every configuration, and set its index.  0, or -EINVAL with the
 * reason in @err (a name that is no target metric).
 */
int latt_limit_resolve(struct latt_limit *l, size_t n,
		       const struct latt_metric_list *ml, char *err,
		       size_t len);

/*
 * Check every configuration of @cfgs[0..n) against @l[0..nl) (their
 * indexes into @ml): print on @err one line per configuration and metric
 * beyond its limit, marked as the outputs mark it, and return how many
 * were.
 */
unsigned int latt_limit_check(FILE *err, const struct latt_metric_list *ml,
			      const struct latt_agg_cfg *cfgs, size_t n,
			      const struct latt_limit *l, size_t nl);

#endif /* LATT_VERDICT_H */
