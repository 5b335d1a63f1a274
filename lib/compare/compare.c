// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt compare; see compare/compare.h.  The documents read
 * (lib/compare/compare-read.c), side by side: the facts that decide
 * whether they compare, in the header above the table
 * (lib/compare/compare-table.c).
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"
#include "base/escape.h"

/* Each fact: its name in the header, its key in a noise profile. */
static const struct {
	const char *name, *key;
} facts[LATT_CF_COUNT] = {
	[LATT_CF_KERNEL] = { "kernel", "kernel" },
	[LATT_CF_PREEMPT] = { "preemption", "preemption" },
	[LATT_CF_AUTOGROUP] = { "autogroup", "autogroup" },
	[LATT_CF_HZ] = { "HZ", "hz" },
	[LATT_CF_PMQOS] = { "PM QoS", "pm_qos" },
	[LATT_CF_CLOCKSOURCE] = { "clocksource", "clocksource" },
	[LATT_CF_CPU_MODEL] = { "CPU model", "cpu_model" },
	[LATT_CF_CPUS] = { "CPUs", "cpus" },
	[LATT_CF_HOST] = { "host", "hostname" },
	[LATT_CF_VERSION] = { "latt", "latt" },
	[LATT_CF_CLIENTS] = { "clients", "clients" },
	[LATT_CF_WAIT] = { "wait", "wait" },
	[LATT_CF_WORK] = { "work", "work" },
	[LATT_CF_DURATION] = { "duration", "duration" },
	[LATT_CF_CLOCK] = { "clock", "clock" },
	[LATT_CF_MECHANISM] = { "mechanism", "mechanism" },
	[LATT_CF_COMMAND] = { "command", "command" },
	[LATT_CF_FOLLOWED] = { "own waits", "own_waits" },
	[LATT_CF_SCHEDULER] = { "scheduler", "scheduler" },
	[LATT_CF_LOAD] = { "latt's load", "load" },
};

const char *latt_cmp_fact_key(enum latt_cmp_fact f)
{
	return facts[f].key;
}

const char *latt_cmp_fact_name(enum latt_cmp_fact f)
{
	return facts[f].name;
}

int latt_cmp_agg(const struct latt_metric_list *ml, const char *name,
		 const struct latt_cmp_cfg *const *cfgs, size_t ncfgs,
		 struct latt_agg_cfg *agg)
{
	struct latt_agg_run *runs;
	size_t i, k, n = 0;
	int ret;

	for (k = 0; k < ncfgs; k++)
		n += cfgs[k] ? cfgs[k]->nruns : 0;
	runs = calloc(n ? n : 1, sizeof(*runs));
	if (!runs)
		return -ENOMEM;
	for (k = 0, n = 0; k < ncfgs; k++)
		for (i = 0; cfgs[k] && i < cfgs[k]->nruns; i++)
			runs[n++] = cfgs[k]->runs[i].agg;
	ret = latt_agg_cfg(ml, name, runs, n, agg);
	free(runs);
	return ret;
}

int latt_cmp_vcfg(const struct latt_metric_list *ml,
		  const struct latt_cmp_cfg *const *cfgs, size_t ncfgs,
		  const struct latt_agg_cfg *agg, struct latt_vcfg *v)
{
	size_t i, j, k, n = 0, nruns = 0;
	unsigned int inv = 0;

	v->agg = agg;
	for (k = 0; k < ncfgs; k++)
		for (i = 0; cfgs[k] && i < cfgs[k]->nruns; i++) {
			n += cfgs[k]->runs[i].nblocks > 1 ?
			     cfgs[k]->runs[i].nblocks : 1;
			nruns++;
		}
	v->runs = calloc(nruns + 1, sizeof(*v->runs));
	v->own_units = calloc(n + 1, sizeof(*v->own_units));
	if (!v->runs || !v->own_units)
		return -ENOMEM;
	for (k = 0, n = 0; k < ncfgs; k++) {
		const struct latt_cmp_cfg *c = cfgs[k];
		size_t before = v->nruns;

		for (i = 0; c && i < c->nruns; i++) {
			const struct latt_cmp_run *cr = &c->runs[i];
			struct latt_vrun *vr;

			if (!latt_agg_counts(&cr->agg, agg))
				continue;
			vr = &v->runs[v->nruns++];
			vr->agg = &cr->agg;
			vr->inv = inv;
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
		/* A file without a run that counts is no invocation. */
		if (v->nruns > before)
			inv++;
	}
	return latt_vcfg_ready(ml, v);
}

bool latt_cmp_twice(const struct latt_cmp_file *files, size_t n,
		    size_t *first, size_t *again)
{
	size_t i, j;

	for (j = 1; j < n; j++)
		for (i = 0; i < j; i++)
			if (!strcmp(files[i].sha256, files[j].sha256)) {
				*first = i;
				*again = j;
				return true;
			}
	return false;
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
 * The facts that must match among those that differ (@differ, by fact),
 * "clients, mechanism", into @buf; its length.
 */
static size_t unmatched_text(const bool *differ, char *buf, size_t len)
{
	size_t r, off = 0;

	buf[0] = '\0';
	for (r = 0; r < LATT_CF_COUNT && off < len; r++)
		if (differ[r] && latt_cmp_fact_must_match(r))
			off += (size_t)snprintf(buf + off, len - off, "%s%s",
						off ? ", " : "",
						facts[r].name);
	return off;
}

/*
 * Under the header: whether the files compare (@incomparable), and what
 * differs, in two lists: what must match (the machine, the clocks, the
 * measurement, latt's own load) and what is compared (the kernel and its
 * settings).
 */
static void verdict_of_facts(FILE *out, const bool *differ, size_t nfacts,
			     bool settings, bool incomparable)
{
	const char *sep = "";
	char list[256];
	size_t r, col;

	if (incomparable) {
		unmatched_text(differ, list, sizeof(list));
		col = (size_t)fprintf(out, "Not comparable: they differ in "
				      "%s", list);
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
				"differ in ", facts[r].name);
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
	    facts[r - 2].name, c ? 7 : wt);
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
 * Under the header: a line for each group of files that differ in a
 * fact or in a configuration's settings (@cfg[0..ncfg), their names),
 * which boots of one kernel and one setting would not.
 */
static void group_warnings(FILE *out, const struct latt_cmp_group *gs,
			   size_t ng, const char *const *cfg, size_t ncfg)
{
	const char *sep;
	bool settings;
	size_t g, r;

	for (g = 0; g < ng; g++) {
		sep = "";
		settings = false;
		for (r = 2; gs[g].n > 1 && r < 2 + LATT_CF_COUNT + ncfg; r++) {
			const char *c = r >= 2 + LATT_CF_COUNT ?
					cfg[r - 2 - LATT_CF_COUNT] : NULL;

			if ((c && settings) ||
			    !row_differs(gs[g].files, gs[g].n, r, c))
				continue;
			if (!*sep)
				fprintf(out, "Warning: the files of group %zu "
					"(%s) differ in ", g + 1, gs[g].label);
			fprintf(out, "%s%s", sep, c ? "settings" :
				facts[r - 2].name);
			settings |= c != NULL;
			sep = ", ";
		}
		if (*sep)
			fputs(": a group should be boots of one kernel, one "
			      "setting\n", out);
	}
}

bool latt_cmp_unmatched(const struct latt_cmp_file *files, size_t n,
			char *buf, size_t len)
{
	bool differ[LATT_CF_COUNT];
	size_t r;

	for (r = 0; r < LATT_CF_COUNT; r++)
		differ[r] = n > 1 && row_differs(files, n, r + 2, NULL);
	return unmatched_text(differ, buf, len) > 0;
}

int latt_cmp_header(FILE *out, const struct latt_cmp_file *files, size_t n,
		    const struct latt_cmp_group *gs, size_t ng, bool wide,
		    bool *incomparable)
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
	/* Whether they compare: a fact that must match differs. */
	*incomparable = false;
	for (r = 0; n > 1 && r < LATT_CF_COUNT; r++)
		*incomparable |= fact_differs[r] &&
				 latt_cmp_fact_must_match(r);
	/* Without a table, only that. */
	if (!out)
		goto out;
	/* The widths of the rows shown: compact, the files and what differs. */
	for (r = 0; r < nrows; r++) {
		if (!wide && r >= 2 && !differ[r])
			continue;
		t = ROW_CFG(r) ? strlen("config ") +
		    latt_esc_width(ROW_CFG(r)) : r < 2 ? 4 :
		    strlen(facts[r - 2].name);
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
	if (marked)
		fprintf(out, "* differs between the files\n");
	if (n > 1)
		verdict_of_facts(out, fact_differs, LATT_CF_COUNT, settings,
				 *incomparable);
	group_warnings(out, gs, ng, cfg, ncfg);
	fputc('\n', out);
out:
#undef ROW_CFG
	free(cfg);
	free(w);
	free(differ);
	return 0;
}
