// SPDX-License-Identifier: GPL-2.0-only
/*
 * --fail-above and --fail-below limits; see judge/limit.h.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "judge/limit.h"
#include "base/escape.h"
#include "base/parse.h"
#include "base/util.h"
#include "judge/aggregate.h"
#include "measure/tmetric.h"

/*
 * The metric of @item and its limit @val into @cur: a latency, whose
 * limit is a time, or a target metric's name, a plain number.
 */
static int parse_one(const char *item, const char *val,
		     struct latt_limit *cur, char *err, size_t len)
{
	struct latt_tmetric tm;
	char spec[64];
	uint64_t ns;

	if (!strcasecmp(item, "p100"))
		return latt_err(-EINVAL, err, len, "p100 is the largest "
				"sample: use max");
	if (strlen(val) >= sizeof(cur->text))
		return latt_err(-EINVAL, err, len, "invalid value '%s' for "
				"%s: too long", val, item);
	snprintf(cur->text, sizeof(cur->text), "%s", val);
	if (!latt_metric_parse(item, &cur->metric)) {
		if (cur->metric.unit != LATT_MU_NS)
			return latt_err(-EINVAL, err, len, "%s takes no "
					"limit (expected max, avg, stdev, a "
					"percentile such as p99 or p99.9, the "
					"command's cmd_pNN, or the name of a "
					"--target-metric)",
					item);
		if (latt_parse_duration(val, LATT_NSEC_PER_USEC, &ns))
			return latt_err(-EINVAL, err, len, "invalid value "
					"'%s' for %s: expected a time such as "
					"500us or 2ms (a plain number is in "
					"microseconds)", val, item);
		cur->limit = (double)ns;
		return 0;
	}
	/* A target metric's name, as latt_tmetric_parse() takes it. */
	snprintf(spec, sizeof(spec), "%s+=(x)", item);
	if (strlen(item) > LATT_TMETRIC_NAME_MAX ||
	    latt_tmetric_parse(spec, &tm, err, len))
		return latt_err(-EINVAL, err, len, "unknown metric '%s' "
				"(expected max, avg, stdev, a percentile such "
				"as p99 or p99.9, the command's cmd_pNN, or "
				"the name of a --target-metric)", item);
	cur->metric.kind = LATT_MK_TARGET;
	snprintf(cur->metric.name, sizeof(cur->metric.name), "%s", tm.name);
	if (!latt_tmetric_number(val, strlen(val), &cur->limit))
		return latt_err(-EINVAL, err, len, "invalid value '%s' for "
				"%s: expected a number, in the figure's own "
				"unit (%s is not max, avg, stdev or a "
				"percentile: a --target-metric's name)", val,
				item, item);
	return 0;
}

int latt_limit_parse(const char *s, bool below, struct latt_limit *l,
		     size_t max, size_t *n, char *err, size_t len)
{
	char *copy, *item, *save = NULL, *eq;
	size_t i, first = *n;
	int ret = 0;

	copy = strdup(s);
	if (!copy)
		return latt_err(-ENOMEM, err, len, "out of memory");
	for (item = strtok_r(copy, ",", &save); item && !ret;
	     item = strtok_r(NULL, ",", &save)) {
		struct latt_limit *cur = &l[*n];

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
		cur->below = below;
		ret = parse_one(item, eq + 1, cur, err, len);
		if (ret)
			break;
		/* Above and below one metric is a band; twice either, not. */
		for (i = 0; i < *n; i++)
			if (!strcmp(l[i].metric.name, cur->metric.name) &&
			    l[i].below == below) {
				ret = latt_err(-EINVAL, err, len, "%s is given "
					       "twice", item);
				break;
			}
		if (!ret)
			(*n)++;
	}
	if (!ret && *n == first)
		ret = latt_err(-EINVAL, err, len, "expected METRIC=VALUE");
	free(copy);
	return ret;
}

int latt_limit_resolve(struct latt_limit *l, size_t n,
		       const struct latt_metric_list *ml, char *err,
		       size_t len)
{
	size_t i, m;

	for (i = 0; i < n; i++) {
		if (l[i].metric.kind != LATT_MK_TARGET)
			continue;
		for (m = 0; m < ml->n; m++)
			if (ml->m[m].kind == LATT_MK_TARGET &&
			    !strcmp(ml->m[m].name, l[i].metric.name))
				break;
		if (m == ml->n)
			return latt_err(-EINVAL, err, len, "--fail-%s: no "
					"--target-metric is named '%s' (and "
					"it is no metric of latt's: max, avg, "
					"stdev, pNN, cmd_pNN)",
					l[i].below ? "below" : "above",
					l[i].metric.name);
		l[i].metric = ml->m[m];
		l[i].index = m;
	}
	return 0;
}

unsigned int latt_limit_check(FILE *err, const struct latt_metric_list *ml,
			      const struct latt_agg_cfg *cfgs, size_t n,
			      const struct latt_limit *l, size_t nl)
{
	unsigned int over = 0;
	size_t i, j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < nl; j++) {
			const struct latt_metric *m = &ml->m[l[j].index];
			const struct latt_value *v = &cfgs[i].val[l[j].index];
			const char *u = latt_metric_unit_name(m);
			bool below = l[j].below;
			char few[96] = "";

			if (isnan(v->v) || (below ? v->v >= l[j].limit :
					    v->v <= l[j].limit))
				continue;
			if (v->few)
				latt_metric_few(m, few, sizeof(few));
			else if (v->partial)
				snprintf(few, sizeof(few), "(partial: latt "
					 "stopped the command before it ended)");
			fprintf(err, "latt: configuration '%s': %s %.*f%s%s%s%s "
				"is %s the limit of %g%s%s (%s)\n",
				latt_esc(cfgs[i].name),
				m->name, latt_metric_prec(m),
				latt_metric_print_value(m, v->v), *u ? " " : "",
				u, *few ? " " : "", few,
				below ? "under" : "over",
				latt_metric_print_value(m, l[j].limit),
				*u ? " " : "", u, latt_esc(l[j].text));
			over++;
		}
	}
	return over;
}
