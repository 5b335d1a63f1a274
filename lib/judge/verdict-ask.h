/* SPDX-License-Identifier: GPL-2.0-only */
/* What is asked of the verdicts: --level and --fail-if. */
#ifndef LATT_JUDGE_VERDICT_ASK_H
#define LATT_JUDGE_VERDICT_ASK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "judge/aggregate.h"
#include "judge/verdict.h"

/*
 * Parse --level's "99" or "99.9%" (a percentage above 50 and at most 99.9999)
 * into @level (0.99).  0, or -EINVAL with why in @err.
 */
int latt_verdict_level_parse(const char *arg, double *level, char *err,
			     size_t len);

/*
 * Parse --same-within's "5" or "5%" (a percentage above 0 and below 100)
 * into @within (0.05).  0, or -EINVAL with why in @err.
 */
int latt_same_within_parse(const char *arg, double *within, char *err,
			   size_t len);

/*
 * Parse latt compare --plan's "10" or "100%" (a percentage above 0 and
 * below 10000: a change of +100% is a factor of 2) into @pct (1.0).  0,
 * or -EINVAL with why in @err.
 */
int latt_plan_pct_parse(const char *arg, double *pct, char *err, size_t len);

/*
 * "METRIC[,METRIC...]" @list (at most LATT_METRICS_MAX names, each shorter
 * than 16 bytes) appended to @names, *@n of them; the names are checked
 * once the metrics are known (latt_fail_if_mask()).  0, or -EINVAL with
 * why in @err.
 */
int latt_metric_names_parse(const char *list, char (*names)[16], size_t *n,
			    char *err, size_t len);

/*
 * --fail-if: worse (in any metric, or in those named), not-same (the
 * same, within --same-within), incomparable.
 */
struct latt_fail_if {
	bool worse;				/* in any metric ... */
	size_t nnames;				/* ... or in these */
	char names[LATT_METRICS_MAX][16];
	bool not_same;				/* in any metric ... */
	size_t nsame;				/* ... or in these */
	char same[LATT_METRICS_MAX][16];
	bool incomparable;			/* latt compare's */
};

/*
 * Parse "worse", "worse=METRIC[,METRIC...]", "not-same",
 * "not-same=METRIC[,METRIC...]" or "incomparable" into @f (names
 * checked once the metrics are known: latt_fail_if_mask()).  0, or
 * -EINVAL with why in @err.
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

/* The same of not-same's metrics. */
int latt_fail_if_mask_same(const struct latt_fail_if *f,
			   const struct latt_metric_list *ml, bool *ask,
			   char *err, size_t len);

/*
 * The first of @names[0..n) that is one of the command's times in @ml
 * (wall_s, cpu_s; named in any case, as --fail-if takes them); NULL:
 * none.  Without a command, a gate on one could never fail.
 */
const char *latt_metric_names_timed(const struct latt_metric_list *ml,
				    const char (*names)[16], size_t n);

/* Where and how a gate says what fails it. */
struct latt_fail_say {
	FILE *f;
	const char *prog;	/* "latt", "latt compare" */
	const char *noun;	/* "configuration", "row" */
};

/*
 * Is a verdict of @v[1..n) worse in a metric @f asks of (@ml)?  Each
 * worse one is said as @say says (NULL: not said), "latt: configuration
 * 'B': p99 is worse than 'A': +24.1% [+14.2%, +35.7%]", with @names.
 * -ENOENT with the name in @err when @f names a metric @ml does not
 * have.
 */
int latt_fail_if_worse(const struct latt_fail_if *f,
		       const struct latt_metric_list *ml,
		       const char *const *names,
		       const struct latt_verdict (*v)[LATT_METRICS_MAX],
		       size_t n, const struct latt_fail_say *say, char *err,
		       size_t len);

/*
 * Is a verdict of @v[1..n) not the same (struct latt_verdict's @same)
 * in a metric not-same asks of (without names, every metric but the
 * absent: counts, figures a side has no value of)?  Each said as
 * latt_fail_if_worse() says a worse one: "... p99 is not the same as
 * 'A' within +-5%: ...".
 */
int latt_fail_if_not_same(const struct latt_fail_if *f,
			  const struct latt_metric_list *ml,
			  const char *const *names,
			  const struct latt_verdict (*v)[LATT_METRICS_MAX],
			  size_t n, const struct latt_fail_say *say,
			  char *err, size_t len);

#endif /* LATT_JUDGE_VERDICT_ASK_H */
