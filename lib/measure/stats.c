// SPDX-License-Identifier: GPL-2.0-only
/*
 * Welford running statistics; see lib/measure/stats.h.
 */
#include <math.h>
#include <string.h>

#include "measure/stats.h"

void latt_stats_init(struct latt_stats *s)
{
	memset(s, 0, sizeof(*s));
}

void latt_stats_merge(struct latt_stats *dst, const struct latt_stats *src)
{
	double n1, n2, n, d;

	if (!src->count)
		return;
	if (!dst->count) {
		*dst = *src;
		return;
	}
	n1 = (double)dst->count;
	n2 = (double)src->count;
	n = n1 + n2;
	d = src->mean - dst->mean;
	dst->mean += d * n2 / n;
	dst->m2 += src->m2 + d * d * n1 * n2 / n;
	dst->count += src->count;
	if (src->min < dst->min)
		dst->min = src->min;
	if (src->max > dst->max)
		dst->max = src->max;
}

double latt_stats_stdev(const struct latt_stats *s)
{
	if (s->count < 2)
		return 0;
	return sqrt(s->m2 / (double)(s->count - 1));
}

double latt_stats_stdev_mean(const struct latt_stats *s)
{
	if (!s->count)
		return 0;
	return latt_stats_stdev(s) / sqrt((double)s->count);
}
