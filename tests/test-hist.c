// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the log-linear histogram (lib/measure/hist.c, lib/measure/hist.h):
 * the bucket layout, percentiles against an exact sort, merging, and the
 * values at the ends of the range.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "measure/hist.h"
#include "measure/stats.h"
#include "tap.h"
#include "util.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define NSAMPLES	100000
#define LAST		(LATT_HIST_BUCKETS - 1)

/* Uniform in [0, 1). */
static double rnd_unit(void)
{
	return (double)(rnd() >> 11) / 9007199254740992.0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The histogram's whole range below the shared last bucket. */
#define RANGE_END	(1ULL << LATT_HIST_MAX_SHIFT)

/* A value spread evenly over the orders of magnitude below RANGE_END. */
static uint64_t rnd_log_range(void)
{
	unsigned int bits = (unsigned int)(rnd() % LATT_HIST_MAX_SHIFT) + 1;

	return rnd() >> (64 - bits);
}

static bool in_bucket(uint64_t v, unsigned int idx)
{
	uint64_t low = latt_hist_bucket_low(idx);

	return low <= v && v - low < latt_hist_bucket_width(idx);
}

static void test_layout(void)
{
	unsigned int i, bad = 0, bad_idx = 0;
	uint64_t v, bad_v = 0;

	/* Every value lies in the bucket its index names. */
	for (i = 0; i < 1000000; i++) {
		v = rnd_log_range();
		if (latt_hist_index(v) >= LATT_HIST_BUCKETS ||
		    !in_bucket(v, latt_hist_index(v))) {
			bad++;
			bad_v = v;
		}
	}
	if (!ok(!bad, "index, bucket_low and bucket_width agree, 1e6 values"))
		diag("%u bad, e.g. %llu", bad, (unsigned long long)bad_v);

	/* Below 128 each value has its own bucket. */
	bad = 0;
	for (i = 0; i < LATT_HIST_EXACT; i++)
		if (latt_hist_index(i) != i || latt_hist_bucket_low(i) != i ||
		    latt_hist_bucket_width(i) != 1)
			bad++;
	ok(!bad, "values below %u are exact", LATT_HIST_EXACT);

	/* The buckets tile [0, 2^44) without gap or overlap. */
	bad = 0;
	for (i = 1; i < LATT_HIST_BUCKETS; i++)
		if (latt_hist_bucket_width(i) == 0 ||
		    latt_hist_bucket_low(i) != latt_hist_bucket_low(i - 1) +
		    latt_hist_bucket_width(i - 1)) {
			bad++;
			bad_idx = i;
		}
	if (!ok(!bad && latt_hist_bucket_low(0) == 0 &&
		latt_hist_bucket_low(LAST) + latt_hist_bucket_width(LAST) ==
		RANGE_END, "buckets are contiguous from 0 to 2^%u",
		LATT_HIST_MAX_SHIFT))
		diag("first gap at bucket %u", bad_idx);

	/* Both edges of every bucket map back to it. */
	bad = 0;
	for (i = 0; i < LATT_HIST_BUCKETS; i++) {
		uint64_t low = latt_hist_bucket_low(i);
		uint64_t high = low + latt_hist_bucket_width(i) - 1;

		if (latt_hist_index(low) != i || latt_hist_index(high) != i) {
			bad++;
			bad_idx = i;
		}
	}
	if (!ok(!bad, "first and last value of each bucket map to it"))
		diag("bucket %u", bad_idx);

	/* The 1/64 relative width the header promises. */
	bad = 0;
	for (i = LATT_HIST_EXACT; i < LATT_HIST_BUCKETS; i++)
		if (latt_hist_bucket_width(i) * LATT_HIST_SUB >
		    latt_hist_bucket_low(i))
			bad++;
	ok(!bad, "buckets above %u are at most 1/%u of their values wide",
	   LATT_HIST_EXACT, LATT_HIST_SUB);

	ok(latt_hist_index(RANGE_END - 1) == LAST &&
	   latt_hist_index(RANGE_END) == LAST &&
	   latt_hist_index(RANGE_END << 5) == LAST &&
	   latt_hist_index(1ULL << 63) == LAST &&
	   latt_hist_index(UINT64_MAX) == LAST,
	   "2^44 and above, up to UINT64_MAX, go to the last bucket");
}

struct dist {
	const char *name;
	uint64_t (*gen)(void);
};

static uint64_t gen_uniform(void)
{
	return rnd() % 1000000000000ULL;	/* 0 .. 1000 s */
}

static uint64_t gen_log(void)
{
	/* log-uniform over 1 ns .. 1e10 ns */
	return (uint64_t)exp(rnd_unit() * log(1e10));
}

static uint64_t gen_const(void)
{
	return 12345678;
}

static unsigned int two_count;

/* 99% of the values 50, the last 1% 1e9: p99 is 50 and p99.9 is 1e9. */
static uint64_t gen_two(void)
{
	return two_count++ < NSAMPLES / 100 * 99 ? 50 : 1000000000;
}

/* Half exact buckets, half not. */
static uint64_t gen_small(void)
{
	return rnd() % 256;
}

/* Percentiles in hundredths, so that ranks are computed exactly. */
static const unsigned int pcts[] = { 5000, 9000, 9900, 9990, 9999, 10000 };

static void test_percentiles(uint64_t *vals)
{
	static const struct dist dists[] = {
		{ "uniform 0..1e12", gen_uniform },
		{ "log-uniform 1..1e10", gen_log },
		{ "constant", gen_const },
		{ "two-valued", gen_two },
		{ "uniform 0..255", gen_small },
	};
	static struct latt_hist h;
	size_t d, i;

	for (d = 0; d < ARRAY_SIZE(dists); d++) {
		latt_hist_init(&h);
		for (i = 0; i < NSAMPLES; i++) {
			vals[i] = dists[d].gen();
			latt_hist_add(&h, vals[i]);
		}
		qsort(vals, NSAMPLES, sizeof(*vals), cmp_u64);

		for (i = 0; i < ARRAY_SIZE(pcts); i++) {
			/* nearest rank: ceil(p / 100 * n) */
			uint64_t rank = ((uint64_t)pcts[i] * NSAMPLES + 9999) /
					10000;
			uint64_t want = vals[rank - 1];
			double p = pcts[i] / 100.0;
			uint64_t got = latt_hist_percentile(&h, p);
			bool good;

			if (want < LATT_HIST_EXACT)
				good = got == want;
			else
				good = fabs((double)got - (double)want) <
				       (double)want * 0.01;
			if (!ok(good, "%s: p%g within 1%% of the exact value",
				dists[d].name, p))
				diag("want %llu got %llu",
				     (unsigned long long)want,
				     (unsigned long long)got);
		}
	}
}

/*
 * Rank arithmetic, exactly: n values 0..n-1 (all in exact buckets), so
 * the p-th percentile is ceil(p * n / 100) - 1.  Percentiles are given
 * as tenths and hundredths, where binary rounding bites.
 */
static void test_ranks(void)
{
	static const unsigned int hundredths[] = {
		1, 50, 100, 1000, 2900, 5000, 5700, 9000, 9900, 9990, 9999,
		10000,
	};
	static struct latt_hist h;
	unsigned int n, i, bad = 0;

	for (n = 1; n <= LATT_HIST_EXACT; n++) {
		latt_hist_init(&h);
		for (i = 0; i < n; i++)
			latt_hist_add(&h, i);
		for (i = 0; i < ARRAY_SIZE(hundredths); i++) {
			uint64_t rank = ((uint64_t)hundredths[i] * n + 9999) /
					10000;
			uint64_t got;

			got = latt_hist_percentile(&h, hundredths[i] / 100.0);
			if (got != rank - 1) {
				if (!bad)
					diag("n=%u p=%g: want %llu got %llu",
					     n, hundredths[i] / 100.0,
					     (unsigned long long)(rank - 1),
					     (unsigned long long)got);
				bad++;
			}
		}
	}
	ok(!bad, "nearest rank is exact for n = 1..%u", LATT_HIST_EXACT);

	/*
	 * Every percentile in hundredths, n = 1..500 and a few known traps
	 * (99.9 * 41000 / 100 is 40959.00000000001 in doubles): with the
	 * first rank samples 5 and the rest 7, the percentile is 5; with
	 * one 5 fewer, it is 7.
	 */
	bad = 0;
	latt_hist_init(&h);
	for (n = 1; n <= 500 + 2; n++) {
		unsigned int hi, size = n <= 500 ? n :
				      n == 501 ? 41000 : 2500;

		for (hi = 1; hi <= 10000; hi++) {
			uint64_t rank = ((uint64_t)hi * size + 9999) / 10000;
			double p = hi / 100.0;
			uint64_t got, got_less;

			h.count = size;
			h.buckets[5] = rank;
			h.buckets[7] = size - rank;
			got = latt_hist_percentile(&h, p);
			h.buckets[5]--;
			h.buckets[7]++;
			got_less = latt_hist_percentile(&h, p);
			if (got != 5 || got_less != 7) {
				if (!bad)
					diag("n=%u p=%g rank=%llu: got %llu "
					     "and %llu, want 5 and 7", size, p,
					     (unsigned long long)rank,
					     (unsigned long long)got,
					     (unsigned long long)got_less);
				bad++;
			}
		}
	}
	ok(!bad, "nearest rank is exact for every p in hundredths, n <= 500");

	/* 99.9 * 1000 / 100 is 999.0000000000001 in doubles */
	latt_hist_init(&h);
	for (i = 1; i <= 1000; i++)
		latt_hist_add(&h, i);
	ok(latt_hist_index(latt_hist_percentile(&h, 99.9)) ==
	   latt_hist_index(999) && latt_hist_index(999) !=
	   latt_hist_index(1000),
	   "p99.9 of 1..1000 is the sample of rank 999, not 1000");

	latt_hist_init(&h);
	for (i = 0; i < 999; i++)
		latt_hist_add(&h, 5);
	latt_hist_add(&h, 7);
	ok(latt_hist_percentile(&h, 99.9) == 5 &&
	   latt_hist_percentile(&h, 100) == 7,
	   "p99.9 of 999 x 5 and one 7 is 5, p100 is 7");
}

static void test_merge(void)
{
	static struct latt_hist a, b, all, empty;
	unsigned int i;
	bool same;

	latt_hist_init(&a);
	latt_hist_init(&b);
	latt_hist_init(&all);
	for (i = 0; i < NSAMPLES; i++) {
		uint64_t v = i % 3 ? gen_log() : gen_small();

		latt_hist_add(i % 2 ? &a : &b, v);
		latt_hist_add(&all, v);
	}
	latt_hist_merge(&a, &b);
	ok(a.count == all.count && a.count == NSAMPLES,
	   "merged count is the total");
	ok(!memcmp(a.buckets, all.buckets, sizeof(a.buckets)),
	   "merge equals the histogram of all values, bucket by bucket");

	latt_hist_init(&empty);
	latt_hist_merge(&empty, &all);
	same = !memcmp(&empty, &all, sizeof(all));
	latt_hist_init(&empty);
	latt_hist_merge(&all, &empty);
	ok(same && !memcmp(&a, &all, sizeof(all)),
	   "merging into or from an empty histogram copies or keeps it");

	/* merge_range reads only [min, max] and still merges exactly. */
	{
		static struct latt_hist src, dst, ref;
		uint64_t lo = UINT64_MAX, hi = 0;

		latt_hist_init(&src);
		latt_hist_init(&dst);
		latt_hist_init(&ref);
		for (i = 0; i < 1000; i++) {
			uint64_t v = 1000 + gen_log() % 100000;

			latt_hist_add(&src, v);
			lo = v < lo ? v : lo;
			hi = v > hi ? v : hi;
		}
		latt_hist_add(&dst, 3);
		latt_hist_add(&ref, 3);
		latt_hist_merge(&ref, &src);
		/* A bucket outside the range must not be read. */
		src.buckets[0] = 12345;
		latt_hist_merge_range(&dst, &src, lo, hi);
		ok(!memcmp(&dst, &ref, sizeof(ref)),
		   "merge_range over [min, max] equals a full merge, "
		   "reading nothing outside");
	}
}

static void test_edges(void)
{
	static struct latt_hist h;
	uint64_t p;

	latt_hist_init(&h);
	ok(latt_hist_percentile(&h, 50) == 0 &&
	   latt_hist_percentile(&h, 100) == 0,
	   "empty histogram: percentiles are 0");

	latt_hist_add(&h, 0);
	latt_hist_add(&h, UINT64_MAX);
	latt_hist_add(&h, RANGE_END);
	ok(h.count == 3 && h.buckets[0] == 1 && h.buckets[LAST] == 2,
	   "0 and huge values are counted in the first and last bucket");

	p = latt_hist_percentile(&h, 100);
	ok(latt_hist_percentile(&h, 1) == 0 &&
	   p >= latt_hist_bucket_low(LAST) && p < RANGE_END,
	   "p1 is 0, p100 lies in the last bucket");
}

/* latt's one rule (latt_percentile()): none, too few, clamped. */
static void test_rule(void)
{
	static struct latt_hist h;
	struct latt_stats st;
	bool good = false;
	uint64_t i;

	latt_hist_init(&h);
	latt_stats_init(&st);
	ok(latt_percentile(&h, &st, 50) == 0 && latt_percentile_few(&st, 50),
	   "rule: no sample, 0 (and too few)");
	ok(latt_percentile_needs(99) == 100 &&
	   latt_percentile_needs(99.9) == 1000 &&
	   latt_percentile_needs(50) == 2 && latt_percentile_needs(100) == 0,
	   "rule: p99 needs 100 samples, p99.9 1000, p50 2, p100 none");
	/* 99 samples 1000..99000 and one far larger: p99 needs 100. */
	for (i = 1; i < 100; i++) {
		latt_stats_add(&st, i * 1000);
		latt_hist_add(&h, i * 1000);
		if (i == 98)
			good = latt_percentile(&h, &st, 99) == 98000 &&
			       latt_percentile_few(&st, 99);
	}
	ok(good && latt_percentile(&h, &st, 99) == 99000,
	   "rule: too few samples for p99, the largest, exactly");
	latt_stats_add(&st, 5000000);
	latt_hist_add(&h, 5000000);
	ok(!latt_percentile_few(&st, 99) &&
	   latt_percentile(&h, &st, 99) ==
	   latt_hist_rank(&h, latt_hist_percentile_rank(100, 99)),
	   "rule: with 100, the histogram's value of rank 99");
	ok(latt_percentile(&h, &st, 100) == 5000000 &&
	   latt_percentile_of(&h, st.count, 1010, 4990000, 100) == 4990000 &&
	   latt_percentile_of(&h, st.count, 1010, 4990000, 1) == 1010,
	   "rule: clamped to the exact min and max");
}

int main(void)
{
	uint64_t *vals;

	rnd_seed(0x9e3779b97f4a7c15ULL);
	plan(6 + 5 * 6 + 4 + 4 + 3 + 5);
	vals = malloc(NSAMPLES * sizeof(*vals));
	if (!vals) {
		diag("out of memory");
		return 1;
	}
	test_layout();
	test_rule();
	test_percentiles(vals);
	test_ranks();
	test_merge();
	test_edges();
	free(vals);
	return tap_done();
}
