// SPDX-License-Identifier: GPL-2.0-only
/*
 * The CSV table; see report/csv.h.
 */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "report/csv.h"
#include "base/escape.h"
#include "base/keys.h"
#include "base/parse.h"
#include "judge/aggregate.h"
#include "measure/hist.h"
#include "measure/stats.h"
#include "measure/wake.h"
#include "report/doc.h"
#include "run/result-stop.h"
#include "run/result.h"
#include "settings/config.h"
#include "trace/cmdlat.h"

void latt_csv_text(FILE *f, const char *text)
{
	const char *s = text ? latt_esc(text) : NULL;

	if (!s)
		return;
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

/* The next text field. */
static void text(FILE *f, const char *s)
{
	fputc(',', f);
	latt_csv_text(f, s);
}

static void put_uint(FILE *f, bool known, uint64_t v)
{
	if (known)
		fprintf(f, ",%llu", (unsigned long long)v);
	else
		fputc(',', f);
}

static void num(FILE *f, bool known, double v)
{
	if (known && !isnan(v))
		fprintf(f, ",%.1f", v);
	else
		fputc(',', f);
}

static uint64_t tv_ns(const struct timeval *tv)
{
	return (uint64_t)tv->tv_sec * 1000000000ULL +
	       (uint64_t)tv->tv_usec * 1000;
}

/* @v as it was read: the shortest text that reads back as @v. */
static void exact(FILE *f, double v)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%.15g", v);
	if (strtod(buf, NULL) != v)
		snprintf(buf, sizeof(buf), "%.17g", v);
	fprintf(f, ",%s", buf);
}

/*
 * The command's figures (--target-metric), a column each after the
 * fixed ones, named as the metrics: empty where this run has none.
 */
static void tmetric_cells(FILE *f, const struct latt_metric_list *ml,
			  const struct latt_result *r)
{
	size_t m, i;

	for (m = 0; m < ml->n; m++) {
		if (ml->m[m].kind != LATT_MK_TARGET)
			continue;
		for (i = 0; r->cmd.tm_read && i < r->cfg.ntm; i++)
			if (!strcmp(r->cfg.tm[i].name, ml->m[m].name))
				break;
		if (r->cmd.tm_read && i < r->cfg.ntm && r->cmd.tm[i].matches)
			exact(f, r->cmd.tm[i].value);
		else
			fputc(',', f);
	}
}

/*
 * The command's own waits: from a wakeup, their count, p50, p99 and
 * largest; from a preemption, their count and p99.  Empty where they
 * were not measured; a count of 0 and no figure where there were none.
 */
static void cmdwait_cells(FILE *f, const struct latt_result *r)
{
	const struct latt_cmdwaits *cw = &r->cmd.waits;
	bool on = latt_result_command_ran(r) && cw->measured && !cw->error;
	bool wk = on && cw->wakeup.hist.count, pr = on && cw->preempt.hist.count;

	put_uint(f, on, cw->wakeup.hist.count);
	put_uint(f, wk, latt_cmdwait_percentile(&cw->wakeup, 50));
	put_uint(f, wk, latt_cmdwait_percentile(&cw->wakeup, 99));
	put_uint(f, wk, cw->wakeup.max_ns);
	put_uint(f, on, cw->preempt.hist.count);
	put_uint(f, pr, latt_cmdwait_percentile(&cw->preempt, 99));
}

static void row(FILE *f, const struct latt_doc *d,
		const struct latt_result *r)
{
	const struct latt_stats *w = &r->measured.wake.stats;
	bool any = w->count > 0, kv = !r->measured.kview_error &&
		r->measured.kview_wakeups;
	bool tgt = latt_result_command_ran(r);
	bool kw = r->measured.kwait.wait.count > 0,
		kg = r->measured.kwait.gap.count > 0;
	int st = r->cmd.status;
	char buf[64], *set;
	struct tm tm;
	size_t i;

	latt_csv_text(f, d->label);
	text(f, r->cfg.name);
	put_uint(f, true, r->run);
	gmtime_r(&r->started.tv_sec, &tm);
	strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
	text(f, buf);
	text(f, latt_stop_key(r->end.why));
	put_uint(f, true, latt_result_complete(r));
	put_uint(f, true, (uint64_t)latt_result_exit_status(r));
	text(f, d->sys->kernel);
	text(f, d->sys->hostname);
	text(f, r->clock);
	text(f, latt_wake_name(r->cfg.mechanism));
	put_uint(f, true, r->cfg.threads);
	put_uint(f, true, r->cfg.clients);
	put_uint(f, true, r->cfg.min_wait_ns);
	put_uint(f, true, r->cfg.max_wait_ns);
	put_uint(f, true, r->cfg.work_bytes);
	put_uint(f, true, r->measured.elapsed_ns);
	put_uint(f, true, r->measured.cycles);
	put_uint(f, true, w->count);
	put_uint(f, any, w->min);
	put_uint(f, any, w->max);
	num(f, any, w->mean);
	num(f, w->count > 1, r->measured.wake.stdev);
	for (i = 0; i < LATT_DEFAULT_NPCTS; i++)
		put_uint(f, any, latt_percentile(&r->measured.wake.hist, w,
						 latt_default_pcts[i]));
	num(f, r->measured.work.stats.count, r->measured.work.stats.mean);
	put_uint(f, r->measured.work.stats.count,
		 latt_percentile(&r->measured.work.hist,
				 &r->measured.work.stats, 99));
	put_uint(f, r->measured.work.stats.count, r->measured.work.stats.max);
	put_uint(f, true, r->measured.stalled_cycles);
	put_uint(f, true, r->measured.unanswered);
	num(f, kv, r->derived.kview_wait_ns);
	if (kv)
		fprintf(f, ",%.3f", r->derived.kview_slices);
	else
		fputc(',', f);
	put_uint(f, r->measured.waker_late.count, r->measured.waker_late.max);
	num(f, r->sys.has_ctxt && r->measured.elapsed_ns, r->derived.ctxt_rate);
	text(f, tgt ? r->cmd.line : NULL);
	put_uint(f, tgt && WIFEXITED(st), tgt ? (uint64_t)WEXITSTATUS(st) : 0);
	put_uint(f, tgt && WIFSIGNALED(st), tgt ? (uint64_t)WTERMSIG(st) : 0);
	put_uint(f, tgt, r->cmd.wall_ns);
	put_uint(f, tgt, tv_ns(&r->cmd.rusage.ru_utime));
	put_uint(f, tgt, tv_ns(&r->cmd.rusage.ru_stime));
	set = latt_config_format(&r->cfg, NULL);
	text(f, set ? set : "(out of memory)");
	free(set);
	/* latt's own load, as a share (0..1) and whether it dominated. */
	if (r->derived.has_load)
		fprintf(f, ",%.6g", r->derived.load);
	else
		fputc(',', f);
	put_uint(f, true, latt_result_load_dominates(r));
	/* --kernel-view: the kernel's figure per wakeup, and latt above it. */
	put_uint(f, r->cfg.kernel_view, r->measured.kwait.wait.count);
	put_uint(f, kw, r->derived.kwait_p50);
	put_uint(f, kw, r->derived.kwait_p99);
	put_uint(f, kw, r->measured.kwait.wait.max);
	put_uint(f, kg, r->derived.kgap_p50);
	put_uint(f, kg, r->derived.kgap_p99);
	cmdwait_cells(f, r);
	tmetric_cells(f, d->metrics, r);
	fputc('\n', f);
}

int latt_csv_write(FILE *f, const struct latt_doc *d)
{
	char lbl[32];
	size_t i, j;

	fprintf(f, "%s", latt_csv_columns_head);
	for (i = 0; i < LATT_DEFAULT_NPCTS; i++)
		fprintf(f, ",%s_ns", latt_percentile_label(latt_default_pcts[i],
							  lbl, sizeof(lbl)));
	fprintf(f, ",%s", latt_csv_columns_tail);
	for (i = 0; i < d->metrics->n; i++)
		if (d->metrics->m[i].kind == LATT_MK_TARGET)
			fprintf(f, ",%s", d->metrics->m[i].name);
	fputc('\n', f);
	/* Configurations in order, their runs in order. */
	for (i = 0; i < d->ncfgs; i++)
		for (j = 0; j < d->n; j++)
			if (!strcmp(d->results[j].cfg.name, d->cfgs[i].name))
				row(f, d, &d->results[j]);
	if (fflush(f) || ferror(f))
		return errno ? -errno : -EIO;
	return 0;
}
