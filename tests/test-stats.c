// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the running statistics (lib/measure/stats.c, lib/measure/stats.h):
 * Welford's mean and variance against a two-pass computation, the merge
 * of two summaries, and the small and ill-conditioned cases.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "measure/stats.h"
#include "tap.h"
#include "util.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define NSAMPLES	100000
#define SPLIT		30000	/* an uneven split for the merge */

/* Mean and sample variance of @v by two passes, around @offset. */
static void two_pass(const uint64_t *v, size_t n, uint64_t offset,
		     double *mean, double *var)
{
	double sum = 0, ss = 0, m;
	size_t i;

	for (i = 0; i < n; i++)
		sum += (double)(v[i] - offset);
	m = sum / (double)n;
	for (i = 0; i < n; i++) {
		double d = (double)(v[i] - offset) - m;

		ss += d * d;
	}
	*mean = m + (double)offset;
	*var = ss / (double)(n - 1);
}

static void add_all(struct latt_stats *s, const uint64_t *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		latt_stats_add(s, v[i]);
}

static void test_welford(uint64_t *v)
{
	struct latt_stats s;
	uint64_t min = UINT64_MAX, max = 0;
	double mean, var;
	size_t i;

	for (i = 0; i < NSAMPLES; i++) {
		v[i] = 1000 + rnd() % 10000000;	/* 1 us .. 10 ms */
		if (v[i] < min)
			min = v[i];
		if (v[i] > max)
			max = v[i];
	}
	latt_stats_init(&s);
	add_all(&s, v, NSAMPLES);
	two_pass(v, NSAMPLES, 0, &mean, &var);

	ok(s.count == NSAMPLES, "count is the number of samples");
	if (!ok(s.min == min && s.max == max, "min and max are exact"))
		diag("min %llu/%llu max %llu/%llu",
		     (unsigned long long)s.min, (unsigned long long)min,
		     (unsigned long long)s.max, (unsigned long long)max);
	if (!ok(rel_err(s.mean, mean) < 1e-12,
		"mean matches a two-pass computation"))
		diag("%.17g vs %.17g", s.mean, mean);
	if (!ok(rel_err(latt_stats_stdev(&s), sqrt(var)) < 1e-10,
		"sample stdev (n - 1) matches a two-pass computation"))
		diag("%.17g vs %.17g", latt_stats_stdev(&s), sqrt(var));
	ok(rel_err(latt_stats_stdev_mean(&s),
		   latt_stats_stdev(&s) / sqrt(NSAMPLES)) < 1e-15,
	   "stdev_mean is stdev / sqrt(n)");
}

static void test_known(void)
{
	static const uint64_t v[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	struct latt_stats s;

	latt_stats_init(&s);
	add_all(&s, v, ARRAY_SIZE(v));
	ok(s.mean == 5 && rel_err(latt_stats_stdev(&s), sqrt(32.0 / 7)) <
	   1e-15 && s.min == 2 && s.max == 9,
	   "2 4 4 4 5 5 7 9: mean 5, stdev sqrt(32/7), min 2, max 9");
}

static bool merged_ok(const struct latt_stats *got,
		      const struct latt_stats *want)
{
	return got->count == want->count && got->min == want->min &&
	       got->max == want->max && rel_err(got->mean, want->mean) < 1e-9 &&
	       rel_err(got->m2, want->m2) < 1e-9;
}

static void test_merge(uint64_t *v)
{
	struct latt_stats a, b, all, empty, copy;
	size_t i;

	/* Two parts of different sizes, means and spreads. */
	for (i = 0; i < NSAMPLES; i++)
		v[i] = i < SPLIT ? 5000000 + rnd() % 1000000 :
				   10 + rnd() % 100000;
	latt_stats_init(&a);
	latt_stats_init(&b);
	latt_stats_init(&all);
	add_all(&a, v, SPLIT);
	add_all(&b, v + SPLIT, NSAMPLES - SPLIT);
	add_all(&all, v, NSAMPLES);

	copy = a;
	latt_stats_merge(&copy, &b);
	if (!ok(merged_ok(&copy, &all),
		"merge of two parts equals all at once"))
		diag("count %llu mean %.17g m2 %.17g, want %llu %.17g %.17g",
		     (unsigned long long)copy.count, copy.mean, copy.m2,
		     (unsigned long long)all.count, all.mean, all.m2);
	copy = b;
	latt_stats_merge(&copy, &a);
	ok(merged_ok(&copy, &all), "merge in the other order too");

	latt_stats_init(&empty);
	latt_stats_merge(&empty, &a);
	ok(!memcmp(&empty, &a, sizeof(a)),
	   "merge into an empty summary copies");

	latt_stats_init(&empty);
	copy = a;
	latt_stats_merge(&copy, &empty);
	ok(!memcmp(&copy, &a, sizeof(a)),
	   "merge of an empty summary is a no-op");

	latt_stats_init(&copy);
	latt_stats_merge(&copy, &empty);
	ok(copy.count == 0 && latt_stats_stdev(&copy) == 0,
	   "merge of two empty summaries is empty");
}

static void test_small(void)
{
	struct latt_stats s;

	latt_stats_init(&s);
	ok(latt_stats_stdev(&s) == 0 && latt_stats_stdev_mean(&s) == 0,
	   "stdev and stdev_mean of no samples are 0");

	latt_stats_add(&s, 123456);
	ok(latt_stats_stdev(&s) == 0 && latt_stats_stdev_mean(&s) == 0 &&
	   s.mean == 123456 && s.min == 123456 && s.max == 123456,
	   "one sample: stdev 0, mean, min and max are the sample");
}

/* 1e12 + noise: a naive sum of squares loses every digit of the variance. */
static void test_offset(uint64_t *v)
{
	const uint64_t offset = 1000000000000ULL;
	struct latt_stats s, a, b;
	double mean, var;
	size_t i;

	for (i = 0; i < NSAMPLES; i++)
		v[i] = offset + rnd() % 1000;
	latt_stats_init(&s);
	add_all(&s, v, NSAMPLES);
	two_pass(v, NSAMPLES, offset, &mean, &var);
	if (!ok(rel_err(s.mean, mean) < 1e-12 &&
		rel_err(latt_stats_stdev(&s), sqrt(var)) < 1e-6,
		"1e12 + noise: mean and stdev keep their precision"))
		diag("mean %.17g/%.17g stdev %.17g/%.17g", s.mean, mean,
		     latt_stats_stdev(&s), sqrt(var));

	latt_stats_init(&a);
	latt_stats_init(&b);
	add_all(&a, v, SPLIT);
	add_all(&b, v + SPLIT, NSAMPLES - SPLIT);
	latt_stats_merge(&a, &b);
	if (!ok(rel_err(latt_stats_stdev(&a), sqrt(var)) < 1e-6,
		"1e12 + noise: merged stdev keeps its precision"))
		diag("stdev %.17g/%.17g", latt_stats_stdev(&a), sqrt(var));
}

int main(void)
{
	uint64_t *v;

	rnd_seed(0x2545f4914f6cdd1dULL);
	plan(5 + 1 + 5 + 2 + 2);
	v = malloc(NSAMPLES * sizeof(*v));
	if (!v) {
		diag("out of memory");
		return 1;
	}
	test_welford(v);
	test_known();
	test_merge(v);
	test_small();
	test_offset(v);
	free(v);
	return tap_done();
}
