// SPDX-License-Identifier: GPL-2.0-only
/*
 * The -q lines; see lib/quiet.h.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "latt/escape.h"
#include "quiet.h"

int latt_quiet_write(FILE *f, const struct latt_metric_list *ml,
		     const struct latt_agg_cfg *cfgs, size_t n)
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
		if (c->runs && !c->complete)
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
		fputc('\n', f);
	}
	if (fflush(f) || ferror(f))
		return errno ? -errno : -EIO;
	return 0;
}
