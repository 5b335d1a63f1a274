// SPDX-License-Identifier: GPL-2.0-only
/*
 * The text report; see report/report.h: one run's blocks, what
 * produced the numbers, and the whole report of a run or a sweep (the
 * short one in lib/report/report-brief.c, the table in
 * lib/report/report-table.c, what the kernel did in
 * lib/report/report-explain.c and report-kernel.c, the shape of a line,
 * the clients and the histogram in lib/report/report-text.c).
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "report/report.h"
#include "base/escape.h"
#include "base/parse.h"
#include "base/util.h"
#include "judge/aggregate.h"
#include "measure/clock.h"
#include "measure/hist.h"
#include "measure/sysinfo.h"
#include "measure/tmetric.h"
#include "measure/wake.h"
#include "report/doc.h"
#include "report/quiet.h"
#include "report/report-brief.h"
#include "report/report-explain.h"
#include "report/report-kernel.h"
#include "report/report-sweep.h"
#include "report/report-table.h"
#include "report/report-text.h"
#include "run/result-stop.h"
#include "run/result.h"
#include "settings/config.h"
#include "trace/cmdlat.h"

/*
 * One value in usec with @prec decimals, or "-" without samples: a run
 * that measured nothing must not read as one with no latency.
 */
static void value(FILE *f, const char *label, const struct latt_series *s,
		  int prec, double ns)
{
	if (s->stats.count)
		line(f, label, "%8.*f usec", prec, ns / 1000.0);
	else
		line(f, label, "%8s usec", "-");
}

static void averages(FILE *f, const char *title, const struct latt_series *s)
{
	block(f, title);
	value(f, "Max", s, 0, (double)s->stats.max);
	value(f, "Avg", s, 0, s->stats.mean);
	value(f, "Stdev", s, 0, s->stdev);
	value(f, "Stdev mean", s, 0, s->stdev_mean);
}

/*
 * The percentiles, and the max with the same precision as "Highest" (not
 * "Max": latt-0.1's parsers find its Max, Avg, Stdev once per series).
 * A percentile the samples are too few for is the max, and says so.
 */
static void percentiles(FILE *f, const char *title,
			const struct latt_result *r,
			const struct latt_series *s)
{
	char label[32];
	size_t i;

	block(f, title);
	value(f, "Min", s, 1, (double)s->stats.min);
	for (i = 0; i < r->cfg.npcts; i++) {
		latt_percentile_label(r->cfg.pcts[i], label, sizeof(label));
		if (s->stats.count && s->pct_needs[i])
			line(f, label, "%8.1f usec (the max: %s needs %llu "
			     "samples)", usec(s->pct[i]), label,
			     (unsigned long long)s->pct_needs[i]);
		else
			value(f, label, s, 1, (double)s->pct[i]);
	}
	value(f, "Highest", s, 1, (double)s->stats.max);
}

/*
 * Steal time: what the hypervisor took of the CPUs while measuring, by
 * CPU, and a note when it is large enough to be in the latency.
 */
static void steal_lines(FILE *f, const struct latt_result *r)
{
	char by[512];
	size_t o = 0;
	unsigned int i, n = 0;
	double share;

	if (!r->sys.has_steal || !r->measured.elapsed_ns)
		return;
	by[0] = '\0';
	for (i = 0; i < r->sys.steal_cpus && o < sizeof(by); i++) {
		if (!r->sys.steal_ns[i])
			continue;
		if (n++ == 8) {
			o += (size_t)snprintf(by + o, sizeof(by) - o, ", ...");
			break;
		}
		o += (size_t)snprintf(by + o, sizeof(by) - o, "%sCPU %u %.1f ms",
				      n > 1 ? ", " : "", i,
				      r->sys.steal_ns[i] / 1e6);
	}
	share = latt_result_steal_share(r);
	line(f, "Steal", "%8.1f ms%s%s (%.2f%% of %u CPUs' time; the "
	     "hypervisor's, counted in %.0f ms ticks)",
	     r->sys.steal_total_ns / 1e6, n ? ": " : "", by, 100 * share,
	     r->sys.steal_cpus, latt_sysinfo_tick_ns() / 1e6);
	if (latt_result_steal_noted(r))
		line(f, "Note", "the hypervisor held these CPUs %.1f%% of the "
		     "time: a wakeup that waited for it is in these numbers "
		     "(--explain says which)", 100 * share);
}

/*
 * latt's own load: its clients' and waker's CPU time over the run's
 * capacity, and a note when it dominates what was measured, with the
 * figures the rule compares (LATT_LOAD_QUEUE_PCT in run/result.h).
 */
static void load_block(FILE *f, const struct latt_result *r)
{
	block(f, "latt's load");
	if (!r->derived.has_load) {
		line(f, "Load", "not known (%s)", r->measured.kview_error ?
		     "no schedstat" : !r->measured.cycles ||
		     !r->measured.elapsed_ns ?
		     "nothing measured" : "the clients' CPUs not known");
		return;
	}
	line(f, "Clients CPU", "%8.1f usec per cycle (%u client%s; %.1f usec "
	     "per CPU they may use)", r->derived.cycle_cpu_ns / 1000.0,
	     r->cfg.clients, r->cfg.clients == 1 ? "" : "s",
	     r->derived.cycle_queue_ns / 1000.0);
	line(f, "Load", "%8.2f %% of %u CPU%s for %.3f s (CPU time: clients "
	     "%.1f ms, waker %.1f ms)", 100 * r->derived.load,
	     r->measured.load_cpus,
	     r->measured.load_cpus == 1 ? "" : "s",
	     secs(r->measured.elapsed_ns),
	     r->derived.clients_cpu_ns / 1e6, r->measured.waker_cpu_ns / 1e6);
	/*
	 * The queueing rule does not look at the load: a light one can
	 * queue (-x0 beside a CPU hog), and the note says so.
	 */
	if (r->derived.load_queues)
		line(f, "Note", "latt measured itself: %u clients queue on %u "
		     "CPU%s (at a load of %.2f%%); %s%u leaves that out",
		     r->cfg.clients, r->measured.load_cpus,
		     r->measured.load_cpus == 1 ? "" : "s",
		     100 * r->derived.load,
		     r->cfg.work_bytes ? "-x0 or -c" : "-c",
		     r->measured.load_cpus);
	if (r->derived.load_busy)
		line(f, "Note", "latt measured itself: it kept the CPUs %.2f%% "
		     "busy; less work (-x), fewer clients (-c) or longer "
		     "sleeps (-s/-S)", 100 * r->derived.load);
}

/* @bytes as -x takes it: "64k", "1m", "100b". */
static char *format_size(uint64_t bytes, char *buf, size_t len)
{
	if (bytes && !(bytes % (1ULL << 20)))
		snprintf(buf, len, "%llum", (unsigned long long)(bytes >> 20));
	else if (bytes && !(bytes % 1024))
		snprintf(buf, len, "%lluk", (unsigned long long)(bytes >> 10));
	else
		snprintf(buf, len, "%llub", (unsigned long long)bytes);
	return buf;
}

void latt_report_produced(FILE *f, const struct latt_doc *doc,
			  const struct latt_result *r, bool sweep)
{
	const struct latt_run_cfg *c = &r->cfg;
	char a[32], b[32], d[32], e[32], g[32], grace[32], *set;
	char pcts[LATT_PCT_MAX * 12];
	struct tm tm;

	latt_percentiles_text(c->pcts, c->npcts, pcts, sizeof(pcts));
	block(f, "Produced by");
	line(f, "Version", "latt %s", PACKAGE_VERSION);
	if (doc->label)
		line(f, "Label", "%s", doc->label);
	line(f, "Command line", "%s", doc->cmdline && *doc->cmdline ?
	     doc->cmdline : "unknown");
	line(f, "Kernel", "%s", doc->sys->kernel);
	line(f, "Host", "%s", doc->sys->hostname);
	line(f, "CPUs", "%8u", doc->sys->cpus);
	gmtime_r(&r->started.tv_sec, &tm);
	strftime(a, sizeof(a), "%Y-%m-%dT%H:%M:%SZ", &tm);
	line(f, "Started", "%s", a);
	/*
	 * In a sweep the mechanism and threads are each configuration's:
	 * its settings below name them.
	 */
	line(f, "Measurement", "min_wait=%s, max_wait=%s, clients=%u, "
	     "work=%s, duration=%s, warmup=%s, grace=%s, percentiles=%s, "
	     "clock=%s%s%s%s%s",
	     latt_format_duration(c->min_wait_ns, a, sizeof(a)),
	     latt_format_duration(c->max_wait_ns, b, sizeof(b)), c->clients,
	     format_size(c->work_bytes, d, sizeof(d)),
	     c->duration_ns ? format_time(c->duration_ns, e, sizeof(e)) :
	     "the command's",
	     format_time(c->warmup_ns, g, sizeof(g)),
	     format_time(c->grace_ns, grace, sizeof(grace)), pcts,
	     latt_clock_id_name(c->clock), sweep ? "" : ", mechanism=",
	     sweep ? "" : latt_wake_name(c->mechanism),
	     sweep ? "" : ", threads=", sweep ? "" : c->threads ? "yes" :
	     "no");
	if (c->breaktrace_ns || c->explain) {
		char bt[48] = "", ex[32] = "";

		if (c->breaktrace_ns)
			snprintf(bt, sizeof(bt), "breaktrace=%s",
				 format_time(c->breaktrace_ns, a, sizeof(a)));
		if (c->explain)
			snprintf(ex, sizeof(ex), "explain=%u", c->explain);
		if (r->trace.traced || r->trace.explain_traced)
			line(f, "Traced", "%s%s%s (the numbers carry the cost "
			     "of tracing)", bt, *bt && *ex ? ", " : "", ex);
		else
			line(f, "Traced", "no (%s%s%s asked for, but there was "
			     "no trace)", bt, *bt && *ex ? ", " : "", ex);
	}
	/* A sweep's table lists each configuration's settings. */
	if (sweep)
		return;
	line(f, "Configuration", "%s", c->name);
	set = latt_config_format(c, NULL);
	line(f, "Settings", "%s", !set ? "(out of memory)" : *set ? set :
	     "none (the system's)");
	free(set);
}

/*
 * latt was stopped during the run (^Z): for how long, by what, and the
 * wakeups in flight then, left out of the samples.
 */
static void stopped_line(FILE *f, const struct latt_result *r)
{
	char sig[32], times[32] = "", left[64] = "";

	if (r->measured.stops > 1)
		snprintf(times, sizeof(times), ", %u times", r->measured.stops);
	if (r->measured.left_out)
		snprintf(left, sizeof(left), "; %llu wakeup%s in flight left "
			 "out", (unsigned long long)r->measured.left_out,
			 r->measured.left_out == 1 ? "" : "s");
	line(f, "Stopped", "%8.3f s by %s%s (not in Duration, nor in -t)%s",
	     secs(r->measured.stopped_ns),
	     latt_signal_name(r->measured.stopped_signal, sig, sizeof(sig)),
	     times,
	     left);
}

/* One kind of the command's own waits, on a line. */
static void cmdwait_line(FILE *f, const char *name,
			 const struct latt_cmdwait *w)
{
	const struct latt_hist *h = &w->hist;

	if (!h->count) {
		line(f, name, "%8s", "none");
		return;
	}
	line(f, name, "%8.1f usec p50, %.1f p99, %.1f max (%" PRIu64
	     " wait%s)", usec(latt_cmdwait_percentile(w, 50)),
	     usec(latt_cmdwait_percentile(w, 99)), usec(w->max_ns),
	     h->count, h->count == 1 ? "" : "s");
}

/*
 * The command's own waits for a CPU: every task of its process tree,
 * from a wakeup to its run, and from a preemption to its next run.
 */
static void cmdwait_lines(FILE *f, const struct latt_cmdwaits *cw)
{
	if (!cw->measured) {
		/* --no-cmd-waits: not asked for, nothing to say. */
		if (cw->error && cw->error != -ECANCELED)
			line(f, "Own waits", "not measured: %s",
			     latt_esc(cw->why));
		return;
	}
	cmdwait_line(f, "Woken wait", &cw->wakeup);
	cmdwait_line(f, "Preempted wait", &cw->preempt);
	if (cw->untracked || cw->unended)
		line(f, "Not timed", "%" PRIu64 " task%s not followed (too "
		     "many), %" PRIu64 " wait%s whose end the kernel did not "
		     "trace", cw->untracked, cw->untracked == 1 ? "" : "s",
		     cw->unended, cw->unended == 1 ? "" : "s");
}

/*
 * The command's own figures (--target-metric): each with how it was
 * found, or that it was not: then the run failed.
 */
static void target_metrics(FILE *f, const struct latt_result *r)
{
	size_t i;

	if (!r->cmd.tm_read)
		return;
	for (i = 0; i < r->cfg.ntm; i++) {
		const struct latt_tmetric *tm = &r->cfg.tm[i];
		const struct latt_tmetric_value *v = &r->cmd.tm[i];
		unsigned long long n = v->matches;

		char skipped[64] = "";

		if (v->skipped)
			snprintf(skipped, sizeof(skipped), "; %llu line%s "
				 "skipped, too slow to search",
				 (unsigned long long)v->skipped,
				 v->skipped == 1 ? "" : "s");
		if (!v->matches)
			line(f, tm->name, "%8s (never found by '%s' in the "
			     "command's output%s%s%s%s: the run failed)", "-",
			     tm->regex, v->other ? ", only non-numbers such "
			     "as '" : "", v->other ? v->other_text : "",
			     v->other ? "'" : "", skipped);
		else
			line(f, tm->name, "%8.2f (%s of %llu match%s of '%s'; "
			     "%s is better%s%s)", v->value, tm->mode ==
			     LATT_TMETRIC_SUM ? "the sum" : "the last", n,
			     n == 1 ? "" : "es", tm->regex,
			     latt_tmetric_better_name(tm), skipped,
			     r->cmd.killed ? "; partial: latt stopped the "
			     "command before it ended" : "");
	}
}

/* The long report's Run block: the clock, the cycles, how the run went. */
static void run_block(FILE *f, const struct latt_result *r)
{
	char st[LATT_STATUS_MAX];

	block(f, "Run");
	if (r->clock_ghz)
		line(f, "Clock", "%s (%.3f GHz; %.1f ppm off monotonic at "
		     "the end)", r->clock, r->clock_ghz, r->clock_drift_ppm);
	else
		line(f, "Clock", "%s", r->clock);
	if (r->cfg.clients)
		line(f, "Mechanism", "%s%s", latt_wake_name(r->cfg.mechanism),
		     r->cfg.threads ? " (clients are threads)" : "");
	if (r->sys.scx_ops[0] && r->sys.scx_by_latt)
		line(f, "Scheduler", "sched_ext %s (started by latt: %s)",
		     latt_esc(r->sys.scx_ops),
		     latt_esc(r->cfg.system.scheduler));
	else if (r->sys.scx_ops[0])
		line(f, "Scheduler", "sched_ext %s (loaded before the run)",
		     latt_esc(r->sys.scx_ops));
	if (r->cfg.clients)
		line(f, "Cycles", "%8llu",
		     (unsigned long long)r->measured.cycles);
	if (r->derived.partial)
		line(f, "Partial cycle", "%8llu samples (the last cycle, cut "
		     "short; Entries logged = Cycles x clients + these)",
		     (unsigned long long)r->derived.partial);
	line(f, "Duration", "%8.3f s", secs(r->measured.elapsed_ns));
	line(f, "Status", "%s", latt_result_status(r, st, sizeof(st)));
	if (r->measured.stops)
		stopped_line(f, r);
	if (r->sys.disturbed[0])
		line(f, "Disturbed", "%s (changed from outside during the "
		     "run; left as found)", r->sys.disturbed);
	if (r->measured.stalled_cycles) {
		char made[64] = "";

		if (latt_result_not_made(r))
			snprintf(made, sizeof(made), " (about %llu not made)",
				 (unsigned long long)latt_result_not_made(r));
		line(f, "Stalled", "%8llu cycle%s waited over %.1f s for an "
		     "answer: %.3f s without wakeups%s",
		     (unsigned long long)r->measured.stalled_cycles,
		     r->measured.stalled_cycles == 1 ? "" : "s",
		     (double)latt_stall_limit_ns(&r->cfg) / 1e9,
		     (double)r->measured.stalled_ns / 1e9, made);
	}
	if (r->measured.unanswered)
		line(f, "Unanswered", "%8llu (woken, still not run a second "
		     "after the end; their whole wait counts)",
		     (unsigned long long)r->measured.unanswered);
	if (r->cfg.breaktrace_ns || r->trace.kept)
		latt_report_trace(f, r);
	if (r->sys.has_ctxt && r->measured.elapsed_ns)
		line(f, "System cs rate", "%8.0f /s", r->derived.ctxt_rate);
	steal_lines(f, r);
	if (r->derived.waker_lagged)
		line(f, "Waker late", "%8.1f usec at most, %.0f%% of the run "
		     "(the clients' numbers miss that time)",
		     usec(r->measured.waker_late.max),
		     100 * r->derived.waker_late_share);
}

/* The long report's Target block: the command, its times, its waits. */
static void target_block(FILE *f, const struct latt_result *r)
{
	char st[LATT_STATUS_MAX];

	block(f, "Target");
	line(f, "Command", "%s", r->cmd.line);
	line(f, "Exit", "%s%s",
	     latt_describe_status(r->cmd.status, st, sizeof(st)),
	     r->cmd.killed ? ", stopped by latt" : "");
	line(f, "Wall", "%8.3f s", secs(r->cmd.wall_ns));
	line(f, "User", "%8.3f s", latt_tv_secs(&r->cmd.rusage.ru_utime));
	line(f, "System", "%8.3f s", latt_tv_secs(&r->cmd.rusage.ru_stime));
	line(f, "Voluntary cs", "%8ld", r->cmd.rusage.ru_nvcsw);
	line(f, "Involuntary cs", "%8ld", r->cmd.rusage.ru_nivcsw);
	cmdwait_lines(f, &r->cmd.waits);
	target_metrics(f, r);
}

int latt_report_text(FILE *f, const struct latt_doc *d,
		     const struct latt_result *r, unsigned int extra)
{
	char smin[32], smax[32];

	fprintf(f, "\nParameters: min_wait=%s, max_wait=%s, clients=%u\n",
		latt_format_duration(r->cfg.min_wait_ns, smin, sizeof(smin)),
		latt_format_duration(r->cfg.max_wait_ns, smax, sizeof(smax)),
		r->cfg.clients);
	fprintf(f, "Entries logged: %llu\n",
		(unsigned long long)r->measured.wake.stats.count);
	/* Nothing measured: no blocks of dashes, one line that says so. */
	if (r->measured.wake.stats.count) {
		averages(f, "Wakeup averages", &r->measured.wake);
		averages(f, "Work averages", &r->measured.work);
	} else if (!r->cfg.clients) {
		fprintf(f, "No client (-c 0): the command's own waits are "
			"%s\n", extra & LATT_REPORT_LONG ? "under Target" :
			"on the Command line");
	} else {
		fprintf(f, "No wakeup was measured: the run ended before the "
			"first (see Status)\n");
	}
	if (!(extra & LATT_REPORT_LONG))
		return latt_report_brief(f, r, extra);
	if (r->measured.wake.stats.count) {
		percentiles(f, "Wakeup percentiles", r, &r->measured.wake);
		percentiles(f, "Work percentiles", r, &r->measured.work);
	}

	run_block(f, r);

	/* The clients' kernel figures and latt's load: none without. */
	if (r->cfg.clients) {
		latt_report_kernel(f, r);
		load_block(f, r);
	}
	if (r->cfg.explain)
		latt_report_explained(f, r);

	if (r->cmd.given)
		target_block(f, r);

	if (extra & LATT_REPORT_CLIENTS)
		latt_report_clients(f, r);
	if (extra & LATT_REPORT_HIST)
		latt_report_hist(f, r);
	latt_report_produced(f, d, r, false);
	if (fflush(f) || ferror(f))
		return errno ? -errno : -EIO;
	return 0;
}

void latt_report_verdict(FILE *f, const char *ctx, const struct latt_result *r)
{
	char why[LATT_STATUS_MAX];

	if (latt_result_verdict(r, why, sizeof(why))[0])
		fprintf(f, "latt: %s%s\n", latt_esc(ctx), latt_esc(why));
	else if (r->derived.waker_lagged)
		fprintf(f, "latt: %snote: the waker itself woke late (by up "
			"to %.1f usec, more than any client's latency; %.0f%% "
			"of the run): while it is late nobody is woken, so the "
			"clients' numbers miss the worst; give the waker "
			"priority (--waker-policy fifo) to measure it\n", ctx,
			usec(r->measured.waker_late.max),
			100 * r->derived.waker_late_share);
}

void latt_report_run_line(FILE *f, const struct latt_result *r,
			  unsigned int runs)
{
	const struct latt_series *w = &r->measured.wake;
	struct latt_run_view view;
	struct latt_metric p99;
	struct latt_value v;
	char st[LATT_STATUS_MAX], few[64] = "";

	fprintf(f, "run %u/%u %s: ", r->run, runs, r->cfg.name);
	/* -c 0: no client, no entries; the command's own waits alone. */
	if (latt_result_measured(r) && r->cfg.clients)
		fprintf(f, "entries %llu", (unsigned long long)w->stats.count);
	if (w->stats.count) {
		/* p99 as every output has it. */
		latt_metric_parse("p99", &p99);
		latt_agg_view(r, &view);
		latt_agg_value(&p99, &view, &v);
		if (v.few)
			snprintf(few, sizeof(few), " %s",
				 latt_metric_few(&p99, st, sizeof(st)));
		fprintf(f, ", max %.1f, avg %.1f, p99 %.1f usec%s",
			usec(w->stats.max), w->stats.mean / 1000.0,
			v.v / 1000.0, few);
	}
	if (latt_result_measured(r) && r->cmd.given && r->cmd.wall_ns)
		fprintf(f, "%scommand %.2f s, cpu %.2f s",
			r->cfg.clients ? "; " : "", secs(r->cmd.wall_ns),
			r->derived.target_cpu_s);
	if (latt_result_measured(r) && r->cmd.given)
		latt_report_command_figures(f, r, ", ");
	if (latt_result_measured(r) && r->sys.scx_ops[0])
		fprintf(f, "; sched_ext %s%s", latt_esc(r->sys.scx_ops),
			r->sys.scx_by_latt ? "" : " (loaded before the run)");
	fprintf(f, "%s%s\n", latt_result_measured(r) ? "; " : "",
		latt_esc(latt_result_status(r, st, sizeof(st))));
}

/* Was @r measured, with an output that still takes its report? */
static bool reportable(const struct latt_result *r)
{
	return latt_result_measured(r) && !latt_result_output_error(r);
}

int latt_report_run(FILE *f, const struct latt_report_opts *o,
		    const struct latt_result *r)
{
	if (!o->sweep || o->quiet || !reportable(r))
		return 0;
	latt_report_run_line(f, r, o->runs);
	if (o->extra & LATT_REPORT_CLIENTS)
		latt_report_clients(f, r);
	if (o->extra & LATT_REPORT_HIST)
		latt_report_hist(f, r);
	if (latt_result_broke(r) || r->trace.kept)
		latt_report_trace(f, r);
	if (r->cfg.explain)
		latt_report_explained(f, r);
	if ((o->extra & (LATT_REPORT_CLIENTS | LATT_REPORT_HIST)) ||
	    r->cfg.explain)
		fputc('\n', f);
	if (fflush(f) || ferror(f))
		return errno ? -errno : -EIO;
	return 0;
}

bool latt_report_due(const struct latt_doc *d)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		if (reportable(&d->results[i]))
			return true;
	return false;
}

/* The table of a sweep, over the runs it did, if any measured. */
static int sweep_table(FILE *f, const struct latt_report_opts *o,
		       const struct latt_doc *d)
{
	size_t i;
	int ret;

	for (i = 0; i < d->n; i++)
		if (latt_result_measured(&d->results[i]) &&
		    latt_result_measured_any(&d->results[i]))
			break;
	if (i == d->n)
		return 0;
	fprintf(f, "\nKernel %s on %s: %s, %u CPUs, %u NUMA node%s\n",
		latt_esc(d->sys->kernel), latt_esc(d->sys->hostname),
		latt_esc(d->sys->cpu_model), d->sys->cpus,
		d->sys->numa_nodes, d->sys->numa_nodes == 1 ? "" : "s");
	fprintf(f, "Clocksource %s, preemption %s, autogroup %s\n",
		latt_esc(d->sys->clocksource), latt_esc(d->sys->preempt),
		d->sys->autogroup < 0 ? "absent" :
		d->sys->autogroup ? "on" : "off");
	ret = latt_report_sweep_table(f, d->metrics, d->cfgs, d->agg,
				      d->verdicts, d->ncfgs, d->level,
				      o->extra & LATT_REPORT_LONG);
	if (ret)
		return ret;
	/* Started: the first run's start. */
	if (o->extra & LATT_REPORT_LONG)
		latt_report_produced(f, d, &d->results[0], true);
	if (fflush(f) || ferror(f))
		return errno ? -errno : -EIO;
	return 0;
}

int latt_report_write(FILE *f, const struct latt_report_opts *o,
		      const struct latt_doc *d)
{
	const struct latt_result *last = &d->results[d->n - 1];

	if (o->quiet)
		return latt_quiet_write(f, d->metrics, d->agg, d->verdicts,
					d->ncfgs, o->runs_auto ? d->ended :
					NULL);
	if (o->sweep)
		return sweep_table(f, o, d);
	/* After a failed -v write, that output is no place for a report. */
	if (!reportable(last))
		return 0;
	return latt_report_text(f, d, last, o->extra);
}
