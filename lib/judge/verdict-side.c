// SPDX-License-Identifier: GPL-2.0-only
/*
 * One side of a verdict; see judge/verdict-side.h.
 */
#include <math.h>
#include <string.h>

#include "judge/verdict-side.h"
#include "base/dist.h"
#include "judge/profile.h"
#include "judge/verdict-noise.h"

/*
 * The mean of runs[0..n)'s logs of metric @m, their variance about it
 * (0 with one run), and their samples' noise, a run's mean (@fill where
 * a run's draws did not show it); false when some run's is unknown.
 */
static bool runs_of(const struct latt_vrun *runs, size_t n, size_t m,
		    double fill, double *mean, double *var, double *noise)
{
	double sum = 0, sq = 0, nz = 0;
	bool known = true;
	size_t i;

	for (i = 0; i < n; i++) {
		sum += runs[i].y[m];
		if (isnan(runs[i].noise[m])) {
			known = false;
			nz += fill;
		} else {
			nz += runs[i].noise[m];
		}
	}
	*mean = sum / (double)n;
	for (i = 0; i < n; i++)
		sq += (runs[i].y[m] - *mean) * (runs[i].y[m] - *mean);
	*var = n > 1 ? sq / (double)(n - 1) : 0;
	*noise = nz / (double)n;
	return known;
}

/*
 * A run's variance is the larger of the floor (@run_sd squared, and its
 * samples' noise) and the runs' own; where the samples do not show
 * their noise, the runs' own, at the least the floor's first part, and
 * then with their degrees of freedom.  Sides of one invocation of
 * LATT_VSIDE_OWN_RUNS runs or more: the runs' own, with their degrees
 * of freedom, however small.
 */
void latt_vside_floors(const struct latt_vrun *runs, size_t n, size_t m,
		       double run_sd, bool apart, double share, double inv_sd,
		       struct latt_vside *s)
{
	double var, own, noise, floor, moment;
	bool known;

	memset(s, 0, sizeof(*s));
	s->n = n;
	s->groups = 1;
	known = runs_of(runs, n, m, 0, &s->mean, &own, &noise);
	floor = run_sd * run_sd + noise;
	s->shown = n > 1 && (!known || own > floor ||
			     (!apart && n >= LATT_VSIDE_OWN_RUNS));
	var = s->shown && (own > floor || (!apart && known &&
					   n >= LATT_VSIDE_OWN_RUNS)) ?
	      own : floor;
	s->run_var = var;
	s->seen = n > 1 && known ? own : NAN;
	s->term = var / (double)n;
	/*
	 * What each invocation drew: a share of its runs' moment, at the
	 * least the invocation's floor.
	 */
	if (apart) {
		moment = fmax(var - noise, run_sd * run_sd);
		s->term += fmax(share * moment, inv_sd * inv_sd);
	}
	/*
	 * The runs showed their own variance: the side's term, its
	 * invocation's share with it, is an estimate of n - 1 degrees of
	 * freedom.
	 */
	if (s->shown) {
		s->own = s->term;
		s->own_df = (double)(n - 1);
	}
}

/*
 * Whether a variance @own of @d1 degrees of freedom is above @v of @d2
 * by more than chance at LATT_VSIDE_SPREAD_LEVEL (Fisher's F of the two;
 * @d2 unknown or infinite taken as a million).
 */
static bool spread_more(double own, double d1, double v, double d2)
{
	if (!(own > v) || d1 < 1)
		return false;
	if (!(d2 >= 1) || !isfinite(d2))
		d2 = 1e6;
	return latt_f_tail(own / v, d1, d2) < LATT_VSIDE_SPREAD_LEVEL;
}

/*
 * What a run of @noise varies by, as profile @pn allows: its runs' part
 * plus that noise, and never less than the profile's runs varied about
 * their invocations' means.  A run's noise drawn again is itself rough
 * (a median whose samples crowd one bucket barely moves), and where the
 * profile's runs' noise came out above their whole spread, its part of
 * the runs is 0: held to the noise alone, a side would spread "more"
 * by tens of times and scale its invocation's part as much.
 */
static double allowed(const struct latt_noise *pn, double noise)
{
	return fmax(pn->run + noise, pn->within);
}

/*
 * Of runs[0..n)'s logs of metric @m by invocation: into *@ss the sum of
 * squares of the runs about their invocation's mean, into *@sum and
 * *@sq the sum of the invocations' means and of their squares, and into
 * *@nh the sum of 1 / an invocation's runs; the number of invocations
 * returned.
 */
static size_t by_invocation(const struct latt_vrun *runs, size_t n, size_t m,
			    double *ss, double *sum, double *sq, double *nh)
{
	size_t g = latt_vside_groups(runs, n), k, i, ng;
	double gs, mean;

	*ss = *sum = *sq = *nh = 0;
	for (k = 0; k < g; k++) {
		for (i = 0, ng = 0, gs = 0; i < n; i++)
			if (runs[i].inv == k) {
				gs += runs[i].y[m];
				ng++;
			}
		if (!ng)
			continue;
		mean = gs / (double)ng;
		for (i = 0; i < n; i++)
			if (runs[i].inv == k)
				*ss += (runs[i].y[m] - mean) *
				       (runs[i].y[m] - mean);
		*sum += mean;
		*sq += mean * mean;
		*nh += 1 / (double)ng;
	}
	return g;
}

/*
 * How much more runs of variance @var (within their invocations, of @df
 * degrees of freedom) and samples' noise @noise spread than profile @pn
 * allows: latt_vside_ratio()'s.
 */
static double ratio_of(const struct latt_noise *pn, double var, double df,
		       double noise)
{
	return spread_more(var, df, allowed(pn, noise), pn->run_df) ?
	       var / allowed(pn, noise) : 1;
}

double latt_vside_ratio(const struct latt_vrun *runs, size_t n, size_t m,
			const struct latt_noise *pn)
{
	double ss, sum, sq, nh, mean, var, noise;
	size_t g = by_invocation(runs, n, m, &ss, &sum, &sq, &nh);

	runs_of(runs, n, m, pn->noise, &mean, &var, &noise);
	return n > g ? ratio_of(pn, ss / (double)(n - g), (double)(n - g),
				noise) : 1;
}

/*
 * Side @s of @fn runs, as many as the profile's invocations had or more:
 * does it take the variance of the profile's invocations' means alone
 * (true, into s->term)?  Their spread bounds its mean's from above, of
 * their K - 1 degrees of freedom; less what their runs put into them
 * beyond this side's (s->term as it is), it is the truth's, of fewer
 * (Satterthwaite's).  The one whose interval at 99% is narrower: both
 * are of the profile alone, which the sides do not move.
 */
static bool bound(const struct latt_noise *pn, struct latt_vside *s,
		  double noise, double fn)
{
	double b = fmax(s->run_var / fn, s->prof_between +
			(noise - pn->noise) / fn);
	double df = s->term * s->term /
		    (s->prof_between * s->prof_between / pn->between_df +
		     s->prof_within * s->prof_within / pn->run_df);

	if (!(s->term > s->run_var / fn) ||
	    latt_t_upper(0.005, pn->between_df) * sqrt(b) <=
	    latt_t_upper(0.005, df) * sqrt(s->term)) {
		s->term = b;
		return true;
	}
	return false;
}

/*
 * A run's variance is the profile's plus this side's samples' noise, or
 * the runs' own where they show more than allowed(); the side's mean
 * varies by that over its runs plus what an invocation draws: the
 * variance of the profile's invocations' means less what their runs put
 * into them, scaled by @ratio (NAN: as much as this metric's runs
 * spread more).
 */
void latt_vside_profiled(const struct latt_vrun *runs, size_t n, size_t m,
			 const struct latt_noise *pn, double ratio,
			 struct latt_vside *s)
{
	double own, noise, v, scale, cw = 0, fn = (double)n;

	memset(s, 0, sizeof(*s));
	s->n = n;
	s->groups = 1;
	runs_of(runs, n, m, pn->noise, &s->mean, &own, &noise);
	v = pn->run + noise;
	scale = ratio_of(pn, own, fn - 1, noise);
	if (scale > 1) {
		/* The runs spread more than the profile allows. */
		v = own;
		s->own = own / fn;
		s->own_df = fn - 1;
		s->shown = s->more = true;
	} else {
		cw = 1 / fn;
	}
	if (!isnan(ratio))
		scale = ratio;
	s->scaled = scale > 1;
	s->run_var = v;
	s->seen = NAN;
	s->prof_between = scale * pn->between;
	s->prof_within = (cw - scale / pn->runs_h) * pn->within;
	s->term = fmax(v / fn, s->own + s->prof_within + s->prof_between +
		       (s->shown ? 0 : (noise - pn->noise) / fn));
	if (fn >= pn->runs_h && !s->shown && bound(pn, s, noise, fn))
		s->prof_within = 0;
}

size_t latt_vside_groups(const struct latt_vrun *runs, size_t n)
{
	size_t i, g = 0;

	for (i = 0; i < n; i++)
		if (runs[i].inv + 1 > g)
			g = runs[i].inv + 1;
	return g;
}

/*
 * The invocations' means vary as they show (G - 1 degrees of freedom);
 * with a profile, pooled with what it says an invocation's mean of
 * these runs varies by (the profile's invocations' means, with their
 * runs' part made this side's), weighed by their degrees of freedom.
 */
void latt_vside_grouped(const struct latt_vrun *runs, size_t n, size_t m,
			const struct latt_noise *pn, double ratio,
			struct latt_vside *s)
{
	double sum, sq, ss, mean, var, noise, nh, prior, w, own, scale;
	size_t g;

	memset(s, 0, sizeof(*s));
	s->n = n;
	s->groups = g = by_invocation(runs, n, m, &ss, &sum, &sq, &nh);
	s->mean = sum / (double)g;
	own = fmax(sq - sum * sum / (double)g, 0) / (double)(g - 1);
	s->shown = true;
	/* Runs within their invocations; none beyond one each: none. */
	s->run_var = n > g ? ss / (double)(n - g) : 0;
	s->seen = NAN;
	if (!pn) {
		s->term = s->own = own / (double)g;
		s->own_df = (double)(g - 1);
		return;
	}
	/* An invocation's mean of n / g runs, as the profile says. */
	runs_of(runs, n, m, pn->noise, &mean, &var, &noise);
	nh = (double)g / nh;
	/*
	 * Runs that spread more within their invocations than the profile's
	 * did: its invocations' part scaled as much (or by @ratio).
	 */
	scale = n > g ? ratio_of(pn, s->run_var, (double)(n - g), noise) : 1;
	s->more = scale > 1;
	if (!isnan(ratio))
		scale = ratio;
	s->scaled = scale > 1;
	prior = scale * (pn->between - pn->within / pn->runs_h) +
		(pn->run + noise) * scale / nh;
	w = pn->between_df / (pn->between_df + (double)(g - 1));
	s->own = (1 - w) * own / (double)g;
	s->own_df = (double)(g - 1);
	s->prof_between = w * scale * pn->between / (double)g;
	s->prof_within = w * scale * pn->within * (1 / nh - 1 / pn->runs_h) /
			 (double)g;
	s->term = fmax(s->own + w * prior / (double)g,
		       w * scale * (pn->run + noise) / nh / (double)g +
		       s->own);
}

double latt_vside_df(const struct latt_vside *a, const struct latt_vside *b,
		     const struct latt_noise *pn)
{
	double var = a->term + b->term, den = 0, cb, cw;

	if (a->own_df > 0)
		den += a->own * a->own / a->own_df;
	if (b->own_df > 0)
		den += b->own * b->own / b->own_df;
	if (pn) {
		cb = a->prof_between + b->prof_between;
		cw = a->prof_within + b->prof_within;
		den += cb * cb / pn->between_df + cw * cw / pn->run_df;
	}
	return den > 0 ? var * var / den : INFINITY;
}
