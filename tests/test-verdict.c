// SPDX-License-Identifier: GPL-2.0-only
/*
 * Verdicts (lib/judge/verdict.c) of synthetic runs: the same distribution is
 * can't tell, one scaled by 4 is worse (and the other way better), a
 * metric a run has once needs runs, a percentile needs samples beyond
 * it, the level is shared by a row's metrics, separate invocations are
 * less sure than one, runs that agree are no surer than a run, the
 * intervals of a ratio stay above -100%, the same input gives the same
 * verdicts, and --fail-if's and --level's words parse.  How often the
 * verdicts are wrong is tests/test-verdict-sim.c's.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/dist.h"
#include "compare/compare-plan.h"
#include "judge/aggregate.h"
#include "judge/profile.h"
#include "judge/verdict-cor.h"
#include "judge/verdict-ask.h"
#include "judge/plan.h"
#include "judge/sequential.h"
#include "judge/verdict-noise.h"
#include "judge/verdict-side.h"
#include "judge/verdict.h"
#include "measure/hist.h"
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

/* Configuration @c of runs @runs[0..n) (values @ar), made ready. */
static void ready_cfg(const struct latt_metric_list *ml,
		      const struct latt_agg_run *ar, struct latt_vrun *runs,
		      size_t n, struct latt_agg_cfg *agg, struct latt_vcfg *c)
{
	latt_agg_cfg(ml, "x", ar, n, agg);
	memset(c, 0, sizeof(*c));
	c->agg = agg;
	c->runs = runs;
	c->nruns = n;
	if (latt_vcfg_ready(ml, c))
		exit(1);
}

/* A configuration of @n runs of @fakes, made ready. */
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
	ready_cfg(ml, ar, runs, n, agg, c);
}

static long idx(const struct latt_metric_list *ml, const char *name)
{
	size_t i;

	for (i = 0; i < ml->n; i++)
		if (!strcmp(ml->m[i].name, name))
			return (long)i;
	return -1;
}

/* Waits of a run of the command's (none: not measured). */
static unsigned int cmd_waits = 4000;

/*
 * A run of the command's own waits alone (@ml: cmd_p50, cmd_p99):
 * cmd_waits waits, exponential around 50 us times @scale.
 */
static void make_cmd_run(const struct latt_metric_list *ml,
			 struct latt_hist *h, double scale,
			 struct latt_agg_run *out)
{
	struct latt_run_view view = { .complete = true };
	uint64_t v, max = 0;
	unsigned int i;

	latt_hist_init(h);
	for (i = 0; i < cmd_waits; i++) {
		v = (uint64_t)(-50000 * scale * log(unif()));
		latt_hist_add(h, v);
		max = v > max ? v : max;
	}
	view.cpu_s = view.wall_s = view.cs_rate = view.load = NAN;
	view.cmd_hist = cmd_waits ? h : NULL;
	view.cmd_count = h->count;
	view.cmd_max = max;
	latt_agg_run(ml, &view, out);
}

/* A configuration of the command's waits: @n runs of @scale each. */
static void make_cmd_cfg(const struct latt_metric_list *ml,
			 struct latt_hist *h, struct latt_agg_run *ar,
			 size_t n, double scale, struct latt_agg_cfg *agg,
			 struct latt_vcfg *c, struct latt_vrun *runs)
{
	size_t i;

	for (i = 0; i < n; i++) {
		/* Runs 3% apart, as a quiet machine's. */
		make_cmd_run(ml, &h[i], scale * (1 + 0.03 * (double)i), &ar[i]);
		memset(&runs[i], 0, sizeof(runs[i]));
		runs[i].agg = &ar[i];
	}
	ready_cfg(ml, ar, runs, n, agg, c);
}

/*
 * Sides of several invocations (latt compare's groups of files, struct
 * latt_vrun's inv): judged from the spread of their invocations' means,
 * without the floors.
 */
static void grouped_verdicts(void)
{
	static struct latt_hist ha[4], hb[4];
	struct latt_agg_run ara[4], arb[4];
	struct latt_agg_cfg aa, ab;
	struct latt_vrun ra[4], rb[4];
	struct latt_vcfg va, vb;
	struct latt_verdict v[LATT_METRICS_MAX];
	struct latt_metric_list ml = { .n = 2 };
	char text[256], dfs[48];
	size_t i;
	int ret;

	latt_metric_cmd(50, &ml.m[0]);
	latt_metric_cmd(99, &ml.m[1]);
	make_cmd_cfg(&ml, ha, ara, 4, 1, &aa, &va, ra);
	make_cmd_cfg(&ml, hb, arb, 4, 2, &ab, &vb, rb);
	vb.invocation = 1;
	ret = latt_verdicts(&ml, &va, &vb, 0.95, v);
	ok(!ret && v[1].kind == LATT_V_UNSURE,
	   "twice as long, 4 runs a side, one invocation each: can't tell, "
	   "by the invocations' floors (%s)",
	   latt_verdict_text(&v[1], text, sizeof(text)));
	for (i = 0; i < 4; i++)
		ra[i].inv = rb[i].inv = (unsigned int)(i / 2);
	ret = latt_verdicts(&ml, &va, &vb, 0.95, v);
	ok(!ret && v[1].kind == LATT_V_WORSE && v[0].kind == LATT_V_WORSE &&
	   isfinite(v[1].df) && v[1].df < 10,
	   "... the same runs as two invocations a side (inv 0 0 1 1): worse, "
	   "from their spread (%s, %.1f degrees of freedom)",
	   latt_verdict_text(&v[1], text, sizeof(text)), v[1].df);
	snprintf(dfs, sizeof(dfs), "] (%.1f degrees of freedom)", v[1].df);
	ok(v[1].df >= 3 || strstr(latt_verdict_text(&v[1], text,
						     sizeof(text)), dfs),
	   "... fewer than 3: said after the interval, which they widen "
	   "(%s)", text);
	ra[2].inv = ra[3].inv = 0;
	ret = latt_verdicts(&ml, &va, &vb, 0.95, v);
	ok(!ret && v[1].kind != LATT_V_NONE && isfinite(v[1].lo) &&
	   isfinite(v[1].hi),
	   "... one invocation against two: judged, an interval (%s)",
	   latt_verdict_text(&v[1], text, sizeof(text)));
	/* The second side's invocations three times apart. */
	make_cmd_run(&ml, &hb[2], 6, &arb[2]);
	make_cmd_run(&ml, &hb[3], 6.2, &arb[3]);
	if (latt_agg_cfg(&ml, "x", arb, 4, &ab) || latt_vcfg_ready(&ml, &vb))
		exit(1);
	ra[2].inv = ra[3].inv = 1;
	ret = latt_verdicts(&ml, &va, &vb, 0.95, v);
	ok(!ret && v[1].kind == LATT_V_UNSURE,
	   "... a side whose invocations differ threefold: can't tell (%s)",
	   latt_verdict_text(&v[1], text, sizeof(text)));
}

/*
 * The command's own waits: a figure a run has once, with floors of its
 * own between runs and between invocations.
 */
static void cmd_verdicts(void)
{
	static struct latt_hist ha[3], hb[3];
	struct latt_agg_run ara[3], arb[3];
	struct latt_agg_cfg aa, ab;
	struct latt_vrun ra[3], rb[3];
	struct latt_vcfg va, vb;
	struct latt_verdict v[LATT_METRICS_MAX];
	struct latt_metric_list ml = { .n = 2 };
	double run, inv, run50, inv50;
	char text[160];
	int ret;

	latt_metric_cmd(50, &ml.m[0]);
	latt_metric_cmd(99, &ml.m[1]);
	ok(!strcmp(ml.m[0].name, "cmd_p50") && !strcmp(ml.m[1].head, "cmd p99"),
	   "the command's waits: metrics cmd_p50, cmd_p99");
	latt_verdict_spread(&ml.m[1], &run, &inv);
	latt_verdict_spread(&ml.m[0], &run50, &inv50);
	ok(inv > sqrt(0.5) * run && inv50 > inv && run >= 0.2,
	   "their floors: a run's %.2f, an invocation's %.2f (more than half "
	   "a run's variance; p50's %.2f)", run, inv, inv50);

	make_cmd_cfg(&ml, ha, ara, 1, 1, &aa, &va, ra);
	make_cmd_cfg(&ml, hb, arb, 1, 2, &ab, &vb, rb);
	ret = latt_verdicts(&ml, &va, &vb, 0.95, v);
	ok(!ret && v[1].kind == LATT_V_NONE && strstr(v[1].why, "-r 2"),
	   "one run each: cmd_p99 has no verdict (%s)", v[1].why);

	make_cmd_cfg(&ml, ha, ara, 3, 1, &aa, &va, ra);
	make_cmd_cfg(&ml, hb, arb, 3, 2, &ab, &vb, rb);
	ret = latt_verdicts(&ml, &va, &vb, 0.95, v);
	ok(!ret && v[1].kind == LATT_V_WORSE && v[0].kind == LATT_V_WORSE,
	   "twice as long, 3 runs each, one invocation: worse (%s)",
	   latt_verdict_text(&v[1], text, sizeof(text)));
	vb.invocation = 1;
	ret = latt_verdicts(&ml, &va, &vb, 0.95, v);
	ok(!ret && v[1].kind == LATT_V_UNSURE && v[0].kind == LATT_V_UNSURE,
	   "... from two invocations: can't tell, within what invocations "
	   "differ by (%s)", latt_verdict_text(&v[1], text, sizeof(text)));
	make_cmd_cfg(&ml, hb, arb, 3, 4, &ab, &vb, rb);
	vb.invocation = 1;
	ret = latt_verdicts(&ml, &va, &vb, 0.95, v);
	ok(!ret && v[1].kind == LATT_V_WORSE,
	   "four times as long from two invocations: worse (%s)",
	   latt_verdict_text(&v[1], text, sizeof(text)));

	/* A run without the figure, or with too few waits for it. */
	cmd_waits = 0;
	make_cmd_run(&ml, &hb[2], 4, &arb[2]);
	cmd_waits = 4000;
	make_cmd_cfg(&ml, hb, arb, 2, 4, &ab, &vb, rb);
	vb.nruns = 3;
	if (latt_agg_cfg(&ml, "x", arb, 3, &ab) || latt_vcfg_ready(&ml, &vb))
		exit(1);
	ret = latt_verdicts(&ml, &va, &vb, 0.95, v);
	ok(!ret && v[1].kind == LATT_V_NONE &&
	   !strcmp(v[1].why, "no value in 1 of the runs"),
	   "a run without the command's waits: no verdict (%s)", v[1].why);
	cmd_waits = 50;
	make_cmd_cfg(&ml, hb, arb, 3, 4, &ab, &vb, rb);
	cmd_waits = 4000;
	ret = latt_verdicts(&ml, &va, &vb, 0.95, v);
	ok(!ret && v[1].kind == LATT_V_NONE && strstr(v[1].why, "too few") &&
	   v[0].kind != LATT_V_NONE,
	   "runs of 50 waits: cmd_p99 has too few (%s), cmd_p50 a verdict",
	   v[1].why);
}

/* The half-width of @v's interval in logs. */
/*
 * A profile from invocations of known figures: (1, 3), (2, 4) and
 * (6, 8), noise 0.5 a run, for metric 0.  Within, every run is 1 from
 * its mean: a mean square of 6 / 3 = 2, a run's 2 - 0.5.  The means 2,
 * 3 and 7 vary by 7 (2 degrees of freedom), of which 2 / 2 is the runs':
 * an invocation's 6.
 */
static void profile_known(void)
{
	static const double y[3][2] = { { 1, 3 }, { 2, 4 }, { 6, 8 } };
	struct latt_vrun runs[3][2];
	const struct latt_vrun *ir[3] = { runs[0], runs[1], runs[2] };
	size_t n[3] = { 2, 2, 2 }, i, j, m;
	struct latt_metric_list ml;
	struct latt_profile p;
	const struct latt_noise *pn = &p.m[0];

	latt_metrics_init(&ml);
	memset(runs, 0, sizeof(runs));
	for (i = 0; i < 3; i++)
		for (j = 0; j < 2; j++) {
			for (m = 1; m < LATT_METRICS_MAX; m++)
				runs[i][j].y[m] = NAN;
			runs[i][j].y[0] = y[i][j];
			runs[i][j].noise[0] = 0.5;
		}
	latt_profile_estimate(&ml, ir, n, 3, &p);
	ok(pn->known && fabs(pn->within - 2) < 1e-12 &&
	   fabs(pn->run - 1.5) < 1e-12 && pn->run_df == 3 &&
	   fabs(pn->between - 7) < 1e-12 && pn->between_df == 2 &&
	   fabs(pn->inv - 6) < 1e-12 && p.invocations == 3 && p.runs == 6,
	   "a profile of 3 invocations of 2 runs: a run's variance %g "
	   "(1.5), an invocation's %g (6)", pn->run, pn->inv);
	ok(!p.m[1].known, "... a metric without values in the runs: unknown");
	runs[2][1].y[0] = NAN;
	latt_profile_estimate(&ml, ir, n, 3, &p);
	ok(!pn->known, "... nor with a value missing in a run");
	latt_profile_estimate(&ml, ir, n, 1, &p);
	ok(!p.m[0].known, "... nor from one invocation");
}

static double half(const struct latt_verdict *v)
{
	return (log1p(v->hi) - log1p(v->lo)) / 2;
}

/*
 * What metrics are worth as tests: k apart, 1 as one; two pairs each
 * moving as one, 2; and the runs' correlation, as latt_vcor() finds it.
 */
static void cor_tests(void)
{
	static double r[LATT_METRICS_MAX][LATT_METRICS_MAX];
	static struct latt_vrun runs[12];
	double var[2] = { 1, 1 };
	size_t a, b, set[2] = { 0, 1 };

	for (a = 0; a < 4; a++)
		for (b = 0; b < 4; b++)
			r[a][b] = a == b;
	ok(fabs(latt_vcor_tests(r, 4) - 4) < 1e-9,
	   "4 metrics that move apart: 4 tests (%.3f)",
	   latt_vcor_tests(r, 4));
	for (a = 0; a < 4; a++)
		for (b = 0; b < 4; b++)
			r[a][b] = 1;
	ok(fabs(latt_vcor_tests(r, 4) - 1) < 1e-9,
	   "4 that move as one: 1 (%.3f)", latt_vcor_tests(r, 4));
	for (a = 0; a < 4; a++)
		for (b = 0; b < 4; b++)
			r[a][b] = a / 2 == b / 2;
	ok(fabs(latt_vcor_tests(r, 4) - 2) < 1e-9,
	   "two pairs, each moving as one: 2 (%.3f)", latt_vcor_tests(r, 4));
	/* Runs whose metric 1 is metric 0 again: correlation 1. */
	for (a = 0; a < 12; a++) {
		runs[a].y[0] = runs[a].y[1] = (double)(a % 6) / 10;
		runs[a].inv = 0;
	}
	latt_vcor(runs, 6, runs + 6, 6, false, NULL, set, 2, var, r);
	ok(fabs(r[0][1] - 0.035 * (1.0 / 3)) < 1e-9 && r[0][0] == 1,
	   "runs of one invocation: their covariance over each side's runs, "
	   "over the variances taken (%.4f)", r[0][1]);
}

/*
 * Runs that agree closely: below LATT_VSIDE_OWN_RUNS the floor; from
 * it, in one invocation, their own spread, with its degrees of freedom;
 * of two invocations, the floor still.
 */
static void side_own(void)
{
	static struct latt_vrun runs[LATT_VSIDE_OWN_RUNS];
	struct latt_vside s9, s10, apart;
	size_t i, n = LATT_VSIDE_OWN_RUNS;

	for (i = 0; i < n; i++) {
		runs[i].y[0] = 0.01 * (double)(i % 2);
		runs[i].noise[0] = 0;
	}
	latt_vside_floors(runs, n - 1, 0, 0.25, false, 0.5, 0.1, &s9);
	latt_vside_floors(runs, n, 0, 0.25, false, 0.5, 0.1, &s10);
	latt_vside_floors(runs, n, 0, 0.25, true, 0.5, 0.1, &apart);
	ok(fabs(s9.term - 0.0625 / (double)(n - 1)) < 1e-12 && !s9.shown &&
	   s10.shown && s10.term < 1e-4 && s10.own_df == (double)(n - 1),
	   "%zu runs that agree: the floor; %zu: their own spread (%.2g), "
	   "of %zu degrees of freedom", n - 1, n, s10.term, n - 1);
	ok(!apart.shown && apart.term > 0.0625 / (double)n,
	   "... of two invocations, the floor still (%.3g)", apart.term);
}

/*
 * Ten runs a side against a profile of a run's variance 0.01 (24 degrees
 * of freedom): runs spreading 1.2 times as much, as chance often makes
 * them, are judged by the profile; 4 times, by their own spread, the
 * invocation's part scaled as much.
 */
static void side_profiled(void)
{
	struct latt_noise pn = { .known = true, .run = 0.01, .run_df = 24,
				 .within = 0.01, .between = 0.02,
				 .between_df = 5, .runs_h = 5 };
	static struct latt_vrun runs[10];
	struct latt_vside near, far;
	size_t i;

	for (i = 0; i < 10; i++)
		runs[i].y[0] = (i % 2 ? 1 : -1) * sqrt(0.012 * 0.9);
	latt_vside_profiled(runs, 10, 0, &pn, NAN, &near);
	for (i = 0; i < 10; i++)
		runs[i].y[0] = (i % 2 ? 1 : -1) * sqrt(0.04 * 0.9);
	latt_vside_profiled(runs, 10, 0, &pn, NAN, &far);
	ok(!near.scaled && !near.shown && fabs(near.term - 0.02) < 1e-12,
	   "runs 1.2x as spread as the profile's: within chance, the "
	   "profile's (%.4f)", near.term);
	ok(far.scaled && far.shown && fabs(far.prof_between - 0.08) < 1e-9,
	   "... 4x: their own, the invocations' part scaled 4x (%.4f)",
	   far.prof_between);
	/*
	 * A profile whose runs' noise drawn again came out above their
	 * spread (its runs' part 0) judges a side of little noise by the
	 * profile's runs' spread, not by that noise alone.
	 */
	pn.run = 0;
	pn.noise = 0.015;
	for (i = 0; i < 10; i++)
		runs[i].noise[0] = 0.0005;
	latt_vside_profiled(runs, 10, 0, &pn, NAN, &far);
	ok(far.scaled && fabs(far.prof_between - 0.08) < 1e-9,
	   "... of a profile of no runs' part beyond its noise: held to its "
	   "runs' spread, scaled 4x (%.4f; 80x by the noise alone)",
	   far.prof_between);
}

/*
 * The side's ratio on the body (p50) scales every metric's invocation's
 * part: runs of a metric spreading 4x (a longer tail) take their own
 * spread, their invocation's part unscaled where the body's did not
 * spread; a body spreading 4x scales a metric whose runs did not.
 */
static void side_ratio(void)
{
	struct latt_noise pn = { .known = true, .run = 0.01, .run_df = 24,
				 .within = 0.01, .between = 0.02,
				 .between_df = 5, .runs_h = 5 };
	static struct latt_vrun runs[10];
	struct latt_vside tail, calm;
	double r1, r4;
	size_t i;

	for (i = 0; i < 10; i++) {
		runs[i].y[0] = (i % 2 ? 1 : -1) * sqrt(0.012 * 0.9);
		runs[i].y[1] = (i % 2 ? 1 : -1) * sqrt(0.04 * 0.9);
	}
	r1 = latt_vside_ratio(runs, 10, 0, &pn);
	r4 = latt_vside_ratio(runs, 10, 1, &pn);
	latt_vside_profiled(runs, 10, 1, &pn, r1, &tail);
	latt_vside_profiled(runs, 10, 0, &pn, r4, &calm);
	ok(r1 == 1 && fabs(r4 - 4) < 1e-9,
	   "a side's ratio to the profile: 1 within chance (1.2x), 4 (%.3f)",
	   r4);
	ok(tail.more && !tail.scaled && fabs(tail.prof_between - 0.02) < 1e-12,
	   "... a metric spreading 4x beside a body within chance: its own "
	   "spread, its invocation's part the profile's (%.4f)",
	   tail.prof_between);
	ok(!calm.more && calm.scaled && fabs(calm.prof_between - 0.08) < 1e-9,
	   "... a body spreading 4x: a metric within chance scaled 4x too "
	   "(%.4f)", calm.prof_between);
}

/*
 * Ten runs a side against a profile of five-run invocations: of six
 * invocations, their means' spread bounds the side's (0.02, 5 degrees
 * of freedom); of forty, less the runs' part beyond this side's
 * (0.02 - 0.05 / 10: 0.015, of some 22), a narrower interval.
 */
static void side_bound(void)
{
	struct latt_noise pn = { .known = true, .run = 0.05, .run_df = 24,
				 .within = 0.05, .between = 0.02,
				 .between_df = 5, .runs_h = 5 };
	static struct latt_vrun runs[10];
	struct latt_vside six, forty;
	size_t i;

	for (i = 0; i < 10; i++)
		runs[i].y[0] = (i % 2 ? 1 : -1) * sqrt(0.05 * 0.9);
	latt_vside_profiled(runs, 10, 0, &pn, NAN, &six);
	pn.between_df = 39;
	pn.run_df = 160;
	latt_vside_profiled(runs, 10, 0, &pn, NAN, &forty);
	ok(fabs(six.term - 0.02) < 1e-12 && six.prof_within == 0,
	   "more runs a side than the profile's invocations, six of them: "
	   "their means' spread, a bound (%.4f)", six.term);
	ok(fabs(forty.term - 0.015) < 1e-12 && forty.prof_within < 0,
	   "... forty: less their runs' part beyond the side's (%.4f)",
	   forty.term);
}

/*
 * --plan by files takes what one invocation draws from a verdict's
 * parts: the difference's invocation part over 1 / g0 + 1 / g1 (a file
 * a side: half of it; two a side: all of it, which half understated).
 */
static void plan_inv(void)
{
	struct latt_metric_list ml;
	struct latt_verdict v[LATT_METRICS_MAX];
	struct latt_plan_noise nz[LATT_METRICS_MAX];
	size_t m, p50;

	latt_metrics_init(&ml);
	p50 = latt_metrics_find(&ml, "p50");
	memset(v, 0, sizeof(v));
	for (m = 0; m < ml.n; m++)
		v[m].kind = LATT_V_NONE;
	v[p50].kind = LATT_V_UNSURE;
	v[p50].parts = (struct latt_vparts){ .n = { 2, 2 }, .g = { 1, 1 },
					     .inv = 0.5, .apart = true,
					     .seen = { NAN, NAN } };
	latt_plan_of_verdicts(&ml, v, nz);
	ok(fabs(nz[p50].inv - 0.25) < 1e-12,
	   "--plan: an invocation's variance, a file a side: half the "
	   "difference's part (%.3f)", nz[p50].inv);
	v[p50].parts.g[0] = v[p50].parts.g[1] = 2;
	v[p50].parts.n[0] = v[p50].parts.n[1] = 6;
	latt_plan_of_verdicts(&ml, v, nz);
	ok(fabs(nz[p50].inv - 0.5) < 1e-12,
	   "... two files a side: all of it (%.3f)", nz[p50].inv);
}

/* Fisher's F's tail: exact forms and a table's value. */
static void f_tail(void)
{
	double a = latt_f_tail(3, 2, 2), b = latt_f_tail(1, 7, 7),
	       c = latt_f_tail(1.91, 9, 24);

	ok(fabs(a - 0.25) < 1e-9 && fabs(b - 0.5) < 1e-9 &&
	   fabs(c - 0.1) < 0.002 && latt_f_tail(0, 3, 3) == 1,
	   "F's tail: 1 / (1 + f) of F(2, 2) at 3 (%.6f), a half of F(7, 7) "
	   "at 1 (%.6f), 10%% of F(9, 24) at its table's 1.91 (%.4f)", a, b,
	   c);
}

/*
 * A verdict of @kind at 95% (the row's level too, the normal law's):
 * @change, and its log's standard deviation @se.
 */
static struct latt_verdict verdict_of(enum latt_verdict_kind kind,
				      double change, double se)
{
	double d = log1p(change);

	return (struct latt_verdict){ .kind = kind, .change = change,
		.lo = expm1(d - 1.959964 * se), .hi = expm1(d + 1.959964 * se),
		.level = 0.95, .row_level = 0.95, .se = se, .df = INFINITY };
}

/*
 * --same-within: can't tell whose 90% interval lies within the bound is
 * "same" (its 95% interval may not); better or worse within it stay,
 * said; outside it, nothing changes; 0 asks nothing.
 */
static void same_within(void)
{
	struct latt_metric_list ml;
	struct latt_verdict v[LATT_METRICS_MAX] = { 0 };
	struct latt_fail_if fi = { 0 };
	const char *names[2] = { "a", "b" };
	struct latt_verdict rows[2][LATT_METRICS_MAX] = { { { 0 } } };
	char text[160], err[64];
	size_t i, p50, p99, avg, max, sd;
	FILE *null = fopen("/dev/null", "w");
	const struct latt_fail_say say = { null, "latt", "configuration" };

	latt_metrics_init(&ml);
	p50 = (size_t)idx(&ml, "p50");
	p99 = (size_t)idx(&ml, "p99");
	avg = (size_t)idx(&ml, "avg");
	max = (size_t)idx(&ml, "max");
	sd = (size_t)idx(&ml, "stdev");
	for (i = 0; i < ml.n; i++)
		v[i].kind = LATT_V_NONE;
	v[p50] = verdict_of(LATT_V_UNSURE, 0.01, 0.03);
	v[p99] = verdict_of(LATT_V_WORSE, 0.04, 0.01);
	v[avg] = verdict_of(LATT_V_UNSURE, -0.07, 0.06);
	/* [-10.2%, +11.4%] at 95%, [-8.6%, +9.5%] at 90%. */
	v[sd] = verdict_of(LATT_V_UNSURE, 0, 0.055);
	latt_verdicts_within(&ml, v, 0);
	ok(v[p50].kind == LATT_V_UNSURE && !v[p50].same && !v[p50].within,
	   "--same-within not given: can't tell stays");
	latt_verdicts_within(&ml, v, 0.1);
	ok(v[p50].kind == LATT_V_SAME && v[p50].same &&
	   !strcmp(latt_verdict_word(v[p50].kind), "same") &&
	   !strcmp(latt_verdict_token(v[p50].kind), "same") &&
	   latt_verdict_mark(&v[p50]) == '=',
	   "can't tell within +-10%%: same, '=', token same");
	ok(!strcmp(latt_verdict_text(&v[p50], text, sizeof(text)),
		   "+1.0% [-4.8%, +7.1%], within +-10% ([-3.9%, +6.1%] at "
		   "90%)"),
	   "... its text says the bound and the 90%% interval: %s", text);
	ok(v[sd].kind == LATT_V_SAME && v[sd].slo > -0.1 && v[sd].shi < 0.1 &&
	   v[sd].lo < -0.1 && v[sd].hi > 0.1,
	   "its 90%% interval within the bound, its 95%% not: same (two "
	   "one-sided tests at 5%%)");
	ok(v[p99].kind == LATT_V_WORSE && v[p99].same,
	   "worse by less than the bound: worse still, and the same within "
	   "it");
	ok(v[avg].kind == LATT_V_UNSURE && !v[avg].same &&
	   v[max].kind == LATT_V_NONE && !v[max].same,
	   "an interval past the bound, or no verdict: not the same");
	/* --fail-if not-same=p50,p99 passes; not-same (every metric) not. */
	latt_fail_if_parse("not-same=p50,p99", &fi, err, sizeof(err));
	memcpy(rows[1], v, sizeof(v));
	i = (size_t)latt_fail_if_not_same(&fi, &ml, names,
					  (const struct latt_verdict (*)
					   [LATT_METRICS_MAX])rows, 2,
					  null ? &say : NULL, err,
					  sizeof(err));
	fi.not_same = true;
	ok(i == 0 && latt_fail_if_not_same(&fi, &ml, names,
					   (const struct latt_verdict (*)
					    [LATT_METRICS_MAX])rows, 2,
					   null ? &say : NULL, err,
					   sizeof(err)) == 1,
	   "--fail-if not-same=p50,p99: passes; not-same on every metric: "
	   "fails (avg, max)");
	if (null)
		fclose(null);
}

/*
 * --plan's one invocation: below 10 runs a side the verdict takes the
 * floor (or the runs' own spread, larger), from 10 their own with their
 * degrees of freedom; the plan takes them as the verdict would.
 */
static void plan_sweep(void)
{
	double pct;
	unsigned int r, last = LATT_PLAN_RUNS_MAX;
	bool mono = true;

	ok(latt_plan_sweep_runs(0.001, 0.0625, 10, 0.99, 0.1) == 10 &&
	   latt_plan_runs(0.001, 0, 1, 0.99, 0, 0.1) == 3,
	   "quiet runs, +-10%%: 10 runs a side (below, the floor 0.25 would "
	   "need 161), not the 3 their spread alone needs");
	ok(latt_plan_sweep_runs(0.001, 0.0625, 10, 0.95, 1) == 3,
	   "quiet runs, x2: 3 runs a side, by the floor");
	r = latt_plan_sweep_runs(0.01, 0.0625, 10, 0.99, 0.1);
	ok(r > latt_plan_runs(0.01, 0, 1, 0.99, 0, 0.1) && r < 40,
	   "from 10 runs Student's t of their own: more than the normal "
	   "law's (%u)", r);
	r = latt_plan_sweep_runs(0.2, 0.0625, 10, 0.95, 1);
	ok(r >= 2 && r < 10 && r > latt_plan_runs(0.2, 0, 1, 0.95, 0, 1),
	   "runs spread beyond the floor: their own, Student's t (%u)", r);
	ok(latt_plan_sweep_runs(1, 0.0625, 10, 0.99, 0.001) == 0 &&
	   latt_plan_sweep_runs(0.01, 0.0625, 10, 0.99, 0) == 0 &&
	   latt_plan_sweep_runs(NAN, 0.0625, 10, 0.99, 0.1) == 0,
	   "beyond 10000 runs, no change, no variance: 0");
	for (pct = 0.02; pct < 3; pct *= 1.3) {
		r = latt_plan_sweep_runs(0.02, 0.0625, 10, 0.95, pct);
		mono &= r && r <= last;
		last = r;
	}
	ok(mono, "a larger change never needs more runs");
}

/*
 * -r auto's futility: a can't tell whose look at the budget would tell
 * it less than 1 time in 20, the change as observed, is left open.
 */
static void futility(void)
{
	struct latt_verdict v;
	double var;

	/* Two boots: the invocations' part all but the whole of it. */
	v = (struct latt_verdict){ .kind = LATT_V_UNSURE, .change = 0.01,
		.level = 0.998, .row_level = 0.99, .df = 20,
		.parts = { .run = { 0.01, 0.01 }, .n = { 10, 3 },
			   .g = { 1, 1 }, .seen = { NAN, NAN },
			   .inv = 0.05, .apart = true } };
	var = latt_plan_var(&v.parts, 0, 0);
	v.se = sqrt(var);
	ok(fabs(var - (0.05 + 0.001 + 0.01 / 3)) < 1e-12 &&
	   latt_seq_futile(&v, 3, 20, false, 0.95, 0),
	   "two boots, +1%% at 3 runs: more runs of this boot would not tell");
	v.change = 1;
	ok(!latt_seq_futile(&v, 3, 20, false, 0.95, 0),
	   "... x2 at 3 runs: they may, the runs go on");
	v.change = 0.01;
	ok(!latt_seq_futile(&v, 3, 20, false, 0.95, 0.99),
	   "... with --same-within 99: they may tell it the same");
	ok(!latt_seq_futile(&v, 20, 20, false, 0.95, 0),
	   "... at the budget: no more runs to judge");
	v.kind = LATT_V_WORSE;
	ok(!latt_seq_futile(&v, 3, 20, false, 0.95, 0),
	   "... a verdict that tells: nothing to stop for");
	v.kind = LATT_V_NONE;
	v.lasting = true;
	ok(latt_seq_futile(&v, 3, 20, false, 0.95, 0),
	   "... none that more runs like these would give: for good");
	v.lasting = false;
	ok(!latt_seq_futile(&v, 3, 20, false, 0.95, 0),
	   "... none yet (needs 2 runs each): the runs go on");
	/* A sweep: every run a side narrows it. */
	v = (struct latt_verdict){ .kind = LATT_V_UNSURE, .change = 0,
		.level = 0.998, .row_level = 0.99, .df = INFINITY,
		.parts = { .run = { 0.04, 0.04 }, .n = { 3, 3 },
			   .g = { 1, 1 }, .seen = { NAN, NAN } } };
	v.se = sqrt(latt_plan_var(&v.parts, 0, 0));
	ok(!latt_seq_futile(&v, 3, 20, true, 0.95, 0),
	   "a sweep, no change at 3 runs of 20: the runs to come narrow it "
	   "much, they go on");
	v.parts.n[0] = v.parts.n[1] = 12;
	v.se = sqrt(latt_plan_var(&v.parts, 0, 0));
	ok(latt_seq_futile(&v, 12, 20, true, 0.95, 0),
	   "... at 12 of 20: the rest would not tell it");
	v.change = 0.3;
	ok(!latt_seq_futile(&v, 12, 20, true, 0.95, 0),
	   "... +30%% at 12 of 20: they may");
}

/* -r auto's looks and their levels (judge/sequential.h). */
static void sequential(void)
{
	unsigned int n, prev = 0, looks[8], k = 0;
	double spent = 0, l;

	for (n = 1; n <= 20; n++)
		if (latt_seq_look(n, 20) && k < 8)
			looks[k++] = n;
	ok(k == 5 && looks[0] == 3 && looks[1] == 5 && looks[2] == 8 &&
	   looks[3] == 12 && looks[4] == 20 && latt_seq_prev(20, 20) == 12 &&
	   latt_seq_prev(3, 20) == 0,
	   "a budget of 20: looks at 3, 5, 8, 12 and 20 runs");
	for (n = 1; n <= 20; n++) {
		if (!latt_seq_look(n, 20))
			continue;
		l = latt_seq_level(0.95, prev, n, 20);
		spent += 1 - l;
		prev = n;
	}
	ok(spent <= 0.05 + 1e-12 && spent > 0.049 &&
	   latt_seq_level(0.95, 12, 20, 20) > 0.96 &&
	   latt_seq_level(0.95, 0, 3, 20) > 0.998,
	   "the looks' parts of 5%% add up to at most 5%% (%.4f), little "
	   "early, most at the budget", spent);
	ok(latt_seq_look(2, 2) && !latt_seq_look(1, 2) &&
	   latt_seq_level(0.95, 0, 2, 2) == 0.95 &&
	   latt_seq_level(0.95, 5, 7, 20) < 1,
	   "a budget of 2: one look, at 95%%; a stop between looks spends "
	   "its part");
}

int main(void)
{
	static struct fake a[NRUNS], b[NRUNS], c[NRUNS], d[NRUNS], e[NRUNS];
	struct latt_vrun ra[NRUNS], rb[NRUNS], rc[NRUNS], rd[NRUNS],
			 re[NRUNS];
	struct latt_agg_cfg aa, ab, ac, ad, ae;
	struct latt_vcfg va, vb, vc, vd, ve;
	struct latt_verdict v[LATT_METRICS_MAX], v2[LATT_METRICS_MAX];
	struct latt_metric_list ml;
	struct latt_fail_if fi = { 0 };
	bool ask[LATT_METRICS_MAX];
	char err[128], text[160], text2[160];
	size_t i, m, unsure = 0, judged = 0, found;
	double h1, h3, lvl, run_sd, inv_sd;
	bool holm;
	int ret;
	long p50, p99, max, avg, wall, p999;

	plan(97);
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
		make_run(&ml, &e[i], 100, 0.125);
	}
	make_cfg(&ml, a, 1, &aa, &va, ra);
	make_cfg(&ml, b, 1, &ab, &vb, rb);
	make_cfg(&ml, c, 1, &ac, &vc, rc);
	ok(!latt_verdicts(&ml, &va, &vb, 0.95, v), "verdicts of one run each");
	for (m = 0; m < ml.n; m++) {
		judged += v[m].kind != LATT_V_NONE;
		unsure += v[m].kind == LATT_V_UNSURE;
	}
	ok(judged >= 3 && unsure == judged,
	   "the same distribution: can't tell on every metric judged (%zu)",
	   judged);
	ok(v[p50].method == LATT_VM_LOGT &&
	   v[p50].lo <= v[p50].change && v[p50].change <= v[p50].hi,
	   "p50: an interval holding its change (%s)",
	   latt_verdict_text(&v[p50], text, sizeof(text)));
	ok(fabs(v[p50].change - (ab.val[p50].v / aa.val[p50].v - 1)) < 1e-9,
	   "one run each: the change is the ratio of the values less 1");
	ok(fabs(v[p50].level - pow(0.95, 1 / (double)judged)) < 1e-12,
	   "the level is shared: 0.95^(1/%zu), one run each showing nothing "
	   "of how the metrics move together", judged);
	ok(isinf(v[p50].df), "one run each: only the floors count (normal "
	   "law's quantile)");
	latt_verdict_spread(&ml.m[p50], &run_sd, &inv_sd);
	ok(half(&v[p50]) >= latt_normal_upper((1 - v[p50].level) / 2) *
	   sqrt(2) * run_sd - 1e-12,
	   "one run each: p50's interval at least the floor's, +-%.3f in "
	   "logs (a run's spread %.2f)", half(&v[p50]), run_sd);
	ok(v[max].kind == LATT_V_NONE && strstr(v[max].why, "1 run each") &&
	   strstr(v[max].why, "-r 2"),
	   "max of one run each: no verdict, the runs it needs (%s)",
	   v[max].why);
	ok(v[0].kind == LATT_V_NONE && strstr(v[0].why, "count"),
	   "entries: a count, no verdict");
	ok(v[p999].kind == LATT_V_NONE && strstr(v[p999].why, "too few"),
	   "p99.9 of 1600 samples: too few (%s)", v[p999].why);

	/* Separate invocations: what each drew widens the interval. */
	h1 = half(&v[p50]);
	vb.invocation = 1;
	ret = latt_verdicts(&ml, &va, &vb, 0.95, v2);
	ok(!ret && v2[p50].kind == LATT_V_UNSURE && half(&v2[p50]) > h1 &&
	   fabs(v2[p50].change - v[p50].change) < 1e-12,
	   "separate invocations: the same change, a wider interval (+-%.3f "
	   "against +-%.3f)", half(&v2[p50]), h1);
	vb.invocation = 0;

	/* --level 99: wider again. */
	ret = latt_verdicts(&ml, &va, &vb, 0.99, v2);
	ok(!ret && half(&v2[p50]) > h1 &&
	   fabs(v2[p50].level - pow(0.99, 1 / (double)judged)) < 1e-12,
	   "at 99%%: each metric at 0.99^(1/%zu), a wider interval", judged);

	/* Four times as slow: worse; the other way, better. */
	ret = latt_verdicts(&ml, &va, &vc, 0.95, v);
	ok(!ret, "verdicts against 4x");
	ok(v[p50].kind == LATT_V_WORSE && v[p50].lo > 0,
	   "4x: p50 worse (%s)", latt_verdict_text(&v[p50], text,
						   sizeof(text)));
	ok(v[p99].kind == LATT_V_WORSE, "4x: p99 worse (%s)",
	   latt_verdict_text(&v[p99], text, sizeof(text)));
	ok(v[avg].kind == LATT_V_WORSE && fabs(v[avg].change -
	   (ac.val[avg].v / aa.val[avg].v - 1)) < 1e-9,
	   "4x: avg worse, its change the ratio of the values less 1");
	ok(!latt_verdicts(&ml, &vc, &va, 0.95, v) &&
	   v[p50].kind == LATT_V_BETTER,
	   "the other way: p50 better");
	ok(!latt_verdicts(&ml, &va, &vc, 0.95, v2) &&
	   !latt_verdicts(&ml, &va, &vc, 0.95, v) &&
	   !memcmp(v, v2, ml.n * sizeof(*v)),
	   "the same runs, the same verdicts");

	/* An eighth: better, its interval a ratio's, above -100%. */
	make_cfg(&ml, e, 1, &ae, &ve, re);
	ret = latt_verdicts(&ml, &va, &ve, 0.95, v);
	ok(!ret && v[p50].kind == LATT_V_BETTER && v[p50].lo > -1 &&
	   v[p50].hi < 0 && v[p50].lo < v[p50].change,
	   "an eighth: p50 better, %s, within (-100%%, 0)",
	   latt_verdict_text(&v[p50], text, sizeof(text)));

	/*
	 * Holm's step-down: the body 60% slower, the tail not.  Each
	 * verdict's level is 0.95^(1/M), M what the k - j metrics open at
	 * its step are worth (j those found better or worse at the steps
	 * before): k - j when they move apart, less as they move together
	 * (runs of eight a side show how); a can't tell's is the last
	 * step's.  Runs of eight a side show their own spread, small
	 * beside the floor.
	 */
	body = 1.6;
	for (i = 0; i < NRUNS; i++)
		make_run(&ml, &d[i], 1000, 1);
	body = 1;
	for (i = 0; i < NRUNS; i++)
		make_run(&ml, &b[i], 1000, 1);
	make_cfg(&ml, d, NRUNS, &ad, &vd, rd);
	make_cfg(&ml, b, NRUNS, &ab, &vb, rb);
	ret = latt_verdicts(&ml, &vb, &vd, 0.95, v);
	ok(!ret, "verdicts against a slower body");
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
			holm = holm && v[m].level <= pow(0.95, 1 /
					(double)(judged - found)) + 1e-9 &&
			       v[m].level >= 0.95 - 1e-12;
		else
			holm = holm && v[m].level <= pow(0.95, 1 /
					(double)judged) + 1e-9 &&
			       v[m].level >= 0.95 - 1e-12;
	}
	ok(holm, "a slower body: %zu of %zu worse (p50 %s, stdev %s), each "
	   "at its step's level, the rest at 0.95^(1/M), M <= %zu", found,
	   judged,
	   latt_verdict_text(&v[p50], text, sizeof(text)),
	   latt_verdict_text(&v[idx(&ml, "stdev")], text2, sizeof(text2)),
	   judged - found);

	/* Runs that agree are no surer than a run: the floor holds. */
	for (i = 0; i < 3; i++) {
		a[i] = a[0];
		b[i] = b[0];
	}
	make_cfg(&ml, a, 1, &aa, &va, ra);
	make_cfg(&ml, b, 1, &ab, &vb, rb);
	ret = latt_verdicts(&ml, &va, &vb, 0.95, v);
	ok(!ret, "one run each again");
	/* The standard deviation of the difference in logs. */
	h1 = half(&v[p50]) / latt_normal_upper((1 - v[p50].level) / 2);
	make_cfg(&ml, a, 3, &aa, &va, ra);
	make_cfg(&ml, b, 3, &ab, &vb, rb);
	ret = latt_verdicts(&ml, &va, &vb, 0.95, v);
	ok(!ret && isinf(v[p50].df),
	   "three runs each that agree exactly: the floor, not their own "
	   "spread of 0");
	h3 = half(&v[p50]) / latt_normal_upper((1 - v[p50].level) / 2);
	ok(fabs(h3 - h1 / sqrt(3)) < 1e-9 * h1,
	   "... a run's spread is one run's: the difference's that of one "
	   "run each over sqrt 3 (%.4f, %.4f)", h3, h1);

	/* Eight runs each: the runs judge max. */
	for (i = 0; i < NRUNS; i++) {
		make_run(&ml, &a[i], 100, 1);
		make_run(&ml, &c[i], 100, 4);
	}
	make_cfg(&ml, a, NRUNS, &aa, &va, ra);
	make_cfg(&ml, c, NRUNS, &ac, &vc, rc);
	ret = latt_verdicts(&ml, &va, &vc, 0.95, v);
	ok(!ret, "verdicts of eight runs each");
	ok(v[max].method == LATT_VM_LOGT && v[max].kind != LATT_V_NONE &&
	   v[max].change > 0,
	   "eight runs: max judged from the runs, higher (%s)",
	   latt_verdict_text(&v[max], text, sizeof(text)));
	ok(v[wall].kind == LATT_V_WORSE && fabs(v[wall].change - 3) < 1e-9,
	   "wall_s 40 s against 10 s: worse, +300%% (%s)",
	   latt_verdict_text(&v[wall], text, sizeof(text)));
	for (i = 0; i < NRUNS; i++)
		make_run(&ml, &b[i], 100, 1);
	make_cfg(&ml, b, NRUNS, &ab, &vb, rb);
	ok(!latt_verdicts(&ml, &va, &vb, 0.95, v) &&
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

	/* --level. */
	ok(!latt_verdict_level_parse("99", &lvl, err, sizeof(err)) &&
	   lvl == 0.99 && !latt_verdict_level_parse("99.9%", &lvl, err,
						    sizeof(err)) &&
	   fabs(lvl - 0.999) < 1e-15, "--level 99 and 99.9%% parse");
	ok(latt_verdict_level_parse("100", &lvl, err, sizeof(err)) &&
	   latt_verdict_level_parse("50", &lvl, err, sizeof(err)) &&
	   latt_verdict_level_parse(" 99", &lvl, err, sizeof(err)) &&
	   latt_verdict_level_parse("0x60", &lvl, err, sizeof(err)) &&
	   latt_verdict_level_parse("nan", &lvl, err, sizeof(err)) &&
	   latt_verdict_level_parse("99 %", &lvl, err, sizeof(err)) &&
	   latt_verdict_level_parse("", &lvl, err, sizeof(err)) &&
	   latt_verdict_level_parse("9.9e1", &lvl, err, sizeof(err)),
	   "--level 100, 50, ' 99', 0x60, nan, '99 %%', '' and 9.9e1: "
	   "refused (%s)", err);
	ok(!latt_verdict_level_parse("99.9999", &lvl, err, sizeof(err)) &&
	   latt_verdict_level_parse("99.99999", &lvl, err, sizeof(err)) &&
	   strstr(err, "at most 99.9999"), "--level 99.9999 parses, "
	   "99.99999 (shown as 100%%) refused (%s)", err);

	/* -p: the percentiles replaced, in order, where they were. */
	{
		static const double p[] = { 95, 99.5 };

		ok(!latt_metrics_percentiles(&ml, p, 2) &&
		   !strcmp(ml.m[4].name, "p95") &&
		   !strcmp(ml.m[5].name, "p99.5") && idx(&ml, "p99") < 0 &&
		   !strcmp(ml.m[6].name, "wall_s"),
		   "-p 95,99.5: p95 and p99.5 where p99, p50, p99.9 were");
	}
	cmd_verdicts();
	grouped_verdicts();
	profile_known();
	cor_tests();
	side_own();
	side_profiled();
	side_ratio();
	side_bound();
	plan_inv();
	f_tail();
	same_within();
	sequential();
	futility();
	plan_sweep();
	return tap_done();
}
