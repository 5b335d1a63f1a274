/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What only the library uses of lib/verdict*; what the module is, and the
 * part the programs call, is in include/latt/verdict.h.
 */
#ifndef LATT_LIB_VERDICT_H
#define LATT_LIB_VERDICT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "latt/verdict.h"
#include "aggregate.h"
#include "result.h"

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

/* A configuration, as a verdict sees it. */
struct latt_vcfg {
	const struct latt_agg_cfg *agg;	/* its values */
	struct latt_vrun *runs;
	size_t nruns;
	unsigned int invocation;	/* the latt process that measured it:
					   sides of two differ by more */
	/* what latt_vcfg_results() made for it, freed with it */
	struct latt_agg_run *own_agg;
	struct latt_vunit *own_units;
	uint64_t (**own_buckets)[2];	/* runs' histograms made sparse */
	size_t nown;
};

/* "better", "worse", "can't tell", "no verdict". */
const char *latt_verdict_word(enum latt_verdict_kind k);

/* The token of -q and the JSON: "better", "worse", "cant_tell", "none". */
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
 * '~' can't tell, '?' no verdict; ' ' for the baseline itself.
 */
char latt_verdict_mark(const struct latt_verdict *v);

/*
 * The change and interval in words: "+12.3% [+5.0%, +20.1%]", or for
 * LATT_V_NONE its why.  Returns @buf.
 */
char *latt_verdict_text(const struct latt_verdict *v, char *buf, size_t len);

#endif /* LATT_LIB_VERDICT_H */
