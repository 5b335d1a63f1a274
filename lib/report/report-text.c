// SPDX-License-Identifier: GPL-2.0-only
/*
 * The blocks both forms of the text report print on request: the
 * clients, the histogram; see lib/report/report-text.h.
 */
#include <sched.h>
#include <stdint.h>
#include <stdio.h>

#include "report/report-text.h"
#include "base/parse.h"
#include "measure/hist.h"
#include "measure/stats.h"
#include "run/result.h"

void latt_report_clients(FILE *f, const struct latt_result *r)
{
	char label[32], cpus[256];
	unsigned int i;

	block(f, "Clients");
	if (!r->measured.clients) {
		line(f, "Clients", "not kept (out of memory)");
		return;
	}
	for (i = 0; i < r->measured.nclients; i++) {
		const struct latt_client_sum *c = &r->measured.clients[i];
		bool few = latt_percentile_few(&c->wake, 99);

		snprintf(label, sizeof(label), "Client %u", i + 1);
		if (!c->wake.count) {
			line(f, label, "%s %d: no samples", r->cfg.threads ?
			     "tid" : "pid", c->pid);
			continue;
		}
		latt_format_cpulist(&c->woke_on, CPU_SETSIZE, cpus,
				    sizeof(cpus));
		line(f, label, "%s %d: %llu samples, max %.1f, p99 %.1f usec%s; "
		     "woken on CPU%s %s, %llu migration%s",
		     r->cfg.threads ? "tid" : "pid", c->pid,
		     (unsigned long long)c->wake.count, usec(c->wake.max),
		     usec(c->p99),
		     few ? " (the max: too few samples)" : "",
		     CPU_COUNT(&c->woke_on) == 1 ? "" : "s",
		     cpus, (unsigned long long)c->migrations,
		     c->migrations == 1 ? "" : "s");
	}
}

void latt_report_hist(FILE *f, const struct latt_result *r)
{
	uint64_t counts[64] = { 0 }, top = 0;
	const struct latt_hist *h = &r->measured.wake.hist;
	unsigned int i, k, lo = 64, hi = 0;
	char range[48];

	block(f, "Wakeup histogram");
	if (!r->measured.wake.stats.count) {
		line(f, "usecs", "no samples");
		return;
	}
	/* Each bucket, by its midpoint, into [2^k, 2^(k+1)) usec. */
	for (i = 0; i < LATT_HIST_BUCKETS; i++) {
		uint64_t us;

		if (!h->buckets[i])
			continue;
		us = (latt_hist_bucket_low(i) +
		      latt_hist_bucket_width(i) / 2) / 1000;
		k = us ? 64 - (unsigned int)__builtin_clzll(us) : 0;
		counts[k] += h->buckets[i];
		lo = k < lo ? k : lo;
		hi = k > hi ? k : hi;
	}
	for (k = lo; k <= hi; k++)
		top = counts[k] > top ? counts[k] : top;
	fprintf(f, "%22s : %-10s %s\n", "usecs", "count", "distribution");
	for (k = lo; k <= hi; k++) {
		unsigned int bar = (unsigned int)((counts[k] * 40 + top - 1) /
						  top);
		uint64_t a = k ? 1ULL << (k - 1) : 0, b = (1ULL << k) - 1;

		snprintf(range, sizeof(range), "%llu -> %llu",
			 (unsigned long long)a, (unsigned long long)b);
		fprintf(f, "%22s : %-10llu |%-40.*s|\n", range,
			(unsigned long long)counts[k], (int)bar,
			"****************************************");
	}
}
