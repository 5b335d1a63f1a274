// SPDX-License-Identifier: GPL-2.0-only
/*
 * How often the verdicts (lib/judge/verdict.c) are wrong, by simulation.
 *
 * A generative model of what latt records: a run's wakeups come from
 * its clients, each with a scale of its own (where it was placed), in
 * blocks of consecutive cycles whose level drifts (an AR(1) walk in
 * logs), each sample a skewed body (log-normal) or, with a weight that
 * differs from run to run, a heavy tail (Pareto); the run as a whole
 * is scaled by a factor of its own (the machine's moment), and every
 * run of an invocation by the invocation's.  Each run is recorded as
 * latt records it: a histogram per block, the run's figures from them.
 *
 * For each setting (runs a side, samples a run, clients, one invocation
 * or two, the model as measured on this machine or heavier), thousands
 * of pairs of identical configurations are judged: the share of pairs
 * with any "better" or "worse" must be within 5% plus twice its
 * binomial error.  Pairs of a configuration against one whose body is
 * 25%, 30%, 50% or 100% slower (p50), or whose tail is 50% or 100%
 * longer (p99), say how often a real change is found (the power).
 *
 * The power is asserted two ways.  Against the oracle (below) at the
 * product's own identical-pair rate, on p50 +25%, x1.5, p99 +50%, x2:
 * at least 80% of the oracle's, where the oracle finds the change in
 * 20% of the pairs or more (fewer, and the ratio is noise) and the
 * setting has what it needs to estimate the noise (a profile, several
 * invocations a side, or one invocation of several runs), not where two
 * single invocations are judged with the floors, blind by design.  And
 * against bars a setting sets, unless the oracle at 5% finds less than
 * the bar too (no test could: printed, not asserted).  A setting whose
 * power is short for a reason known and written beside it (st->todo)
 * says so as a TAP TODO: the driver counts an expected failure, and
 * an unexpected pass once it is met; its false alarms are asserted all
 * the same.
 *
 * Beside the product's power, an oracle's: a two-sided z-test on each
 * judged metric's difference of the sides' mean log figure, which knows
 * the model's true variances (the pool's spread of a run's figure, the
 * run's and the invocation's factors).  It is printed at the level at
 * which it finds a difference in as many identical pairs as the product
 * did, and at the level at which it finds one in 5% of them: what the
 * data could show, at the product's caution and at the budget.  With a
 * profile of the same model and one invocation a side, the profile's
 * oracle too: the same test, but for the invocation's variance, which it
 * estimates as latt must, from the profile's K invocations (their means'
 * variance less what their runs put into it, the runs' known), at the
 * level that finds a difference in 5% of identical pairs: what a profile
 * of K invocations lets any test see, a ceiling for the product's.
 *
 * To be fast, each setting draws a pool of runs once (their histograms
 * drawn again by latt_vcfg_ready() once each); a pair takes runs from
 * the pool at random and scales them by its run and invocation factors,
 * which for a figure of latency is adding to its log (a factor scales
 * every sample, and so every figure).  Everything is seeded: the same
 * figures each time.  LATT_SIM_PAIRS sets the pairs per setting (2000);
 * LATT_SIM_ONLY=13,21 runs those settings alone (counted from 0;
 * the others skipped, and the pools drawn otherwise than in a full run:
 * to study a method, not to compare with a full run's figures).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/dist.h"
#include "judge/aggregate.h"
#include "judge/profile.h"
#include "judge/sequential.h"
#include "judge/verdict-noise.h"
#include "judge/verdict.h"
#include "measure/hist.h"
#include "tap.h"

#define BLOCKS_MAX	64
#define POOL		240
#define SIDE_MAX	20
#define PROFILE_MAX	20
#define NCHANGES	6
/* The oracle's power that makes a ratio meaningful; the share of it due. */
#define ORACLE_MEANT	0.2
#define RATIO		0.8

/* A setting of the model. */
struct model {
	const char *name;
	unsigned int clients;
	uint64_t samples;	/* a run's */
	double run_sd;		/* a run's factor, log sd */
	double tail_sd;		/* its tail's weight, log sd */
	double inv_sd;		/* an invocation's factor, log sd (0: one
				   invocation for both sides) */
	double inv_tail_sd;	/* and its tail's figures' (of_tail()) */
	double client_sd;	/* a client's scale, log sd */
	double drift_sd;	/* block to block, log sd of the walk */
	double tail_p;		/* share of samples in the tail */
	double tail_max;	/* at most (0: 1), whatever its weight */
	double alpha;		/* the tail's Pareto index */
	double body;		/* the body's scale (1; 1.3: a change) */
	double tail;		/* the tail's scale (1; 2: a change) */
};

/* A run of the pool: its blocks' histograms and its values. */
struct prun {
	struct latt_agg_run agg;
	struct latt_vunit units[BLOCKS_MAX];
	uint64_t (*b)[2];		/* every block's buckets */
	struct latt_vrun vr;
};

static uint64_t rng = 0x5eed0f1a77e57ULL;

static uint64_t next(void)
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static double unif(void)
{
	return ((double)(next() >> 11) + 0.5) / 9007199254740992.0;
}

static double gauss(void)
{
	return sqrt(-2 * log(unif())) * cos(6.283185307179586 * unif());
}

/* One sample, ns: @scale times a body or a tail one. */
static uint64_t sample(const struct model *md, double scale, double tail_p)
{
	double v = 15000 * md->body * exp(0.35 * gauss());

	if (unif() < tail_p)
		v = 15000 * md->tail * 3 * pow(unif(), -1 / md->alpha);
	v *= scale;
	return v < 1000 ? 1000 : v > 1e12 ? (uint64_t)1e12 : (uint64_t)v;
}

/* Draw run @r of model @md, and make it ready as latt would. */
static void make_run(const struct latt_metric_list *ml,
		     const struct model *md, struct prun *r)
{
	static struct latt_hist all, h;
	double client[16], drift = 0, tail_p, sum = 0, sq = 0;
	uint64_t cycles, per, v, min = UINT64_MAX, max = 0, n = 0;
	struct latt_run_view view = { .hist = &all };
	struct latt_vcfg c = { .runs = &r->vr, .nruns = 1 };
	unsigned int k, j, nb, i;
	size_t nbk = 0, cap = 1024;

	cycles = md->samples / md->clients;
	nb = cycles < BLOCKS_MAX ? (unsigned int)cycles : BLOCKS_MAX;
	per = cycles / nb;
	tail_p = md->tail_p * exp(md->tail_sd * gauss());
	if (md->tail_max && tail_p > md->tail_max)
		tail_p = md->tail_max;
	for (k = 0; k < md->clients; k++)
		client[k] = exp(md->client_sd * gauss());
	latt_hist_init(&all);
	free(r->b);
	r->b = malloc(cap * sizeof(*r->b));
	for (j = 0; j < nb; j++) {
		/* AR(1) with 0.8 from block to block. */
		drift = 0.8 * drift + md->drift_sd * 0.6 * gauss();
		latt_hist_init(&h);
		for (i = 0; i < per; i++)
			for (k = 0; k < md->clients; k++) {
				v = sample(md, client[k] * exp(drift), tail_p);
				latt_hist_add(&h, v);
				latt_hist_add(&all, v);
				min = v < min ? v : min;
				max = v > max ? v : max;
				sum += (double)v;
				sq += (double)v * (double)v;
				n++;
			}
		r->units[j].n = 0;
		for (i = 0; i < LATT_HIST_BUCKETS; i++) {
			if (!h.buckets[i])
				continue;
			if (nbk == cap)
				r->b = realloc(r->b, (cap *= 2) * sizeof(*r->b));
			r->b[nbk][0] = latt_hist_bucket_low(i);
			r->b[nbk++][1] = h.buckets[i];
			r->units[j].n++;
		}
	}
	for (j = 0, nbk = 0; j < nb; j++) {
		r->units[j].b = (const uint64_t (*)[2])&r->b[nbk];
		nbk += r->units[j].n;
	}
	view.complete = true;
	view.count = n;
	view.min = min;
	view.max = max;
	view.mean = sum / (double)n;
	view.stdev = sqrt((sq - sum * sum / (double)n) / (double)(n - 1));
	view.stdev_mean = view.stdev / sqrt((double)n);
	view.wall_s = view.cpu_s = view.cs_rate = view.load = NAN;
	latt_agg_run(ml, &view, &r->agg);
	r->vr.agg = &r->agg;
	r->vr.units = r->units;
	r->vr.nunits = nb;
	if (latt_vcfg_ready(ml, &c))
		exit(1);
}

/*
 * The figures of a run's tail, which an invocation may move more than
 * its body (struct model's inv_tail_sd): p99 and beyond, max, stdev.
 */
static bool of_tail(const struct latt_metric *m)
{
	return m->kind == LATT_MK_MAX || m->kind == LATT_MK_STDEV ||
	       (m->kind == LATT_MK_PCT && m->pct >= 99);
}

/* The variance an invocation adds to metric @m's log figure. */
static double inv_var(const struct model *md, const struct latt_metric *m)
{
	return md->inv_sd * md->inv_sd +
	       (of_tail(m) ? md->inv_tail_sd * md->inv_tail_sd : 0);
}

/*
 * A side of @n runs from @pool, each of its own factor, all of @inv (and
 * of a tail's factor of their invocation's).
 */
static void make_side(const struct latt_metric_list *ml,
		      const struct model *md, struct prun *pool, size_t n,
		      double inv, size_t groups, bool *used,
		      struct latt_vrun *runs, struct latt_agg_run *aggs,
		      struct latt_agg_cfg *agg, struct latt_vcfg *c)
{
	size_t i, k, m, per = n / groups;
	double f, tail = 0;

	for (i = 0; i < n; i++) {
		/* Of several invocations: each its own factor. */
		if (groups > 1 && i % per == 0)
			inv = md->inv_sd * gauss();
		/* (No draw without: the other settings' draws unchanged.) */
		if (i % per == 0 && md->inv_tail_sd)
			tail = md->inv_tail_sd * gauss();
		do
			k = next() % POOL;
		while (used[k]);
		used[k] = true;
		runs[i] = pool[k].vr;
		aggs[i] = pool[k].agg;
		f = md->run_sd * gauss() + inv;
		/* A factor of the run's: every latency figure scaled. */
		for (m = 0; m < ml->n; m++)
			runs[i].y[m] += f + (of_tail(&ml->m[m]) ? tail : 0);
		runs[i].agg = &aggs[i];
		runs[i].inv = (unsigned int)(i / per);
	}
	latt_agg_cfg(ml, "x", aggs, n, agg);
	memset(c, 0, sizeof(*c));
	c->agg = agg;
	c->runs = runs;
	c->nruns = n;
}

/* Pairs of @na and @nb runs of @a and @b (pools): verdicts counted. */
struct tally {
	size_t pairs, any;		/* any better or worse */
	size_t worse[LATT_METRICS_MAX];
	size_t same[LATT_METRICS_MAX];	/* within sim_within (its flag) */
	size_t wrong[LATT_METRICS_MAX];	/* better or worse */
	size_t judged[LATT_METRICS_MAX];
	/*
	 * LATT_SIM_VERBOSE: where a metric's change lay beyond its own
	 * interval at 95% (a metric alone, before the row's correction),
	 * and the sum of its degrees of freedom (at most 1000).
	 */
	size_t beyond[LATT_METRICS_MAX];
	double df[LATT_METRICS_MAX];
	/*
	 * The oracle's statistic, pair by pair: each metric's difference of
	 * the sides' mean log figure over its true standard deviation
	 * (NaN: a side without the figure).
	 */
	double (*z)[LATT_METRICS_MAX];
	/*
	 * The profile's oracle's (a profile, one invocation a side): the
	 * same difference over its standard deviation as known but for the
	 * invocation's variance, which it takes from the profile's K
	 * invocations (NaN: no profile).
	 */
	double (*zp)[LATT_METRICS_MAX];
};

/*
 * The true variance of one run's log figure, metric by metric, for the
 * oracle and for spreads(): the spread of the pool's runs (their
 * samples, clients, blocks and tails) plus the run's own factor.
 */
static void true_var(const struct latt_metric_list *ml,
		     const struct model *md, const struct prun *pool,
		     double *var)
{
	size_t m, i;

	for (m = 0; m < ml->n; m++) {
		double sum = 0, sq = 0, n = 0;

		for (i = 0; i < POOL; i++)
			if (!isnan(pool[i].vr.y[m])) {
				sum += pool[i].vr.y[m];
				sq += pool[i].vr.y[m] * pool[i].vr.y[m];
				n++;
			}
		var[m] = n < 2 ? NAN : (sq - sum * sum / n) / (n - 1) +
				       md->run_sd * md->run_sd;
	}
}

/* The mean log figure of metric @m over a side's @n runs (NaN: none). */
static double side_mean(const struct latt_vrun *runs, size_t n, size_t m)
{
	double sum = 0;
	size_t i;

	for (i = 0; i < n; i++)
		sum += runs[i].y[m];
	return sum / (double)n;
}

/*
 * A profile of @md made as latt calibrate would: @k invocations of @r
 * runs from @pool, each invocation of its own factor.
 */
static void profile(const struct latt_metric_list *ml,
		    const struct model *md, struct prun *pool, size_t k,
		    size_t r, struct latt_profile *p)
{
	static struct latt_vrun runs[PROFILE_MAX][SIDE_MAX];
	static struct latt_agg_run aggs[SIDE_MAX];
	const struct latt_vrun *ir[PROFILE_MAX];
	struct latt_agg_cfg agg;
	struct latt_vcfg c;
	size_t n[PROFILE_MAX], i;
	bool used[POOL];

	memset(used, 0, sizeof(used));
	for (i = 0; i < k; i++) {
		make_side(ml, md, pool, r, md->inv_sd * gauss(), 1, used,
			  runs[i], aggs, &agg, &c);
		ir[i] = runs[i];
		n[i] = r;
	}
	latt_profile_estimate(ml, ir, n, k, p);
}

/*
 * @npairs pairs of @na and @nb runs of @md from pools @pa and @pb, in
 * @groups invocations a side, judged with a profile of @pk invocations
 * of @pr runs of model @pmd (@pk 0: none); the verdicts counted in @t.
 */
/* --same-within of the pairs judged (0: not asked). */
static double sim_within;
/*
 * The other side's run and invocation factors, a multiple of the
 * baseline's (0: 1): a kernel that is noisier, of the same means.
 */
static double sim_b_noise;

static void pairs(const struct latt_metric_list *ml, const struct model *md,
		  struct prun *pa, struct prun *pb, size_t na, size_t nb,
		  size_t groups, const struct model *pmd, size_t pk,
		  size_t pr, size_t npairs, struct tally *t)
{
	struct latt_profile prof;
	double (*z)[LATT_METRICS_MAX] = t->z, (*zp)[LATT_METRICS_MAX] = t->zp,
	       va_true[LATT_METRICS_MAX],
	       vb_true[LATT_METRICS_MAX], sd;
	struct latt_vrun ra[SIDE_MAX], rb[SIDE_MAX];
	struct latt_agg_run aa[SIDE_MAX], ab[SIDE_MAX];
	struct latt_agg_cfg ca, cb;
	struct latt_vcfg va, vb;
	struct latt_verdict v[LATT_METRICS_MAX];
	bool used_a[POOL], used_b[POOL], any;
	struct model mb;
	size_t p, m;

	memset(t, 0, sizeof(*t));
	t->z = z;
	t->zp = zp;
	true_var(ml, md, pa, va_true);
	true_var(ml, md, pb, vb_true);
	for (p = 0; p < npairs; p++) {
		memset(used_a, 0, sizeof(used_a));
		memset(used_b, 0, sizeof(used_b));
		make_side(ml, md, pa, na, md->inv_sd * gauss(), groups,
			  used_a, ra, aa, &ca, &va);
		/* The same pool for both sides: runs distinct. */
		mb = *md;
		if (sim_b_noise) {
			mb.run_sd *= sim_b_noise;
			mb.inv_sd *= sim_b_noise;
		}
		make_side(ml, &mb, pb, nb, mb.inv_sd * gauss(), groups,
			  pa == pb ? used_a : used_b, rb, ab, &cb, &vb);
		vb.invocation = md->inv_sd > 0;
		if (pk) {
			profile(ml, pmd, pa, pk, pr, &prof);
			va.profile = vb.profile = &prof;
		}
		if (latt_verdicts(ml, &va, &vb, LATT_VERDICT_CONFIDENCE, v))
			exit(1);
		latt_verdicts_within(ml, v, sim_within);
		for (m = 0; m < ml->n; m++) {
			sd = sqrt(va_true[m] / (double)na +
				  vb_true[m] / (double)nb +
				  2 * inv_var(md, &ml->m[m]) /
				  (double)groups);
			z[p][m] = (side_mean(rb, nb, m) -
				   side_mean(ra, na, m)) / sd;
			zp[p][m] = NAN;
			if (pk && groups == 1 && prof.m[m].known) {
				/* The profile's means less their runs' part. */
				double inv = fmax(prof.m[m].between -
						  va_true[m] / (double)pr, 0);

				zp[p][m] = z[p][m] * sd /
					   sqrt(2 * inv + va_true[m] /
						(double)na + vb_true[m] /
						(double)nb);
			}
		}
		any = false;
		for (m = 0; m < ml->n; m++) {
			t->judged[m] += v[m].kind != LATT_V_NONE;
			t->worse[m] += v[m].kind == LATT_V_WORSE;
			t->same[m] += v[m].same;
			t->wrong[m] += v[m].kind == LATT_V_WORSE ||
				       v[m].kind == LATT_V_BETTER;
			if (v[m].kind == LATT_V_NONE)
				continue;
			/* How the method holds its own level, a metric. */
			t->beyond[m] += fabs(log1p(v[m].change)) / v[m].se >
					latt_t_upper(0.025, v[m].df);
			t->df[m] += fmin(v[m].df, 1000);
			any |= v[m].kind == LATT_V_WORSE ||
			       v[m].kind == LATT_V_BETTER;
		}
		t->any += any;
		t->pairs++;
	}
}

static void make_pool(const struct latt_metric_list *ml,
		      const struct model *md, struct prun *pool)
{
	size_t i;

	for (i = 0; i < POOL; i++)
		make_run(ml, md, &pool[i]);
}

/*
 * The model's spread between runs beyond their samples' noise (the true
 * variance less the runs' mean noise), metric by metric, as the
 * calibration measures it on the machine.
 */
static void spreads(const struct latt_metric_list *ml,
		    const struct model *md, const struct prun *pool)
{
	double var[LATT_METRICS_MAX];
	char buf[256];
	size_t m, i, o = 0;

	true_var(ml, md, pool, var);
	for (m = 0; m < ml->n; m++) {
		double noise = 0, n = 0, extra;

		if (ml->m[m].better == LATT_BETTER_NONE || isnan(var[m]))
			continue;
		for (i = 0; i < POOL; i++)
			if (!isnan(pool[i].vr.y[m])) {
				noise += isnan(pool[i].vr.noise[m]) ? 0 :
					 pool[i].vr.noise[m];
				n++;
			}
		extra = var[m] - noise / n;
		o += (size_t)snprintf(buf + o, sizeof(buf) - o, " %s %.2f",
				      ml->m[m].name, extra > 0 ? sqrt(extra) :
				      0);
		if (o >= sizeof(buf))
			break;
	}
	diag("%s: runs differ beyond their noise by (log sd)%s", md->name,
	     buf);
}

static long idx(const struct latt_metric_list *ml, const char *name)
{
	size_t i;

	for (i = 0; i < ml->n; i++)
		if (!strcmp(ml->m[i].name, name))
			return (long)i;
	return -1;
}

/* The metrics judged, as "avg stdev p99 p50". */
static void judged_names(const struct latt_metric_list *ml,
			 const struct tally *t, char *buf, size_t len)
{
	size_t m, o = 0;

	buf[0] = '\0';
	for (m = 0; m < ml->n && o < len; m++)
		if (t->judged[m] * 2 > t->pairs)
			o += (size_t)snprintf(buf + o, len - o, "%s%s",
					      o ? " " : "", ml->m[m].name);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * The oracle's bound for identical pairs @t: a two-sided z-test on each
 * metric the product judged, at the one level that finds a difference
 * in @k of the pairs (0: the largest |z|).
 */
static double oracle_bound(const struct latt_metric_list *ml,
			   const struct tally *t,
			   double (*z)[LATT_METRICS_MAX], size_t k)
{
	double *top = malloc(t->pairs * sizeof(*top)), c;
	size_t p, m;

	if (!top)
		exit(1);
	for (p = 0; p < t->pairs; p++) {
		top[p] = 0;
		for (m = 0; m < ml->n; m++)
			if (ml->m[m].better != LATT_BETTER_NONE &&
			    t->judged[m] * 2 > t->pairs &&
			    fabs(z[p][m]) > top[p])
				top[p] = fabs(z[p][m]);
	}
	qsort(top, t->pairs, sizeof(*top), cmp_double);
	c = top[t->pairs - 1 - (k < t->pairs ? k : t->pairs - 1)];
	free(top);
	return c;
}

/* How often the oracle found pairs @t worse in metric @m, beyond @c. */
static double oracle_worse(const struct tally *t,
			   double (*z)[LATT_METRICS_MAX], size_t m, double c)
{
	size_t p, n = 0;

	for (p = 0; p < t->pairs; p++)
		n += z[p][m] > c;
	return (double)n / (double)t->pairs;
}

/* A setting: its model's name and the runs a side. */
struct setting {
	const struct model *md;
	size_t na, nb;
	bool power;			/* the changes too */
	size_t pk, pr;			/* with a profile of pk invocations
					   of pr runs (0: the floors) */
	size_t groups;			/* invocations a side (0: one) */
	double prof_run, prof_inv;	/* the profile's model's run and
					   invocation factors, as a share of
					   the runs' (0: the same) */
	double budget;			/* identical pairs with a verdict at
					   most (0: 5%) */
	double bar[NCHANGES];		/* each change found worse at least
					   this often (0: no bar) */
	bool ratio;			/* the product's power held to the
					   oracle's (see main()) */
	const char *todo;		/* NULL: bars and ratio asserted;
					   else why they are not met yet
					   (a TAP TODO when short) */
	double b_noise;			/* the other side's factors, a
					   multiple of the baseline's
					   (sim_b_noise; 0: 1) */
};

/*
 * Why a setting's power is short of its bars or of the oracle's, as
 * measured: the floors of a run's spread (p50's log sd 0.25, against
 * this model's 0.14: the runs' own spread counts only above them, with
 * fewer than 10 runs a side); from 10 runs, their own spread, whose
 * Student's t (18 degrees of freedom) is above the oracle's normal law
 * (p99 +50%: 28% against the oracle's 35%, at 3.5% of identical
 * pairs); and
 * the invocations' variance estimated with few degrees of freedom (the
 * profile's K - 1, the sides' invocations' G - 1), whose Student's t at
 * a metric's level is far above the normal law's the oracle takes.
 * With a profile, p99's changes lose some more: a tail 50% or 100%
 * longer makes its side's p99 spread more (2.8 times the variance at
 * x2), its runs show it, and its own spread is taken; the invocation's
 * part is scaled by the side's spread on p50 (judge/verdict.c), which
 * a change of the tail leaves alone but one side in ten of any model
 * shows by chance.  Measured (2026-12-07): p99 x2 found 39% (6 x 5
 * runs), 65% (20 x 5), 76% (20 x 10); scaled by p99's own spread as
 * the rule reads metric by metric, 26%, 52%, 66%, and a kernel
 * twice as noisy (below) wrong in 3.5% and 9.6% of pairs (2.4% and
 * 5.7% by p50's); with no scaling at all 51%, 72%, 90%, but a profile
 * of a quieter day passes 10.2% of identical pairs (the setting below,
 * 10 and 10 runs; 3.3% by p50's).
 */
#define FLOORS	"the floors of a run's spread"
#define OWN_T	"Student's t of the runs' own spread"
#define FEW_DF	"few degrees of freedom for the invocations' variance"

/* No bars, no ratio: the false alarms alone. */
#define NONE	{ 0 }, false, NULL, 0

/* The changes, by index into main()'s changes[]. */
enum { P50_25, P50_30, P50_X15, P50_X2, P99_15, P99_X2 };

/*
 * As measured here, idle (contrib/bench/README): a run's factor of log
 * sd 0.12, its tail's weight 0.6 (its p99 moves more than its p50: 0.26
 * against 0.14 between runs), clients 0.1, blocks drifting 0.1, 2% of
 * samples in a tail of Pareto index 3 (Hill's estimate of runs here:
 * 2.8 to 3.5 in the median); an invocation's factor 0.09 where two are
 * compared.
 */
#define HERE	.run_sd = 0.12, .tail_sd = 0.6, .client_sd = 0.1, \
		.drift_sd = 0.1, .tail_p = 0.02, .alpha = 3, \
		.body = 1, .tail = 1

static const struct model models[] = {
	{ "1 invocation, 2 clients, 2000 samples", 2, 2000, HERE },
	{ "2 invocations, 2 clients, 2000 samples", 2, 2000, HERE,
	  .inv_sd = 0.09 },
	{ "1 invocation, 8 clients, 250 samples", 8, 250, HERE },
	{ "2 invocations, 8 clients, 250 samples", 8, 250, HERE,
	  .inv_sd = 0.09 },
	{ "2 invocations, 1 client, 20000 samples", 1, 20000, HERE,
	  .inv_sd = 0.09 },
	/* At the edge: p99 with 2 samples beyond it, p99.9 with 2. */
	{ "2 invocations, 2 clients, 200 samples (p99's edge)", 2, 200,
	  HERE, .inv_sd = 0.09 },
	{ "2 invocations, 2 clients, 2000 samples (p99.9's edge)", 2, 2000,
	  .run_sd = 0.12, .tail_sd = 0.6, .client_sd = 0.1, .drift_sd = 0.1,
	  .tail_p = 0.005, .alpha = 3, .body = 1, .tail = 1,
	  .inv_sd = 0.09 },
	/*
	 * Heavier within a run: a tail of index 1.5 in 5% of samples,
	 * blocks drifting 0.3 (the runs' factors as measured).
	 */
	{ "heavier tail and drift, 2 invocations, 2 clients, 2000 samples",
	  2, 2000, .run_sd = 0.12, .tail_sd = 0.3, .client_sd = 0.1,
	  .drift_sd = 0.3, .tail_p = 0.05, .alpha = 1.5, .body = 1,
	  .tail = 1, .inv_sd = 0.09 },
	/*
	 * Beside a command that keeps a CPU busy, as measured: runs
	 * differ about twice as much (p50 0.29, p99 0.43 beyond their
	 * noise), invocations by 0.1.
	 */
	{ "beside a command, 2 invocations, 2 clients, 2000 samples", 2,
	  2000, .run_sd = 0.22, .tail_sd = 0.9, .client_sd = 0.1,
	  .drift_sd = 0.15, .tail_p = 0.02, .alpha = 3, .body = 1, .tail = 1,
	  .inv_sd = 0.1 },
	/*
	 * Fitted to this machine: latt calibrate on the development VM
	 * (2 CPUs, 6.18), 2026-12-06, eight invocations of five runs of
	 * 3 s (contrib/bench/README, "This machine's noise"):
	 *   latt calibrate --invocations 8 -c2 -s1 -S5 -r5 -t 3
	 *   (the same -- stress-ng --cpu 2 --timeout 600; and with -c8)
	 * a run's and an invocation's log sd, p50 then p99 (a run's with
	 * its samples' noise): -c2 idle 0.052 0.033, 0.88 0.48; -c2 beside
	 * the CPU hogs 0.117 0.115, 0.084 0.073; -c8 idle 0.074 0.047,
	 * 0.075 0.048; -c8 beside them 0.011 0.013, 0.054 0.013.  Each
	 * model's runs spread about so beyond their noise (printed above
	 * its settings), its invocations by the body's figure and, for
	 * -c2 idle, its tail's by 0.48 more (inv_tail_sd).  Two are above
	 * the 0.09 of the quiet machine of the settings above: -c2 idle's
	 * p99 (0.48) and -c2 beside the hogs' p50 (0.115, the hogs' p99
	 * taken as moving by as much).  Their relative target holds as
	 * the others' (80% of the oracle's power), not the absolute bars,
	 * which are the quiet machine's.  -c8's 8000 samples a run are
	 * drawn as 2000, to keep the test within a minute: the spreads
	 * are fitted, with their noise.  -c2 idle's tail weighs at most
	 * 20% of a run's wakeups: drawn without a bound, one run in a few
	 * hundred had most of its wakeups in the tail, and its pool's p50
	 * spread 0.148 a run, not the 0.052 measured (a Pareto index of
	 * 1.2 and a weight of log sd 1.8 give p99 its 0.88).
	 */
	{ "this VM, -c2 idle (fitted; an invocation's p99 0.48, above 0.09), "
	  "2 invocations, 2000 samples", 2, 2000,
	  .run_sd = 0.04, .tail_sd = 1.8, .client_sd = 0.01,
	  .drift_sd = 0.01, .tail_p = 0.01, .tail_max = 0.2, .alpha = 1.2,
	  .body = 1, .tail = 1, .inv_sd = 0.033, .inv_tail_sd = 0.48 },
	{ "this VM, -c2 beside CPU hogs (fitted; an invocation's p50 0.115, "
	  "above 0.09), 2 invocations, 2000 samples", 2, 2000, .run_sd = 0.1, .tail_sd = 0.2,
	  .client_sd = 0.05, .drift_sd = 0.05, .tail_p = 0.02, .alpha = 3,
	  .body = 1, .tail = 1, .inv_sd = 0.115 },
	{ "this VM, -c8 idle (fitted), 2 invocations, 2000 samples", 8, 2000,
	  .run_sd = 0.07, .tail_sd = 0.1, .client_sd = 0.02,
	  .drift_sd = 0.03, .tail_p = 0.02, .alpha = 3, .body = 1,
	  .tail = 1, .inv_sd = 0.047 },
	{ "this VM, -c8 beside CPU hogs (fitted), 2 invocations, 2000 "
	  "samples", 8, 2000, .run_sd = 0.01, .tail_sd = 0.15,
	  .client_sd = 0.01, .drift_sd = 0.01, .tail_p = 0.02, .alpha = 3,
	  .body = 1, .tail = 1, .inv_sd = 0.013 },
	/* Heavier than the floors: runs must show their own spread. */
	{ "runs twice as spread as the floor, 1 invocation, 2000 samples",
	  2, 2000, .run_sd = 0.5, .tail_sd = 1.8, .client_sd = 0.1,
	  .drift_sd = 0.1, .tail_p = 0.02, .alpha = 3, .body = 1,
	  .tail = 1 },
};

/* The mean log figure @m of the runs of @pool. */
static double side_mean_pool(const struct prun *pool, size_t m)
{
	double sum = 0;
	size_t i, n = 0;

	for (i = 0; i < POOL; i++)
		if (!isnan(pool[i].vr.y[m])) {
			sum += pool[i].vr.y[m];
			n++;
		}
	return n ? sum / (double)n : NAN;
}

/*
 * The ceiling of --same-within @bound on metric @m for identical sides
 * of @n runs of @md: two one-sided tests at 5% each (a 90% interval, one
 * metric alone) that know the metric's true variance find the
 * difference d of the sides' means, of standard deviation sd, within
 * log(1 + @bound) less 1.645 sd.  Its run's log sd in *@run_sd.
 */
static double same_ceiling(const struct latt_metric_list *ml,
			   const struct model *md, const struct prun *pool,
			   size_t m, size_t n, double bound, double *run_sd)
{
	double var[LATT_METRICS_MAX], sd, lim;

	true_var(ml, md, pool, var);
	*run_sd = sqrt(var[m]);
	sd = sqrt(2 * var[m] / (double)n);
	lim = log1p(bound) - 1.6449 * sd;
	return lim > 0 ? erf(lim / sd / sqrt(2)) : 0;
}

/*
 * Identical sides of one invocation of 10 runs, under the models fitted
 * to this VM: the same on p50 within 10% in 80% or more of pairs where
 * the ceiling (same_ceiling()) is 90% or more, a TODO naming the ceiling
 * where it is less and the product too.
 */
static void same_fitted(const struct latt_metric_list *ml, struct prun *pool,
			size_t npairs, struct tally *t)
{
	size_t i, m = (size_t)idx(ml, "p50");
	double rate, ceiling, run_sd;
	const struct model *md;
	struct model sweep;
	char line[320];

	for (i = 0; i < sizeof(models) / sizeof(models[0]); i++) {
		if (strncmp(models[i].name, "this VM", 7))
			continue;
		/* One invocation: what it draws, both sides share. */
		md = &models[i];
		sweep = *md;
		sweep.inv_sd = 0;
		sweep.inv_tail_sd = 0;
		make_pool(ml, &sweep, pool);
		sim_within = 0.1;
		pairs(ml, &sweep, pool, pool, 10, 10, 1, &sweep, 0, 0,
		      npairs / 4, t);
		rate = (double)t->same[m] / (double)t->pairs;
		ceiling = same_ceiling(ml, &sweep, pool, m, 10, 0.1, &run_sd);
		snprintf(line, sizeof(line), "%.*s, 1 invocation, 10 and 10 "
			 "runs: identical pairs the same on p50 within 10%% "
			 "in %.1f%% of %zu (at least 80%%; the ceiling, a run's "
			 "log sd %.3f: %.1f%%)", (int)strcspn(md->name, "(") - 1,
			 md->name, 100 * rate, t->pairs, run_sd,
			 100 * ceiling);
		if (ceiling < 0.9 && rate < 0.8)
			printf("not ok %d - %s # TODO beyond the ceiling: 10 "
			       "runs a side of this spread cannot show "
			       "+-10%% to tests that know it (a normal "
			       "law's)\n", ++tap_run, line);
		else
			ok(rate >= 0.8, "%s", line);
	}
	sim_within = 0;
}

/*
 * --same-within (two one-sided tests, each at 1 - the row's level), one
 * invocation of 10 runs a side, the quiet model.  Identical pairs are
 * the same on p50 within 30% in 80% or more, and within 10% (the
 * issue's bar: a TODO where even tests knowing p50's true variance
 * cannot, 10 runs a side of this model's spread too few); a real change of the bound or more is
 * called the same at most 5% (+2 standard errors) of the time, on p50
 * (a body 25% slower) and on p99 (a tail twice as long), the bound the
 * change in the pools (their mean log figure) cut to a whole percent.
 * The pools @pool and @other are drawn again here.
 */
static void same_within(const struct latt_metric_list *ml,
			struct prun *pool, struct prun *other, size_t npairs,
			struct tally *t)
{
	static const struct {
		double body, tail;
		const char *metric, *what;
	} real[] = {
		{ 1.25, 1, "p50", "p50 of a body 25% slower" },
		{ 1, 2, "p99", "p99 of a tail twice as long" },
	};
	static const double bound[] = { 0.1, 0.2, 0.3 };
	const struct model *md = &models[0];
	struct model ch = *md;
	double rate[3], err, shift, sd, oracle;
	size_t i, m = (size_t)idx(ml, "p50");
	char line[320];

	make_pool(ml, md, pool);
	for (i = 0; i < 3; i++) {
		sim_within = bound[i];
		pairs(ml, md, pool, pool, 10, 10, 1, md, 0, 0, npairs / 2, t);
		rate[i] = (double)t->same[m] / (double)t->pairs;
	}
	/*
	 * The ceiling: two one-sided tests at 5% each (a 90% interval, one
	 * metric alone) that know p50's true variance: the difference d of
	 * the sides' means, of standard deviation sd, is within log(1.1)
	 * less 1.645 sd.
	 */
	oracle = same_ceiling(ml, md, pool, m, 10, 0.1, &sd);
	snprintf(line, sizeof(line), "%s, 10 and 10 runs: identical pairs "
		 "the same on p50 within 30%% in %.1f%% of %zu (at least "
		 "80%%); within 20%% %.1f%%, within 10%% %.1f%% (at least "
		 "80%%; the ceiling, tests knowing p50's variance, a run's "
		 "log sd %.3f: %.1f%%)", md->name, 100 * rate[2], t->pairs,
		 100 * rate[1], 100 * rate[0], sd, 100 * oracle);
	if (rate[2] >= 0.8 && rate[0] < 0.8 && oracle < 0.8)
		printf("not ok %d - %s # TODO beyond the ceiling: 10 runs a "
		       "side of this model's spread cannot show +-10%%\n",
		       ++tap_run, line);
	else
		ok(rate[2] >= 0.8 && rate[0] >= 0.8, "%s", line);
	for (i = 0; i < sizeof(real) / sizeof(real[0]); i++) {
		ch.body = real[i].body;
		ch.tail = real[i].tail;
		make_pool(ml, &ch, other);
		m = (size_t)idx(ml, real[i].metric);
		shift = expm1(side_mean_pool(other, m) - side_mean_pool(pool,
									 m));
		sim_within = floor(100 * shift) / 100;
		pairs(ml, md, pool, other, 10, 10, 1, md, 0, 0, npairs, t);
		rate[0] = (double)t->same[m] / (double)t->pairs;
		err = sqrt(0.05 * 0.95 / (double)t->pairs);
		ok(rate[0] <= 0.05 + 2 * err, "%s, 10 and 10 runs, "
		   "--same-within %.0f: %s (%+.1f%% in the pools) called the "
		   "same in %.1f%% of %zu pairs (at most 5%% + %.1f%%)",
		   md->name, 100 * sim_within, real[i].what, 100 * shift,
		   100 * rate[0], t->pairs, 200 * err);
	}
	sim_within = 0;
	same_fitted(ml, pool, npairs, t);
}

/* What -r auto came to over pairs: seq_pairs(). */
struct seq {
	size_t pairs, any;		/* any better or worse, at the stop */
	size_t found;			/* the change's metric worse */
	size_t futile;			/* stopped as futile */
	size_t runs[SIDE_MAX + 1];	/* pairs stopped at that many runs */
};

/*
 * -r auto: @npairs pairs of @md from pools @pa and @pb, side b adding
 * runs up to @max, looked at as latt looks (judge/sequential.h), until
 * every metric of @decide is better or worse, or every one left open is
 * futile (LATT_SIM_NO_FUTILE: never), or at the budget; side a
 * of @na runs (0: as many as b, a sweep); with a profile of 6 x 5 runs
 * where @md has two invocations.  Counted in @q.
 */
static void seq_pairs(const struct latt_metric_list *ml,
		      const struct model *md, struct prun *pa,
		      struct prun *pb, size_t na, size_t max,
		      const bool *decide, size_t found_m, size_t npairs,
		      struct seq *q)
{
	struct latt_vrun ra[SIDE_MAX], rb[SIDE_MAX];
	struct latt_agg_run aa[SIDE_MAX], ab[SIDE_MAX];
	struct latt_agg_cfg ca, cb, pca, pcb;
	struct latt_vcfg va, vb;
	struct latt_verdict v[LATT_METRICS_MAX];
	struct latt_profile prof;
	bool used_a[POOL], used_b[POOL], done, futile;
	size_t p, m, n, prev;
	double level;

	memset(q, 0, sizeof(*q));
	for (p = 0; p < npairs; p++) {
		memset(used_a, 0, sizeof(used_a));
		memset(used_b, 0, sizeof(used_b));
		make_side(ml, md, pa, na ? na : max, md->inv_sd * gauss(), 1,
			  used_a, ra, aa, &ca, &va);
		make_side(ml, md, pb, max, md->inv_sd * gauss(), 1,
			  pa == pb ? used_a : used_b, rb, ab, &cb, &vb);
		if (md->inv_sd > 0) {
			profile(ml, md, pa, 6, 5, &prof);
			va.profile = vb.profile = &prof;
			vb.invocation = 1;
		}
		for (n = 1, prev = 0, done = false; n <= max && !done; n++) {
			if (!latt_seq_look((unsigned int)n, (unsigned int)max))
				continue;
			level = latt_seq_level(LATT_VERDICT_CONFIDENCE,
					       (unsigned int)prev,
					       (unsigned int)n,
					       (unsigned int)max);
			prev = n;
			/* The first n runs of b (and of a, in a sweep). */
			latt_agg_cfg(ml, "b", ab, n, &pcb);
			vb.agg = &pcb;
			vb.nruns = n;
			if (!na) {
				latt_agg_cfg(ml, "a", aa, n, &pca);
				va.agg = &pca;
				va.nruns = n;
			}
			if (latt_verdicts(ml, &va, &vb, level, v))
				exit(1);
			/* As latt decides, or stops as futile. */
			done = latt_seq_decided(decide, ml->n, &v, 0, 1,
						(unsigned int)n,
						(unsigned int)max, !na,
						LATT_VERDICT_CONFIDENCE, 0,
						&futile);
			if (done || n == max)
				break;
			if (futile && !getenv("LATT_SIM_NO_FUTILE")) {
				q->futile++;
				break;
			}
		}
		q->runs[n > max ? max : n]++;
		for (m = 0, done = false; m < ml->n; m++)
			done |= v[m].kind == LATT_V_BETTER ||
				v[m].kind == LATT_V_WORSE;
		q->any += done;
		q->found += v[found_m].kind == LATT_V_WORSE;
		q->pairs++;
	}
}

/* The mean and (*@p90) the 90th percentile of @q's runs. */
static double seq_mean(const struct seq *q, size_t *p90)
{
	size_t n, seen = 0;
	double sum = 0;

	*p90 = 0;
	for (n = 0; n <= SIDE_MAX; n++) {
		sum += (double)(n * q->runs[n]);
		if (seen < (q->pairs * 9 + 9) / 10)
			*p90 = n;
		seen += q->runs[n];
	}
	return sum / (double)q->pairs;
}

/*
 * -r auto (issue: valid under optional stopping).  A sweep of one
 * invocation (both sides adding runs), and a run against a saved one of
 * 10 runs on another boot with a profile of 6 x 5 (--against), up to 20
 * runs a side: identical pairs get a better or worse verdict at most 5%
 * (+2 standard errors) of the time; for p50 twice as slow, 25% slower
 * and p99 50% longer, deciding on that metric, the runs it took (mean,
 * 90th percentile) and how often it was found worse by the budget,
 * beside a fixed -r of the same mean cost.  The pools are drawn again.
 */
static void auto_runs(const struct latt_metric_list *ml, struct prun *pool,
		      struct prun *other, size_t npairs, struct tally *t)
{
	static const struct {
		double body, tail;
		const char *metric, *what;
	} ch[] = {
		{ 2, 1, "p50", "p50 of a body twice as slow" },
		{ 1.25, 1, "p50", "p50 of a body 25% slower" },
		{ 1, 1.5, "p99", "p99 of a tail 50% longer" },
	};
	static const struct {
		const struct model *md;
		size_t na;
		const char *what;
	} set[] = {
		{ &models[0], 0, "a sweep" },
		{ &models[1], 10, "against 10 runs of another boot, with a "
		  "profile of 6 x 5 runs," },
	};
	bool decide[LATT_METRICS_MAX], one[LATT_METRICS_MAX];
	char line[1400];
	size_t s, c, o, m, p90, fixed;
	double rate, err, mean;
	struct model chm;
	struct seq q;

	memset(decide, 0, sizeof(decide));
	decide[idx(ml, "p50")] = decide[idx(ml, "p99")] = true;
	for (s = 0; s < sizeof(set) / sizeof(set[0]); s++) {
		make_pool(ml, set[s].md, pool);
		seq_pairs(ml, set[s].md, pool, pool, set[s].na, 20, decide,
			  (size_t)idx(ml, "p50"), npairs / 2, &q);
		rate = (double)q.any / (double)q.pairs;
		err = sqrt(0.05 * 0.95 / (double)q.pairs);
		mean = seq_mean(&q, &p90);
		o = (size_t)snprintf(line, sizeof(line), "-r auto, %s %s, up "
				     "to 20 runs (looks at 3, 5, 8, 12 and "
				     "20): a verdict in %.1f%% of %zu "
				     "identical pairs (at most 5%% + %.1f%%), "
				     "after %.1f runs on average (%.0f%% left "
				     "open as futile)", set[s].what,
				     set[s].md->name, 100 * rate, q.pairs,
				     200 * err, mean, 100 * (double)q.futile /
				     (double)q.pairs);
		for (c = 0; c < sizeof(ch) / sizeof(ch[0]); c++) {
			chm = *set[s].md;
			chm.body = ch[c].body;
			chm.tail = ch[c].tail;
			make_pool(ml, &chm, other);
			m = (size_t)idx(ml, ch[c].metric);
			memset(one, 0, sizeof(one));
			one[m] = true;
			seq_pairs(ml, set[s].md, pool, other, set[s].na, 20,
				  one, m, npairs / 4, &q);
			mean = seq_mean(&q, &p90);
			fixed = (size_t)lround(mean);
			pairs(ml, set[s].md, pool, other,
			      set[s].na ? set[s].na : fixed, fixed, 1,
			      set[s].md, set[s].na ? 6 : 0, 5, npairs / 4, t);
			o += (size_t)snprintf(line + o, sizeof(line) - o,
					      "; %s: decided after %.1f runs "
					      "on average (90th percentile "
					      "%zu; %.0f%% left open as "
					      "futile), found worse %.0f%% by "
					      "the budget; a fixed -r %zu: "
					      "%.0f%%", ch[c].what, mean, p90,
					      100 * (double)q.futile /
					      (double)q.pairs,
					      100 * (double)q.found /
					      (double)q.pairs, fixed,
					      100 * (double)t->worse[m] /
					      (double)t->pairs);
		}
		ok(rate <= 0.05 + 2 * err, "%s", line);
	}
}

/* Metric @m of runs[0..n) @by higher, in logs: a change of it alone. */
static void shift(struct latt_vrun *runs, size_t n, size_t m, double by)
{
	size_t i;

	for (i = 0; i < n; i++)
		runs[i].y[m] += by;
}

/*
 * A pair of @groups invocations a side of @per runs each from @pool,
 * metric @m of side b @by higher in logs, judged (with @prof, if any)
 * into @v.
 */
static void judged_pair(const struct latt_metric_list *ml,
			const struct model *md, struct prun *pool,
			size_t groups, size_t per, size_t m, double by,
			const struct latt_profile *prof,
			struct latt_verdict *v)
{
	static struct latt_vrun ra[SIDE_MAX], rb[SIDE_MAX];
	static struct latt_agg_run aa[SIDE_MAX], ab[SIDE_MAX];
	struct latt_agg_cfg ca, cb;
	struct latt_vcfg va, vb;
	bool used[POOL];
	size_t n = groups * per;

	memset(used, 0, sizeof(used));
	make_side(ml, md, pool, n, md->inv_sd * gauss(), groups, used, ra,
		  aa, &ca, &va);
	make_side(ml, md, pool, n, md->inv_sd * gauss(), groups, used, rb,
		  ab, &cb, &vb);
	shift(rb, n, m, by);
	vb.invocation = md->inv_sd > 0;
	va.profile = vb.profile = prof;
	if (latt_verdicts(ml, &va, &vb, LATT_VERDICT_CONFIDENCE, v))
		exit(1);
}

/*
 * How many more (judge/plan.h), followed: pairs of one invocation a side
 * of @n0 runs whose @metric (of the pool's @md) lies @change higher; where
 * it cannot tell and says what would, a new pair as it says (the runs, or
 * the invocations of @n0 runs each, a side), whose change is the one
 * observed, as the advice promises to find four times in five.  Found in
 * 80% +- 15 points of the pairs followed (those of at most SIDE_MAX runs
 * a side), the profile (@pk x 5 runs, 0: none) as latt would take it.
 */
static void advice(const struct latt_metric_list *ml, const struct model *md,
		   struct prun *pool, size_t n0, size_t pk, const char *metric,
		   double change, size_t npairs)
{
	struct latt_verdict v[LATT_METRICS_MAX], w[LATT_METRICS_MAX];
	size_t p, m = (size_t)idx(ml, metric), asked = 0, followed = 0;
	size_t found = 0, groups, per;
	double more = 0, rate;
	struct latt_profile prof;
	struct latt_need need;
	size_t boots = 0;

	make_pool(ml, md, pool);
	for (p = 0; p < npairs; p++) {
		if (pk)
			profile(ml, md, pool, pk, 5, &prof);
		judged_pair(ml, md, pool, 1, n0, m, log1p(change),
			    pk ? &prof : NULL, v);
		if (v[m].kind != LATT_V_UNSURE)
			continue;
		asked++;
		latt_verdict_need(&v[m], &need);
		groups = 1 + need.boots;
		boots += need.boots > 0;
		per = n0 + need.runs;
		if ((!need.runs && !need.boots) ||
		    groups * per > SIDE_MAX)
			continue;
		followed++;
		more += (double)(groups * per - n0);
		judged_pair(ml, md, pool, groups, per, m, log1p(v[m].change),
			    pk ? &prof : NULL, w);
		found += w[m].kind == LATT_V_WORSE ||
			 w[m].kind == LATT_V_BETTER;
	}
	rate = followed ? (double)found / (double)followed : 0;
	ok(followed >= 20 && fabs(rate - 0.8) <= 0.15, "needs about N more, "
	   "followed: %s, %zu runs a side%s, %s %+.0f%%: can't tell in %zu "
	   "of %zu pairs; followed where %d runs a side or fewer would do "
	   "(%zu, %.1f more runs a side on average; invocations advised "
	   "in %zu): the change observed found in %.0f%% (80%% +- 15 "
	   "promised)", md->name, n0, pk ? ", with a profile of 6 x 5 runs" :
	   "", metric, 100 * change, asked, npairs, SIDE_MAX, followed,
	   followed ? more / (double)followed : 0, boots, 100 * rate);
}

int main(void)
{
	static struct prun pool[POOL], other[NCHANGES][POOL];
	static const struct {
		const char *what;
		double body, tail;
		const char *metric;
		bool ratio;		/* held to the oracle's power */
	} changes[NCHANGES] = {
		[P50_25] = { "p50 of a body 25% slower", 1.25, 1, "p50", true },
		[P50_30] = { "p50 of a body 30% slower", 1.3, 1, "p50", false },
		[P50_X15] = { "p50 of a body 1.5x slower", 1.5, 1, "p50",
			      true },
		[P50_X2] = { "p50 of a body twice as slow", 2, 1, "p50",
			     false },
		[P99_15] = { "p99 of a tail 50% longer", 1, 1.5, "p99", true },
		[P99_X2] = { "p99 of a tail twice as long", 1, 2, "p99", true },
	};
	static const struct setting settings[] = {
		{ &models[0], 1, 1, true, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[0], 2, 2, false, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[0], 3, 3, true, 0, 0, 0, 0, 0, 0,
		  { 0 }, true, FLOORS, 0 },
		{ &models[0], 5, 5, false, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[0], 10, 10, true, 0, 0, 0, 0, 0, 0,
		  { [P50_X2] = 0.95, [P50_25] = 0.75 }, true, OWN_T, 0 },
		{ &models[0], 2, 5, false, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[1], 1, 1, true, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[1], 2, 2, false, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[1], 3, 3, true, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[1], 5, 5, false, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[1], 10, 10, true, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[1], 1, 1, true, 6, 5, 0, 0, 0, 0, { 0 }, true,
		  FEW_DF, 0 },
		{ &models[1], 3, 3, false, 6, 5, 0, 0, 0, 0, NONE },
		{ &models[1], 10, 10, true, 6, 5, 0, 0, 0, 0,
		  { [P99_X2] = 0.8, [P50_X15] = 0.5 }, true, FEW_DF, 0 },
		/* What a larger profile would give, for comparison. */
		{ &models[1], 10, 10, true, 12, 5, 0, 0, 0, 0,
		  { [P99_X2] = 0.8, [P50_X15] = 0.5 }, true, FEW_DF, 0 },
		{ &models[1], 10, 10, true, 20, 5, 0, 0, 0, 0,
		  { [P99_X2] = 0.8, [P50_X15] = 0.5 }, true, FEW_DF, 0 },
		/* ... and of as many runs an invocation as the sides'. */
		{ &models[1], 10, 10, true, 6, 10, 0, 0, 0, 0,
		  { [P99_X2] = 0.8, [P50_X15] = 0.5 }, true, FEW_DF, 0 },
		{ &models[1], 10, 10, true, 20, 10, 0, 0, 0, 0,
		  { [P99_X2] = 0.8, [P50_X15] = 0.5 }, true, FEW_DF, 0 },
		{ &models[1], 10, 10, false, 3, 3, 0, 0, 0, 0, NONE },
		{ &models[1], 10, 10, false, 0, 0, 2, 0, 0, 0, NONE },
		{ &models[1], 20, 20, true, 0, 0, 4, 0, 0, 0,
		  { 0 }, true, FEW_DF, 0 },
		{ &models[1], 20, 20, true, 6, 5, 4, 0, 0, 0,
		  { [P99_15] = 0.8, [P50_25] = 0.5 }, true, FEW_DF, 0 },
		{ &models[1], 10, 10, true, 6, 5, 2, 0, 0, 0,
		  { 0 }, true, FEW_DF, 0 },
		/* A profile that is wrong: too sure, or of a quieter day. */
		{ &models[1], 1, 1, false, 6, 5, 0, 0, 0.8165, 0.10, NONE },
		{ &models[1], 10, 10, false, 6, 5, 0, 0, 0.8165, 0.10, NONE },
		/*
		 * One run a side cannot show that its runs spread more than
		 * the profile's: the profile is trusted, and wrong (13.0%
		 * with every metric a test of its own; 15.6% since the
		 * metrics count as what they are worth together, 15.2% of
		 * 4000 pairs).  Measured, not a budget kept.
		 */
		{ &models[1], 1, 1, false, 6, 5, 0, 0.5, 0.5, 0.15, NONE },
		{ &models[1], 10, 10, false, 6, 5, 0, 0.5, 0.5, 0, NONE },
		{ &models[1], 20, 20, false, 6, 5, 4, 0.5, 0.5, 0, NONE },
		/*
		 * A kernel twice as noisy as the baseline, between runs and
		 * between invocations, of the same means, judged with a
		 * profile of the baseline: its runs' spread on p50 scales its
		 * invocation's part, by less than the truth (the pool's own
		 * spread within runs is not doubled).  Measured (2.4% and
		 * 5.7%; 3.5% and 9.6% by each metric's own spread), within
		 * 5% and 7%.
		 */
		{ &models[1], 10, 10, false, 6, 5, 0, 0, 0, 0.05, { 0 }, false,
		  NULL, 2 },
		{ &models[1], 10, 10, false, 20, 10, 0, 0, 0, 0.07, { 0 },
		  false, NULL, 2 },
		{ &models[1], 1, 3, false, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[2], 1, 1, false, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[2], 5, 5, false, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[3], 1, 1, false, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[3], 3, 3, false, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[4], 1, 1, false, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[4], 5, 5, false, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[5], 1, 1, false, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[5], 3, 3, false, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[6], 1, 1, false, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[6], 3, 3, false, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[7], 1, 1, false, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[7], 5, 5, false, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[8], 1, 1, true, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[8], 3, 3, false, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[8], 5, 5, true, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[9], 10, 10, true, 8, 5, 0, 0, 0, 0,
		  { 0 }, true, FEW_DF, 0 },
		{ &models[10], 10, 10, true, 8, 5, 0, 0, 0, 0,
		  { 0 }, true, FEW_DF, 0 },
		{ &models[11], 10, 10, true, 8, 5, 0, 0, 0, 0,
		  { 0 }, true, FEW_DF, 0 },
		{ &models[12], 10, 10, true, 8, 5, 0, 0, 0, 0,
		  { 0 }, true, FEW_DF, 0 },
		{ &models[13], 5, 5, false, 0, 0, 0, 0, 0, 0, NONE },
		{ &models[13], 10, 10, false, 0, 0, 0, 0, 0, 0, NONE },
	};
	size_t ns = sizeof(settings) / sizeof(settings[0]), s, npairs = 2000;
	const struct model *built = NULL, *changed = NULL;
	struct latt_metric_list ml;
	struct tally t, tp;
	struct model ch, pm;
	char names[192], pw[1024], title[160], line[1400], sim_only[256] = "";
	double rate, err, f, bound, budget, limit, pbud;
	size_t c, o, mi;
	bool pass, power, exact;

	if (getenv("LATT_SIM_PAIRS"))
		npairs = strtoul(getenv("LATT_SIM_PAIRS"), NULL, 10);
	if (npairs < 100)
		npairs = 100;
	t.z = malloc(npairs * sizeof(*t.z));
	tp.z = malloc(npairs * sizeof(*tp.z));
	t.zp = malloc(npairs * sizeof(*t.zp));
	tp.zp = malloc(npairs * sizeof(*tp.zp));
	if (!t.z || !tp.z || !t.zp || !tp.zp)
		return 1;
	/* LATT_SIM_ONLY="13,21": those settings (0 on), to study. */
	if (getenv("LATT_SIM_ONLY"))
		snprintf(sim_only, sizeof(sim_only), ",%s,",
			 getenv("LATT_SIM_ONLY"));
	latt_metrics_init(&ml);
	plan((int)ns + 12);
	for (s = 0; s < ns; s++) {
		const struct setting *st = &settings[s];
		char only[16];

		snprintf(only, sizeof(only), ",%zu,", s);
		if (*sim_only && !strstr(sim_only, only)) {
			printf("ok %d - # SKIP LATT_SIM_ONLY\n", ++tap_run);
			continue;
		}
		if (st->md != built) {
			make_pool(&ml, st->md, pool);
			built = st->md;
			spreads(&ml, st->md, pool);
		}
		pm = *st->md;
		sim_b_noise = st->b_noise;
		pm.run_sd *= st->prof_run ? st->prof_run : 1;
		pm.inv_sd *= st->prof_inv ? st->prof_inv : 1;
		pairs(&ml, st->md, pool, pool, st->na, st->nb,
		      st->groups ? st->groups : 1, &pm, st->pk, st->pr, npairs,
		      &t);
		rate = (double)t.any / (double)t.pairs;
		limit = st->budget ? st->budget : 0.05;
		err = sqrt(limit * (1 - limit) / (double)t.pairs);
		judged_names(&ml, &t, names, sizeof(names));
		pass = rate <= limit + 2 * err;
		power = true;
		exact = st->pk && !st->groups && !st->prof_run &&
			!st->prof_inv;
		/* The oracle as often wrong as the product, and at 5%. */
		bound = oracle_bound(&ml, &t, t.z, t.any);
		budget = oracle_bound(&ml, &t, t.z, t.pairs / 20);
		pbud = oracle_bound(&ml, &t, t.zp, t.pairs / 20);
		pw[0] = '\0';
		for (c = 0, o = 0; st->power && c < NCHANGES; c++) {
			double of, o5, p5;
			bool low;

			ch = *st->md;
			ch.body = changes[c].body;
			ch.tail = changes[c].tail;
			/* Each change's pool drawn once for its model. */
			if (changed != st->md)
				make_pool(&ml, &ch, other[c]);
			pairs(&ml, st->md, pool, other[c], st->na, st->nb,
			      st->groups ? st->groups : 1, &pm, st->pk,
			      st->pr, npairs / 4, &tp);
			mi = (size_t)idx(&ml, changes[c].metric);
			f = (double)tp.worse[mi] / (double)tp.pairs;
			of = oracle_worse(&tp, tp.z, mi, bound);
			o5 = oracle_worse(&tp, tp.z, mi, budget);
			p5 = oracle_worse(&tp, tp.zp, mi, pbud);
			o += (size_t)snprintf(pw + o, sizeof(pw) - o, "%s",
					      c ? ", " : "; found worse: ");
			o += (size_t)snprintf(pw + o, sizeof(pw) - o, "%s",
					      changes[c].what);
			o += (size_t)snprintf(pw + o, sizeof(pw) - o,
					      " %.0f%% (the oracle %.0f%%, at 5%% "
					      "%.0f%%", 100 * f, 100 * of,
					      100 * o5);
			if (exact)
				o += (size_t)snprintf(pw + o, sizeof(pw) - o,
						      "; the profile's oracle "
						      "at 5%% %.0f%%",
						      100 * p5);
			o += (size_t)snprintf(pw + o, sizeof(pw) - o, ")");
			/* Power against the oracle's at the product's rate. */
			if (st->ratio && changes[c].ratio &&
			    of >= ORACLE_MEANT && f < RATIO * of) {
				power = false;
				o += (size_t)snprintf(pw + o, sizeof(pw) - o,
						      " (under %.0f%% of the "
						      "oracle's)", 100 * RATIO);
			}
			/* A bar, unless the oracle at 5% is under it too. */
			low = st->bar[c] && f < st->bar[c];
			if (low && o5 < st->bar[c]) {
				o += (size_t)snprintf(pw + o, sizeof(pw) - o,
						      " (under %.0f%%, as is "
						      "the oracle at 5%%: not "
						      "asserted)",
						      100 * st->bar[c]);
			} else if (low) {
				power = false;
				o += (size_t)snprintf(pw + o, sizeof(pw) - o,
						      " (under %.0f%%)",
						      100 * st->bar[c]);
			} else if (st->bar[c]) {
				o += (size_t)snprintf(pw + o, sizeof(pw) - o,
						      " (%.0f%% reached)",
						      100 * st->bar[c]);
			}
		}
		if (st->power)
			changed = st->md;
		if (getenv("LATT_SIM_VERBOSE")) {
			size_t m;

			for (m = 0; m < ml.n; m++)
				if (t.judged[m])
					diag("  %s: %zu wrong; beyond its interval "
				     "at 95%% %.1f%%, %.1f degrees of freedom "
				     "on average", ml.m[m].name, t.wrong[m],
				     100.0 * (double)t.beyond[m] /
				     (double)t.judged[m],
				     t.df[m] / (double)t.judged[m]);
		}
		if (st->power)
			diag("  the oracle: |z| > %.2f on each judged metric "
			     "(a level of %.2g%% a metric); at 5%% of "
			     "identical pairs, |z| > %.2f (%.2g%%)", bound,
			     100 * erfc(bound / sqrt(2)), budget,
			     100 * erfc(budget / sqrt(2)));
		if (st->pk)
			snprintf(names + strlen(names),
				 sizeof(names) - strlen(names),
				 "; with a profile of %zu x %zu runs%s", st->pk,
				 st->pr, st->prof_inv && !st->prof_run ?
				 " understating the invocations' variance 1.5x" :
				 st->prof_run ? " of a quieter machine (runs "
				 "half as spread)" : st->b_noise ? " of the "
				 "baseline, the other side's runs and "
				 "invocations twice as spread" : "");
		/* "4 invocations a side, 2 clients, ..., 5 and 5 runs each" */
		if (st->groups)
			snprintf(title, sizeof(title), "%zu invocations a side%s, "
				 "%zu and %zu runs each", st->groups,
				 strchr(st->md->name, ','),
				 st->na / st->groups, st->nb / st->groups);
		else
			snprintf(title, sizeof(title), "%s, %zu and %zu runs",
				 st->md->name, st->na, st->nb);
		snprintf(line, sizeof(line), "%s: a verdict in %.1f%% of %zu "
			 "identical pairs (at most %.0f%% + %.1f%%; judged: "
			 "%s)%s", title, 100 * (double)t.any /
			 (double)t.pairs, t.pairs, 100 * limit, 200 * err,
			 names, pw);
		/*
		 * Power short of a bar or of the oracle's for a reason
		 * known (st->todo): a TAP TODO, which the driver reports
		 * as an expected failure; the false alarms always count.
		 */
		if (pass && !power && st->todo) {
			printf("not ok %d - %s # TODO %s\n", ++tap_run, line,
			       st->todo);
			continue;
		}
		ok(pass && power, "%s", line);
	}
	sim_b_noise = 0;
	same_within(&ml, pool, other[0], npairs, &t);
	auto_runs(&ml, pool, other[0], npairs, &t);
	advice(&ml, &models[0], pool, 3, 0, "p50", 0.25, npairs / 4);
	advice(&ml, &models[0], pool, 3, 0, "p99", 0.5, npairs / 4);
	advice(&ml, &models[1], pool, 5, 6, "p99", 1, npairs / 4);
	for (s = 0; s < POOL; s++) {
		free(pool[s].b);
		for (c = 0; c < NCHANGES; c++)
			free(other[c][s].b);
	}
	free(t.z);
	free(tp.z);
	free(t.zp);
	free(tp.zp);
	return tap_done();
}
