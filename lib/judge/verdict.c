// SPDX-License-Identifier: GPL-2.0-only
/*
 * Verdicts against the baseline; see judge/verdict.h.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/verdict.h"
#include "base/dist.h"
#include "judge/aggregate.h"
#include "judge/profile.h"
#include "judge/verdict-noise.h"
#include "judge/verdict-side.h"
#include "judge/verdict-cor.h"
#include "measure/hist.h"
#include "run/result.h"

/* Fewer samples than this in a run: no distribution to speak of. */
#define FEW_SAMPLES		20
/*
 * What an invocation draws, which its runs share, as a share of what a
 * run draws beyond its samples' noise: measured, a quarter to nearly
 * half (contrib/bench/README).
 */
#define INVOCATION_SHARE	0.5

/*
 * A percentile is judged only with this many samples beyond it in each
 * run: drawn again, the few largest samples never go past the largest,
 * and show too little of its noise.
 */
#define TAIL_MIN		2

const char *latt_verdict_word(enum latt_verdict_kind k)
{
	switch (k) {
	case LATT_V_BETTER: return "better";
	case LATT_V_WORSE: return "worse";
	case LATT_V_UNSURE: return "can't tell";
	case LATT_V_SAME: return "same";
	default: return "no verdict";
	}
}

const char *latt_verdict_token(enum latt_verdict_kind k)
{
	switch (k) {
	case LATT_V_BETTER: return "better";
	case LATT_V_WORSE: return "worse";
	case LATT_V_UNSURE: return "cant_tell";
	case LATT_V_SAME: return "same";
	default: return "none";
	}
}

char latt_verdict_mark(const struct latt_verdict *v)
{
	switch (v->kind) {
	case LATT_V_BETTER: return 'b';
	case LATT_V_WORSE: return 'w';
	case LATT_V_UNSURE: return '~';
	case LATT_V_SAME: return '=';
	default: return v->method == LATT_VM_NONE && !v->why[0] ? ' ' : '?';
	}
}

/* A relative change as a signed percentage, "+12.3%". */
static void pct_text(double v, char *buf, size_t len)
{
	double p = 100 * v;
	int d;

	/* -0.0 and a rounding to zero read as no change. */
	if (fabs(p) < 0.05)
		p = 0;
	/*
	 * A ratio's: above -100%, however close, and shown so to six
	 * decimals; closer than that (a ratio of 10^-8), -100%.
	 */
	for (d = 1; d < 6 && p <= -100 + 0.5 * pow(10, -d); d++)
		;
	if (p <= -100 + 0.5e-6)
		snprintf(buf, len, "-100%%");
	else if (fabs(p) >= 1e6)
		snprintf(buf, len, "%+.3g%%", p);
	else
		snprintf(buf, len, "%+.*f%%", d, p);
}

void latt_verdict_need(const struct latt_verdict *v, struct latt_need *out)
{
	latt_verdict_need_at(v, v->row_level, out);
}

void latt_verdict_need_at(const struct latt_verdict *v, double row_level,
			  struct latt_need *out)
{
	/* To be the same: the level of its two one-sided tests' interval. */
	bool same = v->within > 0 && fabs(v->change) < v->within;
	double level;

	memset(out, 0, sizeof(*out));
	if (v->kind != LATT_V_UNSURE)
		return;
	/* Sidak's share of the row's level, as the verdict's step had. */
	level = row_level == v->row_level ? v->level :
		pow(row_level, log(v->level) / log(v->row_level));
	latt_plan_need(&v->parts, same ? 2 * row_level - 1 : level, v->df,
		       v->change, v->within, out);
}

char *latt_verdict_brief(const struct latt_verdict *v, char *buf, size_t len)
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
	/* Why an interval is so wide: Student's t of next to nothing. */
	if (v->df < 3)
		snprintf(buf + strlen(buf), len - strlen(buf), " (%.1f "
			 "degrees of freedom)", v->df);
	if (v->same) {
		pct_text(v->slo, lo, sizeof(lo));
		pct_text(v->shi, hi, sizeof(hi));
		snprintf(buf + strlen(buf), len - strlen(buf), ", within "
			 "+-%g%% ([%s, %s] at %g%%)", 100 * v->within, lo, hi,
			 100 * (2 * v->row_level - 1));
	}
	return buf;
}

char *latt_verdict_text(const struct latt_verdict *v, char *buf, size_t len)
{
	struct latt_need nd;
	char need[128];

	latt_verdict_brief(v, buf, len);
	if (v->kind == LATT_V_NONE)
		return buf;
	latt_verdict_need(v, &nd);
	if (latt_need_text(&nd, need, sizeof(need))[0])
		snprintf(buf + strlen(buf), len - strlen(buf), "; %s", need);
	return buf;
}

void latt_verdicts_within(const struct latt_metric_list *ml,
			  struct latt_verdict *v, double within)
{
	double h, d;
	size_t m;

	if (!(within > 0))
		return;
	for (m = 0; m < ml->n; m++) {
		v[m].within = within;
		if (v[m].kind == LATT_V_NONE)
			continue;
		/* Both one-sided tests: above -within and below +within. */
		h = latt_t_upper(1 - v[m].row_level, v[m].df) * v[m].se;
		d = log1p(v[m].change);
		v[m].slo = expm1(d - h);
		v[m].shi = expm1(d + h);
		v[m].same = v[m].slo > -within && v[m].shi < within;
		if (v[m].same && v[m].kind == LATT_V_UNSURE)
			v[m].kind = LATT_V_SAME;
	}
}

/*
 * What runs of one configuration differed by on a 2-CPU VM (contrib/
 * bench/README): the standard deviation of the log of a run's figure
 * beyond its samples' noise, between runs (of one invocation, or the
 * first runs of two), the largest over setups of 1 to 8 clients, 3 and
 * 10 s runs, idle and beside a command that keeps a CPU busy (which
 * makes runs differ most), rounded up.  A percentile's lies between its
 * neighbours', on the scale of the tail's order (log10(1 / (1 - p))):
 * the body moves less than the tail.  A command's times and figures
 * differ as the command does: theirs is a floor of 2%, and two runs a
 * side show their own.
 */
struct spread {
	double order;		/* log10(1 / (1 - p / 100)) */
	double run;		/* a run's floor */
	double inv;		/* an invocation's (0: the share of a run's) */
};

static const struct spread pct_spread[] = {
	{ 0.301, 0.25, 0 },	/* p50 */
	{ 2.0, 0.32, 0 },	/* p99 */
	{ 3.0, 0.45, 0 },	/* p99.9 */
};

/*
 * The command's own waits (cmd_p50, cmd_p99) differ from run to run as
 * the command's tasks are placed and as the command itself runs, and
 * from invocation to invocation by more than a share of that: measured
 * on the same VM (x264, hackbench and a shell sleeping 10 ms, 8
 * invocations of 3 runs each, contrib/bench/README), a run's log sd
 * 0.12-0.22 (a bimodal p50 aside, which its runs show), an
 * invocation's 0.06-0.28, rounded up.
 */
static const struct spread cmd_spread[] = {
	{ 0.301, 0.25, 0.30 },	/* cmd_p50 */
	{ 2.0, 0.25, 0.20 },	/* cmd_p99 */
	{ 3.0, 0.30, 0.20 },	/* cmd_p99.9 */
};

#define NSPREAD(t)	(sizeof(t) / sizeof((t)[0]))

/*
 * Percentile @p's floor in table @t[0..n): a run's (@inv false) or an
 * invocation's, between its neighbours' on the tail's order, the first's
 * below the first and the last's beyond the last.
 */
static double spread_at(const struct spread *t, size_t n, double p, bool inv)
{
	double o = log10(100 / (100 - p)), f, a, b;
	size_t i;

	for (i = 0; i < n && o > t[i].order; i++)
		;
	if (!i || i == n) {
		i = i ? n - 1 : 0;
		return inv ? t[i].inv : t[i].run;
	}
	f = (o - t[i - 1].order) / (t[i].order - t[i - 1].order);
	a = inv ? t[i - 1].inv : t[i - 1].run;
	b = inv ? t[i].inv : t[i].run;
	return a + f * (b - a);
}

/* A run's floor of metric @m, as above. */
static double run_spread(const struct latt_metric *m)
{
	switch (m->kind) {
	case LATT_MK_CMD_PCT:
		return spread_at(cmd_spread, NSPREAD(cmd_spread), m->pct,
				 false);
	case LATT_MK_AVG:
		return 0.25;
	case LATT_MK_STDEV:
		return 1.3;
	case LATT_MK_MAX:
		return 1.6;
	case LATT_MK_PCT:
		if (m->pct >= 100)
			return 1.6;
		return spread_at(pct_spread, NSPREAD(pct_spread), m->pct,
				 false);
	default:
		return 0.02;
	}
}

void latt_verdict_spread(const struct latt_metric *m, double *run,
			 double *inv)
{
	*run = run_spread(m);
	*inv = sqrt(INVOCATION_SHARE) * *run;
	if (m->kind == LATT_MK_CMD_PCT)
		*inv = fmax(*inv, spread_at(cmd_spread, NSPREAD(cmd_spread),
					    m->pct, true));
}

int latt_vcfg_ready(const struct latt_metric_list *ml, struct latt_vcfg *c)
{
	size_t i, m;

	for (i = 0; i < c->nruns; i++) {
		struct latt_vrun *r = &c->runs[i];

		for (m = 0; m < LATT_METRICS_MAX; m++) {
			double v = m < ml->n ? r->agg->val[m].v : NAN;

			r->y[m] = v > 0 && isfinite(v) ? log(v) : NAN;
		}
	}
	return latt_noise_runs(ml, c->runs, c->nruns);
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

/* The runs of @c without metric @m's value (a figure not measured). */
static size_t no_value(const struct latt_vcfg *c, size_t m)
{
	size_t i, n = 0;

	for (i = 0; i < c->nruns; i++)
		n += isnan(c->runs[i].agg->val[m].v);
	return n;
}

/* Does a run of @c have metric @m's value, but not one above 0? */
static bool not_positive(const struct latt_vcfg *c, size_t m)
{
	size_t i;

	for (i = 0; i < c->nruns; i++)
		if (!isnan(c->runs[i].agg->val[m].v) && isnan(c->runs[i].y[m]))
			return true;
	return false;
}

/* Has every run of @c the noise of metric @m's figure? */
static bool have_noise(const struct latt_vcfg *c, size_t m)
{
	size_t i;

	for (i = 0; i < c->nruns; i++)
		if (isnan(c->runs[i].noise[m]))
			return false;
	return true;
}

/*
 * Metric @m (@idx) of a run of @base or @x whose samples drawn again do
 * not show its noise: with runs a side, their own spread does; else why
 * not in @why.
 */
static void noise_unknown(const struct latt_metric *m, size_t idx,
			  const struct latt_vcfg *base,
			  const struct latt_vcfg *x, char *why, size_t len)
{
	double tail = INFINITY;
	size_t i;

	if (base->nruns >= 2 && x->nruns >= 2)
		return;
	for (i = 0; i < base->nruns; i++)
		if (isnan(base->runs[i].noise[idx]) &&
		    base->runs[i].tail < tail)
			tail = base->runs[i].tail;
	for (i = 0; i < x->nruns; i++)
		if (isnan(x->runs[i].noise[idx]) && x->runs[i].tail < tail)
			tail = x->runs[i].tail;
	if ((m->kind == LATT_MK_AVG && tail <= LATT_TAIL_AVG) ||
	    (m->kind == LATT_MK_STDEV && tail <= LATT_TAIL_STDEV))
		snprintf(why, len, "a tail too heavy (index %.1f) for a run "
			 "to show its %s's noise: needs 2 runs each (-r 2)",
			 tail, m->kind == LATT_MK_AVG ? "mean" : "spread");
	else
		snprintf(why, len, "too few samples to draw again: needs 2 "
			 "runs each (-r 2)");
}

/*
 * Why metric @m of @base against @x has no verdict; "" when it may.
 * True when more runs like these would not give it one (too few samples
 * in a run, a figure not measured): for -r auto, left open for good.
 */
static bool why_not(const struct latt_metric *m, size_t idx,
		    const struct latt_vcfg *base, const struct latt_vcfg *x,
		    char *why, size_t len)
{
	const struct latt_value *a = &base->agg->val[idx];
	const struct latt_value *b = &x->agg->val[idx];
	uint64_t few_runs = fewest(base) < fewest(x) ? fewest(base) :
			    fewest(x);
	size_t nbase = no_value(base, idx), nx = no_value(x, idx);
	char few[64];

	why[0] = '\0';
	/* What more runs like these would not change. */
	if (m->better == LATT_BETTER_NONE)
		snprintf(why, len, "%s: neither better nor worse",
			 m->kind == LATT_MK_LOAD ? "a share of the CPU" :
			 "a count");
	else if (base->nruns && x->nruns && (isnan(a->v) || isnan(b->v)))
		snprintf(why, len, "no value %s", isnan(a->v) ?
			 "in the baseline" : "here");
	else if (!base->nruns || !x->nruns || nbase || nx)
		;
	else if ((latt_of_distribution(m) || m->kind == LATT_MK_CMD_PCT) &&
		 (a->few || b->few))
		snprintf(why, len, "too few samples %s",
			 latt_metric_few(m, few, sizeof(few)));
	else if (latt_of_distribution(m) && few_runs < FEW_SAMPLES)
		snprintf(why, len, "too few samples (a run of %llu; %d needed)",
			 (unsigned long long)few_runs, FEW_SAMPLES);
	else if (latt_of_distribution(m) &&
		 (!have_units(base) || !have_units(x)))
		snprintf(why, len, "no histogram kept");
	else if (m->kind == LATT_MK_PCT && latt_of_distribution(m) &&
		 (double)few_runs * (1 - m->pct / 100) < TAIL_MIN)
		snprintf(why, len, "too few samples beyond %s for an interval "
			 "(a run needs %.0f)", m->name,
			 ceil(TAIL_MIN / (1 - m->pct / 100) - 1e-6));
	if (why[0])
		return true;
	/* What they may. */
	if (!base->nruns || !x->nruns)
		snprintf(why, len, "%s", !base->nruns ? "the baseline has no "
			 "run" : "no run");
	else if (nbase || nx)
		snprintf(why, len, "no value in %zu of the runs%s",
			 nbase ? nbase : nx, nbase ? " of the baseline" : "");
	else if (not_positive(base, idx) || not_positive(x, idx))
		snprintf(why, len, "a value not above 0%s: no ratio",
			 not_positive(base, idx) ? " in the baseline" : "");
	else if (!latt_of_distribution(m) && (base->nruns < 2 || x->nruns < 2))
		snprintf(why, len, "%zu run%s: one %s a run; needs 2 runs "
			 "each (-r 2)", base->nruns < x->nruns ?
			 base->nruns : x->nruns, base->nruns == x->nruns ?
			 " each" : "", m->name);
	else if (!have_noise(base, idx) || !have_noise(x, idx))
		noise_unknown(m, idx, base, x, why, len);
	return false;
}

/* A metric's difference in logs, its variance and their freedom. */
struct diff {
	double d, var, df;
	bool scaled, more;
	struct latt_vparts parts;
};

/*
 * Side @c of metric @m: of several invocations, from them (and @pn,
 * the profile's, if any); of one, apart from the other side's (@apart),
 * with @pn; else with the floors.  @ratio: how much more its runs
 * spread on the body than the profile's (NAN: each metric's own).
 */
static void side(const struct latt_metric *mt, size_t m,
		 const struct latt_vcfg *c, bool apart,
		 const struct latt_noise *pn, double ratio,
		 struct latt_vside *s)
{
	double run, inv;

	if (latt_vside_groups(c->runs, c->nruns) > 1) {
		latt_vside_grouped(c->runs, c->nruns, m, pn, ratio, s);
	} else if (apart && pn) {
		latt_vside_profiled(c->runs, c->nruns, m, pn, ratio, s);
	} else {
		latt_verdict_spread(mt, &run, &inv);
		latt_vside_floors(c->runs, c->nruns, m, run, apart,
				  INVOCATION_SHARE, inv, s);
	}
}

/*
 * The profile of @base against @x (NULL: none), and into @ratio each
 * side's latt_vside_ratio() on the body, p50, where the profile knows
 * it: a day noisier than the profile's shows there, and a change of the
 * tail (which widens that side's runs of p99 alone) does not.  NAN:
 * each metric's own.
 */
static const struct latt_profile *profile_of(const struct latt_metric_list *ml,
					     const struct latt_vcfg *base,
					     const struct latt_vcfg *x,
					     double ratio[2])
{
	const struct latt_profile *p = x->profile ? x->profile :
				       base->profile;
	size_t body;

	ratio[0] = ratio[1] = NAN;
	if (!p || base->invocation == x->invocation)
		return p;
	body = latt_profile_body(p, ml);
	if (body == ml->n)
		return p;
	ratio[0] = latt_vside_ratio(base->runs, base->nruns, body,
				    &p->m[body]);
	ratio[1] = latt_vside_ratio(x->runs, x->nruns, body, &p->m[body]);
	return p;
}

static void diff_of(const struct latt_metric *mt, size_t m,
		    const struct latt_vcfg *base, const struct latt_vcfg *x,
		    const struct latt_profile *p, const double ratio[2],
		    struct diff *out)
{
	const struct latt_noise *pn = p && p->m[m].known ? &p->m[m] : NULL;
	bool apart = base->invocation != x->invocation;
	struct latt_vside a, b;

	side(mt, m, base, apart, pn, ratio[0], &a);
	side(mt, m, x, apart, pn, ratio[1], &b);
	out->d = b.mean - a.mean;
	out->var = a.term + b.term;
	out->df = latt_vside_df(&a, &b, pn);
	out->scaled = a.scaled || b.scaled;
	out->more = a.more || b.more;
	out->parts = (struct latt_vparts){
		.run = { a.run_var, b.run_var },
		.n = { (double)a.n, (double)b.n },
		.g = { (double)a.groups, (double)b.groups },
		.seen = { a.seen, b.seen },
		.own_runs = apart ? 0 : LATT_VSIDE_OWN_RUNS,
		.inv = fmax(out->var - a.run_var / (double)a.n -
			    b.run_var / (double)b.n, 0),
		.prior_df = pn ? pn->between_df : 0,
		.apart = apart || a.groups > 1 || b.groups > 1,
	};
}

/* Metric @mt's verdict from @df at @level. */
static void judge(const struct latt_metric *mt, const struct diff *df,
		  double level, struct latt_verdict *v)
{
	double q = latt_t_upper((1 - level) / 2, df->df);
	double h = q * sqrt(df->var);
	bool higher, lower;

	v->method = LATT_VM_LOGT;
	v->level = level;
	v->se = sqrt(df->var);
	v->df = df->df;
	v->scaled = df->scaled;
	v->more = df->more;
	v->parts = df->parts;
	v->change = expm1(df->d);
	v->lo = expm1(df->d - h);
	v->hi = expm1(df->d + h);
	higher = df->d - h > 0;
	lower = df->d + h < 0;
	if (!isfinite(v->change) || !isfinite(v->hi)) {
		/* Runs a factor of 10^300 apart say nothing a number can. */
		v->kind = LATT_V_NONE;
		v->method = LATT_VM_NONE;
		v->change = v->lo = v->hi = NAN;
		snprintf(v->why, sizeof(v->why), "the runs differ too much for "
			 "an interval (beyond 10^300)");
	} else if (!higher && !lower)
		v->kind = LATT_V_UNSURE;
	else if (higher == (mt->better == LATT_BETTER_HIGHER))
		v->kind = LATT_V_BETTER;
	else
		v->kind = LATT_V_WORSE;
}

int latt_verdicts(const struct latt_metric_list *ml,
		  const struct latt_vcfg *base, const struct latt_vcfg *x,
		  double level, struct latt_verdict *out)
{
	double r[LATT_METRICS_MAX][LATT_METRICS_MAX], var[LATT_METRICS_MAX];
	struct diff d[LATT_METRICS_MAX];
	bool open[LATT_METRICS_MAX];
	size_t k = 0, m, done, found, i, j, set[LATT_METRICS_MAX];
	const struct latt_profile *p;
	double at, ratio[2];

	memset(out, 0, ml->n * sizeof(*out));
	p = profile_of(ml, base, x, ratio);
	for (m = 0; m < ml->n; m++) {
		out[m].kind = LATT_V_NONE;
		out[m].change = out[m].lo = out[m].hi = NAN;
		out[m].df = NAN;
		out[m].lasting = why_not(&ml->m[m], m, base, x, out[m].why,
					 sizeof(out[m].why));
		out[m].absent = ml->m[m].better == LATT_BETTER_NONE ||
				isnan(base->agg->val[m].v) ||
				isnan(x->agg->val[m].v);
		open[m] = !out[m].why[0];
		if (open[m]) {
			diff_of(&ml->m[m], m, base, x, p, ratio, &d[m]);
			k++;
		}
	}

	/*
	 * Holm's step-down, each step at Sidak's level for the number of
	 * independent tests the open metrics are worth (effective()): every
	 * metric of the family is judged at level^(1 / M), M that of the k
	 * metrics; while some are better or worse, the others again at that
	 * of the rest, until a step finds none.  The chance of any wrong
	 * verdict in the row stays within 1 - level, and a clear change on
	 * some metrics does not hide a smaller one on the rest.
	 */
	for (done = 0; done < k; done += found) {
		for (m = 0, j = 0; m < ml->n; m++)
			if (open[m])
				set[j++] = m;
		for (i = 0; i < j; i++)
			var[i] = d[set[i]].var;
		latt_vcor(base->runs, base->nruns, x->runs, x->nruns,
			  base->invocation != x->invocation, p, set, j, var,
			  r);
		at = pow(level, 1 / latt_vcor_tests(r, j));
		found = 0;
		for (m = 0; m < ml->n; m++) {
			if (!open[m])
				continue;
			judge(&ml->m[m], &d[m], at, &out[m]);
			if (out[m].kind == LATT_V_BETTER ||
			    out[m].kind == LATT_V_WORSE) {
				open[m] = false;
				found++;
			}
		}
		if (!found)
			break;
	}
	for (m = 0; m < ml->n; m++)
		out[m].row_level = level;
	return 0;
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
		if (r->measured.blocks.nsparse > 1)
			nunits += r->measured.blocks.nsparse;
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
		if (r->measured.blocks.nsparse > 1) {
			for (j = 0; j < r->measured.blocks.nsparse; j++) {
				out->own_units[nunits].b = (const uint64_t (*)
					[2])r->measured.blocks.b[j];
				out->own_units[nunits++].n =
					r->measured.blocks.nb[j];
			}
			vr->nunits = r->measured.blocks.nsparse;
		} else {
			uint64_t (**sb)[2] = &out->own_buckets[nb++];
			size_t s;

			if (latt_hist_sparse(&r->measured.wake.hist, 0,
					     UINT64_MAX, sb,
					     &s))
				return -ENOMEM;
			out->own_units[nunits].b = (const uint64_t (*)[2])*sb;
			out->own_units[nunits++].n = s;
			out->nown = nb;
			vr->nunits = 1;
		}
	}
	return latt_vcfg_ready(ml, out);
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
			 double level,
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
			ret = latt_verdicts(ml, &base, &x, level, out[i]);
		latt_vcfg_free(&x);
	}
	latt_vcfg_free(&base);
	return ret;
}
