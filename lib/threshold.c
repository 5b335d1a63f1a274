// SPDX-License-Identifier: GPL-2.0-only
/*
 * -q lines and --fail-above limits; see include/latt/threshold.h.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "latt/parse.h"
#include "latt/summary.h"
#include "latt/threshold.h"
#include "latt/util.h"

static int parse_metric(const char *given, struct latt_threshold *t)
{
	char name[sizeof(t->name)], *end;
	size_t i;

	for (i = 0; given[i] && i + 1 < sizeof(name); i++)
		name[i] = (char)tolower((unsigned char)given[i]);
	name[i] = '\0';

	if (!strcmp(name, "max"))
		t->metric = LATT_THR_MAX;
	else if (!strcmp(name, "avg"))
		t->metric = LATT_THR_AVG;
	else if (!strcmp(name, "stdev"))
		t->metric = LATT_THR_STDEV;
	else if (name[0] == 'p' && name[1] >= '0' && name[1] <= '9') {
		errno = 0;
		t->pct = strtod(name + 1, &end);
		if (errno || *end || !(t->pct > 0) || t->pct >= 100)
			return -EINVAL;
		t->metric = LATT_THR_PCT;
	} else {
		return -EINVAL;
	}
	snprintf(t->name, sizeof(t->name), "%s", name);
	return 0;
}

int latt_threshold_parse(const char *s, struct latt_threshold *t, size_t max,
			 size_t *n, char *err, size_t len)
{
	char *copy, *item, *save = NULL, *eq;
	size_t i;
	int ret = 0;

	*n = 0;
	copy = strdup(s);
	if (!copy)
		return latt_err(-ENOMEM, err, len, "out of memory");
	for (item = strtok_r(copy, ",", &save); item && !ret;
	     item = strtok_r(NULL, ",", &save)) {
		struct latt_threshold *cur = &t[*n];

		eq = strchr(item, '=');
		if (!eq) {
			ret = latt_err(-EINVAL, err, len, "'%s' is not "
				       "METRIC=VALUE", item);
			break;
		}
		*eq = '\0';
		if (*n == max) {
			ret = latt_err(-EINVAL, err, len, "at most %zu limits",
				       max);
			break;
		}
		memset(cur, 0, sizeof(*cur));
		if (!strcasecmp(item, "p100")) {
			ret = latt_err(-EINVAL, err, len, "p100 is the "
				       "largest sample: use max");
			break;
		}
		if (strlen(item) >= sizeof(cur->name) ||
		    parse_metric(item, cur)) {
			ret = latt_err(-EINVAL, err, len, "unknown metric "
				       "'%s' (expected max, avg, stdev or a "
				       "percentile such as p99 or p99.9)",
				       item);
			break;
		}
		if (latt_parse_duration(eq + 1, LATT_NSEC_PER_USEC,
					&cur->limit_ns) ||
		    strlen(eq + 1) >= sizeof(cur->limit)) {
			ret = latt_err(-EINVAL, err, len, "invalid value '%s' "
				       "for %s: expected a time such as 500us "
				       "or 2ms (a plain number is in "
				       "microseconds)", eq + 1, item);
			break;
		}
		snprintf(cur->limit, sizeof(cur->limit), "%s", eq + 1);
		for (i = 0; i < *n; i++)
			if (t[i].metric == cur->metric &&
			    (cur->metric != LATT_THR_PCT ||
			     t[i].pct == cur->pct)) {
				ret = latt_err(-EINVAL, err, len, "%s is given "
					       "twice", item);
				break;
			}
		(*n)++;
	}
	if (!ret && !*n)
		ret = latt_err(-EINVAL, err, len, "expected METRIC=VALUE");
	free(copy);
	return ret;
}

/* Complete runs count; without one, those that measured. */
static bool complete(const struct latt_result *r)
{
	return latt_result_measured(r) && r->wake.stats.count &&
	       !latt_result_exit_status(r);
}

static bool measured(const struct latt_result *r)
{
	return latt_result_measured(r) && r->wake.stats.count;
}

static bool (*which_runs(const struct latt_result *results, size_t n,
			 const char *name))(const struct latt_result *)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(results[i].cfg.name, name) &&
		    complete(&results[i]))
			return complete;
	return measured;
}

static double run_value(const struct latt_result *r, enum latt_thr_metric m,
			double pct)
{
	switch (m) {
	case LATT_THR_MAX:
		return (double)r->wake.stats.max;
	case LATT_THR_AVG:
		return r->wake.stats.mean;
	case LATT_THR_STDEV:
		/* One sample has no deviation: not 0. */
		return r->wake.stats.count > 1 ? r->wake.stdev : NAN;
	case LATT_THR_PCT:
		/* Too few samples for it: the largest, as the report says. */
		if (r->wake.stats.count < latt_percentile_needs(pct))
			return (double)r->wake.stats.max;
		return (double)latt_series_percentile(&r->wake, pct);
	}
	return NAN;
}

double latt_config_value(const struct latt_result *results, size_t n,
			 const char *name, enum latt_thr_metric m, double pct)
{
	bool (*use)(const struct latt_result *) =
		which_runs(results, n, name);
	double *v, med;
	size_t i, k = 0;

	v = calloc(n ? n : 1, sizeof(*v));
	if (!v)
		return NAN;
	for (i = 0; i < n; i++) {
		if (strcmp(results[i].cfg.name, name) || !use(&results[i]))
			continue;
		v[k] = run_value(&results[i], m, pct);
		if (!isnan(v[k]))
			k++;
	}
	med = latt_median(v, k);
	free(v);
	return med;
}

uint64_t latt_config_entries(const struct latt_result *results, size_t n,
			     const char *name)
{
	bool (*use)(const struct latt_result *) =
		which_runs(results, n, name);
	uint64_t sum = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(results[i].cfg.name, name) && use(&results[i]))
			sum += results[i].wake.stats.count;
	return sum;
}


static void quiet_value(FILE *f, const char *key, double ns)
{
	if (isnan(ns))
		fprintf(f, " %s=-", key);
	else
		fprintf(f, " %s=%.1f", key, ns / 1000.0);
}

int latt_quiet_lines(FILE *f, const struct latt_run_cfg *cfgs, size_t ncfgs,
		     const struct latt_result *results, size_t n)
{
	const char *name;
	size_t i;

	for (i = 0; i < ncfgs; i++) {
		name = cfgs[i].name;
		fprintf(f, "config=%s entries=%llu", name,
			(unsigned long long)latt_config_entries(results, n,
								name));
		quiet_value(f, "max", latt_config_value(results, n, name,
							LATT_THR_MAX, 0));
		quiet_value(f, "avg", latt_config_value(results, n, name,
							LATT_THR_AVG, 0));
		quiet_value(f, "stdev", latt_config_value(results, n, name,
							  LATT_THR_STDEV, 0));
		quiet_value(f, "p99", latt_config_value(results, n, name,
							LATT_THR_PCT, 99));
		fputc('\n', f);
	}
	if (fflush(f) || ferror(f))
		return errno ? -errno : -EIO;
	return 0;
}

unsigned int latt_threshold_check(FILE *err, const struct latt_run_cfg *cfgs,
				  size_t ncfgs,
				  const struct latt_result *results, size_t n,
				  const struct latt_threshold *t, size_t nt)
{
	unsigned int over = 0;
	const char *name;
	size_t i, j;
	double v;

	for (i = 0; i < ncfgs; i++) {
		name = cfgs[i].name;
		for (j = 0; j < nt; j++) {
			v = latt_config_value(results, n, name, t[j].metric,
					      t[j].pct);
			if (isnan(v) || v <= (double)t[j].limit_ns)
				continue;
			fprintf(err, "latt: configuration '%s': %s %.1f usec "
				"is over the limit of %g usec (%s)\n", name,
				t[j].name, v / 1000.0,
				(double)t[j].limit_ns / 1000.0, t[j].limit);
			over++;
		}
	}
	return over;
}
