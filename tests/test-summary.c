// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the comparison of configurations (lib/summary.c,
 * include/latt/summary.h): rows in order of first appearance, medians
 * over each configuration's runs, the spread of p99, ratios to the first
 * row, and what is left out (runs that measured nothing, numbers that do
 * not exist).
 */
#include <math.h>
#include <string.h>

#include "latt/summary.h"
#include "tap.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static struct latt_result results[8];

/* One run of configuration @name with these wakeup numbers (us). */
static void fake(struct latt_result *r, const char *name, unsigned int run,
		 uint64_t count, double max_us, double avg_us, double p99_us,
		 double wall_s)
{
	memset(r, 0, sizeof(*r));
	latt_config_init(&r->cfg);
	snprintf(r->cfg.name, sizeof(r->cfg.name), "%s", name);
	r->run = run;
	r->stop = LATT_STOP_TARGET;
	r->wake.stats.count = count;
	r->wake.stats.max = (uint64_t)(max_us * 1000);
	r->wake.stats.mean = avg_us * 1000;
	r->wake.stdev = avg_us * 500;
	r->wake.p99 = (uint64_t)(p99_us * 1000);
	r->has_target = true;
	r->target_wall_ns = (uint64_t)(wall_s * 1e9);
	r->target_cpu_s = wall_s * 2;
	r->has_ctxt = true;
	r->ctxt_rate = 1000;
}

static bool near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * (fabs(b) + 1);
}

int main(void)
{
	struct latt_summary_row rows[4];
	double v[] = { 5, 1, 4, 2, 3 }, w[] = { 4, 1, 3, 2 };
	size_t n;

	plan(10);
	ok(near(latt_median(v, 5), 3) && near(latt_median(w, 4), 2.5) &&
	   isnan(latt_median(v, 0)), "median of odd, even and no values");

	/* Interleaved as latt runs them: a1 b1 a2 b2 a3 b3, then c. */
	fake(&results[0], "a", 1, 100, 900, 100, 800, 10);
	fake(&results[1], "b", 1, 100, 450, 50, 400, 11);
	fake(&results[2], "a", 2, 102, 1000, 110, 1000, 12);
	fake(&results[3], "b", 2, 98, 500, 55, 500, 12);
	fake(&results[4], "a", 3, 98, 1100, 120, 900, 14);
	fake(&results[5], "b", 3, 0, 0, 0, 0, 0);	/* measured nothing */
	results[5].stop = LATT_STOP_DURATION;
	fake(&results[6], "c", 1, 100, 100, 10, 80, 10);
	results[6].stop = LATT_STOP_SIGNAL;
	results[6].stop_signal = 2;
	fake(&results[7], "d", 1, 100, 100, 10, 80, 10);
	results[7].has_target = false;
	results[7].stop = LATT_STOP_DURATION;

	n = latt_summary_build(results, ARRAY_SIZE(results), rows, 4);
	ok(n == 4 && !strcmp(rows[0].cfg->name, "a") &&
	   !strcmp(rows[1].cfg->name, "b") && !strcmp(rows[2].cfg->name, "c"),
	   "one row per configuration, in order of first appearance");
	ok(rows[0].runs == 3 && rows[1].runs == 2 && rows[2].runs == 0,
	   "runs that measured nothing, or did not complete, are left out");
	ok(near(rows[0].value[LATT_M_MAX], 1000e3) &&
	   near(rows[0].value[LATT_M_AVG], 110e3) &&
	   near(rows[0].value[LATT_M_P99], 900e3) &&
	   near(rows[0].value[LATT_M_ENTRIES], 100) &&
	   near(rows[0].value[LATT_M_WALL], 12) &&
	   near(rows[0].value[LATT_M_CPU], 24),
	   "each metric is the median of the runs");
	ok(near(rows[1].value[LATT_M_P99], 450e3),
	   "... of two runs: their mean");
	ok(near(rows[0].p99_spread, (1000.0 - 800) / 900) &&
	   isnan(rows[2].p99_spread), "p99 spread: range over median; none "
	   "without two runs");
	ok(near(rows[0].ratio[LATT_M_AVG], 1) &&
	   near(rows[1].ratio[LATT_M_P99], 0.5) &&
	   near(rows[1].ratio[LATT_M_MAX], 475.0 / 1000),
	   "ratios to the first row");
	ok(isnan(rows[2].value[LATT_M_MAX]) &&
	   isnan(rows[2].ratio[LATT_M_MAX]),
	   "a configuration without a complete run: no numbers, no ratios");
	ok(rows[0].left_out == 0 && rows[1].left_out == 1 &&
	   rows[2].left_out == 1, "runs left out are counted");
	ok(rows[3].runs == 1 && isnan(rows[3].value[LATT_M_WALL]) &&
	   isnan(rows[3].ratio[LATT_M_CPU]) &&
	   near(rows[3].ratio[LATT_M_CS_RATE], 1),
	   "without a command: no times, no ratio of them");
	return tap_done();
}
