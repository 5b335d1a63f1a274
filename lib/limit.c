// SPDX-License-Identifier: GPL-2.0-only
/*
 * --fail-above limits; see include/latt/limit.h.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "latt/escape.h"
#include "latt/limit.h"
#include "latt/parse.h"
#include "latt/util.h"

int latt_limit_parse(const char *s, struct latt_limit *l, size_t max,
		     size_t *n, char *err, size_t len)
{
	char *copy, *item, *save = NULL, *eq;
	uint64_t ns;
	size_t i;
	int ret = 0;

	*n = 0;
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
		if (!strcasecmp(item, "p100")) {
			ret = latt_err(-EINVAL, err, len, "p100 is the "
				       "largest sample: use max");
			break;
		}
		if (latt_metric_parse(item, &cur->metric) ||
		    cur->metric.unit != LATT_MU_NS) {
			ret = latt_err(-EINVAL, err, len, "unknown metric "
				       "'%s' (expected max, avg, stdev or a "
				       "percentile such as p99 or p99.9)",
				       item);
			break;
		}
		if (latt_parse_duration(eq + 1, LATT_NSEC_PER_USEC, &ns) ||
		    strlen(eq + 1) >= sizeof(cur->text)) {
			ret = latt_err(-EINVAL, err, len, "invalid value '%s' "
				       "for %s: expected a time such as 500us "
				       "or 2ms (a plain number is in "
				       "microseconds)", eq + 1, item);
			break;
		}
		cur->limit = (double)ns;
		snprintf(cur->text, sizeof(cur->text), "%s", eq + 1);
		for (i = 0; i < *n; i++)
			if (!strcmp(l[i].metric.name, cur->metric.name)) {
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
			bool higher = m->better == LATT_BETTER_HIGHER;
			char few[96] = "";

			if (isnan(v->v) || (higher ? v->v >= l[j].limit :
					    v->v <= l[j].limit))
				continue;
			if (v->few)
				latt_metric_few(m, few, sizeof(few));
			fprintf(err, "latt: configuration '%s': %s %.*f %s%s%s "
				"is %s the limit of %g %s (%s)\n",
				latt_esc(cfgs[i].name),
				m->name, latt_metric_prec(m),
				latt_metric_print_value(m, v->v),
				latt_metric_unit_name(m), *few ? " " : "", few,
				higher ? "under" : "over",
				latt_metric_print_value(m, l[j].limit),
				latt_metric_unit_name(m), latt_esc(l[j].text));
			over++;
		}
	}
	return over;
}
