// SPDX-License-Identifier: GPL-2.0-only
/*
 * The JSON document's parts of -b and --explain: a run's break trace and
 * its worst wakeups as the trace told them; see
 * lib/report/json-explain.h.
 */
#include <stdbool.h>
#include <string.h>

#include "report/json-explain.h"
#include "report/json-write.h"
#include "run/result-stop.h"
#include "run/result.h"
#include "trace/decision.h"
#include "trace/explain.h"

/* -b: whether it was reached, by which wakeup, and where the trace is. */
jobj *latt_json_breaktrace(const struct latt_result *r)
{
	jobj *o = json_object_new_object();
	bool hit = latt_result_broke(r);

	add(o, "traced", json_object_new_boolean(r->trace.traced));
	add(o, "reached", json_object_new_boolean(hit));
	add(o, "client", hit ? juint(r->trace.break_client + 1) : NULL);
	add(o, "pid", hit ? json_object_new_int64(r->trace.break_pid) : NULL);
	add(o, "cpu", hit && r->trace.break_cpu >= 0 ?
	    json_object_new_int(r->trace.break_cpu) : NULL);
	add(o, "ns", hit ? juint(r->trace.break_ns) : NULL);
	add(o, "trace", hit ? jstr(r->trace.dir) : NULL);
	add(o, "lost", juint(r->trace.lost));
	return o;
}

/* --explain: what the scheduler decided at wakeup @e; NULL: not recorded. */
static jobj *decision_obj(const struct latt_explained *e)
{
	const struct latt_decision *d = &e->decision;
	jobj *o;
	char pol[32];

	if (!d->have)
		return NULL;
	o = json_object_new_object();
	add(o, "why", jstr(latt_why_name(d->why)));
	add(o, "told", json_object_new_boolean(d->told));
	add(o, "scheduler", d->scx[0] ? jstr(d->scx) : NULL);
	add(o, "pid", json_object_new_int64(d->pid));
	add(o, "comm", jstr(d->comm));
	add(o, "policy", jstr(latt_prio_policy(d->prio, pol, sizeof(pol))));
	add(o, "eevdf", json_object_new_boolean(d->eevdf));
	add(o, "group", json_object_new_boolean(d->group));
	add(o, "depth", json_object_new_int(d->depth));
	add(o, "queued", juint(d->queued));
	add(o, "lag_ns", d->eevdf ? json_object_new_int64(d->lag_ns) : NULL);
	add(o, "deadline_ns", d->eevdf ?
	    json_object_new_int64(d->deadline_ns) : NULL);
	add(o, "slice_ns", d->eevdf ? juint(d->slice_ns) : NULL);
	add(o, "running_lag_ns", d->eevdf ?
	    json_object_new_int64(d->curr_lag_ns) : NULL);
	add(o, "running_deadline_ns", d->eevdf ?
	    json_object_new_int64(d->curr_deadline_ns) : NULL);
	add(o, "running_slice_ns", d->eevdf ? juint(d->curr_slice_ns) : NULL);
	add(o, "running_protected_ns", d->eevdf ?
	    json_object_new_int64(d->protect_ns) : NULL);
	add(o, "running_ran_ns", juint(d->curr_ran_ns));
	add(o, "behind_ns", d->eevdf ? NULL :
	    json_object_new_int64(d->behind_ns));
	return o;
}

/* The tasks that moved wakeup @e's client between CPUs. */
static jobj *moves_arr(const struct latt_explained *e)
{
	jobj *moves = json_object_new_array();
	unsigned int k;

	for (k = 0; k < e->nmoves; k++) {
		const struct latt_move *m = &e->move[k];
		jobj *t = json_object_new_object();
		bool seen = m->how != LATT_MOVE_MISSING;

		add(t, "how", jstr(latt_move_how_name(m->how)));
		add(t, "after_ns", juint(m->after_ns));
		add(t, "queued_ns", juint(m->queued_ns));
		add(t, "from_cpu", json_object_new_int(m->from));
		add(t, "to_cpu", json_object_new_int(m->to));
		add(t, "at_most", json_object_new_boolean(m->at_most));
		add(t, "by_pid", seen ? json_object_new_int64(m->by_pid) : NULL);
		add(t, "by_comm", seen ? jstr(m->by_comm) : NULL);
		add(t, "by_cpu", seen ? json_object_new_int(m->cpu) : NULL);
		json_object_array_add(moves, t);
	}
	return moves;
}

/* The tasks that ran on the client's CPU while it waited. */
static jobj *ran_arr(const struct latt_explained *e)
{
	jobj *ran = json_object_new_array();
	char pol[32];
	unsigned int k;

	for (k = 0; k < e->nculprits; k++) {
		const struct latt_culprit *c = &e->culprit[k];
		jobj *t = json_object_new_object();

		add(t, "comm", jstr(c->comm));
		add(t, "pid", json_object_new_int64(c->pid));
		add(t, "cpu", json_object_new_int(c->cpu));
		add(t, "policy", jstr(latt_prio_policy(c->prio, pol,
						       sizeof(pol))));
		add(t, "ns", juint(c->ns));
		add(t, "preempted", json_object_new_boolean(c->preempted));
		add(t, "running", json_object_new_boolean(c->running));
		json_object_array_add(ran, t);
	}
	return ran;
}

/* One of the worst wakeups, @e, of run @r. */
static jobj *wakeup_obj(const struct latt_result *r,
			const struct latt_explained *e)
{
	jobj *w = json_object_new_object();
	bool f = e->found, woken = f && !e->not_asleep;

	add(w, "client", juint(e->w.client + 1));
	add(w, "pid", json_object_new_int64(e->w.pid));
	add(w, "ns", juint(e->w.ns));
	add(w, "at_ns", juint(e->w.stamp > r->run_start_ns ?
			      e->w.stamp - r->run_start_ns : 0));
	add(w, "found", json_object_new_boolean(f));
	add(w, "asleep", f ? json_object_new_boolean(woken) : NULL);
	add(w, "waker_pid", woken ? json_object_new_int64(e->waker_pid) : NULL);
	add(w, "waker_comm", woken ? jstr(e->waker_comm) : NULL);
	add(w, "waker_cpu", woken ? json_object_new_int(e->waker_cpu) : NULL);
	add(w, "preempted_ns", f && !woken ?
	    json_object_new_int64(e->preempted_ns) : NULL);
	add(w, "preempted_by_pid", f && !woken ?
	    json_object_new_int64(e->preempted_by) : NULL);
	add(w, "preempted_by_comm", f && !woken ?
	    jstr(e->preempted_by_comm) : NULL);
	add(w, "last_cpu", f ? json_object_new_int(e->last_cpu) : NULL);
	add(w, "queued_cpu", f ? json_object_new_int(e->queued_cpu) : NULL);
	add(w, "ran_cpu", f ? json_object_new_int(e->ran_cpu) : NULL);
	add(w, "migrated", json_object_new_boolean(e->migrated));
	add(w, "to_waking_ns", f ? juint(e->to_waking_ns) : NULL);
	add(w, "sched_ns", f ? juint(e->sched_ns) : NULL);
	add(w, "to_user_ns", f ? juint(e->to_user_ns) : NULL);
	add(w, "steal_cpu", e->w.steal_cpu >= 0 ?
	    json_object_new_int(e->w.steal_cpu) : NULL);
	add(w, "steal_ns", e->w.steal_cpu >= 0 ? juint(e->w.steal_ns) : NULL);
	add(w, "moves", moves_arr(e));
	add(w, "more_moves", juint(e->more_moves));
	add(w, "ran", ran_arr(e));
	add(w, "more", juint(e->more));
	add(w, "decision", decision_obj(e));
	return w;
}

jobj *latt_json_explained(const struct latt_result *r)
{
	jobj *o = json_object_new_object(), *a = json_object_new_array();
	unsigned int i;

	add(o, "traced", json_object_new_boolean(r->trace.explain_traced));
	add(o, "error", r->trace.explain_error ?
	    jstr(strerror(-r->trace.explain_error)) :
	    NULL);
	add(o, "events", juint(r->trace.events));
	add(o, "lost", juint(r->trace.explain_lost));
	add(o, "decisions", r->trace.decisions_traced &&
	    !r->trace.decisions_error ?
	    juint(r->trace.decisions) : NULL);
	add(o, "decisions_lost", r->trace.decisions_traced &&
	    !r->trace.decisions_error ?
	    juint(r->trace.decisions_lost) : NULL);
	add(o, "decisions_error", !r->trace.decisions_traced ?
	    jstr("not recorded") : r->trace.decisions_error ?
	    jstr(strerror(-r->trace.decisions_error)) : NULL);
	for (i = 0; i < r->trace.nexplained; i++)
		json_object_array_add(a, wakeup_obj(r, &r->trace.explained[i]));
	add(o, "wakeups", a);
	return o;
}
