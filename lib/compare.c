// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt compare; see include/latt/compare.h.  Documents are read with
 * json-c and checked field by field before anything is computed: a bad
 * file is one line naming it and what is wrong, never a crash.
 */
#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "latt/compare.h"
#include "latt/escape.h"
#include "latt/hist.h"
#include "latt/json.h"
#include "latt/parse.h"
#include "latt/report.h"

typedef struct json_object jobj;

/*
 * Counts and times of samples go up to 2^53, where a double still holds
 * every integer, so that no sum or conversion can overflow; times of the
 * command up to 2^63 - 1 ns.
 */
#define EXACT_MAX	(1ULL << 53)
#define TIME_MAX	((uint64_t)INT64_MAX)
/* Limits of latt itself: what no document of latt's goes beyond. */
#define CONFIGS_MAX	32
#define RUNS_MAX	1000
#define CPUS_MAX	(1U << 20)
#define CHUNK		65536

/* What went wrong, and where: the first error wins. */
struct reader {
	char *err;
	size_t len;
	bool failed;
};

static void __attribute__((format(printf, 2, 3)))
fail(struct reader *rd, const char *fmt, ...)
{
	va_list ap;

	if (rd->failed)
		return;
	rd->failed = true;
	va_start(ap, fmt);
	vsnprintf(rd->err, rd->len, fmt, ap);
	va_end(ap);
}

/* "at.key" (or "key" at the root) into @buf. */
static const char *path(char *buf, size_t len, const char *at,
			const char *key)
{
	snprintf(buf, len, "%s%s%s", at, *at ? "." : "", key);
	return buf;
}

/* Field @key of object @o, of type @t; NULL if not (or null, if allowed). */
static jobj *field(struct reader *rd, jobj *o, const char *at,
		   const char *key, enum json_type t, bool nullable)
{
	jobj *v = NULL;
	char p[192];

	if (rd->failed)
		return NULL;
	if (!json_object_is_type(o, json_type_object) ||
	    !json_object_object_get_ex(o, key, &v)) {
		fail(rd, "%s is missing", path(p, sizeof(p), at, key));
		return NULL;
	}
	if (!v && nullable)
		return NULL;
	if (!v || (!json_object_is_type(v, t) &&
		   !(t == json_type_double &&
		     json_object_is_type(v, json_type_int)))) {
		fail(rd, "%s is not %s", path(p, sizeof(p), at, key),
		     t == json_type_int ? "an integer" :
		     t == json_type_double ? "a number" :
		     t == json_type_array ? "an array" :
		     t == json_type_object ? "an object" :
		     t == json_type_string ? "a string" : "a boolean");
		return NULL;
	}
	return v;
}

/*
 * An integer @v at @where from 0 to @max (json-c holds what is beyond
 * 2^64 - 1 as that), into @out.
 */
static bool uint_value(struct reader *rd, jobj *v, const char *where,
		       uint64_t max, uint64_t *out)
{
	if (json_object_get_int64(v) < 0) {
		fail(rd, "%s is negative", where);
		return false;
	}
	*out = json_object_get_uint64(v);
	if (*out > max) {
		fail(rd, "%s is over %llu", where, (unsigned long long)max);
		return false;
	}
	return true;
}

/*
 * Integer field @key from 0 to @max into @out: true if it is one, false
 * if it is null (where allowed) or wrong.
 */
static bool uint_field(struct reader *rd, jobj *o, const char *at,
		       const char *key, uint64_t max, bool nullable,
		       uint64_t *out)
{
	jobj *v = field(rd, o, at, key, json_type_int, nullable);
	char p[192];

	*out = 0;
	return v && uint_value(rd, v, path(p, sizeof(p), at, key), max, out);
}

/*
 * Number field @key from @lo to @hi, finite, into @out (NaN if null).  A
 * time or rate (@decimal) is written with one decimal: between 0 and
 * 0.05 it can only be 0.
 */
static bool num_field(struct reader *rd, jobj *o, const char *at,
		      const char *key, double lo, double hi, bool decimal,
		      bool nullable, double *out)
{
	jobj *v = field(rd, o, at, key, json_type_double, nullable);
	char p[192];
	double d;

	*out = NAN;
	if (!v)
		return false;
	d = json_object_get_double(v);
	path(p, sizeof(p), at, key);
	if (!isfinite(d))
		fail(rd, "%s is not a finite number", p);
	else if (d < lo || d > hi)
		fail(rd, "%s is out of range (%g to %g)", p, lo, hi);
	else if (decimal && d != 0 && d < 0.05)
		fail(rd, "%s is not 0 but below 0.05, which latt writes as 0.0",
		     p);
	else
		*out = d;
	return !rd->failed;
}

/*
 * String field @key, escaped for display (include/latt/escape.h), a NUL
 * inside it shown too; malloc'd, "" on failure, NULL if null is allowed
 * and there.
 */
static char *str(struct reader *rd, jobj *o, const char *at, const char *key,
		 bool nullable)
{
	jobj *v = field(rd, o, at, key, json_type_string, nullable);
	char *s, p[192];

	if (!v && nullable && !rd->failed)
		return NULL;
	if (v && json_object_get_string_len(v) > LATT_CMP_STRING_MAX) {
		fail(rd, "%s is longer than latt writes (%d bytes)",
		     path(p, sizeof(p), at, key), LATT_CMP_STRING_MAX);
		v = NULL;
	}
	s = v ? latt_escape_dup(json_object_get_string(v),
				(size_t)json_object_get_string_len(v)) :
		strdup("");
	if (!s)
		fail(rd, "out of memory");
	return s;
}

static bool bool_field(struct reader *rd, jobj *o, const char *at,
		       const char *key, bool nullable, int *out)
{
	jobj *v = field(rd, o, at, key, json_type_boolean, nullable);

	*out = v ? json_object_get_boolean(v) : -1;
	return v != NULL;
}

/*
 * Check histogram @h of series @at into @run's buckets: pairs of
 * integers, each low end one of latt's buckets, in increasing order, no
 * empty bucket, counts that add up without overflow to @count, the
 * first bucket holding @min and the last @max.
 */
static void read_histogram(struct reader *rd, jobj *h, const char *at,
			   uint64_t count, uint64_t min, uint64_t max,
			   struct latt_cmp_run *run)
{
	size_t i, n = json_object_array_length(h);
	uint64_t sum = 0, lo, c;
	char where[192];

	if (n > LATT_HIST_BUCKETS) {
		fail(rd, "%s.histogram has %zu buckets, more than the %u "
		     "latt has", at, n, (unsigned int)LATT_HIST_BUCKETS);
		return;
	}
	run->buckets = calloc(n ? n : 1, sizeof(*run->buckets));
	if (!run->buckets) {
		fail(rd, "out of memory");
		return;
	}
	for (i = 0; i < n && !rd->failed; i++) {
		jobj *b = json_object_array_get_idx(h, i), *b0, *b1;

		snprintf(where, sizeof(where), "%s.histogram[%zu]", at, i);
		if (!json_object_is_type(b, json_type_array) ||
		    json_object_array_length(b) != 2 ||
		    !json_object_is_type(b0 = json_object_array_get_idx(b, 0),
					 json_type_int) ||
		    !json_object_is_type(b1 = json_object_array_get_idx(b, 1),
					 json_type_int)) {
			fail(rd, "%s is not [low_ns, count]", where);
			break;
		}
		if (!uint_value(rd, b0, where, EXACT_MAX, &lo) ||
		    !uint_value(rd, b1, where, EXACT_MAX, &c))
			break;
		if (!c)
			fail(rd, "%s is an empty bucket", where);
		else if (latt_hist_bucket_low(latt_hist_index(lo)) != lo)
			fail(rd, "%s: %llu is not the low end of a bucket",
			     where, (unsigned long long)lo);
		else if (i && lo <= run->buckets[i - 1][0])
			fail(rd, "%s.histogram is not in increasing order", at);
		else if (__builtin_add_overflow(sum, c, &sum) ||
			 sum > EXACT_MAX)
			fail(rd, "%s.histogram holds more than 2^53 samples",
			     at);
		run->buckets[i][0] = lo;
		run->buckets[i][1] = c;
		run->nbuckets++;
	}
	if (rd->failed)
		return;
	if (sum != count)
		fail(rd, "%s.histogram holds %llu samples, count says %llu",
		     at, (unsigned long long)sum, (unsigned long long)count);
	else if (n && (latt_hist_index(min) !=
		       latt_hist_index(run->buckets[0][0]) ||
		       latt_hist_index(max) !=
		       latt_hist_index(run->buckets[n - 1][0])))
		fail(rd, "%s.histogram does not reach from min_ns to max_ns",
		     at);
}

/*
 * The percentiles a series was written with (in -p's order): each within
 * [min, max], and a higher p never below a lower one's value.
 */
static void read_percentiles(struct reader *rd, jobj *w, const char *at,
			     uint64_t count, uint64_t min, uint64_t max)
{
	jobj *a = field(rd, w, at, "percentiles", json_type_array, false);
	size_t i, j, n = a ? json_object_array_length(a) : 0;
	double p[LATT_PCT_MAX];
	uint64_t ns[LATT_PCT_MAX];
	bool have[LATT_PCT_MAX];
	char where[256];
	int measured;

	if (n > LATT_PCT_MAX) {
		fail(rd, "%s.percentiles has more than %d", at, LATT_PCT_MAX);
		return;
	}
	for (i = 0; i < n && !rd->failed; i++) {
		jobj *e = json_object_array_get_idx(a, i);

		snprintf(where, sizeof(where), "%s.percentiles[%zu]", at, i);
		num_field(rd, e, where, "p", 0, 100, false, false, &p[i]);
		bool_field(rd, e, where, "measured", false, &measured);
		have[i] = uint_field(rd, e, where, "ns", EXACT_MAX, true,
				     &ns[i]);
		if (rd->failed)
			break;
		if (p[i] <= 0)
			fail(rd, "%s.p is not above 0", where);
		else if (!have[i] && count)
			fail(rd, "%s.ns is null with samples", where);
		else if (have[i] && !count)
			fail(rd, "%s.ns is not null without samples", where);
		else if (have[i] && (ns[i] < min || ns[i] > max))
			fail(rd, "%s.ns %llu is not between min_ns %llu and "
			     "max_ns %llu", where, (unsigned long long)ns[i],
			     (unsigned long long)min, (unsigned long long)max);
		for (j = 0; j < i && !rd->failed; j++)
			if (have[i] && have[j] &&
			    ((p[j] <= p[i] && ns[j] > ns[i]) ||
			     (p[j] >= p[i] && ns[j] < ns[i])))
				fail(rd, "%s.ns is out of order with "
				     "percentiles[%zu]", where, j);
	}
}

/*
 * Run @o into @run, checked; then seen as latt sees a run of its own
 * (lib/aggregate.h), its histogram rebuilt in @scratch, and every metric
 * of @ml taken from it by the rules of latt's own outputs.
 */
static void read_run(struct reader *rd, jobj *o, const char *at,
		     const struct latt_metric_list *ml,
		     struct latt_hist *scratch, struct latt_cmp_run *run)
{
	struct latt_run_view view = { .hist = scratch };
	jobj *status, *w, *h, *t, *late, *lg;
	char where[160];
	uint64_t count, min = 0, max = 0, a, b;
	double mean, sd, sdm, fmin, fmax, cs;
	bool have_min, have_max;
	int complete;
	size_t i;

	status = field(rd, o, at, "status", json_type_object, false);
	snprintf(where, sizeof(where), "%s.status", at);
	bool_field(rd, status, where, "complete", false, &complete);
	view.complete = complete > 0;

	snprintf(where, sizeof(where), "%s.wakeup", at);
	w = field(rd, o, at, "wakeup", json_type_object, false);
	uint_field(rd, w, where, "count", EXACT_MAX, false, &count);
	have_min = uint_field(rd, w, where, "min_ns", EXACT_MAX, true, &min);
	have_max = uint_field(rd, w, where, "max_ns", EXACT_MAX, true, &max);
	if (rd->failed)
		return;
	if (count && (!have_min || !have_max)) {
		fail(rd, "%s.%s is null with samples", where,
		     have_min ? "max_ns" : "min_ns");
		return;
	}
	if (min > max) {
		fail(rd, "%s.min_ns %llu is above max_ns %llu", where,
		     (unsigned long long)min, (unsigned long long)max);
		return;
	}
	/* One decimal: a mean may round to 0.05 beyond the samples. */
	fmin = (double)min - 0.05;
	fmax = (double)max + 0.05;
	num_field(rd, w, where, "mean_ns", fmin < 0 ? 0 : fmin, fmax, true,
		  true, &mean);
	num_field(rd, w, where, "stdev_ns", 0, fmax - fmin, true, true, &sd);
	num_field(rd, w, where, "stdev_mean_ns", 0, isnan(sd) ? 0 : sd + 0.05,
		  true, true, &sdm);
	if (!rd->failed && count && isnan(mean))
		fail(rd, "%s.mean_ns is null with samples", where);
	read_percentiles(rd, w, where, count, min, max);
	h = field(rd, w, where, "histogram", json_type_array, false);
	if (rd->failed)
		return;
	read_histogram(rd, h, where, count, min, max, run);
	if (rd->failed)
		return;

	num_field(rd, o, at, "system_cs_per_s", 0, 1e12, true, true, &cs);
	if (!rd->failed && !json_object_object_get_ex(o, "target", &t))
		fail(rd, "%s.target is missing", at);
	if (rd->failed)
		return;
	view.wall_s = view.cpu_s = NAN;
	if (t && !json_object_is_type(t, json_type_object)) {
		fail(rd, "%s.target is not an object", at);
		return;
	}
	snprintf(where, sizeof(where), "%s.target", at);
	if (t && uint_field(rd, t, where, "wall_ns", TIME_MAX, false, &a))
		view.wall_s = (double)a / 1e9;
	if (t) {
		uint_field(rd, t, where, "user_ns", TIME_MAX, false, &a);
		uint_field(rd, t, where, "system_ns", TIME_MAX, false, &b);
		view.cpu_s = ((double)a + (double)b) / 1e9;
	}
	if (rd->failed)
		return;
	if (json_object_object_get_ex(o, "waker_late", &late) &&
	    json_object_is_type(late, json_type_object) &&
	    json_object_object_get_ex(late, "lagged", &lg) &&
	    json_object_is_type(lg, json_type_boolean))
		view.lagged = json_object_get_boolean(lg);
	latt_hist_init(scratch);
	for (i = 0; i < run->nbuckets; i++)
		scratch->buckets[latt_hist_index(run->buckets[i][0])] +=
			run->buckets[i][1];
	scratch->count = count;
	view.count = count;
	view.min = min;
	view.max = max;
	view.mean = count ? mean : NAN;
	view.stdev = count > 1 ? sd : NAN;
	view.stdev_mean = count > 1 ? sdm : NAN;
	view.cs_rate = cs;
	latt_agg_run(ml, &view, &run->agg);
}

/* Parameter @i of @c, formatted. */
static void set_param(struct reader *rd, struct latt_cmp_cfg *c,
		      enum latt_cmp_fact i, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (rd->failed)
		return;
	va_start(ap, fmt);
	n = vasprintf(&c->param[i], fmt, ap);
	va_end(ap);
	if (n < 0) {
		c->param[i] = NULL;
		fail(rd, "out of memory");
	}
}

/* @ns as the options take it ("100ms"). */
static char *time_text(uint64_t ns, char *buf, size_t len)
{
	if (!ns)
		snprintf(buf, len, "0");
	else
		latt_format_duration(ns, buf, len);
	return buf;
}

/*
 * The measurement's parameters: what must match, beside the system, for
 * two configurations' numbers to compare.
 */
static void read_parameters(struct reader *rd, jobj *par, const char *at,
			    struct latt_cmp_cfg *c)
{
	uint64_t clients, work, smin, smax, dur;
	char a[48], b[48], *clock, *mech;
	bool bounded;
	int threads;

	uint_field(rd, par, at, "clients", CPUS_MAX, false, &clients);
	uint_field(rd, par, at, "min_wait_ns", TIME_MAX, false, &smin);
	uint_field(rd, par, at, "max_wait_ns", TIME_MAX, false, &smax);
	uint_field(rd, par, at, "work_bytes", TIME_MAX, false, &work);
	bounded = uint_field(rd, par, at, "duration_ns", TIME_MAX, true, &dur);
	clock = str(rd, par, at, "clock", false);
	mech = str(rd, par, at, "mechanism", false);
	bool_field(rd, par, at, "threads", false, &threads);
	c->command = str(rd, par, at, "command", true);
	set_param(rd, c, LATT_CF_CLIENTS, "%llu", (unsigned long long)clients);
	set_param(rd, c, LATT_CF_WAIT, "%s to %s", time_text(smin, a,
		  sizeof(a)), time_text(smax, b, sizeof(b)));
	if (work && !(work % (1ULL << 20)))
		set_param(rd, c, LATT_CF_WORK, "%llum",
			  (unsigned long long)(work >> 20));
	else if (work && !(work % 1024))
		set_param(rd, c, LATT_CF_WORK, "%lluk",
			  (unsigned long long)(work >> 10));
	else
		set_param(rd, c, LATT_CF_WORK, "%llub",
			  (unsigned long long)work);
	set_param(rd, c, LATT_CF_DURATION, "%s", bounded ?
		  time_text(dur, a, sizeof(a)) : "the command's");
	set_param(rd, c, LATT_CF_CLOCK, "%s", clock);
	set_param(rd, c, LATT_CF_MECHANISM, "%s%s", mech, threads > 0 ?
		  ", threads" : "");
	set_param(rd, c, LATT_CF_COMMAND, "%s", c->command ? c->command :
		  "none");
	free(clock);
	free(mech);
}

static void read_cfg(struct reader *rd, jobj *o, const char *at,
		     const struct latt_metric_list *ml,
		     struct latt_hist *scratch, struct latt_cmp_cfg *c)
{
	jobj *runs, *par;
	char where[128];
	size_t i, n;

	c->name = str(rd, o, at, "name", false);
	c->settings = str(rd, o, at, "settings", false);
	snprintf(where, sizeof(where), "%s.parameters", at);
	par = field(rd, o, at, "parameters", json_type_object, false);
	read_parameters(rd, par, where, c);
	runs = field(rd, o, at, "runs", json_type_array, false);
	if (rd->failed)
		return;
	n = json_object_array_length(runs);
	if (n > RUNS_MAX) {
		fail(rd, "%s.runs has %zu runs, more than latt makes (%d)", at,
		     n, RUNS_MAX);
		return;
	}
	c->runs = calloc(n ? n : 1, sizeof(*c->runs));
	if (!c->runs) {
		fail(rd, "out of memory");
		return;
	}
	for (i = 0; i < n && !rd->failed; i++) {
		snprintf(where, sizeof(where), "%s.runs[%zu]", at, i);
		c->nruns++;
		read_run(rd, json_object_array_get_idx(runs, i), where, ml,
			 scratch, &c->runs[i]);
	}
}

/* "file.json" from "dir/file.json". */
static const char *base(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/*
 * Values in @n bytes at @s, or a little more: json-c's objects take some
 * 50 bytes each, so the memory a document takes goes with its values, a
 * compact "[1,1,1,..." taking 25 times its size.
 */
static size_t values_in(const char *s, size_t n)
{
	size_t i, v = 0;

	for (i = 0; i < n; i++)
		v += s[i] == ',' || s[i] == '[' || s[i] == '{';
	return v;
}

/*
 * Read and parse @path, chunk by chunk, so that what is not JSON is
 * refused at its first wrong byte (latt compare /dev/zero) and no more
 * than LATT_CMP_SIZE_MAX bytes and LATT_CMP_VALUES_MAX values are read
 * (an endless "[1,1,..." from a pipe).  NULL with one line in @err on
 * failure.
 */
static jobj *parse_file(const char *path, char *err, size_t len)
{
	struct json_tokener *tok;
	enum json_tokener_error e = json_tokener_continue;
	size_t got, total = 0, values = 0, end, off;
	jobj *doc = NULL;
	char *buf;
	FILE *fp;

	buf = malloc(CHUNK + 1);
	if (!buf) {
		snprintf(err, len, "out of memory");
		return NULL;
	}
	fp = fopen(path, "re");
	if (!fp) {
		snprintf(err, len, "%s", strerror(errno));
		free(buf);
		return NULL;
	}
	tok = json_tokener_new();
	if (!tok) {
		snprintf(err, len, "out of memory");
		goto out;
	}
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	while ((got = fread(buf, 1, CHUNK, fp)) > 0) {
		values += values_in(buf, got);
		if (total + got > LATT_CMP_SIZE_MAX ||
		    values > LATT_CMP_VALUES_MAX) {
			snprintf(err, len, "larger than latt writes (over %d "
				 "MiB or %d million values)",
				 LATT_CMP_SIZE_MAX >> 20,
				 LATT_CMP_VALUES_MAX / 1000000);
			goto out_doc;
		}
		buf[got] = '\0';
		off = 0;
		if (e == json_tokener_continue) {
			doc = json_tokener_parse_ex(tok, buf, (int)got);
			e = json_tokener_get_error(tok);
			off = json_tokener_get_parse_end(tok);
			if (e != json_tokener_continue &&
			    e != json_tokener_success) {
				snprintf(err, len, "not JSON: %s at byte %zu",
					 json_tokener_error_desc(e),
					 total + off);
				goto out_doc;
			}
		}
		/* After the document, white space only. */
		if (e == json_tokener_success) {
			end = off + strspn(buf + off, " \t\r\n");
			if (end < got) {
				snprintf(err, len, "not JSON: more text after "
					 "the document, at byte %zu",
					 total + end);
				goto out_doc;
			}
		}
		total += got;
	}
	if (ferror(fp)) {
		snprintf(err, len, "%s", strerror(errno ? errno : EIO));
		goto out_doc;
	}
	if (!total)
		snprintf(err, len, "empty file");
	else if (e == json_tokener_continue)
		snprintf(err, len, "cut short: the JSON ends too soon");
	else
		goto out_tok;
out_doc:
	json_object_put(doc);
	doc = NULL;
out_tok:
	json_tokener_free(tok);
out:
	fclose(fp);
	free(buf);
	return doc;
}

static const char *const fact_names[LATT_CF_COUNT] = {
	[LATT_CF_KERNEL] = "kernel",
	[LATT_CF_PREEMPT] = "preemption",
	[LATT_CF_AUTOGROUP] = "autogroup",
	[LATT_CF_HZ] = "HZ",
	[LATT_CF_PMQOS] = "PM QoS",
	[LATT_CF_CLOCKSOURCE] = "clocksource",
	[LATT_CF_CPU_MODEL] = "CPU model",
	[LATT_CF_CPUS] = "CPUs",
	[LATT_CF_HOST] = "host",
	[LATT_CF_VERSION] = "latt",
	[LATT_CF_CLIENTS] = "clients",
	[LATT_CF_WAIT] = "wait",
	[LATT_CF_WORK] = "work",
	[LATT_CF_DURATION] = "duration",
	[LATT_CF_CLOCK] = "clock",
	[LATT_CF_MECHANISM] = "mechanism",
	[LATT_CF_COMMAND] = "command",
};

/* Fact @i of @f, formatted; an empty text where a document has none. */
static void set_fact(struct reader *rd, struct latt_cmp_file *f,
		     enum latt_cmp_fact i, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (rd->failed)
		return;
	va_start(ap, fmt);
	n = vasprintf(&f->fact[i], fmt, ap);
	va_end(ap);
	if (n < 0) {
		f->fact[i] = NULL;
		fail(rd, "out of memory");
	}
}

/* The system block: what decides whether two documents' numbers compare. */
static void read_system(struct reader *rd, jobj *doc, struct latt_cmp_file *f)
{
	jobj *sys = field(rd, doc, "", "system", json_type_object, false);
	uint64_t cpus, hz, qos;
	int autogroup;
	bool have;
	size_t i;
	static const struct {
		const char *key;
		enum latt_cmp_fact fact;
	} strs[] = {
		{ "kernel", LATT_CF_KERNEL },
		{ "preemption", LATT_CF_PREEMPT },
		{ "clocksource", LATT_CF_CLOCKSOURCE },
		{ "cpu_model", LATT_CF_CPU_MODEL },
		{ "hostname", LATT_CF_HOST },
	};

	for (i = 0; i < sizeof(strs) / sizeof(strs[0]); i++)
		f->fact[strs[i].fact] = str(rd, sys, "system", strs[i].key,
					    false);
	uint_field(rd, sys, "system", "cpus", CPUS_MAX, false, &cpus);
	set_fact(rd, f, LATT_CF_CPUS, "%llu", (unsigned long long)cpus);
	bool_field(rd, sys, "system", "autogroup", true, &autogroup);
	set_fact(rd, f, LATT_CF_AUTOGROUP, "%s", autogroup < 0 ? "absent" :
		 autogroup ? "on" : "off");
	have = uint_field(rd, sys, "system", "hz", 100000, true, &hz);
	if (have)
		set_fact(rd, f, LATT_CF_HZ, "%llu", (unsigned long long)hz);
	else
		set_fact(rd, f, LATT_CF_HZ, "unknown");
	have = uint_field(rd, sys, "system", "pm_qos_us", 2000000000, true,
			  &qos);
	if (have && qos == 2000000000)
		set_fact(rd, f, LATT_CF_PMQOS, "no limit");
	else if (have)
		set_fact(rd, f, LATT_CF_PMQOS, "%llu us",
			 (unsigned long long)qos);
	else
		set_fact(rd, f, LATT_CF_PMQOS, "unknown");
}

int latt_cmp_read(struct latt_cmp_file *f, const char *path,
		  const struct latt_metric_list *ml, char *err, size_t len)
{
	struct reader rd = { .err = err, .len = len };
	struct latt_hist *scratch = NULL;
	jobj *doc, *tool, *cfgs, *label, *v;
	char where[64];
	uint64_t schema;
	size_t i, k, n;

	memset(f, 0, sizeof(*f));
	f->path = path;
	doc = parse_file(path, err, len);
	if (!doc)
		return -1;
	if (!json_object_is_type(doc, json_type_object) ||
	    !json_object_object_get_ex(doc, "tool", &tool) ||
	    !json_object_is_type(tool, json_type_object) ||
	    !json_object_object_get_ex(tool, "name", &v) ||
	    !json_object_is_type(v, json_type_string) ||
	    strcmp(json_object_get_string(v), "latt")) {
		snprintf(err, len, "not a latt document (no tool.name "
			 "\"latt\")");
		json_object_put(doc);
		return -1;
	}
	if (uint_field(&rd, doc, "", "schema_version", INT32_MAX, false,
		       &schema) && schema != LATT_JSON_SCHEMA)
		fail(&rd, "schema version %llu, this latt reads %d",
		     (unsigned long long)schema, LATT_JSON_SCHEMA);
	f->fact[LATT_CF_VERSION] = str(&rd, tool, "tool", "version", false);
	if (!rd.failed && !json_object_object_get_ex(doc, "label", &label))
		fail(&rd, "label is missing");
	if (!rd.failed && label && !json_object_is_type(label,
							json_type_string))
		fail(&rd, "label is not a string");
	read_system(&rd, doc, f);
	if (!rd.failed) {
		if (label)
			f->label = latt_escape_dup(
				json_object_get_string(label),
				(size_t)json_object_get_string_len(label));
		else if (asprintf(&f->label, "%s (%s)",
				  f->fact[LATT_CF_KERNEL],
				  latt_esc(base(path))) < 0)
			f->label = NULL;
		if (!f->label)
			fail(&rd, "out of memory");
	}
	cfgs = field(&rd, doc, "", "configurations", json_type_array, false);
	if (!rd.failed && !(scratch = malloc(sizeof(*scratch))))
		fail(&rd, "out of memory");
	if (!rd.failed) {
		n = json_object_array_length(cfgs);
		if (!n)
			fail(&rd, "no configuration in it");
		else if (n > CONFIGS_MAX)
			fail(&rd, "%zu configurations, more than latt makes "
			     "(%d)", n, CONFIGS_MAX);
		else if (!(f->cfgs = calloc(n, sizeof(*f->cfgs))))
			fail(&rd, "out of memory");
		for (i = 0; i < n && !rd.failed; i++) {
			snprintf(where, sizeof(where), "configurations[%zu]",
				 i);
			f->ncfgs++;
			read_cfg(&rd, json_object_array_get_idx(cfgs, i),
				 where, ml, scratch, &f->cfgs[i]);
		}
	}
	/* The parameters, where all its configurations share them. */
	for (k = LATT_CF_CLIENTS; !rd.failed && k < LATT_CF_COUNT; k++) {
		for (i = 1; i < f->ncfgs; i++)
			if (strcmp(f->cfgs[i].param[k], f->cfgs[0].param[k]))
				break;
		set_fact(&rd, f, (enum latt_cmp_fact)k, "%s", i < f->ncfgs ?
			 "per configuration" : f->cfgs[0].param[k]);
	}
	free(scratch);
	json_object_put(doc);
	return rd.failed ? -1 : 0;
}

void latt_cmp_file_free(struct latt_cmp_file *f)
{
	size_t i, j;

	for (i = 0; i < f->ncfgs; i++) {
		for (j = 0; j < f->cfgs[i].nruns; j++)
			free(f->cfgs[i].runs[j].buckets);
		free(f->cfgs[i].name);
		free(f->cfgs[i].command);
		free(f->cfgs[i].settings);
		for (j = 0; j < LATT_CF_COUNT; j++)
			free(f->cfgs[i].param[j]);
		free(f->cfgs[i].runs);
	}
	for (i = 0; i < LATT_CF_COUNT; i++)
		free(f->fact[i]);
	free(f->cfgs);
	free(f->label);
	memset(f, 0, sizeof(*f));
}

/* A row: one configuration of one file. */
struct row {
	const struct latt_cmp_file *file;
	const struct latt_cmp_cfg *cfg;
	struct latt_agg_cfg agg;
};

/* Row @r: its values by the rules of lib/aggregate.h. */
static int build(const struct latt_metric_list *ml, struct row *r)
{
	const struct latt_cmp_cfg *c = r->cfg;
	struct latt_agg_run *runs;
	size_t i;
	int ret;

	runs = calloc(c->nruns ? c->nruns : 1, sizeof(*runs));
	if (!runs)
		return -ENOMEM;
	for (i = 0; i < c->nruns; i++)
		runs[i] = c->runs[i].agg;
	ret = latt_agg_cfg(ml, c->name, runs, c->nruns, &r->agg);
	free(runs);
	return ret;
}

/* @line without its trailing blanks, and a newline. */
static void trimmed(FILE *out, char *line)
{
	size_t n = strlen(line);

	while (n && line[n - 1] == ' ')
		line[--n] = '\0';
	fprintf(out, "%s\n", line);
}

/* A table's heading line: the row's columns, then the metrics. */
static void heading(FILE *out, const struct latt_metric_list *ml, int wl,
		    const char *file, int wc, const char *cfg,
		    const char *runs)
{
	char buf[1024];
	size_t m, o;

	o = (size_t)snprintf(buf, sizeof(buf), "%-*s  %-*s %4s", wl, file, wc,
			     cfg, runs);
	for (m = 0; m < ml->n && o < sizeof(buf); m++)
		o += (size_t)snprintf(buf + o, sizeof(buf) - o, " %*s ",
				      LATT_CELL_WIDTH - 1, ml->m[m].head);
	trimmed(out, buf);
}

/*
 * The cells of row @a: its values ("+" a percentile too few samples
 * had), or (@first) its ratios to @first ("~" within the noise), and
 * @tail.  Sets *@marked when it marks one.
 */
static void cells(FILE *out, const struct latt_metric_list *ml,
		  const struct latt_agg_cfg *a,
		  const struct latt_agg_cfg *first, const char *tail,
		  bool *marked)
{
	char buf[1024], cell[64];
	size_t m, o = 0;

	buf[0] = '\0';
	for (m = 0; m < ml->n && o < sizeof(buf); m++) {
		const struct latt_value *v = &a->val[m];
		char mark = ' ';

		if (first && a != first &&
		    latt_agg_noise(&ml->m[m], v, &first->val[m]))
			mark = '~';
		else if (!first && v->few && !isnan(v->v))
			mark = '+';
		*marked |= mark != ' ';
		latt_metric_cell(&ml->m[m], first ?
				 latt_agg_ratio(v, &first->val[m]) : v->v,
				 first != NULL, mark, cell, sizeof(cell));
		o += (size_t)snprintf(buf + o, sizeof(buf) - o, "%s", cell);
	}
	if (o < sizeof(buf))
		snprintf(buf + o, sizeof(buf) - o, "%s", tail);
	trimmed(out, buf);
}

/* Escaped text @s, then spaces to @width columns. */
static void pad(FILE *out, const char *s, size_t width)
{
	size_t w = latt_esc_width(s);

	fputs(s, out);
	for (; w < width; w++)
		fputc(' ', out);
}

/* The header's row @r of file @f: its label, its path, a fact, settings. */
static const char *cell_text(const struct latt_cmp_file *f, size_t r,
			     const char *cfg)
{
	size_t j;

	if (r == 0)
		return f->label;
	if (r == 1)
		return latt_esc(f->path);
	if (r < 2 + LATT_CF_COUNT)
		return f->fact[r - 2];
	for (j = 0; j < f->ncfgs; j++)
		if (!strcmp(f->cfgs[j].name, cfg))
			return *f->cfgs[j].settings ? f->cfgs[j].settings :
			       "(none)";
	return "-";
}

/*
 * The header: a column per file, a row per fact that decides whether
 * their numbers compare (and per configuration name, its settings); a
 * row whose values differ is marked "*".  0 or -ENOMEM.
 */
static int header(FILE *out, const struct latt_cmp_file *files, size_t n)
{
	const char **cfg;
	size_t *w, ncfg = 0, nrows, i, j, k, r, wt = 0, t;
	bool marked = false, differ;
	const char *a, *b;
	char title[64];

	for (i = 0; i < n; i++)
		ncfg += files[i].ncfgs;
	cfg = calloc(ncfg + 1, sizeof(*cfg));
	w = calloc(n + 1, sizeof(*w));
	if (!cfg || !w) {
		free(cfg);
		free(w);
		return -ENOMEM;
	}
	/* Configuration names in order of first appearance. */
	for (i = 0, ncfg = 0; i < n; i++)
		for (j = 0; j < files[i].ncfgs; j++) {
			for (k = 0; k < ncfg; k++)
				if (!strcmp(cfg[k], files[i].cfgs[j].name))
					break;
			if (k == ncfg)
				cfg[ncfg++] = files[i].cfgs[j].name;
		}
	nrows = 2 + LATT_CF_COUNT + ncfg;
	for (r = 0; r < nrows; r++) {
		t = r < 2 + LATT_CF_COUNT ? (r < 2 ? 4 :
		    strlen(fact_names[r - 2])) :
		    strlen("config ") + latt_esc_width(cfg[r - nrows + ncfg]);
		wt = t > wt ? t : wt;
		for (i = 0; i < n; i++) {
			t = latt_esc_width(cell_text(&files[i], r,
				r >= 2 + LATT_CF_COUNT ?
				cfg[r - 2 - LATT_CF_COUNT] : NULL));
			w[i] = t > w[i] ? t : w[i];
		}
	}
	for (r = 0; r < nrows; r++) {
		const char *c = r >= 2 + LATT_CF_COUNT ?
				cfg[r - 2 - LATT_CF_COUNT] : NULL;

		/* Differ: two files that have the row, with other values. */
		differ = false;
		for (i = 1; r >= 2 && i < n && !differ; i++)
			for (k = 0; k < i && !differ; k++) {
				a = cell_text(&files[i], r, c);
				b = cell_text(&files[k], r, c);
				differ = strcmp(a, b) &&
					 (!c || (strcmp(a, "-") &&
						 strcmp(b, "-")));
			}
		marked |= differ;
		fputs(differ ? "* " : "  ", out);
		if (r == 0)
			snprintf(title, sizeof(title), "%s", "");
		else if (r == 1)
			snprintf(title, sizeof(title), "%s", "file");
		else if (!c)
			snprintf(title, sizeof(title), "%s",
				 fact_names[r - 2]);
		pad(out, c ? "config " : title, c ? 7 : wt);
		if (c)
			pad(out, c, wt - 7);
		for (i = 0; i < n; i++) {
			fputs("  ", out);
			if (i + 1 < n)
				pad(out, cell_text(&files[i], r, c), w[i]);
			else
				fputs(cell_text(&files[i], r, c), out);
		}
		fputc('\n', out);
	}
	if (marked)
		fprintf(out, "* differs between the files: their numbers may "
			"not compare\n");
	fputc('\n', out);
	free(cfg);
	free(w);
	return 0;
}

int latt_cmp_print(FILE *out, const struct latt_metric_list *ml,
		   const struct latt_cmp_file *files, size_t n)
{
	struct row *rows;
	size_t nrows = 0, i, j, wl = 4, wc = 6;
	bool few = false, noise = false;

	for (i = 0; i < n; i++)
		nrows += files[i].ncfgs;
	rows = calloc(nrows ? nrows : 1, sizeof(*rows));
	if (!rows)
		return -ENOMEM;
	nrows = 0;
	for (i = 0; i < n; i++) {
		if (latt_esc_width(files[i].label) > wl)
			wl = latt_esc_width(files[i].label);
		for (j = 0; j < files[i].ncfgs; j++) {
			rows[nrows].file = &files[i];
			rows[nrows].cfg = &files[i].cfgs[j];
			if (latt_esc_width(files[i].cfgs[j].name) > wc)
				wc = latt_esc_width(files[i].cfgs[j].name);
			if (build(ml, &rows[nrows++])) {
				free(rows);
				return -ENOMEM;
			}
		}
	}

	if (header(out, files, n)) {
		free(rows);
		return -ENOMEM;
	}
	fprintf(out, "Wakeup latency in usec, the median of each "
		"configuration's runs\n\n");
	heading(out, ml, (int)wl, "file", (int)wc, "config", "runs");
	for (i = 0; i < nrows; i++) {
		const struct latt_agg_cfg *a = &rows[i].agg;

		pad(out, rows[i].file->label, wl + 2);
		pad(out, rows[i].cfg->name, wc);
		fprintf(out, " %4u", a->runs);
		cells(out, ml, a, NULL, a->complete || !a->runs ? "" :
		      "  (no complete run)", &few);
	}

	fputc('\n', out);
	heading(out, ml, (int)wl, "ratio", (int)wc, "", "");
	for (i = 0; i < nrows; i++) {
		pad(out, rows[i].file->label, wl + 2);
		pad(out, rows[i].cfg->name, wc);
		fprintf(out, " %4s", "");
		cells(out, ml, &rows[i].agg, &rows[0].agg, "", &noise);
	}
	latt_report_marks(out, few, noise);
	free(rows);
	if (fflush(out) || ferror(out))
		return errno ? -errno : -EIO;
	return 0;
}

static int cmp_bucket(const void *a, const void *b)
{
	uint64_t x = (*(const uint64_t (*)[2])a)[0];
	uint64_t y = (*(const uint64_t (*)[2])b)[0];

	return (x > y) - (x < y);
}

/* One configuration's distribution, its used runs' buckets added up. */
static int cdf_block(FILE *out, const struct latt_metric_list *ml,
		     const struct latt_cmp_file *f,
		     const struct latt_cmp_cfg *c)
{
	struct row r = { .file = f, .cfg = c };
	uint64_t (*all)[2], total = 0, seen = 0, width, lo;
	size_t i, j, n = 0, k;

	if (build(ml, &r))
		return -ENOMEM;
	for (i = 0; i < c->nruns; i++)
		if (latt_agg_counts(&c->runs[i].agg, &r.agg))
			n += c->runs[i].nbuckets;
	all = calloc(n ? n : 1, sizeof(*all));
	if (!all)
		return -ENOMEM;
	for (i = 0, k = 0; i < c->nruns; i++) {
		if (!latt_agg_counts(&c->runs[i].agg, &r.agg))
			continue;
		for (j = 0; j < c->runs[i].nbuckets; j++) {
			all[k][0] = c->runs[i].buckets[j][0];
			all[k][1] = c->runs[i].buckets[j][1];
			total += all[k++][1];
		}
	}
	qsort(all, n, sizeof(*all), cmp_bucket);
	fprintf(out, "# %s\t%s\t%s\t%s\n", f->label, c->name,
		f->fact[LATT_CF_KERNEL], c->command ? c->command : "");
	fprintf(out, "# usec cdf tail\n");
	for (i = 0; i < n; i++) {
		lo = all[i][0];
		seen += all[i][1];
		/* The same bucket from several runs: one point. */
		if (i + 1 < n && all[i + 1][0] == lo)
			continue;
		width = lo < 128 ? 1 : 1ULL << (63 - __builtin_clzll(lo) - 6);
		fprintf(out, "%.3f %.9f %.9f\n", (double)(lo + width) / 1000.0,
			(double)seen / (double)total,
			(double)(total - seen) / (double)total);
	}
	fputs("\n\n", out);
	free(all);
	return 0;
}

int latt_cmp_cdf(FILE *out, const struct latt_metric_list *ml,
		 const struct latt_cmp_file *files, size_t n)
{
	size_t i, j;
	int ret;

	for (i = 0; i < n; i++)
		for (j = 0; j < files[i].ncfgs; j++) {
			ret = cdf_block(out, ml, &files[i], &files[i].cfgs[j]);
			if (ret)
				return ret;
		}
	if (fflush(out) || ferror(out))
		return errno ? -errno : -EIO;
	return 0;
}
