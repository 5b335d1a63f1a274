// SPDX-License-Identifier: GPL-2.0-only
/*
 * Combining per-client measurements, the blocks of samples in time, and
 * what is derived from them at the end; how a run ended is
 * result-stop.c's.  See run/result.h.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "run/result.h"
#include "base/util.h"
#include "measure/hist.h"
#include "measure/kwait.h"
#include "measure/stats.h"
#include "measure/sysinfo.h"
#include "run/client.h"

void latt_result_collect(struct latt_result *r,
			 const struct latt_client_slot *slots, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		const struct latt_client_slot *c = &slots[i];

		/* A client's samples lie between its min and max. */
		latt_stats_merge(&r->measured.wake.stats, &c->wake);
		latt_hist_merge_range(&r->measured.wake.hist, &c->wake_hist,
				      c->wake.min, c->wake.max);
		latt_stats_merge(&r->measured.work.stats, &c->work);
		latt_hist_merge_range(&r->measured.work.hist, &c->work_hist,
				      c->work.min, c->work.max);
		latt_kwait_merge(&r->measured.kwait, &c->kwait);
		r->measured.left_out += c->left_out;
	}
}

static void free_clients(struct latt_result *r)
{
	unsigned int i;

	for (i = 0; r->measured.clients && i < r->measured.nclients; i++)
		free(r->measured.clients[i].buckets);
	free(r->measured.clients);
	r->measured.clients = NULL;
	r->measured.nclients = 0;
}

int latt_result_collect_clients(struct latt_result *r,
				const struct latt_client *clients,
				unsigned int n)
{
	unsigned int i;

	free_clients(r);
	r->measured.clients = n ? calloc(n, sizeof(*r->measured.clients)) :
		NULL;
	if (n && !r->measured.clients)
		return -ENOMEM;
	r->measured.nclients = n;
	for (i = 0; i < n; i++) {
		const struct latt_client_slot *c = clients[i].slot;
		struct latt_client_sum *cs = &r->measured.clients[i];

		cs->pid = clients[i].pid;
		cs->wake = c->wake;
		cs->woke_on = c->woke_on;
		cs->migrations = c->migrations;
		if (!c->wake.count)
			continue;
		if (latt_hist_sparse(&c->wake_hist, c->wake.min, c->wake.max,
				     &cs->buckets, &cs->nbuckets))
			return -ENOMEM;
		cs->p99 = latt_percentile(&c->wake_hist, &c->wake, 99);
	}
	return 0;
}

int latt_blocks_init(struct latt_blocks *b)
{
	if (b->h)
		return 0;
	b->h = malloc(LATT_BLOCKS_MAX * sizeof(*b->h));
	if (!b->h)
		return -ENOMEM;
	/* Written, not left to calloc(): every page faulted in now. */
	explicit_bzero(b->h, LATT_BLOCKS_MAX * sizeof(*b->h));
	b->cycles = 1;
	return 0;
}

int latt_blocks_add(struct latt_blocks *b, uint64_t v)
{
	if (!b->h && latt_blocks_init(b))
		return -ENOMEM;
	if (!b->n)
		b->n = 1;
	latt_hist_add(&b->h[b->n - 1], v);
	return 0;
}

void latt_blocks_cycle(struct latt_blocks *b)
{
	unsigned int i;

	if (!b->h || !b->n || ++b->in_block < b->cycles)
		return;
	b->in_block = 0;
	if (b->n == LATT_BLOCKS_MAX) {
		for (i = 0; i < LATT_BLOCKS_MAX / 2; i++) {
			b->h[i] = b->h[2 * i];
			latt_hist_merge(&b->h[i], &b->h[2 * i + 1]);
		}
		for (; i < LATT_BLOCKS_MAX; i++)
			latt_hist_init(&b->h[i]);
		b->n = LATT_BLOCKS_MAX / 2;
		b->cycles *= 2;
	}
	b->n++;
}

int latt_blocks_finish(struct latt_blocks *b)
{
	unsigned int i;

	if (!b->h)
		return 0;
	for (i = 0; i < b->n; i++) {
		if (!b->h[i].count)
			continue;
		if (latt_hist_sparse(&b->h[i], 0, UINT64_MAX,
				     &b->b[b->nsparse], &b->nb[b->nsparse]))
			return -ENOMEM;
		b->nsparse++;
	}
	free(b->h);
	b->h = NULL;
	return 0;
}

void latt_blocks_free(struct latt_blocks *b)
{
	unsigned int i;

	free(b->h);
	for (i = 0; i < b->nsparse; i++)
		free(b->b[i]);
	memset(b, 0, sizeof(*b));
}

void latt_result_release(struct latt_result *r)
{
	free_clients(r);
	latt_blocks_free(&r->measured.blocks);
	free(r->trace.explained);
	r->trace.explained = NULL;
	r->trace.nexplained = 0;
}

static void finish_series(struct latt_series *s, const double *pcts,
			  size_t npcts)
{
	size_t i;

	for (i = 0; i < npcts; i++) {
		s->pct[i] = latt_percentile(&s->hist, &s->stats, pcts[i]);
		s->pct_needs[i] = latt_percentile_few(&s->stats, pcts[i]) ?
				  latt_percentile_needs(pcts[i]) : 0;
	}
	s->stdev = latt_stats_stdev(&s->stats);
	s->stdev_mean = latt_stats_stdev_mean(&s->stats);
}

/* latt's own load, and whether it dominates (LATT_LOAD_QUEUE_PCT). */
static void finish_load(const struct latt_result *r, struct latt_derived *d)
{
	double capacity;

	d->has_load = !r->measured.kview_error && r->measured.load_cpus &&
		r->measured.elapsed_ns &&
		      r->measured.cycles;
	if (!d->has_load)
		return;
	d->clients_cpu_ns = r->measured.kview.run_ns;
	capacity = (double)r->measured.elapsed_ns * r->measured.load_cpus;
	d->load = (double)(d->clients_cpu_ns + r->measured.waker_cpu_ns) /
		capacity;
	d->cycle_cpu_ns = (double)d->clients_cpu_ns /
		(double)r->measured.cycles;
	d->cycle_queue_ns = d->cycle_cpu_ns / r->measured.load_cpus;
	d->load_queues = r->cfg.clients > r->measured.load_cpus &&
			 r->measured.wake.stats.count &&
			 100 * d->cycle_queue_ns >=
			 LATT_LOAD_QUEUE_PCT * r->measured.wake.stats.mean;
	d->load_busy = 100 * d->load >= LATT_LOAD_BUSY_PCT;
}

double latt_result_steal_share(const struct latt_result *r)
{
	if (!r->sys.has_steal || !r->measured.elapsed_ns || !r->sys.steal_cpus)
		return NAN;
	return (double)r->sys.steal_total_ns /
	       ((double)r->measured.elapsed_ns * (double)r->sys.steal_cpus);
}

bool latt_result_steal_noted(const struct latt_result *r)
{
	double share = latt_result_steal_share(r);

	return share >= LATT_STEAL_NOTE_PCT / 100.0 &&
	       r->sys.steal_total_ns > LATT_STEAL_NOTE_TICKS *
				   latt_sysinfo_tick_ns();
}

bool latt_result_load_dominates(const struct latt_result *r)
{
	const struct latt_derived *d = &r->derived;

	return d->has_load && (d->load_queues || d->load_busy);
}

void latt_result_finish(struct latt_result *r)
{
	struct latt_derived *d = &r->derived;
	const struct latt_kwait *k = &r->measured.kwait;
	uint64_t entries;

	finish_series(&r->measured.wake, r->cfg.pcts, r->cfg.npcts);
	finish_series(&r->measured.work, r->cfg.pcts, r->cfg.npcts);
	d->ctxt_rate = r->sys.has_ctxt && r->measured.elapsed_ns ?
		       (double)r->sys.ctxt / ((double)r->measured.elapsed_ns /
					      1e9) : 0;
	d->target_cpu_s = latt_tv_secs(&r->cmd.rusage.ru_utime) +
			  latt_tv_secs(&r->cmd.rusage.ru_stime);
	if (!r->measured.kview_error && r->measured.kview_wakeups) {
		d->kview_wait_ns = (double)r->measured.kview.wait_ns /
				   (double)r->measured.kview_wakeups;
		d->kview_slices = (double)r->measured.kview.slices /
				  (double)r->measured.kview_wakeups;
		/*
		 * Put on a CPU more often than woken (beyond once per client
		 * at the run's edges), a client was preempted between its
		 * stamp and its next wait: the runqueue wait counts that
		 * time too, which may be longer than the wakeups' own and is
		 * not in latt's samples, so the two no longer compare.
		 */
		d->kview_comparable = r->measured.kview.slices <=
				      r->measured.kview_wakeups +
				      r->cfg.clients;
	}
	finish_load(r, d);
	d->kwait_p50 = latt_percentile(&k->wait_hist, &k->wait, 50);
	d->kwait_p99 = latt_percentile(&k->wait_hist, &k->wait, 99);
	d->kgap_p50 = latt_percentile(&k->gap_hist, &k->gap, 50);
	d->kgap_p99 = latt_percentile(&k->gap_hist, &k->gap, 99);
	d->wake_p50 = latt_percentile(&r->measured.wake.hist,
				      &r->measured.wake.stats, 50);
	d->wake_p99 = latt_percentile(&r->measured.wake.hist,
				      &r->measured.wake.stats, 99);
	entries = r->measured.wake.stats.count + r->measured.left_out;
	d->partial = entries > r->measured.cycles * r->cfg.clients ?
		     entries - r->measured.cycles * r->cfg.clients : 0;
	d->waker_late_share = r->measured.elapsed_ns ?
		r->measured.waker_late.mean *
			      (double)r->measured.waker_late.count /
			      (double)r->measured.elapsed_ns : 0;
	d->waker_lagged = r->measured.waker_late.count &&
			  r->measured.waker_late.max > LATT_WAKER_LAG_NS &&
			  (!r->measured.wake.stats.count ||
			   r->measured.waker_late.max >
			   r->measured.wake.stats.max);
}

uint64_t latt_result_not_made(const struct latt_result *r)
{
	uint64_t ok_cycles, ok_ns;

	if (!r->measured.stalled_ns || r->measured.cycles <=
	    r->measured.stalled_cycles ||
	    r->measured.elapsed_ns <= r->measured.stalled_ns)
		return 0;
	ok_cycles = r->measured.cycles - r->measured.stalled_cycles;
	ok_ns = r->measured.elapsed_ns - r->measured.stalled_ns;
	/* The stalled time in cycles of the others' mean length. */
	return (uint64_t)((double)r->measured.stalled_ns * (double)ok_cycles /
			  (double)ok_ns * r->cfg.clients + 0.5);
}
