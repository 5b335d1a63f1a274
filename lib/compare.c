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
#include "latt/json.h"
#include "latt/summary.h"

typedef struct json_object jobj;

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

/* Field @key of object @o, of type @t (json_type_null: any); NULL if not. */
static jobj *field(struct reader *rd, jobj *o, const char *at,
		   const char *key, enum json_type t, bool nullable)
{
	jobj *v = NULL;

	if (rd->failed)
		return NULL;
	if (!json_object_is_type(o, json_type_object) ||
	    !json_object_object_get_ex(o, key, &v)) {
		fail(rd, "%s%s%s is missing", at, *at ? "." : "", key);
		return NULL;
	}
	if (!v && nullable)
		return NULL;
	if (!v || (!json_object_is_type(v, t) &&
		   !(t == json_type_double &&
		     json_object_is_type(v, json_type_int)))) {
		fail(rd, "%s%s%s is not %s", at, *at ? "." : "", key,
		     t == json_type_int ? "an integer" :
		     t == json_type_double ? "a number" :
		     t == json_type_array ? "an array" :
		     t == json_type_object ? "an object" :
		     t == json_type_string ? "a string" : "a boolean");
		return NULL;
	}
	return v;
}

static double num(struct reader *rd, jobj *o, const char *at, const char *key,
		  bool nullable)
{
	jobj *v = field(rd, o, at, key, json_type_double, nullable);

	return v ? json_object_get_double(v) : NAN;
}

static char *str(struct reader *rd, jobj *o, const char *at, const char *key)
{
	jobj *v = field(rd, o, at, key, json_type_string, false);

	return strdup(v ? json_object_get_string(v) : "");
}

/* A histogram's value at @rank (1-based), by the rule of latt-json(5). */
static double hist_at(jobj *h, uint64_t rank, double min, double max)
{
	uint64_t seen = 0, lo = 0, width;
	size_t i, n = json_object_array_length(h);
	double v;

	for (i = 0; i < n; i++) {
		jobj *b = json_object_array_get_idx(h, i);

		lo = (uint64_t)json_object_get_uint64(
			json_object_array_get_idx(b, 0));
		seen += (uint64_t)json_object_get_uint64(
			json_object_array_get_idx(b, 1));
		if (seen >= rank)
			break;
	}
	if (seen < rank || !seen)
		return max;
	width = lo < 128 ? 1 : 1ULL << (63 - __builtin_clzll(lo) - 6);
	v = (double)(lo + width / 2);
	return v < min ? min : v > max ? max : v;
}

/*
 * Percentile @p of a series from its histogram, and the 95% interval of
 * ranks around it: n p +- 1.96 sqrt(n p (1 - p)), one more either side.
 */
static void percentile(jobj *h, uint64_t count, double min, double max,
		       double p, double *v, double *lo, double *hi)
{
	double r = p * (double)count / 100.0, q = p / 100.0, d;
	uint64_t rank = (uint64_t)ceil(r - r * 1e-12), a, b;

	if (rank < 1)
		rank = 1;
	*v = rank >= count ? max : hist_at(h, rank, min, max);
	d = 1.96 * sqrt((double)count * q * (1 - q)) + 1;
	a = r - d < 1 ? 1 : (uint64_t)floor(r - d);
	b = r + d >= (double)count ? count : (uint64_t)ceil(r + d);
	*lo = hist_at(h, a, min, max);
	*hi = b >= count ? max : hist_at(h, b, min, max);
}

/* Check histogram @h at @at, and add up its counts into @sum. */
static bool read_histogram(struct reader *rd, jobj *h, const char *at,
			   uint64_t *sum)
{
	size_t i, n = json_object_array_length(h);
	uint64_t last = 0;

	*sum = 0;

	for (i = 0; i < n; i++) {
		jobj *b = json_object_array_get_idx(h, i);

		if (!json_object_is_type(b, json_type_array) ||
		    json_object_array_length(b) != 2 ||
		    !json_object_is_type(json_object_array_get_idx(b, 0),
					 json_type_int) ||
		    !json_object_is_type(json_object_array_get_idx(b, 1),
					 json_type_int)) {
			fail(rd, "%s.histogram[%zu] is not [low_ns, count]",
			     at, i);
			return false;
		}
		if (json_object_get_int64(json_object_array_get_idx(b, 0)) < 0 ||
		    json_object_get_int64(json_object_array_get_idx(b, 1)) < 1) {
			fail(rd, "%s.histogram[%zu] has a negative value or an "
			     "empty bucket", at, i);
			return false;
		}
		if (i && (uint64_t)json_object_get_uint64(
				json_object_array_get_idx(b, 0)) <= last) {
			fail(rd, "%s.histogram is not in increasing order", at);
			return false;
		}
		last = (uint64_t)json_object_get_uint64(
			json_object_array_get_idx(b, 0));
		*sum += (uint64_t)json_object_get_uint64(
			json_object_array_get_idx(b, 1));
	}
	return true;
}

static void read_run(struct reader *rd, jobj *o, const char *at,
		     struct latt_cmp_run *run)
{
	static const double pcts[] = { 50, 99, 99.9 };
	static const enum latt_cmp_metric pm[] = {
		LATT_CM_P50, LATT_CM_P99, LATT_CM_P999
	};
	jobj *status, *w, *h, *t, *b;
	char where[160];
	double count, min, max, sd;
	uint64_t sum;
	size_t i;

	for (i = 0; i < LATT_CM_COUNT; i++)
		run->v[i] = run->lo[i] = run->hi[i] = NAN;
	run->avg_half = NAN;
	status = field(rd, o, at, "status", json_type_object, false);
	snprintf(where, sizeof(where), "%s.status", at);
	b = field(rd, status, where, "complete", json_type_boolean, false);
	run->complete = b && json_object_get_boolean(b);
	snprintf(where, sizeof(where), "%s.wakeup", at);
	w = field(rd, o, at, "wakeup", json_type_object, false);
	count = num(rd, w, where, "count", false);
	min = num(rd, w, where, "min_ns", true);
	max = num(rd, w, where, "max_ns", true);
	run->v[LATT_CM_AVG] = num(rd, w, where, "mean_ns", true);
	sd = num(rd, w, where, "stdev_mean_ns", true);
	h = field(rd, w, where, "histogram", json_type_array, false);
	if (rd->failed || !read_histogram(rd, h, where, &sum))
		return;
	if ((double)sum != count) {
		fail(rd, "%s.histogram holds %llu samples, count says %.0f",
		     where, (unsigned long long)sum, count);
		return;
	}
	run->nbuckets = json_object_array_length(h);
	run->buckets = calloc(run->nbuckets ? run->nbuckets : 1,
			      sizeof(*run->buckets));
	if (!run->buckets) {
		fail(rd, "out of memory");
		return;
	}
	for (i = 0; i < run->nbuckets; i++) {
		jobj *bk = json_object_array_get_idx(h, i);

		run->buckets[i][0] = (uint64_t)json_object_get_uint64(
			json_object_array_get_idx(bk, 0));
		run->buckets[i][1] = (uint64_t)json_object_get_uint64(
			json_object_array_get_idx(bk, 1));
	}
	run->v[LATT_CM_ENTRIES] = count;
	if (count > 0) {
		run->v[LATT_CM_MAX] = max;
		run->avg_half = isnan(sd) ? NAN : 1.96 * sd;
		for (i = 0; i < 3; i++)
			percentile(h, (uint64_t)count, min, max, pcts[i],
				   &run->v[pm[i]], &run->lo[pm[i]],
				   &run->hi[pm[i]]);
	}
	run->v[LATT_CM_CS] = num(rd, o, at, "system_cs_per_s", true);
	if (!json_object_object_get_ex(o, "target", &t)) {
		fail(rd, "%s.target is missing", at);
		return;
	}
	if (t) {
		snprintf(where, sizeof(where), "%s.target", at);
		run->v[LATT_CM_WALL] = num(rd, t, where, "wall_ns", false) / 1e9;
		run->v[LATT_CM_CPU] = (num(rd, t, where, "user_ns", false) +
				       num(rd, t, where, "system_ns", false)) /
				      1e9;
	}
}

static void read_cfg(struct reader *rd, jobj *o, const char *at,
		     struct latt_cmp_cfg *c)
{
	jobj *runs, *par, *cmd;
	char where[128];
	size_t i, n;

	c->name = str(rd, o, at, "name");
	par = field(rd, o, at, "parameters", json_type_object, false);
	if (par && json_object_object_get_ex(par, "command", &cmd) && cmd &&
	    json_object_is_type(cmd, json_type_string))
		c->command = strdup(json_object_get_string(cmd));
	runs = field(rd, o, at, "runs", json_type_array, false);
	if (rd->failed)
		return;
	n = json_object_array_length(runs);
	c->runs = calloc(n ? n : 1, sizeof(*c->runs));
	if (!c->runs) {
		fail(rd, "out of memory");
		return;
	}
	for (i = 0; i < n && !rd->failed; i++) {
		snprintf(where, sizeof(where), "%s.runs[%zu]", at, i);
		read_run(rd, json_object_array_get_idx(runs, i), where,
			 &c->runs[i]);
		c->nruns++;
	}
}

/* "file.json" from "dir/file.json". */
static const char *base(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* Read and parse @path; NULL with one line in @err on failure. */
static jobj *parse_file(const char *path, char *err, size_t len)
{
	struct json_tokener *tok;
	enum json_tokener_error e;
	size_t n = 0, cap = 0, end;
	char *buf = NULL, *nb;
	jobj *doc = NULL;
	ssize_t got;
	FILE *fp;

	fp = fopen(path, "re");
	if (!fp) {
		snprintf(err, len, "%s", strerror(errno));
		return NULL;
	}
	do {
		if (n == cap) {
			cap = cap ? cap * 2 : 65536;
			nb = realloc(buf, cap + 1);
			if (!nb) {
				snprintf(err, len, "out of memory");
				goto out;
			}
			buf = nb;
		}
		got = (ssize_t)fread(buf + n, 1, cap - n, fp);
		n += (size_t)got;
	} while (got > 0);
	if (ferror(fp)) {
		snprintf(err, len, "%s", strerror(errno ? errno : EIO));
		goto out;
	}
	if (!n) {
		snprintf(err, len, "empty file");
		goto out;
	}
	buf[n] = '\0';
	tok = json_tokener_new();
	if (!tok) {
		snprintf(err, len, "out of memory");
		goto out;
	}
	doc = json_tokener_parse_ex(tok, buf, (int)(n > INT32_MAX ? INT32_MAX :
						     n));
	e = json_tokener_get_error(tok);
	end = json_tokener_get_parse_end(tok);
	if (e == json_tokener_success && end + strspn(buf + end, " \t\r\n") < n)
		snprintf(err, len, "not JSON: more text after the document, at "
			 "byte %zu", end);
	else if (e == json_tokener_continue)
		snprintf(err, len, "cut short: the JSON ends too soon");
	else if (e != json_tokener_success)
		snprintf(err, len, "not JSON: %s at byte %zu",
			 json_tokener_error_desc(e), end);
	else
		goto done;
	json_object_put(doc);
	doc = NULL;
done:
	json_tokener_free(tok);
out:
	fclose(fp);
	free(buf);
	return doc;
}

int latt_cmp_read(struct latt_cmp_file *f, const char *path, char *err,
		  size_t len)
{
	struct reader rd = { .err = err, .len = len };
	jobj *doc, *tool, *sys, *cfgs, *label, *v;
	char *kernel = NULL, *host = NULL, *cs = NULL, *ver = NULL;
	char where[64];
	size_t i, n;

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
	v = field(&rd, doc, "", "schema_version", json_type_int, false);
	if (v && json_object_get_int64(v) != LATT_JSON_SCHEMA)
		fail(&rd, "schema version %lld, this latt reads %d",
		     (long long)json_object_get_int64(v), LATT_JSON_SCHEMA);
	ver = str(&rd, tool, "tool", "version");
	if (!rd.failed && !json_object_object_get_ex(doc, "label", &label))
		fail(&rd, "label is missing");
	sys = field(&rd, doc, "", "system", json_type_object, false);
	kernel = str(&rd, sys, "system", "kernel");
	host = str(&rd, sys, "system", "hostname");
	cs = str(&rd, sys, "system", "clocksource");
	v = field(&rd, sys, "system", "cpus", json_type_int, false);
	if (!rd.failed) {
		if (label && json_object_is_type(label, json_type_string))
			f->label = strdup(json_object_get_string(label));
		else if (asprintf(&f->label, "%s (%s)", kernel,
				  base(path)) < 0)
			f->label = NULL;
		if (asprintf(&f->facts, "%s, %s, %d CPUs, clocksource %s, "
			     "latt %s", kernel, host, json_object_get_int(v),
			     cs, ver) < 0)
			f->facts = NULL;
		if (!f->label || !f->facts)
			fail(&rd, "out of memory");
	}
	cfgs = field(&rd, doc, "", "configurations", json_type_array, false);
	if (!rd.failed) {
		n = json_object_array_length(cfgs);
		if (!n)
			fail(&rd, "no configuration in it");
		f->cfgs = calloc(n ? n : 1, sizeof(*f->cfgs));
		if (!f->cfgs)
			fail(&rd, "out of memory");
		for (i = 0; i < n && !rd.failed; i++) {
			snprintf(where, sizeof(where), "configurations[%zu]",
				 i);
			read_cfg(&rd, json_object_array_get_idx(cfgs, i),
				 where, &f->cfgs[i]);
			f->ncfgs++;
		}
	}
	f->kernel = kernel;
	kernel = NULL;
	free(host);
	free(cs);
	free(ver);
	json_object_put(doc);
	return rd.failed ? -1 : 0;
}

void latt_cmp_file_free(struct latt_cmp_file *f)
{
	size_t i;

	size_t j;

	for (i = 0; i < f->ncfgs; i++) {
		for (j = 0; j < f->cfgs[i].nruns; j++)
			free(f->cfgs[i].runs[j].buckets);
		free(f->cfgs[i].name);
		free(f->cfgs[i].command);
		free(f->cfgs[i].runs);
	}
	free(f->cfgs);
	free(f->label);
	free(f->facts);
	free(f->kernel);
	memset(f, 0, sizeof(*f));
}

/* A row: one configuration of one file. */
struct row {
	const struct latt_cmp_file *file;
	const struct latt_cmp_cfg *cfg;
	unsigned int used;		/* the runs its values are from */
	bool complete;			/* ... complete ones */
	double v[LATT_CM_COUNT];	/* medians */
	double spread[LATT_CM_COUNT];	/* max - min over the runs; NaN
					   below two */
	const struct latt_cmp_run *single;	/* its run, when just one */
};

static bool use_run(const struct latt_cmp_cfg *c, size_t i, bool complete)
{
	return complete ? c->runs[i].complete :
	       c->runs[i].v[LATT_CM_ENTRIES] > 0;
}

static void build(struct row *r)
{
	const struct latt_cmp_cfg *c = r->cfg;
	double *v = calloc(c->nruns ? c->nruns : 1, sizeof(*v));
	size_t i, k, m, last = 0;

	r->complete = false;
	for (i = 0; i < c->nruns; i++)
		if (c->runs[i].complete)
			r->complete = true;
	for (m = 0; m < LATT_CM_COUNT; m++) {
		for (i = 0, k = 0; v && i < c->nruns; i++) {
			if (!use_run(c, i, r->complete) ||
			    isnan(c->runs[i].v[m]))
				continue;
			v[k++] = c->runs[i].v[m];
		}
		r->v[m] = v ? latt_median(v, k) : NAN;
		r->spread[m] = k > 1 ? v[k - 1] - v[0] : NAN;
	}
	for (i = 0, r->used = 0; i < c->nruns; i++)
		if (use_run(c, i, r->complete)) {
			r->used++;
			last = i;
		}
	r->single = r->used == 1 ? &c->runs[last] : NULL;
	free(v);
}

/* Is @r's difference from @first in metric @m within the noise? */
static bool noise(const struct row *r, const struct row *first,
		  enum latt_cmp_metric m)
{
	double d = fabs(r->v[m] - first->v[m]), s = NAN;

	if (isnan(d) || m == LATT_CM_ENTRIES)
		return false;
	if (!isnan(r->spread[m]))
		s = r->spread[m];
	if (!isnan(first->spread[m]) && (isnan(s) || first->spread[m] > s))
		s = first->spread[m];
	if (!isnan(s))
		return d <= s;
	if (!r->single || !first->single)
		return false;
	if (m == LATT_CM_AVG)
		return !isnan(r->single->avg_half) &&
		       !isnan(first->single->avg_half) &&
		       d <= r->single->avg_half + first->single->avg_half;
	if (m == LATT_CM_P50 || m == LATT_CM_P99 || m == LATT_CM_P999)
		return !(r->single->hi[m] < first->single->lo[m] ||
			 first->single->hi[m] < r->single->lo[m]);
	return false;
}

static const char *const heads[LATT_CM_COUNT] = {
	"entries", "max", "avg", "p50", "p99", "p99.9", "wall s", "cpu s",
	"cs/s",
};

static void value(FILE *out, enum latt_cmp_metric m, double v)
{
	if (isnan(v))
		fprintf(out, " %9s", "-");
	else if (m == LATT_CM_ENTRIES || m == LATT_CM_CS)
		fprintf(out, " %9.0f", v);
	else if (m == LATT_CM_WALL || m == LATT_CM_CPU)
		fprintf(out, " %9.2f", v);
	else
		fprintf(out, " %9.1f", v / 1000.0);
}

/* A table's heading line: the row's columns, then the metrics. */
static void heading(FILE *out, int wl, const char *file, int wc,
		    const char *cfg, const char *runs)
{
	unsigned int m;

	fprintf(out, "%-*s  %-*s %4s", wl, file, wc, cfg, runs);
	for (m = 0; m < LATT_CM_COUNT; m++)
		fprintf(out, " %9s", heads[m]);
	fputc('\n', out);
}

int latt_cmp_print(FILE *out, const struct latt_cmp_file *files, size_t n)
{
	struct row *rows;
	size_t nrows = 0, i, j, m;
	int wl = 4, wc = 6;
	bool marked = false;

	for (i = 0; i < n; i++)
		nrows += files[i].ncfgs;
	rows = calloc(nrows ? nrows : 1, sizeof(*rows));
	if (!rows)
		return -ENOMEM;
	nrows = 0;
	for (i = 0; i < n; i++) {
		if ((int)strlen(files[i].label) > wl)
			wl = (int)strlen(files[i].label);
		for (j = 0; j < files[i].ncfgs; j++) {
			rows[nrows].file = &files[i];
			rows[nrows].cfg = &files[i].cfgs[j];
			if ((int)strlen(files[i].cfgs[j].name) > wc)
				wc = (int)strlen(files[i].cfgs[j].name);
			build(&rows[nrows++]);
		}
	}

	for (i = 0; i < n; i++)
		fprintf(out, "%-*s  %s: %s\n", wl, files[i].label,
			files[i].path, files[i].facts);
	fprintf(out, "Wakeup latency in usec, the median of each "
		"configuration's runs\n\n");
	heading(out, wl, "file", wc, "config", "runs");
	for (i = 0; i < nrows; i++) {
		fprintf(out, "%-*s  %-*s %4u", wl, rows[i].file->label, wc,
			rows[i].cfg->name, rows[i].used);
		for (m = 0; m < LATT_CM_COUNT; m++)
			value(out, (enum latt_cmp_metric)m, rows[i].v[m]);
		fputs(rows[i].complete || !rows[i].used ? "\n" :
		      "  (no complete run)\n", out);
	}

	fputc('\n', out);
	heading(out, wl, "ratio", wc, "", "");
	for (i = 0; i < nrows; i++) {
		fprintf(out, "%-*s  %-*s %4s", wl, rows[i].file->label, wc,
			rows[i].cfg->name, "");
		for (m = 0; m < LATT_CM_COUNT; m++) {
			double a = rows[i].v[m], b = rows[0].v[m];
			bool nz = i && noise(&rows[i], &rows[0],
					     (enum latt_cmp_metric)m);

			if (isnan(a) || isnan(b) || b == 0) {
				fprintf(out, " %9s", "-");
				continue;
			}
			fprintf(out, " %8.3f%c", a / b, nz ? '~' : ' ');
			marked |= nz;
		}
		fputc('\n', out);
	}
	if (marked)
		fprintf(out, "\n~ within the noise: no larger than the "
			"run-to-run range (or, between single runs, the 95%% "
			"intervals overlap)\n");
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
static int cdf_block(FILE *out, const struct latt_cmp_file *f,
		     const struct latt_cmp_cfg *c)
{
	struct row r = { .file = f, .cfg = c };
	uint64_t (*all)[2], total = 0, seen = 0, width, lo;
	size_t i, j, n = 0, k;

	build(&r);
	for (i = 0; i < c->nruns; i++)
		if (use_run(c, i, r.complete))
			n += c->runs[i].nbuckets;
	all = calloc(n ? n : 1, sizeof(*all));
	if (!all)
		return -ENOMEM;
	for (i = 0, k = 0; i < c->nruns; i++) {
		if (!use_run(c, i, r.complete))
			continue;
		for (j = 0; j < c->runs[i].nbuckets; j++) {
			all[k][0] = c->runs[i].buckets[j][0];
			all[k][1] = c->runs[i].buckets[j][1];
			total += all[k++][1];
		}
	}
	qsort(all, n, sizeof(*all), cmp_bucket);
	fprintf(out, "# %s\t%s\t%s\t%s\n", f->label, c->name, f->kernel,
		c->command ? c->command : "");
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

int latt_cmp_cdf(FILE *out, const struct latt_cmp_file *files, size_t n)
{
	size_t i, j;
	int ret;

	for (i = 0; i < n; i++)
		for (j = 0; j < files[i].ncfgs; j++) {
			ret = cdf_block(out, &files[i], &files[i].cfgs[j]);
			if (ret)
				return ret;
		}
	if (fflush(out) || ferror(out))
		return errno ? -errno : -EIO;
	return 0;
}
