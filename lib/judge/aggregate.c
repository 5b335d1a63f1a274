// SPDX-License-Identifier: GPL-2.0-only
/*
 * One aggregation of a configuration's runs; see judge/aggregate.h.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/aggregate.h"
#include "base/parse.h"
#include "measure/hist.h"
#include "measure/tmetric.h"
#include "run/result-stop.h"
#include "run/result.h"
#include "settings/config.h"

/*
 * The order of every output.  -q's first keys are latt 0.2's (entries,
 * max, avg, stdev, p99): scripts and harnesses read them by position.
 */
static const struct latt_metric defaults[] = {
	{ LATT_MK_ENTRIES, 0, LATT_MU_COUNT, LATT_BETTER_NONE,
	  "entries", "entries" },
	{ LATT_MK_MAX, 0, LATT_MU_NS, LATT_BETTER_LOWER, "max", "max" },
	{ LATT_MK_AVG, 0, LATT_MU_NS, LATT_BETTER_LOWER, "avg", "avg" },
	{ LATT_MK_STDEV, 0, LATT_MU_NS, LATT_BETTER_LOWER, "stdev", "stdev" },
	/* where the percentiles go: latt_metrics_percentiles() */
	{ LATT_MK_PCT, 0, LATT_MU_NS, LATT_BETTER_LOWER, "", "" },
	{ LATT_MK_WALL, 0, LATT_MU_S, LATT_BETTER_LOWER, "wall_s", "wall s" },
	{ LATT_MK_CPU, 0, LATT_MU_S, LATT_BETTER_LOWER, "cpu_s", "cpu s" },
	{ LATT_MK_CS_RATE, 0, LATT_MU_RATE, LATT_BETTER_NONE,
	  "cs_per_s", "cs/s" },
	{ LATT_MK_LOAD, 0, LATT_MU_SHARE, LATT_BETTER_NONE, "load", "load %" },
};

#define NDEFAULTS	(sizeof(defaults) / sizeof(defaults[0]))

void latt_metrics_init(struct latt_metric_list *ml)
{
	double pcts[LATT_DEFAULT_METRIC_NPCTS];
	size_t i;

	memcpy(ml->m, defaults, sizeof(defaults));
	ml->n = NDEFAULTS;
	for (i = 0; i < LATT_DEFAULT_METRIC_NPCTS; i++)
		pcts[i] = latt_default_pcts[latt_default_metric_pcts[i]];
	/* Three in place of one: within LATT_METRICS_MAX. */
	latt_metrics_percentiles(ml, pcts, LATT_DEFAULT_METRIC_NPCTS);
}

/* The metric of percentile @p, 0 < @p <= 100 (-p may ask for 100). */
static void pct_metric(double p, struct latt_metric *m)
{
	memset(m, 0, sizeof(*m));
	m->kind = LATT_MK_PCT;
	m->pct = p;
	m->unit = LATT_MU_NS;
	m->better = LATT_BETTER_LOWER;
	latt_percentile_label(p, m->name, sizeof(m->name));
	latt_percentile_label(p, m->head, sizeof(m->head));
}

int latt_metrics_percentiles(struct latt_metric_list *ml, const double *pcts,
			     size_t n)
{
	struct latt_metric_list out = { .n = 0 };
	bool put = false;
	size_t i, j;

	for (i = 0; i < ml->n; i++) {
		if (ml->m[i].kind != LATT_MK_PCT) {
			if (out.n == LATT_METRICS_MAX)
				return -ENOSPC;
			out.m[out.n++] = ml->m[i];
			continue;
		}
		if (put)
			continue;
		put = true;
		for (j = 0; j < n; j++) {
			if (out.n == LATT_METRICS_MAX)
				return -ENOSPC;
			pct_metric(pcts[j], &out.m[out.n++]);
		}
	}
	*ml = out;
	return 0;
}

void latt_metric_cmd(double p, struct latt_metric *m)
{
	char label[12];		/* "cmd_" + it fits m->name */

	memset(m, 0, sizeof(*m));
	m->kind = LATT_MK_CMD_PCT;
	m->pct = p;
	m->unit = LATT_MU_NS;
	m->better = LATT_BETTER_LOWER;
	latt_percentile_label(p, label, sizeof(label));
	snprintf(m->name, sizeof(m->name), "cmd_%s", label);
	snprintf(m->head, sizeof(m->head), "cmd %s", label);
}

static bool same_metric(const struct latt_metric *a,
			const struct latt_metric *b)
{
	if (a->kind != b->kind)
		return false;
	if (a->kind == LATT_MK_TARGET)
		return !strcmp(a->name, b->name);
	return (a->kind != LATT_MK_PCT && a->kind != LATT_MK_CMD_PCT) ||
	       a->pct == b->pct;
}

void latt_metric_target(const struct latt_tmetric *tm, struct latt_metric *m)
{
	memset(m, 0, sizeof(*m));
	m->kind = LATT_MK_TARGET;
	m->unit = LATT_MU_VALUE;
	m->better = tm->higher ? LATT_BETTER_HIGHER : LATT_BETTER_LOWER;
	snprintf(m->name, sizeof(m->name), "%s", tm->name);
	snprintf(m->head, sizeof(m->head), "%s", tm->name);
}

int latt_metric_parse(const char *name, struct latt_metric *m)
{
	char low[sizeof(m->name)], *end, *at;
	bool cmd;
	size_t i;
	double p;

	if (strlen(name) >= sizeof(low))
		return -EINVAL;
	for (i = 0; name[i]; i++)
		low[i] = (char)tolower((unsigned char)name[i]);
	low[i] = '\0';
	for (i = 0; i < NDEFAULTS; i++)
		if (defaults[i].name[0] && !strcmp(low, defaults[i].name)) {
			*m = defaults[i];
			return 0;
		}
	cmd = !strncmp(low, "cmd_", 4);
	at = cmd ? low + 4 : low;
	if (at[0] != 'p' || at[1] < '0' || at[1] > '9')
		return -EINVAL;
	errno = 0;
	p = strtod(at + 1, &end);
	/* p100 is max, by that name. */
	if (errno || *end || !(p > 0) || p >= 100)
		return -EINVAL;
	if (cmd)
		latt_metric_cmd(p, m);
	else
		pct_metric(p, m);
	return 0;
}

int latt_metrics_add(struct latt_metric_list *ml, const struct latt_metric *m)
{
	size_t i;

	for (i = 0; i < ml->n; i++)
		if (same_metric(&ml->m[i], m))
			return (int)i;
	if (ml->n == LATT_METRICS_MAX)
		return -ENOSPC;
	ml->m[ml->n] = *m;
	return (int)ml->n++;
}

size_t latt_metrics_find(const struct latt_metric_list *ml, const char *name)
{
	size_t m;

	for (m = 0; m < ml->n; m++)
		if (!strcmp(ml->m[m].name, name))
			break;
	return m;
}

double latt_metric_print_value(const struct latt_metric *m, double v)
{
	return m->unit == LATT_MU_NS ? v / 1000.0 :
	       m->unit == LATT_MU_SHARE ? 100 * v : v;
}

int latt_metric_prec(const struct latt_metric *m)
{
	return m->unit == LATT_MU_NS || m->unit == LATT_MU_SHARE ? 1 :
	       m->unit == LATT_MU_S || m->unit == LATT_MU_VALUE ? 2 : 0;
}

const char *latt_metric_unit_name(const struct latt_metric *m)
{
	switch (m->unit) {
	case LATT_MU_NS:
		return "usec";
	case LATT_MU_S:
		return "s";
	case LATT_MU_RATE:
		return "/s";
	case LATT_MU_SHARE:
		return "%";
	default:
		return "";
	}
}

char *latt_metric_few(const struct latt_metric *m, char *buf, size_t len)
{
	snprintf(buf, len, "(the max: %s needs %llu samples)", m->name,
		 (unsigned long long)latt_percentile_needs(m->pct));
	return buf;
}

char *latt_metric_cell(const struct latt_metric *m, double v, bool ratio,
		       char mark, char *buf, size_t len)
{
	if (isnan(v))
		snprintf(buf, len, " %*s ", LATT_CELL_WIDTH - 1, "-");
	else if (ratio)
		snprintf(buf, len, " %*.3f%c", LATT_CELL_WIDTH - 1, v, mark);
	else
		snprintf(buf, len, " %*.*f%c", LATT_CELL_WIDTH - 1,
			 latt_metric_prec(m), latt_metric_print_value(m, v),
			 mark);
	return buf;
}

/*
 * @v as the JSON document writes it: times and rates with one decimal,
 * a share (@exact) with six significant digits.  A run seen here and the
 * same run read back by latt compare give the same values.
 */
static double written(double v, bool exact)
{
	char buf[64];

	if (isnan(v))
		return v;
	snprintf(buf, sizeof(buf), exact ? "%.6g" : "%.1f", v);
	return strtod(buf, NULL);
}

#define as_written(v)		written((v), false)
#define as_written_exact(v)	written((v), true)

/* A time of the document: integer nanoseconds. */
static double tv_ns(const struct timeval *tv)
{
	return (double)((uint64_t)tv->tv_sec * 1000000000ULL +
			(uint64_t)tv->tv_usec * 1000);
}

void latt_agg_view(const struct latt_result *r, struct latt_run_view *v)
{
	const struct latt_series *w = &r->measured.wake;
	bool measured = latt_result_measured(r);
	bool tgt = measured && latt_result_command_ran(r);
	size_t i;

	memset(v, 0, sizeof(*v));
	v->complete = latt_result_complete(r);
	v->lagged = r->derived.waker_lagged;
	v->count = measured ? w->stats.count : 0;
	v->min = w->stats.min;
	v->max = w->stats.max;
	v->mean = v->count ? as_written(w->stats.mean) : NAN;
	v->stdev = v->count > 1 ? as_written(w->stdev) : NAN;
	v->stdev_mean = v->count > 1 ? as_written(w->stdev_mean) : NAN;
	v->hist = &w->hist;
	v->wall_s = tgt ? (double)r->cmd.wall_ns / 1e9 : NAN;
	v->cpu_s = tgt ? (tv_ns(&r->cmd.rusage.ru_utime) +
			  tv_ns(&r->cmd.rusage.ru_stime)) / 1e9 : NAN;
	v->cs_rate = measured && r->sys.has_ctxt && r->measured.elapsed_ns ?
		     as_written(r->derived.ctxt_rate) : NAN;
	for (i = 0; r->cmd.tm_read && i < r->cfg.ntm; i++) {
		v->tm_name[i] = r->cfg.tm[i].name;
		v->tm_value[i] = measured && r->cmd.tm[i].matches ?
				 r->cmd.tm[i].value : NAN;
	}
	v->ntm = i;
	v->tm_partial = tgt && r->cmd.killed;
	if (tgt && r->cmd.waits.measured && !r->cmd.waits.error) {
		v->cmd_hist = &r->cmd.waits.wakeup.hist;
		v->cmd_count = r->cmd.waits.wakeup.hist.count;
		v->cmd_max = r->cmd.waits.wakeup.max_ns;
	}
	v->load = measured && r->derived.has_load ?
		  as_written_exact(r->derived.load) : NAN;
	v->load_note = measured && latt_result_load_dominates(r);
	v->load_queued = v->load_note && !r->derived.load_busy;
}

const char *latt_agg_load_why(unsigned int noted, unsigned int queued)
{
	if (queued && queued >= noted)
		return "its clients queued behind each other, whatever its "
		       "load";
	if (queued)
		return "its own load dominated, or its clients queued behind "
		       "each other";
	return "its own load dominated";
}

/* The sample of rank @rank of @v. */
static double at_rank(const struct latt_run_view *v, uint64_t rank)
{
	return (double)latt_rank_of(v->hist, v->count, v->min, v->max, rank);
}

/*
 * Percentile @p of @v, and the 95% interval of ranks around it:
 * n p +- 1.96 sqrt(n p (1 - p)), one more either side.
 */
static void percentile(const struct latt_run_view *v, double p,
		       struct latt_value *out)
{
	double r = p * (double)v->count / 100.0, q = p / 100.0, d;
	uint64_t a, b;

	out->few = latt_percentile_few_of(v->count, p);
	out->v = (double)latt_percentile_of(v->hist, v->count, v->min,
					    v->max, p);
	d = 1.96 * sqrt((double)v->count * q * (1 - q)) + 1;
	a = r - d < 1 ? 1 : (uint64_t)floor(r - d);
	b = r + d >= (double)v->count ? v->count : (uint64_t)ceil(r + d);
	out->lo = at_rank(v, a);
	out->hi = at_rank(v, b);
}

/* The command's figure @name in @v: NaN when it has none. */
static double target_value(const struct latt_run_view *v, const char *name)
{
	size_t i;

	for (i = 0; i < v->ntm; i++)
		if (v->tm_name[i] && !strcmp(v->tm_name[i], name))
			return v->tm_value[i];
	return NAN;
}

void latt_agg_value(const struct latt_metric *m, const struct latt_run_view *v,
		    struct latt_value *out)
{
	out->v = out->lo = out->hi = out->spread = NAN;
	out->few = false;
	out->partial = false;
	switch (m->kind) {
	case LATT_MK_ENTRIES:
		out->v = (double)v->count;
		return;
	case LATT_MK_WALL:
		out->v = v->wall_s;
		return;
	case LATT_MK_CPU:
		out->v = v->cpu_s;
		return;
	case LATT_MK_CS_RATE:
		out->v = v->cs_rate;
		return;
	case LATT_MK_TARGET:
		out->v = target_value(v, m->name);
		out->partial = v->tm_partial && !isnan(out->v);
		return;
	case LATT_MK_LOAD:
		out->v = v->load;
		return;
	case LATT_MK_CMD_PCT:
		if (!v->cmd_hist || !v->cmd_count)
			return;
		out->few = latt_percentile_few_of(v->cmd_count, m->pct);
		out->v = (double)latt_percentile_of(v->cmd_hist, v->cmd_count,
						    0, v->cmd_max, m->pct);
		return;
	default:
		break;
	}
	if (!v->count)
		return;
	switch (m->kind) {
	case LATT_MK_MAX:
		out->v = (double)v->max;
		break;
	case LATT_MK_AVG:
		out->v = v->mean;
		if (!isnan(v->stdev_mean)) {
			out->lo = v->mean - 1.96 * v->stdev_mean;
			out->hi = v->mean + 1.96 * v->stdev_mean;
		}
		break;
	case LATT_MK_STDEV:
		/* One sample has no deviation: not 0. */
		out->v = v->count > 1 ? v->stdev : NAN;
		break;
	case LATT_MK_PCT:
		percentile(v, m->pct, out);
		break;
	default:
		break;
	}
}

void latt_agg_run(const struct latt_metric_list *ml,
		  const struct latt_run_view *v, struct latt_agg_run *out)
{
	size_t i;

	memset(out, 0, sizeof(*out));
	out->complete = v->complete;
	out->lagged = v->lagged;
	out->load_note = v->load_note;
	out->load_queued = v->load_queued;
	out->count = v->count;
	out->measured = v->count > 0 || v->cmd_count > 0;
	for (i = 0; i < ml->n; i++)
		latt_agg_value(&ml->m[i], v, &out->val[i]);
	/* A metric added to the list later (latt compare) has none here. */
	for (; i < LATT_METRICS_MAX; i++)
		out->val[i].v = out->val[i].lo = out->val[i].hi =
			out->val[i].spread = NAN;
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

/*
 * Which runs count: the complete ones, else those that measured.  An
 * interrupted or failed run's command did less work, and its few samples
 * would pull medians; but a configuration with no complete run is still
 * shown, from what it measured, and says so.
 */
static bool counts(const struct latt_agg_run *r, bool complete)
{
	return complete ? r->complete : r->measured;
}

bool latt_agg_counts(const struct latt_agg_run *r, const struct latt_agg_cfg *c)
{
	return counts(r, c->complete);
}

int latt_agg_cfg(const struct latt_metric_list *ml, const char *name,
		 const struct latt_agg_run *runs, size_t n,
		 struct latt_agg_cfg *out)
{
	const struct latt_agg_run *single = NULL;
	size_t i, k, m;
	double *v;

	memset(out, 0, sizeof(*out));
	out->name = name;
	v = calloc(n ? n : 1, sizeof(*v));
	if (!v)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		if (runs[i].complete && runs[i].measured)
			out->complete = true;
	for (i = 0; i < n; i++) {
		if (!counts(&runs[i], out->complete)) {
			out->left_out++;
			continue;
		}
		out->runs++;
		out->lagged += runs[i].lagged;
		out->load_noted += runs[i].load_note;
		out->load_queued += runs[i].load_queued;
		single = &runs[i];
	}
	for (m = 0; m < ml->n; m++) {
		struct latt_value *val = &out->val[m];

		val->lo = val->hi = val->spread = NAN;
		val->few = false;
		val->partial = false;
		for (i = 0, k = 0; i < n; i++) {
			const struct latt_value *x = &runs[i].val[m];

			if (!counts(&runs[i], out->complete) || isnan(x->v))
				continue;
			v[k++] = x->v;
			val->few |= x->few;
			val->partial |= x->partial;
		}
		val->v = latt_median(v, k);
		if (k > 1)
			val->spread = v[k - 1] - v[0];
		if (out->runs == 1 && k == 1) {
			val->lo = single->val[m].lo;
			val->hi = single->val[m].hi;
		}
		/* Nothing measured: no entries. */
		if (!k && ml->m[m].kind == LATT_MK_ENTRIES)
			val->v = 0;
	}
	free(v);
	return 0;
}

int latt_agg_results(const struct latt_metric_list *ml,
		     const struct latt_run_cfg *cfgs, size_t ncfgs,
		     const struct latt_result *results, size_t n,
		     struct latt_agg_cfg *out)
{
	struct latt_agg_run *runs;
	struct latt_run_view view;
	size_t i, j, k;
	int ret = 0;

	runs = calloc(n ? n : 1, sizeof(*runs));
	if (!runs)
		return -ENOMEM;
	for (i = 0; i < ncfgs; i++) {
		for (j = 0, k = 0; j < n; j++) {
			if (strcmp(results[j].cfg.name, cfgs[i].name))
				continue;
			latt_agg_view(&results[j], &view);
			latt_agg_run(ml, &view, &runs[k++]);
		}
		ret = latt_agg_cfg(ml, cfgs[i].name, runs, k, &out[i]);
		if (ret)
			break;
	}
	free(runs);
	return ret;
}

double latt_agg_ratio(const struct latt_value *a,
		      const struct latt_value *first)
{
	if (isnan(a->v) || isnan(first->v) || first->v == 0)
		return NAN;
	return a->v / first->v;
}
