// SPDX-License-Identifier: GPL-2.0-only
/*
 * How many more; see judge/plan.h.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "judge/plan.h"
#include "base/dist.h"

/* The normal law's points of power 80% (a change) and 90% (each bound). */
#define POWER_FIND	0.2
#define POWER_SAME	0.1

double latt_plan_var(const struct latt_vparts *p, double more0,
		     double more1)
{
	double v = p->inv, run, more;
	int s;

	for (s = 0; s < 2; s++) {
		more = s ? more1 : more0;
		run = p->run[s];
		if (p->own_runs > 0 && p->n[s] + more >= p->own_runs &&
		    p->seen[s] < run)
			run = p->seen[s];
		v += run / (p->n[s] + more);
	}
	return v;
}

/* The difference's variance with @more runs a side. */
static double var_runs(const struct latt_vparts *p, double more)
{
	return latt_plan_var(p, more, more);
}

/*
 * ... with @more invocations a side, each of a side's runs per
 * invocation, each drawing what its invocation draws (half the
 * difference's).
 */
static double var_boots(const struct latt_vparts *p, double more)
{
	double v = 0;
	int s;

	for (s = 0; s < 2; s++)
		v += (p->run[s] / p->n[s] + p->inv / 2) * p->g[s] /
		     (p->g[s] + more);
	return v;
}

/*
 * The smallest @more in [1, max] for which @ok holds, 0 for none: @ok
 * holds from some point on.
 */
static unsigned int smallest(bool (*ok)(void *, unsigned int), void *arg,
			     unsigned int max)
{
	unsigned int lo = 1, hi = max, mid;

	if (!ok(arg, max))
		return 0;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (ok(arg, mid))
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

struct want {
	const struct latt_vparts *p;
	double bound;		/* the change, in logs */
	double alpha;		/* two-sided, per metric */
	double df;		/* with runs added */
	double z;		/* the power's point */
	double run, inv;	/* --plan: a run's, an invocation's */
	size_t k;		/* --plan: invocations a side ... */
	unsigned int r;		/* ... or their runs each */
	double prior_df;	/* ... and a profile's degrees of freedom */
	double qdf, q;		/* the last quantile taken, of qdf */
};

/* Student's t at w->alpha of @df, the last one kept: a search asks again. */
static double quantile(struct want *w, double df)
{
	if (df != w->qdf) {
		w->qdf = df;
		w->q = latt_t_upper(w->alpha / 2, df);
	}
	return w->q;
}

static bool runs_do(void *arg, unsigned int more)
{
	struct want *w = arg;
	const struct latt_vparts *p = w->p;
	double df = w->df, m = (double)more;
	double q;

	/* Sides that take their runs' own spread: its degrees of freedom. */
	if (p->own_runs > 0 && p->n[0] + m >= p->own_runs &&
	    p->n[1] + m >= p->own_runs)
		df = fmin(df, p->n[0] + p->n[1] + 2 * m - 2);
	q = quantile(w, df);

	return (q + w->z) * sqrt(var_runs(w->p, more)) <= w->bound;
}

static bool boots_do(void *arg, unsigned int more)
{
	struct want *w = arg;
	const struct latt_vparts *p = w->p;
	double df = p->prior_df + p->g[0] + p->g[1] + 2 * (double)more - 2;
	double q = quantile(w, df);

	return (q + w->z) * sqrt(var_boots(p, more)) <= w->bound;
}

void latt_plan_need(const struct latt_vparts *p, double level, double df,
		    double change, double within, struct latt_need *out)
{
	struct want w = { .p = p, .alpha = 1 - level, .df = df };
	double most = fmax(p->n[0], p->n[1]);

	memset(out, 0, sizeof(*out));
	if (!(p->n[0] > 0 && p->n[1] > 0 && p->g[0] > 0 && p->g[1] > 0) ||
	    !isfinite(change) || !(level > 0 && level < 1) || !(df > 0))
		return;
	out->same = within > 0 && fabs(change) < within;
	out->target = out->same ? within : change;
	/* Either bound may be crossed: the nearer, in logs. */
	w.bound = out->same ? fmin(log1p(within), -log1p(-fmin(within, 1))) :
		  fabs(log1p(change));
	w.z = latt_normal_upper(out->same ? POWER_SAME : POWER_FIND);
	if (!(w.bound > 0)) {
		out->beyond = true;
		return;
	}
	out->runs = smallest(runs_do, &w, LATT_PLAN_RUNS_MAX);
	if (!p->apart || (out->runs && out->runs <= most)) {
		out->beyond = !out->runs;
		return;
	}
	out->runs = 0;
	out->by_boots = true;
	out->boots = smallest(boots_do, &w, LATT_PLAN_BOOTS_MAX);
	out->beyond = !out->boots;
}

char *latt_need_text(const struct latt_need *n, char *buf, size_t len)
{
	char to[48];

	if (n->same)
		snprintf(to, sizeof(to), "to be the same within +-%g%%",
			 100 * n->target);
	else
		snprintf(to, sizeof(to), "to find %+.1f%%", 100 * n->target);
	if (n->runs)
		snprintf(buf, len, "needs about %u more run%s a side %s",
			 n->runs, n->runs == 1 ? "" : "s", to);
	else if (n->boots)
		snprintf(buf, len, "needs about %u more invocation%s a side "
			 "%s", n->boots, n->boots == 1 ? " (boot)" :
			 "s (boots)", to);
	else if (n->beyond)
		snprintf(buf, len, "more than %d %s a side %s", n->by_boots ?
			 LATT_PLAN_BOOTS_MAX : LATT_PLAN_RUNS_MAX, n->by_boots ?
			 "invocations" : "runs", to);
	else
		buf[0] = '\0';
	return buf;
}

static bool plan_do(void *arg, unsigned int r)
{
	struct want *w = arg;
	double k = (double)w->k;
	double var = 2 * (w->inv / k + w->run / (k * r));
	double q = quantile(w, w->df);

	return (q + w->z) * sqrt(var) <= w->bound;
}

/*
 * The degrees of freedom of @k invocations a side's variance: their own
 * spread, and the profile's @prior_df; none (INFINITY): a floor, known.
 */
static double plan_df(double prior_df, size_t k)
{
	double df = prior_df + 2 * ((double)k - 1);

	return df > 0 ? df : INFINITY;
}

unsigned int latt_plan_runs(double run, double inv, size_t k, double level,
			    double prior_df, double pct)
{
	struct want w = {
		.alpha = 1 - level, .run = run, .inv = inv, .k = k,
		.z = latt_normal_upper(POWER_FIND), .bound = log1p(pct),
	};

	if (!k || !(pct > 0) || !(run >= 0) || !(inv >= 0) ||
	    !(level > 0 && level < 1))
		return 0;
	w.df = plan_df(prior_df, k);
	return smallest(plan_do, &w, LATT_PLAN_RUNS_MAX);
}

static bool boots_plan_do(void *arg, unsigned int k)
{
	struct want *w = arg;

	w->k = k;
	w->df = plan_df(w->prior_df, k);
	return plan_do(w, w->r);
}

unsigned int latt_plan_boots(double run, double inv, unsigned int r,
			     double level, double prior_df, double pct)
{
	struct want w = {
		.alpha = 1 - level, .run = run, .inv = inv, .r = r,
		.prior_df = prior_df, .z = latt_normal_upper(POWER_FIND),
		.bound = log1p(pct),
	};

	if (!r || !(pct > 0) || !(run >= 0) || !(inv >= 0) ||
	    !(level > 0 && level < 1))
		return 0;
	return smallest(boots_plan_do, &w, LATT_PLAN_BOOTS_MAX);
}

/*
 * A sweep: sides of @r runs of one invocation, their variance @var of
 * @df degrees of freedom (INFINITY: a floor, taken as known).
 */
static bool sweep_do(const struct want *w, double r, double var, double df)
{
	return (latt_t_upper(w->alpha / 2, df) + w->z) * sqrt(2 * var / r) <=
	       w->bound;
}

static bool sweep_own_do(void *arg, unsigned int r)
{
	struct want *w = arg;

	return r > 1 && sweep_do(w, r, w->run, 2 * (double)r - 2);
}

unsigned int latt_plan_sweep_runs(double own, double floor, double own_runs,
				  double level, double pct)
{
	struct want w = {
		.alpha = 1 - level, .run = own,
		.z = latt_normal_upper(POWER_FIND), .bound = log1p(pct),
	};
	unsigned int r, from = own_runs >= 2 ? (unsigned int)own_runs : 2;
	bool shown;

	if (!(pct > 0) || !(own >= 0) || !(floor >= 0) ||
	    !(level > 0 && level < 1))
		return 0;
	/*
	 * Below own_runs a side takes the floor, or its runs' own spread
	 * where they show more (one run shows none).
	 */
	for (r = 1; r < from; r++) {
		shown = r > 1 && own > floor;
		if (sweep_do(&w, r, shown ? own : floor,
			     shown ? 2 * (double)r - 2 : INFINITY))
			return r;
	}
	/*
	 * From own_runs, their own, with their degrees of freedom: more
	 * runs never need more (the search's ground).
	 */
	return sweep_own_do(&w, from) ? from :
	       smallest(sweep_own_do, &w, LATT_PLAN_RUNS_MAX);
}
