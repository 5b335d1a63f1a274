// SPDX-License-Identifier: GPL-2.0-only
/*
 * Saved outputs: one made-up invocation (three configurations, two runs
 * each, every way a run ends that still reports, too few samples for the
 * high percentiles, clients, the kernel's figure, steal time, a command's
 * own figure), written by every writer (the report of a run, of a sweep,
 * -q, the JSON, the CSV), must read byte for byte as the outputs saved in
 * tests/expected/golden.  A change to the code that is not meant to change
 * what users see is checked against them.
 *
 * LATT_GOLDEN_WRITE=DIR writes the outputs into DIR instead (to save them
 * anew, after a change that is meant to show); tests/cli-golden.sh reads
 * the JSON written so for latt compare's saved outputs.
 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/aggregate.h"
#include "judge/verdict.h"
#include "measure/hist.h"
#include "measure/stats.h"
#include "measure/sysinfo.h"
#include "measure/tmetric.h"
#include "report/csv.h"
#include "report/doc.h"
#include "report/json.h"
#include "report/report.h"
#include "run/result.h"
#include "settings/config-spec.h"
#include "settings/config.h"
#include "tap.h"
#include "util.h"

#define NCFGS	3
#define NRUNS	2
#define NRES	(NCFGS * NRUNS)

static struct latt_run_cfg cfgs[NCFGS];
static struct latt_result results[NRES];
static struct latt_agg_cfg agg[NCFGS];
static struct latt_verdict verdicts[NCFGS][LATT_METRICS_MAX];
static struct latt_metric_list metrics;
static char specs[NCFGS][64] = {
	"base:", "batch:policy=batch,nice=5", "few:mechanism=eventfd",
};
/* The words of latt's command line (a string literal is const). */
#define W(s)	((char *)(uintptr_t)(s))
static char *argv_[] = {
	W("latt"), W("-r"), W("2"), W("-C"), W("base:"), W("-C"),
	W("batch:policy=batch,nice=5"), W("-C"), W("few:mechanism=eventfd"), W("--"),
	W("x264"), W("in.y4m"), NULL,
};
static char *cmd_argv[] = { W("x264"), W("in.y4m"), NULL };

static const struct latt_sysinfo sys = {
	.kernel = "6.99.0-golden", .hostname = "box",
	.cpu_model = "Made-up CPU @ 2.00GHz", .cpus = 4, .numa_nodes = 1,
	.clocksource = "tsc", .preempt = "dynamic (full)", .autogroup = 1,
	.pm_qos_us = -1,
};

/* A sample of wakeup latency, ns: mostly tens of usec, a tail to ms. */
static uint64_t sample(double scale)
{
	uint64_t r = rnd();
	double v = 2000 + (double)(r % 20000);

	if (r % 97 == 0)
		v *= 20;
	if (r % 1013 == 0)
		v *= 50;
	return (uint64_t)(v * scale);
}

/* Run @run of configuration @k: @cycles cycles of its clients. */
static void make_result(struct latt_result *r, size_t k, unsigned int run,
			uint64_t cycles, double scale)
{
	const struct latt_run_cfg *c = &cfgs[k];
	static struct latt_hist ch[8];
	struct latt_stats cs[8];
	uint64_t i, j;

	memset(r, 0, sizeof(*r));
	r->cfg = *c;
	r->run = run;
	r->seed = 0x1234 + k * 10 + run;
	r->clock = "tsc";
	r->clock_ghz = 2.0;
	r->clock_drift_ppm = 0.5;
	r->started.tv_sec = 1764633600 + (time_t)(k * 100 + run * 10);
	memset(ch, 0, sizeof(ch));
	memset(cs, 0, sizeof(cs));
	for (i = 0; i < cycles; i++) {
		for (j = 0; j < c->clients; j++) {
			uint64_t v = sample(scale), w = 30000 + rnd() % 9000;

			latt_stats_add(&r->measured.wake.stats, v);
			latt_hist_add(&r->measured.wake.hist, v);
			latt_stats_add(&r->measured.work.stats, w);
			latt_hist_add(&r->measured.work.hist, w);
			latt_stats_add(&cs[j], v);
			latt_hist_add(&ch[j], v);
			latt_blocks_add(&r->measured.blocks, v);
			if (c->kernel_view) {
				uint64_t kw = v / 3;

				latt_stats_add(&r->measured.kwait.wait, kw);
				latt_hist_add(&r->measured.kwait.wait_hist, kw);
				latt_stats_add(&r->measured.kwait.gap, v - kw);
				latt_hist_add(&r->measured.kwait.gap_hist,
					      v - kw);
			}
		}
		latt_blocks_cycle(&r->measured.blocks);
		latt_stats_add(&r->measured.waker_late, 1000 + rnd() % 50000);
	}
	if (latt_blocks_finish(&r->measured.blocks))
		exit(1);
	r->measured.clients = calloc(c->clients, sizeof(*r->measured.clients));
	if (!r->measured.clients)
		exit(1);
	r->measured.nclients = c->clients;
	for (j = 0; j < c->clients; j++) {
		struct latt_client_sum *s = &r->measured.clients[j];

		s->pid = (pid_t)(1000 + k * 100 + run * 10 + j);
		s->wake = cs[j];
		CPU_SET(j % 4, &s->woke_on);
		CPU_SET((j + 1) % 4, &s->woke_on);
		s->migrations = j * 3;
		if (latt_hist_sparse(&ch[j], cs[j].min, cs[j].max,
				     &s->buckets, &s->nbuckets))
			exit(1);
		s->p99 = latt_percentile(&ch[j], &cs[j], 99);
	}
	r->measured.cycles = cycles;
	r->measured.elapsed_ns = cycles * 300000000ULL;
	r->sys.has_ctxt = true;
	r->sys.ctxt = cycles * 40 + k;
	r->measured.waker_cpu_ns = cycles * 20000;
	r->measured.load_cpus = 4;
	r->measured.kview.run_ns = cycles * c->clients * 40000;
	r->measured.kview.wait_ns = cycles * c->clients * 15000;
	r->measured.kview.slices = cycles * c->clients + 3;
	r->measured.kview_wakeups = cycles * c->clients;
	r->sys.has_steal = true;
	r->sys.steal_cpus = 4;
	r->sys.steal_ns[1] = 30000000 * (k + 1);
	r->sys.steal_total_ns = r->sys.steal_ns[1];
	r->cmd.given = true;
	r->cmd.line = "x264 in.y4m";
	r->cmd.found = true;
	r->cmd.wall_ns = r->measured.elapsed_ns + 1000000;
	r->cmd.rusage.ru_utime.tv_sec = (time_t)(3 + k);
	r->cmd.rusage.ru_stime.tv_usec = 250000;
	r->cmd.tm_read = true;
	r->cmd.tm[0].value = 200.0 / scale - run;
	r->cmd.tm[0].matches = 12;
	/* The command's own waits: measured in the first configuration. */
	if (k == 0) {
		uint64_t n = (uint64_t)(40 * scale), w, v = 0;

		r->cmd.waits.measured = true;
		for (w = 0; w < n; w++) {
			v = 3000 + 500 * w + 1000 * run;
			latt_hist_add(&r->cmd.waits.wakeup.hist, v);
			r->cmd.waits.wakeup.sum_ns += v;
		}
		r->cmd.waits.wakeup.max_ns = v;
		latt_hist_add(&r->cmd.waits.preempt.hist, 250000);
		r->cmd.waits.preempt.sum_ns = 250000;
		r->cmd.waits.preempt.max_ns = 250000;
		r->cmd.waits.unended = run - 1;
	} else {
		r->cmd.waits.error = -EPERM;
		snprintf(r->cmd.waits.why, sizeof(r->cmd.waits.why),
			 "cannot load its BPF program (Operation not "
			 "permitted: it needs CAP_BPF and CAP_PERFMON, or "
			 "CAP_SYS_ADMIN)");
	}
	r->end.why = LATT_STOP_TARGET;
}

static void make_doc(struct latt_doc *d)
{
	char err[256];
	size_t k, i;

	for (k = 0; k < NCFGS; k++) {
		latt_config_init(&cfgs[k]);
		cfgs[k].min_wait_ns = 10000000;
		cfgs[k].max_wait_ns = 20000000;
		cfgs[k].clients = 4;
		cfgs[k].cmd_argc = 2;
		cfgs[k].cmd_argv = cmd_argv;
		cfgs[k].cmd_display = "x264 in.y4m";
		if (latt_config_parse(&cfgs[k], specs[k], err, sizeof(err)) ||
		    latt_tmetric_parse("fps+=([0-9.]+) fps", &cfgs[k].tm[0],
				       err, sizeof(err))) {
			diag("%s", err);
			exit(1);
		}
		cfgs[k].ntm = 1;
	}
	cfgs[0].kernel_view = true;
	cfgs[2].clients = 2;
	latt_metrics_init(&metrics);
	{
		struct latt_metric m;

		latt_metric_target(&cfgs[0].tm[0], &m);
		if (latt_metrics_add(&metrics, &m) < 0)
			exit(1);
	}
	/* Interleaved, as -r runs them: base 1, batch 1, few 1, base 2, ... */
	for (i = 0; i < NRES; i++) {
		size_t c = i % NCFGS;
		unsigned int run = (unsigned int)(i / NCFGS) + 1;

		make_result(&results[i], c, run,
			    c == 0 ? 300 : c == 1 ? 150 : 20,
			    c == 1 ? 1.6 : 1.0);
	}
	/* Every way a run ends that still reports. */
	results[1].end.why = LATT_STOP_DURATION;
	results[1].measured.overrun_ns = 134000000;
	results[1].cmd.killed = true;
	results[2].end.why = LATT_STOP_SIGNAL;
	results[2].end.signal = SIGINT;
	results[2].cmd.killed = true;
	results[4].end.why = LATT_STOP_BREAK;
	results[4].trace.traced = true;
	results[4].trace.kept = true;
	results[4].trace.name = "latt-4242";
	results[4].trace.dir = "/sys/kernel/tracing/instances/latt-4242";
	results[4].trace.break_client = 1;
	results[4].trace.break_pid = results[4].measured.clients[1].pid;
	results[4].trace.break_cpu = 2;
	results[4].trace.break_ns = 2623200;
	results[4].cfg.breaktrace_ns = 2000000;
	results[5].end.why = LATT_STOP_CLIENT;
	results[5].end.dead_client = 1;
	results[5].end.dead_pid = results[5].measured.clients[1].pid;
	results[5].end.dead_status = SIGKILL;
	/* A waker once later than any wakeup: a note that wraps. */
	latt_stats_add(&results[5].measured.waker_late, 400000000);
	results[3].measured.stopped_ns = 2500000000ULL;
	results[3].measured.stops = 1;
	results[3].measured.stopped_signal = SIGTSTP;
	results[3].measured.left_out = 1;
	for (i = 0; i < NRES; i++)
		latt_result_finish(&results[i]);
	if (latt_agg_results(&metrics, cfgs, NCFGS, results, NRES, agg) ||
	    latt_verdict_results(&metrics, agg, NCFGS, results, NRES,
				 LATT_VERDICT_CONFIDENCE, verdicts))
		exit(1);
	*d = (struct latt_doc){
		.argc = (int)(sizeof(argv_) / sizeof(argv_[0])) - 1,
		.argv = argv_,
		.cmdline = "latt -r 2 -C base: -C batch:policy=batch,nice=5 "
			   "-C few:mechanism=eventfd -- x264 in.y4m",
		.label = "golden", .sys = &sys, .hz = 250, .cfgs = cfgs,
		.ncfgs = NCFGS, .results = results, .n = NRES,
		.metrics = &metrics, .agg = agg,
		.verdicts = (const struct latt_verdict (*)[LATT_METRICS_MAX])
			    verdicts,
		.level = LATT_VERDICT_CONFIDENCE,
	};
}

/* @text with latt's version replaced by "@VERSION@", whose line it is. */
static char *unversion(char *text)
{
	const char *v = PACKAGE_VERSION, *p = text, *at;
	size_t lv = strlen(v), len = 0;
	char *out = NULL;
	FILE *f = open_memstream(&out, &len);

	if (!f)
		exit(1);
	while (lv && (at = strstr(p, v))) {
		fwrite(p, 1, (size_t)(at - p), f);
		fputs("@VERSION@", f);
		p = at + lv;
	}
	fputs(p, f);
	if (fclose(f))
		exit(1);
	free(text);
	return out;
}

typedef int (*writer_fn)(FILE *f, const struct latt_doc *d, const void *arg);

static int w_report(FILE *f, const struct latt_doc *d, const void *arg)
{
	return latt_report_write(f, arg, d);
}

static int w_json(FILE *f, const struct latt_doc *d, const void *arg)
{
	(void)arg;
	return latt_json_write(f, d);
}

static int w_csv(FILE *f, const struct latt_doc *d, const void *arg)
{
	(void)arg;
	return latt_csv_write(f, d);
}

/* The run lines a sweep prints as it goes, then each run's report. */
static int w_runs(FILE *f, const struct latt_doc *d, const void *arg)
{
	size_t i;
	int ret = 0;

	(void)arg;
	for (i = 0; i < d->n && !ret; i++)
		latt_report_run_line(f, &d->results[i], NRUNS);
	for (i = 0; i < d->n && !ret; i++)
		ret = latt_report_text(f, d, &d->results[i],
				       LATT_REPORT_CLIENTS | LATT_REPORT_HIST |
				       LATT_REPORT_LONG);
	return ret;
}

static char *slurp(const char *path)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = fopen(path, "r"), *m;
	int c;

	if (!f)
		return NULL;
	m = open_memstream(&buf, &len);
	if (!m)
		exit(1);
	while ((c = getc(f)) != EOF)
		putc(c, m);
	fclose(f);
	fclose(m);
	return buf;
}

/* Line number and text of the first line where @a and @b differ. */
static void first_difference(const char *a, const char *b)
{
	unsigned int line = 1;
	const char *la = a, *lb = b;

	while (*a && *a == *b) {
		if (*a == '\n') {
			line++;
			la = a + 1;
			lb = b + 1;
		}
		a++;
		b++;
	}
	diag("line %u differs:", line);
	diag("  saved: %.*s", (int)strcspn(lb, "\n"), lb);
	diag("  now:   %.*s", (int)strcspn(la, "\n"), la);
}

static void output(const char *dir, const char *name, writer_fn fn,
		   const struct latt_doc *d, const void *arg)
{
	char path[4096], *buf = NULL, *saved;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int ret;

	if (!f)
		exit(1);
	ret = fn(f, d, arg);
	if (fclose(f) || ret) {
		ok(0, "%s: written (%d)", name, ret);
		free(buf);
		return;
	}
	buf = unversion(buf);
	if (getenv("LATT_GOLDEN_WRITE")) {
		snprintf(path, sizeof(path), "%s/%s",
			 getenv("LATT_GOLDEN_WRITE"), name);
		f = fopen(path, "w");
		ok(f && fputs(buf, f) >= 0 && !fclose(f), "%s: written to %s",
		   name, path);
		free(buf);
		return;
	}
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	saved = slurp(path);
	ok(saved && !strcmp(saved, buf), "%s: as saved in %s", name, path);
	if (saved && strcmp(saved, buf))
		first_difference(buf, saved);
	else if (!saved)
		diag("cannot read %s: %s", path, strerror(errno));
	free(saved);
	free(buf);
}

int main(void)
{
	const char *srcdir = getenv("srcdir");
	struct latt_report_opts sweep = { .sweep = true, .runs = NRUNS };
	struct latt_report_opts quiet = { .quiet = true, .sweep = true,
					  .runs = NRUNS };
	struct latt_report_opts wide = { .sweep = true, .runs = NRUNS,
					 .extra = LATT_REPORT_LONG };
	struct latt_report_opts one = { .extra = LATT_REPORT_CLIENTS |
						 LATT_REPORT_HIST };

	static struct latt_agg_cfg agg1[1];
	struct latt_doc d, single;
	char dir[4096];
	size_t i;

	plan(9);

	snprintf(dir, sizeof(dir), "%s/tests/expected/golden",
		 srcdir ? srcdir : ".");
	make_doc(&d);
	single = d;
	single.cfgs = cfgs;
	single.ncfgs = 1;
	single.results = results;
	single.n = 1;
	if (latt_agg_results(&metrics, cfgs, 1, results, 1, agg1))
		exit(1);
	single.agg = agg1;
	single.verdicts = NULL;
	output(dir, "sweep.txt", w_report, &d, &sweep);
	output(dir, "sweep-long.txt", w_report, &d, &wide);
	output(dir, "quiet.txt", w_report, &d, &quiet);
	output(dir, "runs.txt", w_runs, &d, NULL);
	output(dir, "sweep.json", w_json, &d, NULL);
	output(dir, "sweep.csv", w_csv, &d, NULL);
	output(dir, "single.txt", w_report, &single, &one);
	output(dir, "single.json", w_json, &single, NULL);
	output(dir, "single.csv", w_csv, &single, NULL);
	for (i = 0; i < NRES; i++)
		latt_result_release(&results[i]);
	return tap_done();
}
