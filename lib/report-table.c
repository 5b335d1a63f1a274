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
 * samples are too few for) or its ratios to @first, each marked with its
 * verdict @v.  Sets *@few, *@marked when it marks one.
 */
static void table_row(FILE *f, int w, const struct latt_metric_list *ml,
		      const struct latt_agg_cfg *row,
		      const struct latt_agg_cfg *first,
		      const struct latt_verdict *verdicts, bool ratios,
		      bool *few, bool *self, bool *marked)
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
		const struct latt_verdict *vd = verdicts;
		char mark = ' ';

		if (ratios && row != first &&
		    mt->better != LATT_BETTER_NONE)
			mark = latt_verdict_mark(&vd[m]);
		else if (!ratios && v->few && !isnan(v->v))
			mark = '+';
		else if (!ratios && mt->kind == LATT_MK_LOAD &&
			 row->load_noted)
			mark = '!';
		*few |= mark == '+';
		*self |= mark == '!';
		*marked |= ratios && mark != ' ';
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

void latt_report_marks(FILE *f, bool few, bool verdicts, double level)
{
	if (few)
		fprintf(f, "\n+ the max of a run with too few samples for that "
			"percentile (p99 needs 100, p99.9 1000)\n");
	if (verdicts)
		fprintf(f, "\nw worse, b better, ~ can't tell, ? no verdict: "
			"against the first row, at %g%% for a row's metrics "
			"together\n", 100 * level);
}

void latt_report_self(FILE *f)
{
	fprintf(f, "\n! latt measured itself in some of the row's runs: its "
		"clients queued behind each other, or its load dominated\n");
}

void latt_report_verdicts(FILE *f, const struct latt_metric_list *ml,
			  const char *const *names,
			  const struct latt_verdict (*v)[LATT_METRICS_MAX],
			  size_t n, double level)
{
	size_t i, m, w = 6, wm = 6;
	char text[160];

	if (n < 2)
		return;
	for (i = 1; i < n; i++)
		if (latt_esc_width(names[i]) > w)
			w = latt_esc_width(names[i]);
	for (m = 0; m < ml->n; m++)
		if (strlen(ml->m[m].name) > wm)
			wm = strlen(ml->m[m].name);
	fprintf(f, "\nVerdicts against %s, at %g%% for each row's metrics "
		"together:\n", names[0], 100 * level);
	fprintf(f, "%-*s  %-*s  %-10s  %s\n", (int)w, "config", (int)wm,
		"metric", "verdict", "change [interval], or why none");
	for (i = 1; i < n; i++)
		for (m = 0; m < ml->n; m++) {
			if (ml->m[m].better == LATT_BETTER_NONE)
				continue;
			fputs(names[i], f);
			fprintf(f, "%*s  %-*s  %-10s  %s\n",
				(int)(w - latt_esc_width(names[i])), "",
				(int)wm, ml->m[m].name,
				latt_verdict_word(v[i][m].kind),
				latt_verdict_text(&v[i][m], text,
						  sizeof(text)));
		}
}

void latt_report_shown(const struct latt_metric_list *ml,
		       const struct latt_agg_cfg *rows,
		       const struct latt_verdict (*v)[LATT_METRICS_MAX],
		       size_t n, struct latt_metric_list *shown,
		       struct latt_agg_cfg *out,
		       struct latt_verdict (*vout)[LATT_METRICS_MAX])
{
	size_t i, m, k;

	shown->n = 0;
	for (i = 0; i < n; i++)
		out[i] = rows[i];
	for (m = 0; m < ml->n; m++) {
		for (i = 0; i < n && isnan(rows[i].val[m].v); i++)
			;
		if (i == n)
			continue;
		k = shown->n++;
		shown->m[k] = ml->m[m];
		for (i = 0; i < n; i++) {
			out[i].val[k] = rows[i].val[m];
			if (v)
				vout[i][k] = v[i][m];
		}
	}
}

static int table(FILE *f, const struct latt_sysinfo *sys,
		 const struct latt_metric_list *ml,
		 const struct latt_run_cfg *cfgs, const struct latt_agg_cfg *rows,
		 const struct latt_verdict (*v)[LATT_METRICS_MAX], size_t n,
		 double level)
{
	const char **names;
	char *settings;
	bool few = false, self = false, marked = false, load = false;
	size_t i;
	int w = 6;

	for (i = 0; i < n; i++)
		if ((int)strlen(rows[i].name) > w)
			w = (int)strlen(rows[i].name);
	for (i = 0; i < ml->n; i++)
		load |= ml->m[i].kind == LATT_MK_LOAD;

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
		table_row(f, w, ml, &rows[i], &rows[0], v[i], false, &few,
			  &self, &marked);
	fputc('\n', f);
	heading(f, w, ml, true);
	for (i = 0; i < n; i++)
		table_row(f, w, ml, &rows[i], &rows[0], v[i], true, &few,
			  &self, &marked);

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
		/* Without the load column, the note is here. */
		if (rows[i].load_noted && !load)
			fprintf(f, " [latt measured itself in %u of %u runs]",
				rows[i].load_noted, rows[i].runs);
		fputc('\n', f);
	}
	latt_metric_legend(f, ml);
	latt_report_marks(f, few, marked, level);
	if (self)
		latt_report_self(f);
	names = calloc(n, sizeof(*names));
	if (!names)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		names[i] = rows[i].name;
	latt_report_verdicts(f, ml, names, v, n, level);
	free(names);
	if (fflush(f) || ferror(f))
		return errno ? -errno : -EIO;
	return 0;
}

int latt_report_table(FILE *f, const struct latt_sysinfo *sys,
		      const struct latt_metric_list *ml,
		      const struct latt_run_cfg *cfgs,
		      const struct latt_agg_cfg *rows,
		      const struct latt_verdict (*v)[LATT_METRICS_MAX],
		      size_t n, double level)
{
	struct latt_verdict (*sv)[LATT_METRICS_MAX];
	struct latt_metric_list shown;
	struct latt_agg_cfg *sr;
	int ret = -ENOMEM;

	sr = calloc(n ? n : 1, sizeof(*sr));
	sv = calloc(n ? n : 1, sizeof(*sv));
	if (sr && sv) {
		latt_report_shown(ml, rows, v, n, &shown, sr, sv);
		ret = table(f, sys, &shown, cfgs, sr,
			    (const struct latt_verdict (*)[LATT_METRICS_MAX])sv,
			    n, level);
	}
	free(sr);
	free(sv);
	return ret;
}
