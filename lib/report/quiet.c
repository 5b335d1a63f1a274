// SPDX-License-Identifier: GPL-2.0-only
/*
 * The -q lines; see lib/report/quiet.h.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "report/quiet.h"
#include "base/escape.h"
#include "judge/aggregate.h"
#include "judge/verdict.h"

/*
 * " NAME_KEY=+12.3": relative change @v in percent, as -q writes it; past
 * a million percent, in six digits with an exponent (an interval of a
 * few degrees of freedom can reach 1e+48%), not fifty.
 */
static void pct(FILE *f, const char *name, const char *key, double v)
{
	v *= 100;
	if (fabs(v) < 0.05)
		v = 0;
	fprintf(f, fabs(v) < 1e6 ? " %s_%s=%+.1f" : " %s_%s=%+.6g", name, key,
		v);
}

void latt_quiet_verdicts(FILE *f, const struct latt_metric_list *ml,
			 const struct latt_verdict *v, const char *ended)
{
	size_t m;

	for (m = 0; m < ml->n; m++) {
		const char *name = ml->m[m].name;

		/* A figure a side lacks (-): no verdict to speak of. */
		if (ml->m[m].better == LATT_BETTER_NONE || v[m].absent)
			continue;
		fprintf(f, " %s_verdict=%s", name,
			latt_verdict_token(v[m].kind));
		if (v[m].kind == LATT_V_NONE)
			continue;
		pct(f, name, "change", v[m].change);
		pct(f, name, "low", v[m].lo);
		pct(f, name, "high", v[m].hi);
		if (v[m].within > 0) {
			pct(f, name, "same_low", v[m].slo);
			pct(f, name, "same_high", v[m].shi);
		}
	}
	if (ended)
		fprintf(f, " ended=%s", ended);
}

int latt_quiet_write(FILE *f, const struct latt_metric_list *ml,
		     const struct latt_agg_cfg *cfgs,
		     const struct latt_verdict (*v)[LATT_METRICS_MAX],
		     size_t n, const char *ended)
{
	size_t i, m;

	for (i = 0; i < n; i++) {
		const struct latt_agg_cfg *c = &cfgs[i];
		const char *sep = " few=";

		fprintf(f, "config=%s", latt_esc(c->name));
		for (m = 0; m < ml->n; m++) {
			if (isnan(c->val[m].v))
				fprintf(f, " %s=-", ml->m[m].name);
			else
				fprintf(f, " %s=%.*f", ml->m[m].name,
					latt_metric_prec(&ml->m[m]),
					latt_metric_print_value(&ml->m[m],
								c->val[m].v));
		}
		for (m = 0; m < ml->n; m++) {
			if (!c->val[m].few)
				continue;
			fprintf(f, "%s%s", sep, ml->m[m].name);
			sep = ",";
		}
		sep = " partial=";
		for (m = 0; m < ml->n; m++) {
			if (!c->val[m].partial)
				continue;
			fprintf(f, "%s%s", sep, ml->m[m].name);
			sep = ",";
		}
		/* Nothing measured, or never run: none complete either. */
		if (!c->complete)
			fputs(" complete=no", f);
		/*
		 * latt measured itself in that many of its runs; in those of
		 * load_queued, by its clients queueing behind each other
		 * alone, whatever the load= beside it says.
		 */
		if (c->load_noted)
			fprintf(f, " load_note=%u", c->load_noted);
		if (c->load_queued)
			fprintf(f, " load_queued=%u", c->load_queued);
		if (i && v) {
			fprintf(f, " vs=%s", latt_esc(cfgs[0].name));
			latt_quiet_verdicts(f, ml, v[i], ended);
		}
		fputc('\n', f);
	}
	if (fflush(f) || ferror(f))
		return errno ? -errno : -EIO;
	return 0;
}
