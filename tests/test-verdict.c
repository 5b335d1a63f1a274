// SPDX-License-Identifier: GPL-2.0-only
/*
 * Verdicts (lib/verdict.c) of synthetic runs: the same distribution is
 * can't tell, one scaled by 4 is worse (and the other way better), a
 * metric a run has once needs runs, a percentile needs samples beyond
 * it, the level is shared by a row's metrics, the same input gives the
 * same verdicts, and --fail-if's words parse.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "latt/verdict.h"
#include "lib/hist.h"
#include "tap.h"

#define NRUNS	8
#define NBLK	16

/* A run: NBLK blocks of samples drawn from a two-mode distribution. */
struct fake {
	struct latt_agg_run agg;
	struct latt_vunit units[NBLK];
	uint64_t b[NBLK][LATT_HIST_BUCKETS][2];
	struct latt_hist all;
};

static uint64_t rng = 88172645463325252ULL;

static double unif(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return ((double)(rng >> 11) + 0.5) / 9007199254740992.0;
}

/* A sample: mostly near 100 us, a tenth near 2 ms, heavy-tailed. */
/* The body of the distribution (90% of it) is this much slower. */
static double body = 1;

static uint64_t sample(double scale)
{
	double v = unif() < 0.9 ? body * 100000 * (0.5 + unif()) :
		   2000000 * (0.5 + unif()) / sqrt(unif());

	return (uint64_t)(v * scale);
}

static void make_run(const struct latt_metric_list *ml, struct fake *f,
		     unsigned int per_block, double scale)
{
	struct latt_hist h;
	struct latt_run_view view = { .hist = &f->all };
	uint64_t v, min = UINT64_MAX, max = 0;
	double sum = 0, sq = 0, n = 0;
	unsigned int k, i, j;

	latt_hist_init(&f->all);
	for (k = 0; k < NBLK; k++) {
		latt_hist_init(&h);
		for (i = 0; i < per_block; i++) {
			v = sample(scale);
			latt_hist_add(&h, v);
			latt_hist_add(&f->all, v);
			min = v < min ? v : min;
			max = v > max ? v : max;
			sum += (double)v;
			sq += (double)v * (double)v;
			n++;
		}
		f->units[k].b = (const uint64_t (*)[2])f->b[k];
		f->units[k].n = 0;
		for (j = 0; j < LATT_HIST_BUCKETS; j++)
			if (h.buckets[j]) {
				f->b[k][f->units[k].n][0] =
					latt_hist_bucket_low(j);
				f->b[k][f->units[k].n++][1] = h.buckets[j];
			}
	}
	view.complete = true;
	view.count = (uint64_t)n;
	view.min = min;
	view.max = max;
	view.mean = sum / n;
	view.stdev = sqrt((sq - sum * sum / n) / (n - 1));
	view.stdev_mean = view.stdev / sqrt(n);
	view.wall_s = 10 * scale;
	view.cpu_s = NAN;
	view.cs_rate = NAN;
	view.load = NAN;
	latt_agg_run(ml, &view, &f->agg);
}

/* A configuration of @n runs of @fakes. */
static void make_cfg(const struct latt_metric_list *ml, struct fake *fakes,
		     size_t n, struct latt_agg_cfg *agg, struct latt_vcfg *c,
		     struct latt_vrun *runs)
{
	struct latt_agg_run ar[NRUNS];
	size_t i;

	for (i = 0; i < n; i++) {
		ar[i] = fakes[i].agg;
		runs[i].agg = &fakes[i].agg;
		runs[i].units = fakes[i].units;
		runs[i].nunits = NBLK;
	}
	latt_agg_cfg(ml, "x", ar, n, agg);
	memset(c, 0, sizeof(*c));
	c->agg = agg;
	c->runs = runs;
	c->nruns = n;
}

static long idx(const struct latt_metric_list *ml, const char *name)
{
	size_t i;

	for (i = 0; i < ml->n; i++)
		if (!strcmp(ml->m[i].name, name))
			return (long)i;
	return -1;
}

int main(void)
{
	static struct fake a[NRUNS], b[NRUNS], c[NRUNS], d[NRUNS];
	struct latt_vrun ra[NRUNS], rb[NRUNS], rc[NRUNS], rd[NRUNS];
	struct latt_agg_cfg aa, ab, ac, ad;
	struct latt_vcfg va, vb, vc, vd;
	struct latt_verdict v[LATT_METRICS_MAX], v2[LATT_METRICS_MAX];
	struct latt_metric_list ml;
	struct latt_fail_if fi = { 0 };
	bool ask[LATT_METRICS_MAX];
	char err[128], text[160], text2[160];
	size_t i, m, unsure = 0, judged = 0, found;
	bool holm;
	long p50, p99, max, avg, wall, p999;

	plan(26);
	latt_metrics_init(&ml);
	p50 = idx(&ml, "p50");
	p99 = idx(&ml, "p99");
	p999 = idx(&ml, "p99.9");
	max = idx(&ml, "max");
	avg = idx(&ml, "avg");
	wall = idx(&ml, "wall_s");

	/* One run each of the same distribution: can't tell. */
	for (i = 0; i < NRUNS; i++) {
		make_run(&ml, &a[i], 100, 1);
		make_run(&ml, &b[i], 100, 1);
		make_run(&ml, &c[i], 100, 4);
	}
	make_cfg(&ml, a, 1, &aa, &va, ra);
	make_cfg(&ml, b, 1, &ab, &vb, rb);
	make_cfg(&ml, c, 1, &ac, &vc, rc);
	ok(!latt_verdicts(&ml, &va, &vb, v), "verdicts of one run each");
	for (m = 0; m < ml.n; m++) {
		judged += v[m].kind != LATT_V_NONE;
		unsure += v[m].kind == LATT_V_UNSURE;
	}
	ok(judged >= 3 && unsure == judged,
	   "the same distribution: can't tell on every metric judged (%zu)",
	   judged);
	ok(v[p50].method == LATT_VM_BOOTSTRAP &&
	   v[p50].lo <= v[p50].change && v[p50].change <= v[p50].hi,
	   "p50: a bootstrap interval holding its change (%s)",
	   latt_verdict_text(&v[p50], text, sizeof(text)));
	ok(fabs(v[p50].level - (1 - 0.05 / (double)judged)) < 1e-12,
	   "the level is shared: 1 - 0.05/%zu", judged);
	ok(v[max].kind == LATT_V_NONE && strstr(v[max].why, "1 run each") &&
	   strstr(v[max].why, "-r "),
	   "max of one run each: no verdict, the runs it needs (%s)",
	   v[max].why);
	ok(v[0].kind == LATT_V_NONE && strstr(v[0].why, "count"),
	   "entries: a count, no verdict");
	ok(v[p999].kind == LATT_V_NONE && strstr(v[p999].why, "too few"),
	   "p99.9 of 1600 samples: too few (%s)", v[p999].why);

	/* Four times as slow: worse; the other way, better. */
	ok(!latt_verdicts(&ml, &va, &vc, v), "verdicts against 4x");
	ok(v[p50].kind == LATT_V_WORSE && v[p50].lo > 0,
	   "4x: p50 worse (%s)", latt_verdict_text(&v[p50], text,
						   sizeof(text)));
	ok(v[p99].kind == LATT_V_WORSE, "4x: p99 worse (%s)",
	   latt_verdict_text(&v[p99], text, sizeof(text)));
	ok(v[avg].kind == LATT_V_WORSE && fabs(v[avg].change -
	   (ac.val[avg].v / aa.val[avg].v - 1)) < 1e-9,
	   "4x: avg worse, its change the ratio of the values less 1");
	ok(!latt_verdicts(&ml, &vc, &va, v) && v[p50].kind == LATT_V_BETTER,
	   "the other way: p50 better");
	ok(!latt_verdicts(&ml, &va, &vc, v2) &&
	   !latt_verdicts(&ml, &va, &vc, v) &&
	   !memcmp(v, v2, ml.n * sizeof(*v)),
	   "the same runs, the same verdicts");

	/*
	 * Holm's step-down: the body 30% slower, the tail not.  Each
	 * verdict's level is 1 - 0.05/(k - j), j the metrics found better
	 * or worse at the steps before its own; a can't tell's is the last
	 * step's, 1 - 0.05/(k - all of them found).
	 */
	body = 1.3;
	for (i = 0; i < NRUNS; i++)
		make_run(&ml, &d[i], 100, 1);
	body = 1;
	make_cfg(&ml, d, 1, &ad, &vd, rd);
	ok(!latt_verdicts(&ml, &va, &vd, v), "verdicts against a slower body");
	found = 0;
	judged = 0;
	for (m = 0; m < ml.n; m++) {
		judged += v[m].kind != LATT_V_NONE;
		found += v[m].kind == LATT_V_WORSE ||
			 v[m].kind == LATT_V_BETTER;
	}
	holm = found > 0 && found < judged;
	for (m = 0; m < ml.n; m++) {
		if (v[m].kind == LATT_V_NONE)
			continue;
		if (v[m].kind == LATT_V_UNSURE)
			holm = holm && fabs(v[m].level - (1 - 0.05 /
					    (double)(judged - found))) < 1e-12;
		else
			holm = holm && v[m].level >= 1 - 0.05 / (double)judged -
					1e-12 && v[m].level <= 1 - 0.05 /
					(double)(judged - found + 1) + 1e-12;
	}
	ok(holm, "a slower body: %zu of %zu worse (p50 %s, stdev %s), each "
	   "at its step's level, the rest at 1 - 0.05/%zu", found, judged,
	   latt_verdict_text(&v[p50], text, sizeof(text)),
	   latt_verdict_text(&v[idx(&ml, "stdev")], text2, sizeof(text2)),
	   judged - found);

	/* Eight runs each: the rank test of the runs judges max. */
	make_cfg(&ml, a, NRUNS, &aa, &va, ra);
	make_cfg(&ml, c, NRUNS, &ac, &vc, rc);
	ok(!latt_verdicts(&ml, &va, &vc, v), "verdicts of eight runs each");
	ok(v[max].method == LATT_VM_RANK && v[max].kind == LATT_V_WORSE,
	   "eight runs: max worse by the rank test (%s)",
	   latt_verdict_text(&v[max], text, sizeof(text)));
	ok(v[wall].kind == LATT_V_WORSE && fabs(v[wall].change - 3) < 1e-9,
	   "wall_s 40 s against 10 s: worse, +300%% (Hodges-Lehmann)");
	ok(v[p50].method == LATT_VM_RANK,
	   "with runs enough every metric is judged from the runs");
	make_cfg(&ml, b, NRUNS, &ab, &vb, rb);
	ok(!latt_verdicts(&ml, &va, &vb, v) &&
	   v[max].kind == LATT_V_UNSURE && v[p50].kind == LATT_V_UNSURE,
	   "eight runs of the same distribution: can't tell");

	/* --fail-if. */
	ok(!latt_fail_if_parse("worse=p99,p50", &fi, err, sizeof(err)) &&
	   fi.nnames == 2 && !fi.worse, "--fail-if worse=p99,p50 parses");
	ok(!latt_fail_if_mask(&fi, &ml, ask, err, sizeof(err)) &&
	   ask[p99] && ask[p50] && !ask[max], "... and asks of p99 and p50");
	memset(&fi, 0, sizeof(fi));
	ok(latt_fail_if_parse("better", &fi, err, sizeof(err)) == -EINVAL,
	   "--fail-if better: refused (%s)", err);
	ok(!latt_fail_if_parse("worse=nosuch", &fi, err, sizeof(err)) &&
	   latt_fail_if_mask(&fi, &ml, ask, err, sizeof(err)) == -ENOENT &&
	   !strcmp(err, "nosuch"), "an unknown metric is named");
	memset(&fi, 0, sizeof(fi));
	ok(!latt_fail_if_parse("incomparable", &fi, err, sizeof(err)) &&
	   fi.incomparable, "--fail-if incomparable parses");

	/* -p: the percentiles replaced, in order, where they were. */
	{
		static const double p[] = { 95, 99.5 };

		ok(!latt_metrics_percentiles(&ml, p, 2) &&
		   !strcmp(ml.m[4].name, "p95") &&
		   !strcmp(ml.m[5].name, "p99.5") && idx(&ml, "p99") < 0 &&
		   !strcmp(ml.m[6].name, "wall_s"),
		   "-p 95,99.5: p95 and p99.5 where p99, p50, p99.9 were");
	}
	return tap_done();
}
