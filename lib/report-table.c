// SPDX-License-Identifier: GPL-2.0-only
/*
 * The table of configurations of a sweep; see include/latt/report.h.
 * Its values and marks are lib/aggregate.c's, as every output's.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "latt/escape.h"
#include "latt/report.h"

/* Print @line without its trailing blanks. */
static void put_trimmed(FILE *f, char *line)
{
	size_t n = strlen(line);

	while (n && line[n - 1] == ' ')
		line[--n] = '\0';
	fprintf(f, "%s\n", line);
}

/* Is @m the column the spread of the runs is shown beside (p99)? */
static bool spread_column(const struct latt_metric *m)
{
	return m->kind == LATT_MK_PCT && m->pct == 99;
}

/* The heading of the values (@ratios false) or of the ratios. */
static void heading(FILE *f, int w, const struct latt_metric_list *ml,
		    bool ratios)
{
	char buf[1024];
	size_t m, o;

	o = (size_t)snprintf(buf, sizeof(buf), "%-*s %4s", w,
			     ratios ? "ratio" : "config", ratios ? "" : "runs");
	for (m = 0; m < ml->n && o < sizeof(buf); m++) {
		o += (size_t)snprintf(buf + o, sizeof(buf) - o, " %*s ",
				      LATT_CELL_WIDTH - 1, ml->m[m].head);
		if (spread_column(&ml->m[m]) && o < sizeof(buf))
			o += (size_t)snprintf(buf + o, sizeof(buf) - o,
					      " %7s", ratios ? "" : "spread");
	}
	put_trimmed(f, buf);
}

/*
 * One configuration's values (@ratios false: "+" after a percentile the
 * samples are too few for) or its ratios to @first ("~" within the
 * noise).  Sets *@few, *@noise when it marks one.
 */
static void table_row(FILE *f, int w, const struct latt_metric_list *ml,
		      const struct latt_agg_cfg *row,
		      const struct latt_agg_cfg *first, bool ratios,
		      bool *few, bool *noise)
{
	char buf[1024], cell[64];
	size_t m, o;

	if (ratios)
		o = (size_t)snprintf(buf, sizeof(buf), "%-*s %4s", w,
				     row->name, "");
	else
		o = (size_t)snprintf(buf, sizeof(buf), "%-*s %4u", w,
				     row->name, row->runs);
	for (m = 0; m < ml->n && o < sizeof(buf); m++) {
		const struct latt_metric *mt = &ml->m[m];
		const struct latt_value *v = &row->val[m];
		char mark = ' ';

		if (ratios && row != first &&
		    latt_agg_noise(mt, v, &first->val[m]))
			mark = '~';
		else if (!ratios && v->few && !isnan(v->v))
			mark = '+';
		*few |= mark == '+';
		*noise |= mark == '~';
		latt_metric_cell(mt, ratios ? latt_agg_ratio(v, &first->val[m])
				 : v->v, ratios, mark, cell, sizeof(cell));
		o += (size_t)snprintf(buf + o, sizeof(buf) - o, "%s", cell);
		if (!spread_column(mt) || o >= sizeof(buf))
			continue;
		if (ratios || isnan(v->spread) || !(v->v > 0))
			o += (size_t)snprintf(buf + o, sizeof(buf) - o, " %7s",
					      ratios ? "" : "-");
		else
			o += (size_t)snprintf(buf + o, sizeof(buf) - o,
					      " %6.0f%%",
					      100 * v->spread / v->v);
	}
	put_trimmed(f, buf);
}

void latt_report_marks(FILE *f, bool few, bool noise)
{
	if (few)
		fprintf(f, "\n+ the max of a run with too few samples for that "
			"percentile (p99 needs 100, p99.9 1000)\n");
	if (noise)
		fprintf(f, "\n~ within the noise: no larger than the "
			"run-to-run range (or, between single runs, the 95%% "
			"intervals overlap)\n");
}

int latt_report_table(FILE *f, const struct latt_sysinfo *sys,
		      const struct latt_metric_list *ml,
		      const struct latt_run_cfg *cfgs,
		      const struct latt_agg_cfg *rows, size_t n)
{
	char *settings;
	bool few = false, noise = false;
	size_t i;
	int w = 6;

	for (i = 0; i < n; i++)
		if ((int)strlen(rows[i].name) > w)
			w = (int)strlen(rows[i].name);

	fprintf(f, "\nKernel %s on %s: %s, %u CPUs, %u NUMA node%s\n",
		latt_esc(sys->kernel), latt_esc(sys->hostname),
		latt_esc(sys->cpu_model), sys->cpus,
		sys->numa_nodes, sys->numa_nodes == 1 ? "" : "s");
	fprintf(f, "Clocksource %s, preemption %s, autogroup %s\n",
		latt_esc(sys->clocksource), latt_esc(sys->preempt),
		sys->autogroup < 0 ? "absent" :
		sys->autogroup ? "on" : "off");
	fprintf(f, "Wakeup latency in usec, the median of each "
		"configuration's runs\n\n");

	heading(f, w, ml, false);
	for (i = 0; i < n; i++)
		table_row(f, w, ml, &rows[i], &rows[0], false, &few, &noise);
	fputc('\n', f);
	heading(f, w, ml, true);
	for (i = 0; i < n; i++)
		table_row(f, w, ml, &rows[i], &rows[0], true, &few, &noise);

	fprintf(f, "\n");
	for (i = 0; i < n; i++) {
		settings = latt_config_format(&cfgs[i], NULL);
		fprintf(f, "%-*s %s", w, rows[i].name, !settings ?
			"(out of memory)" : settings[0] ? latt_esc(settings) :
			"(no settings)");
		free(settings);
		if (!rows[i].runs && !rows[i].left_out)
			fprintf(f, " [not run]");
		else if (!rows[i].complete)
			fprintf(f, " [no complete run: the numbers are of the "
				"%u that measured, %u left out]", rows[i].runs,
				rows[i].left_out);
		else if (rows[i].left_out)
			fprintf(f, " [%u run%s left out: not complete]",
				rows[i].left_out,
				rows[i].left_out == 1 ? "" : "s");
		if (rows[i].lagged)
			fprintf(f, " [the waker woke late in %u of %u runs: "
				"its numbers miss the worst]", rows[i].lagged,
				rows[i].runs);
		if (rows[i].load_noted)
			fprintf(f, " [latt measured itself in %u of %u runs: "
				"%s (see each run's latt's load)]",
				rows[i].load_noted, rows[i].runs,
				latt_agg_load_why(rows[i].load_noted,
						  rows[i].load_queued));
		fputc('\n', f);
	}
	latt_metric_legend(f, ml);
	latt_report_marks(f, few, noise);
	if (fflush(f) || ferror(f))
		return errno ? -errno : -EIO;
	return 0;
}
