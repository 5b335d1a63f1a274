// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt compare --plan; see compare/compare-plan.h.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "compare/compare-plan.h"
#include "judge/plan.h"
#include "judge/verdict-side.h"

/* The runs an invocation the line beyond the table's 8 a side counts. */
#define LATT_PLAN_BEYOND_RUNS	10

void latt_plan_of_profile(const struct latt_metric_list *ml,
			  const struct latt_profile *p,
			  struct latt_plan_noise *nz)
{
	double run, inv;
	size_t m;

	for (m = 0; m < ml->n; m++) {
		latt_verdict_spread(&ml->m[m], &run, &inv);
		nz[m] = (struct latt_plan_noise){
			.known = p->m[m].known,
			.run = p->m[m].run + p->m[m].noise,
			.inv = p->m[m].inv,
			.inv1 = p->m[m].inv,
			.prior_df = p->m[m].between_df,
			.sweep = p->m[m].run + p->m[m].noise,
			.floor = run * run + p->m[m].noise,
		};
	}
}

void latt_plan_of_verdicts(const struct latt_metric_list *ml,
			   const struct latt_verdict *v,
			   struct latt_plan_noise *nz)
{
	const struct latt_vparts *p;
	double run, inv;
	size_t m;

	for (m = 0; m < ml->n; m++) {
		p = &v[m].parts;
		memset(&nz[m], 0, sizeof(nz[m]));
		if (v[m].kind == LATT_V_NONE || !(p->n[0] > 0 && p->n[1] > 0))
			continue;
		nz[m].known = true;
		nz[m].run = (p->run[0] + p->run[1]) / 2;
		nz[m].prior_df = p->prior_df;
		/*
		 * A sweep: below LATT_VSIDE_OWN_RUNS runs the floor, at the
		 * least what the verdict took; then what the runs showed
		 * (the verdict's, where they showed nothing).
		 */
		latt_verdict_spread(&ml->m[m], &run, &inv);
		nz[m].floor = fmax(run * run, nz[m].run);
		nz[m].sweep = isnan(p->seen[0]) || isnan(p->seen[1]) ?
			      nz[m].run : (p->seen[0] + p->seen[1]) / 2;
		/*
		 * What one invocation draws: the difference's part of them
		 * is that over each side's invocations, 1 / g0 + 1 / g1.
		 */
		if (p->apart) {
			nz[m].inv = p->inv / (1 / p->g[0] + 1 / p->g[1]);
		} else {
			nz[m].inv = inv * inv;
		}
		/*
		 * Groups without a profile show their invocations' spread,
		 * but 1 a side would be judged by the floor (as known).
		 */
		nz[m].inv1 = nz[m].inv;
		if (!(p->prior_df > 0) && (p->g[0] > 1 || p->g[1] > 1))
			nz[m].inv1 = fmax(inv * inv, nz[m].inv);
	}
}

/* One cell: the runs, or "-" beyond LATT_PLAN_RUNS_MAX. */
static int cell(FILE *f, unsigned int runs)
{
	char buf[16];

	if (runs)
		snprintf(buf, sizeof(buf), "%u", runs);
	else
		snprintf(buf, sizeof(buf), "-");
	return fprintf(f, " %10s", buf);
}

/*
 * Where 8 a side do not find it: how many boots of LATT_PLAN_BEYOND_RUNS
 * runs each would, a line a metric under the table ("  p99: 27": no
 * row of the table to a script that reads the metric's name first).
 */
static void beyond(FILE *f, const struct latt_metric_list *ml,
		   const struct latt_plan_noise *nz, double pct, double at)
{
	unsigned int k;
	size_t m, i = 0;

	for (m = 0; m < ml->n; m++) {
		if (!nz[m].known || ml->m[m].better == LATT_BETTER_NONE ||
		    latt_plan_runs(nz[m].run, nz[m].inv, 8, at,
				   nz[m].prior_df, pct))
			continue;
		k = latt_plan_boots(nz[m].run, nz[m].inv,
				    LATT_PLAN_BEYOND_RUNS, at, nz[m].prior_df,
				    pct);
		if (!i++)
			fprintf(f, "\nBeyond 8 a side, invocations (boots) a "
				"side of %d runs each:\n",
				LATT_PLAN_BEYOND_RUNS);
		if (k)
			fprintf(f, "  %s: %u\n", ml->m[m].name, k);
		else
			fprintf(f, "  %s: more than %d\n", ml->m[m].name,
				LATT_PLAN_BOOTS_MAX);
	}
}

int latt_plan_print(FILE *f, const struct latt_metric_list *ml,
		    const struct latt_plan_noise *nz, double pct,
		    double level, const char *source)
{
	static const size_t ks[] = { 1, 2, 4, 8 };
	size_t m, i, judged = 0;
	bool prior = false;
	double at;

	for (m = 0; m < ml->n; m++) {
		judged += nz[m].known && ml->m[m].better != LATT_BETTER_NONE;
		prior |= nz[m].known && nz[m].prior_df > 0;
	}
	if (!judged) {
		fprintf(f, "No metric has a noise to plan by.\n");
		return fflush(f) ? -errno : 0;
	}
	at = 1 - (1 - level) / (double)judged;
	if (pct < 1)
		fprintf(f, "Runs a side that find a change of +-%g%% four "
			"times in five, at %g%% for the\n", 100 * pct,
			100 * level);
	else
		fprintf(f, "Runs a side that find a change of x%g (+%g%%) "
			"four times in five, at %g%% for the\n", 1 + pct,
			100 * pct, 100 * level);
	fprintf(f, "%zu metric%s judged together, by %s:\n\n", judged,
		judged == 1 ? "" : "s", source);
	fprintf(f, "%-10s %10s %32s\n", "", "one", "invocations (boots) a side");
	fprintf(f, "%-10s %10s", "metric", "invocation");
	for (i = 0; i < sizeof(ks) / sizeof(ks[0]); i++)
		fprintf(f, " %10zu", ks[i]);
	fputc('\n', f);
	for (m = 0; m < ml->n; m++) {
		if (!nz[m].known || ml->m[m].better == LATT_BETTER_NONE)
			continue;
		fprintf(f, "%-10s", ml->m[m].name);
		cell(f, latt_plan_sweep_runs(nz[m].sweep, nz[m].floor,
					     LATT_VSIDE_OWN_RUNS, at, pct));
		for (i = 0; i < sizeof(ks) / sizeof(ks[0]); i++)
			cell(f, latt_plan_runs(nz[m].run, ks[i] == 1 ?
					       nz[m].inv1 : nz[m].inv, ks[i],
					       at, nz[m].prior_df, pct));
		fputc('\n', f);
	}
	beyond(f, ml, nz, pct, at);
	fprintf(f, "\none invocation: configurations of one run of latt "
		"(-C), beside each other;\nN a side: N invocations (boots) "
		"of each kernel, that many runs each;\n- : not within %d "
		"runs.\n", LATT_PLAN_RUNS_MAX);
	/*
	 * Without a profile, one invocation a side is judged by the fixed
	 * floors, taken as known; several by their own spread, of 2 (N - 1)
	 * degrees of freedom, which two a side know badly: more boots can
	 * need more runs there, as the verdicts would.
	 */
	if (!prior)
		fprintf(f, "Without a profile, 1 a side takes the fixed floors "
			"for an invocation; 2 or more,\ntheir own spread, of "
			"2 (N - 1) degrees of freedom (latt calibrate makes a "
			"profile).\n");
	return fflush(f) ? -errno : 0;
}
