/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The table of configurations, one writer for a sweep's report
 * (lib/report/report.c) and latt compare's (lib/compare/compare.c): a row per
 * configuration, its values each with its marks, then what the marks
 * mean and the verdicts in words.
 *
 * Compact (the default): runs, entries, p50, p99, max, the command's own
 * p99 and figures, each value marked "+" (from the max of a run with too
 * few samples) and with its verdict against the first row (w, b, ~, ?), in
 * 100 columns; the verdict lines only for what is better or worse, the
 * rest summed in one line.  Wide (--long): every metric, the spread of
 * the runs' p99, a second block of ratios to the first row marked with
 * the verdicts, and every verdict line.
 */
#ifndef LATT_REPORT_REPORT_TABLE_H
#define LATT_REPORT_REPORT_TABLE_H

#include <stdbool.h>
#include <stdio.h>

#include "judge/aggregate.h"
#include "judge/verdict.h"

/* The widest a compact table is made. */
#define LATT_TABLE_COLS	100

struct latt_table_row {
	const char *name[2];		/* its name columns (escaped when
					   printed); name[1] with two */
	const struct latt_agg_cfg *agg;	/* its values, as ml */
	const struct latt_verdict *v;	/* its verdicts against the first
					   row, as ml */
};

struct latt_table {
	const struct latt_metric_list *ml;	/* the metrics some row has
						   a value of */
	const char *head[2];		/* the name columns' headings; head[1]
					   NULL: one name column */
	const struct latt_table_row *rows;
	size_t n;
	double level;			/* of the verdicts */
	bool wide;			/* --long */
	bool row_notes;			/* under the rows, what is said of
					   each (else the caller says it) */
};

/* --same-within's bound in the verdicts of @t's rows: 0.05; 0 none. */
double latt_table_within(const struct latt_table *t);

/*
 * What a table shows of @ml: the metrics that some row of @rows[0..n)
 * has a value of (a column of "-" alone says nothing: a command's times
 * without a command, the clients' figures with -c 0), into @shown; the
 * rows' values moved to match into @out[0..n), and the verdicts @v
 * into @vout (unless @v is NULL).
 */
void latt_table_shown(const struct latt_metric_list *ml,
		      const struct latt_agg_cfg *rows,
		      const struct latt_verdict (*v)[LATT_METRICS_MAX],
		      size_t n, struct latt_metric_list *shown,
		      struct latt_agg_cfg *out,
		      struct latt_verdict (*vout)[LATT_METRICS_MAX]);

/* The marks the rows used, and whether latt's load had a column. */
struct latt_table_marks {
	bool few[LATT_METRICS_MAX];	/* "+" on ml's metric */
	bool marked;			/* a verdict's */
	bool self;			/* "!" */
	bool load;			/* the load column is shown (else a
					   caller says where a row's load
					   was noted) */
	bool shown[LATT_METRICS_MAX];	/* ml's metrics shown */
};

/* The title line and the rows (wide: then the ratios), into @marks. */
void latt_table_rows(FILE *f, const struct latt_table *t,
		     struct latt_table_marks *marks);

/*
 * Under the rows: the target metrics' directions, what the @marks mean,
 * and the verdicts against the first row in words.
 */
void latt_table_notes(FILE *f, const struct latt_table *t,
		      const struct latt_table_marks *marks);

/*
 * What is said of row @a beside its numbers, in brackets: not run, no
 * complete run, runs left out, a waker late, and (@load: no column nor
 * mark says it) latt's own load, after @col columns.  Whether there is
 * any (@f NULL).
 */
bool latt_table_row_notes(FILE *f, const struct latt_agg_cfg *a, bool load,
			  int col);

#endif /* LATT_REPORT_REPORT_TABLE_H */
