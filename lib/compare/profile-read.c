// SPDX-License-Identifier: GPL-2.0-only
/* A noise profile read back; see compare/profile-read.h. */
#include <json-c/json.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compare/profile-read.h"
#include "base/escape.h"
#include "base/util.h"
#include "compare/compare-check.h"
#include "compare/compare-read.h"
#include "compare/compare.h"
#include "judge/aggregate.h"
#include "judge/profile.h"
#include "report/profile-write.h"

/* A profile of more invocations than this is not latt's. */
#define INVOCATIONS_MAX	1000

/* Member @key of @o, of json-c's type @t; NULL with a failure. */
static jobj *member(struct latt_cmp_reader *rd, jobj *o, const char *at,
		    const char *key, enum json_type t)
{
	jobj *v;

	if (rd->failed)
		return NULL;
	if (!json_object_object_get_ex(o, key, &v) || !v) {
		latt_cmp_fail(rd, "%s%s%s is missing", at, *at ? "." : "",
			      key);
		return NULL;
	}
	/* An integer is a number too. */
	if (!json_object_is_type(v, t) &&
	    !(t == json_type_double && json_object_is_type(v, json_type_int))) {
		latt_cmp_fail(rd, "%s%s%s is not %s", at, *at ? "." : "", key,
			      t == json_type_string ? "a string" :
			      t == json_type_object ? "an object" :
			      t == json_type_array ? "an array" :
			      t == json_type_int ? "an integer" : "a number");
		return NULL;
	}
	return v;
}

/* A string of @v, escaped, at most LATT_CMP_STRING_MAX bytes. */
static char *text(struct latt_cmp_reader *rd, jobj *v, const char *at)
{
	char *s;

	if (rd->failed)
		return NULL;
	if (json_object_get_string_len(v) > LATT_CMP_STRING_MAX) {
		latt_cmp_fail(rd, "%s is longer than latt writes (%d bytes)",
			      at, LATT_CMP_STRING_MAX);
		return NULL;
	}
	s = latt_escape_dup(json_object_get_string(v),
			    (size_t)json_object_get_string_len(v));
	if (!s)
		latt_cmp_fail(rd, "out of memory");
	return s;
}

/* Number @key of @o (at @at) at least @lo, into *@out. */
static void number(struct latt_cmp_reader *rd, jobj *o, const char *at,
		   const char *key, double lo, double *out)
{
	jobj *v = member(rd, o, at, key, json_type_double);
	double d;

	if (!v)
		return;
	d = json_object_get_double(v);
	if (!isfinite(d))
		latt_cmp_fail(rd, "%s.%s is not a finite number", at, key);
	else if (d < lo || (lo > 0 && d <= 0))
		latt_cmp_fail(rd, "%s.%s is %g: it is %s", at, key, d,
			      lo > 0 ? "degrees of freedom, above 0" :
			      "a variance, not below 0");
	else
		*out = d;
}

/* Metric @o (at @at) into @n. */
static void noise(struct latt_cmp_reader *rd, jobj *o, const char *at,
		  struct latt_noise *n)
{
	if (!rd->failed && !json_object_is_type(o, json_type_object)) {
		latt_cmp_fail(rd, "%s is not an object", at);
		return;
	}
	number(rd, o, at, "run_var", 0, &n->run);
	number(rd, o, at, "run_df", 1e-9, &n->run_df);
	number(rd, o, at, "inv_var", 0, &n->inv);
	number(rd, o, at, "inv_df", 1e-9, &n->inv_df);
	number(rd, o, at, "within", 0, &n->within);
	number(rd, o, at, "noise", 0, &n->noise);
	number(rd, o, at, "between", 0, &n->between);
	number(rd, o, at, "between_df", 1e-9, &n->between_df);
	/* Not a variance nor degrees of freedom: said below. */
	number(rd, o, at, "runs_h", -HUGE_VAL, &n->runs_h);
	if (!rd->failed && n->runs_h < 1)
		latt_cmp_fail(rd, "%s.runs_h is %g: an invocation has a run "
			      "at least", at, n->runs_h);
	n->known = !rd->failed;
}

/*
 * The covariances @arr into @pr's, for the metrics of @ml it knows; a
 * metric's own are its within and between.
 */
static void covariances(struct latt_cmp_reader *rd, jobj *arr,
			const struct latt_metric_list *ml,
			struct latt_cmp_profile *pr)
{
	struct latt_profile *p = &pr->p;
	size_t i, n = json_object_array_length(arr), a, b;
	double w, btw;
	char at[64];
	jobj *o, *v;

	for (a = 0; a < ml->n; a++) {
		p->within_cov[a][a] = p->m[a].within;
		p->between_cov[a][a] = p->m[a].between;
	}
	for (i = 0; i < n && !rd->failed; i++) {
		o = json_object_array_get_idx(arr, i);
		snprintf(at, sizeof(at), "covariances[%zu]", i);
		if (!o || !json_object_is_type(o, json_type_object)) {
			latt_cmp_fail(rd, "%s is not an object", at);
			return;
		}
		v = member(rd, o, at, "a", json_type_string);
		a = v ? latt_metrics_find(ml, json_object_get_string(v)) : ml->n;
		v = member(rd, o, at, "b", json_type_string);
		b = v ? latt_metrics_find(ml, json_object_get_string(v)) : ml->n;
		w = btw = NAN;
		number(rd, o, at, "within", -INFINITY, &w);
		number(rd, o, at, "between", -INFINITY, &btw);
		if (rd->failed || a == ml->n || b == ml->n ||
		    !p->m[a].known || !p->m[b].known)
			continue;
		p->within_cov[a][b] = p->within_cov[b][a] = w;
		p->between_cov[a][b] = p->between_cov[b][a] = btw;
	}
}

/* The facts @o into @pr, by their keys. */
static void facts(struct latt_cmp_reader *rd, jobj *o,
		  struct latt_cmp_profile *pr)
{
	char at[64];
	size_t f;
	jobj *v;

	for (f = 0; f < LATT_CF_COUNT && !rd->failed; f++) {
		if (!json_object_object_get_ex(o, latt_cmp_fact_key(f), &v))
			continue;
		snprintf(at, sizeof(at), "facts.%s", latt_cmp_fact_key(f));
		if (!v || !json_object_is_type(v, json_type_string))
			latt_cmp_fail(rd, "%s is not a string", at);
		else
			pr->fact[f] = text(rd, v, at);
	}
}

/* The date, as latt writes it: into @pr's date and when. */
static void date(struct latt_cmp_reader *rd, jobj *doc,
		 struct latt_cmp_profile *pr)
{
	jobj *v = member(rd, doc, "", "date", json_type_string);
	const char *s, *end;
	struct tm tm;

	if (!v)
		return;
	s = json_object_get_string(v);
	memset(&tm, 0, sizeof(tm));
	end = strptime(s, "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (!end || *end || json_object_get_string_len(v) != 20) {
		latt_cmp_fail(rd, "date is not a date as latt writes it "
			      "(2026-12-06T16:30:00Z)");
		return;
	}
	pr->when = timegm(&tm);
	pr->date = text(rd, v, "date");
}

int latt_cmp_profile_read(struct latt_cmp_profile *pr, const char *path,
			  const struct latt_metric_list *ml,
			  struct latt_cmp_budget *b, char *err, size_t len)
{
	struct latt_cmp_reader rd = { .err = err, .len = len };
	jobj *doc, *v, *runs, *metrics;
	struct latt_noise scratch;
	char at[512] = "";
	uint64_t version, k = 0, n;
	size_t i, m;

	memset(pr, 0, sizeof(*pr));
	pr->path = path;
	doc = latt_cmp_parse_stream(path, NULL, b, pr->sha256, err, len);
	if (!doc)
		return -1;
	if (!latt_cmp_tool(doc, err, len)) {
		json_object_put(doc);
		return -1;
	}
	if (!json_object_object_get_ex(doc, "profile_version", &v)) {
		snprintf(err, len, "%s", json_object_object_get_ex(
				 doc, "configurations", NULL) ?
			 "a result of latt --json, not a noise profile "
			 "(latt calibrate makes one)" :
			 "not a noise profile (no profile_version)");
		json_object_put(doc);
		return -1;
	}
	latt_cmp_finite(&rd, doc, at, sizeof(at));
	v = member(&rd, doc, "", "profile_version", json_type_int);
	if (v && latt_cmp_uint(&rd, v, "profile_version", INT32_MAX,
			       &version) && version != LATT_PROFILE_VERSION)
		latt_cmp_fail(&rd, "profile version %llu, this latt reads %d",
			      (unsigned long long)version,
			      LATT_PROFILE_VERSION);
	date(&rd, doc, pr);
	v = member(&rd, doc, "", "configuration", json_type_string);
	if (v)
		pr->config = text(&rd, v, "configuration");
	v = member(&rd, doc, "", "facts", json_type_object);
	if (v)
		facts(&rd, v, pr);
	runs = member(&rd, doc, "", "runs", json_type_array);
	if (runs) {
		k = json_object_array_length(runs);
		if (k < 2 || k > INVOCATIONS_MAX)
			latt_cmp_fail(&rd, "runs has %llu invocation%s: a "
				      "profile has 2 to %d",
				      (unsigned long long)k, k == 1 ? "" : "s",
				      INVOCATIONS_MAX);
	}
	for (i = 0; i < k && !rd.failed; i++) {
		v = json_object_array_get_idx(runs, i);
		snprintf(at, sizeof(at), "runs[%zu]", i);
		if (!v || !json_object_is_type(v, json_type_int))
			latt_cmp_fail(&rd, "%s is not an integer", at);
		else if (latt_cmp_uint(&rd, v, at, RUNS_MAX, &n) && !n)
			latt_cmp_fail(&rd, "%s is 0: an invocation has a run "
				      "at least", at);
		else
			pr->p.runs += n;
	}
	pr->p.invocations = k;
	metrics = member(&rd, doc, "", "metrics", json_type_object);
	if (metrics && !rd.failed) {
		json_object_object_foreach(metrics, key, mv) {
			snprintf(at, sizeof(at), "metrics.%s", latt_esc(key));
			m = latt_metrics_find(ml, key);
			/* Every metric checked, those of @ml kept. */
			memset(&scratch, 0, sizeof(scratch));
			noise(&rd, mv, at, m < ml->n ? &pr->p.m[m] : &scratch);
			if (rd.failed)
				break;
			pr->nmetrics++;
		}
		if (!rd.failed && !pr->nmetrics)
			latt_cmp_fail(&rd, "metrics is empty: no metric's "
				      "noise in it");
	}
	v = member(&rd, doc, "", "covariances", json_type_array);
	if (v)
		covariances(&rd, v, ml, pr);
	json_object_put(doc);
	return rd.failed ? -1 : 0;
}

int latt_cmp_profile_check(const struct latt_cmp_profile *pr,
			   const struct latt_cmp_file *files, size_t n,
			   char *err, size_t len, char *note, size_t nlen)
{
	static const enum latt_cmp_fact setup[] = {
		LATT_CF_CLIENTS, LATT_CF_WAIT, LATT_CF_WORK, LATT_CF_DURATION,
		LATT_CF_CLOCK, LATT_CF_MECHANISM, LATT_CF_COMMAND,
		LATT_CF_FOLLOWED, LATT_CF_CPU_MODEL, LATT_CF_CPUS,
		LATT_CF_CLOCKSOURCE, LATT_CF_HOST,
	};
	size_t i, j;

	note[0] = '\0';
	for (i = 0; i < n; i++)
		for (j = 0; j < sizeof(setup) / sizeof(setup[0]); j++) {
			enum latt_cmp_fact f = setup[j];
			const char *a = pr->fact[f], *b = files[i].fact[f];

			/* A run yet to be made knows no own waits yet. */
			if (!b || (a && !strcmp(a, b)))
				continue;
			snprintf(err, len, "a profile of another %s: %s %s "
				 "in it, %s in %s (make one of this setup "
				 "with latt calibrate)", f >= LATT_CF_CLIENTS ?
				 "setup" : "machine", latt_cmp_fact_name(f),
				 a ? a : "not said", b,
				 latt_esc(files[i].path));
			return -1;
		}
	if (pr->fact[LATT_CF_VERSION] &&
	    strcmp(pr->fact[LATT_CF_VERSION], files[0].fact[LATT_CF_VERSION]))
		snprintf(note, nlen, "made by latt %s, the files by %s",
			 pr->fact[LATT_CF_VERSION],
			 files[0].fact[LATT_CF_VERSION]);
	return 0;
}

void latt_cmp_profile_free(struct latt_cmp_profile *pr)
{
	size_t f;

	for (f = 0; f < LATT_CF_COUNT; f++)
		free(pr->fact[f]);
	free(pr->config);
	free(pr->date);
	memset(pr, 0, sizeof(*pr));
}

/*
 * "@head a, b, c@tail" of the metrics of @ml that @which says, in 100
 * columns (@tail's first character after the last name, then its
 * words); nothing where it says none.
 */
static void names_line(FILE *out, const struct latt_metric_list *ml,
		       const bool *which, const char *head, const char *tail)
{
	struct latt_wrap w = { .f = out, .cols = 100, .indent = 2 };
	char item[64];
	size_t m, left = 0;

	for (m = 0; m < ml->n; m++)
		left += which[m];
	if (!left)
		return;
	latt_wrap_words(&w, head);
	for (m = 0; m < ml->n; m++)
		if (which[m]) {
			snprintf(item, sizeof(item), "%s%c", ml->m[m].name,
				 --left ? ',' : tail[0]);
			latt_wrap_word(&w, item);
		}
	latt_wrap_words(&w, tail + 1);
	fputc('\n', out);
}

/*
 * Where a side's invocation's part of profile @pr was scaled (@o's
 * scaled): by how much its runs spread more on the body, p50, where the
 * profile knows it (judge/verdict.c: every metric then); else metric by
 * metric, each as much as its own runs.
 */
static void scaled(FILE *out, const struct latt_metric_list *ml,
		   const struct latt_cmp_profile *pr,
		   const struct latt_cmp_outcome *o)
{
	size_t m;

	for (m = 0; m < ml->n && !o->scaled[m]; m++)
		;
	if (m == ml->n)
		return;
	if (latt_profile_body(&pr->p, ml) < ml->n) {
		fprintf(out, "An invocation's part of the profile scaled on "
			"every metric as much as p50's runs spread\nmore "
			"(as on a noisier day).\n");
		return;
	}
	names_line(out, ml, o->scaled, "An invocation's part of the profile "
		   "scaled as much as the runs spread on", ".");
}

/* See compare/profile-read.h. */
void latt_cmp_profile_line(FILE *out, const struct latt_metric_list *ml,
			   const struct latt_cmp_profile *pr, size_t n,
			   const char *note, const struct latt_cmp_outcome *o)
{
	struct latt_wrap w = { .f = out, .cols = 100, .indent = 2 };
	char inv[64] = "", line[512];
	const char *names[] = { "p50", "p99" };
	double days;
	size_t m, i, off;

	/* Groups alone: the note above the line says what judged them. */
	if (n < 2 || (!pr && !o->single))
		return;
	if (!pr) {
		fprintf(out, "Between files, verdicts take fixed floors: latt "
			"calibrate measures this machine's noise (--profile)."
			"\n");
		return;
	}
	for (i = 0; i < 2; i++)
		for (m = 0; m < ml->n; m++)
			if (!strcmp(ml->m[m].name, names[i]) &&
			    pr->p.m[m].known)
				snprintf(inv + strlen(inv),
					 sizeof(inv) - strlen(inv),
					 "%s %s +-%.0f%%", *inv ? "," : "",
					 names[i],
					 100 * expm1(sqrt(pr->p.m[m].inv)));
	days = difftime(time(NULL), pr->when) / 86400;
	/* The rest after the path: latt's words, @note's 128 bytes. */
	off = (size_t)snprintf(line, sizeof(line), "(%.10s, %zu invocations, "
			       "%zu runs in all; an invocation%s%s)", pr->date,
			       pr->p.invocations, pr->p.runs, *inv ? ":" :
			       " of no latency figure", inv);
	if (days >= 1)
		off += (size_t)snprintf(line + off, sizeof(line) - off,
					", made %.0f day%s ago", floor(days),
					floor(days) == 1 ? "" : "s");
	/* As latt calibrate says it: too few to trust where they agreed. */
	if (pr->p.invocations < 5 || pr->p.runs < 3 * pr->p.invocations)
		off += (size_t)snprintf(line + off, sizeof(line) - off,
					"; few to go by");
	snprintf(line + off, sizeof(line) - off, "%s%s.", *note ? "; " : "",
		 note);
	/* Under the table, in its 100 columns; the path whole, as it is. */
	latt_wrap_words(&w, o->single ? "Between files, verdicts take the "
			"noise profile" : "Between groups, their invocations' "
			"spread is pooled with the noise profile");
	latt_wrap_word(&w, latt_esc(pr->path));
	latt_wrap_words(&w, line);
	fputc('\n', out);
	/* Where the data did not agree with it: said, and by which. */
	names_line(out, ml, o->more, "Runs spread more than the profile's on",
		   ": judged by their own spread.");
	scaled(out, ml, pr, o);
}
