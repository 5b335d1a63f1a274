// SPDX-License-Identifier: GPL-2.0-only
/*
 * Verdicts against the baseline; see include/latt/verdict.h.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "latt/verdict.h"
#include "hist.h"
#include "stats.h"

/* Fewer samples than this in a run: no distribution to speak of. */
#define FEW_SAMPLES		20
/* Poisson draws of a whole bootstrap, at most: about a second. */
#define DRAWS_MAX		200000000.0
/*
 * A percentile is drawn again only with this many samples beyond it in
 * each run: the bootstrap of the few largest samples is too narrow (it
 * never goes past the largest).
 */
#define TAIL_MIN		2
/* Runs a side can have for the exact rank statistic (else normal). */
#define RANK_EXACT_MAX		60

const char *latt_verdict_word(enum latt_verdict_kind k)
{
	switch (k) {
	case LATT_V_BETTER: return "better";
	case LATT_V_WORSE: return "worse";
	case LATT_V_UNSURE: return "can't tell";
	default: return "no verdict";
	}
}

const char *latt_verdict_token(enum latt_verdict_kind k)
{
	switch (k) {
	case LATT_V_BETTER: return "better";
	case LATT_V_WORSE: return "worse";
	case LATT_V_UNSURE: return "cant_tell";
	default: return "none";
	}
}

char latt_verdict_mark(const struct latt_verdict *v)
{
	switch (v->kind) {
	case LATT_V_BETTER: return 'b';
	case LATT_V_WORSE: return 'w';
	case LATT_V_UNSURE: return '~';
	default: return v->method == LATT_VM_NONE && !v->why[0] ? ' ' : '?';
	}
}

/* A relative change as a signed percentage, "+12.3%". */
static void pct_text(double v, char *buf, size_t len)
{
	double p = 100 * v;

	/* -0.0 and a rounding to zero read as no change. */
	if (fabs(p) < 0.05)
		p = 0;
	snprintf(buf, len, "%+.1f%%", p);
}

char *latt_verdict_text(const struct latt_verdict *v, char *buf, size_t len)
{
	char c[32], lo[32], hi[32];

	if (v->kind == LATT_V_NONE) {
		snprintf(buf, len, "%s", v->why);
		return buf;
	}
	pct_text(v->change, c, sizeof(c));
	pct_text(v->lo, lo, sizeof(lo));
	pct_text(v->hi, hi, sizeof(hi));
	snprintf(buf, len, "%s [%s, %s]", c, lo, hi);
	return buf;
}

/* splitmix64: small, fast, and the same everywhere. */
static uint64_t next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Uniform in (0, 1). */
static double uniform(uint64_t *s)
{
	return ((double)(next(s) >> 11) + 0.5) / 9007199254740992.0;
}

/* A standard normal draw (Box-Muller). */
static double normal(uint64_t *s)
{
	return sqrt(-2 * log(uniform(s))) *
	       cos(6.283185307179586 * uniform(s));
}

static uint64_t below(uint64_t *s, uint64_t n)
{
	return n < 2 ? 0 : next(s) % n;
}

/*
 * A Poisson draw of mean @l: by its definition (products of uniforms)
 * for a small mean, by the normal law it tends to for a large one.
 */
static uint64_t poisson(uint64_t *s, double l)
{
	double p = 1, lim, x;
	uint64_t k = 0;

	if (l < 30) {
		lim = exp(-l);
		do {
			k++;
			p *= uniform(s);
		} while (p > lim);
		return k - 1;
	}
	x = floor(l + sqrt(l) * normal(s) + 0.5);
	return x < 0 ? 0 : (uint64_t)x;
}

/* Is @m judged from the samples' distribution (else from the runs)? */
static bool of_distribution(const struct latt_metric *m)
{
	return m->kind == LATT_MK_AVG || m->kind == LATT_MK_STDEV ||
	       m->kind == LATT_MK_PCT;
}

/* A replicate of one run: its histogram drawn again. */
struct draw {
	uint64_t *count;		/* by bucket index */
	unsigned int lo, hi;		/* the indices touched */
};

static void draw_unit(struct draw *d, const struct latt_vunit *u,
		      bool again, uint64_t *s)
{
	size_t i;

	for (i = 0; i < u->n; i++) {
		unsigned int idx = latt_hist_index(u->b[i][0]);
		uint64_t k = again ? poisson(s, (double)u->b[i][1]) :
			     u->b[i][1];

		if (!k)
			continue;
		d->count[idx] += k;
		if (idx < d->lo)
			d->lo = idx;
		if (idx > d->hi)
			d->hi = idx;
	}
}

/*
 * Run @r drawn again: its units (blocks of time) with replacement; a run
 * of one unit, its samples, bucket by bucket.
 */
static void draw_run(struct draw *d, const struct latt_vrun *r, uint64_t *s)
{
	size_t i;

	if (d->lo <= d->hi)
		memset(d->count + d->lo, 0,
		       (d->hi - d->lo + 1) * sizeof(*d->count));
	d->lo = LATT_HIST_BUCKETS;
	d->hi = 0;
	for (i = 0; i < r->nunits; i++)
		draw_unit(d, &r->units[r->nunits > 1 ?
				       below(s, r->nunits) : i],
			  r->nunits == 1, s);
}

static double mid(unsigned int idx)
{
	return (double)latt_hist_bucket_low(idx) +
	       (double)(latt_hist_bucket_width(idx) / 2);
}

/* Metric @m of the drawn run @d: NaN when it has too few samples. */
static double figure(const struct latt_metric *m, const struct draw *d)
{
	double n = 0, sum = 0, sq = 0, mean, x;
	uint64_t total = 0, rank, seen = 0;
	unsigned int i;

	if (d->lo > d->hi)
		return NAN;
	for (i = d->lo; i <= d->hi; i++)
		total += d->count[i];
	if (total < 2)
		return NAN;
	if (m->kind == LATT_MK_PCT) {
		rank = latt_hist_percentile_rank(total, m->pct);
		for (i = d->lo; i <= d->hi; i++) {
			seen += d->count[i];
			if (seen >= rank)
				return mid(i);
		}
		return mid(d->hi);
	}
	for (i = d->lo; i <= d->hi; i++) {
		if (!d->count[i])
			continue;
		x = mid(i);
		n += (double)d->count[i];
		sum += (double)d->count[i] * x;
	}
	mean = sum / n;
	if (m->kind == LATT_MK_AVG)
		return mean;
	for (i = d->lo; i <= d->hi; i++)
		if (d->count[i]) {
			x = mid(i) - mean;
			sq += (double)d->count[i] * x * x;
		}
	return sqrt(sq / (n - 1));
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The median of @v[0..n), sorted in place. */
static double median(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/*
 * Replicates of side @c: @rep[j * nb + b] is metric @idx[j]'s value in
 * replicate b (NaN: none).
 */
static int replicate(const struct latt_metric_list *ml, const size_t *idx,
		     size_t nidx, const struct latt_vcfg *c, size_t nb,
		     uint64_t seed, double *rep)
{
	struct draw d = { .lo = LATT_HIST_BUCKETS, .hi = 0 };
	double *runv;
	size_t b, j, k, nv;
	uint64_t s = seed;

	d.count = calloc(LATT_HIST_BUCKETS, sizeof(*d.count));
	runv = calloc(nidx * (c->nruns ? c->nruns : 1), sizeof(*runv));
	if (!d.count || !runv) {
		free(d.count);
		free(runv);
		return -ENOMEM;
	}
	for (b = 0; b < nb; b++) {
		for (k = 0; k < c->nruns; k++) {
			const struct latt_vrun *r =
				&c->runs[c->nruns > 1 ? below(&s, c->nruns) : k];

			draw_run(&d, r, &s);
			for (j = 0; j < nidx; j++)
				runv[j * c->nruns + k] =
					figure(&ml->m[idx[j]], &d);
		}
		for (j = 0; j < nidx; j++) {
			double *v = &runv[j * c->nruns];

			for (k = 0, nv = 0; k < c->nruns; k++)
				if (!isnan(v[k]))
					v[nv++] = v[k];
			rep[j * nb + b] = nv ? median(v, nv) : NAN;
		}
	}
	free(d.count);
	free(runv);
	return 0;
}

/* Poisson draws one replicate of @c takes. */
static double draws(const struct latt_vcfg *c)
{
	double n = 0;
	size_t i, j;

	for (i = 0; i < c->nruns; i++)
		for (j = 0; j < c->runs[i].nunits; j++)
			n += (double)c->runs[i].units[j].n;
	return n;
}

/* Samples of the run with the fewest. */
static uint64_t fewest(const struct latt_vcfg *c)
{
	uint64_t n = UINT64_MAX;
	size_t i;

	for (i = 0; i < c->nruns; i++)
		if (c->runs[i].agg->count < n)
			n = c->runs[i].agg->count;
	return c->nruns ? n : 0;
}

/* Do the runs of @c all have histograms? */
static bool have_units(const struct latt_vcfg *c)
{
	size_t i;

	for (i = 0; i < c->nruns; i++)
		if (!c->runs[i].nunits)
			return false;
	return c->nruns > 0;
}

/* From the sorted ratios @r[0..n): @v's interval at @level. */
static void interval(const double *r, size_t n, double level,
		     struct latt_verdict *v)
{
	double a = (1 - level) / 2;
	size_t lo, hi;

	lo = (size_t)floor(a * (double)n);
	hi = (size_t)ceil((1 - a) * (double)n);
	hi = hi ? hi - 1 : 0;
	if (lo >= n)
		lo = n - 1;
	if (hi >= n)
		hi = n - 1;
	v->lo = r[lo] - 1;
	v->hi = r[hi] - 1;
}

/*
 * The exact null distribution of Mann-Whitney's U for @m and @n runs:
 * the largest c with P(U <= c) <= @alpha (-1: none), through the count
 * of arrangements f(m, n, u) = f(m - 1, n, u - n) + f(m, n - 1, u).
 */
static long rank_critical(size_t m, size_t n, double alpha)
{
	size_t mn = m * n, i, j, u;
	double *f, *g, total = 0, cum = 0;
	long c = -1;

	if (m > RANK_EXACT_MAX || n > RANK_EXACT_MAX) {
		/* The normal law, which U tends to. */
		double mu = (double)mn / 2;
		double sd = sqrt((double)mn * (double)(m + n + 1) / 12);
		double z = 2.5758;

		/* z for alpha by bisection of the normal tail. */
		double lo = 0, hi = 10;

		for (i = 0; i < 60; i++) {
			z = (lo + hi) / 2;
			if (0.5 * erfc(z / sqrt(2)) > alpha)
				lo = z;
			else
				hi = z;
		}
		return (long)floor(mu - z * sd - 0.5);
	}
	/* f[j][u] for the current i, rows of n + 1 by mn + 1. */
	f = calloc((n + 1) * (mn + 1), sizeof(*f));
	g = calloc((n + 1) * (mn + 1), sizeof(*g));
	if (!f || !g) {
		free(f);
		free(g);
		return -2;
	}
	for (j = 0; j <= n; j++)
		f[j * (mn + 1)] = 1;		/* i = 0: U = 0 */
	for (i = 1; i <= m; i++) {
		memset(g, 0, (n + 1) * (mn + 1) * sizeof(*g));
		g[0] = 1;			/* j = 0: U = 0 */
		for (j = 1; j <= n; j++)
			for (u = 0; u <= i * j; u++)
				g[j * (mn + 1) + u] =
					(u >= j ? f[j * (mn + 1) + u - j] : 0) +
					g[(j - 1) * (mn + 1) + u];
		memcpy(f, g, (n + 1) * (mn + 1) * sizeof(*f));
	}
	for (u = 0; u <= mn; u++)
		total += f[n * (mn + 1) + u];
	for (u = 0; u <= mn; u++) {
		cum += f[n * (mn + 1) + u];
		if (cum / total > alpha)
			break;
		c = (long)u;
	}
	free(f);
	free(g);
	return c;
}

/* Runs each side needs for a rank test at @level to be possible. */
static size_t runs_needed(double level)
{
	size_t n;

	for (n = 2; n < RANK_EXACT_MAX; n++)
		if (rank_critical(n, n, (1 - level) / 2) >= 0)
			return n;
	return n;
}

/* The values of metric @m of the runs of @c: how many, in @v. */
static size_t run_values(const struct latt_vcfg *c, size_t m, double *v)
{
	size_t i, k = 0;

	for (i = 0; i < c->nruns; i++)
		if (!isnan(c->runs[i].agg->val[m].v))
			v[k++] = c->runs[i].agg->val[m].v;
	return k;
}

/* Metric @m by the rank test of the runs, at @level. */
static int by_rank(const struct latt_vcfg *base, const struct latt_vcfg *x,
		   size_t m, double level, struct latt_verdict *v)
{
	size_t na, nx, i, j, k = 0;
	double *a, *b, *d, mid;
	long c;
	int ret = 0;

	a = calloc(base->nruns + 1, sizeof(*a));
	b = calloc(x->nruns + 1, sizeof(*b));
	d = calloc(base->nruns * x->nruns + 1, sizeof(*d));
	if (!a || !b || !d) {
		ret = -ENOMEM;
		goto out;
	}
	na = run_values(base, m, a);
	nx = run_values(x, m, b);
	c = rank_critical(na, nx, (1 - level) / 2);
	if (c == -2) {
		ret = -ENOMEM;
		goto out;
	}
	mid = median(a, na);
	if (c < 0 || !(fabs(mid) > 0)) {
		v->kind = LATT_V_NONE;
		if (c < 0)
			snprintf(v->why, sizeof(v->why), "%zu and %zu runs: "
				 "needs %zu runs each (-r %zu)", na, nx,
				 runs_needed(level), runs_needed(level));
		else
			snprintf(v->why, sizeof(v->why), "the baseline's "
				 "value is 0");
		goto out;
	}
	for (i = 0; i < na; i++)
		for (j = 0; j < nx; j++)
			d[k++] = b[j] - a[i];
	qsort(d, k, sizeof(*d), cmp_double);
	v->method = LATT_VM_RANK;
	v->level = level;
	v->change = (k % 2 ? d[k / 2] : (d[k / 2 - 1] + d[k / 2]) / 2) /
		    fabs(mid);
	v->lo = d[c] / fabs(mid);
	v->hi = d[k - 1 - (size_t)c] / fabs(mid);
out:
	free(a);
	free(b);
	free(d);
	return ret;
}

/*
 * Are there runs enough on both sides for the rank test of the runs at
 * @level?  Then it judges every metric: the runs are the samples, and
 * what differs from run to run is in the interval.
 */
static bool by_runs(const struct latt_vcfg *base, const struct latt_vcfg *x,
		    double level)
{
	return base->nruns >= 2 && x->nruns >= 2 &&
	       rank_critical(base->nruns, x->nruns, (1 - level) / 2) >= 0;
}

/* Why metric @m of @base against @x has no verdict; "" when it may. */
static void why_not(const struct latt_metric *m, size_t idx,
		    const struct latt_vcfg *base, const struct latt_vcfg *x,
		    char *why, size_t len)
{
	const struct latt_value *a = &base->agg->val[idx];
	const struct latt_value *b = &x->agg->val[idx];
	char few[64];

	why[0] = '\0';
	if (m->better == LATT_BETTER_NONE)
		snprintf(why, len, "a count: neither better nor worse");
	else if (!base->nruns || !x->nruns)
		snprintf(why, len, "%s", !base->nruns ? "the baseline has no "
			 "run" : "no run");
	else if (isnan(a->v) || isnan(b->v))
		snprintf(why, len, "no value %s", isnan(a->v) ?
			 "in the baseline" : "here");
	else if (of_distribution(m) && (a->few || b->few))
		snprintf(why, len, "too few samples %s",
			 latt_metric_few(m, few, sizeof(few)));
	else if (of_distribution(m) &&
		 (fewest(base) < FEW_SAMPLES || fewest(x) < FEW_SAMPLES))
		snprintf(why, len, "too few samples (a run of %llu; %d needed)",
			 (unsigned long long)(fewest(base) < fewest(x) ?
					      fewest(base) : fewest(x)),
			 FEW_SAMPLES);
	else if (of_distribution(m) && (!have_units(base) || !have_units(x)))
		snprintf(why, len, "no histogram kept");
	else if (m->kind == LATT_MK_PCT && !by_runs(base, x, 0.95) &&
		 (double)(fewest(base) < fewest(x) ? fewest(base) :
			  fewest(x)) * (1 - m->pct / 100) < TAIL_MIN)
		snprintf(why, len, "too few samples beyond %s for an interval "
			 "(a run needs %.0f)", m->name,
			 ceil(TAIL_MIN / (1 - m->pct / 100) - 1e-6));
	else if (of_distribution(m) && !(a->v > 0))
		snprintf(why, len, "the baseline's value is 0");
	else if (!of_distribution(m) && (base->nruns < 2 || x->nruns < 2))
		snprintf(why, len, "%zu run%s: one %s a run; needs %zu runs "
			 "each (-r %zu)", base->nruns < x->nruns ?
			 base->nruns : x->nruns, base->nruns == x->nruns ?
			 " each" : "", m->name,
			 runs_needed(LATT_VERDICT_CONFIDENCE),
			 runs_needed(LATT_VERDICT_CONFIDENCE));
}

/* Interval to verdict, by the metric's direction. */
static void judge(const struct latt_metric *m, struct latt_verdict *v)
{
	bool higher = v->lo > 0, lower = v->hi < 0;

	if (!higher && !lower)
		v->kind = LATT_V_UNSURE;
	else if (higher == (m->better == LATT_BETTER_HIGHER))
		v->kind = LATT_V_BETTER;
	else
		v->kind = LATT_V_WORSE;
}

/*
 * The bootstrap's ratios of every metric @idx[0..nidx) of the
 * distribution: @ratio[j * nb ..] sorted, @nr[j] of them (too few, and
 * out[idx[j]] says why).
 */
static int bootstrap(const struct latt_metric_list *ml, const size_t *idx,
		     size_t nidx, const struct latt_vcfg *base,
		     const struct latt_vcfg *x, size_t nb, double *ratio,
		     size_t *nr, struct latt_verdict *out)
{
	uint64_t rs = 0x72756e7275736421ULL;
	double run_sd, *ra, *rx;
	size_t j, b, n;
	int ret;

	ra = calloc(nidx * nb, sizeof(*ra));
	rx = calloc(nidx * nb, sizeof(*rx));
	if (!ra || !rx) {
		ret = -ENOMEM;
		goto out;
	}
	/*
	 * A side of one run: the run-to-run factor, which its blocks
	 * cannot show, as measured (LATT_VERDICT_RUN_SD), drawn into each
	 * replicate's ratio.
	 */
	run_sd = sqrt((base->nruns == 1 ? 1.0 : 0.0) +
		      (x->nruns == 1 ? 1.0 : 0.0)) * LATT_VERDICT_RUN_SD;
	ret = replicate(ml, idx, nidx, base, nb, 0x6c61747462617365ULL, ra);
	if (!ret)
		ret = replicate(ml, idx, nidx, x, nb, 0x6c61747474686174ULL,
				rx);
	if (ret)
		goto out;
	for (j = 0; j < nidx; j++) {
		double *r = &ratio[j * nb];

		for (b = 0, n = 0; b < nb; b++) {
			double p = ra[j * nb + b], q = rx[j * nb + b];

			if (isnan(p) || isnan(q) || !(p > 0))
				continue;
			r[n] = q / p;
			/* What one run cannot show: its run's own factor. */
			if (run_sd > 0)
				r[n] *= exp(run_sd * normal(&rs));
			n++;
		}
		nr[j] = n;
		if (n < nb / 2) {
			snprintf(out[idx[j]].why, sizeof(out[idx[j]].why),
				 "too few samples to draw again");
			nr[j] = 0;
			continue;
		}
		qsort(r, n, sizeof(*r), cmp_double);
	}
out:
	free(ra);
	free(rx);
	return ret;
}

/* Metric @mt of the bootstrap, from its sorted ratios @r[0..n), at @level. */
static void by_bootstrap(const struct latt_metric *mt,
			 const struct latt_value *a, const struct latt_value *c,
			 const double *r, size_t n, double level,
			 struct latt_verdict *v)
{
	v->method = LATT_VM_BOOTSTRAP;
	v->level = level;
	v->change = c->v / a->v - 1;
	interval(r, n, level, v);
	/* The interval holds the change it is of. */
	if (v->lo > v->change)
		v->lo = v->change;
	if (v->hi < v->change)
		v->hi = v->change;
	judge(mt, v);
}

int latt_verdicts(const struct latt_metric_list *ml,
		  const struct latt_vcfg *base, const struct latt_vcfg *x,
		  struct latt_verdict *out)
{
	size_t idx[LATT_METRICS_MAX], at[LATT_METRICS_MAX];
	size_t nr[LATT_METRICS_MAX], nidx = 0, k = 0, m, nb = 0, done, found;
	double level, work, *ratio = NULL;
	bool cand[LATT_METRICS_MAX], open[LATT_METRICS_MAX], changed;
	int ret = 0;

	memset(out, 0, ml->n * sizeof(*out));
	for (m = 0; m < ml->n; m++) {
		out[m].kind = LATT_V_NONE;
		out[m].change = out[m].lo = out[m].hi = NAN;
		why_not(&ml->m[m], m, base, x, out[m].why,
			sizeof(out[m].why));
		cand[m] = !out[m].why[0];
	}
	/*
	 * The family: the metrics that may be judged.  One whose method
	 * cannot judge it at the family's first level (a rank test of too
	 * few runs, a percentile of too few samples) leaves it, which
	 * raises the level of the rest's; until none leaves.
	 */
	do {
		changed = false;
		for (m = 0, k = 0; m < ml->n; m++)
			k += cand[m];
		level = 1 - (1 - LATT_VERDICT_CONFIDENCE) / (k ? k : 1);
		for (m = 0; m < ml->n; m++) {
			const struct latt_metric *mt = &ml->m[m];

			if (!cand[m])
				continue;
			out[m].why[0] = '\0';
			out[m].method = LATT_VM_NONE;
			if (by_runs(base, x, level))
				ret = by_rank(base, x, m, level, &out[m]);
			else if (!of_distribution(mt))
				ret = by_rank(base, x, m, level, &out[m]);
			else
				continue;
			if (ret)
				return ret;
			if (out[m].why[0]) {
				cand[m] = false;
				changed = true;
			}
		}
	} while (changed);
	for (m = 0; m < ml->n; m++)
		if (cand[m] && out[m].method == LATT_VM_NONE) {
			at[m] = nidx;
			idx[nidx++] = m;
		}

	/* The bootstrap, of every metric of the distribution at once. */
	if (nidx) {
		work = draws(base) + draws(x);
		nb = LATT_VERDICT_REPLICATES;
		if (work * (double)nb > DRAWS_MAX)
			nb = (size_t)(DRAWS_MAX / work);
		if (nb < 400)
			nb = 400;
		ratio = calloc(nidx * nb, sizeof(*ratio));
		if (!ratio)
			return -ENOMEM;
		ret = bootstrap(ml, idx, nidx, base, x, nb, ratio, nr, out);
		if (ret)
			goto out;
	}

	/*
	 * Holm's step-down: every metric of the family is judged at
	 * 1 - 0.05 / k; while some are better or worse, the others again at
	 * 1 - 0.05 / (k - those), until a step finds none.  The chance of
	 * any wrong verdict in the row stays within 5%, as with every
	 * metric at 1 - 0.05 / k, and a clear change on some metrics no
	 * longer hides a smaller one on the rest.
	 */
	for (m = 0; m < ml->n; m++)
		open[m] = cand[m] && (out[m].method != LATT_VM_NONE ||
				      nr[at[m]]);
	for (done = 0; done < k; done += found) {
		level = 1 - (1 - LATT_VERDICT_CONFIDENCE) / (double)(k - done);
		found = 0;
		for (m = 0; m < ml->n; m++) {
			if (!open[m])
				continue;
			if (out[m].method != LATT_VM_RANK) {
				by_bootstrap(&ml->m[m], &base->agg->val[m],
					     &x->agg->val[m],
					     &ratio[at[m] * nb], nr[at[m]],
					     level, &out[m]);
			} else {
				ret = by_rank(base, x, m, level, &out[m]);
				if (ret)
					goto out;
				judge(&ml->m[m], &out[m]);
			}
			if (out[m].kind == LATT_V_BETTER ||
			    out[m].kind == LATT_V_WORSE) {
				open[m] = false;
				found++;
			}
		}
		if (!found)
			break;
	}
out:
	free(ratio);
	return ret;
}

int latt_vcfg_results(const struct latt_metric_list *ml, const char *name,
		      const struct latt_result *results, size_t n,
		      const struct latt_agg_cfg *agg, struct latt_vcfg *out)
{
	struct latt_run_view view;
	size_t i, j, k, nunits = 0, nrun = 0, nb = 0, nsparse = 0;

	memset(out, 0, sizeof(*out));
	out->agg = agg;
	for (i = 0; i < n; i++) {
		const struct latt_result *r = &results[i];

		if (strcmp(r->cfg.name, name))
			continue;
		nrun++;
		if (r->blocks.nsparse > 1)
			nunits += r->blocks.nsparse;
		else
			nunits++, nsparse++;
	}
	out->own_agg = calloc(nrun + 1, sizeof(*out->own_agg));
	out->runs = calloc(nrun + 1, sizeof(*out->runs));
	out->own_units = calloc(nunits + 1, sizeof(*out->own_units));
	out->own_buckets = calloc(nsparse + 1, sizeof(*out->own_buckets));
	if (!out->own_agg || !out->runs || !out->own_units ||
	    !out->own_buckets)
		return -ENOMEM;
	for (i = 0, k = 0, nunits = 0; i < n; i++) {
		const struct latt_result *r = &results[i];
		struct latt_vrun *vr;

		if (strcmp(r->cfg.name, name))
			continue;
		latt_agg_view(r, &view);
		latt_agg_run(ml, &view, &out->own_agg[k]);
		if (!latt_agg_counts(&out->own_agg[k], agg)) {
			k++;
			continue;
		}
		vr = &out->runs[out->nruns++];
		vr->agg = &out->own_agg[k++];
		vr->units = &out->own_units[nunits];
		if (r->blocks.nsparse > 1) {
			for (j = 0; j < r->blocks.nsparse; j++) {
				out->own_units[nunits].b = (const uint64_t (*)
					[2])r->blocks.b[j];
				out->own_units[nunits++].n = r->blocks.nb[j];
			}
			vr->nunits = r->blocks.nsparse;
		} else {
			uint64_t (**sb)[2] = &out->own_buckets[nb++];
			size_t s;

			if (latt_hist_sparse(&r->wake.hist, 0, UINT64_MAX, sb,
					     &s))
				return -ENOMEM;
			out->own_units[nunits].b = (const uint64_t (*)[2])*sb;
			out->own_units[nunits++].n = s;
			out->nown = nb;
			vr->nunits = 1;
		}
	}
	return 0;
}

void latt_vcfg_free(struct latt_vcfg *c)
{
	size_t i;

	for (i = 0; c->own_buckets && i < c->nown; i++)
		free(c->own_buckets[i]);
	free(c->own_agg);
	free(c->runs);
	free(c->own_units);
	free(c->own_buckets);
	memset(c, 0, sizeof(*c));
}

int latt_verdict_results(const struct latt_metric_list *ml,
			 const struct latt_agg_cfg *aggs, size_t ncfgs,
			 const struct latt_result *results, size_t n,
			 struct latt_verdict (*out)[LATT_METRICS_MAX])
{
	struct latt_vcfg base, x;
	size_t i, m;
	int ret;

	for (m = 0; m < LATT_METRICS_MAX; m++) {
		memset(&out[0][m], 0, sizeof(out[0][m]));
		out[0][m].kind = LATT_V_NONE;
		out[0][m].change = out[0][m].lo = out[0][m].hi = NAN;
	}
	if (ncfgs < 2)
		return 0;
	ret = latt_vcfg_results(ml, aggs[0].name, results, n, &aggs[0], &base);
	for (i = 1; !ret && i < ncfgs; i++) {
		ret = latt_vcfg_results(ml, aggs[i].name, results, n, &aggs[i],
					&x);
		if (!ret)
			ret = latt_verdicts(ml, &base, &x, out[i]);
		latt_vcfg_free(&x);
	}
	latt_vcfg_free(&base);
	return ret;
}

int latt_fail_if_parse(const char *arg, struct latt_fail_if *f, char *err,
		       size_t len)
{
	char buf[512], *tok, *save;

	if (!strcmp(arg, "incomparable")) {
		f->incomparable = true;
		return 0;
	}
	if (!strcmp(arg, "worse")) {
		f->worse = true;
		return 0;
	}
	if (strncmp(arg, "worse=", 6) || !arg[6] ||
	    strlen(arg) >= sizeof(buf)) {
		snprintf(err, len, "expected worse, worse=METRIC[,METRIC...] "
			 "or incomparable");
		return -EINVAL;
	}
	snprintf(buf, sizeof(buf), "%s", arg + 6);
	for (tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (f->nnames == LATT_METRICS_MAX) {
			snprintf(err, len, "more than %d metrics",
				 LATT_METRICS_MAX);
			return -EINVAL;
		}
		if (strlen(tok) >= sizeof(f->names[0])) {
			snprintf(err, len, "no metric is called that");
			return -EINVAL;
		}
		snprintf(f->names[f->nnames++], sizeof(f->names[0]), "%s",
			 tok);
	}
	if (!f->nnames) {
		snprintf(err, len, "no metric after worse=");
		return -EINVAL;
	}
	return 0;
}

/* The index in @ml of metric @name (as -q names it, any case), or -1. */
static long metric_index(const struct latt_metric_list *ml, const char *name)
{
	struct latt_metric m;
	size_t i;

	for (i = 0; i < ml->n; i++)
		if (!strcmp(ml->m[i].name, name))
			return (long)i;
	if (latt_metric_parse(name, &m))
		return -1;
	for (i = 0; i < ml->n; i++)
		if (!strcmp(ml->m[i].name, m.name))
			return (long)i;
	return -1;
}

int latt_fail_if_mask(const struct latt_fail_if *f,
		      const struct latt_metric_list *ml, bool *ask, char *err,
		      size_t len)
{
	size_t i, m;
	long k;

	for (m = 0; m < ml->n; m++)
		ask[m] = f->worse;
	for (i = 0; i < f->nnames; i++) {
		k = metric_index(ml, f->names[i]);
		if (k < 0) {
			snprintf(err, len, "%s", f->names[i]);
			return -ENOENT;
		}
		ask[k] = true;
	}
	return 0;
}

int latt_fail_if_worse(const struct latt_fail_if *f,
		       const struct latt_metric_list *ml,
		       const char *const *names,
		       const struct latt_verdict (*v)[LATT_METRICS_MAX],
		       size_t n, FILE *say, char *err, size_t len)
{
	bool ask[LATT_METRICS_MAX];
	char text[160];
	size_t i, m;
	int worse = 0;

	if (latt_fail_if_mask(f, ml, ask, err, len))
		return -ENOENT;
	for (i = 1; i < n; i++)
		for (m = 0; m < ml->n; m++) {
			if (!ask[m] || v[i][m].kind != LATT_V_WORSE)
				continue;
			worse = 1;
			if (say)
				fprintf(say, "latt: configuration '%s': %s is "
					"worse than '%s': %s\n",
					names[i], ml->m[m].name, names[0],
					latt_verdict_text(&v[i][m], text,
							  sizeof(text)));
		}
	return worse;
}
