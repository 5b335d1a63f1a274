// SPDX-License-Identifier: GPL-2.0-only
/*
 * The sweep's table of configurations; see report/report-sweep.h.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report-sweep.h"
#include "base/escape.h"
#include "judge/aggregate.h"
#include "judge/verdict.h"
#include "report/report-table.h"
#include "settings/config.h"

/* The sweep's settings: a line per configuration, what it set. */
static void settings(FILE *f, const struct latt_run_cfg *cfgs,
		     const struct latt_agg_cfg *rows, size_t n, int w,
		     bool load, bool wide)
{
	char *set;
	size_t i;
	int col;

	fputc('\n', f);
	for (i = 0; i < n; i++) {
		set = latt_config_format(&cfgs[i], NULL);
		col = fprintf(f, "%-*s ", w, rows[i].name);
		if (set && set[0]) {
			fputs(latt_esc(set), f);
			col += (int)latt_esc_width(set);
		} else {
			col += fprintf(f, "%s", set ? "(no settings)" :
				       "(out of memory)");
		}
		free(set);
		/* Wide without the load column: the note is here. */
		latt_table_row_notes(f, &rows[i], !load && wide, col);
		fputc('\n', f);
	}
}

int latt_report_sweep_table(FILE *f, const struct latt_metric_list *ml,
			    const struct latt_run_cfg *cfgs,
			    const struct latt_agg_cfg *rows,
			    const struct latt_verdict (*v)[LATT_METRICS_MAX],
			    size_t n, double level, bool wide)
{
	struct latt_verdict (*sv)[LATT_METRICS_MAX];
	struct latt_table_row *tr;
	struct latt_metric_list shown;
	struct latt_agg_cfg *sr;
	struct latt_table t = {
		.ml = &shown, .head = { "config", NULL }, .n = n,
		.level = level, .wide = wide,
	};
	struct latt_table_marks marks;
	size_t i;
	int w = 6;

	sr = calloc(n ? n : 1, sizeof(*sr));
	sv = calloc(n ? n : 1, sizeof(*sv));
	tr = calloc(n ? n : 1, sizeof(*tr));
	if (!sr || !sv || !tr) {
		free(sr);
		free(sv);
		free(tr);
		return -ENOMEM;
	}
	latt_table_shown(ml, rows, v, n, &shown, sr, sv);
	for (i = 0; i < n; i++) {
		tr[i].name[0] = rows[i].name;
		tr[i].agg = &sr[i];
		tr[i].v = sv[i];
		if ((int)strlen(rows[i].name) > w)
			w = (int)strlen(rows[i].name);
	}
	t.rows = tr;
	latt_table_rows(f, &t, &marks);
	settings(f, cfgs, rows, n, w, marks.load, wide);
	latt_table_notes(f, &t, &marks);
	free(sr);
	free(sv);
	free(tr);
	if (fflush(f) || ferror(f))
		return errno ? -errno : -EIO;
	return 0;
}
