// SPDX-License-Identifier: GPL-2.0-only
/*
 * A run's noise: its samples drawn again; see lib/judge/verdict-noise.h.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "judge/verdict-noise.h"
#include "judge/aggregate.h"
#include "measure/hist.h"
#include "run/result.h"

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

bool latt_of_distribution(const struct latt_metric *m)
{
	return m->kind == LATT_MK_AVG || m->kind == LATT_MK_STDEV ||
	       (m->kind == LATT_MK_PCT && m->pct < 100);
}

/* The midpoint of bucket @idx: the value a draw gives its samples. */
static double mid(unsigned int idx)
{
	return (double)latt_hist_bucket_low(idx) +
	       (double)(latt_hist_bucket_width(idx) / 2);
}

/* A run's samples drawn again: counts by bucket index. */
struct draw {
	uint64_t *count;
	unsigned int lo, hi;		/* the indices touched */
	double *mid;			/* each bucket's mid(), once */
};

/* Unit @u into @d: as it is, or @again each count a Poisson draw. */
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
 * Run @r drawn again: its units (blocks of time, in order) in stretches
 * of @len consecutive ones from random places, wrapping round at the
 * end, until there are as many as it has (a circular moving-block
 * bootstrap: what lasts longer than a block stays together as far as
 * @len); a run of one unit, its samples, bucket by bucket.
 */
static void draw_run(struct draw *d, const struct latt_vrun *r, size_t len,
		     uint64_t *s)
{
	size_t i, at = 0;

	if (d->lo <= d->hi)
		memset(d->count + d->lo, 0,
		       (d->hi - d->lo + 1) * sizeof(*d->count));
	d->lo = LATT_HIST_BUCKETS;
	d->hi = 0;
	if (r->nunits == 1) {
		draw_unit(d, &r->units[0], true, s);
		return;
	}
	for (i = 0; i < r->nunits; i++, at++) {
		if (i % len == 0)
			at = below(s, r->nunits);
		draw_unit(d, &r->units[at % r->nunits], false, s);
	}
}

/* The log of the median of unit @u's samples (0: none). */
static double unit_median(const struct latt_vunit *u)
{
	uint64_t n = 0, seen = 0;
	size_t i;

	for (i = 0; i < u->n; i++)
		n += u->b[i][1];
	for (i = 0; i < u->n; i++) {
		seen += u->b[i][1];
		if (2 * seen >= n)
			return log(mid(latt_hist_index(u->b[i][0])));
	}
	return 0;
}

/*
 * How many consecutive units of run @r to draw together: none but
 * one where its blocks' levels (their medians) are not correlated from
 * one to the next; where they are, by a correlation rho of each with
 * the next (an autoregression of order one), (3/2)^(1/3) (2 rho / (1 -
 * rho^2))^(2/3) n^(1/3) of its n units (Politis and White's choice of
 * length for that process), at most half of them.
 */
static size_t stretch(const struct latt_vrun *r)
{
	double m[LATT_BLOCKS_MAX], mean = 0, sq = 0, lag = 0, rho, len;
	size_t n = r->nunits < LATT_BLOCKS_MAX ? r->nunits : LATT_BLOCKS_MAX;
	size_t i;

	if (n < 4)
		return 1;
	for (i = 0; i < n; i++) {
		m[i] = unit_median(&r->units[i]);
		mean += m[i];
	}
	mean /= (double)n;
	for (i = 0; i < n; i++) {
		sq += (m[i] - mean) * (m[i] - mean);
		if (i)
			lag += (m[i] - mean) * (m[i - 1] - mean);
	}
	rho = sq > 0 ? lag / sq : 0;
	if (rho <= 0)
		return 1;
	if (rho > 0.95)
		rho = 0.95;
	len = cbrt(1.5) * pow(2 * rho / (1 - rho * rho), 2.0 / 3) *
	      cbrt((double)n);
	len = floor(len + 0.5);
	return len < 1 ? 1 : len > (double)n / 2 ? n / 2 : (size_t)len;
}

/*
 * Metrics @idx[0..nidx) of @ml (of the distribution) of the drawn run
 * @d, in @f[0..nidx): each sample its bucket's midpoint, a percentile
 * by latt's nearest rank; NaN when it has too few samples.  The
 * percentiles in one pass, each from where the one below it was found
 * (@idx's in any order), the mean and the deviation in two.
 */
static void figures(const struct latt_metric_list *ml, const size_t *idx,
		    size_t nidx, const struct draw *d, double *f)
{
	double n = 0, sum = 0, sq = 0, mean, x;
	uint64_t total = 0, rank, seen, below = 0;
	const struct latt_metric *m;
	unsigned int i, at;
	size_t j, k, p, order[LATT_METRICS_MAX];
	bool moments = false;

	for (j = 0; j < nidx; j++)
		f[j] = NAN;
	if (d->lo > d->hi)
		return;
	for (i = d->lo; i <= d->hi; i++)
		total += d->count[i];
	if (total < 2)
		return;
	/* The percentiles by rank, lowest first. */
	for (j = 0, k = 0; j < nidx; j++) {
		m = &ml->m[idx[j]];
		moments |= m->kind != LATT_MK_PCT;
		if (m->kind != LATT_MK_PCT)
			continue;
		for (p = k++; p && ml->m[idx[order[p - 1]]].pct > m->pct; p--)
			order[p] = order[p - 1];
		order[p] = j;
	}
	at = d->lo;
	for (j = 0; j < k; j++) {
		rank = latt_hist_percentile_rank(total,
						 ml->m[idx[order[j]]].pct);
		/* From the bucket the last one was found in, as it stood. */
		seen = below;
		for (i = at; i <= d->hi; i++) {
			seen += d->count[i];
			if (seen >= rank)
				break;
		}
		if (i > d->hi)
			i = d->hi;
		f[order[j]] = d->mid[i];
		at = i;
		below = seen - d->count[i];
	}
	if (!moments)
		return;
	for (i = d->lo; i <= d->hi; i++) {
		if (!d->count[i])
			continue;
		x = d->mid[i];
		n += (double)d->count[i];
		sum += (double)d->count[i] * x;
	}
	mean = sum / n;
	for (i = d->lo; i <= d->hi; i++)
		if (d->count[i]) {
			x = d->mid[i] - mean;
			sq += (double)d->count[i] * x * x;
		}
	for (j = 0; j < nidx; j++) {
		m = &ml->m[idx[j]];
		if (m->kind == LATT_MK_AVG)
			f[j] = mean;
		else if (m->kind == LATT_MK_STDEV)
			f[j] = sqrt(sq / (n - 1));
	}
}

/* A seed from run @r's own histograms: the same run, the same draws. */
static uint64_t run_seed(const struct latt_vrun *r)
{
	uint64_t h = 0x6c61747464726177ULL;
	size_t i, j;

	for (i = 0; i < r->nunits; i++)
		for (j = 0; j < r->units[i].n; j++) {
			h ^= r->units[i].b[j][0] + 0x9e3779b97f4a7c15ULL *
			     (r->units[i].b[j][1] + 1);
			next(&h);
		}
	return h;
}

/*
 * The index of run @r's tail (Hill's estimate from its largest 1%, at
 * least 10 samples): a tail whose samples beyond x fall as x^-alpha.
 * INFINITY where it has too few samples, or none beyond the threshold.
 * @d is scratch.
 */
static double tail_index(const struct latt_vrun *r, struct draw *d)
{
	uint64_t n = 0, k, got = 0, take;
	double sum = 0, thr = 0;
	unsigned int i;
	size_t u;

	if (d->lo <= d->hi)
		memset(d->count + d->lo, 0,
		       (d->hi - d->lo + 1) * sizeof(*d->count));
	d->lo = LATT_HIST_BUCKETS;
	d->hi = 0;
	for (u = 0; u < r->nunits; u++)
		draw_unit(d, &r->units[u], false, NULL);
	if (d->lo > d->hi)
		return INFINITY;
	for (i = d->lo; i <= d->hi; i++)
		n += d->count[i];
	k = n / 100 > 10 ? n / 100 : 10;
	if (n <= k)
		return INFINITY;
	for (i = d->hi; got <= k; i--) {
		take = d->count[i] < k + 1 - got ? d->count[i] : k + 1 - got;
		if (got + take > k) {
			/* The (k + 1)-th largest: the threshold. */
			thr = log(mid(i));
			sum += (double)(k - got) * thr;
		} else {
			sum += (double)take * log(mid(i));
		}
		got += take;
		if (i == d->lo)
			break;
	}
	sum -= (double)k * thr;
	return sum > 0 ? (double)k / sum : INFINITY;
}

/* Draws of a whole run, at most: about a tenth of a second each. */
#define DRAW_WORK_MAX		20000000.0

/*
 * The noise of run @r's figures of the distribution (the metrics
 * @idx[0..nidx) of @ml): the variance of their logs over its samples
 * drawn again, in r->noise[]; NaN where fewer than half the draws had
 * a value.  @val is scratch of nidx * LATT_VERDICT_DRAWS.
 */
static void run_noise(const struct latt_metric_list *ml, const size_t *idx,
		      size_t nidx, struct latt_vrun *r, struct draw *d,
		      double *val)
{
	size_t nd = LATT_VERDICT_DRAWS, b, j, k, nv[LATT_METRICS_MAX] = { 0 };
	double work = 0, mean, sq, f[LATT_METRICS_MAX];
	uint64_t s = run_seed(r);
	size_t len = stretch(r);

	for (j = 0; j < r->nunits; j++)
		work += (double)r->units[j].n;
	if (work * (double)nd > DRAW_WORK_MAX)
		nd = (size_t)(DRAW_WORK_MAX / work);
	if (nd < 50)
		nd = 50;
	for (b = 0; b < nd; b++) {
		draw_run(d, r, len, &s);
		figures(ml, idx, nidx, d, f);
		for (j = 0; j < nidx; j++)
			if (f[j] > 0)
				val[j * LATT_VERDICT_DRAWS + nv[j]++] =
					log(f[j]);
	}
	for (j = 0; j < nidx; j++) {
		double *v = &val[j * LATT_VERDICT_DRAWS];

		if (nv[j] < nd / 2 || nv[j] < 2) {
			r->noise[idx[j]] = NAN;
			continue;
		}
		for (k = 0, mean = 0; k < nv[j]; k++)
			mean += v[k];
		mean /= (double)nv[j];
		for (k = 0, sq = 0; k < nv[j]; k++)
			sq += (v[k] - mean) * (v[k] - mean);
		r->noise[idx[j]] = sq / (double)(nv[j] - 1);
	}
	r->tail = tail_index(r, d);
	for (j = 0; j < nidx; j++) {
		enum latt_metric_kind kind = ml->m[idx[j]].kind;

		if ((kind == LATT_MK_AVG && r->tail <= LATT_TAIL_AVG) ||
		    (kind == LATT_MK_STDEV && r->tail <= LATT_TAIL_STDEV))
			r->noise[idx[j]] = NAN;
	}
}
int latt_noise_runs(const struct latt_metric_list *ml, struct latt_vrun *runs,
		    size_t n)
{
	struct draw d = { .lo = LATT_HIST_BUCKETS, .hi = 0 };
	size_t idx[LATT_METRICS_MAX], nidx = 0, i, m;
	double *val;

	for (m = 0; m < ml->n; m++)
		if (latt_of_distribution(&ml->m[m]))
			idx[nidx++] = m;
	d.count = calloc(LATT_HIST_BUCKETS, sizeof(*d.count));
	d.mid = calloc(LATT_HIST_BUCKETS, sizeof(*d.mid));
	val = calloc(nidx * LATT_VERDICT_DRAWS + 1, sizeof(*val));
	if (!d.count || !d.mid || !val) {
		free(d.count);
		free(d.mid);
		free(val);
		return -ENOMEM;
	}
	for (i = 0; i < LATT_HIST_BUCKETS; i++)
		d.mid[i] = mid((unsigned int)i);
	for (i = 0; i < n; i++) {
		struct latt_vrun *r = &runs[i];

		for (m = 0; m < LATT_METRICS_MAX; m++)
			r->noise[m] = m < ml->n &&
				      latt_of_distribution(&ml->m[m]) ? NAN : 0;
		r->tail = INFINITY;
		if (r->nunits)
			run_noise(ml, idx, nidx, r, &d, val);
	}
	free(d.count);
	free(d.mid);
	free(val);
	return 0;
}
