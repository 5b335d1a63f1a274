// SPDX-License-Identifier: GPL-2.0-only
/*
 * The worst wakeups told from the trace; see explain.h.
 */
#include <stdio.h>
#include <string.h>

#include "trace/explain.h"

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
	/* One wakeup, one slot: a sample taken twice is not two. */
	for (i = 0; i < *n; i++)
		if (list[i].client == w->client && list[i].stamp == w->stamp)
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

const char *latt_move_how_name(int how)
{
	static const char *const names[] = {
		[LATT_MOVE_WAKEUP] = "wakeup",
		[LATT_MOVE_IDLE] = "idle-balance",
		[LATT_MOVE_PULLED] = "pulled",
		[LATT_MOVE_PUSHED] = "pushed",
		[LATT_MOVE_OTHER] = "other",
		[LATT_MOVE_MISSING] = "missing",
	};

	if (how < 0 || (size_t)how >= sizeof(names) / sizeof(names[0]))
		return "other";
	return names[how];
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

/* Add @ns of @pid's time on @cpu to @e's culprits. */
static void blame(struct latt_explained *e, const struct latt_ev *sw, int cpu,
		  uint64_t ns, bool running)
{
	unsigned int i;

	if (!ns)
		return;
	e->blamed_ns += ns;
	for (i = 0; i < e->nculprits; i++)
		if (e->culprit[i].pid == sw->prev_pid &&
		    e->culprit[i].cpu == cpu)
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
			 sw->prev_comm);
		e->culprit[i].pid = sw->prev_pid;
		e->culprit[i].cpu = cpu;
	}
	e->culprit[i].prio = sw->prev_prio;
	e->culprit[i].ns += ns;
	e->culprit[i].preempted = sw->prev_preempted;
	e->culprit[i].running = running;
}

/* The last switch on @cpu before index @i, or NULL. */
static const struct latt_ev *switch_before(const struct latt_ev *ev, size_t i,
					   int cpu)
{
	for (; i > 0; i--)
		if (ev[i - 1].type == LATT_EV_SWITCH && ev[i - 1].cpu == cpu)
			return &ev[i - 1];
	return NULL;
}

/*
 * What ran on @cpu from @from to @to: each switch there names the task it
 * switched out, which ran since the switch before (or since @from).
 * Where the task switched out is not the one the switch before put on,
 * the trace misses a switch between them (a task whose own events are
 * not recorded): who ran in that time is not known, and it is left
 * unaccounted, not given to either.  Before the trace's first switch on
 * that CPU, the task switched out is taken to have run since @from.
 * When the client left that CPU at @to (@moved), the task running there
 * then ran since the last switch: it is named by the switch that put it
 * on.
 */
static void on_cpu(const struct latt_ev *ev, size_t n, int cpu, uint64_t from,
		   uint64_t to, bool moved, struct latt_explained *e)
{
	const struct latt_ev *cur;
	uint64_t start = from;
	size_t i = first_at(ev, n, from);
	int on;

	cur = switch_before(ev, i, cpu);
	on = cur ? cur->pid : -1;
	for (; i < n && ev[i].ts <= to; i++) {
		if (ev[i].type != LATT_EV_SWITCH || ev[i].cpu != cpu)
			continue;
		if (on >= 0 && ev[i].prev_pid != on)
			;	/* a switch missing before it: nobody's time */
		else if (ev[i].prev_pid)
			blame(e, &ev[i], cpu, ev[i].ts - start, false);
		else
			e->idle_ns += ev[i].ts - start;
		start = ev[i].ts;
		on = ev[i].pid;
	}
	if (!moved || start >= to)
		return;
	cur = switch_before(ev, i, cpu);
	if (!cur)
		return;
	if (!cur->pid) {
		e->idle_ns += to - start;
	} else {
		/* Blame it as the switch that would end its turn would. */
		struct latt_ev as_prev = {
			.prev_pid = cur->pid, .prev_prio = cur->prio,
		};

		snprintf(as_prev.prev_comm, sizeof(as_prev.prev_comm), "%s",
			 cur->comm);
		blame(e, &as_prev, cpu, to - start, true);
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

/*
 * The name of @pid, running on @at's CPU when @at was recorded: from the
 * switch that put it there, else from any event that names it.
 */
static void comm_at(const struct latt_ev *ev, size_t n,
		    const struct latt_ev *at, int pid, char *buf, size_t len)
{
	const struct latt_ev *sw = switch_before(ev, (size_t)(at - ev),
						 at->cpu);

	snprintf(buf, len, "?");
	if (sw && sw->pid == pid && pid)
		snprintf(buf, len, "%s", sw->comm);
	else
		name_of(ev, n, pid, buf, len);
}

/* Room for one more of @e's moves, or NULL (counted as not kept). */
static struct latt_move *new_move(struct latt_explained *e)
{
	struct latt_move *mv;

	if (e->nmoves == LATT_MOVES_MAX) {
		e->more_moves++;
		return NULL;
	}
	mv = &e->move[e->nmoves++];
	memset(mv, 0, sizeof(*mv));
	return mv;
}

/*
 * The client was on @from, then on @to, and the trace has no move
 * between: one it misses, at the latest at @by.
 */
static void add_missing(struct latt_explained *e, int from, int to,
			const struct latt_ev *waking, uint64_t by,
			uint64_t queued)
{
	struct latt_move *mv = new_move(e);

	e->migrated = true;
	if (!mv)
		return;
	mv->after_ns = by > waking->ts ? by - waking->ts : 0;
	mv->queued_ns = by > queued ? by - queued : 0;
	mv->at_most = true;
	mv->from = from;
	mv->to = to;
	mv->cpu = -1;
	mv->by_pid = -1;
	mv->how = LATT_MOVE_MISSING;
}

/* Keep @m, a sched_migrate_task of the client, as one of @e's moves. */
static void add_move(struct latt_explained *e, const struct latt_ev *ev,
		     size_t n, const struct latt_ev *m,
		     const struct latt_ev *waking, bool by_wakeup,
		     uint64_t queued_ns, bool at_most)
{
	struct latt_move *mv = new_move(e);

	if (!mv)
		return;
	mv->at_most = at_most;
	mv->after_ns = m->ts > waking->ts ? m->ts - waking->ts : 0;
	mv->queued_ns = queued_ns;
	mv->from = m->orig;
	mv->to = m->target;
	mv->cpu = m->cpu;
	mv->by_pid = m->common_pid;
	comm_at(ev, n, m, m->common_pid, mv->by_comm, sizeof(mv->by_comm));
	if (by_wakeup)
		mv->how = LATT_MOVE_WAKEUP;
	else if (!m->common_pid)
		mv->how = LATT_MOVE_IDLE;
	else if (m->cpu == m->target)
		mv->how = LATT_MOVE_PULLED;
	else if (m->cpu == m->orig)
		mv->how = LATT_MOVE_PUSHED;
	else
		mv->how = LATT_MOVE_OTHER;
}

/* The place of @cpu in the order the client waited on CPUs. */
static unsigned int cpu_rank(const struct latt_explained *e, int cpu)
{
	unsigned int k, rank = 0;

	for (k = 0; k < e->nmoves; k++) {
		if (e->move[k].how == LATT_MOVE_WAKEUP)
			continue;
		if (e->move[k].from == cpu)
			return rank;
		rank++;
	}
	return rank;
}

/*
 * Culprits in the order of the CPUs the client waited on (a full list
 * gives a larger culprit the place of the smallest, out of order);
 * stable within a CPU.
 */
static void order_culprits(struct latt_explained *e)
{
	struct latt_culprit c;
	unsigned int i, j;

	for (i = 1; i < e->nculprits; i++) {
		c = e->culprit[i];
		for (j = i; j > 0 && cpu_rank(e, e->culprit[j - 1].cpu) >
				     cpu_rank(e, c.cpu); j--)
			e->culprit[j] = e->culprit[j - 1];
		e->culprit[j] = c;
	}
}

/*
 * From @waking to the switch @in: the client's moves, and what ran on
 * each CPU it waited on; the events looked at start after @from (@waking,
 * or for a client that never slept the switch that preempted it), and it
 * was queued since @queued.  A move the waker made on its own CPU before the
 * client's sched_wakeup (@wakeup), or without one in the trace, is its
 * wakeup's placement (select_task_rq, in the waker); any other was made
 * while the client was queued (before its sched_wakeup too, when it was
 * still queued as it was woken).  The client is followed from CPU to
 * CPU: where the trace has it leave a CPU other than the one it was on,
 * or run on another, it misses a move, told as such, and the time since
 * the client's last known move is given to no task.
 */
static void follow(const struct latt_ev *ev, size_t n,
		   const struct latt_ev *from, uint64_t queued,
		   const struct latt_ev *waking, const struct latt_ev *wakeup,
		   const struct latt_ev *in, struct latt_explained *e)
{
	uint64_t start = waking->ts;
	const struct latt_ev *p;
	bool known = true;
	int at = waking->target;

	e->queued_cpu = at;
	for (p = from + 1; p < in; p++) {
		if (p == wakeup) {
			if (!e->migrated)
				queued = wakeup->ts;
			if (wakeup->target == at)
				continue;
			/*
			 * The trace misses a move: before any move while
			 * queued, it was queued where sched_wakeup says
			 * (how it came there is not told); after one, a
			 * move while queued.
			 */
			if (!e->migrated) {
				e->queued_cpu = at = wakeup->target;
				continue;
			}
			add_missing(e, at, wakeup->target, waking, p->ts,
				    queued);
			at = wakeup->target;
			known = false;
			continue;
		}
		if (p->type != LATT_EV_MIGRATE || p->pid != e->w.pid)
			continue;
		if (p->common_pid == waking->common_pid &&
		    p->cpu == waking->cpu && (!wakeup || p < wakeup) &&
		    !e->migrated) {
			e->queued_cpu = at = p->target;
			add_move(e, ev, n, p, waking, true, 0, false);
			continue;
		}
		e->migrated = true;
		if (p->orig != at) {
			add_missing(e, at, p->orig, waking, p->ts, queued);
			known = false;
		}
		if (known)
			on_cpu(ev, n, p->orig, start, p->ts, true, e);
		add_move(e, ev, n, p, waking, false,
			 p->ts > queued ? p->ts - queued : 0, !known);
		queued = p->ts;
		if (p->ts > start)
			start = p->ts;
		at = p->target;
		known = true;
	}
	if (in->cpu != at)
		add_missing(e, at, in->cpu, waking, in->ts, queued);
	else if (known)
		on_cpu(ev, n, in->cpu, start, in->ts, false, e);
	order_culprits(e);
}

/*
 * A client that was preempted before it could sleep is not woken: the
 * wake finds it queued, and the trace has no sched_waking of it.  It is
 * explained from the switch that preempted it (@out, before its run at
 * @in, with no switch of it between) as if it had been woken there, or
 * at the waker's stamp @t0 if that came later: only the time from the
 * stamp is the latency's.
 */
static void not_asleep(const struct latt_ev *ev, size_t n,
		       const struct latt_ev *out, const struct latt_ev *in,
		       uint64_t t0, uint64_t t1, struct latt_explained *e)
{
	struct latt_ev from = {
		.ts = out->ts > t0 ? out->ts : t0,
		.cpu = -1, .common_pid = -1, .target = out->cpu,
		.pid = e->w.pid,
	};

	e->found = e->not_asleep = true;
	e->preempted_ns = out->ts >= t0 ? (int64_t)(out->ts - t0) :
			  -(int64_t)(t0 - out->ts);
	e->preempted_by = out->pid;
	snprintf(e->preempted_by_comm, sizeof(e->preempted_by_comm), "%s",
		 out->comm);
	e->waker_pid = -1;
	e->last_cpu = out->cpu;
	e->ran_cpu = in->cpu;
	e->to_waking_ns = out->ts > t0 ? out->ts - t0 : 0;
	e->sched_ns = in->ts - from.ts;
	e->to_user_ns = t1 > in->ts ? t1 - in->ts : 0;
	follow(ev, n, out, out->ts, &from, NULL, in, e);
	e->again_ns = out_again(ev, n, in, t1, e->w.pid);
}

/*
 * The client's switch onto a CPU after which it ran to its stamp @t1
 * (the last from @t0 to @t1, give or take the slack), and the switch
 * before it that took it off a CPU, preempted, with no sched_waking of
 * it between; false if there is no such pair.
 */
static bool preempted_then_ran(const struct latt_ev *ev, size_t n,
			       uint64_t t0, uint64_t t1, int pid,
			       const struct latt_ev **out,
			       const struct latt_ev **in)
{
	size_t i = first_at(ev, n, t0 > SLACK_NS ? t0 - SLACK_NS : 0);

	*in = *out = NULL;
	for (; i < n && ev[i].ts <= t1 + SLACK_NS; i++) {
		if (ev[i].type != LATT_EV_SWITCH || ev[i].pid != pid)
			continue;
		if (*in && ev[i].ts > t1)
			break;
		*in = &ev[i];
	}
	if (!*in)
		return false;
	for (i = (size_t)(*in - ev); i > 0; i--) {
		const struct latt_ev *p = &ev[i - 1];

		if (p->type == LATT_EV_WAKING && p->pid == pid)
			return false;
		if (p->type == LATT_EV_SWITCH && p->prev_pid == pid) {
			*out = p;
			return p->prev_preempted;
		}
	}
	return false;
}

static void explain_one(const struct latt_ev *ev, size_t n,
			struct latt_explained *e)
{
	uint64_t t0 = e->w.stamp, t1 = e->w.stamp + e->w.ns;
	const struct latt_ev *waking = NULL, *wakeup = NULL, *in = NULL;
	size_t i;

	for (i = first_at(ev, n, t0 > SLACK_NS ? t0 - SLACK_NS : 0);
	     i < n && ev[i].ts <= t1 + SLACK_NS; i++) {
		if (!waking && ev[i].type == LATT_EV_WAKING &&
		    ev[i].pid == e->w.pid)
			waking = &ev[i];
		else if (waking && !wakeup && ev[i].type == LATT_EV_WAKEUP &&
			 ev[i].pid == e->w.pid)
			wakeup = &ev[i];
		else if (waking && ev[i].type == LATT_EV_SWITCH &&
			 ev[i].pid == e->w.pid) {
			in = &ev[i];
			break;
		}
	}
	e->have_waking = waking != NULL;
	e->past_end = !n || ev[n - 1].ts < t1;
	if (!waking) {
		const struct latt_ev *out, *ran;

		if (preempted_then_ran(ev, n, t0, t1, e->w.pid, &out, &ran))
			not_asleep(ev, n, out, ran, t0, t1, e);
		return;
	}
	if (!in)
		return;
	e->found = true;
	e->waker_pid = waking->common_pid;
	e->waker_cpu = waking->cpu;
	comm_at(ev, n, waking, waking->common_pid, e->waker_comm,
		sizeof(e->waker_comm));
	e->last_cpu = waking->target;
	e->ran_cpu = in->cpu;
	e->waking_ts = waking->ts;
	e->wakeup_at = wakeup ? wakeup->ts : 0;
	e->to_waking_ns = waking->ts > t0 ? waking->ts - t0 : 0;
	e->sched_ns = in->ts - waking->ts;
	e->to_user_ns = t1 > in->ts ? t1 - in->ts : 0;
	follow(ev, n, waking, waking->ts, waking, wakeup, in, e);
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
		out[i].last_cpu = -1;
		explain_one(ev, nev, &out[i]);
	}
}
