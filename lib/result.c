// SPDX-License-Identifier: GPL-2.0-only
/*
 * Combining per-client measurements; see include/latt/result.h.
 */
#include "latt/result.h"

void latt_result_collect(struct latt_result *r,
			 const struct latt_client_slot *slots, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		const struct latt_client_slot *c = &slots[i];

		/* A client's samples lie between its min and max. */
		latt_stats_merge(&r->wake.stats, &c->wake);
		latt_hist_merge_range(&r->wake.hist, &c->wake_hist,
				      c->wake.min, c->wake.max);
		latt_stats_merge(&r->work.stats, &c->work);
		latt_hist_merge_range(&r->work.hist, &c->work_hist,
				      c->work.min, c->work.max);
	}
}

uint64_t latt_series_percentile(const struct latt_series *s, double p)
{
	uint64_t v;

	if (!s->stats.count)
		return 0;
	v = latt_hist_percentile(&s->hist, p);
	if (v < s->stats.min)
		v = s->stats.min;
	if (v > s->stats.max)
		v = s->stats.max;
	return v;
}

void latt_result_finish(struct latt_result *r)
{
	size_t i;

	for (i = 0; i < r->npcts; i++) {
		r->wake.pct[i] = latt_series_percentile(&r->wake, r->pcts[i]);
		r->work.pct[i] = latt_series_percentile(&r->work, r->pcts[i]);
	}
}

const char *latt_stop_name(enum latt_stop stop)
{
	switch (stop) {
	case LATT_STOP_NONE:
		return "running";
	case LATT_STOP_DURATION:
		return "complete (duration reached)";
	case LATT_STOP_TARGET:
		return "complete (command exited)";
	case LATT_STOP_SIGNAL:
		return "interrupted";
	case LATT_STOP_CLIENT:
		return "failed (a client died)";
	case LATT_STOP_OUTPUT:
		return "failed (output error)";
	case LATT_STOP_TTY:
		return "failed (command stopped at the terminal)";
	case LATT_STOP_ERROR:
		return "failed (system error)";
	}
	return "unknown";
}
