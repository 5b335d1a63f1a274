// SPDX-License-Identifier: GPL-2.0-only
/*
 * Log-linear histogram: see lib/measure/hist.h for the bucket layout.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "measure/hist.h"
#include "measure/stats.h"

void latt_hist_init(struct latt_hist *h)
{
	memset(h, 0, sizeof(*h));
}

uint64_t latt_hist_bucket_low(unsigned int idx)
{
	unsigned int e, sub;

	if (idx < LATT_HIST_EXACT)
		return idx;
	idx -= LATT_HIST_EXACT;
	e = idx / LATT_HIST_SUB + LATT_HIST_SUB_BITS + 1;
	sub = idx % LATT_HIST_SUB;
	return (uint64_t)(LATT_HIST_SUB + sub) << (e - LATT_HIST_SUB_BITS);
}

uint64_t latt_hist_bucket_width(unsigned int idx)
{
	unsigned int e;

	if (idx < LATT_HIST_EXACT)
		return 1;
	e = (idx - LATT_HIST_EXACT) / LATT_HIST_SUB + LATT_HIST_SUB_BITS + 1;
	return 1ULL << (e - LATT_HIST_SUB_BITS);
}

void latt_hist_merge(struct latt_hist *dst, const struct latt_hist *src)
{
	unsigned int i;

	for (i = 0; i < LATT_HIST_BUCKETS; i++)
		dst->buckets[i] += src->buckets[i];
	dst->count += src->count;
}

void latt_hist_merge_range(struct latt_hist *dst, const struct latt_hist *src,
			   uint64_t min, uint64_t max)
{
	unsigned int i, hi = latt_hist_index(max);

	if (!src->count)
		return;
	for (i = latt_hist_index(min); i <= hi; i++)
		dst->buckets[i] += src->buckets[i];
	dst->count += src->count;
}

void latt_hist_clear_range(struct latt_hist *h, uint64_t min, uint64_t max)
{
	unsigned int i, hi = latt_hist_index(max);

	if (!h->count)
		return;
	for (i = latt_hist_index(min); i <= hi; i++)
		h->buckets[i] = 0;
	h->count = 0;
}

uint64_t latt_hist_rank(const struct latt_hist *h, uint64_t rank)
{
	uint64_t seen = 0;
	unsigned int i;

	if (!h->count)
		return 0;
	if (rank < 1)
		rank = 1;
	for (i = 0; i < LATT_HIST_BUCKETS; i++) {
		seen += h->buckets[i];
		if (seen >= rank)
			return latt_hist_bucket_low(i) +
			       latt_hist_bucket_width(i) / 2;
	}
	return latt_hist_bucket_low(LATT_HIST_BUCKETS - 1);
}

uint64_t latt_hist_percentile_rank(uint64_t count, double p)
{
	uint64_t rank;
	double r;

	if (p <= 0)
		p = 0;
	if (p >= 100)
		p = 100;
	/*
	 * Nearest rank, 1-based.  p * count is formed first and nudged down
	 * by a relative epsilon so that 99.9% of 1000 is rank 999, not 1000
	 * through rounding in the binary representation of 99.9.
	 */
	r = p * (double)count / 100.0;
	rank = (uint64_t)ceil(r - r * 1e-12);
	return rank < 1 ? 1 : rank;
}

uint64_t latt_hist_percentile(const struct latt_hist *h, double p)
{
	if (!h->count)
		return 0;
	return latt_hist_rank(h, latt_hist_percentile_rank(h->count, p));
}

uint64_t latt_percentile_needs(double p)
{
	double n;

	if (p >= 100)
		return 0;
	/* Rank ceil(p/100 n) is below n once n (1 - p/100) >= 1. */
	n = ceil(100.0 / (100.0 - p) - 1e-9);
	return n > 1e18 ? UINT64_MAX : (uint64_t)n;
}

uint64_t latt_rank_of(const struct latt_hist *h, uint64_t count,
		      uint64_t min, uint64_t max, uint64_t rank)
{
	uint64_t v;

	if (rank >= count)
		return max;
	v = latt_hist_rank(h, rank);
	return v < min ? min : v > max ? max : v;
}

bool latt_percentile_few_of(uint64_t count, double p)
{
	return count < latt_percentile_needs(p);
}

uint64_t latt_percentile_of(const struct latt_hist *h, uint64_t count,
			    uint64_t min, uint64_t max, double p)
{
	if (!count)
		return 0;
	if (latt_percentile_few_of(count, p))
		return max;
	return latt_rank_of(h, count, min, max,
			    latt_hist_percentile_rank(count, p));
}

uint64_t latt_percentile(const struct latt_hist *h,
			 const struct latt_stats *st, double p)
{
	return latt_percentile_of(h, st->count, st->min, st->max, p);
}

bool latt_percentile_few(const struct latt_stats *st, double p)
{
	return latt_percentile_few_of(st->count, p);
}

int latt_hist_sparse(const struct latt_hist *h, uint64_t min, uint64_t max,
		     uint64_t (**out)[2], size_t *n)
{
	unsigned int lo = latt_hist_index(min), hi = latt_hist_index(max), i;
	size_t k = 0;

	for (i = lo; i <= hi; i++)
		k += h->buckets[i] != 0;
	*n = 0;
	*out = calloc(k ? k : 1, sizeof(**out));
	if (!*out)
		return -ENOMEM;
	for (i = lo; i <= hi; i++)
		if (h->buckets[i]) {
			(*out)[*n][0] = latt_hist_bucket_low(i);
			(*out)[(*n)++][1] = h->buckets[i];
		}
	return 0;
}
