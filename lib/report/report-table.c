// SPDX-License-Identifier: GPL-2.0-only
/*
 * The table of configurations; see lib/report/report-table.h.  Its values
 * and marks are lib/judge/aggregate.c's and lib/judge/verdict.c's, as
 * every output's.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "report/report-table.h"
#include "base/escape.h"
#include "judge/aggregate.h"
#include "judge/verdict.h"

/* A compact cell: the value in 8 columns, then two marks. */
#define COMPACT_CELL	(LATT_CELL_WIDTH + 2)

/* The columns a table shows, and what its marks were. */
struct cols {
	size_t idx[LATT_METRICS_MAX];	/* into ml */
	size_t n;
	int wn[2];			/* the name columns' widths */
	struct latt_table_marks mk;
};

/*
 * A line of a table, built in memory (names may be long: a label of
 * latt compare's is up to LATT_CMP_STRING_MAX bytes), then printed
 * without its trailing blanks.  Without the memory, straight to @out.
 */
struct line {
	FILE *out, *f;
	char *s;
	size_t n;
};

static FILE *line_open(struct line *l, FILE *out)
{
	l->out = out;
	l->s = NULL;
	l->n = 0;
	l->f = open_memstream(&l->s, &l->n);
	return l->f ? l->f : out;
}

static void line_close(struct line *l)
{
	size_t n;

	if (!l->f) {
		fputc('\n', l->out);
		return;
	}
	if (fclose(l->f) || !l->s) {
		free(l->s);
		fputs("(out of memory)\n", l->out);
		return;
	}
	for (n = l->n; n && l->s[n - 1] == ' '; n--)
		;
	fprintf(l->out, "%.*s\n", (int)n, l->s);
	free(l->s);
}

/* Escaped text @s, then spaces to @width columns. */
static void pad(FILE *f, const char *s, int width)
{
	int w = (int)latt_esc_width(s);

	fprintf(f, "%s%*s", latt_esc(s), w < width ? width - w : 0, "");
}

/* Is @m the column the spread of the runs is shown beside (p99)? */
static bool spread_column(const struct latt_metric *m)
{
	return m->kind == LATT_MK_PCT && m->pct == 99;
}

/* "+" after a percentile the samples are too few for, "!" after a load
 * latt's own dominated: a value's mark. */
static char value_mark(const struct latt_metric *m,
		       const struct latt_agg_cfg *row, size_t k)
{
	const struct latt_value *v = &row->val[k];

	if (v->few && !isnan(v->v))
		return '+';
	if (m->kind == LATT_MK_LOAD && row->load_noted)
		return '!';
	return ' ';
}

/* Row @i's verdict mark on metric @k: none on the first row. */
static char verdict_mark(const struct latt_table *t, size_t i, size_t k)
{
	if (!i || t->ml->m[k].better == LATT_BETTER_NONE)
		return ' ';
	return latt_verdict_mark(&t->rows[i].v[k]);
}

/* Has some row a value of metric @k (of entries, a wakeup)? */
static bool has_value(const struct latt_table *t, size_t k)
{
	double v;
	size_t i;

	for (i = 0; i < t->n; i++) {
		v = t->rows[i].agg->val[k].v;
		if (!isnan(v) && (t->ml->m[k].kind != LATT_MK_ENTRIES || v > 0))
			return true;
	}
	return false;
}

/*
 * Add metric @k to the columns if it has a value and fits in *@room:
 * the clients' figures whether it does or not (take), the command's only
 * while they fit (fit).
 */
static void add_col(const struct latt_table *t, struct cols *c, size_t k,
		    int *room, bool must)
{
	size_t j;

	for (j = 0; j < c->n; j++)
		if (c->idx[j] == k)
			return;
	if ((!must && *room < COMPACT_CELL) || !has_value(t, k))
		return;
	c->idx[c->n++] = k;
	*room -= COMPACT_CELL;
}

static void take(const struct latt_table *t, struct cols *c, size_t k,
		 int *room)
{
	add_col(t, c, k, room, true);
}

static void fit(const struct latt_table *t, struct cols *c, size_t k,
		int *room)
{
	add_col(t, c, k, room, false);
}

/*
 * The percentiles the compact table shows of kind @kind: p50, else the
 * first -p asked for, into *@lo; p99, else the highest other, into *@hi
 * (ml->n where there is none).
 */
static void pct_cols(const struct latt_metric_list *ml,
		     enum latt_metric_kind kind, size_t *lo, size_t *hi)
{
	size_t k;

	*lo = *hi = ml->n;
	for (k = 0; k < ml->n; k++)
		if (ml->m[k].kind == kind && (ml->m[k].pct == 50 ||
					      *lo == ml->n))
			*lo = k;
	for (k = 0; k < ml->n; k++)
		if (ml->m[k].kind == kind && k != *lo &&
		    ml->m[k].pct != 50 && (*hi == ml->n ||
		    (ml->m[*hi].pct != 99 && (ml->m[k].pct == 99 ||
		     ml->m[k].pct > ml->m[*hi].pct))))
			*hi = k;
}

/*
 * The compact table's columns: entries, two percentiles (pct_cols), max,
 * then while they fit the command's own p99 (with -c 0, no client's
 * figure: its p50 and p99 whether they fit or not), its figures, or its
 * wall time when it has none.
 */
static void compact_cols(const struct latt_table *t, struct cols *c,
			 int room)
{
	const struct latt_metric_list *ml = t->ml;
	size_t k, lo, hi, clo, chi, n;
	bool targets = false;

	pct_cols(ml, LATT_MK_PCT, &lo, &hi);
	pct_cols(ml, LATT_MK_CMD_PCT, &clo, &chi);
	for (k = 0; k < ml->n; k++)
		if (ml->m[k].kind == LATT_MK_ENTRIES)
			take(t, c, k, &room);
	n = c->n;
	if (lo < ml->n)
		take(t, c, lo, &room);
	if (hi < ml->n)
		take(t, c, hi, &room);
	/* No client's percentile: the command's own are the figures. */
	if (c->n == n && clo < ml->n)
		take(t, c, clo, &room);
	for (k = 0; k < ml->n; k++)
		if (ml->m[k].kind == LATT_MK_MAX)
			take(t, c, k, &room);
	if (chi < ml->n && ml->m[chi].pct == 99)
		(c->n == n + 1 ? take : fit)(t, c, chi, &room);
	for (k = 0; k < ml->n; k++)
		if (ml->m[k].kind == LATT_MK_TARGET) {
			targets = true;
			fit(t, c, k, &room);
		}
	for (k = 0; !targets && k < ml->n; k++)
		if (ml->m[k].kind == LATT_MK_WALL)
			fit(t, c, k, &room);
}

/* The name columns of row @r, or (NULL) the values' or @ratios' heading. */
static void names(FILE *f, const struct latt_table *t, const struct cols *c,
		  const struct latt_table_row *r, bool ratios)
{
	pad(f, r ? r->name[0] : ratios ? "ratio" : t->head[0], c->wn[0]);
	if (t->head[1]) {
		fputs("  ", f);
		pad(f, r ? r->name[1] : ratios ? "" : t->head[1], c->wn[1]);
	}
}

/* A heading: the names', runs, each column's (the spread's, wide). */
static void heading(FILE *out, const struct latt_table *t,
		    const struct cols *c, bool ratios)
{
	struct line l;
	FILE *f = line_open(&l, out);
	size_t j;

	names(f, t, c, NULL, ratios);
	fprintf(f, " %4s", ratios ? "" : "runs");
	for (j = 0; j < c->n; j++) {
		const struct latt_metric *m = &t->ml->m[c->idx[j]];

		fprintf(f, " %*s %s", LATT_CELL_WIDTH - 1, m->head,
			t->wide ? "" : " ");
		if (t->wide && spread_column(m))
			fprintf(f, " %7s", ratios ? "" : "spread");
	}
	line_close(&l);
}

/*
 * Row @i: its values, each with its marks (compact: "+", then its
 * verdict; wide: "+" or "!"), or (@ratios) its ratios to the first row
 * marked with its verdicts.
 */
static void row(FILE *out, const struct latt_table *t, struct cols *c,
		size_t i, bool ratios)
{
	const struct latt_table_row *r = &t->rows[i];
	const struct latt_agg_cfg *a = r->agg, *first = t->rows[0].agg;
	struct line l;
	FILE *f = line_open(&l, out);
	char cell[64];
	size_t j;

	names(f, t, c, r, ratios);
	if (ratios)
		fprintf(f, " %4s", "");
	else
		fprintf(f, " %4u", a->runs);
	for (j = 0; j < c->n; j++) {
		size_t k = c->idx[j];
		const struct latt_metric *m = &t->ml->m[k];
		const struct latt_value *v = &a->val[k];
		char vm = value_mark(m, a, k), dm = verdict_mark(t, i, k);

		if (ratios) {
			vm = dm;
			dm = '\0';
		} else if (t->wide) {
			dm = '\0';
		}
		c->mk.few[k] |= vm == '+';
		c->mk.self |= vm == '!';
		c->mk.marked |= (ratios ? vm : dm) != ' ' && (ratios || !t->wide);
		latt_metric_cell(m, ratios ? latt_agg_ratio(v, &first->val[k])
				 : v->v, ratios, vm == '!' && !t->wide ? ' ' :
				 vm, cell, sizeof(cell));
		fputs(cell, f);
		if (dm)
			fputc(dm, f);
		if (!t->wide || !spread_column(m))
			continue;
		if (ratios || isnan(v->spread) || !(v->v > 0))
			fprintf(f, " %7s", ratios ? "" : "-");
		else
			fprintf(f, " %6.0f%%", 100 * v->spread / v->v);
	}
	/* Compact: latt's load has no column; its mark ends the row. */
	if (!t->wide && !ratios && a->load_noted) {
		fputs(" !", f);
		c->mk.self = true;
	}
	line_close(&l);
}

/* The columns of @t, and the name columns' widths. */
static void columns(const struct latt_table *t, struct cols *c)
{
	size_t i, k;
	int h, w;

	memset(c, 0, sizeof(*c));
	for (h = 0; h < (t->head[1] ? 2 : 1); h++) {
		c->wn[h] = (int)strlen(t->head[h]);
		for (i = 0; i < t->n; i++) {
			w = (int)latt_esc_width(t->rows[i].name[h]);
			c->wn[h] = w > c->wn[h] ? w : c->wn[h];
		}
	}
	if (!t->head[1] && c->wn[0] < 6)
		c->wn[0] = 6;
	if (t->wide) {
		for (k = 0; k < t->ml->n; k++)
			c->idx[c->n++] = k;
	} else {
		/* Names, runs, and the " !" a row may end with. */
		for (i = 0, w = 0; i < t->n; i++)
			w |= t->rows[i].agg->load_noted > 0;
		compact_cols(t, c, LATT_TABLE_COLS - c->wn[0] -
			     (t->head[1] ? c->wn[1] + 2 : 0) - 5 - 2 * w);
	}
	for (k = 0; k < c->n; k++) {
		c->mk.load |= t->ml->m[c->idx[k]].kind == LATT_MK_LOAD;
		c->mk.shown[c->idx[k]] = true;
	}
}

/* One note of a row, on a line of its own four spaces in past 100 columns. */
static void note(FILE *f, int *col, const char *fmt, ...)
{
	char buf[160];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (*col + 1 + n > LATT_TABLE_COLS) {
		fputs("\n   ", f);
		*col = 3;
	}
	*col += fprintf(f, " %s", buf);
}

/* See report/report-table.h. */
bool latt_table_row_notes(FILE *f, const struct latt_agg_cfg *a, bool load,
			  int col)
{
	bool any = (!a->runs && !a->left_out) || !a->complete ||
		   a->left_out || a->lagged || (load && a->load_noted);

	if (!f || !any)
		return any;
	if (!a->runs && !a->left_out)
		note(f, &col, "[not run]");
	else if (!a->complete)
		note(f, &col, "[no complete run: the numbers are of the %u "
		     "that measured, %u left out]", a->runs, a->left_out);
	else if (a->left_out)
		note(f, &col, "[%u run%s left out: not complete]",
		     a->left_out, a->left_out == 1 ? "" : "s");
	if (a->lagged)
		note(f, &col, "[the waker woke late in %u of %u runs: its "
		     "numbers miss the worst]", a->lagged, a->runs);
	if (load && a->load_noted)
		note(f, &col, "[latt measured itself in %u of %u runs]",
		     a->load_noted, a->runs);
	return any;
}

/*
 * Row @i's name as the verdict lines give it: its name columns, padded
 * to @w.  The columns written.
 */
static int vname(FILE *f, const struct latt_table *t, size_t i, int w)
{
	const struct latt_table_row *r = &t->rows[i];
	int n = (int)latt_esc_width(r->name[0]);

	fputs(latt_esc(r->name[0]), f);
	if (t->head[1]) {
		fprintf(f, " %s", latt_esc(r->name[1]));
		n += 1 + (int)latt_esc_width(r->name[1]);
	}
	fprintf(f, "%*s", w > n ? w - n : 0, "");
	return w > n ? w : n;
}

void latt_table_rows(FILE *f, const struct latt_table *t,
		     struct latt_table_marks *marks)
{
	struct cols last;
	bool any;
	size_t i;

	columns(t, &last);
	fprintf(f, "Wakeup latency in usec, the median of each "
		"configuration's runs\n\n");
	heading(f, t, &last, false);
	for (i = 0; i < t->n; i++)
		row(f, t, &last, i, false);
	if (t->wide) {
		fputc('\n', f);
		heading(f, t, &last, true);
		for (i = 0; i < t->n; i++)
			row(f, t, &last, i, true);
	}
	/* What is said of a row, under them all (a sweep: by its settings). */
	for (i = 0, any = false; t->row_notes && i < t->n; i++)
		if (latt_table_row_notes(NULL, t->rows[i].agg, t->wide && !last.mk.load,
			      0)) {
			if (!any)
				fputc('\n', f);
			any = true;
			latt_table_row_notes(f, t->rows[i].agg, t->wide && !last.mk.load,
				  vname(f, t, i, 0));
			fputc('\n', f);
		}
	*marks = last.mk;
}

/*
 * Why a verdict is missing, in the words the compact summary counts it
 * by: what it needs ("needs 2 runs each (-r 2)"), else the why before
 * its detail ("too few samples", "no value in the baseline").
 */
static void reason(const char *why, char *buf, size_t len)
{
	const char *needs = strstr(why, "needs ");
	size_t n;

	if (needs && (needs == why || needs[-1] == ' ') &&
	    !strchr(needs, ':') && needs[strlen(needs) - 1] == ')' &&
	    strstr(needs, "(-r")) {
		snprintf(buf, len, "%s", needs);
		return;
	}
	/* The max, or too few beyond a percentile: -l says which. */
	if (!strncmp(why, "too few samples", 15)) {
		snprintf(buf, len, "too few samples");
		return;
	}
	n = strcspn(why, "(:;");
	while (n && why[n - 1] == ' ')
		n--;
	snprintf(buf, len, "%.*s", (int)n, why);
}

#define REASONS_MAX	16

double latt_table_within(const struct latt_table *t)
{
	double w = 0;
	size_t i, k;

	for (i = 1; i < t->n; i++)
		for (k = 0; k < t->ml->n; k++)
			if (t->rows[i].v[k].within > w)
				w = t->rows[i].v[k].within;
	return w;
}

/*
 * Compact: the verdicts that are better or worse, a line each; the
 * others summed in one line, each reason said once.
 */
/* The reasons of the verdicts not given, after @col columns. */
static void reasons_line(FILE *f, char (*reasons)[96],
			 const unsigned int *counts, size_t nr,
			 unsigned int none, int col)
{
	size_t j;

	col += fprintf(f, "No verdict %u:", none);
	/* Within the table's 100 columns, continued two spaces in. */
	for (j = 0; j < nr; j++) {
		const char *semi = j + 1 < nr ? ";" : "";

		if (col + snprintf(NULL, 0, " %s: %u%s", reasons[j],
				   counts[j], semi) > LATT_TABLE_COLS) {
			fputs("\n ", f);
			col = 1;
		}
		col += fprintf(f, " %s: %u%s", reasons[j], counts[j], semi);
	}
	fputc('\n', f);
}

/* The can't-tell verdict nearest to telling: the fewest runs, else boots. */
struct near {
	size_t row, metric;
	struct latt_need need;
	double cost;
};

static void nearest(const struct latt_verdict *v, size_t row, size_t metric,
		    struct near *near)
{
	struct latt_need n;
	double cost;

	latt_verdict_need(v, &n);
	cost = n.runs ? n.runs : n.boots ? 1e6 * n.boots : INFINITY;
	if (cost < near->cost)
		*near = (struct near){ row, metric, n, cost };
}

static void summary(FILE *f, const struct latt_table *t, int w, int wm)
{
	struct near near = { .cost = INFINITY };
	char reasons[REASONS_MAX][96], text[256], r[96];
	unsigned int counts[REASONS_MAX] = { 0 }, unsure = 0, none = 0;
	unsigned int same = 0;
	size_t i, k, j, nr = 0;
	int col;

	for (i = 1; i < t->n; i++)
		for (k = 0; k < t->ml->n; k++) {
			const struct latt_verdict *v = &t->rows[i].v[k];

			if (t->ml->m[k].better == LATT_BETTER_NONE)
				continue;
			if (v->kind == LATT_V_UNSURE) {
				unsure++;
				nearest(v, i, k, &near);
				continue;
			}
			if (v->kind == LATT_V_SAME) {
				same++;
				continue;
			}
			if (v->kind == LATT_V_NONE) {
				none++;
				reason(v->why, r, sizeof(r));
				for (j = 0; j < nr && strcmp(reasons[j], r);
				     j++)
					;
				/* The last place for every reason after. */
				if (j == nr && nr == REASONS_MAX) {
					j = REASONS_MAX - 1;
					snprintf(reasons[j], sizeof(r),
						 "other reasons (-l)");
				} else if (j == nr) {
					snprintf(reasons[nr++], sizeof(r),
						 "%s", r);
				}
				counts[j]++;
				continue;
			}
			vname(f, t, i, w);
			fprintf(f, "  %-*s  %-7s  %s\n", wm, t->ml->m[k].name,
				latt_verdict_word(v->kind),
				latt_verdict_text(v, text, sizeof(text)));
		}
	col = 0;
	if (same)
		col = fprintf(f, "Same within +-%g%% %u%s", 100 *
			      latt_table_within(t), same, unsure || none ?
			      ". " : "\n");
	if (unsure)
		col += fprintf(f, "Can't tell %u%s", unsure,
			       none ? ". " : "\n");
	if (none)
		reasons_line(f, reasons, counts, nr, none, col);
	if (near.cost == INFINITY)
		return;
	/* Within the table's columns: what it needs on a line of its own. */
	col = fprintf(f, "The nearest to telling: %s", t->ml->m[near.metric].name);
	if (t->n > 2) {
		fputs(" of ", f);
		col += 4 + vname(f, t, near.row, 0);
	}
	latt_need_text(&near.need, text, sizeof(text));
	if (col + 1 + (int)strlen(text) + 11 > LATT_TABLE_COLS)
		fprintf(f, "\n  %s (-l: each)\n", text);
	else
		fprintf(f, " %s (-l: each)\n", text);
}

/* Metrics whose change (geometric means) and ratio (medians) disagree. */
static void apart(FILE *f, const struct latt_table *t)
{
	const char *sep = "A change is of the runs' geometric mean, the values "
			  "above of their median:\nthey point apart on ";
	const struct latt_verdict *v;
	size_t i, k;
	double r;

	for (k = 0; k < t->ml->n; k++)
		for (i = 1; i < t->n; i++) {
			v = &t->rows[i].v[k];
			r = t->rows[i].agg->val[k].v /
			    t->rows[0].agg->val[k].v - 1;
			if (v->kind == LATT_V_NONE || !(fabs(r) >= 5e-4) ||
			    fabs(v->change) < 5e-4 || (r > 0) == (v->change > 0))
				continue;
			fprintf(f, "%s%s", sep, t->ml->m[k].name);
			sep = ", ";
			break;
		}
	if (!strcmp(sep, ", "))
		fputs(" (the runs spread).\n", f);
}

/*
 * What the marks mean, for those the rows used: the command's figures'
 * directions (and those that had no room), "+", the verdicts', "!".
 * Wide: a blank line before each; compact: one before them all.
 */
static void legend(FILE *f, const struct latt_table *t,
		   const struct latt_table_marks *marks)
{
	const struct latt_metric_list *ml = t->ml;
	const char *sep = "\n", *more = "";
	double within = latt_table_within(t);
	char same[48] = "";
	size_t k;

	for (k = 0; k < ml->n; k++) {
		if (ml->m[k].kind != LATT_MK_TARGET || !marks->shown[k])
			continue;
		fprintf(f, "%s%s: the command's own figure (--target-metric), "
			"%s is better\n", sep, ml->m[k].name,
			ml->m[k].better == LATT_BETTER_HIGHER ? "higher" :
			"lower");
		sep = "";
	}
	for (k = 0; k < ml->n; k++)
		if (ml->m[k].kind == LATT_MK_TARGET && !marks->shown[k] &&
		    has_value(t, k)) {
			fprintf(f, "%s%s%s", *more ? "" : sep, more,
				ml->m[k].name);
			more = ", ";
			sep = "";
		}
	if (*more)
		fputs(": the command's own figures, no room for them (-l)\n",
		      f);
	for (k = 0, more = ""; k < ml->n; k++) {
		if (!marks->few[k])
			continue;
		fprintf(f, "%s%s%s needs %llu", *more ? "" : t->wide ? "\n" :
			sep, *more ? ", " : "+ from the max of a run with too few "
			"samples for that percentile: ", ml->m[k].head,
			(unsigned long long)latt_percentile_needs(ml->m[k].pct));
		more = "+";
		sep = "";
	}
	if (*more)
		fputc('\n', f);
	if (within > 0)
		snprintf(same, sizeof(same), "= same within +-%g%%, ",
			 100 * within);
	if (marks->marked)
		fprintf(f, "%sw worse, b better, %s~ can't tell, ? no verdict: "
			"against the first row, at %g%%%s\n",
			t->wide ? "\n" : sep, same, 100 * t->level,
			t->wide ? " for a row's metrics together" : "");
	sep = marks->marked && !t->wide ? "" : sep;
	if (marks->self)
		fprintf(f, "%s! latt measured itself in some of the row's "
			"runs: its clients queued, or its load dominated\n",
			t->wide ? "\n" : sep);
}

void latt_table_notes(FILE *f, const struct latt_table *t,
		      const struct latt_table_marks *marks)
{
	const struct latt_metric_list *ml = t->ml;
	size_t i, k, better = 0;
	int w = 6, wm = 6, n;
	char text[256];

	legend(f, t, marks);
	if (t->n < 2)
		return;
	for (i = 1; i < t->n; i++) {
		n = (int)latt_esc_width(t->rows[i].name[0]);
		if (t->head[1])
			n += 1 + (int)latt_esc_width(t->rows[i].name[1]);
		w = n > w ? n : w;
		for (k = 0; k < ml->n; k++)
			better += t->rows[i].v[k].kind == LATT_V_BETTER ||
				  t->rows[i].v[k].kind == LATT_V_WORSE;
	}
	for (k = 0; k < ml->n; k++)
		if ((int)strlen(ml->m[k].name) > wm)
			wm = (int)strlen(ml->m[k].name);
	fputs("\nVerdicts against ", f);
	vname(f, t, 0, 0);
	/* Compact: of every metric judged, columns or not. */
	if (!t->wide) {
		if (better)
			fprintf(f, " at %g%% on every metric: %zu better or "
				"worse\n", 100 * t->level, better);
		else
			fprintf(f, " at %g%% on every metric: none better or "
				"worse\n", 100 * t->level);
		summary(f, t, w, wm);
		apart(f, t);
		return;
	}
	fprintf(f, ", at %g%% for each row's metrics together:\n",
		100 * t->level);
	fprintf(f, "%-*s  %-*s  %-10s  %s\n", w, "config", wm, "metric",
		"verdict", "change [interval], or why none");
	for (i = 1; i < t->n; i++)
		for (k = 0; k < ml->n; k++) {
			if (ml->m[k].better == LATT_BETTER_NONE)
				continue;
			vname(f, t, i, w);
			fprintf(f, "  %-*s  %-10s  %s\n", wm, ml->m[k].name,
				latt_verdict_word(t->rows[i].v[k].kind),
				latt_verdict_text(&t->rows[i].v[k], text,
						  sizeof(text)));
		}
	apart(f, t);
}

void latt_table_shown(const struct latt_metric_list *ml,
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
