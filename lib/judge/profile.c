// SPDX-License-Identifier: GPL-2.0-only
/*
 * A machine's noise profile, estimated from invocations; see
 * judge/profile.h.
 */
#include <math.h>
#include <string.h>

#include "judge/profile.h"
#include "base/dist.h"
#include "judge/aggregate.h"
#include "judge/verdict-noise.h"

/* Metric @m of @k invocations, into @out. */
static void estimate(size_t m, const struct latt_vrun *const *runs,
		     const size_t *n, size_t k, struct latt_noise *out)
{
	double ss = 0, noise = 0, df = 0, sum = 0, sq = 0, inv_n = 0;
	double mean, part, within;
	size_t i, j, nruns = 0;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < k; i++) {
		mean = 0;
		for (j = 0; j < n[i]; j++) {
			if (isnan(runs[i][j].y[m]))
				return;
			mean += runs[i][j].y[m];
			if (!isnan(runs[i][j].noise[m]))
				noise += runs[i][j].noise[m];
		}
		if (!n[i])
			return;
		mean /= (double)n[i];
		for (j = 0; j < n[i]; j++)
			ss += (runs[i][j].y[m] - mean) *
			      (runs[i][j].y[m] - mean);
		df += (double)(n[i] - 1);
		nruns += n[i];
		inv_n += 1 / (double)n[i];
		sum += mean;
		sq += mean * mean;
	}
	if (k < 2 || df < 1)
		return;
	within = ss / df;
	out->known = true;
	out->within = within;
	out->noise = noise / (double)nruns;
	out->run = fmax(within - out->noise, 0);
	out->run_df = df;
	out->between = fmax(sq - sum * sum / (double)k, 0) / (double)(k - 1);
	out->between_df = (double)(k - 1);
	out->runs_h = (double)k / inv_n;
	/* What the runs put into an invocation's mean: within / n. */
	part = within / out->runs_h;
	out->inv = fmax(out->between - part, 0);
	/*
	 * The degrees of freedom of that difference (Satterthwaite); with
	 * an estimate of zero, those of the invocations' means alone.
	 */
	out->inv_df = out->inv > 0 ?
		      out->inv * out->inv /
		      (out->between * out->between / out->between_df +
		       part * part / df) : out->between_df;
}

/* Metrics @a and @b of @k invocations, both known: their covariances. */
static void covary(size_t a, size_t b, const struct latt_vrun *const *runs,
		   const size_t *n, size_t k, struct latt_profile *p)
{
	double w = 0, ma, mb, sa = 0, sb = 0, sab = 0;
	size_t i, j;

	for (i = 0; i < k; i++) {
		ma = mb = 0;
		for (j = 0; j < n[i]; j++) {
			ma += runs[i][j].y[a];
			mb += runs[i][j].y[b];
		}
		ma /= (double)n[i];
		mb /= (double)n[i];
		for (j = 0; j < n[i]; j++)
			w += (runs[i][j].y[a] - ma) * (runs[i][j].y[b] - mb);
		sa += ma;
		sb += mb;
		sab += ma * mb;
	}
	p->within_cov[a][b] = p->within_cov[b][a] = w / p->m[a].run_df;
	p->between_cov[a][b] = p->between_cov[b][a] =
		(sab - sa * sb / (double)k) / (double)(k - 1);
}

void latt_profile_estimate(const struct latt_metric_list *ml,
			   const struct latt_vrun *const *runs,
			   const size_t *n, size_t k, struct latt_profile *p)
{
	size_t m, i;

	memset(p, 0, sizeof(*p));
	p->invocations = k;
	for (i = 0; i < k; i++)
		p->runs += n[i];
	for (m = 0; m < ml->n; m++)
		estimate(m, runs, n, k, &p->m[m]);
	for (m = 0; m < ml->n; m++)
		for (i = 0; i <= m; i++)
			if (p->m[m].known && p->m[i].known)
				covary(m, i, runs, n, k, p);
}

size_t latt_profile_body(const struct latt_profile *p,
			 const struct latt_metric_list *ml)
{
	size_t body = latt_metrics_find(ml, "p50");

	return body < ml->n && p->m[body].known ? body : ml->n;
}

double latt_profile_smallest(const struct latt_noise *pn, size_t k, size_t r,
			     size_t judged, double level)
{
	double var, df, alpha;

	if (!pn->known || !k || !r || !judged)
		return NAN;
	var = 2 * (pn->inv / (double)k +
		   (pn->run + pn->noise) / (double)(k * r));
	df = pn->between_df + 2 * (double)(k - 1);
	alpha = (1 - level) / (double)judged;
	/* Found when d - q sqrt(var) > 0, four times in five. */
	return expm1((latt_t_upper(alpha / 2, df) + latt_normal_upper(0.2)) *
		     sqrt(var));
}
