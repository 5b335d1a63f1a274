// SPDX-License-Identifier: GPL-2.0-only
/*
 * The worst wakeups told from the trace; see include/latt/explain.h.
 */
#include <stdio.h>
#include <string.h>

#include "latt/explain.h"

/* Latt's stamp and the kernel's clock read may differ by this much. */
#define SLACK_NS	20000ULL

void latt_worst_add(struct latt_worst *list, unsigned int *n, unsigned int max,
		    const struct latt_worst *w)
{
	unsigned int i, at;

	if (!max)
		return;
	if (*n == max && w->ns <= list[max - 1].ns)
		return;
	/* Sorted, slowest first: find its place, shift the rest down. */
	for (at = 0; at < *n && list[at].ns >= w->ns; at++)
		;
	if (*n < max)
		(*n)++;
	for (i = *n - 1; i > at; i--)
		list[i] = list[i - 1];
	list[at] = *w;
}

char *latt_prio_policy(int prio, char *buf, size_t len)
{
	if (prio < 0)
		snprintf(buf, len, "deadline");
	else if (prio < 100)
		snprintf(buf, len, "fifo/rr %d", 99 - prio);
	else
		snprintf(buf, len, "normal nice %d", prio - 120);
	return buf;
}

/* The first event at or after @ts (binary search). */
static size_t first_at(const struct latt_ev *ev, size_t n, uint64_t ts)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (ev[mid].ts < ts)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Add @ns of @pid's time to @e's culprits. */
static void blame(struct latt_explained *e, const char *comm, int pid,
		  int prio, uint64_t ns, bool preempted)
{
	unsigned int i;

	if (!ns)
		return;
	e->blamed_ns += ns;
	for (i = 0; i < e->nculprits; i++)
		if (e->culprit[i].pid == pid)
			break;
	if (i == e->nculprits) {
		if (i == LATT_CULPRITS_MAX) {
			/* Full: the smallest makes room for a larger one. */
			unsigned int k, min = 0;

			for (k = 1; k < i; k++)
				if (e->culprit[k].ns < e->culprit[min].ns)
					min = k;
			e->more++;
			if (e->culprit[min].ns >= ns)
				return;
			i = min;
		} else {
			e->nculprits++;
		}
		memset(&e->culprit[i], 0, sizeof(e->culprit[i]));
		snprintf(e->culprit[i].comm, sizeof(e->culprit[i].comm), "%s",
			 comm);
		e->culprit[i].pid = pid;
	}
	e->culprit[i].prio = prio;
	e->culprit[i].ns += ns;
	e->culprit[i].preempted = preempted;
}

/*
 * What ran on @cpu from @from to @to: each switch there names the task it
 * switched out, which ran since the switch before (or since @from).
 * Going by the task switched out, a switch-in missing from the trace
 * loses nothing.
 */
static void on_cpu(const struct latt_ev *ev, size_t n, int cpu, uint64_t from,
		   uint64_t to, struct latt_explained *e)
{
	uint64_t start = from;
	size_t i;

	for (i = first_at(ev, n, from); i < n && ev[i].ts <= to; i++) {
		if (ev[i].type != LATT_EV_SWITCH || ev[i].cpu != cpu)
			continue;
		if (ev[i].prev_pid)
			blame(e, ev[i].prev_comm, ev[i].prev_pid,
			      ev[i].prev_prio, ev[i].ts - start,
			      ev[i].prev_preempted);
		else
			e->idle_ns += ev[i].ts - start;
		start = ev[i].ts;
	}
}

/*
 * Was the client switched out again between its switch-in at @in and its
 * stamp @t1 (preempted before it could stamp)?  The time until it was
 * back.
 */
static uint64_t out_again(const struct latt_ev *ev, size_t n,
			  const struct latt_ev *in, uint64_t t1, int pid)
{
	const struct latt_ev *out = NULL;
	size_t i;

	for (i = (size_t)(in - ev) + 1; i < n && ev[i].ts <= t1; i++) {
		if (ev[i].type != LATT_EV_SWITCH)
			continue;
		if (!out && ev[i].prev_pid == pid)
			out = &ev[i];
		else if (out && ev[i].pid == pid)
			return ev[i].ts - out->ts;
	}
	return out ? t1 - out->ts : 0;
}

/* @pid's name from any event that names it ("<idle>" for pid 0). */
static void name_of(const struct latt_ev *ev, size_t n, int pid, char *buf,
		    size_t len)
{
	size_t i;

	if (!pid) {
		snprintf(buf, len, "<idle>");
		return;
	}
	for (i = 0; i < n; i++) {
		const char *c = NULL;

		if (ev[i].pid == pid && ev[i].comm[0])
			c = ev[i].comm;
		else if (ev[i].type == LATT_EV_SWITCH &&
			 ev[i].prev_pid == pid && ev[i].prev_comm[0])
			c = ev[i].prev_comm;
		if (c) {
			snprintf(buf, len, "%s", c);
			return;
		}
	}
}

static void explain_one(const struct latt_ev *ev, size_t n,
			struct latt_explained *e)
{
	uint64_t t0 = e->w.stamp, t1 = e->w.stamp + e->w.ns;
	const struct latt_ev *waking = NULL, *in = NULL;
	size_t i;

	for (i = first_at(ev, n, t0 > SLACK_NS ? t0 - SLACK_NS : 0);
	     i < n && ev[i].ts <= t1 + SLACK_NS; i++) {
		if (!waking && ev[i].type == LATT_EV_WAKING &&
		    ev[i].pid == e->w.pid)
			waking = &ev[i];
		else if (waking && ev[i].type == LATT_EV_MIGRATE &&
			 ev[i].pid == e->w.pid)
			e->migrated = true;
		else if (waking && ev[i].type == LATT_EV_SWITCH &&
			 ev[i].pid == e->w.pid) {
			in = &ev[i];
			break;
		}
	}
	e->have_waking = waking != NULL;
	if (!waking || !in)
		return;
	e->found = true;
	e->waker_pid = waking->common_pid;
	e->waker_cpu = waking->cpu;
	/* The waker's name: from the switch that put it on its CPU. */
	snprintf(e->waker_comm, sizeof(e->waker_comm), "?");
	for (i = (size_t)(waking - ev); i > 0; i--)
		if (ev[i - 1].type == LATT_EV_SWITCH &&
		    ev[i - 1].cpu == waking->cpu) {
			if (ev[i - 1].pid == waking->common_pid)
				snprintf(e->waker_comm, sizeof(e->waker_comm),
					 "%s", ev[i - 1].comm);
			break;
		}
	if (!strcmp(e->waker_comm, "?"))
		name_of(ev, n, waking->common_pid, e->waker_comm,
			sizeof(e->waker_comm));
	e->queued_cpu = waking->target;
	e->ran_cpu = in->cpu;
	if (e->queued_cpu != e->ran_cpu)
		e->migrated = true;
	e->waking_ts = waking->ts;
	e->to_waking_ns = waking->ts > t0 ? waking->ts - t0 : 0;
	e->sched_ns = in->ts - waking->ts;
	e->to_user_ns = t1 > in->ts ? t1 - in->ts : 0;
	on_cpu(ev, n, in->cpu, waking->ts, in->ts, e);
	e->again_ns = out_again(ev, n, in, t1, e->w.pid);
}

void latt_explain(const struct latt_ev *ev, size_t nev,
		  const struct latt_worst *worst, size_t n,
		  struct latt_explained *out)
{
	size_t i;

	for (i = 0; i < n; i++) {
		memset(&out[i], 0, sizeof(out[i]));
		out[i].w = worst[i];
		out[i].queued_cpu = out[i].ran_cpu = out[i].waker_cpu = -1;
		explain_one(ev, nev, &out[i]);
	}
}
