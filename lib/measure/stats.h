/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Running summary of a stream of samples (struct latt_stats,
 * measure/stats.h): count, min, max, mean and the sum of squared
 * deviations (M2), updated by Welford's method so that the variance stays
 * accurate over billions of samples.  Two summaries merge exactly (Chan
 * et al.), which is how per-client results are combined.
 */
#ifndef LATT_MEASURE_STATS_H
#define LATT_MEASURE_STATS_H

#include <stdint.h>

/*
 * A running summary of a stream of samples: count, min, max, mean and
 * the sum of squared deviations (M2), by Welford's method.
 */
struct latt_stats {
	uint64_t count;
	uint64_t min;
	uint64_t max;
	double mean;
	double m2;
};

/* Empty @s. */
void latt_stats_init(struct latt_stats *s);

/* Record one sample.  O(1), allocates nothing. */
static inline void latt_stats_add(struct latt_stats *s, uint64_t v)
{
	double d;

	if (!s->count || v < s->min)
		s->min = v;
	if (v > s->max)
		s->max = v;
	s->count++;
	d = (double)v - s->mean;
	s->mean += d / (double)s->count;
	s->m2 += d * ((double)v - s->mean);
}

/* Fold @src into @dst as if all of @src's samples had been added. */
void latt_stats_merge(struct latt_stats *dst, const struct latt_stats *src);

/* Sample standard deviation (n - 1 in the denominator); 0 below 2 samples. */
double latt_stats_stdev(const struct latt_stats *s);

/*
 * Standard deviation of the mean, stdev / sqrt(n): how far the reported
 * average may be from the true one.  latt-0.1 printed it as "Stdev mean".
 */
double latt_stats_stdev_mean(const struct latt_stats *s);

#endif /* LATT_MEASURE_STATS_H */
