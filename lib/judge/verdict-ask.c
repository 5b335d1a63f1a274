// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the verdicts are asked: --level's confidence, and --fail-if's
 * metrics and the worse verdicts among them; see judge/verdict-ask.h.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "judge/verdict-ask.h"
#include "judge/aggregate.h"
#include "judge/verdict.h"

/*
 * "99", "99.9%": a percentage above @lo and below @hi, into @out as a
 * share (0.99); else -EINVAL, the example @eg in @err.
 */
static int pct_parse(const char *arg, double lo, double hi, const char *eg,
		     double *out, char *err, size_t len)
{
	char *end;
	double v;

	/* strtod() would also take blanks before, hexadecimal, exponents. */
	errno = 0;
	v = isdigit((unsigned char)*arg) && !strpbrk(arg, "xXeEpP") ?
	    strtod(arg, &end) : NAN;
	if (!isnan(v) && *end == '%')
		end++;
	if (isnan(v) || *end || errno || !(v > lo && v < hi)) {
		snprintf(err, len, "expected a percentage above %g and below "
			 "%g, such as %s", lo, hi, eg);
		return -EINVAL;
	}
	*out = v / 100;
	return 0;
}

int latt_verdict_level_parse(const char *arg, double *level, char *err,
			     size_t len)
{
	int ret = pct_parse(arg, 50, 100, "99", level, err, len);

	/* Beyond, a level the reports' six digits would show as 100%. */
	if (ret || *level > 0.999999) {
		snprintf(err, len, "expected a percentage above 50 and at most "
			 "99.9999, such as 99");
		return -EINVAL;
	}
	return ret;
}

int latt_same_within_parse(const char *arg, double *within, char *err,
			   size_t len)
{
	return pct_parse(arg, 0, 100, "5", within, err, len);
}

int latt_plan_pct_parse(const char *arg, double *pct, char *err, size_t len)
{
	return pct_parse(arg, 0, 10000, "10", pct, err, len);
}

int latt_metric_names_parse(const char *list, char (*names)[16], size_t *n,
			    char *err, size_t len)
{
	char buf[512], *tok, *save;
	size_t i;

	if (strlen(list) >= sizeof(buf)) {
		snprintf(err, len, "longer than %zu bytes", sizeof(buf) - 1);
		return -EINVAL;
	}
	snprintf(buf, sizeof(buf), "%s", list);
	if (buf[0] == ',' || buf[strlen(buf) - 1] == ',' || strstr(buf, ",,")) {
		snprintf(err, len, "an empty metric name between commas");
		return -EINVAL;
	}
	for (tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (*n == LATT_METRICS_MAX) {
			snprintf(err, len, "more than %d metrics",
				 LATT_METRICS_MAX);
			return -EINVAL;
		}
		if (strlen(tok) >= sizeof(names[0])) {
			snprintf(err, len, "no metric is called that");
			return -EINVAL;
		}
		for (i = 0; i < *n; i++)
			if (!strcasecmp(names[i], tok)) {
				snprintf(err, len, "%.16s given twice", tok);
				return -EINVAL;
			}
		snprintf(names[(*n)++], sizeof(names[0]), "%s", tok);
	}
	return 0;
}

int latt_fail_if_parse(const char *arg, struct latt_fail_if *f, char *err,
		       size_t len)
{
	if (!strcmp(arg, "incomparable")) {
		f->incomparable = true;
		return 0;
	}
	if (!strcmp(arg, "worse")) {
		f->worse = true;
		return 0;
	}
	if (!strcmp(arg, "not-same")) {
		f->not_same = true;
		return 0;
	}
	if (strlen(arg) < 512 && !strncmp(arg, "worse=", 6) && arg[6])
		return latt_metric_names_parse(arg + 6, f->names, &f->nnames,
					       err, len);
	if (strlen(arg) < 512 && !strncmp(arg, "not-same=", 9) && arg[9])
		return latt_metric_names_parse(arg + 9, f->same, &f->nsame,
					       err, len);
	snprintf(err, len, "expected worse, worse=METRIC[,METRIC...], "
		 "not-same, not-same=METRIC[,METRIC...] or incomparable");
	return -EINVAL;
}

const char *latt_metric_names_timed(const struct latt_metric_list *ml,
				    const char (*names)[16], size_t n)
{
	size_t i, m;

	for (i = 0; i < n; i++)
		for (m = 0; m < ml->n; m++)
			if ((ml->m[m].kind == LATT_MK_WALL ||
			     ml->m[m].kind == LATT_MK_CPU) &&
			    !strcasecmp(ml->m[m].name, names[i]))
				return names[i];
	return NULL;
}

/* The index in @ml of metric @name (as -q names it, any case), or -1. */
static long metric_index(const struct latt_metric_list *ml, const char *name)
{
	struct latt_metric m;
	size_t i = latt_metrics_find(ml, name);

	if (i == ml->n && !latt_metric_parse(name, &m))
		i = latt_metrics_find(ml, m.name);
	return i < ml->n ? (long)i : -1;
}

/* The metrics of @ml asked of: all (@all), or those of @names. */
static int mask(bool all, const char (*names)[16], size_t n,
		const struct latt_metric_list *ml, bool *ask, char *err,
		size_t len)
{
	size_t i, m;
	long k;

	for (m = 0; m < ml->n; m++)
		ask[m] = all;
	for (i = 0; i < n; i++) {
		k = metric_index(ml, names[i]);
		if (k < 0) {
			snprintf(err, len, "%s", names[i]);
			return -ENOENT;
		}
		if (ml->m[k].better == LATT_BETTER_NONE) {
			snprintf(err, len, "%s", names[i]);
			return -EDOM;
		}
		ask[k] = true;
	}
	return 0;
}

int latt_fail_if_mask(const struct latt_fail_if *f,
		      const struct latt_metric_list *ml, bool *ask, char *err,
		      size_t len)
{
	return mask(f->worse, (const char (*)[16])f->names, f->nnames, ml,
		    ask, err, len);
}

int latt_fail_if_mask_same(const struct latt_fail_if *f,
			   const struct latt_metric_list *ml, bool *ask,
			   char *err, size_t len)
{
	return mask(f->not_same, (const char (*)[16])f->same, f->nsame, ml,
		    ask, err, len);
}

/*
 * The verdicts of @v[1..n) that fail @f: worse (@same false) or not the
 * same (@same), each said on @say.  1 when one does; -ENOENT.
 */
static int fails(const struct latt_fail_if *f,
		 const struct latt_metric_list *ml, const char *const *names,
		 const struct latt_verdict (*v)[LATT_METRICS_MAX], size_t n,
		 const struct latt_fail_say *say, char *err, size_t len,
		 bool same)
{
	bool named[LATT_METRICS_MAX], all = same ? f->not_same : f->worse;
	char text[256];
	size_t i, m;
	int failed = 0;

	/* The metrics named; without a name, every one (as below). */
	if (mask(false, (const char (*)[16])(same ? f->same : f->names),
		 same ? f->nsame : f->nnames, ml, named, err, len))
		return -ENOENT;
	for (i = 1; i < n; i++)
		for (m = 0; m < ml->n; m++) {
			/* A metric named that no verdict judged: said. */
			if (!same && named[m] && say &&
			    v[i][m].kind == LATT_V_NONE)
				fprintf(say->f, "%s: %s '%s': %s has no "
					"verdict, so --fail-if cannot find it "
					"worse: %s\n", say->prog, say->noun,
					names[i], ml->m[m].name,
					v[i][m].why);
			if (!(all || named[m]) || (same ? v[i][m].same :
					v[i][m].kind != LATT_V_WORSE))
				continue;
			/* Every metric: those there are, not counts. */
			if (same && !named[m] && v[i][m].absent)
				continue;
			failed = 1;
			if (!say)
				continue;
			fprintf(say->f, "%s: %s '%s': %s is ", say->prog,
				say->noun, names[i], ml->m[m].name);
			if (same)
				fprintf(say->f, "not the same as '%s' within "
					"+-%g%%", names[0],
					100 * v[i][m].within);
			else
				fprintf(say->f, "worse than '%s'", names[0]);
			fprintf(say->f, ": %s%s\n", v[i][m].kind ==
				LATT_V_NONE ? "no verdict, " : "",
				latt_verdict_text(&v[i][m], text,
						  sizeof(text)));
		}
	return failed;
}

int latt_fail_if_worse(const struct latt_fail_if *f,
		       const struct latt_metric_list *ml,
		       const char *const *names,
		       const struct latt_verdict (*v)[LATT_METRICS_MAX],
		       size_t n, const struct latt_fail_say *say, char *err,
		       size_t len)
{
	return fails(f, ml, names, v, n, say, err, len, false);
}

int latt_fail_if_not_same(const struct latt_fail_if *f,
			  const struct latt_metric_list *ml,
			  const char *const *names,
			  const struct latt_verdict (*v)[LATT_METRICS_MAX],
			  size_t n, const struct latt_fail_say *say,
			  char *err, size_t len)
{
	return fails(f, ml, names, v, n, say, err, len, true);
}
