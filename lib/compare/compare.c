// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt compare; see compare/compare.h.  The documents read
 * (lib/compare/compare-read.c), side by side: the header of facts, the table of
 * values and ratios, the distributions.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"
#include "base/escape.h"
#include "judge/aggregate.h"
#include "judge/verdict-noise.h"
#include "judge/verdict.h"
#include "report/report-table.h"

static const char *const fact_names[LATT_CF_COUNT] = {
	[LATT_CF_KERNEL] = "kernel",
	[LATT_CF_PREEMPT] = "preemption",
	[LATT_CF_AUTOGROUP] = "autogroup",
	[LATT_CF_HZ] = "HZ",
	[LATT_CF_PMQOS] = "PM QoS",
	[LATT_CF_CLOCKSOURCE] = "clocksource",
	[LATT_CF_CPU_MODEL] = "CPU model",
	[LATT_CF_CPUS] = "CPUs",
	[LATT_CF_HOST] = "host",
	[LATT_CF_VERSION] = "latt",
	[LATT_CF_CLIENTS] = "clients",
	[LATT_CF_WAIT] = "wait",
	[LATT_CF_WORK] = "work",
	[LATT_CF_DURATION] = "duration",
	[LATT_CF_CLOCK] = "clock",
	[LATT_CF_MECHANISM] = "mechanism",
	[LATT_CF_COMMAND] = "command",
	[LATT_CF_FOLLOWED] = "own waits",
	[LATT_CF_SCHEDULER] = "scheduler",
	[LATT_CF_LOAD] = "latt's load",
};

static const char *const fact_keys[LATT_CF_COUNT] = {
	[LATT_CF_KERNEL] = "kernel",
	[LATT_CF_PREEMPT] = "preemption",
	[LATT_CF_AUTOGROUP] = "autogroup",
	[LATT_CF_HZ] = "hz",
	[LATT_CF_PMQOS] = "pm_qos",
	[LATT_CF_CLOCKSOURCE] = "clocksource",
	[LATT_CF_CPU_MODEL] = "cpu_model",
	[LATT_CF_CPUS] = "cpus",
	[LATT_CF_HOST] = "hostname",
	[LATT_CF_VERSION] = "latt",
	[LATT_CF_CLIENTS] = "clients",
	[LATT_CF_WAIT] = "wait",
	[LATT_CF_WORK] = "work",
	[LATT_CF_DURATION] = "duration",
	[LATT_CF_CLOCK] = "clock",
	[LATT_CF_MECHANISM] = "mechanism",
	[LATT_CF_COMMAND] = "command",
	[LATT_CF_FOLLOWED] = "own_waits",
	[LATT_CF_SCHEDULER] = "scheduler",
	[LATT_CF_LOAD] = "load",
};

const char *latt_cmp_fact_key(enum latt_cmp_fact f)
{
	return fact_keys[f];
}

const char *latt_cmp_fact_name(enum latt_cmp_fact f)
{
	return fact_names[f];
}

bool latt_cmp_fact_must_match(enum latt_cmp_fact f)
{
	switch (f) {
	case LATT_CF_KERNEL:
	case LATT_CF_PREEMPT:
	case LATT_CF_AUTOGROUP:
	case LATT_CF_HZ:
	case LATT_CF_PMQOS:
	case LATT_CF_SCHEDULER:
	/* The workload beside the measurement, and how long it ran. */
	case LATT_CF_DURATION:
	case LATT_CF_COMMAND:
		return false;
	default:
		return true;
	}
}

/*
 * Is @text a value of fact @f that a difference can be of: not one a
 * file does not know (a HZ a short run could not tell), nor whether a
 * command was followed in a file without a command (its command is the
 * difference then).
 */
static bool known(int f, const char *text)
{
	return strcmp(text, "unknown") &&
	       (f != LATT_CF_FOLLOWED || strcmp(text, "-"));
}

/* A row: one configuration of one file. */
struct row {
	const struct latt_cmp_file *file;
	const struct latt_cmp_cfg *cfg;
	struct latt_agg_cfg agg;
	struct latt_vcfg v;		/* as a verdict sees it */
	char *name;			/* "LABEL CONFIG", escaped, whole */
};

int latt_cmp_vcfg(const struct latt_metric_list *ml,
		  const struct latt_cmp_cfg *c, const struct latt_agg_cfg *agg,
		  unsigned int inv, struct latt_vcfg *v)
{
	size_t i, j, n = 0;

	v->agg = agg;
	for (i = 0; i < c->nruns; i++)
		n += c->runs[i].nblocks > 1 ? c->runs[i].nblocks : 1;
	v->runs = calloc(c->nruns + 1, sizeof(*v->runs));
	v->own_units = calloc(n + 1, sizeof(*v->own_units));
	if (!v->runs || !v->own_units)
		return -ENOMEM;
	for (i = 0, n = 0; i < c->nruns; i++) {
		const struct latt_cmp_run *cr = &c->runs[i];
		struct latt_vrun *vr;

		if (!latt_agg_counts(&cr->agg, agg))
			continue;
		vr = &v->runs[v->nruns++];
		vr->agg = &cr->agg;
		vr->units = &v->own_units[n];
		if (cr->nblocks < 2) {
			v->own_units[n].b = (const uint64_t (*)[2])
					    cr->hist.buckets;
			v->own_units[n++].n = cr->hist.nbuckets;
			vr->nunits = 1;
			continue;
		}
		for (j = 0; j < cr->nblocks; j++) {
			v->own_units[n].b = (const uint64_t (*)[2])
					    cr->blocks[j].buckets;
			v->own_units[n++].n = cr->blocks[j].nbuckets;
		}
		vr->nunits = cr->nblocks;
	}
	v->invocation = inv;
	return latt_vcfg_ready(ml, v);
}

/* Row @r as a verdict sees it, of invocation @inv (its file). */
static int vbuild(const struct latt_metric_list *ml, struct row *r,
		  unsigned int inv)
{
	return latt_cmp_vcfg(ml, r->cfg, &r->agg, inv, &r->v);
}

/* Row @r: its values by the rules of run/result.h. */
static int build(const struct latt_metric_list *ml, struct row *r)
{
	const struct latt_cmp_cfg *c = r->cfg;
	struct latt_agg_run *runs;
	size_t i;
	int ret;

	runs = calloc(c->nruns ? c->nruns : 1, sizeof(*runs));
	if (!runs)
		return -ENOMEM;
	for (i = 0; i < c->nruns; i++)
		runs[i] = c->runs[i].agg;
	ret = latt_agg_cfg(ml, c->name, runs, c->nruns, &r->agg);
	free(runs);
	if (!ret && asprintf(&r->name, "%s %s", r->file->label, c->name) < 0) {
		r->name = NULL;
		ret = -ENOMEM;
	}
	return ret;
}

/* Text @s, escaped already, then spaces to @width columns. */
static void pad(FILE *out, const char *s, size_t width)
{
	size_t w = latt_esc_width(s);

	fputs(s, out);
	for (; w < width; w++)
		fputc(' ', out);
}

/* The header's row @r of file @f: its label, its path, a fact, settings. */
static const char *cell_text(const struct latt_cmp_file *f, size_t r,
			     const char *cfg)
{
	size_t j;

	if (r == 0)
		return f->label;
	if (r == 1)
		return latt_esc(f->path);
	if (r < 2 + LATT_CF_COUNT)
		return f->fact[r - 2];
	for (j = 0; j < f->ncfgs; j++)
		if (!strcmp(f->cfgs[j].name, cfg))
			return *f->cfgs[j].settings ? f->cfgs[j].settings :
			       "(none)";
	return "-";
}

/*
 * Under the header: whether the files compare, and what differs, in two
 * lists: what must match (the machine, the clocks, the measurement,
 * latt's own load) and what is compared (the kernel and its settings).
 */
static void verdict_of_facts(FILE *out, const bool *differ, size_t nfacts,
			     bool settings, bool *incomparable)
{
	const char *sep = "";
	size_t r, col;
	bool any = false;

	for (r = 0; r < nfacts; r++)
		if (differ[r] && latt_cmp_fact_must_match(r))
			any = true;
	*incomparable = any;
	if (any) {
		col = (size_t)fprintf(out, "Not comparable: they differ in ");
		for (r = 0; r < nfacts; r++)
			if (differ[r] && latt_cmp_fact_must_match(r)) {
				col += (size_t)fprintf(out, "%s%s", sep,
						       fact_names[r]);
				sep = ", ";
			}
		/* In 100 columns: the why on a line of its own if need be. */
		fprintf(out, ":%sa change below may come from those\n",
			col + 37 > 100 ? "\n" : " ");
	} else {
		fputs("Comparable: the same machine, clocks and measurement, "
		      "latt's load the same\n", out);
	}
	sep = "";
	for (r = 0; r < nfacts; r++)
		if (differ[r] && !latt_cmp_fact_must_match(r)) {
			fprintf(out, "%s%s", *sep ? sep : "Compared: they "
				"differ in ", fact_names[r]);
			sep = ", ";
		}
	if (settings) {
		fprintf(out, "%s%s", *sep ? sep : "Compared: they differ in ",
			"settings");
		sep = ", ";
	}
	if (*sep)
		fputc('\n', out);
}

/*
 * The header: a column per file, a row per fact that decides whether
 * their numbers compare (and per configuration name, its settings; not
 * @wide: only the rows that differ); a row whose values differ is
 * marked "*", and listed under it, saying whether they compare
 * (*@incomparable).  0 or -ENOMEM.
 */
/*
 * Does header row @r (@c: of that configuration's settings) differ: two
 * files that have the row, with other values?  A fact one of them does
 * not know (a HZ a short run could not tell) is no difference.
 */
static bool row_differs(const struct latt_cmp_file *files, size_t n,
			size_t r, const char *c)
{
	const char *a, *b;
	size_t i, k;

	for (i = 1; r >= 2 && i < n; i++)
		for (k = 0; k < i; k++) {
			a = cell_text(&files[i], r, c);
			b = cell_text(&files[k], r, c);
			if (strcmp(a, b) && (c ? strcmp(a, "-") && strcmp(b, "-") :
			    known((int)r - 2, a) && known((int)r - 2, b)))
				return true;
		}
	return false;
}

/* Header row @r: its mark, title, and each file's cell in @w[i] columns. */
static void header_row(FILE *out, const struct latt_cmp_file *files,
		       size_t n, size_t r, const char *c, bool differ,
		       const size_t *w, size_t wt)
{
	size_t i;

	fputs(differ ? "* " : "  ", out);
	pad(out, c ? "config " : r == 0 ? "" : r == 1 ? "file" :
	    fact_names[r - 2], c ? 7 : wt);
	if (c)
		pad(out, c, wt - 7);
	for (i = 0; i < n; i++) {
		fputs("  ", out);
		if (i + 1 < n)
			pad(out, cell_text(&files[i], r, c), w[i]);
		else
			fputs(cell_text(&files[i], r, c), out);
	}
	fputc('\n', out);
}

/*
 * The header: a column per file, a row per fact that decides whether
 * their numbers compare (and per configuration name, its settings; not
 * @wide: only the rows that differ); a row whose values differ is
 * marked "*", and listed under it, saying whether they compare
 * (*@incomparable).  0 or -ENOMEM.
 */
static int header(FILE *out, const struct latt_cmp_file *files, size_t n,
		  bool wide, bool *incomparable)
{
	bool fact_differs[LATT_CF_COUNT] = { false }, settings = false;
	bool marked = false, *differ;
	size_t *w, ncfg = 0, nrows, i, j, k, r, wt = 0, t;
	const char **cfg;

	for (i = 0; i < n; i++)
		ncfg += files[i].ncfgs;
	cfg = calloc(ncfg + 1, sizeof(*cfg));
	w = calloc(n + 1, sizeof(*w));
	differ = calloc(2 + LATT_CF_COUNT + ncfg, sizeof(*differ));
	if (!cfg || !w || !differ) {
		free(cfg);
		free(w);
		free(differ);
		return -ENOMEM;
	}
	/* Configuration names in order of first appearance. */
	for (i = 0, ncfg = 0; i < n; i++)
		for (j = 0; j < files[i].ncfgs; j++) {
			for (k = 0; k < ncfg; k++)
				if (!strcmp(cfg[k], files[i].cfgs[j].name))
					break;
			if (k == ncfg)
				cfg[ncfg++] = files[i].cfgs[j].name;
		}
	nrows = 2 + LATT_CF_COUNT + ncfg;
#define ROW_CFG(r)	((r) >= 2 + LATT_CF_COUNT ? \
			 cfg[(r) - 2 - LATT_CF_COUNT] : NULL)
	for (r = 0; r < nrows; r++) {
		differ[r] = row_differs(files, n, r, ROW_CFG(r));
		marked |= differ[r];
		if (differ[r] && r < 2 + LATT_CF_COUNT)
			fact_differs[r - 2] = true;
		else if (differ[r])
			settings = true;
	}
	/* The widths of the rows shown: compact, the files and what differs. */
	for (r = 0; r < nrows; r++) {
		if (!wide && r >= 2 && !differ[r])
			continue;
		t = ROW_CFG(r) ? strlen("config ") +
		    latt_esc_width(ROW_CFG(r)) : r < 2 ? 4 :
		    strlen(fact_names[r - 2]);
		wt = t > wt ? t : wt;
		for (i = 0; i < n; i++) {
			t = latt_esc_width(cell_text(&files[i], r,
						     ROW_CFG(r)));
			w[i] = t > w[i] ? t : w[i];
		}
	}
	for (r = 0; r < nrows; r++)
		if (wide || r < 2 || differ[r])
			header_row(out, files, n, r, ROW_CFG(r), differ[r], w,
				   wt);
#undef ROW_CFG
	if (marked)
		fprintf(out, "* differs between the files\n");
	if (n > 1)
		verdict_of_facts(out, fact_differs, LATT_CF_COUNT, settings,
				 incomparable);
	fputc('\n', out);
	free(cfg);
	free(w);
	free(differ);
	return 0;
}

static void free_rows(struct row *rows, size_t n)
{
	size_t i;

	for (i = 0; rows && i < n; i++) {
		latt_vcfg_free(&rows[i].v);
		free(rows[i].name);
	}
	free(rows);
}

int latt_cmp_print(FILE *out, const struct latt_metric_list *ml,
		   const struct latt_cmp_file *files, size_t n, double level,
		   bool wide, const struct latt_profile *p,
		   struct latt_cmp_outcome *o)
{
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
	struct row *rows;
	size_t nrows = 0, i, j;
	bool one = true;
	int ret = -ENOMEM;

	for (i = 0; i < n; i++)
		nrows += files[i].ncfgs;
	rows = calloc(nrows ? nrows : 1, sizeof(*rows));
	if (!rows)
		return -ENOMEM;
	nrows = 0;
	for (i = 0; i < n; i++) {
		/* One configuration a file, of one name: no config column. */
		one &= files[i].ncfgs == 1 && !strcmp(files[i].cfgs[0].name,
						      files[0].cfgs[0].name);
		for (j = 0; j < files[i].ncfgs; j++) {
			rows[nrows].file = &files[i];
			rows[nrows].cfg = &files[i].cfgs[j];
			if (build(ml, &rows[nrows]) ||
			    vbuild(ml, &rows[nrows], (unsigned int)i)) {
				free_rows(rows, nrows + 1);
				return -ENOMEM;
			}
			rows[nrows].v.profile = p;
			nrows++;
		}
	}
	v = calloc(nrows ? nrows : 1, sizeof(*v));
	sv = calloc(nrows ? nrows : 1, sizeof(*sv));
	aggs = calloc(nrows ? nrows : 1, sizeof(*aggs));
	sr = calloc(nrows ? nrows : 1, sizeof(*sr));
	tr = calloc(nrows ? nrows : 1, sizeof(*tr));
	if (!v || !sv || !aggs || !sr || !tr)
		goto out;
	memset(o, 0, sizeof(*o));
	for (i = 0; i < nrows; i++) {
		if (i && latt_verdicts(ml, &rows[0].v, &rows[i].v, level,
				       v[i]))
			goto out;
		for (j = 0; i && j < ml->n; j++)
			o->worse[j] |= v[i][j].kind == LATT_V_WORSE;
		aggs[i] = rows[i].agg;
	}
	/* The columns some row has a value of, and their verdicts. */
	latt_table_shown(ml, aggs, (const struct latt_verdict (*)
			 [LATT_METRICS_MAX])v, nrows, &shown, sr, sv);
	for (i = 0; i < nrows; i++) {
		tr[i].name[0] = rows[i].file->label;
		tr[i].name[1] = rows[i].cfg->name;
		tr[i].agg = &sr[i];
		tr[i].v = sv[i];
	}
	if (one && !wide)
		t.head[1] = NULL;
	t.rows = tr;
	t.n = nrows;
	if (header(out, files, n, wide, &o->incomparable))
		goto out;
	latt_table_rows(out, &t, &marks);
	latt_table_notes(out, &t, &marks);
	ret = 0;
	if (fflush(out) || ferror(out))
		ret = errno ? -errno : -EIO;
out:
	free(v);
	free(sv);
	free(aggs);
	free(sr);
	free(tr);
	free_rows(rows, nrows);
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
 * One configuration's distribution, its used runs' buckets added up:
 * the clients' wakeups, or (@cmd) the command's own waits from a
 * wakeup.  Nothing for a distribution without a sample but one that
 * says there is none, for the clients' when the command's is there
 * (-c 0).
 */
static int cdf_block(FILE *out, const struct latt_metric_list *ml,
		     const struct latt_cmp_file *f,
		     const struct latt_cmp_cfg *c, bool cmd)
{
	struct row r = { .file = f, .cfg = c };
	uint64_t (*all)[2], total = 0, seen = 0, width, lo;
	const struct latt_cmp_hist *h;
	size_t i, j, n = 0, k, ncmd = 0;

	if (build(ml, &r)) {
		free(r.name);
		return -ENOMEM;
	}
	free(r.name);
	for (i = 0; i < c->nruns; i++) {
		if (!latt_agg_counts(&c->runs[i].agg, &r.agg))
			continue;
		n += cdf_hist(&c->runs[i], cmd)->nbuckets;
		ncmd += c->runs[i].cmdwait.nbuckets;
	}
	if (!n && (cmd || ncmd))
		return 0;
	all = calloc(n ? n : 1, sizeof(*all));
	if (!all)
		return -ENOMEM;
	for (i = 0, k = 0; i < c->nruns; i++) {
		if (!latt_agg_counts(&c->runs[i].agg, &r.agg))
			continue;
		h = cdf_hist(&c->runs[i], cmd);
		for (j = 0; j < h->nbuckets; j++) {
			all[k][0] = h->buckets[j][0];
			all[k][1] = h->buckets[j][1];
			total += all[k++][1];
		}
	}
	qsort(all, n, sizeof(*all), cmp_bucket);
	fprintf(out, "# %s\t%s\t%s\t%s\t%s\n", f->label, c->name,
		f->fact[LATT_CF_KERNEL], c->command ? c->command : "",
		cmd ? "command" : "clients");
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
		 const struct latt_cmp_file *files, size_t n)
{
	size_t i, j;
	int ret;

	for (i = 0; i < n; i++)
		for (j = 0; j < files[i].ncfgs; j++) {
			ret = cdf_block(out, ml, &files[i], &files[i].cfgs[j],
					false);
			if (!ret)
				ret = cdf_block(out, ml, &files[i],
						&files[i].cfgs[j], true);
			if (ret)
				return ret;
		}
	if (fflush(out) || ferror(out))
		return errno ? -errno : -EIO;
	return 0;
}
