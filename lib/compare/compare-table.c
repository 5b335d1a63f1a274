// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt compare's table and distributions; see compare/compare-table.h.
 * The files in groups, a row per configuration of a group, its runs
 * from every file of the group: its values, its verdicts against the
 * first row, its distribution.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare-table.h"
#include "base/escape.h"
#include "compare/compare.h"
#include "judge/aggregate.h"
#include "judge/plan.h"
#include "judge/verdict.h"
#include "report/csv.h"
#include "report/report-table.h"

/* A row: one configuration of one group, its runs from all its files. */
struct row {
	const struct latt_cmp_group *g;
	const char *name;		/* the configuration's, escaped */
	const struct latt_cmp_cfg **cfg;	/* each file's of that name;
						   NULL: the file has none */
	const struct latt_cmp_cfg *first;	/* the first file's that has
						   it */
	size_t have;			/* the files that have it */
	struct latt_agg_cfg agg;
	struct latt_vcfg v;		/* as a verdict sees it */
};

/* The configuration @name of file @f; NULL: none of that name. */
static const struct latt_cmp_cfg *cfg_of(const struct latt_cmp_file *f,
					 const char *name)
{
	size_t j;

	for (j = 0; j < f->ncfgs; j++)
		if (!strcmp(f->cfgs[j].name, name))
			return &f->cfgs[j];
	return NULL;
}

/*
 * Row @r of configuration @c's name in group @g: the files that have
 * it (a file alone: @c itself).
 */
static int row_of(const struct latt_cmp_group *g, const struct latt_cmp_cfg *c,
		  struct row *r)
{
	size_t k;

	r->g = g;
	r->name = c->name;
	r->cfg = calloc(g->n, sizeof(*r->cfg));
	if (!r->cfg)
		return -ENOMEM;
	for (k = 0; k < g->n; k++) {
		r->cfg[k] = g->n == 1 ? c : cfg_of(&g->files[k], c->name);
		if (r->cfg[k] && !r->have++)
			r->first = r->cfg[k];
	}
	return 0;
}

/* Row @r as a verdict sees it, of its group's invocation, by @p. */
static int vbuild(const struct latt_metric_list *ml, struct row *r,
		  const struct latt_profile *p)
{
	r->v.invocation = (unsigned int)r->g->index;
	r->v.profile = p;
	return latt_cmp_vcfg(ml, (const struct latt_cmp_cfg *const *)r->cfg,
			     r->g->n, &r->agg, &r->v);
}

/*
 * Row @r: its values by the rules of run/result.h, from the runs of
 * every file of its group.
 */
static int build(const struct latt_metric_list *ml, struct row *r)
{
	return latt_cmp_agg(ml, r->name,
			    (const struct latt_cmp_cfg *const *)r->cfg,
			    r->g->n, &r->agg);
}

/* Text @s, escaped already, then spaces to @width columns. */
static void free_rows(struct row *rows, size_t n)
{
	size_t i;

	for (i = 0; rows && i < n; i++) {
		latt_vcfg_free(&rows[i].v);
		free(rows[i].cfg);
	}
	free(rows);
}

static void free_groups(struct latt_cmp_group *gs, size_t n)
{
	size_t g;

	for (g = 0; gs && g < n; g++)
		free(gs[g].label);
	free(gs);
}

/*
 * The groups of @files[0..n): @sizes[0..*ng) consecutive files each,
 * or (@sizes NULL) a file each, into *@ng; each with its label.  NULL:
 * out of memory.
 */
static struct latt_cmp_group *groups_of(const struct latt_cmp_file *files,
					size_t n, const size_t *sizes,
					size_t *ng)
{
	size_t g, k, at = 0, count = sizes ? *ng : n;
	struct latt_cmp_group *gs;
	bool same;

	gs = calloc(count ? count : 1, sizeof(*gs));
	if (!gs)
		return NULL;
	for (g = 0; g < count; g++) {
		struct latt_cmp_group *p = &gs[g];

		p->files = &files[at];
		p->n = sizes ? sizes[g] : 1;
		p->index = g;
		at += p->n;
		for (k = 1, same = true; k < p->n; k++)
			same &= !strcmp(p->files[k].label, p->files[0].label);
		if (same)
			p->label = strdup(p->files[0].label);
		else if (asprintf(&p->label, "%s +%zu", p->files[0].label,
				  p->n - 1) < 0)
			p->label = NULL;
		if (!p->label) {
			free_groups(gs, g);
			return NULL;
		}
	}
	*ng = count;
	return gs;
}

/*
 * The rows of groups @gs[0..ng): a group's configurations in the order
 * its files first have them, each with its values and (@judged) as a
 * verdict sees it (by the noise profile @p, NULL: the floors); into
 * *@nrows.  NULL: out of memory.
 */
static struct row *rows_of(const struct latt_metric_list *ml,
			   const struct latt_cmp_group *gs, size_t ng,
			   bool judged, const struct latt_profile *p,
			   size_t *nrows)
{
	size_t g, k, j, i, first, n = 0;
	struct row *rows;

	for (g = 0; g < ng; g++)
		for (k = 0; k < gs[g].n; k++)
			n += gs[g].files[k].ncfgs;
	rows = calloc(n ? n : 1, sizeof(*rows));
	if (!rows)
		return NULL;
	for (g = 0, n = 0; g < ng; g++)
		for (k = 0, first = n; k < gs[g].n; k++)
			for (j = 0; j < gs[g].files[k].ncfgs; j++) {
				const struct latt_cmp_cfg *c =
					&gs[g].files[k].cfgs[j];

				/* A file alone: each of its configurations. */
				for (i = first; gs[g].n > 1 && i < n; i++)
					if (!strcmp(rows[i].name, c->name))
						break;
				if (gs[g].n > 1 && i < n)
					continue;
				if (row_of(&gs[g], c, &rows[n]) ||
				    build(ml, &rows[n]) ||
				    (judged && vbuild(ml, &rows[n], p))) {
					free_rows(rows, n + 1);
					return NULL;
				}
				n++;
			}
	*nrows = n;
	return rows;
}

/*
 * Under the table, where some group has more than one file: once, what
 * its rows are (their invocations, what judges them); then each row
 * that only some files of its group have.
 */
static void group_notes(FILE *out, const struct latt_cmp_group *gs, size_t ng,
			const struct row *rows, size_t nrows, bool profiled)
{
	size_t g, i, k, size, next, more = 0;
	const char *sep = "";
	bool one = false;

	for (g = 0; g < ng; g++) {
		one |= gs[g].n == 1;
		more = gs[g].n > more ? gs[g].n : more;
	}
	if (more < 2)
		return;
	fputs("\nRows of ", out);
	/* The groups' sizes, each once, from the least. */
	for (size = 0; size < more; size = next) {
		for (g = 0, next = more; g < ng; g++)
			if (gs[g].n > size && gs[g].n < next)
				next = gs[g].n;
		fprintf(out, "%s%zu", !size ? "" : next == more ? " and " :
			", ", next);
	}
	/*
	 * A group of one file: its side's verdicts from the floors, or the
	 * profile (the line under the table names it).
	 */
	fprintf(out, " invocations each: verdicts from %s (latt-verdicts(7))"
		"\n", profiled ? "their invocations' spread with the profile's" :
		one ? "their invocations' spread, or floors" :
		"the spread of their invocations");
	for (i = 0; i < nrows; i++) {
		if (rows[i].have == rows[i].g->n)
			continue;
		fprintf(out, "%s %s is of %zu of its group's %zu files: not "
			"in ", rows[i].g->label, rows[i].name, rows[i].have,
			rows[i].g->n);
		for (k = 0, sep = ""; k < rows[i].g->n; k++)
			if (!rows[i].cfg[k]) {
				fprintf(out, "%s%s", sep,
					latt_esc(rows[i].g->files[k].path));
				sep = ", ";
			}
		fputc('\n', out);
	}
}

/* A number of the CSV: the shortest that reads back; empty for NaN. */
static void csv_num(FILE *out, double v)
{
	if (!isnan(v))
		fprintf(out, "%.9g", v);
	fputc(',', out);
}

/*
 * The CSV of latt_cmp_print(): a row per table row @tr[0..n) and metric
 * of @ml (those shown), its verdicts @v[i] (row 0: none).
 */
static void csv_rows(FILE *out, const struct latt_metric_list *ml,
		     const struct latt_table_row *tr, size_t n,
		     const struct latt_verdict (*v)[LATT_METRICS_MAX])
{
	const struct latt_verdict *vd;
	const struct latt_metric *mt;
	struct latt_need need;
	size_t i, m;
	bool judged;

	fputs("group,config,metric,value,unit,verdict,change,change_low,"
	      "change_high,level,same_within,same_low,same_high,more_runs,"
	      "more_invocations\n", out);
	for (i = 0; i < n; i++)
		for (m = 0; m < ml->n; m++) {
			mt = &ml->m[m];
			vd = &v[i][m];
			judged = i && mt->better != LATT_BETTER_NONE;
			latt_csv_text(out, tr[i].name[0]);
			fputc(',', out);
			latt_csv_text(out, tr[i].name[1]);
			fprintf(out, ",%s,", mt->name);
			csv_num(out, latt_metric_print_value(mt,
							     tr[i].agg->val[m].v));
			fprintf(out, "%s,", latt_metric_unit_name(mt));
			fprintf(out, "%s,", judged ?
				latt_verdict_token(vd->kind) : "");
			judged &= vd->kind != LATT_V_NONE;
			csv_num(out, judged ? vd->change : NAN);
			csv_num(out, judged ? vd->lo : NAN);
			csv_num(out, judged ? vd->hi : NAN);
			csv_num(out, judged ? vd->level : NAN);
			judged &= vd->within > 0;
			csv_num(out, judged ? vd->within : NAN);
			csv_num(out, judged ? vd->slo : NAN);
			csv_num(out, judged ? vd->shi : NAN);
			memset(&need, 0, sizeof(need));
			if (i)
				latt_verdict_need(vd, &need);
			if (need.runs)
				fprintf(out, "%u", need.runs);
			fputc(',', out);
			if (need.boots)
				fprintf(out, "%u", need.boots);
			fputc('\n', out);
		}
}

/*
 * The verdicts @v[1..nrows) of @rows against the first, at @level and
 * --same-within @within, what they find in @o (with those of the rows
 * of group @last), and each row's values in @aggs.  0 or -ENOMEM.
 */
static int judge_rows(const struct latt_metric_list *ml,
		      const struct row *rows, size_t nrows,
		      const struct latt_cmp_group *last, double level,
		      double within, struct latt_verdict (*v)[LATT_METRICS_MAX],
		      struct latt_agg_cfg *aggs, struct latt_cmp_outcome *o)
{
	size_t i, j;

	o->incomparable = false;
	memset(o->scaled, 0, sizeof(o->scaled));
	memset(o->more, 0, sizeof(o->more));
	o->got = 0;
	for (i = 0; i < nrows; i++) {
		if (i && latt_verdicts(ml, &rows[0].v, &rows[i].v, level,
				       v[i]))
			return -ENOMEM;
		if (i)
			latt_verdicts_within(ml, v[i], within);
		for (j = 0; i && j < ml->n; j++) {
			o->scaled[j] |= v[i][j].scaled;
			o->more[j] |= v[i][j].more;
		}
		aggs[i] = rows[i].agg;
		if (o->last && o->got < o->nlast && rows[i].g == last)
			memcpy(o->last[o->got++], v[i], sizeof(v[i]));
	}
	return 0;
}

/*
 * --fail-if of @o (if any) on the verdicts @v[0..nrows) of @rows, each
 * row named by its file or group and (unless @one) its configuration:
 * what fails it said and found.  0 or -ENOMEM.
 */
static int gate(const struct latt_metric_list *ml, const struct row *rows,
		size_t nrows, bool one,
		const struct latt_verdict (*v)[LATT_METRICS_MAX],
		struct latt_cmp_outcome *o)
{
	char **names, err[64];
	size_t i;
	int ret = 0;

	o->fails_worse = o->fails_same = false;
	if (!o->fail || nrows < 2)
		return 0;
	names = calloc(nrows, sizeof(*names));
	if (!names)
		return -ENOMEM;
	for (i = 0; !ret && i < nrows; i++) {
		if ((one ? asprintf(&names[i], "%s", rows[i].g->label) :
		     asprintf(&names[i], "%s %s", rows[i].g->label,
			      rows[i].name)) < 0) {
			names[i] = NULL;
			ret = -ENOMEM;
		}
	}
	if (ret)
		goto out;
	o->fails_worse = latt_fail_if_worse(o->fail, ml, (const char *const *)
					    names, v, nrows, o->say, err,
					    sizeof(err)) > 0;
	o->fails_same = latt_fail_if_not_same(o->fail, ml, (const char *const *)
					      names, v, nrows, o->say, err,
					      sizeof(err)) > 0;
out:
	for (i = 0; i < nrows; i++)
		free(names[i]);
	free(names);
	return ret;
}

int latt_cmp_print(FILE *out, const struct latt_metric_list *ml,
		   const struct latt_cmp_file *files, size_t n,
		   const size_t *sizes, size_t ngroups, double level,
		   double within, enum latt_cmp_form form,
		   const struct latt_profile *p, struct latt_cmp_outcome *o)
{
	bool wide = form == LATT_CMP_WIDE;
	struct latt_verdict (*v)[LATT_METRICS_MAX] = NULL;
	struct latt_verdict (*sv)[LATT_METRICS_MAX] = NULL;
	struct latt_agg_cfg *aggs = NULL, *sr = NULL;
	struct latt_table_row *tr = NULL;
	struct latt_table_marks marks;
	struct latt_metric_list shown;
	struct latt_table t = {
		.ml = &shown, .head = { "file", "config" }, .level = level,
		.wide = wide, .row_notes = true,
	};
	struct row *rows = NULL;
	struct latt_cmp_group *gs;
	size_t nrows = 0, ng = ngroups, i;
	bool one = true;
	int ret = -ENOMEM;

	gs = groups_of(files, n, sizes, &ng);
	if (gs)
		rows = rows_of(ml, gs, ng, true, p, &nrows);
	o->single = false;
	for (i = 0; gs && i < ng; i++)
		o->single |= gs[i].n == 1;
	if (!rows) {
		free_groups(gs, ng);
		return -ENOMEM;
	}
	/* One configuration a file, of one name: no config column. */
	for (i = 0; i < n; i++)
		one &= files[i].ncfgs == 1 && !strcmp(files[i].cfgs[0].name,
						      files[0].cfgs[0].name);
	for (i = 0; i < ng; i++)
		if (gs[i].n > 1)
			t.head[0] = "group";
	v = calloc(nrows ? nrows : 1, sizeof(*v));
	sv = calloc(nrows ? nrows : 1, sizeof(*sv));
	aggs = calloc(nrows ? nrows : 1, sizeof(*aggs));
	sr = calloc(nrows ? nrows : 1, sizeof(*sr));
	tr = calloc(nrows ? nrows : 1, sizeof(*tr));
	if (!v || !sv || !aggs || !sr || !tr)
		goto out;
	if (judge_rows(ml, rows, nrows, &gs[ng - 1], level, within, v, aggs,
		       o) ||
	    gate(ml, rows, nrows, one, (const struct latt_verdict (*)
					[LATT_METRICS_MAX])v, o))
		goto out;
	/* The columns some row has a value of, and their verdicts. */
	latt_table_shown(ml, aggs, (const struct latt_verdict (*)
			 [LATT_METRICS_MAX])v, nrows, &shown, sr, sv);
	for (i = 0; i < nrows; i++) {
		tr[i].name[0] = rows[i].g->label;
		tr[i].name[1] = rows[i].name;
		tr[i].agg = &sr[i];
		tr[i].v = sv[i];
	}
	if (one && !wide)
		t.head[1] = NULL;
	t.rows = tr;
	t.n = nrows;
	if (latt_cmp_header(form == LATT_CMP_CSV ? NULL : out, files, n, gs,
			    ng, wide, &o->incomparable))
		goto out;
	ret = 0;
	if (!out)
		goto out;
	if (form == LATT_CMP_CSV) {
		csv_rows(out, &shown, tr, nrows,
			 (const struct latt_verdict (*)[LATT_METRICS_MAX])sv);
	} else {
		latt_table_rows(out, &t, &marks);
		group_notes(out, gs, ng, rows, nrows, p != NULL);
		latt_table_notes(out, &t, &marks);
	}
	if (fflush(out) || ferror(out))
		ret = errno ? -errno : -EIO;
out:
	free(v);
	free(sv);
	free(aggs);
	free(sr);
	free(tr);
	free_rows(rows, nrows);
	free_groups(gs, ng);
	return ret;
}

static int cmp_bucket(const void *a, const void *b)
{
	uint64_t x = (*(const uint64_t (*)[2])a)[0];
	uint64_t y = (*(const uint64_t (*)[2])b)[0];

	return (x > y) - (x < y);
}

/* The histogram of run @r that --cdf shows: the clients' or @cmd's. */
static const struct latt_cmp_hist *cdf_hist(const struct latt_cmp_run *r,
					    bool cmd)
{
	return cmd ? &r->cmdwait : &r->hist;
}

/*
 * Row @r's distribution, the buckets of the runs that count, of every
 * file of its group, added up: the clients' wakeups, or (@cmd) the
 * command's own waits from a wakeup.  Nothing for a distribution
 * without a sample but one that says there is none, for the clients'
 * when the command's is there (-c 0).
 */
static int cdf_block(FILE *out, const struct row *r, bool cmd)
{
	uint64_t (*all)[2], total = 0, seen = 0, width, lo;
	const struct latt_cmp_file *f = NULL;
	const struct latt_cmp_hist *h;
	const struct latt_cmp_cfg *c;
	size_t i, j, n = 0, k, p, ncmd = 0;

	for (p = 0; p < r->g->n; p++)
		for (i = 0, c = r->cfg[p]; c && i < c->nruns; i++) {
			if (!latt_agg_counts(&c->runs[i].agg, &r->agg))
				continue;
			n += cdf_hist(&c->runs[i], cmd)->nbuckets;
			ncmd += c->runs[i].cmdwait.nbuckets;
		}
	if (!n && (cmd || ncmd))
		return 0;
	all = calloc(n ? n : 1, sizeof(*all));
	if (!all)
		return -ENOMEM;
	for (p = 0, k = 0; p < r->g->n; p++) {
		if (r->cfg[p] && !f)
			f = &r->g->files[p];
		for (i = 0, c = r->cfg[p]; c && i < c->nruns; i++) {
			if (!latt_agg_counts(&c->runs[i].agg, &r->agg))
				continue;
			h = cdf_hist(&c->runs[i], cmd);
			for (j = 0; j < h->nbuckets; j++) {
				all[k][0] = h->buckets[j][0];
				all[k][1] = h->buckets[j][1];
				total += all[k++][1];
			}
		}
	}
	qsort(all, n, sizeof(*all), cmp_bucket);
	fprintf(out, "# %s\t%s\t%s\t%s\t%s\n", r->g->label, r->name,
		f->fact[LATT_CF_KERNEL], r->first->command ?
		r->first->command : "", cmd ? "command" : "clients");
	fprintf(out, "# usec cdf tail\n");
	for (i = 0; i < n; i++) {
		lo = all[i][0];
		seen += all[i][1];
		/* The same bucket from several runs: one point. */
		if (i + 1 < n && all[i + 1][0] == lo)
			continue;
		width = lo < 128 ? 1 : 1ULL << (63 - __builtin_clzll(lo) - 6);
		fprintf(out, "%.3f %.9f %.9f\n", (double)(lo + width) / 1000.0,
			(double)seen / (double)total,
			(double)(total - seen) / (double)total);
	}
	fputs("\n\n", out);
	free(all);
	return 0;
}

int latt_cmp_cdf(FILE *out, const struct latt_metric_list *ml,
		 const struct latt_cmp_file *files, size_t n,
		 const size_t *sizes, size_t ngroups)
{
	struct row *rows = NULL;
	struct latt_cmp_group *gs;
	size_t ng = ngroups, nrows = 0, i;
	int ret = 0;

	gs = groups_of(files, n, sizes, &ng);
	if (gs)
		rows = rows_of(ml, gs, ng, false, NULL, &nrows);
	if (!rows) {
		free_groups(gs, ng);
		return -ENOMEM;
	}
	for (i = 0; !ret && i < nrows; i++) {
		ret = cdf_block(out, &rows[i], false);
		if (!ret)
			ret = cdf_block(out, &rows[i], true);
	}
	free_rows(rows, nrows);
	free_groups(gs, ng);
	if (!ret && (fflush(out) || ferror(out)))
		ret = errno ? -errno : -EIO;
	return ret;
}
