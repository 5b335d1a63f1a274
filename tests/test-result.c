// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the result (lib/run/result.c, lib/run/result-stop.c) and of the text report (lib/report/report.c): client slots merged into a result, percentiles
 * clamped to the exact extremes, the rule of which reason stops a run, and
 * latt-0.1's report format byte for byte.
 */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "measure/hist.h"
#include "measure/stats.h"
#include "measure/sysinfo.h"
#include "report/doc.h"
#include "report/report.h"
#include "run/client.h"
#include "run/result-stop.h"
#include "run/result.h"
#include "settings/config.h"
#include "tap.h"
#include "util.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define NSLOTS		4

static bool series_equal(const struct latt_series *got,
			 const struct latt_stats *st,
			 const struct latt_hist *h)
{
	return got->stats.count == st->count && got->stats.min == st->min &&
	       got->stats.max == st->max &&
	       rel_err(got->stats.mean, st->mean) < 1e-9 &&
	       rel_err(got->stats.m2, st->m2) < 1e-9 &&
	       !memcmp(&got->hist, h, sizeof(*h));
}

static uint64_t clamp(uint64_t v, const struct latt_stats *s)
{
	return v < s->min ? s->min : v > s->max ? s->max : v;
}

static const double pcts[] = { 50, 90, 99, 99.9, 100 };

static void test_collect(void)
{
	/* Samples per slot; one client was never woken. */
	static const unsigned int counts[NSLOTS] = { 1000, 0, 3000, 2000 };
	static struct latt_hist wake_h, work_h;
	struct latt_stats wake, work;
	struct latt_client_slot *slots;
	struct latt_result *r;
	unsigned int i, j;
	bool good;

	/* calloc() would not honour the slots' 64-byte alignment */
	slots = aligned_alloc(64, NSLOTS * sizeof(*slots));
	r = calloc(1, sizeof(*r));
	if (!slots || !r) {
		diag("out of memory");
		exit(1);
	}
	memset(slots, 0, NSLOTS * sizeof(*slots));
	latt_stats_init(&wake);
	latt_stats_init(&work);
	latt_hist_init(&wake_h);
	latt_hist_init(&work_h);
	for (i = 0; i < NSLOTS; i++) {
		for (j = 0; j < counts[i]; j++) {
			/* each client its own range, 1 us .. 40 ms */
			uint64_t a = 1000 * (i + 1) +
				     rnd() % (10000000 * (i + 1));
			uint64_t b = 5000 + rnd() % 1000000;

			latt_stats_add(&slots[i].wake, a);
			latt_hist_add(&slots[i].wake_hist, a);
			latt_stats_add(&slots[i].work, b);
			latt_hist_add(&slots[i].work_hist, b);
			latt_stats_add(&wake, a);
			latt_hist_add(&wake_h, a);
			latt_stats_add(&work, b);
			latt_hist_add(&work_h, b);
		}
	}

	latt_result_collect(r, slots, NSLOTS);
	ok(r->measured.wake.stats.count == 6000 &&
	   r->measured.wake.hist.count == 6000,
	   "collect: wakeup count is the sum of the slots'");
	if (!ok(r->measured.wake.stats.min == wake.min &&
		r->measured.wake.stats.max == wake.max,
		"collect: wakeup min and max over all slots"))
		diag("min %llu/%llu max %llu/%llu",
		     (unsigned long long)r->measured.wake.stats.min,
		     (unsigned long long)wake.min,
		     (unsigned long long)r->measured.wake.stats.max,
		     (unsigned long long)wake.max);
	ok(series_equal(&r->measured.wake, &wake, &wake_h),
	   "collect: wakeup series equals all samples at once");
	ok(series_equal(&r->measured.work, &work, &work_h),
	   "collect: work series equals all samples at once");

	r->cfg.npcts = ARRAY_SIZE(pcts);
	memcpy(r->cfg.pcts, pcts, sizeof(pcts));
	latt_result_finish(r);
	good = true;
	for (i = 0; i < r->cfg.npcts; i++) {
		/* p100 is the last rank: the largest, exactly. */
		uint64_t w = pcts[i] >= 100 ? wake.max :
			     clamp(latt_hist_percentile(&wake_h, pcts[i]),
				   &wake);
		uint64_t k = pcts[i] >= 100 ? work.max :
			     clamp(latt_hist_percentile(&work_h, pcts[i]),
				   &work);

		if (r->measured.wake.pct[i] != w ||
		    r->measured.work.pct[i] != k ||
		    r->measured.wake.pct[i] !=
		    latt_percentile(&r->measured.wake.hist,
				     &r->measured.wake.stats,
				     pcts[i])) {
			diag("p%g: wake %llu/%llu work %llu/%llu", pcts[i],
			     (unsigned long long)r->measured.wake.pct[i],
			     (unsigned long long)w,
			     (unsigned long long)r->measured.work.pct[i],
			     (unsigned long long)k);
			good = false;
		}
	}
	for (; i < LATT_PCT_MAX; i++)
		if (r->measured.wake.pct[i] || r->measured.work.pct[i])
			good = false;
	ok(good, "finish: pct[] per r->pcts, the histogram's, clamped; p100 the max");

	good = true;
	for (i = 0; i < r->cfg.npcts; i++)
		if (r->measured.wake.pct[i] < wake.min ||
		    r->measured.wake.pct[i] > wake.max ||
		    (i && r->measured.wake.pct[i] < r->measured.wake.pct[i -
		    1]))
			good = false;
	ok(good && r->measured.wake.pct[r->cfg.npcts - 1] == wake.max,
	   "finish: percentiles rise within [min, max], p100 is the max");
	if (!ok(rel_err(r->measured.wake.stdev,
			latt_stats_stdev(&wake)) < 1e-9 &&
		rel_err(r->measured.work.stdev_mean,
			latt_stats_stdev_mean(&work)) <
		1e-9, "finish: derives stdev and stdev of the mean"))
		diag("stdev %g/%g", r->measured.wake.stdev,
		     latt_stats_stdev(&wake));

	free(r);
	free(slots);
}

/* Fill @s with ten samples of @v. */
static void constant_series(struct latt_series *s, uint64_t v)
{
	unsigned int i;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < 10; i++) {
		latt_stats_add(&s->stats, v);
		latt_hist_add(&s->hist, v);
	}
}

static void test_clamp(void)
{
	static struct latt_series s;
	uint64_t lo, hi;

	/*
	 * 1000003 lies below the midpoint of its bucket, 1007000 above it:
	 * unclamped, every percentile of a constant would be off by ~0.5%.
	 */
	constant_series(&s, 1000003);
	lo = latt_percentile(&s.hist, &s.stats, 50);
	hi = latt_percentile(&s.hist, &s.stats, 100);
	if (!ok(lo == 1000003 && hi == 1000003,
		"constant below its bucket's midpoint: clamped to the max"))
		diag("%llu %llu", (unsigned long long)lo,
		     (unsigned long long)hi);

	constant_series(&s, 1007000);
	lo = latt_percentile(&s.hist, &s.stats, 1);
	hi = latt_percentile(&s.hist, &s.stats, 50);
	if (!ok(lo == 1007000 && hi == 1007000,
		"constant above its bucket's midpoint: clamped to the min"))
		diag("%llu %llu", (unsigned long long)lo,
		     (unsigned long long)hi);

	memset(&s, 0, sizeof(s));
	ok(latt_percentile(&s.hist, &s.stats, 50) == 0 &&
	   latt_percentile(&s.hist, &s.stats, 100) == 0,
	   "percentile of an empty series is 0");
}

static void test_stop_names(void)
{
	static const enum latt_stop stops[] = {
		LATT_STOP_NONE, LATT_STOP_DURATION, LATT_STOP_TARGET,
		LATT_STOP_SIGNAL, LATT_STOP_CLIENT, LATT_STOP_OUTPUT,
		LATT_STOP_TTY, LATT_STOP_ERROR,
	};
	bool good = true;
	size_t i, j;

	for (i = 0; i < ARRAY_SIZE(stops); i++) {
		const char *a = latt_stop_name(stops[i]);

		if (!a || !*a || !strcmp(a, "unknown")) {
			good = false;
			continue;
		}
		for (j = 0; j < i; j++)
			if (!strcmp(a, latt_stop_name(stops[j])))
				good = false;
	}
	ok(good, "latt_stop_name: distinct non-empty names for every stop");
}

/* latt-0.1's report of `latt -c8 -s10 -S20 'sleep 2'`, byte for byte. */
static const char latt01[] =
	"\n"
	"Parameters: min_wait=10ms, max_wait=20ms, clients=8\n"
	"Entries logged: 192\n"
	"\n"
	"Wakeup averages\n"
	"-------------------------------------\n"
	"\tMax\t\t   20468 usec\n"
	"\tAvg\t\t    5107 usec\n"
	"\tStdev\t\t    5249 usec\n"
	"\tStdev mean\t     379 usec\n"
	"\n"
	"Work averages\n"
	"-------------------------------------\n"
	"\tMax\t\t   67689 usec\n"
	"\tAvg\t\t   48216 usec\n"
	"\tStdev\t\t    9056 usec\n"
	"\tStdev mean\t     654 usec\n";

/* Summary statistics of @n samples with these max, mean and stdev. */
static void fake_stats(struct latt_stats *s, uint64_t n, uint64_t min,
		       uint64_t max, double mean, double stdev)
{
	s->count = n;
	s->min = min;
	s->max = max;
	s->mean = mean;
	s->m2 = stdev * stdev * (double)(n - 1);
}

static void fake_result(struct latt_result *r)
{
	static const double p[] = { 50, 99.9, 99.99 };
	size_t i;

	memset(r, 0, sizeof(*r));
	latt_config_init(&r->cfg);
	r->cfg.min_wait_ns = 10000000;
	r->cfg.max_wait_ns = 20000000;
	r->cfg.clients = 8;
	r->clock = "monotonic";
	r->cfg.npcts = ARRAY_SIZE(p);
	memcpy(r->cfg.pcts, p, sizeof(p));
	fake_stats(&r->measured.wake.stats, 192, 3000, 20468000, 5107000,
		   5249000);
	fake_stats(&r->measured.work.stats, 192, 30000000, 67689000, 48216000,
		   9056000);
	r->measured.elapsed_ns = 2003000000;
	r->sys.has_ctxt = true;
	r->sys.ctxt = 4006;
	latt_result_finish(r);
	/* Enough samples for each percentile, whatever the count says. */
	memset(r->measured.wake.pct_needs, 0,
	       sizeof(r->measured.wake.pct_needs));
	memset(r->measured.work.pct_needs, 0,
	       sizeof(r->measured.work.pct_needs));
	for (i = 0; i < r->cfg.npcts; i++) {
		r->measured.wake.pct[i] = 4000000 + 8000000 * i;
		r->measured.work.pct[i] = 40000000 + 12345 * i;
	}
	r->measured.cycles = 24;
	r->end.why = LATT_STOP_SIGNAL;
	r->end.signal = SIGINT;
	r->cmd.given = true;
	r->cmd.line = "sleep 2";
	r->cmd.status = 3 << 8;	/* exited with status 3 */
	r->cmd.killed = true;
	r->cmd.wall_ns = 2001000000;
}

static size_t count_str(const char *text, const char *needle)
{
	size_t n = 0;

	while ((text = strstr(text, needle))) {
		n++;
		text += strlen(needle);
	}
	return n;
}

static size_t count_lines_with(const char *text, const char *word)
{
	size_t n = 0;

	while (*text) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text);
		const char *w = strstr(text, word);

		if (w && w < text + len)
			n++;
		text += len + (nl ? 1 : 0);
	}
	return n;
}

/* The text report of @r in a malloc'ed string; NULL on failure. */
/* The document of one result, on a made-up system. */
static struct latt_sysinfo doc_sys = {
	.kernel = "6.99.0-test", .hostname = "box", .cpus = 4,
};

static char *report_as(const struct latt_result *r, int *ret,
		       unsigned int extra)
{
	struct latt_doc d = { .sys = &doc_sys, .results = r, .n = 1 };
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	*ret = latt_report_text(f, &d, r, extra);
	if (fclose(f)) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* The long report (--long), every block. */
static char *report(const struct latt_result *r, int *ret)
{
	return report_as(r, ret, LATT_REPORT_LONG);
}

/* The widest line of @text. */
static size_t widest(const char *text)
{
	size_t w = 0, n;

	for (; *text; text += n + (text[n] == '\n')) {
		n = strcspn(text, "\n");
		w = n > w ? n : w;
	}
	return w;
}

/*
 * The short report (the default): latt-0.1's block, a line of
 * percentiles, the notes that apply, in 24 lines of 80 columns.
 */
static void test_brief(struct latt_result *r)
{
	char *out;
	int ret = 1;

	out = report_as(r, &ret, 0);
	if (!out)
		out = strdup("");
	if (!ok(!ret && !strncmp(out, latt01, strlen(latt01)) &&
		out[strlen(latt01)] == '\n',
		"short report: starts with latt-0.1's report, byte for byte"))
		diag("got:\n%s", out);
	if (!ok(count_lines_with(out, "") <= 24 && widest(out) <= 80,
		"short report: at most 24 lines, none over 80 columns (%zu, "
		"%zu)", count_lines_with(out, ""), widest(out)))
		diag("got:\n%s", out);
	if (!ok(strstr(out, "\n\nWakeup p50 4000, p99.9 12000, p99.99 20000 "
		       "usec\n") && !strstr(out, "\tp50\t") &&
		!strstr(out, "\nWork percentiles") &&
		!strstr(out, "\nRun\n") && !strstr(out, "\nProduced by\n"),
		"short report: one line of the wakeup percentiles, no block "
		"after latt-0.1's"))
		diag("got:\n%s", out);
	if (!ok(strstr(out, "\nCommand: stopped by latt, then exited with "
		       "status 3, ") &&
		strstr(out, "\nStatus: interrupted by SIGINT\n") &&
		count_lines_with(out, "Status") == 1,
		"short report: the command and the run's status, a line each"))
		diag("got:\n%s", out);
	free(out);
	r->measured.wake.pct_needs[1] = 1000;
	r->measured.wake.pct_needs[2] = 10000;
	out = report_as(r, &ret, 0);
	if (!ok(out && strstr(out, "p99.9 12000+, p99.99 20000+ usec\n+ the "
			      "max with 192 samples: p99.9 needs 1000, "
			      "p99.99 needs 10000\n") &&
		count_lines_with(out, "need") == 1,
		"short report: the percentiles too few samples had marked, "
		"said once"))
		diag("got:\n%s", out ? out : "");
	free(out);
	r->measured.wake.pct_needs[1] = r->measured.wake.pct_needs[2] = 0;
	/* Notes longer than a line: wrapped, four spaces in. */
	r->measured.stops = 12;
	r->measured.stopped_ns = 123456789012ULL;
	r->measured.stopped_signal = SIGTSTP;
	r->measured.stalled_cycles = 2;
	out = report_as(r, &ret, 0);
	if (!ok(out && widest(out) <= 80 &&
		strstr(out, "\nStopped 123.457 s by SIGTSTP (12 times): not in "
		       "the duration,") &&
		strstr(out, " wakeups in\n    flight left out\n") &&
		strstr(out, "\nStalled: 2 cycles waited over "),
		"short report: a note past 80 columns goes on four spaces in "
		"(%zu)", out ? widest(out) : 0))
		diag("got:\n%s", out ? out : "");
	free(out);
	r->measured.stops = 0;
	r->measured.stopped_ns = 0;
	r->measured.stalled_cycles = 0;
}

static void test_report(void)
{
	struct latt_result *r;
	char *out, verdict[256];
	int ret = 1;
	FILE *f;

	r = calloc(1, sizeof(*r));
	if (!r) {
		diag("out of memory");
		exit(1);
	}
	fake_result(r);
	out = report(r, &ret);
	if (!out)
		out = strdup("");
	ok(ret == 0, "report: returns 0");
	test_brief(r);
	if (!ok(!strncmp(out, latt01, strlen(latt01)) &&
		out[strlen(latt01)] == '\n',
		"report: starts with latt-0.1's report, byte for byte"))
		diag("got:\n%.*s", (int)strlen(latt01), out);
	ok(count_lines_with(out, "Avg") == 2,
	   "report: \"Avg\" in exactly two lines");
	if (!ok(strstr(out, "\nWakeup percentiles\n---") &&
		strstr(out, "\nWork percentiles\n---") &&
		strstr(out, "\tMin\t\t     3.0 usec\n") &&
		strstr(out, "\tp50\t\t  4000.0 usec\n") &&
		strstr(out, "\tp99.9\t\t 12000.0 usec\n") &&
		strstr(out, "\tp99.99\t\t 20000.0 usec\n") &&
		strstr(out, "\tp99.99\t\t 40024.7 usec\n") &&
		count_str(out, "\tp50\t") == 2 &&
		count_str(out, "\tp99.9\t") == 2 &&
		count_str(out, "\tp99.99\t") == 2,
		"report: percentile blocks with their labels and values"))
		diag("got:\n%s", out);
	if (!ok(strstr(out, "\tHighest\t\t 20468.0 usec\n") &&
		count_str(out, "\tHighest\t") == 2 &&
		count_str(out, "\tMax\t") == 2,
		"report: the percentile blocks end with Highest, one decimal; "
		"Max only in latt-0.1's two blocks"))
		diag("got:\n%s", out);
	if (!ok(strstr(out, "\tStatus\t\tinterrupted by SIGINT\n") &&
		strstr(out, "\tCommand\t\tsleep 2\n") &&
		strstr(out,
		       "\tExit\t\texited with status 3, stopped by latt\n") &&
		strstr(out, "\tSystem cs rate\t    2000 /s\n"),
		"report: run status, target and context switch rate"))
		diag("got:\n%s", out);
	free(out);

	r->measured.wake.pct_needs[1] = 1000;
	out = report(r, &ret);
	if (!ok(out && strstr(out, "\tp99.9\t\t 12000.0 usec (the max: p99.9 "
			      "needs 1000 samples)\n"),
		"report: a percentile with too few samples says so"))
		diag("got:\n%s", out ? out : "");
	free(out);
	r->measured.wake.pct_needs[1] = 0;

	r->cmd.given = false;
	r->sys.has_ctxt = false;
	r->end.why = LATT_STOP_CLIENT;
	r->end.dead_client = 2;
	r->end.dead_status = SIGKILL;
	out = report(r, &ret);
	ok(out && !ret && !strstr(out, "\nTarget\n") &&
	   !strstr(out, "cs rate") &&
	   strstr(out, "\tStatus\t\tfailed: client 3 killed by signal 9"),
	   "report: no target, no rate; a dead client is named 1-based");
	free(out);

	r->end.dead_thread = true;
	r->end.dead_pid = 4242;
	r->end.dead_error = -EIO;
	out = report(r, &ret);
	latt_result_verdict(r, verdict, sizeof(verdict));
	if (!ok(out && strstr(out, "\tStatus\t\tfailed: client 3 stopped: "
			      "Input/output error\n") &&
		!strcmp(verdict, "client 3 (tid 4242) stopped: Input/output "
			"error: the report has its samples until then"),
		"report: a thread client that stopped on an error says which"))
		diag("got:\n%s\n%s", out ? out : "", verdict);
	free(out);
	r->end.dead_thread = false;

	/* --kernel-view on a kernel without schedstat: why, never a 0. */
	r->cfg.kernel_view = true;
	r->measured.kwait.error = -ENOENT;
	out = report(r, &ret);
	if (!ok(out && strstr(out, "\tPer wakeup\tnot available: no "
			      "/proc/thread-self/schedstat: the kernel needs "
			      "CONFIG_SCHED_INFO") &&
		!strstr(out, "Kernel p50"),
		"report: no schedstat for --kernel-view: the reason, no figure"))
		diag("got:\n%s", out ? out : "");
	free(out);
	/* With figures: the kernel's beside latt's, and latt above it. */
	r->measured.kwait.error = 0;
	latt_stats_add(&r->measured.kwait.wait, 2000);
	latt_stats_add(&r->measured.kwait.gap, 3000);
	r->measured.kwait.mixed = 2;
	r->derived.kwait_p50 = r->derived.kwait_p99 = 2000;
	r->derived.kgap_p50 = r->derived.kgap_p99 = 3000;
	r->derived.wake_p50 = 5000;
	r->derived.wake_p99 = 9000;
	out = report(r, &ret);
	if (!ok(out && strstr(out, "\tWakeups\t\t       1 with the kernel's "
			      "figure") &&
		strstr(out, "\tLeft out\t       2 wakeups (") &&
		strstr(out, "\tKernel p50\t     2.0 usec (latt: 5.0)\n") &&
		strstr(out, "\tKernel p99\t     2.0 usec (latt: 9.0; the max: "
		       "p99 needs 100 samples)\n") &&
		strstr(out, "\tAbove p50\t     3.0 usec\n") &&
		!strstr(out, "Kernel above"),
		"report: the kernel's figures beside latt's, the left out "
		"counted"))
		diag("got:\n%s", out ? out : "");
	free(out);
	r->cfg.kernel_view = false;

	f = fopen("/dev/full", "we");
	if (f) {
		struct latt_doc d = { .sys = &doc_sys, .results = r, .n = 1 };

		ret = latt_report_text(f, &d, r, 0);
		fclose(f);
		ok(ret == -ENOSPC, "report: a failed write is -ENOSPC");
	} else {
		skip("no /dev/full");
	}
	free(r);
}

static void test_status(void)
{
	char buf[128];

	latt_describe_status(3 << 8, buf, sizeof(buf));
	if (!ok(!strcmp(buf, "exited with status 3"),
		"describe_status: exited with status 3"))
		diag("got \"%s\"", buf);
	latt_describe_status(SIGKILL, buf, sizeof(buf));
	if (!ok(!strcmp(buf, "killed by signal 9 (Killed)"),
		"describe_status: killed by signal 9 (Killed)"))
		diag("got \"%s\"", buf);
#ifdef HAVE_SIGABBREV_NP
	latt_signal_name(SIGINT, buf, sizeof(buf));
	if (!ok(!strcmp(buf, "SIGINT"), "signal_name: SIGINT"))
		diag("got \"%s\"", buf);
#else
	skip("no sigabbrev_np(): signals have numbers only");
#endif
	latt_signal_name(40, buf, sizeof(buf));
	if (!ok(!strcmp(buf, "signal 40"), "signal_name: signal 40"))
		diag("got \"%s\"", buf);
}

/*
 * No wakeup measured: the waker was starved only when one of its sleeps
 * ended late, not when latt stopped late after a first sleep that would
 * have outlasted the run (-s 1h -t 0.2 on a slow machine).
 */
static void test_nothing_measured(void)
{
	static struct latt_result r;
	char buf[512];

	latt_config_init(&r.cfg);
	r.cfg.min_wait_ns = r.cfg.max_wait_ns = 3600000000000ULL;
	r.end.why = LATT_STOP_DURATION;
	r.measured.elapsed_ns = 250000000ULL;
	r.measured.overrun_ns = 50000000ULL;
	latt_stats_add(&r.measured.waker_late, r.measured.overrun_ns);
	latt_result_finish(&r);
	latt_result_verdict(&r, buf, sizeof(buf));
	if (!ok(r.derived.waker_lagged &&
		!strcmp(buf, "no wakeup was measured: the run ended after "
			"0.250 s, before the first wakeup (the waker first "
			"sleeps 3600000ms to 3600000ms): measure longer, or "
			"shorten -s and -S"),
		"verdict: no wakeup, latt stopped 50 ms late: the run ended "
		"before the first wakeup"))
		diag("got \"%s\"", buf);
	r.measured.waker_sleep_late_ns = 40000000ULL;
	latt_result_verdict(&r, buf, sizeof(buf));
	if (!ok(!strcmp(buf, "no wakeup was measured: the waker itself was "
			"starved (40.0 ms late): give it priority "
			"(--waker-policy fifo)"),
		"verdict: no wakeup, a sleep that ended 40 ms late: starved"))
		diag("got \"%s\"", buf);
}

/* Coordinated omission: the wakeups a stall kept from being made. */
static void test_not_made(void)
{
	static struct latt_result r;

	r.cfg.clients = 4;
	r.measured.elapsed_ns = 3000000000ULL;
	ok(latt_result_not_made(&r) == 0, "not_made: no stall, none");
	/* 2 s stalled in 1 cycle; 100 more cycles in the other second. */
	r.measured.stalled_cycles = 1;
	r.measured.stalled_ns = 2000000000ULL;
	r.measured.cycles = 101;
	if (!ok(latt_result_not_made(&r) == 800,
		"not_made: 2 s at 100 cycles a second, 4 clients: 800"))
		diag("got %llu", (unsigned long long)latt_result_not_made(&r));
	r.measured.cycles = 1;
	ok(latt_result_not_made(&r) == 0,
	   "not_made: nothing to compare with, no guess");
}

/* latt's own load, and the two rules that say it dominates. */
static void test_load(void)
{
	static struct latt_result r;

	latt_config_init(&r.cfg);
	r.cfg.clients = 8;
	r.measured.elapsed_ns = 1000000000ULL;
	r.measured.cycles = 10;
	r.measured.load_cpus = 2;
	r.measured.kview.run_ns = 100000000ULL;	/* 10 ms a cycle, 5 ms a CPU */
	r.measured.waker_cpu_ns = 20000000ULL;
	fake_stats(&r.measured.wake.stats, 80, 1000, 20000000, 10000000, 1000);
	latt_result_finish(&r);
	ok(r.derived.has_load && fabs(r.derived.load - 0.06) < 1e-9 &&
	   fabs(r.derived.cycle_cpu_ns - 10e6) < 1e-3 &&
	   fabs(r.derived.cycle_queue_ns - 5e6) < 1e-3,
	   "load: 120 ms of 2 CPUs x 1 s is 6%%, 5 ms per CPU a cycle");
	ok(r.derived.load_queues && !r.derived.load_busy &&
	   latt_result_load_dominates(&r),
	   "load: 5 ms per CPU, 50%% of a 10 ms mean: the clients queue");
	r.measured.wake.stats.mean = 10000001;
	latt_result_finish(&r);
	ok(!r.derived.load_queues && !latt_result_load_dominates(&r),
	   "load: just below 50%% of the mean: no note");
	r.measured.wake.stats.mean = 1000;
	r.cfg.clients = 2;
	latt_result_finish(&r);
	ok(!r.derived.load_queues, "load: no more clients than CPUs: no queue");
	r.measured.kview.run_ns = 980000000ULL;
	latt_result_finish(&r);
	ok(r.derived.load_busy && latt_result_load_dominates(&r),
	   "load: 1 s of 2 CPUs x 1 s is 50%%: busy");
	r.measured.kview_error = -ENOENT;
	latt_result_finish(&r);
	ok(!r.derived.has_load && !latt_result_load_dominates(&r),
	   "load: without schedstat, not known");
}

/* The one rule of which reason stops a run, and the one place it is kept. */
static void test_stop_rule(void)
{
	static const enum latt_stop normal[] = {
		LATT_STOP_DURATION, LATT_STOP_TARGET,
	};
	static const enum latt_stop other[] = {
		LATT_STOP_CLIENT, LATT_STOP_OUTPUT, LATT_STOP_TTY,
		LATT_STOP_SETUP, LATT_STOP_NOEXEC, LATT_STOP_BREAK,
	};
	struct latt_result r;
	struct latt_stop_why why;
	bool first = true, over = true, kept = true;
	size_t i, j;

	for (i = LATT_STOP_DURATION; i <= LATT_STOP_BREAK; i++) {
		first &= latt_stop_wins(LATT_STOP_NONE, (enum latt_stop)i);
		first &= !latt_stop_wins((enum latt_stop)i, LATT_STOP_NONE);
	}
	ok(first, "stop rule: any reason stops a running run, none is no "
	   "reason");
	for (i = 0; i < ARRAY_SIZE(normal); i++) {
		over &= latt_stop_wins(normal[i], LATT_STOP_SIGNAL);
		over &= latt_stop_wins(normal[i], LATT_STOP_ERROR);
		for (j = 0; j < ARRAY_SIZE(other); j++)
			over &= !latt_stop_wins(normal[i], other[j]);
		over &= !latt_stop_wins(normal[i], LATT_STOP_DURATION) &&
			!latt_stop_wins(normal[i], LATT_STOP_TARGET);
	}
	ok(over, "stop rule: a normal end gives way to a signal and an error "
	   "only");
	for (i = 0; i < ARRAY_SIZE(other); i++)
		for (j = LATT_STOP_DURATION; j <= LATT_STOP_BREAK; j++)
			kept &= !latt_stop_wins(other[i], (enum latt_stop)j);
	kept &= !latt_stop_wins(LATT_STOP_SIGNAL, LATT_STOP_ERROR) &&
		!latt_stop_wins(LATT_STOP_ERROR, LATT_STOP_SIGNAL);
	ok(kept, "stop rule: any other first reason is kept");

	memset(&r, 0, sizeof(r));
	r.end.dead_client = -1;
	latt_stop_say(&why, LATT_STOP_CLIENT, 0, NULL)->client = 2;
	ok(latt_stop_record(&r.end, &why) && r.end.why == LATT_STOP_CLIENT &&
	   r.end.dead_client == 2, "latt_stop_record: the dead client kept");
	ok(!latt_stop_record(&r.end, latt_stop_say(&why, LATT_STOP_SETUP, -EIO,
						   "waker: %s", "cpus")) &&
	   r.end.why == LATT_STOP_CLIENT && r.end.error == 0 && !r.end.what[0],
	   "latt_stop_record: a second reason leaves the first whole");
	memset(&r, 0, sizeof(r));
	latt_stop_record(&r.end, latt_stop_say(&why, LATT_STOP_DURATION, 0,
					       NULL));
	latt_stop_say(&why, LATT_STOP_SIGNAL, 0, NULL)->signal = SIGINT;
	ok(latt_stop_record(&r.end, &why) && r.end.why == LATT_STOP_SIGNAL &&
	   r.end.signal == SIGINT, "latt_stop_record: ^C after the duration "
	   "is interrupted, by SIGINT");
	memset(&r, 0, sizeof(r));
	ok(latt_stop_record(&r.end, latt_stop_say(&why, LATT_STOP_SETUP, -EPERM,
						   "client %u: setting its %s",
						   3u, "policy")) &&
	   r.end.error == -EPERM && !strcmp(r.end.what,
					    "client 3: setting its policy"),
	   "latt_stop_record: the error and what failed, formatted");
}

int main(void)
{
	rnd_seed(0x853c49e6748fea9bULL);
	plan(7 + 3 + 1 + 7 + 12 + 4 + 2 + 3 + 6 + 6);
	test_collect();
	test_clamp();
	test_stop_names();
	test_stop_rule();
	test_report();
	test_status();
	test_nothing_measured();
	test_not_made();
	test_load();
	return tap_done();
}
