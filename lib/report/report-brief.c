// SPDX-License-Identifier: GPL-2.0-only
/*
 * The short report of one run; see lib/report/report-brief.h.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "base/parse.h"
#include "measure/hist.h"
#include "report/report-brief.h"
#include "report/report-explain.h"
#include "report/report-kernel.h"
#include "report/report-text.h"
#include "run/result-stop.h"
#include "run/result.h"
#include "settings/config.h"
#include "trace/cmdlat.h"

/* A line of the short report that wraps at 80 columns, indented. */
struct wrap {
	FILE *f;
	size_t col, indent;
};

static void wrap_put(struct wrap *w, const char *item)
{
	if (w->col + strlen(item) > 80 && w->col > w->indent) {
		fprintf(w->f, "\n%*s", (int)w->indent, "");
		w->col = w->indent;
	}
	fputs(item, w->f);
	w->col += strlen(item);
}

/*
 * The short report's line of the wakeup percentiles, "+" after one the
 * samples are too few for (the max).
 */
static void pct_line(FILE *f, const struct latt_result *r)
{
	const struct latt_series *s = &r->measured.wake;
	struct wrap w = { f, 6, 6 };
	char label[32], item[64];
	size_t i;

	fputs("Wakeup", f);
	for (i = 0; i < r->cfg.npcts; i++) {
		double us = usec(s->pct[i]);

		latt_percentile_label(r->cfg.pcts[i], label, sizeof(label));
		/* Whole usec from a millisecond up: the line stays short. */
		snprintf(item, sizeof(item), " %s %.*f%s%s", label,
			 us < 1000 ? 1 : 0, us, s->pct_needs[i] ? "+" : "",
			 i + 1 < r->cfg.npcts ? "," : " usec");
		wrap_put(&w, item);
	}
	fputc('\n', f);
}

/* The percentiles that are the max, said once: which, what they need. */
static void few_note(FILE *f, const struct latt_result *r)
{
	const struct latt_series *s = &r->measured.wake;
	struct wrap w = { f, 0, 1 };
	char label[32], item[96];
	size_t i, n = 0;

	for (i = 0; i < r->cfg.npcts; i++) {
		if (!s->pct_needs[i])
			continue;
		if (!n++) {
			snprintf(item, sizeof(item), "+ the max with %llu "
				 "sample%s:", (unsigned long long)
				 s->stats.count, s->stats.count == 1 ? "" :
				 "s");
			wrap_put(&w, item);
		}
		if (n > 1)
			wrap_put(&w, ",");
		latt_percentile_label(r->cfg.pcts[i], label, sizeof(label));
		snprintf(item, sizeof(item), " %s needs %llu", label,
			 (unsigned long long)s->pct_needs[i]);
		wrap_put(&w, item);
	}
	if (n)
		fputc('\n', f);
}

/*
 * The command's figures after its times: its own waits from a wakeup
 * (p50, p99, "+" where too few for it), each --target-metric ("-" where its output never gave it),
 * each after @sep.
 */
void latt_report_command_figures(FILE *f, const struct latt_result *r,
				  const char *sep)
{
	const struct latt_cmdwaits *cw = &r->cmd.waits;
	size_t i;

	/* "+": too few waits for it, the max (as the table marks it). */
	if (cw->measured && cw->wakeup.hist.count)
		fprintf(f, "%sown waits p50 %.1f%s, p99 %.1f%s usec", sep,
			usec(latt_cmdwait_percentile(&cw->wakeup, 50)),
			latt_percentile_few_of(cw->wakeup.hist.count, 50) ?
			"+" : "",
			usec(latt_cmdwait_percentile(&cw->wakeup, 99)),
			latt_percentile_few_of(cw->wakeup.hist.count, 99) ?
			"+" : "");
	for (i = 0; r->cmd.tm_read && i < r->cfg.ntm; i++)
		if (r->cmd.tm[i].matches)
			fprintf(f, "%s%s %.2f", sep, r->cfg.tm[i].name,
				r->cmd.tm[i].value);
		else
			fprintf(f, "%s%s -", sep, r->cfg.tm[i].name);
}

/*
 * @text in its parts, each with its @seps character of a "; " or ", "
 * (the next from its space): at "; " (@outer) first, a part too long
 * for a line of its own at its ", ".
 */
static void wrap_parts(struct wrap *w, const char *text, const char *seps,
		       bool outer)
{
	char item[256];
	const char *p, *end;
	size_t n;

	for (p = text; *p; p += n) {
		for (end = p + 1; *end && !(strchr(seps, *end) &&
					    end[1] == ' '); end++)
			;
		n = *end ? (size_t)(end - p) + 1 : strlen(p);
		snprintf(item, sizeof(item), "%.*s", (int)n, p);
		if (outer && w->col + n > 80 && w->indent + n > 80)
			wrap_parts(w, item, ",", false);
		else
			wrap_put(w, item);
	}
}

/*
 * The command on one line, wrapped at 80 columns after a "," or ";":
 * how it ended, its time, its own waits, its --target-metric figures.
 */
static void command_line(FILE *f, const struct latt_result *r)
{
	const struct latt_cmdwaits *cw = &r->cmd.waits;
	char st[LATT_STATUS_MAX], *line = NULL;
	struct wrap w = { f, 0, 3 };
	size_t len = 0;
	FILE *m = open_memstream(&line, &len);

	if (!m)
		return;
	fprintf(m, "Command: %s%s, %.2f s, cpu %.2f s",
		r->cmd.killed ? "stopped by latt, then " : "",
		latt_describe_status(r->cmd.status, st, sizeof(st)),
		secs(r->cmd.wall_ns), r->derived.target_cpu_s);
	if (!cw->measured && cw->error && cw->error != -ECANCELED)
		fputs("; own waits not measured", m);
	latt_report_command_figures(m, r, "; ");
	if (fclose(m)) {
		free(line);
		return;
	}
	wrap_parts(&w, line, ";", true);
	fputc('\n', f);
	free(line);
}

/* A note of the short report: wrapped at 80 columns, four spaces in. */
static void __attribute__((format(printf, 2, 3)))
say(FILE *f, const char *fmt, ...)
{
	struct wrap w = { f, 0, 3 };
	char buf[512], item[512];
	const char *p, *end;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	/* Word by word, each from its space. */
	for (p = buf; *p; p = end) {
		end = strchr(p + 1, ' ');
		if (!end)
			end = p + strlen(p);
		snprintf(item, sizeof(item), "%.*s", (int)(end - p), p);
		wrap_put(&w, item);
	}
	fputc('\n', f);
}

/*
 * What the short report says of the run beyond its numbers: one line a
 * note, only those that apply.
 */
static void brief_notes(FILE *f, const struct latt_result *r)
{
	char st[LATT_STATUS_MAX], sig[32];

	if (r->cmd.given)
		command_line(f, r);
	if (!latt_result_complete(r))
		say(f, "Status: %s",
		    latt_esc(latt_result_status(r, st, sizeof(st))));
	if (r->measured.stops)
		say(f, "Stopped %.3f s by %s (%u time%s): not in the "
		    "duration, %llu wakeup%s in flight left out",
		    secs(r->measured.stopped_ns),
		    latt_signal_name(r->measured.stopped_signal,
		    sig, sizeof(sig)), r->measured.stops,
		    r->measured.stops == 1 ? "" : "s",
		    (unsigned long long)r->measured.left_out,
		    r->measured.left_out == 1 ? "" : "s");
	if (r->measured.stalled_cycles)
		say(f, "Stalled: %llu cycle%s waited over %.1f s for an "
		    "answer", (unsigned long long)r->measured.stalled_cycles,
		    r->measured.stalled_cycles == 1 ? "" : "s",
		    (double)latt_stall_limit_ns(&r->cfg) / 1e9);
	if (r->measured.unanswered)
		say(f, "Unanswered: %llu wakeup%s not run a second after "
		    "the end", (unsigned long long)r->measured.unanswered,
		    r->measured.unanswered == 1 ? "" : "s");
	if (r->sys.disturbed[0])
		say(f, "Disturbed: %s changed from outside",
		    latt_esc(r->sys.disturbed));
	if (r->derived.load_queues)
		say(f, "Note: latt measured itself: %u clients queue on "
		    "%u CPU%s (-c %u leaves that out)", r->cfg.clients,
		    r->measured.load_cpus, r->measured.load_cpus == 1 ? "" :
		    "s",
		    r->measured.load_cpus);
	if (r->derived.load_busy)
		say(f, "Note: latt measured itself: it kept the CPUs "
		    "%.1f%% busy (less -x or -c)",
		    100 * r->derived.load);
	if (r->derived.waker_lagged)
		say(f, "Note: the waker woke up to %.1f usec late: the "
		    "numbers miss the worst", usec(r->measured.waker_late.max));
	if (latt_result_steal_noted(r))
		say(f, "Note: the hypervisor held the CPUs %.1f%% of the "
		    "time (steal)", 100 * latt_result_steal_share(r));
}

/*
 * The short report: latt-0.1's block, a line of percentiles, the notes
 * that apply, and what the options asked for.
 */
int latt_report_brief(FILE *f, const struct latt_result *r, unsigned int extra)
{
	if (r->measured.wake.stats.count) {
		fputc('\n', f);
		pct_line(f, r);
		few_note(f, r);
	}
	brief_notes(f, r);
	if (r->cfg.kernel_view && r->cfg.clients)
		latt_report_kernel(f, r);
	if (r->cfg.breaktrace_ns || r->trace.kept) {
		block(f, "Trace");
		latt_report_trace(f, r);
	}
	if (r->cfg.explain)
		latt_report_explained(f, r);
	if (extra & LATT_REPORT_CLIENTS)
		latt_report_clients(f, r);
	if (extra & LATT_REPORT_HIST)
		latt_report_hist(f, r);
	if (fflush(f) || ferror(f))
		return errno ? -errno : -EIO;
	return 0;
}
