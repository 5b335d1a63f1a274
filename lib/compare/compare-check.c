// SPDX-License-Identifier: GPL-2.0-only
/* latt compare: a document's fields and runs checked; see compare-check.h. */
#include <json-c/json.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare-check.h"
#include "base/escape.h"
#include "compare/compare.h"
#include "judge/aggregate.h"
#include "measure/clock.h"
#include "measure/hist.h"
#include "measure/tmetric.h"
#include "report/json-fields.h"
#include "report/json-schema.h"
#include "run/result.h"
#include "settings/config.h"

static void cmp_vfail(struct latt_cmp_reader *rd, const char *fmt, va_list ap)
{
	if (rd->failed)
		return;
	rd->failed = true;
	vsnprintf(rd->err, rd->len, fmt, ap);
}

void latt_cmp_fail(struct latt_cmp_reader *rd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	cmp_vfail(rd, fmt, ap);
	va_end(ap);
}

void *latt_cmp_array(struct latt_cmp_reader *rd, size_t n, size_t max,
		     size_t size, const char *fmt, ...)
{
	va_list ap;
	void *a;

	if (n > max) {
		va_start(ap, fmt);
		cmp_vfail(rd, fmt, ap);
		va_end(ap);
		return NULL;
	}
	a = calloc(n ? n : 1, size);
	if (!a)
		latt_cmp_fail(rd, "out of memory");
	return a;
}

/* "at.key" (or "key" at the root) into @buf. */
static const char *path(char *buf, size_t len, const char *at, const char *key)
{
	snprintf(buf, len, "%s%s%s", at, *at ? "." : "", key);
	return buf;
}

jobj *latt_cmp_field(struct latt_cmp_reader *rd, jobj *o, const char *at,
		     const char *key, enum json_type t)
{
	const struct latt_json_field *f = latt_json_field(at, key);
	jobj *v = NULL;
	char p[192];

	if (rd->failed)
		return NULL;
	path(p, sizeof(p), at, key);
	/* Read as latt-json(5) describes it: a number may be an integer. */
	if (!f || (f->type != latt_json_type_of(t) &&
		   !(t == json_type_double && f->type == LATT_JF_INT))) {
		latt_cmp_fail(rd, "internal error: %s is read as latt-json(5) "
			      "does not describe it", p);
		return NULL;
	}
	if (!json_object_is_type(o, json_type_object) ||
	    !json_object_object_get_ex(o, key, &v)) {
		latt_cmp_fail(rd, "%s is missing", p);
		return NULL;
	}
	if (!v && f->nullable)
		return NULL;
	if (!v || !latt_json_is(v, f->type)) {
		latt_cmp_fail(rd, "%s is not %s", p,
			      latt_json_type_name(f->type));
		return NULL;
	}
	return v;
}

bool latt_cmp_uint(struct latt_cmp_reader *rd, jobj *v, const char *where,
		   uint64_t max, uint64_t *out)
{
	if (json_object_get_int64(v) < 0) {
		latt_cmp_fail(rd, "%s is negative", where);
		return false;
	}
	*out = json_object_get_uint64(v);
	if (*out > max) {
		latt_cmp_fail(rd, "%s is over %llu", where,
			      (unsigned long long)max);
		return false;
	}
	return true;
}

bool latt_cmp_uint_field(struct latt_cmp_reader *rd, jobj *o, const char *at,
			 const char *key, uint64_t max, uint64_t *out)
{
	jobj *v = latt_cmp_field(rd, o, at, key, json_type_int);
	char p[192];

	*out = 0;
	return v && latt_cmp_uint(rd, v, path(p, sizeof(p), at, key), max, out);
}

bool latt_cmp_num_field(struct latt_cmp_reader *rd, jobj *o, const char *at,
			const char *key, double lo, double hi, bool decimal,
			double *out)
{
	jobj *v = latt_cmp_field(rd, o, at, key, json_type_double);
	char p[192];
	double d;

	*out = NAN;
	if (!v)
		return false;
	d = json_object_get_double(v);
	path(p, sizeof(p), at, key);
	if (!isfinite(d))
		latt_cmp_fail(rd, "%s is not a finite number", p);
	else if (d < lo || d > hi)
		latt_cmp_fail(rd, "%s is out of range (%g to %g)", p, lo, hi);
	else if (decimal && d != 0 && d < 0.05)
		latt_cmp_fail(rd, "%s is not 0 but below 0.05, which latt "
			      "writes as 0.0", p);
	else
		*out = d;
	return !rd->failed;
}

char *latt_cmp_str(struct latt_cmp_reader *rd, jobj *o, const char *at,
		   const char *key)
{
	jobj *v = latt_cmp_field(rd, o, at, key, json_type_string);
	char *s, p[192];

	/* null, where latt-json(5) allows it */
	if (!v && !rd->failed)
		return NULL;
	if (v && json_object_get_string_len(v) > LATT_CMP_STRING_MAX) {
		latt_cmp_fail(rd, "%s is longer than latt writes (%d bytes)",
			      path(p, sizeof(p), at, key), LATT_CMP_STRING_MAX);
		v = NULL;
	}
	s = v ? latt_escape_dup(json_object_get_string(v),
				(size_t)json_object_get_string_len(v)) :
		strdup("");
	if (!s)
		latt_cmp_fail(rd, "out of memory");
	return s;
}

bool latt_cmp_bool_field(struct latt_cmp_reader *rd, jobj *o, const char *at,
			 const char *key, int *out)
{
	jobj *v = latt_cmp_field(rd, o, at, key, json_type_boolean);

	*out = v ? json_object_get_boolean(v) : -1;
	return v != NULL;
}

/*
 * Check histogram @h of series @at into @run's buckets: pairs of
 * integers, each low end one of latt's buckets, in increasing order, no
 * empty bucket, counts that add up without overflow to @count (unless
 * it is UINT64_MAX: not known), the first bucket holding @min (unless it
 * is 0: not known) and the last @max (likewise).
 */
static void read_histogram(struct latt_cmp_reader *rd, jobj *h, const char *at,
			   uint64_t count, uint64_t min, uint64_t max,
			   struct latt_cmp_hist *run)
{
	size_t i, n = json_object_array_length(h);
	uint64_t sum = 0, lo, c;
	char where[192];

	run->buckets = latt_cmp_array(rd, n, LATT_HIST_BUCKETS,
				      sizeof(*run->buckets), "%s.histogram has "
				      "%zu buckets, more than the %u latt has",
				      at, n, (unsigned int)LATT_HIST_BUCKETS);
	if (!run->buckets)
		return;
	for (i = 0; i < n && !rd->failed; i++) {
		jobj *b = json_object_array_get_idx(h, i), *b0, *b1;

		snprintf(where, sizeof(where), "%s.histogram[%zu]", at, i);
		if (!json_object_is_type(b, json_type_array) ||
		    json_object_array_length(b) != 2 ||
		    !json_object_is_type(b0 = json_object_array_get_idx(b, 0),
					 json_type_int) ||
		    !json_object_is_type(b1 = json_object_array_get_idx(b, 1),
					 json_type_int)) {
			latt_cmp_fail(rd, "%s is not [low_ns, count]", where);
			break;
		}
		if (!latt_cmp_uint(rd, b0, where, EXACT_MAX, &lo) ||
		    !latt_cmp_uint(rd, b1, where, EXACT_MAX, &c))
			break;
		if (!c)
			latt_cmp_fail(rd, "%s is an empty bucket", where);
		else if (latt_hist_bucket_low(latt_hist_index(lo)) != lo)
			latt_cmp_fail(rd, "%s: %llu is not the low end of a "
				      "bucket", where, (unsigned long long)lo);
		else if (i && lo <= run->buckets[i - 1][0])
			latt_cmp_fail(rd, "%s.histogram is not in increasing "
				      "order", at);
		else if (__builtin_add_overflow(sum, c, &sum) ||
			 sum > EXACT_MAX)
			latt_cmp_fail(rd, "%s.histogram holds more than 2^53 "
				      "samples", at);
		run->buckets[i][0] = lo;
		run->buckets[i][1] = c;
		run->nbuckets++;
	}
	if (rd->failed)
		return;
	if (count != UINT64_MAX && sum != count)
		latt_cmp_fail(rd, "%s.histogram holds %llu samples, count says "
			      "%llu", at, (unsigned long long)sum,
			      (unsigned long long)count);
	else if (n && ((min && latt_hist_index(min) !=
			latt_hist_index(run->buckets[0][0])) ||
		       (max && latt_hist_index(max) !=
			latt_hist_index(run->buckets[n - 1][0]))))
		latt_cmp_fail(rd, "%s.histogram does not reach from min_ns to "
			      "max_ns", at);
}

/*
 * The percentiles a series was written with (in -p's order): each within
 * [min, max], and a higher p never below a lower one's value.
 */
static void read_percentiles(struct latt_cmp_reader *rd, jobj *w,
			     const char *at, uint64_t count, uint64_t min,
			     uint64_t max)
{
	jobj *a = latt_cmp_field(rd, w, at, "percentiles", json_type_array);
	size_t i, j, n = a ? json_object_array_length(a) : 0;
	double p[LATT_PCT_MAX];
	uint64_t ns[LATT_PCT_MAX];
	bool have[LATT_PCT_MAX];
	char where[256];
	int measured;

	if (n > LATT_PCT_MAX) {
		latt_cmp_fail(rd, "%s.percentiles has more than %d", at,
			      LATT_PCT_MAX);
		return;
	}
	for (i = 0; i < n && !rd->failed; i++) {
		jobj *e = json_object_array_get_idx(a, i);

		snprintf(where, sizeof(where), "%s.percentiles[%zu]", at, i);
		latt_cmp_num_field(rd, e, where, "p", 0, 100, false, &p[i]);
		latt_cmp_bool_field(rd, e, where, "measured", &measured);
		have[i] = latt_cmp_uint_field(rd, e, where, "ns", EXACT_MAX,
					      &ns[i]);
		if (rd->failed)
			break;
		if (p[i] <= 0)
			latt_cmp_fail(rd, "%s.p is not above 0", where);
		else if (!have[i] && count)
			latt_cmp_fail(rd, "%s.ns is null with samples", where);
		else if (have[i] && !count)
			latt_cmp_fail(rd, "%s.ns is not null without samples",
				      where);
		else if (have[i] && (ns[i] < min || ns[i] > max))
			latt_cmp_fail(rd, "%s.ns %llu is not between min_ns "
				      "%llu and max_ns %llu", where,
				      (unsigned long long)ns[i],
				      (unsigned long long)min,
				      (unsigned long long)max);
		for (j = 0; j < i && !rd->failed; j++)
			if (have[i] && have[j] &&
			    ((p[j] <= p[i] && ns[j] > ns[i]) ||
			     (p[j] >= p[i] && ns[j] < ns[i])))
				latt_cmp_fail(rd, "%s.ns is out of order with "
					      "percentiles[%zu]", where, j);
	}
}

/*
 * The command's figures of a run (target.metrics; a document of a latt
 * before them has none), into @view, each a metric of @ml: added to it
 * when it is new, with the direction it had before.
 */
static void read_tmetrics(struct latt_cmp_reader *rd, jobj *t, const char *at,
			  struct latt_metric_list *ml,
			  struct latt_run_view *view)
{
	struct latt_tmetric tm;
	struct latt_metric m;
	jobj *a, *e;
	char where[192], spec[64], why[256], *name, *better;
	size_t i, n;
	int k;

	if (!json_object_object_get_ex(t, "metrics", &a))
		return;
	a = latt_cmp_field(rd, t, at, "metrics", json_type_array);
	if (rd->failed)
		return;
	n = json_object_array_length(a);
	if (n > LATT_TMETRICS_MAX) {
		latt_cmp_fail(rd, "%s.metrics has %zu figures, more than latt "
			      "makes (%d)", at, n, LATT_TMETRICS_MAX);
		return;
	}
	for (i = 0; i < n && !rd->failed; i++) {
		snprintf(where, sizeof(where), "%s.metrics[%zu]", at, i);
		e = json_object_array_get_idx(a, i);
		if (!json_object_is_type(e, json_type_object)) {
			latt_cmp_fail(rd, "%s is not an object", where);
			return;
		}
		name = latt_cmp_str(rd, e, where, "name");
		better = latt_cmp_str(rd, e, where, "better");
		latt_cmp_num_field(rd, e, where, "value", -1e300, 1e300, false,
				   &view->tm_value[i]);
		if (!rd->failed && (strcmp(better, "higher") &&
				    strcmp(better, "lower")))
			latt_cmp_fail(rd, "%s.better is neither higher nor "
				      "lower", where);
		snprintf(spec, sizeof(spec), "%s%c=(x)", name ? name : "",
			 better && !strcmp(better, "higher") ? '+' : '-');
		if (!rd->failed && (strlen(name) > LATT_TMETRIC_NAME_MAX ||
				    latt_tmetric_parse(spec, &tm, why,
						       sizeof(why))))
			latt_cmp_fail(rd, "%s.name is not a name latt gives a "
				      "target metric", where);
		if (!rd->failed) {
			latt_metric_target(&tm, &m);
			k = latt_metrics_add(ml, &m);
			if (k < 0)
				latt_cmp_fail(rd, "more than %d metrics in all",
					      LATT_METRICS_MAX);
			else if (ml->m[k].better != m.better)
				latt_cmp_fail(rd, "%s: %s is %s-better here, "
					      "but not where it was met first",
					      where, tm.name, better);
			/* The name lives on in the list. */
			if (k >= 0)
				view->tm_name[i] = ml->m[k].name;
		}
		free(name);
		free(better);
	}
	view->ntm = rd->failed ? 0 : n;
}

/*
 * Each client's histogram (documents since latt 0.3): in @run->clients,
 * each adding up to its count, all to the run's @count.  None kept when
 * the document has no clients or they have no histograms.
 */
static void read_clients(struct latt_cmp_reader *rd, jobj *o, const char *at,
			 uint64_t count, struct latt_cmp_run *run)
{
	jobj *cl, *c, *h;
	char where[192];
	uint64_t n, max, sum = 0;
	size_t i, len;

	if (!json_object_object_get_ex(o, "clients", &cl) ||
	    !json_object_is_type(cl, json_type_array))
		return;
	len = json_object_array_length(cl);
	for (i = 0; i < len; i++) {
		c = json_object_array_get_idx(cl, i);
		if (!json_object_is_type(c, json_type_object) ||
		    !json_object_object_get_ex(c, "histogram", &h))
			return;
	}
	run->clients = latt_cmp_array(rd, len, CPUS_MAX, sizeof(*run->clients),
				      "%s.clients has %zu clients, more than "
				      "%u", at, len, CPUS_MAX);
	if (!run->clients)
		return;
	run->nclients = len;
	for (i = 0; i < len && !rd->failed; i++) {
		c = json_object_array_get_idx(cl, i);
		snprintf(where, sizeof(where), "%s.clients[%zu]", at, i);
		max = 0;
		latt_cmp_uint_field(rd, c, where, "count", EXACT_MAX, &n);
		if (n)
			latt_cmp_uint_field(rd, c, where, "max_ns", EXACT_MAX,
					    &max);
		h = latt_cmp_field(rd, c, where, "histogram", json_type_array);
		if (rd->failed)
			break;
		read_histogram(rd, h, where, n, 0, max, &run->clients[i]);
		sum += n;
	}
	if (!rd->failed && sum != count)
		latt_cmp_fail(rd, "%s.clients hold %llu samples, the run's "
			      "count says %llu", at, (unsigned long long)sum,
			      (unsigned long long)count);
}

/*
 * The run's samples in time (documents since latt 0.3), if any: at most
 * LATT_BLOCKS_MAX histograms, within the run's [@min, @max], holding its
 * samples: all but those of a last cycle cut short and those never
 * answered (@lack), which only the run's histogram has.
 */
static void read_blocks(struct latt_cmp_reader *rd, jobj *o, const char *at,
			uint64_t count, uint64_t min, uint64_t max,
			uint64_t lack, struct latt_cmp_run *run)
{
	jobj *bl, *hs, *h;
	char where[192];
	uint64_t cycles, sum = 0;
	size_t i, j, len;

	if (!json_object_object_get_ex(o, "blocks", &bl) || !bl)
		return;
	snprintf(where, sizeof(where), "%s.blocks", at);
	if (!json_object_is_type(bl, json_type_object)) {
		latt_cmp_fail(rd, "%s is not an object", where);
		return;
	}
	latt_cmp_uint_field(rd, bl, where, "cycles", EXACT_MAX, &cycles);
	hs = latt_cmp_field(rd, bl, where, "histograms", json_type_array);
	if (rd->failed)
		return;
	len = json_object_array_length(hs);
	run->blocks = latt_cmp_array(rd, len, LATT_BLOCKS_MAX,
				     sizeof(*run->blocks), "%s.histograms has "
				     "%zu blocks, more than the %d latt keeps",
				     where, len, LATT_BLOCKS_MAX);
	if (!run->blocks)
		return;
	run->nblocks = len;
	for (i = 0; i < len && !rd->failed; i++) {
		char w2[240];

		h = json_object_array_get_idx(hs, i);
		snprintf(w2, sizeof(w2), "%s.histograms[%zu]", where, i);
		if (!json_object_is_type(h, json_type_array)) {
			latt_cmp_fail(rd, "%s is not an array", w2);
			break;
		}
		/* Its count is what it holds: checked against the run's. */
		read_histogram(rd, h, w2, UINT64_MAX, 0, 0, &run->blocks[i]);
		for (j = 0; j < run->blocks[i].nbuckets && !rd->failed; j++) {
			uint64_t lo = run->blocks[i].buckets[j][0];

			sum += run->blocks[i].buckets[j][1];
			if (lo < latt_hist_bucket_low(latt_hist_index(min)) ||
			    lo > max)
				latt_cmp_fail(rd, "%s[%zu] holds %llu, outside "
					      "the run's min_ns and max_ns", w2,
					      j, (unsigned long long)lo);
		}
	}
	if (!rd->failed && sum > count)
		latt_cmp_fail(rd, "%s hold %llu samples, more than the run's "
			      "%llu", where, (unsigned long long)sum,
			      (unsigned long long)count);
	else if (!rd->failed && sum + lack < count)
		latt_cmp_fail(rd, "%s hold %llu samples, fewer than the run's "
			      "%llu (less %llu of a cycle cut short or "
			      "unanswered)", where, (unsigned long long)sum,
			      (unsigned long long)count,
			      (unsigned long long)lack);
}

/* The samples' summary of a run: what its wakeup object says. */
struct wakeup_summary {
	uint64_t count, min, max;
	double mean, sd, sdm;
};

/* The run's wakeup latency: its summary, percentiles and histogram. */
static void read_wakeup(struct latt_cmp_reader *rd, jobj *o, const char *at,
			struct wakeup_summary *ws, struct latt_cmp_run *run)
{
	char where[160];
	bool have_min, have_max;
	double fmin, fmax;
	jobj *w, *h;

	snprintf(where, sizeof(where), "%s.wakeup", at);
	w = latt_cmp_field(rd, o, at, "wakeup", json_type_object);
	latt_cmp_uint_field(rd, w, where, "count", EXACT_MAX, &ws->count);
	have_min = latt_cmp_uint_field(rd, w, where, "min_ns", EXACT_MAX,
				       &ws->min);
	have_max = latt_cmp_uint_field(rd, w, where, "max_ns", EXACT_MAX,
				       &ws->max);
	if (rd->failed)
		return;
	if (ws->count && (!have_min || !have_max)) {
		latt_cmp_fail(rd, "%s.%s is null with samples", where,
			      have_min ? "max_ns" : "min_ns");
		return;
	}
	if (ws->min > ws->max) {
		latt_cmp_fail(rd, "%s.min_ns %llu is above max_ns %llu", where,
			      (unsigned long long)ws->min,
			      (unsigned long long)ws->max);
		return;
	}
	/* One decimal: a mean may round to 0.05 beyond the samples. */
	fmin = (double)ws->min - 0.05;
	fmax = (double)ws->max + 0.05;
	latt_cmp_num_field(rd, w, where, "mean_ns", fmin < 0 ? 0 : fmin, fmax,
			   true, &ws->mean);
	latt_cmp_num_field(rd, w, where, "stdev_ns", 0, fmax - fmin, true,
			   &ws->sd);
	latt_cmp_num_field(rd, w, where, "stdev_mean_ns", 0,
			   isnan(ws->sd) ? 0 : ws->sd + 0.05, true, &ws->sdm);
	if (!rd->failed && ws->count && isnan(ws->mean))
		latt_cmp_fail(rd, "%s.mean_ns is null with samples", where);
	read_percentiles(rd, w, where, ws->count, ws->min, ws->max);
	h = latt_cmp_field(rd, w, where, "histogram", json_type_array);
	if (rd->failed)
		return;
	read_histogram(rd, h, where, ws->count, ws->min, ws->max, &run->hist);
}

/* What it ran with (since latt 0.2): its clock, its scheduler. */
static void read_ran_with(struct latt_cmp_reader *rd, jobj *o, const char *at,
			  struct latt_cmp_run *run)
{
	enum latt_clock_id id;
	char where[160];
	jobj *ck;

	if (json_object_object_get_ex(o, "clock", &ck) &&
	    json_object_is_type(ck, json_type_object)) {
		snprintf(where, sizeof(where), "%s.clock", at);
		run->clock = latt_cmp_str(rd, ck, where, "name");
		/* One latt runs with: not -k's "auto", which picks one. */
		if (!rd->failed && (latt_clock_parse(run->clock, &id) ||
				    id == LATT_CLOCK_AUTO))
			latt_cmp_fail(rd, "%s.name is not a clock latt runs "
				      "with (monotonic, monotonic_raw or tsc)",
				      where);
	}
	if (json_object_object_get_ex(o, "sched_ext", &ck) && ck) {
		run->sched_ext = latt_cmp_str(rd, o, at, "sched_ext");
		if (!rd->failed && !run->sched_ext[0])
			latt_cmp_fail(rd, "%s.sched_ext is empty", at);
	}
}

/* Histogram @h of @count samples, checked, into @out. */
static void unsparse(const struct latt_cmp_hist *h, uint64_t count,
		     struct latt_hist *out)
{
	size_t i;

	latt_hist_init(out);
	for (i = 0; i < h->nbuckets; i++)
		out->buckets[latt_hist_index(h->buckets[i][0])] +=
			h->buckets[i][1];
	out->count = count;
}

/*
 * The command's own waits (target.waits, since latt 0.3), those from a
 * wakeup into @run->cmdwait and @view (its histogram in @scratch): the
 * p50 and p99 of them are metrics of @ml from the first run that has
 * them.
 */
static void read_cmdwaits(struct latt_cmp_reader *rd, jobj *t, const char *at,
			  struct latt_metric_list *ml, struct latt_hist *scratch,
			  struct latt_cmp_run *run, struct latt_run_view *view)
{
	uint64_t count = 0, max = 0;
	char where[192], w2[200];
	int measured;
	jobj *ws, *w, *h;
	size_t i;

	if (!json_object_object_get_ex(t, "waits", &ws))
		return;
	snprintf(where, sizeof(where), "%s.waits", at);
	if (!json_object_is_type(ws, json_type_object)) {
		latt_cmp_fail(rd, "%s is not an object", where);
		return;
	}
	latt_cmp_bool_field(rd, ws, where, "measured", &measured);
	if (rd->failed || !measured)
		return;
	run->followed = true;
	w = latt_cmp_field(rd, ws, where, "wakeup", json_type_object);
	snprintf(w2, sizeof(w2), "%s.wakeup", where);
	latt_cmp_uint_field(rd, w, w2, "count", EXACT_MAX, &count);
	if (!latt_cmp_uint_field(rd, w, w2, "max_ns", EXACT_MAX, &max) &&
	    !rd->failed && count)
		latt_cmp_fail(rd, "%s.max_ns is null with waits", w2);
	h = latt_cmp_field(rd, w, w2, "histogram", json_type_array);
	if (rd->failed)
		return;
	read_histogram(rd, h, w2, count, 0, max, &run->cmdwait);
	if (rd->failed)
		return;
	for (i = 0; i < 2; i++) {
		struct latt_metric m;

		latt_metric_cmd(i ? 99 : 50, &m);
		if (latt_metrics_add(ml, &m) < 0) {
			latt_cmp_fail(rd, "more than %d metrics in all",
				      LATT_METRICS_MAX);
			return;
		}
	}
	unsparse(&run->cmdwait, count, scratch);
	view->cmd_hist = scratch;
	view->cmd_count = count;
	view->cmd_max = max;
}

/* The command's times and its own figures, into @view. */
static void read_target(struct latt_cmp_reader *rd, jobj *o, const char *at,
			struct latt_metric_list *ml, struct latt_hist *scratch,
			struct latt_cmp_run *run, struct latt_run_view *view)
{
	char where[160];
	uint64_t a, b;
	jobj *t, *ck;

	if (!json_object_object_get_ex(o, "target", &t)) {
		latt_cmp_fail(rd, "%s.target is missing", at);
		return;
	}
	view->wall_s = view->cpu_s = NAN;
	if (!t)
		return;
	if (!json_object_is_type(t, json_type_object)) {
		latt_cmp_fail(rd, "%s.target is not an object", at);
		return;
	}
	snprintf(where, sizeof(where), "%s.target", at);
	if (latt_cmp_uint_field(rd, t, where, "wall_ns", TIME_MAX, &a))
		view->wall_s = (double)a / 1e9;
	latt_cmp_uint_field(rd, t, where, "user_ns", TIME_MAX, &a);
	latt_cmp_uint_field(rd, t, where, "system_ns", TIME_MAX, &b);
	view->cpu_s = ((double)a + (double)b) / 1e9;
	read_cmdwaits(rd, t, where, ml, scratch, run, view);
	if (!rd->failed)
		read_tmetrics(rd, t, where, ml, view);
	/* A command latt stopped: its own figures are partial. */
	if (json_object_object_get_ex(t, "stopped_by_latt", &ck) &&
	    json_object_is_type(ck, json_type_boolean))
		view->tm_partial = json_object_get_boolean(ck);
}

/* The waker's lag and latt's own load, into @view. */
static void read_load(struct latt_cmp_reader *rd, jobj *o, const char *at,
		      struct latt_run_view *view)
{
	jobj *late, *lg, *ll;
	char where[160];
	int dominates, busy;

	if (json_object_object_get_ex(o, "waker_late", &late) &&
	    json_object_is_type(late, json_type_object) &&
	    json_object_object_get_ex(late, "lagged", &lg) &&
	    json_object_is_type(lg, json_type_boolean))
		view->lagged = json_object_get_boolean(lg);
	/* latt's own load: not in the documents of latt 0.2.0. */
	view->load = NAN;
	if (!json_object_object_get_ex(o, "latt_load", &ll))
		return;
	snprintf(where, sizeof(where), "%s.latt_load", at);
	if (!json_object_is_type(ll, json_type_object)) {
		latt_cmp_fail(rd, "%s is not an object", where);
		return;
	}
	latt_cmp_num_field(rd, ll, where, "load", 0, 1e6, false, &view->load);
	latt_cmp_bool_field(rd, ll, where, "dominates", &dominates);
	latt_cmp_bool_field(rd, ll, where, "busy", &busy);
	if (rd->failed)
		return;
	view->load_note = dominates > 0;
	view->load_queued = dominates > 0 && busy == 0;
}

void latt_cmp_read_run(struct latt_cmp_reader *rd, jobj *o, const char *at,
		       struct latt_metric_list *ml,
		       struct latt_hist *scratch, struct latt_cmp_run *run)
{
	struct latt_run_view view = { .hist = scratch };
	struct wakeup_summary ws = { 0 };
	uint64_t partial = 0, unanswered = 0;
	char where[160];
	jobj *status;
	int complete;
	double cs;

	status = latt_cmp_field(rd, o, at, "status", json_type_object);
	snprintf(where, sizeof(where), "%s.status", at);
	latt_cmp_bool_field(rd, status, where, "complete", &complete);
	view.complete = complete > 0;
	read_wakeup(rd, o, at, &ws, run);
	if (!rd->failed)
		read_clients(rd, o, at, ws.count, run);
	/* Both optional: what the blocks do not hold. */
	if (!rd->failed && json_object_object_get_ex(o, "partial_samples",
						     NULL))
		latt_cmp_uint_field(rd, o, at, "partial_samples", EXACT_MAX,
				    &partial);
	if (!rd->failed && json_object_object_get_ex(o, "unanswered", NULL))
		latt_cmp_uint_field(rd, o, at, "unanswered", EXACT_MAX,
				    &unanswered);
	if (!rd->failed)
		read_blocks(rd, o, at, ws.count, ws.min, ws.max,
			    partial + unanswered, run);
	if (!rd->failed)
		read_ran_with(rd, o, at, run);
	if (rd->failed)
		return;
	latt_cmp_num_field(rd, o, at, "system_cs_per_s", 0, 1e12, true, &cs);
	if (!rd->failed)
		read_target(rd, o, at, ml, scratch + 1, run, &view);
	if (!rd->failed)
		read_load(rd, o, at, &view);
	if (rd->failed)
		return;
	unsparse(&run->hist, ws.count, scratch);
	view.count = ws.count;
	view.min = ws.min;
	view.max = ws.max;
	view.mean = ws.count ? ws.mean : NAN;
	view.stdev = ws.count > 1 ? ws.sd : NAN;
	view.stdev_mean = ws.count > 1 ? ws.sdm : NAN;
	view.cs_rate = cs;
	latt_agg_run(ml, &view, &run->agg);
}
