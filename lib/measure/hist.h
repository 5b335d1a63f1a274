/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The log-linear latency histogram (struct latt_hist):
 * recording, merging, percentiles.
 */
#ifndef LATT_MEASURE_HIST_H
#define LATT_MEASURE_HIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "measure/stats.h"

/*
 * A log-linear latency histogram.
 *
 * Values (nanoseconds) below 128 each have a bucket of their own and are
 * exact.  Above that, every power of two [2^e, 2^(e+1)) is split into 64
 * equal buckets, so a bucket is at most 1/64 of the values it holds wide
 * and its midpoint is within 1/128 (0.79%) of any of them.  Values of
 * 2^LATT_HIST_MAX_SHIFT ns (about 4.9 hours) and more share the last
 * bucket; the exact maximum is kept by struct latt_stats beside it.
 *
 * Recording is O(1) and allocates nothing; memory does not grow with the
 * number of samples; two histograms merge exactly by adding counts.
 */
#define LATT_HIST_SUB_BITS	6
#define LATT_HIST_SUB		(1U << LATT_HIST_SUB_BITS)	/* 64 */
#define LATT_HIST_EXACT		(2U * LATT_HIST_SUB)		/* 128 */
#define LATT_HIST_MAX_SHIFT	44
#define LATT_HIST_BUCKETS	(LATT_HIST_EXACT + \
	(LATT_HIST_MAX_SHIFT - LATT_HIST_SUB_BITS - 1) * LATT_HIST_SUB)

struct latt_hist {
	uint64_t count;
	uint64_t buckets[LATT_HIST_BUCKETS];
};

/* Empty @h. */
void latt_hist_init(struct latt_hist *h);

/* Index of the bucket that holds @v. */
static inline unsigned int latt_hist_index(uint64_t v)
{
	unsigned int e, idx;

	if (v < LATT_HIST_EXACT)
		return (unsigned int)v;
	e = 63 - (unsigned int)__builtin_clzll(v);
	if (e >= LATT_HIST_MAX_SHIFT)
		return LATT_HIST_BUCKETS - 1;
	idx = LATT_HIST_EXACT + (e - LATT_HIST_SUB_BITS - 1) * LATT_HIST_SUB;
	return idx + (unsigned int)((v >> (e - LATT_HIST_SUB_BITS)) -
				    LATT_HIST_SUB);
}

/* Record one value.  The hot path: no branches beyond the index. */
static inline void latt_hist_add(struct latt_hist *h, uint64_t v)
{
	h->buckets[latt_hist_index(v)]++;
	h->count++;
}

/* Lowest value that falls into bucket @idx. */
uint64_t latt_hist_bucket_low(unsigned int idx);

/* Number of distinct values bucket @idx holds (1 for exact buckets). */
uint64_t latt_hist_bucket_width(unsigned int idx);

/* Add every count of @src to @dst. */
void latt_hist_merge(struct latt_hist *dst, const struct latt_hist *src);

/*
 * Like latt_hist_merge(), for a @src whose values all lie in [@min, @max]
 * (as its struct latt_stats knows): only the buckets between are read, so
 * the untouched pages of a large shared histogram stay untouched.
 */
void latt_hist_merge_range(struct latt_hist *dst, const struct latt_hist *src,
			   uint64_t min, uint64_t max);

/*
 * The buckets of @h with a count, from the one of @min to the one of
 * @max, sparse: a newly allocated array of [low end, count] pairs in
 * *@out, their number in *@n (the form the JSON writes).  0 or -ENOMEM.
 */
int latt_hist_sparse(const struct latt_hist *h, uint64_t min, uint64_t max,
		     uint64_t (**out)[2], size_t *n);

/*
 * Empty @h, whose values all lie in [@min, @max], writing only the
 * buckets between.
 */
void latt_hist_clear_range(struct latt_hist *h, uint64_t min, uint64_t max);

/*
 * The @p-th percentile (0 < @p <= 100) by nearest rank: the value of the
 * sample of rank ceil(p/100 * count), as the midpoint of its bucket.
 * Returns 0 for an empty histogram.
 */
uint64_t latt_hist_percentile(const struct latt_hist *h, double p);

/*
 * The value of the sample of rank @rank (1-based; a rank beyond the last
 * is the last), as the midpoint of its bucket; 0 for an empty histogram.
 */
uint64_t latt_hist_rank(const struct latt_hist *h, uint64_t rank);

/* The nearest rank of percentile @p among @count samples (at least 1). */
uint64_t latt_hist_percentile_rank(uint64_t count, double p);

/*
 * How many samples the percentile @p needs to be anything but the largest
 * sample (nearest rank): 100 for p99, 1000 for p99.9; 0 for p100.
 */
uint64_t latt_percentile_needs(double p);

/*
 * The sample of rank @rank (1 the smallest) of the @count that @h holds,
 * whose exact extremes are @min and @max: the last rank, or past it,
 * @max exactly; else its value in @h, clamped to [@min, @max] (a
 * bucket's midpoint may lie beyond them).
 */
uint64_t latt_rank_of(const struct latt_hist *h, uint64_t count,
		      uint64_t min, uint64_t max, uint64_t rank);

/* True when @count samples are too few for @p: it is their largest. */
bool latt_percentile_few_of(uint64_t count, double p);

/*
 * latt's percentile, the one rule every output follows: the percentile @p
 * of the @count samples that @h holds, whose exact extremes are @min and
 * @max.  No sample: 0.  Fewer than latt_percentile_needs(@p): the largest,
 * exactly (by nearest rank it is the largest sample).  Else the sample
 * of its rank, latt_rank_of().
 */
uint64_t latt_percentile_of(const struct latt_hist *h, uint64_t count,
			    uint64_t min, uint64_t max, double p);

/* The same of the samples that @h holds and @st sums up. */
uint64_t latt_percentile(const struct latt_hist *h,
			 const struct latt_stats *st, double p);

/* True when @st's samples are too few for @p: it is their largest. */
bool latt_percentile_few(const struct latt_stats *st, double p);

#endif /* LATT_MEASURE_HIST_H */
