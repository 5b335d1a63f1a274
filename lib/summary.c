// SPDX-License-Identifier: GPL-2.0-only
/*
 * The comparison of configurations; see include/latt/summary.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "latt/summary.h"

const char *latt_metric_name(enum latt_metric m)
{
	static const char *const names[LATT_M_COUNT] = {
		[LATT_M_ENTRIES] = "entries",
		[LATT_M_MAX] = "max",
		[LATT_M_AVG] = "avg",
		[LATT_M_STDEV] = "stdev",
		[LATT_M_P99] = "p99",
		[LATT_M_WALL] = "wall s",
		[LATT_M_CPU] = "cpu s",
		[LATT_M_CS_RATE] = "cs/s",
	};

	return (unsigned int)m < LATT_M_COUNT ? names[m] : "?";
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double latt_median(double *v, size_t n)
{
	if (!n)
		return NAN;
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Metric @m of result @r; NaN where it has none. */
static double metric(const struct latt_result *r, enum latt_metric m)
{
	switch (m) {
	case LATT_M_ENTRIES:
		return (double)r->wake.stats.count;
	case LATT_M_MAX:
		return (double)r->wake.stats.max;
	case LATT_M_AVG:
		return r->wake.stats.mean;
	case LATT_M_STDEV:
		return r->wake.stdev;
	case LATT_M_P99:
		return (double)r->wake.p99;
	case LATT_M_WALL:
		return r->has_target ? (double)r->target_wall_ns / 1e9 : NAN;
	case LATT_M_CPU:
		return r->has_target ? r->target_cpu_s : NAN;
	case LATT_M_CS_RATE:
		return r->has_ctxt ? r->ctxt_rate : NAN;
	case LATT_M_COUNT:
		break;
	}
	return NAN;
}

/*
 * Only complete runs make the numbers: an interrupted or failed run's
 * command did less work, and its few samples would pull medians.
 */
static bool counts(const struct latt_result *r)
{
	return latt_result_measured(r) && r->wake.stats.count &&
	       !latt_result_exit_status(r);
}

static void build_row(struct latt_summary_row *row,
		      const struct latt_result *results, size_t n)
{
	const char *name = row->cfg->name;
	double *v;
	size_t i, k, m;

	v = calloc(n ? n : 1, sizeof(*v));
	for (m = 0; m < LATT_M_COUNT; m++) {
		for (i = 0, k = 0; v && i < n; i++) {
			double x;

			if (strcmp(results[i].cfg.name, name) ||
			    !counts(&results[i]))
				continue;
			x = metric(&results[i], (enum latt_metric)m);
			if (!isnan(x))
				v[k++] = x;
		}
		row->value[m] = v ? latt_median(v, k) : NAN;
		if (m == LATT_M_P99)
			row->p99_spread = k > 1 && row->value[m] > 0 ?
				(v[k - 1] - v[0]) / row->value[m] : NAN;
	}
	for (i = 0; i < n; i++) {
		if (strcmp(results[i].cfg.name, name))
			continue;
		if (counts(&results[i])) {
			row->runs++;
			row->lagged += results[i].waker_lagged;
		} else {
			row->left_out++;
		}
	}
	free(v);
}

size_t latt_summary_build(const struct latt_result *results, size_t n,
			  struct latt_summary_row *rows, size_t max)
{
	size_t nrows = 0, i, j, m;

	for (i = 0; i < n; i++) {
		for (j = 0; j < nrows; j++)
			if (!strcmp(rows[j].cfg->name, results[i].cfg.name))
				break;
		if (j < nrows || nrows == max)
			continue;
		memset(&rows[nrows], 0, sizeof(rows[nrows]));
		rows[nrows].cfg = &results[i].cfg;
		build_row(&rows[nrows], results, n);
		nrows++;
	}
	for (j = 0; j < nrows; j++) {
		for (m = 0; m < LATT_M_COUNT; m++) {
			double a = rows[j].value[m], b = rows[0].value[m];

			rows[j].ratio[m] = isnan(a) || isnan(b) || b == 0 ?
					   NAN : a / b;
		}
	}
	return nrows;
}
