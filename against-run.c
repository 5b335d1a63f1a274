// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt --against; see against-run.h.  Each judgement reads the document
 * latt writes of the runs so far, from memory, as latt compare reads a
 * file: the line after a run and the table at the end are latt
 * compare's verdicts of the same numbers.
 */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/escape.h"
#include "base/util.h"
#include "compare/against.h"
#include "compare/compare.h"
#include "judge/aggregate.h"
#include "judge/sequential.h"
#include "judge/verdict-ask.h"
#include "judge/verdict.h"
#include "measure/sysinfo.h"
#include "report/doc.h"
#include "report/json.h"
#include "report/quiet.h"
#include "report/report-brief.h"
#include "run/result.h"
#include "against-run.h"
#include "options-check.h"

/* The metrics the line after a run shows. */
static const char *const shown[] = { "p50", "p99" };

/*
 * A baseline's configuration of no complete run (interrupted, or its
 * command failed) is judged by what its runs measured, as latt compare
 * does: said before anything runs.
 */
static void no_complete(const struct latt_cmp_file *f, const char *path)
{
	size_t c, r;

	for (c = 0; c < f->ncfgs; c++) {
		for (r = 0; r < f->cfgs[c].nruns; r++)
			if (f->cfgs[c].runs[r].agg.complete)
				break;
		if (f->cfgs[c].nruns && r == f->cfgs[c].nruns)
			fprintf(stderr, "latt: %s: configuration '%s' has no "
				"complete run (interrupted, or its command "
				"failed): judged by what its runs measured\n",
				latt_esc(path), latt_esc(f->cfgs[c].name));
	}
}

int latt_against_begin(struct against_run *ar, const struct latt_opts *o)
{
	struct latt_sysinfo sys;
	const char *kernel;
	char err[768];
	size_t i;

	memset(ar, 0, sizeof(*ar));
	if (!o->nagainst)
		return 0;
	latt_sysinfo_read(&sys, "");
	if (latt_against_open(&ar->a, (char *const *)o->against, o->nagainst,
			      o->profile, &sys, o->cfgs, o->ncfgs, err,
			      sizeof(err))) {
		fprintf(stderr, "latt: %s\n", err);
		latt_against_close(&ar->a);
		return LATT_EXIT_USAGE;
	}
	ar->on = true;
	for (i = 0; i < o->nagainst; i++) {
		ar->files[i].path = o->against[i];
		ar->files[i].sha256 = ar->a.files[i].sha256;
		/* The kernel is what differs, as a rule: said, not refused. */
		kernel = ar->a.files[i].fact[LATT_CF_KERNEL];
		fprintf(stderr, "latt: judged against %s, of %s%s%s\n",
			latt_esc(o->against[i]), strcmp(kernel, sys.kernel) ?
			"kernel " : "this kernel, ", kernel, strcmp(kernel,
			sys.kernel) ? " (this one is another)" : "");
		no_complete(&ar->a.files[i], o->against[i]);
	}
	if (o->profile) {
		ar->profile.path = o->profile;
		ar->profile.sha256 = ar->a.prof.sha256;
	}
	ar->lines = !o->quiet && !o->interval_ns && isatty(STDERR_FILENO);
	return 0;
}

void latt_against_doc(const struct against_run *ar, struct latt_doc *doc)
{
	if (!ar->on)
		return;
	doc->against = ar->files;
	doc->nagainst = ar->a.n;
	doc->profile = ar->profile;
}

/*
 * Judge @doc against the baseline: its table on @out (NULL: none), what
 * it found in @o and *@ml.  0 or -1 with one line in @err.
 */
static int judge(const struct against_run *ar, const struct latt_opts *o,
		 const struct latt_doc *doc, const char *name, FILE *out,
		 struct latt_metric_list *ml, struct latt_cmp_outcome *oc,
		 char *err, size_t len)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *ms, *in;
	int ret;

	ms = open_memstream(&buf, &size);
	if (!ms) {
		snprintf(err, len, "%s", strerror(errno));
		return -1;
	}
	ret = latt_json_write(ms, doc);
	if (fclose(ms) && !ret)
		ret = -ENOMEM;
	in = ret ? NULL : fmemopen(buf, size, "r");
	if (!in) {
		snprintf(err, len, "%s", strerror(ret ? -ret : errno));
		free(buf);
		return -1;
	}
	ret = latt_against_judge(&ar->a, in, name, out, o->extra &
				 LATT_REPORT_LONG, doc->level, o->same_within,
				 ml, oc, err, len);
	fclose(in);
	free(buf);
	return ret ? -1 : 0;
}

/*
 * One piece of a run's line on standard error, wrapped at 80 columns
 * (the words after indented two).
 */
static void __attribute__((format(printf, 2, 3)))
piece(struct latt_wrap *w, const char *fmt, ...)
{
	char text[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	latt_wrap_word(w, text);
}

void latt_against_line(const struct against_run *ar,
		       const struct latt_opts *o, const struct latt_doc *doc,
		       const struct latt_result *r, bool look)
{
	struct latt_cmp_outcome oc = { .nlast = LATT_CONFIGS_MAX };
	const struct latt_metric_list *lm = doc->metrics;
	struct latt_verdict (*last)[LATT_METRICS_MAX];
	struct latt_metric_list ml;
	struct latt_run_view view;
	struct latt_value val;
	struct latt_wrap w = { .f = stderr, .cols = 80, .indent = 2 };
	char err[512], text[256];
	size_t k, i, m;
	bool more;

	if (!ar->lines)
		return;
	for (k = 0; k < doc->ncfgs; k++)
		if (!strcmp(doc->cfgs[k].name, r->cfg.name))
			break;
	if (k == doc->ncfgs)
		return;
	last = calloc(LATT_CONFIGS_MAX, sizeof(*last));
	if (!last) {
		fprintf(stderr, "latt: --against: out of memory\n");
		return;
	}
	oc.last = last;
	if (judge(ar, o, doc, "this run", NULL, &ml, &oc, err, sizeof(err))) {
		fprintf(stderr, "latt: --against: %s\n", latt_esc(err));
		free(last);
		return;
	}
	latt_agg_view(r, &view);
	piece(&w, "latt: run %u of %s%u%s%s:", r->run, o->runs_auto ?
	      "at most " : "", o->runs, doc->ncfgs > 1 ? ", " : "",
	      doc->ncfgs > 1 ? latt_esc(r->cfg.name) : "");
	for (i = 0; i < 2; i++) {
		if ((m = latt_metrics_find(lm, shown[i])) == lm->n)
			continue;
		latt_agg_value(&lm->m[m], &view, &val);
		more = i == 0 && latt_metrics_find(lm, shown[1]) < lm->n;
		piece(&w, "%s %.1f (so far %.1f)%s", shown[i],
		      latt_metric_print_value(&lm->m[m], val.v),
		      latt_metric_print_value(&lm->m[m],
					      doc->agg[k].val[m].v),
		      more ? "," : " usec;");
	}
	if (o->runs_auto && !look) {
		for (i = r->run + 1; i < o->runs && !latt_seq_look(
			     (unsigned int)i, o->runs); i++)
			;
		piece(&w, "the next look after run %zu", i);
		fputc('\n', stderr);
		free(last);
		return;
	}
	if (o->runs_auto)
		piece(&w, "at %g%% against the baseline:", 100 * doc->level);
	else
		piece(&w, "against the baseline:");
	/* What more would tell is for the end (latt_auto_end()). */
	for (i = 0; i < 2 && k < oc.got; i++) {
		if ((m = latt_metrics_find(&ml, shown[i])) == ml.n)
			continue;
		piece(&w, "%s %s%s%s%s", shown[i],
		      latt_verdict_word(last[k][m].kind),
		      last[k][m].kind == LATT_V_NONE ? ": " : " ",
		      latt_verdict_brief(&last[k][m], text, sizeof(text)),
		      i == 0 && latt_metrics_find(&ml, shown[1]) < ml.n ?
		      ";" : "");
	}
	fputc('\n', stderr);
	free(last);
}

/*
 * The metrics --decide-on names (p50 and p99 without), of @ml, in @ask:
 * named as --fail-if names them, as the options were checked.  False
 * when @ml lacks one: nothing is decided without it.
 */
static bool decide_on(const struct latt_opts *o,
		      const struct latt_metric_list *ml, bool *ask)
{
	struct latt_fail_if f = { .nnames = o->ndecide ? o->ndecide : 2 };
	char err[64];
	size_t i;

	for (i = 0; i < f.nnames; i++)
		snprintf(f.names[i], sizeof(f.names[i]), "%s",
			 o->ndecide ? o->decide_on[i] : shown[i]);
	return !latt_fail_if_mask(&f, ml, ask, err, sizeof(err));
}

bool latt_decided(const struct latt_opts *o, const struct latt_metric_list *ml,
		  const struct latt_verdict (*v)[LATT_METRICS_MAX], size_t n,
		  unsigned int runs, bool *futile)
{
	bool ask[LATT_METRICS_MAX];

	*futile = false;
	if (!decide_on(o, ml, ask))
		return false;
	return latt_seq_decided(ask, ml->n, v, 1, n, runs, o->runs, true,
				o->level, o->same_within, futile);
}

bool latt_against_decided(const struct against_run *ar,
			  const struct latt_opts *o,
			  const struct latt_doc *doc, unsigned int runs,
			  bool *futile)
{
	struct latt_cmp_outcome oc = { .nlast = LATT_CONFIGS_MAX };
	struct latt_metric_list ml;
	bool ask[LATT_METRICS_MAX], done = false;
	char err[512];

	*futile = false;
	oc.last = calloc(LATT_CONFIGS_MAX, sizeof(*oc.last));
	if (!oc.last ||
	    judge(ar, o, doc, "this run", NULL, &ml, &oc, err, sizeof(err))) {
		free(oc.last);
		return false;
	}
	/* The baseline's runs are what they are: this side adds. */
	if (decide_on(o, &ml, ask))
		done = latt_seq_decided(ask, ml.n, (const struct latt_verdict
					(*)[LATT_METRICS_MAX])oc.last, 0,
					oc.got, runs, o->runs, false,
					o->level, o->same_within, futile);
	free(oc.last);
	return done;
}

int latt_interrupted(const struct latt_result *r)
{
	fprintf(stderr, "latt: ^C: stopped after run %u of '%s'\n", r->run,
		latt_esc(r->cfg.name));
	return 128 + SIGINT;
}

void latt_auto_end(FILE *f, const struct latt_opts *o,
		   const struct latt_metric_list *ml, const char *const *names,
		   const struct latt_verdict (*v)[LATT_METRICS_MAX],
		   size_t first, size_t n, unsigned int runs, const char *ended)
{
	bool ask[LATT_METRICS_MAX], unsure = false, told = false;
	struct latt_need need;
	size_t i, m, open = 0;
	char text[256];

	if (!decide_on(o, ml, ask))
		return;
	for (i = first; i < n; i++)
		for (m = 0; m < ml->n; m++)
			open += ask[m] && !latt_seq_decides(&v[i][m]);
	if (!open) {
		fprintf(f, "\n-r auto: decided after %u run%s.\n", runs,
			runs == 1 ? "" : "s");
		return;
	}
	ended = ended ? ended : "";
	fprintf(f, "\n-r auto: %u run%s, %s; left open:\n", runs,
		runs == 1 ? "" : "s", runs >= o->runs ? "the budget "
		"(--max-runs)" : !strcmp(ended, "interrupted") ? "stopped by "
		"^C" : !strcmp(ended, "max_time") ? "stopped by --max-time" :
		!strcmp(ended, "futile") ? "stopped: more runs up to the "
		"budget would not tell" : "stopped short of the budget");
	for (i = first; i < n; i++)
		for (m = 0; m < ml->n; m++) {
			if (!ask[m] || latt_seq_decides(&v[i][m]))
				continue;
			fprintf(f, "  %s", ml->m[m].name);
			if (n - first > 1)
				fprintf(f, " of %s", latt_esc(names[i]));
			latt_verdict_need_at(&v[i][m], o->level, &need);
			told |= need.runs || need.boots || need.beyond;
			unsure |= v[i][m].kind == LATT_V_UNSURE;
			if (v[i][m].kind == LATT_V_NONE)
				fprintf(f, ": no verdict, %s\n", v[i][m].why);
			else if (latt_need_text(&need, text, sizeof(text))[0])
				fprintf(f, ": %s\n", text);
			else
				fprintf(f, ": %s\n",
					latt_verdict_word(v[i][m].kind));
		}
	/* The looks' levels were the budget's share; a later compare's not. */
	if (told && fabs(v[first][0].row_level - o->level) > 1e-9)
		fprintf(f, "(What would tell is at %g%%, as latt compare judges "
			"the files; the table's, at %g%%.)\n", 100 * o->level,
			100 * v[first][0].row_level);
	/* Of a can't tell: a metric without a verdict is past its help. */
	if (unsure && !(o->same_within > 0))
		fprintf(f, "Identical sides are never decided without "
			"--same-within PCT (the same within +-PCT).\n");
}

/*
 * -q's line of each configuration @names[0..n) judged against the
 * files: "against=a.json config=NAME" (the files parted by commas), its
 * verdicts @v as a sweep's -q line has them, and with -r auto how the
 * runs ended (@ended).
 */
static void quiet_lines(FILE *f, const struct against_run *ar,
			const struct latt_opts *o,
			const struct latt_metric_list *ml,
			const char *const *names,
			const struct latt_verdict (*v)[LATT_METRICS_MAX],
			size_t n, const char *ended)
{
	size_t i, k;

	for (i = 0; i < n; i++) {
		for (k = 0; k < ar->a.n; k++)
			fprintf(f, "%s%s", k ? "," : "against=",
				latt_esc(ar->files[k].path));
		fprintf(f, " config=%s", latt_esc(names[i]));
		latt_quiet_verdicts(f, ml, v[i], o->runs_auto ? ended : NULL);
		fputc('\n', f);
	}
}

int latt_against_summary(const struct against_run *ar,
			 const struct latt_opts *o, const struct latt_doc *doc,
			 const char *name, FILE *out, unsigned int runs,
			 bool *worse, bool *differ)
{
	FILE *table = o->quiet ? NULL : out;
	const struct latt_fail_say say = { stderr, "latt", "row" };
	struct latt_cmp_outcome oc = {
		.nlast = LATT_CONFIGS_MAX,
		.fail = o->fail_if_given ? &o->fail_if : NULL, .say = &say,
	};
	const char *names[LATT_CONFIGS_MAX];
	struct latt_metric_list ml;
	char err[512];
	size_t m;
	int ret;

	*worse = *differ = false;
	if (!ar->on)
		return 0;
	if (table && fputc('\n', table) == EOF)
		return -EIO;
	oc.last = calloc(LATT_CONFIGS_MAX, sizeof(*oc.last));
	if (!oc.last)
		return -ENOMEM;
	ret = judge(ar, o, doc, name, table, &ml, &oc, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "latt: --against: %s\n", latt_esc(err));
		free(oc.last);
		return -EIO;
	}
	for (m = 0; m < doc->ncfgs && m < LATT_CONFIGS_MAX; m++)
		names[m] = doc->cfgs[m].name;
	if (table && o->runs_auto)
		latt_auto_end(table, o, &ml, names, (const struct latt_verdict
			      (*)[LATT_METRICS_MAX])oc.last, 0, oc.got, runs,
			      doc->ended);
	if (out && o->quiet)
		quiet_lines(out, ar, o, &ml, names, (const struct latt_verdict
			    (*)[LATT_METRICS_MAX])oc.last, oc.got,
			    doc->ended);
	free(oc.last);
	/* Said as judged (a metric the baseline lacks is not asked of). */
	*worse = oc.fails_worse;
	*differ = oc.fails_same;
	return 0;
}

void latt_against_end(struct against_run *ar)
{
	if (ar->on)
		latt_against_close(&ar->a);
	memset(ar, 0, sizeof(*ar));
}
