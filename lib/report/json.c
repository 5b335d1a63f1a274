// SPDX-License-Identifier: GPL-2.0-only
/*
 * The JSON document; see report/json.h and man/latt-json.5.
 *
 * Every value goes through json-c.  Times are integers of nanoseconds
 * (means and deviations: numbers with one decimal); what is not known is
 * null, never 0.
 */
#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "report/json.h"
#include "base/escape.h"
#include "base/parse.h"
#include "judge/aggregate.h"
#include "judge/verdict.h"
#include "measure/clock.h"
#include "measure/hist.h"
#include "measure/kwait.h"
#include "measure/stats.h"
#include "measure/sysinfo.h"
#include "measure/tmetric.h"
#include "measure/wake.h"
#include "report/doc.h"
#include "report/json-explain.h"
#include "report/json-schema.h"
#include "report/json-write.h"
#include "run/result-stop.h"
#include "run/result.h"
#include "settings/config.h"
#include "trace/cmdlat.h"

static jobj *jtime(const struct timespec *ts)
{
	char buf[32];
	struct tm tm;

	gmtime_r(&ts->tv_sec, &tm);
	strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
	return json_object_new_string(buf);
}

static jobj *system_obj(const struct latt_doc *d)
{
	const struct latt_sysinfo *s = d->sys;
	jobj *o = json_object_new_object();

	add(o, "kernel", jstr(s->kernel));
	add(o, "hostname", jstr(s->hostname));
	add(o, "cpu_model", jstr(s->cpu_model));
	add(o, "cpus", juint(s->cpus));
	add(o, "numa_nodes", juint(s->numa_nodes));
	add(o, "clocksource", jstr(s->clocksource));
	add(o, "preemption", jstr(s->preempt));
	add(o, "autogroup", s->autogroup < 0 ? NULL :
	    json_object_new_boolean(s->autogroup));
	add(o, "pm_qos_us", s->pm_qos_us < 0 ? NULL :
	    json_object_new_int64(s->pm_qos_us));
	add(o, "hz", d->hz ? juint(d->hz) : NULL);
	return o;
}

static jobj *parameters_obj(const struct latt_run_cfg *c)
{
	jobj *o = json_object_new_object(), *p = json_object_new_array();
	size_t i;

	add(o, "clients", juint(c->clients));
	add(o, "min_wait_ns", juint(c->min_wait_ns));
	add(o, "max_wait_ns", juint(c->max_wait_ns));
	add(o, "work_bytes", juint(c->work_bytes));
	add(o, "duration_ns", c->duration_ns ? juint(c->duration_ns) : NULL);
	add(o, "warmup_ns", juint(c->warmup_ns));
	add(o, "grace_ns", juint(c->grace_ns));
	add(o, "clock", jstr(latt_clock_id_name(c->clock)));
	add(o, "mechanism", jstr(latt_wake_name(c->mechanism)));
	add(o, "threads", json_object_new_boolean(c->threads));
	for (i = 0; i < c->npcts; i++)
		json_object_array_add(p, jnum_exact(c->pcts[i]));
	add(o, "percentiles", p);
	add(o, "command", c->cmd_argc ? jstr(c->cmd_display) : NULL);
	add(o, "breaktrace_ns", c->breaktrace_ns ? juint(c->breaktrace_ns) :
	    NULL);
	add(o, "explain", c->explain ? juint(c->explain) : NULL);
	return o;
}

/* One [low, count] pair of a sparse histogram, added to @h. */
static void add_pair(jobj *h, uint64_t low, uint64_t count)
{
	jobj *pair = json_object_new_array();

	json_object_array_add(pair, juint(low));
	json_object_array_add(pair, juint(count));
	json_object_array_add(h, pair);
}

/* A series: summary, percentiles, sparse histogram. */
static jobj *series_obj(const struct latt_series *s,
			 const struct latt_run_cfg *c)
{
	jobj *o = json_object_new_object(), *p, *h;
	const struct latt_stats *st = &s->stats;
	bool any = st->count > 0;
	unsigned int i;

	add(o, "count", juint(st->count));
	add(o, "min_ns", any ? juint(st->min) : NULL);
	add(o, "max_ns", any ? juint(st->max) : NULL);
	add(o, "mean_ns", any ? jnum(st->mean) : NULL);
	add(o, "stdev_ns", st->count > 1 ? jnum(s->stdev) : NULL);
	add(o, "stdev_mean_ns", st->count > 1 ? jnum(s->stdev_mean) : NULL);
	p = json_object_new_array();
	for (i = 0; i < c->npcts; i++) {
		jobj *e = json_object_new_object();

		add(e, "p", jnum_exact(c->pcts[i]));
		add(e, "ns", any ? juint(s->pct[i]) : NULL);
		add(e, "measured", json_object_new_boolean(any &&
							   !s->pct_needs[i]));
		json_object_array_add(p, e);
	}
	add(o, "percentiles", p);
	h = json_object_new_array();
	for (i = 0; i < LATT_HIST_BUCKETS; i++)
		if (s->hist.buckets[i])
			add_pair(h, latt_hist_bucket_low(i),
				 s->hist.buckets[i]);
	add(o, "histogram", h);
	return o;
}

/* A sparse histogram: [low, count] pairs. */
static jobj *sparse_arr(const uint64_t (*b)[2], size_t n)
{
	jobj *h = json_object_new_array();
	size_t i;

	for (i = 0; i < n; i++)
		add_pair(h, b[i][0], b[i][1]);
	return h;
}

/* Steal time while measuring, by CPU: null where /proc/stat has none. */
static jobj *steal_obj(const struct latt_result *r)
{
	jobj *o, *a, *c;
	unsigned int i;

	if (!r->sys.has_steal)
		return NULL;
	o = json_object_new_object();
	add(o, "ns", juint(r->sys.steal_total_ns));
	add(o, "share", r->measured.elapsed_ns ?
	    jnum(latt_result_steal_share(r)) :
	    NULL);
	add(o, "tick_ns", juint(latt_sysinfo_tick_ns()));
	a = json_object_new_array();
	for (i = 0; i < r->sys.steal_cpus; i++) {
		c = json_object_new_object();
		add(c, "cpu", juint(i));
		add(c, "ns", juint(r->sys.steal_ns[i]));
		json_object_array_add(a, c);
	}
	add(o, "by_cpu", a);
	return o;
}

/* The samples in time (run/result.h): null when none were kept. */
static jobj *blocks_obj(const struct latt_blocks *b)
{
	jobj *o, *a;
	unsigned int i;

	if (!b->nsparse)
		return NULL;
	o = json_object_new_object();
	add(o, "cycles", juint(b->cycles));
	a = json_object_new_array();
	for (i = 0; i < b->nsparse; i++)
		json_object_array_add(a, sparse_arr((const uint64_t (*)[2])
						    b->b[i], b->nb[i]));
	add(o, "histograms", a);
	return o;
}

static jobj *clients_arr(const struct latt_result *r)
{
	jobj *a;
	char cpus[1024];
	unsigned int i;

	if (!r->measured.clients)
		return NULL;
	a = json_object_new_array();
	for (i = 0; i < r->measured.nclients; i++) {
		const struct latt_client_sum *c = &r->measured.clients[i];
		jobj *o = json_object_new_object();
		bool any = c->wake.count > 0;

		add(o, "client", juint(i + 1));
		add(o, "pid", json_object_new_int64(c->pid));
		add(o, "count", juint(c->wake.count));
		add(o, "max_ns", any ? juint(c->wake.max) : NULL);
		add(o, "mean_ns", any ? jnum(c->wake.mean) : NULL);
		add(o, "p99_ns", any ? juint(c->p99) : NULL);
		add(o, "p99_measured", json_object_new_boolean(
			!latt_percentile_few(&c->wake, 99)));
		latt_format_cpulist(&c->woke_on, CPU_SETSIZE, cpus,
				    sizeof(cpus));
		add(o, "cpus", jstr(cpus));
		add(o, "migrations", juint(c->migrations));
		add(o, "histogram", sparse_arr(c->buckets, c->nbuckets));
		json_object_array_add(a, o);
	}
	return a;
}

/*
 * --kernel-view: the kernel's figure for each wakeup and latt's sample
 * less it (lib/measure/kwait.h); null without the option.
 */
static jobj *per_wakeup_obj(const struct latt_result *r)
{
	const struct latt_derived *d = &r->derived;
	const struct latt_kwait *k = &r->measured.kwait;
	bool have = k->wait.count > 0, gap = k->gap.count > 0;
	jobj *o;

	if (!r->cfg.kernel_view)
		return NULL;
	o = json_object_new_object();
	add(o, "available", json_object_new_boolean(have || !k->error));
	add(o, "error", k->error ? jstr(latt_kwait_strerror(k->error)) : NULL);
	add(o, "wakeups", juint(k->wait.count));
	add(o, "left_out", juint(k->mixed));
	add(o, "kernel_above", juint(k->above));
	add(o, "p99_measured", json_object_new_boolean(
		!latt_percentile_few(&k->wait, 99)));
	add(o, "runqueue_wait_min_ns", have ? juint(k->wait.min) : NULL);
	add(o, "runqueue_wait_p50_ns", have ? juint(d->kwait_p50) : NULL);
	add(o, "runqueue_wait_p99_ns", have ? juint(d->kwait_p99) : NULL);
	add(o, "runqueue_wait_max_ns", have ? juint(k->wait.max) : NULL);
	add(o, "runqueue_wait_mean_ns", have ? jnum(k->wait.mean) : NULL);
	add(o, "latt_above_min_ns", gap ? juint(k->gap.min) : NULL);
	add(o, "latt_above_p50_ns", gap ? juint(d->kgap_p50) : NULL);
	add(o, "latt_above_p99_ns", gap ? juint(d->kgap_p99) : NULL);
	add(o, "latt_above_max_ns", gap ? juint(k->gap.max) : NULL);
	add(o, "latt_above_mean_ns", gap ? jnum(k->gap.mean) : NULL);
	return o;
}

static jobj *kernel_obj(const struct latt_result *r)
{
	const struct latt_derived *d = &r->derived;
	jobj *o = json_object_new_object();
	bool have = !r->measured.kview_error && r->measured.kview_wakeups;

	add(o, "available", json_object_new_boolean(!r->measured.kview_error));
	add(o, "error", r->measured.kview_error ?
	    jstr(strerror(-r->measured.kview_error)) :
	    NULL);
	add(o, "wakeups", juint(r->measured.kview_wakeups));
	add(o, "runqueue_wait_ns", have ? jnum(d->kview_wait_ns) : NULL);
	add(o, "runs_per_wakeup", have ? jnum_exact(d->kview_slices) : NULL);
	add(o, "latt_above_ns", have && d->kview_comparable ?
	    jnum(r->measured.wake.stats.mean - d->kview_wait_ns) : NULL);
	add(o, "per_wakeup", per_wakeup_obj(r));
	return o;
}

/* latt's own load (LATT_LOAD_QUEUE_PCT), as the report's "latt's load". */
static jobj *load_obj(const struct latt_result *r)
{
	const struct latt_derived *d = &r->derived;
	jobj *o = json_object_new_object();
	bool have = d->has_load;

	add(o, "available", json_object_new_boolean(have));
	add(o, "cpus", have ? juint(r->measured.load_cpus) : NULL);
	add(o, "clients_cpu_ns", have ? juint(d->clients_cpu_ns) : NULL);
	add(o, "waker_cpu_ns", have ? juint(r->measured.waker_cpu_ns) : NULL);
	add(o, "load", have ? jnum_exact(d->load) : NULL);
	add(o, "clients_cpu_per_cycle_ns", have ? jnum(d->cycle_cpu_ns) :
	    NULL);
	add(o, "per_cpu_per_cycle_ns", have ? jnum(d->cycle_queue_ns) : NULL);
	add(o, "queues", json_object_new_boolean(have && d->load_queues));
	add(o, "busy", json_object_new_boolean(have && d->load_busy));
	add(o, "dominates",
	    json_object_new_boolean(latt_result_load_dominates(r)));
	return o;
}

static jobj *metric_num(double v);

/* --target-metric: each figure the command's output gave, or null. */
static jobj *tmetrics_arr(const struct latt_result *r)
{
	jobj *a = json_object_new_array(), *e;
	size_t i;

	for (i = 0; r->cmd.tm_read && i < r->cfg.ntm; i++) {
		const struct latt_tmetric *tm = &r->cfg.tm[i];
		const struct latt_tmetric_value *v = &r->cmd.tm[i];

		e = json_object_new_object();
		add(e, "name", jstr(tm->name));
		add(e, "better", jstr(latt_tmetric_better_name(tm)));
		add(e, "mode", jstr(latt_tmetric_mode_name(tm->mode)));
		add(e, "regex", jstr(tm->regex));
		add(e, "value", v->matches ? metric_num(v->value) : NULL);
		add(e, "matches", juint(v->matches));
		add(e, "not_numbers", juint(v->other));
		add(e, "skipped_lines", juint(v->skipped));
		json_object_array_add(a, e);
	}
	return a;
}

/* One kind of the command's own waits: its figures and histogram. */
static jobj *cmdwait_obj(const struct latt_cmdwait *w)
{
	const struct latt_hist *h = &w->hist;
	bool have = h->count > 0;
	jobj *o = json_object_new_object(), *a;
	unsigned int i;

	add(o, "count", juint(h->count));
	add(o, "mean_ns", have ? jnum((double)w->sum_ns / (double)h->count) :
	    NULL);
	add(o, "p50_ns", have ? juint(latt_cmdwait_percentile(w, 50)) : NULL);
	add(o, "p99_ns", have ? juint(latt_cmdwait_percentile(w, 99)) : NULL);
	add(o, "p99_9_ns", have ? juint(latt_cmdwait_percentile(w, 99.9)) :
	    NULL);
	add(o, "max_ns", have ? juint(w->max_ns) : NULL);
	a = json_object_new_array();
	for (i = 0; i < LATT_HIST_BUCKETS; i++)
		if (h->buckets[i])
			add_pair(a, latt_hist_bucket_low(i), h->buckets[i]);
	add(o, "histogram", a);
	return o;
}

/*
 * The command's own waits (lib/trace/cmdlat.h): null where they were not
 * measured (the reason in "error").
 */
static jobj *cmdwaits_obj(const struct latt_cmdwaits *cw)
{
	jobj *o = json_object_new_object();

	add(o, "measured", json_object_new_boolean(cw->measured));
	add(o, "error", cw->error ? jstr(cw->why) : NULL);
	add(o, "wakeup", cw->measured ? cmdwait_obj(&cw->wakeup) : NULL);
	add(o, "preempt", cw->measured ? cmdwait_obj(&cw->preempt) : NULL);
	add(o, "untracked", cw->measured ? juint(cw->untracked) : NULL);
	add(o, "unended", cw->measured ? juint(cw->unended) : NULL);
	return o;
}

static jobj *target_obj(const struct latt_result *r)
{
	jobj *o = json_object_new_object();
	int st = r->cmd.status;
	char buf[128];

	add(o, "command", jstr(r->cmd.line));
	add(o, "exit", jstr(latt_describe_status(st, buf, sizeof(buf))));
	add(o, "exit_status", WIFEXITED(st) ?
	    json_object_new_int(WEXITSTATUS(st)) : NULL);
	add(o, "signal", WIFSIGNALED(st) ?
	    json_object_new_int(WTERMSIG(st)) : NULL);
	add(o, "stopped_by_latt", json_object_new_boolean(r->cmd.killed));
	add(o, "wall_ns", juint(r->cmd.wall_ns));
	add(o, "user_ns", juint((uint64_t)r->cmd.rusage.ru_utime.tv_sec *
				1000000000ULL +
				(uint64_t)r->cmd.rusage.ru_utime.tv_usec *
				1000));
	add(o, "system_ns", juint((uint64_t)r->cmd.rusage.ru_stime.tv_sec *
				  1000000000ULL +
				  (uint64_t)r->cmd.rusage.ru_stime.tv_usec *
				  1000));
	add(o, "voluntary_cs", json_object_new_int64(r->cmd.rusage.ru_nvcsw));
	add(o, "involuntary_cs",
	    json_object_new_int64(r->cmd.rusage.ru_nivcsw));
	add(o, "metrics", tmetrics_arr(r));
	add(o, "waits", cmdwaits_obj(&r->cmd.waits));
	return o;
}

/* Settings changed from outside during the run: ["autogroup=1", ...]. */
static jobj *disturbed_arr(const char *list)
{
	jobj *a = json_object_new_array();
	char copy[256], *item, *save;

	snprintf(copy, sizeof(copy), "%s", list);
	for (item = strtok_r(copy, " ", &save); item;
	     item = strtok_r(NULL, " ", &save))
		json_object_array_add(a, jstr(item));
	return a;
}

static jobj *run_obj(const struct latt_result *r)
{
	jobj *o = json_object_new_object(), *c, *st, *late;
	char buf[LATT_STATUS_MAX];

	add(o, "run", juint(r->run));
	add(o, "started", jtime(&r->started));
	snprintf(buf, sizeof(buf), "%016llx", (unsigned long long)r->seed);
	add(o, "seed", jstr(buf));

	st = json_object_new_object();
	add(st, "stop", jstr(latt_stop_key(r->end.why)));
	add(st, "text", jstr(latt_result_status(r, buf, sizeof(buf))));
	add(st, "complete", json_object_new_boolean(latt_result_complete(r)));
	add(st, "exit_status", json_object_new_int(latt_result_exit_status(r)));
	add(st, "signal", r->end.why == LATT_STOP_SIGNAL ?
	    jstr(latt_signal_name(r->end.signal, buf, sizeof(buf))) : NULL);
	add(o, "status", st);

	c = json_object_new_object();
	add(c, "name", jstr(r->clock));
	add(c, "ghz", r->clock_ghz ? jnum_exact(r->clock_ghz) : NULL);
	add(c, "drift_ppm", r->clock_ghz ? jnum(r->clock_drift_ppm) : NULL);
	add(o, "clock", c);
	add(o, "mechanism", jstr(latt_wake_name(r->cfg.mechanism)));
	add(o, "threads", json_object_new_boolean(r->cfg.threads));
	add(o, "sched_ext", r->sys.scx_ops[0] ? jstr(r->sys.scx_ops) : NULL);
	add(o, "sched_ext_by_latt",
	    json_object_new_boolean(r->sys.scx_by_latt));

	add(o, "duration_ns", juint(r->measured.elapsed_ns));
	add(o, "overrun_ns", juint(r->measured.overrun_ns));
	add(o, "cycles", juint(r->measured.cycles));
	add(o, "partial_samples", juint(r->derived.partial));
	add(o, "stalled_cycles", juint(r->measured.stalled_cycles));
	add(o, "stalled_ns", juint(r->measured.stalled_ns));
	add(o, "not_made", juint(latt_result_not_made(r)));
	add(o, "unanswered", juint(r->measured.unanswered));
	/* Job control: latt stopped (^Z) and continued. */
	add(o, "stopped_ns", juint(r->measured.stopped_ns));
	add(o, "stopped_by", r->measured.stops ? jstr(latt_signal_name(
	    r->measured.stopped_signal, buf, sizeof(buf))) : NULL);
	add(o, "stops", juint(r->measured.stops));
	add(o, "left_out", juint(r->measured.left_out));
	add(o, "wakeup", series_obj(&r->measured.wake, &r->cfg));
	add(o, "work", series_obj(&r->measured.work, &r->cfg));
	add(o, "clients", clients_arr(r));
	add(o, "blocks", blocks_obj(&r->measured.blocks));
	add(o, "steal", steal_obj(r));
	add(o, "kernel_view", kernel_obj(r));
	add(o, "latt_load", load_obj(r));

	late = json_object_new_object();
	add(late, "max_ns", r->measured.waker_late.count ?
	    juint(r->measured.waker_late.max) :
	    NULL);
	add(late, "share", jnum_exact(r->derived.waker_late_share));
	add(late, "lagged", json_object_new_boolean(r->derived.waker_lagged));
	add(o, "waker_late", late);
	add(o, "system_cs_per_s", r->sys.has_ctxt && r->measured.elapsed_ns ?
	    jnum(r->derived.ctxt_rate) : NULL);
	add(o, "target", latt_result_command_ran(r) ?
	    target_obj(r) : NULL);
	add(o, "breaktrace", r->cfg.breaktrace_ns ? latt_json_breaktrace(r) : NULL);
	add(o, "explained", r->cfg.explain ? latt_json_explained(r) : NULL);
	add(o, "warning", r->sys.warning[0] ? jstr(r->sys.warning) : NULL);
	add(o, "disturbed", r->sys.disturbed[0] ?
	    disturbed_arr(r->sys.disturbed) :
	    NULL);
	return o;
}

/*
 * A value of a summary, null for none: exactly, so that a reader rounds
 * it as latt's own outputs do.
 */
static jobj *metric_num(double v)
{
	char buf[64];
	int prec;

	if (isnan(v) || isinf(v))
		return NULL;
	/* The shortest that reads back as @v. */
	for (prec = 15; prec < 17; prec++) {
		snprintf(buf, sizeof(buf), "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	snprintf(buf, sizeof(buf), "%.*g", prec, v);
	return json_object_new_double_s(v, buf);
}

/*
 * A configuration's values (run/result.h), as the table, -q,
 * --fail-above and latt compare show them: one object per metric.
 */
/*
 * Metric @m's verdict @v against @against (judge/verdict.h) into
 * @e: null for the first configuration and for a count.
 */
static void verdict_fields(jobj *e, const struct latt_metric *m,
			   const struct latt_verdict *v, bool against)
{
	static const char *const methods[] = {
		[LATT_VM_NONE] = NULL, [LATT_VM_LOGT] = "log-t",
	};
	bool have = against && m->better != LATT_BETTER_NONE;
	bool judged = have && v->kind != LATT_V_NONE;
	struct latt_need need;

	add(e, "verdict", have ? jstr(latt_verdict_token(v->kind)) : NULL);
	add(e, "change", judged ? metric_num(v->change) : NULL);
	add(e, "change_low", judged ? metric_num(v->lo) : NULL);
	add(e, "change_high", judged ? metric_num(v->hi) : NULL);
	add(e, "level", judged ? metric_num(v->level) : NULL);
	add(e, "method", judged && methods[v->method] ?
	    jstr(methods[v->method]) : NULL);
	add(e, "why", have && !judged ? jstr(v->why) : NULL);
	add(e, "same_within", have && v->within > 0 ?
	    metric_num(v->within) : NULL);
	add(e, "same", have && v->within > 0 && (judged || !v->absent) ?
	    json_object_new_boolean(v->same) : NULL);
	add(e, "same_low", judged && v->within > 0 ?
	    metric_num(v->slo) : NULL);
	add(e, "same_high", judged && v->within > 0 ?
	    metric_num(v->shi) : NULL);
	memset(&need, 0, sizeof(need));
	if (have)
		latt_verdict_need(v, &need);
	add(e, "more_runs", need.runs ?
	    json_object_new_int64(need.runs) : NULL);
	add(e, "more_invocations", need.boots ?
	    json_object_new_int64(need.boots) : NULL);
}

static jobj *summary_obj(const struct latt_metric_list *ml,
			 const struct latt_agg_cfg *a,
			 const struct latt_agg_cfg *first,
			 const struct latt_verdict *v, double level)
{
	static const char *const units[] = {
		[LATT_MU_COUNT] = "count", [LATT_MU_NS] = "ns",
		[LATT_MU_S] = "s", [LATT_MU_RATE] = "per_s",
		[LATT_MU_VALUE] = "value",
		[LATT_MU_SHARE] = "share",
	};
	jobj *o = json_object_new_object(), *arr, *e;
	size_t m;

	add(o, "runs", juint(a->runs));
	add(o, "left_out", juint(a->left_out));
	add(o, "complete", json_object_new_boolean(a->complete));
	add(o, "load_noted", juint(a->load_noted));
	add(o, "against", first && v ? jstr(first->name) : NULL);
	add(o, "level", first && v ? metric_num(level) : NULL);
	arr = json_object_new_array();
	for (m = 0; m < ml->n; m++) {
		const struct latt_metric *mt = &ml->m[m];

		e = json_object_new_object();
		add(e, "name", jstr(mt->name));
		add(e, "unit", jstr(units[mt->unit]));
		add(e, "better", mt->better == LATT_BETTER_NONE ? NULL :
		    jstr(mt->better == LATT_BETTER_LOWER ? "lower" :
			 "higher"));
		add(e, "value", metric_num(a->val[m].v));
		add(e, "spread", metric_num(a->val[m].spread));
		add(e, "too_few", json_object_new_boolean(
			a->val[m].few && !isnan(a->val[m].v)));
		add(e, "partial", json_object_new_boolean(a->val[m].partial));
		verdict_fields(e, mt, v ? &v[m] : NULL, first && v);
		json_object_array_add(arr, e);
	}
	add(o, "metrics", arr);
	return o;
}

static jobj *configurations_arr(const struct latt_doc *d)
{
	jobj *a = json_object_new_array(), *cfg, *runs;
	char *set;
	size_t i, j;

	for (i = 0; i < d->ncfgs; i++) {
		const struct latt_run_cfg *c = &d->cfgs[i];

		cfg = json_object_new_object();
		add(cfg, "name", jstr(c->name));
		set = latt_config_format(c, NULL);
		add(cfg, "settings", jstr(set));
		free(set);
		add(cfg, "parameters", parameters_obj(c));
		add(cfg, "summary", summary_obj(d->metrics, &d->agg[i],
						i ? &d->agg[0] : NULL,
						d->verdicts ? d->verdicts[i] :
						NULL, d->level));
		/* A sweep that stopped early leaves some without runs. */
		runs = json_object_new_array();
		for (j = 0; j < d->n; j++)
			if (!strcmp(d->results[j].cfg.name, c->name))
				json_object_array_add(runs,
						      run_obj(&d->results[j]));
		add(cfg, "runs", runs);
		json_object_array_add(a, cfg);
	}
	return a;
}

static jobj *file_obj(const struct latt_doc_file *f)
{
	jobj *o = json_object_new_object();

	add(o, "path", jstr(f->path));
	add(o, "sha256", jstr(f->sha256));
	return o;
}

/* What the run was judged against (--against); NULL: nothing. */
static jobj *against_obj(const struct latt_doc *d)
{
	jobj *o, *files;
	size_t i;

	if (!d->nagainst)
		return NULL;
	o = json_object_new_object();
	files = json_object_new_array();
	for (i = 0; i < d->nagainst; i++)
		json_object_array_add(files, file_obj(&d->against[i]));
	add(o, "files", files);
	add(o, "profile", d->profile.path ? file_obj(&d->profile) : NULL);
	/* -r auto's last look's: latt compare --level gives them again. */
	add(o, "level", metric_num(d->level));
	return o;
}

int latt_json_write(FILE *f, const struct latt_doc *d)
{
	jobj *root = json_object_new_object(), *tool, *argv;
	const char *text;
	char err[320];
	int i, ret = 0;

	if (!root)
		return -ENOMEM;
	add(root, "schema_version", json_object_new_int(LATT_JSON_SCHEMA));
	tool = json_object_new_object();
	add(tool, "name", jstr("latt"));
	add(tool, "version", jstr(PACKAGE_VERSION));
	add(root, "tool", tool);
	argv = json_object_new_array();
	for (i = 0; i < d->argc; i++)
		json_object_array_add(argv, jstr(d->argv[i]));
	add(root, "command_line", argv);
	add(root, "label", jstr(d->label));
	add(root, "against", against_obj(d));
	add(root, "started", d->n ? jtime(&d->results[0].started) : NULL);
	add(root, "ended", jstr(d->ended));
	add(root, "system", system_obj(d));
	add(root, "configurations", configurations_arr(d));
	/* latt-json(5) describes every field, which latt compare reads by. */
	if (latt_json_check(root, err, sizeof(err)))
		fprintf(stderr, "latt: internal error: the JSON document is not "
			"as latt-json(5) describes it: %s\n", err);

	text = json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY |
					      JSON_C_TO_STRING_SPACED |
					      JSON_C_TO_STRING_NOSLASHESCAPE);
	/* json-c escapes only what is below a space. */
	if (!text)
		ret = -ENOMEM;
	else if ((ret = latt_json_fputs(text, f)) == 0 && fputc('\n', f) < 0)
		ret = errno ? -errno : -EIO;
	json_object_put(root);
	return ret;
}
