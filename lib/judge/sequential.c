// SPDX-License-Identifier: GPL-2.0-only
/*
 * -r auto's looks and the level each spends; see judge/sequential.h.
 */
#include <math.h>

#include "judge/sequential.h"
#include "base/dist.h"
#include "judge/plan.h"

/* The look after one at @n runs, before the budget. */
static unsigned int next(unsigned int n)
{
	return n + (n + 1) / 2;
}

/*
 * A look of the schedule is one before the budget when the next of the
 * schedule would be too (12 of 20, not 18: the budget's own look, the
 * largest, would be left little).
 */
bool latt_seq_look(unsigned int n, unsigned int max)
{
	unsigned int k;

	if (n >= max)
		return n == max;
	for (k = LATT_SEQ_FIRST; k < n && next(k) <= max; k = next(k))
		;
	return k == n && next(k) <= max;
}

unsigned int latt_seq_prev(unsigned int n, unsigned int max)
{
	unsigned int k, prev = 0;

	for (k = LATT_SEQ_FIRST; k < n && next(k) <= max; k = next(k))
		prev = k;
	return prev;
}

double latt_seq_level(double level, unsigned int prev, unsigned int n,
		      unsigned int max)
{
	return latt_seq_level_at(level, (double)prev / max, (double)n / max);
}

double latt_seq_level_at(double level, double t0, double t)
{
	double part = (1 - level) * (t * t - t0 * t0);

	/* Cut, not rounded: the parts never add up to more than 1 - level. */
	return 1 - floor(part * 1e4) / 1e4;
}

/* P(Z < @x) for a standard normal Z. */
static double phi(double x)
{
	return 0.5 * erfc(-x / sqrt(2));
}

bool latt_seq_futile(const struct latt_verdict *v, unsigned int n,
		     unsigned int max, bool both, double level,
		     double within)
{
	double var_n, var_max, w, sd, d, q, row, at, metrics, cp, b, df;
	unsigned int more = max > n ? max - n : 0;

	/* No verdict that more runs like these would give: for good. */
	if (v->kind == LATT_V_NONE && v->lasting && more)
		return true;
	if (v->kind != LATT_V_UNSURE || !more || !(v->se > 0) ||
	    !(v->level < 1) || !(v->row_level < 1))
		return false;
	var_n = v->se * v->se;
	var_max = latt_plan_var(&v->parts, both ? more : 0, more);
	if (!(var_max > 0) || !(var_max <= var_n))
		return false;
	w = var_max / var_n;
	/* Runs that would still narrow it much: they go on. */
	if (w < LATT_SEQ_NARROW)
		return false;
	/* The budget's difference about this one, were this the change. */
	sd = sqrt(var_max * (1 - w));
	d = fabs(log1p(v->change));
	/* Its level: the budget's row level, over as many metrics. */
	row = latt_seq_level(level, latt_seq_prev(max, max), max, max);
	metrics = log(v->row_level) / log(v->level);
	at = pow(row, 1 / metrics);
	df = v->df;
	if (!v->parts.apart && v->parts.own_runs > 0 &&
	    v->parts.n[1] + more >= v->parts.own_runs)
		df = fmax(df, v->parts.n[0] + v->parts.n[1] + 2 * more - 2);
	q = latt_t_upper((1 - at) / 2, df) * sqrt(var_max);
	cp = sd > 0 ? phi((d - q) / sd) : d > q;
	/* The same within it: the two one-sided tests' interval inside. */
	if (within > 0) {
		b = fmin(log1p(within), -log1p(-fmin(within, 0.999))) -
		    latt_t_upper(1 - row, df) * sqrt(var_max);
		if (b > 0)
			cp = fmax(cp, sd > 0 ? phi((b - d) / sd) -
				  phi((-b - d) / sd) : d < b);
	}
	return cp < LATT_SEQ_FUTILE;
}

bool latt_seq_decides(const struct latt_verdict *v)
{
	return v->kind == LATT_V_BETTER || v->kind == LATT_V_WORSE ||
	       v->kind == LATT_V_SAME;
}

bool latt_seq_decided(const bool *ask, size_t nmetrics,
		      const struct latt_verdict (*v)[LATT_METRICS_MAX],
		      size_t first, size_t last, unsigned int n,
		      unsigned int max, bool both, double level,
		      double within, bool *futile)
{
	bool done = true;
	size_t i, m;

	*futile = true;
	for (i = first; i < last; i++)
		for (m = 0; m < nmetrics; m++) {
			if (!ask[m] || latt_seq_decides(&v[i][m]))
				continue;
			done = false;
			*futile &= latt_seq_futile(&v[i][m], n, max, both,
						   level, within);
		}
	*futile &= !done;
	return done;
}
