// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the one aggregation (lib/judge/aggregate.c): the metric list,
 * a run's values (a percentile that lacks samples is the max, and says
 * so), which runs count, medians and spreads, ratios and the noise rule.
 */
#include <math.h>
#include <string.h>

#include "judge/aggregate.h"
#include "measure/hist.h"
#include "measure/stats.h"
#include "run/result.h"
#include "settings/config.h"
#include "tap.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static struct latt_result results[8];

/* One run of configuration @name: @count samples from 1 to @max_us us. */
static void fake(struct latt_result *r, const char *name, unsigned int run,
		 uint64_t count, double max_us, double wall_s)
{
	uint64_t i, v;

	memset(r, 0, sizeof(*r));
	latt_config_init(&r->cfg);
	snprintf(r->cfg.name, sizeof(r->cfg.name), "%s", name);
	r->run = run;
	r->end.why = LATT_STOP_TARGET;
	for (i = 1; i <= count; i++) {
		v = (uint64_t)(max_us * 1000 * (double)i / (double)count);
		latt_stats_add(&r->measured.wake.stats, v);
		latt_hist_add(&r->measured.wake.hist, v);
	}
	r->cmd.given = true;
	r->cmd.wall_ns = (uint64_t)(wall_s * 1e9);
	r->sys.has_ctxt = true;
	r->sys.ctxt = 1000;
	r->measured.elapsed_ns = 1000000000;
	latt_result_finish(r);
}

static bool near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * (fabs(b) + 1);
}

/* The index of metric @name in @ml. */
static size_t idx(const struct latt_metric_list *ml, const char *name)
{
	size_t i;

	for (i = 0; i < ml->n; i++)
		if (!strcmp(ml->m[i].name, name))
			break;
	return i;
}

int main(void)
{
	struct latt_metric_list ml;
	struct latt_metric m;
	struct latt_run_cfg cfgs[4];
	struct latt_agg_cfg agg[4];
	struct latt_run_view view;
	struct latt_value v;
	double med[] = { 5, 1, 4, 2, 3 }, w[] = { 4, 1, 3, 2 };
	size_t i, p99, mx;

	plan(15);
	ok(near(latt_median(med, 5), 3) && near(latt_median(w, 4), 2.5) &&
	   isnan(latt_median(med, 0)), "median of odd, even and no values");

	latt_metrics_init(&ml);
	p99 = idx(&ml, "p99");
	mx = idx(&ml, "max");
	ok(ml.n == 11 && p99 < ml.n && idx(&ml, "cs_per_s") == 9 &&
	   idx(&ml, "load") == 10, "the default list: eleven metrics, "
	   "cs_per_s and latt's load last");
	ok(!latt_metric_parse("P99.9", &m) && m.kind == LATT_MK_PCT &&
	   m.pct == 99.9 && latt_metrics_add(&ml, &m) == (int)idx(&ml, "p99.9")
	   && ml.n == 11, "a listed percentile is not added twice");
	ok(!latt_metric_parse("p95", &m) && latt_metrics_add(&ml, &m) == 11 &&
	   ml.n == 12 && latt_metric_parse("p100", &m) &&
	   latt_metric_parse("q5", &m),
	   "another percentile joins the list; p100 and q5 are refused");

	/* 50 samples: too few for p99, which is then the max, exactly. */
	fake(&results[0], "a", 1, 50, 500, 10);
	latt_agg_view(&results[0], &view);
	latt_agg_value(&ml.m[p99], &view, &v);
	ok(v.few && near(v.v, (double)results[0].measured.wake.stats.max),
	   "p99 of 50 samples: the max, marked few");
	fake(&results[0], "a", 1, 1000, 1000, 10);
	latt_agg_view(&results[0], &view);
	latt_agg_value(&ml.m[p99], &view, &v);
	ok(!v.few && fabs(v.v - 990e3) < 990e3 / 100 && v.lo <= v.v &&
	   v.hi >= v.v, "p99 of 1000 samples: measured, within 1%%, with an "
	   "interval around it");

	/* Interleaved as latt runs them: a1 b1 a2 b2 a3 b3, c1, d1. */
	fake(&results[0], "a", 1, 200, 900, 10);
	fake(&results[1], "b", 1, 200, 450, 11);
	fake(&results[2], "a", 2, 200, 1000, 12);
	fake(&results[3], "b", 2, 50, 500, 12);
	fake(&results[4], "a", 3, 200, 1100, 14);
	fake(&results[5], "b", 3, 0, 0, 0);	/* measured nothing */
	results[5].end.why = LATT_STOP_DURATION;
	fake(&results[6], "c", 1, 200, 100, 10);
	results[6].end.why = LATT_STOP_SIGNAL;
	results[6].end.signal = 2;
	/*
	 * latt's own load: known in a's runs, dominating in all three: two
	 * busy, one (at 10%) by its clients queueing alone.
	 */
	for (i = 0; i < 5; i += 2) {
		results[i].derived.has_load = true;
		results[i].derived.load = 0.1 * (double)(i + 1);
		results[i].derived.load_busy = i > 0;
		results[i].derived.load_queues = i == 0;
	}
	for (i = 0; i < 4; i++)
		latt_config_init(&cfgs[i]);
	snprintf(cfgs[0].name, sizeof(cfgs[0].name), "a");
	snprintf(cfgs[1].name, sizeof(cfgs[1].name), "b");
	snprintf(cfgs[2].name, sizeof(cfgs[2].name), "c");
	snprintf(cfgs[3].name, sizeof(cfgs[3].name), "d");
	latt_metrics_init(&ml);
	ok(!latt_agg_results(&ml, cfgs, 4, results, 7, agg),
	   "every configuration aggregated");
	ok(agg[0].runs == 3 && agg[0].complete && !agg[0].left_out &&
	   agg[1].runs == 2 && agg[1].left_out == 1,
	   "complete runs count; one that measured nothing is left out");
	ok(agg[2].runs == 1 && !agg[2].complete && !agg[2].left_out,
	   "no complete run: the runs that measured, said");
	ok(agg[3].runs == 0 && agg[3].val[0].v == 0 &&
	   isnan(agg[3].val[mx].v), "never run: no entries, no values");
	ok(near(agg[0].val[mx].v, 1000e3) &&
	   near(agg[0].val[mx].spread, 200e3) &&
	   near(agg[0].val[idx(&ml, "wall_s")].v, 12),
	   "a metric is the median of the runs, with their range");
	ok(agg[1].val[p99].few && !agg[0].val[p99].few,
	   "a configuration with a run of too few samples is marked");
	ok(near(agg[0].val[idx(&ml, "load")].v, 0.3) &&
	   near(agg[0].val[idx(&ml, "load")].spread, 0.4) &&
	   isnan(agg[1].val[idx(&ml, "load")].v) && agg[0].load_noted == 3 &&
	   agg[0].load_queued == 1 && !agg[1].load_noted,
	   "latt's load: the median of the runs; the runs it dominated, "
	   "counted, and those by queueing alone");
	ok(strstr(latt_agg_load_why(1, 1), "queued behind each other, "
		  "whatever its load") &&
	   !strstr(latt_agg_load_why(2, 0), "queued") &&
	   strstr(latt_agg_load_why(3, 1), "load dominated, or its clients "
		  "queued"),
	   "the note's reason: queueing alone, the load, or either");
	ok(near(latt_agg_ratio(&agg[1].val[mx], &agg[0].val[mx]), 0.475) &&
	   isnan(latt_agg_ratio(&agg[3].val[mx], &agg[0].val[mx])),
	   "ratios to the first configuration, none where a value is missing");

	return 0;
}
