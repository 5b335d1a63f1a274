// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt compare: a document read and checked, with json-c, field by
 * field (lib/compare/compare-check.h) before anything is computed: a bad
 * file is one line naming it and what is wrong, never a crash; see
 * lib/compare/compare-read.h.
 */
#include <errno.h>
#include <json-c/json.h>
#include <malloc.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare-read.h"
#include "base/escape.h"
#include "base/parse.h"
#include "base/sha256.h"
#include "compare/compare-check.h"
#include "compare/compare.h"
#include "judge/aggregate.h"
#include "measure/hist.h"
#include "report/json.h"

/*
 * Text @i of @texts (a configuration's parameters, a file's facts),
 * formatted.
 */
static void __attribute__((format(printf, 4, 5)))
put(struct latt_cmp_reader *rd, char **texts, enum latt_cmp_fact i,
    const char *fmt, ...)
{
	va_list ap;
	int n;

	if (rd->failed)
		return;
	va_start(ap, fmt);
	n = vasprintf(&texts[i], fmt, ap);
	va_end(ap);
	if (n < 0) {
		texts[i] = NULL;
		latt_cmp_fail(rd, "out of memory");
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

/* See compare/compare-read.h. */
int latt_cmp_params_text(const struct latt_cmp_params *p, char **param)
{
	struct latt_cmp_reader rd = { .err = NULL };
	uint64_t work = p->work_bytes;
	char a[48], b[48];

	put(&rd, param, LATT_CF_CLIENTS, "%llu",
	    (unsigned long long)p->clients);
	put(&rd, param, LATT_CF_WAIT, "%s to %s", time_text(p->min_wait_ns, a,
	    sizeof(a)), time_text(p->max_wait_ns, b, sizeof(b)));
	if (work && !(work % (1ULL << 20)))
		put(&rd, param, LATT_CF_WORK, "%llum",
		    (unsigned long long)(work >> 20));
	else if (work && !(work % 1024))
		put(&rd, param, LATT_CF_WORK, "%lluk",
		    (unsigned long long)(work >> 10));
	else
		put(&rd, param, LATT_CF_WORK, "%llub",
		    (unsigned long long)work);
	put(&rd, param, LATT_CF_DURATION, "%s", p->bounded ?
	    time_text(p->duration_ns, a, sizeof(a)) : "the command's");
	put(&rd, param, LATT_CF_CLOCK, "%s", p->clock ? p->clock : "(null)");
	put(&rd, param, LATT_CF_MECHANISM, "%s%s", p->mechanism ?
	    p->mechanism : "(null)", p->threads ? ", threads" : "");
	put(&rd, param, LATT_CF_COMMAND, "%s", p->command ? p->command :
	    "none");
	return rd.failed ? -ENOMEM : 0;
}

/*
 * The measurement's parameters: what must match, beside the system, for
 * two configurations' numbers to compare.
 */
static void read_parameters(struct latt_cmp_reader *rd, jobj *par,
			    const char *at, struct latt_cmp_cfg *c)
{
	struct latt_cmp_params p = { 0 };
	char *clock, *mech;
	int threads;

	latt_cmp_uint_field(rd, par, at, "clients", CPUS_MAX, &p.clients);
	latt_cmp_uint_field(rd, par, at, "min_wait_ns", TIME_MAX,
			    &p.min_wait_ns);
	latt_cmp_uint_field(rd, par, at, "max_wait_ns", TIME_MAX,
			    &p.max_wait_ns);
	latt_cmp_uint_field(rd, par, at, "work_bytes", TIME_MAX,
			    &p.work_bytes);
	p.bounded = latt_cmp_uint_field(rd, par, at, "duration_ns", TIME_MAX,
					&p.duration_ns);
	clock = latt_cmp_str(rd, par, at, "clock");
	mech = latt_cmp_str(rd, par, at, "mechanism");
	latt_cmp_bool_field(rd, par, at, "threads", &threads);
	c->command = latt_cmp_str(rd, par, at, "command");
	p.clock = clock;
	p.mechanism = mech;
	p.threads = threads > 0;
	p.command = c->command;
	if (!rd->failed && latt_cmp_params_text(&p, c->param))
		latt_cmp_fail(rd, "out of memory");
	free(clock);
	free(mech);
}

/*
 * @a, then @b if it is not in it yet, parted by ", ": the distinct
 * values of the runs.  NULL when out of memory.
 */
static char *join(char *a, const char *b)
{
	size_t n = a ? strlen(a) : 0, k = strlen(b);
	const char *p = a;
	char *r;

	/* "" is in every string, and nothing to add. */
	if (!k)
		return a ? a : strdup("");

	while (p && (p = strstr(p, b))) {
		if ((p == a || (p - a >= 2 && !strncmp(p - 2, ", ", 2))) &&
		    (!p[k] || p[k] == ','))
			return a;
		p++;
	}
	r = realloc(a, n + k + 3);
	if (!r) {
		free(a);
		return NULL;
	}
	snprintf(r + n, k + 3, "%s%s", n ? ", " : "", b);
	return r;
}

/*
 * What the runs of @c ran with: the clock (not -k's "auto": the one
 * chosen), the scheduler, whether the command's tasks were followed,
 * whether latt measured itself.
 */
static void what_ran(struct latt_cmp_reader *rd, struct latt_cmp_cfg *c)
{
	char *clock = NULL, *sched = NULL, buf[256];
	size_t i, noted = 0, followed = 0;
	bool oom = false;

	for (i = 0; i < c->nruns; i++) {
		const struct latt_cmp_run *r = &c->runs[i];

		if (r->clock && !(clock = join(clock, r->clock)))
			oom = true;
		snprintf(buf, sizeof(buf), "%s%s", r->sched_ext ? "sched_ext " :
			 "the kernel's", r->sched_ext ? r->sched_ext : "");
		if (!(sched = join(sched, buf)))
			oom = true;
		noted += r->agg.load_note;
		followed += r->followed;
	}
	if (oom) {
		free(clock);
		free(sched);
		latt_cmp_fail(rd, "out of memory");
		return;
	}
	if (clock) {
		free(c->param[LATT_CF_CLOCK]);
		c->param[LATT_CF_CLOCK] = NULL;
		put(rd, c->param, LATT_CF_CLOCK, "%s", clock);
	}
	put(rd, c->param, LATT_CF_SCHEDULER, "%s", sched ? sched : "-");
	/* Following the command costs the clients' wakeups a little. */
	if (!c->command)
		put(rd, c->param, LATT_CF_FOLLOWED, "-");
	else
		put(rd, c->param, LATT_CF_FOLLOWED, "%s", !followed ?
		    "not followed" : followed == c->nruns ? "followed" :
		    "followed in some runs");
	if (noted)
		put(rd, c->param, LATT_CF_LOAD, "latt measured itself (%zu of "
		    "%zu runs)", noted, c->nruns);
	else
		put(rd, c->param, LATT_CF_LOAD, "%s", c->nruns ?
		    "not in what it measured" : "-");
	free(clock);
	free(sched);
}

static void read_cfg(struct latt_cmp_reader *rd, jobj *o, const char *at,
		     struct latt_metric_list *ml,
		     struct latt_hist *scratch, struct latt_cmp_cfg *c)
{
	jobj *runs, *par;
	char where[128];
	size_t i, n;

	c->name = latt_cmp_str(rd, o, at, "name");
	c->settings = latt_cmp_str(rd, o, at, "settings");
	snprintf(where, sizeof(where), "%s.parameters", at);
	par = latt_cmp_field(rd, o, at, "parameters", json_type_object);
	read_parameters(rd, par, where, c);
	runs = latt_cmp_field(rd, o, at, "runs", json_type_array);
	if (rd->failed)
		return;
	n = json_object_array_length(runs);
	c->runs = latt_cmp_array(rd, n, RUNS_MAX, sizeof(*c->runs), "%s.runs "
				 "has %zu runs, more than latt makes (%d)", at,
				 n, RUNS_MAX);
	if (!c->runs)
		return;
	for (i = 0; i < n && !rd->failed; i++) {
		snprintf(where, sizeof(where), "%s.runs[%zu]", at, i);
		c->nruns++;
		latt_cmp_read_run(rd, json_object_array_get_idx(runs, i), where,
				  ml, scratch, &c->runs[i]);
	}
	if (!rd->failed)
		what_ran(rd, c);
}

/* "file.json" from "dir/file.json". */
static const char *base(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/*
 * Values in @n bytes at @s, or a little more, for LATT_CMP_VALUES_MAX.
 */
static size_t values_in(const char *s, size_t n)
{
	size_t i, v = 0;

	for (i = 0; i < n; i++)
		v += s[i] == ',' || s[i] == '[' || s[i] == '{';
	return v;
}

/*
 * What the documents take of the heap, for LATT_CMP_MEMORY_MAX: json-c's
 * objects of this one so far, and what the documents before keep.  An
 * estimate from the text parsed (@s and @n being the latest piece: more
 * than json-c takes, an object some 750 bytes, its hash table, a number
 * 70); with glibc, once the estimate has grown by HEAP_STEP since it was
 * last measured, the heap in use measured (mallinfo2() walks the heap:
 * measured at every piece, it made many files take quadratic time).
 */
#define HEAP_STEP	((size_t)4 << 20)

struct heap_meter {
	size_t taken;			/* the latest figure */
	size_t since;			/* estimated since it */
};

static size_t estimate(const char *s, size_t n)
{
	size_t i, e = 0;

	for (i = 0; i < n; i++)
		e += s[i] == '{' ? 1024 : s[i] == '[' ? 256 :
		     s[i] == ',' ? 96 : 2;
	return e;
}

#ifdef HAVE_MALLINFO2
static size_t heap_in_use(void)
{
	struct mallinfo2 mi = mallinfo2();

	return mi.uordblks + mi.hblkhd;
}

static void heap_meter_start(struct heap_meter *hm, size_t kept)
{
	(void)kept;
	hm->taken = heap_in_use();
	hm->since = 0;
}

static size_t heap_taken(struct heap_meter *hm, const char *s, size_t n)
{
	hm->since += estimate(s, n);
	if (hm->since >= HEAP_STEP) {
		hm->taken = heap_in_use();
		hm->since = 0;
	}
	return hm->taken + hm->since;
}
#else
/* What a document's text keeps once read: a share of its estimate. */
static void heap_meter_start(struct heap_meter *hm, size_t kept)
{
	hm->taken = kept;
	hm->since = 0;
}

static size_t heap_taken(struct heap_meter *hm, const char *s, size_t n)
{
	hm->taken += estimate(s, n);
	return hm->taken;
}
#endif

/* json-c is given this much at a time, its heap measured in between. */
#define SLICE		4096

/* The parse of one file as it goes. */
struct parse {
	struct json_tokener *tok;
	enum json_tokener_error e;
	struct heap_meter hm;
	const struct latt_cmp_budget *b;
	size_t total;			/* the bytes before this chunk */
	jobj *doc;
};

/*
 * Give json-c chunk @buf of @got bytes (NUL-terminated) a slice at a
 * time.  0, or -1 with one line in @err.
 */
static int parse_chunk(struct parse *p, const char *buf, size_t got,
		       char *err, size_t len)
{
	size_t at, piece, off = 0, end;

	for (at = 0; at < got && p->e == json_tokener_continue; at += piece) {
		piece = got - at < SLICE ? got - at : SLICE;
		/* json-c says a failed allocation as nothing else. */
		errno = 0;
		p->doc = json_tokener_parse_ex(p->tok, buf + at, (int)piece);
		p->e = json_tokener_get_error(p->tok);
		off = at + (size_t)json_tokener_get_parse_end(p->tok);
		if (!p->doc && p->e != json_tokener_continue &&
		    errno == ENOMEM) {
			snprintf(err, len, "out of memory: json-c could not "
				 "allocate, at byte %zu", p->total + off);
			return -1;
		}
		if (p->e != json_tokener_continue &&
		    p->e != json_tokener_success) {
			snprintf(err, len, "not JSON: %s at byte %zu",
				 json_tokener_error_desc(p->e),
				 p->total + off);
			return -1;
		}
		if (heap_taken(&p->hm, buf + at, piece) >
		    LATT_CMP_MEMORY_MAX) {
			snprintf(err, len, "larger than latt writes (its "
				 "values would take over %d MiB of memory%s)",
				 LATT_CMP_MEMORY_MAX >> 20, p->b->bytes ?
				 ", with the files before it" : "");
			return -1;
		}
	}
	/* After the document, white space only. */
	if (p->e == json_tokener_success) {
		end = off + strspn(buf + off, " \t\r\n");
		if (end < got) {
			snprintf(err, len, "not JSON: more text after the "
				 "document, at byte %zu", p->total + end);
			return -1;
		}
	}
	return 0;
}

/* What a JSON value @v is, in words. */
static const char *kind_of(jobj *v)
{
	switch (json_object_get_type(v)) {
	case json_type_null:
		return "null";
	case json_type_boolean:
		return "true or false";
	case json_type_int:
	case json_type_double:
		return "a number";
	case json_type_string:
		return "a string";
	case json_type_array:
		return "an array";
	default:
		return "an object";
	}
}

/* See compare/compare-read.h. */
jobj *latt_cmp_parse(const char *path, struct latt_cmp_budget *b,
		     char *err, size_t len)
{
	return latt_cmp_parse_stream(path, NULL, b, NULL, err, len);
}

/* See compare/compare-read.h. */
jobj *latt_cmp_parse_stream(const char *path, FILE *given,
			    struct latt_cmp_budget *b, char sha256[65],
			    char *err, size_t len)
{
	struct parse p = { .e = json_tokener_continue, .b = b };
	struct latt_sha256 sum;
	size_t got, values = 0;
	FILE *fp = given;
	char *buf;

	buf = malloc(CHUNK + 1);
	if (!buf) {
		snprintf(err, len, "out of memory");
		return NULL;
	}
	if (!fp && !(fp = fopen(path, "re"))) {
		snprintf(err, len, "%s", strerror(errno));
		free(buf);
		return NULL;
	}
	latt_sha256_init(&sum);
	p.tok = json_tokener_new();
	if (!p.tok) {
		snprintf(err, len, "out of memory");
		goto out;
	}
	json_tokener_set_flags(p.tok, JSON_TOKENER_STRICT);
	/* Without mallinfo2(), what the documents before keep: a guess. */
	heap_meter_start(&p.hm, b->values * 16);
	while ((got = fread(buf, 1, CHUNK, fp)) > 0) {
		latt_sha256_add(&sum, buf, got);
		values += values_in(buf, got);
		if (b->bytes + p.total + got > LATT_CMP_SIZE_MAX ||
		    b->values + values > LATT_CMP_VALUES_MAX) {
			snprintf(err, len, "larger than latt writes (over %d "
				 "MiB or %d million values%s)",
				 LATT_CMP_SIZE_MAX >> 20,
				 LATT_CMP_VALUES_MAX / 1000000, b->bytes ?
				 ", with the files before it" : "");
			goto out_doc;
		}
		buf[got] = '\0';
		if (parse_chunk(&p, buf, got, err, len))
			goto out_doc;
		p.total += got;
	}
	if (ferror(fp)) {
		snprintf(err, len, "%s", strerror(errno ? errno : EIO));
		goto out_doc;
	}
	/* A number or a word at the end: ended by the end of the file. */
	if (p.total && p.e == json_tokener_continue &&
	    parse_chunk(&p, " ", 1, err, len))
		goto out_doc;
	if (!p.total) {
		snprintf(err, len, "empty file");
	} else if (p.e == json_tokener_continue) {
		snprintf(err, len, "cut short: the JSON ends too soon");
	} else {
		b->bytes += p.total;
		b->values += values;
		if (!json_object_is_type(p.doc, json_type_object)) {
			snprintf(err, len, "not a latt document: its JSON is "
				 "%s, not an object", kind_of(p.doc));
			goto out_doc;
		}
		if (sha256)
			latt_sha256_hex(&sum, sha256);
		goto out_tok;
	}
out_doc:
	json_object_put(p.doc);
	p.doc = NULL;
out_tok:
	json_tokener_free(p.tok);
out:
	if (!given)
		fclose(fp);
	free(buf);
	return p.doc;
}

/* The system block: what decides whether two documents' numbers compare. */
static void read_system(struct latt_cmp_reader *rd, jobj *doc,
			struct latt_cmp_file *f)
{
	jobj *sys = latt_cmp_field(rd, doc, "", "system", json_type_object);
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
		f->fact[strs[i].fact] = latt_cmp_str(rd, sys, "system",
						     strs[i].key);
	latt_cmp_uint_field(rd, sys, "system", "cpus", CPUS_MAX, &cpus);
	put(rd, f->fact, LATT_CF_CPUS, "%llu", (unsigned long long)cpus);
	latt_cmp_bool_field(rd, sys, "system", "autogroup", &autogroup);
	put(rd, f->fact, LATT_CF_AUTOGROUP, "%s", autogroup < 0 ? "absent" :
	    autogroup ? "on" : "off");
	have = latt_cmp_uint_field(rd, sys, "system", "hz", 100000, &hz);
	if (have)
		put(rd, f->fact, LATT_CF_HZ, "%llu", (unsigned long long)hz);
	else
		put(rd, f->fact, LATT_CF_HZ, "unknown");
	have = latt_cmp_uint_field(rd, sys, "system", "pm_qos_us", 2000000000,
				   &qos);
	if (have && qos == 2000000000)
		put(rd, f->fact, LATT_CF_PMQOS, "no limit");
	else if (have)
		put(rd, f->fact, LATT_CF_PMQOS, "%llu us",
		    (unsigned long long)qos);
	else
		put(rd, f->fact, LATT_CF_PMQOS, "unknown");
}

jobj *latt_cmp_tool(jobj *doc, char *err, size_t len)
{
	jobj *tool, *v;

	if (!json_object_is_type(doc, json_type_object) ||
	    !json_object_object_get_ex(doc, "tool", &tool) ||
	    !json_object_is_type(tool, json_type_object) ||
	    !json_object_object_get_ex(tool, "name", &v) ||
	    !json_object_is_type(v, json_type_string) ||
	    strcmp(json_object_get_string(v), "latt")) {
		snprintf(err, len, "not a latt document (no tool.name "
			 "\"latt\")");
		return NULL;
	}
	return tool;
}

/* See compare/compare-read.h. */
void latt_cmp_finite(struct latt_cmp_reader *rd, jobj *o, char *at,
		     size_t len)
{
	size_t n = strlen(at), i;

	if (rd->failed)
		return;
	if (json_object_is_type(o, json_type_double) &&
	    !isfinite(json_object_get_double(o))) {
		latt_cmp_fail(rd, "%s is not a finite number (strict JSON has "
			      "no NaN or Infinity)", n ? at : "the document");
		return;
	}
	if (json_object_is_type(o, json_type_array)) {
		for (i = 0; i < json_object_array_length(o) && !rd->failed;
		     i++) {
			snprintf(at + n, len - n, "[%zu]", i);
			latt_cmp_finite(rd, json_object_array_get_idx(o, i), at,
				   len);
		}
	} else if (json_object_is_type(o, json_type_object)) {
		json_object_object_foreach(o, key, v) {
			snprintf(at + n, len - n, "%s%s", n ? "." : "",
				 latt_esc(key));
			latt_cmp_finite(rd, v, at, len);
			if (rd->failed)
				break;
		}
	}
	at[n] = '\0';
}

int latt_cmp_read(struct latt_cmp_file *f, const char *path,
		  struct latt_metric_list *ml, struct latt_cmp_budget *b,
		  char *err, size_t len)
{
	return latt_cmp_read_stream(f, path, NULL, ml, b, err, len);
}

int latt_cmp_read_stream(struct latt_cmp_file *f, const char *path,
			 FILE *fp, struct latt_metric_list *ml,
			 struct latt_cmp_budget *b, char *err, size_t len)
{
	struct latt_cmp_reader rd = { .err = err, .len = len };
	struct latt_hist *scratch = NULL;
	jobj *doc, *tool, *cfgs, *label;
	char where[64], at[512] = "";
	uint64_t schema;
	size_t i, k, n;

	memset(f, 0, sizeof(*f));
	f->path = path;
	doc = latt_cmp_parse_stream(path, fp, b, f->sha256, err, len);
	if (!doc)
		return -1;
	tool = latt_cmp_tool(doc, err, len);
	if (!tool || json_object_object_get_ex(doc, "profile_version",
					       NULL)) {
		if (tool)
			snprintf(err, len, "a noise profile (latt calibrate), "
				 "not a result: give it to --profile");
		json_object_put(doc);
		return -1;
	}
	latt_cmp_finite(&rd, doc, at, sizeof(at));
	if (latt_cmp_uint_field(&rd, doc, "", "schema_version", INT32_MAX,
				&schema) && schema != LATT_JSON_SCHEMA)
		latt_cmp_fail(&rd, "schema version %llu, this latt reads %d",
			  (unsigned long long)schema, LATT_JSON_SCHEMA);
	f->fact[LATT_CF_VERSION] = latt_cmp_str(&rd, tool, "tool", "version");
	if (!rd.failed && !json_object_object_get_ex(doc, "label", &label))
		latt_cmp_fail(&rd, "label is missing");
	if (!rd.failed && label && !json_object_is_type(label,
							json_type_string))
		latt_cmp_fail(&rd, "label is not a string");
	if (!rd.failed && label &&
	    json_object_get_string_len(label) > LATT_CMP_STRING_MAX)
		latt_cmp_fail(&rd, "label is longer than latt writes (%d "
			      "bytes)", LATT_CMP_STRING_MAX);
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
			latt_cmp_fail(&rd, "out of memory");
	}
	cfgs = latt_cmp_field(&rd, doc, "", "configurations", json_type_array);
	if (!rd.failed && !(scratch = malloc(2 * sizeof(*scratch))))
		latt_cmp_fail(&rd, "out of memory");
	if (!rd.failed) {
		n = json_object_array_length(cfgs);
		if (!n)
			latt_cmp_fail(&rd, "no configuration in it");
		else if (n > CONFIGS_MAX)
			latt_cmp_fail(&rd, "%zu configurations, more than latt "
				      "makes (%d)", n, CONFIGS_MAX);
		else if (!(f->cfgs = calloc(n, sizeof(*f->cfgs))))
			latt_cmp_fail(&rd, "out of memory");
		for (i = 0; i < n && !rd.failed; i++) {
			snprintf(where, sizeof(where), "configurations[%zu]",
				 i);
			f->ncfgs++;
			read_cfg(&rd, json_object_array_get_idx(cfgs, i),
				 where, ml, scratch, &f->cfgs[i]);
			for (k = 0; k < i && !rd.failed; k++)
				if (!strcmp(f->cfgs[k].name, f->cfgs[i].name))
					latt_cmp_fail(&rd, "%s.name '%s' is "
						      "that of "
						      "configurations[%zu]: "
						      "latt names each once",
						      where, f->cfgs[i].name,
						      k);
		}
	}
	/* The parameters, where all its configurations share them. */
	for (k = LATT_CF_CLIENTS; !rd.failed && k < LATT_CF_COUNT; k++) {
		for (i = 1; i < f->ncfgs; i++)
			if (strcmp(f->cfgs[i].param[k], f->cfgs[0].param[k]))
				break;
		put(&rd, f->fact, (enum latt_cmp_fact)k, "%s", i < f->ncfgs ?
		    "per configuration" : f->cfgs[0].param[k]);
	}
	free(scratch);
	json_object_put(doc);
	return rd.failed ? -1 : 0;
}

void latt_cmp_file_free(struct latt_cmp_file *f)
{
	size_t i, j, k;

	for (i = 0; i < f->ncfgs; i++) {
		for (j = 0; j < f->cfgs[i].nruns; j++) {
			struct latt_cmp_run *r = &f->cfgs[i].runs[j];

			free(r->hist.buckets);
			free(r->cmdwait.buckets);
			free(r->clock);
			free(r->sched_ext);
			for (k = 0; k < r->nclients; k++)
				free(r->clients[k].buckets);
			free(r->clients);
			for (k = 0; k < r->nblocks; k++)
				free(r->blocks[k].buckets);
			free(r->blocks);
		}
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
