// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the kernel did, in the text report (report/report-explain.h):
 * --explain's account of the slowest wakeups, and the trace -b or
 * --keep-trace kept.
 */
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

#include "measure/sysinfo.h"
#include "report/report-explain.h"
#include "report/report-text.h"
#include "run/result-stop.h"
#include "run/result.h"
#include "trace/decision.h"
#include "trace/explain.h"

/* "latt client 3" for one of the run's clients, else @comm. */
static void client_name(const struct latt_result *r, pid_t pid,
			const char *comm, char *buf, size_t len)
{
	unsigned int i;

	for (i = 0; r->measured.clients && i < r->measured.nclients; i++)
		if (r->measured.clients[i].pid == pid) {
			snprintf(buf, len, "latt client %u", i + 1);
			return;
		}
	snprintf(buf, len, "%s", comm);
}

/* How the client came to move, for the "moved" line. */
static void move_how(const struct latt_move *m, char *buf, size_t len)
{
	switch (m->how) {
	case LATT_MOVE_IDLE:
		snprintf(buf, len, "idle balance: CPU %d, idle, pulled it",
			 m->cpu);
		break;
	case LATT_MOVE_PULLED:
		snprintf(buf, len, "pulled by the load balancing of CPU %d, "
			 "where %s (pid %d) ran", m->cpu, m->by_comm,
			 (int)m->by_pid);
		break;
	case LATT_MOVE_PUSHED:
		snprintf(buf, len, "pushed away by %s (pid %d) on CPU %d: "
			 "active balance or an RT push", m->by_comm,
			 (int)m->by_pid, m->cpu);
		break;
	case LATT_MOVE_MISSING:
		snprintf(buf, len, "not in the trace (it has no "
			 "sched_migrate_task of the client for this move)");
		break;
	default:
		snprintf(buf, len, "moved by %s (pid %d) on CPU %d",
			 m->by_comm, (int)m->by_pid, m->cpu);
		break;
	}
}

/* Where the client was placed and how it moved while queued. */
static void report_moves(FILE *f, const struct latt_explained *e)
{
	const char *since = e->not_asleep ? (e->preempted_ns > 0 ?
			    "its preemption" : "the waker's stamp") :
			    "sched_waking";
	char how[160];
	unsigned int k;

	for (k = 0; k < e->nmoves; k++) {
		const struct latt_move *m = &e->move[k];

		if (m->how == LATT_MOVE_WAKEUP) {
			line(f, "placed", "on CPU %d by its wakeup (%s, pid "
			     "%d, on CPU %d); it last ran on CPU %d", m->to,
			     m->by_comm, (int)m->by_pid, m->cpu, m->from);
			continue;
		}
		move_how(m, how, sizeof(how));
		line(f, "moved", "%.1f usec after %s%s, from CPU %d "
		     "(queued there %s%.1f usec) to CPU %d: %s",
		     usec(m->after_ns), since, m->how == LATT_MOVE_MISSING ?
		     " at the latest" : "", m->from,
		     m->at_most ? "at most " : "", usec(m->queued_ns), m->to,
		     how);
	}
	if (e->more_moves)
		line(f, "", "and %u more move%s", e->more_moves,
		     e->more_moves == 1 ? "" : "s");
}

/* What ran on the CPUs the client waited on, and what is nobody's. */
static void report_meanwhile(FILE *f, const struct latt_result *r,
			     const struct latt_explained *e)
{
	char pol[32];
	uint64_t gap;
	unsigned int k;

	if (!e->nculprits && !e->idle_ns) {
		line(f, "meanwhile", "no switch on CPU %d", e->ran_cpu);
		return;
	}
	for (k = 0; k < e->nculprits; k++) {
		const struct latt_culprit *c = &e->culprit[k];
		char who[48];

		client_name(r, c->pid, c->comm, who, sizeof(who));
		line(f, k ? "" : "meanwhile", "on CPU %d: %s (pid %d, %s) ran "
		     "%.1f usec, then %s", c->cpu, who, (int)c->pid,
		     latt_prio_policy(c->prio, pol, sizeof(pol)),
		     usec(c->ns), c->running ? "still ran as the client "
		     "left that CPU" : c->preempted ? "was preempted" :
		     "gave up the CPU");
	}
	if (e->more)
		line(f, "", "and %u more task%s", e->more,
		     e->more == 1 ? "" : "s");
	if (e->idle_ns && !e->migrated)
		line(f, "", "on CPU %d: idle for %.1f usec", e->ran_cpu,
		     usec(e->idle_ns));
	else if (e->idle_ns)
		line(f, "", "idle for %.1f usec, on the CPUs it was queued on",
		     usec(e->idle_ns));
	gap = e->sched_ns - e->blamed_ns - e->idle_ns;
	if (e->blamed_ns + e->idle_ns < e->sched_ns && gap > 1000)
		line(f, "", "%.1f usec not accounted for (the trace has no "
		     "switch for that time, or misses one or a move)",
		     usec(gap));
}

/*
 * A client preempted before it could sleep: the wake found it queued, so
 * nothing woke it; it waited for a CPU from its preemption, or from the
 * waker's stamp if that came later.
 */
static void report_not_asleep(FILE *f, const struct latt_result *r,
			      const struct latt_explained *e,
			      const char *again)
{
	int64_t at = e->preempted_ns;
	bool after = at > 0;		/* it still ran at the stamp */
	char who[48];

	client_name(r, e->preempted_by, e->preempted_by_comm, who,
		    sizeof(who));
	line(f, "not woken", "preempted on CPU %d by %s (pid %d) %.1f usec "
	     "%s the waker's stamp, before it could sleep: the wake found "
	     "it queued; it ran on CPU %d%s", e->last_cpu, who,
	     (int)e->preempted_by, usec((uint64_t)(after ? at : -at)),
	     after ? "after" : "before", e->ran_cpu,
	     e->migrated ? " (migrated)" : "");
	report_moves(f, e);
	if (!after)
		line(f, "split", "%.1f usec waker stamp -> switch-in (queued "
		     "since its preemption: the scheduler), %.1f usec "
		     "switch-in -> its stamp (return to user%s)",
		     usec(e->sched_ns), usec(e->to_user_ns), again);
	else
		line(f, "split", "%.1f usec waker stamp -> its preemption "
		     "(it still ran), %.1f usec preemption -> switch-in (the "
		     "scheduler), %.1f usec switch-in -> its stamp (return "
		     "to user%s)", usec(e->to_waking_ns), usec(e->sched_ns),
		     usec(e->to_user_ns), again);
	report_meanwhile(f, r, e);
}

/* The hypervisor's share of the wakeup: its CPU's steal time. */
static void report_steal(FILE *f, const struct latt_explained *e)
{
	if (e->w.steal_cpu < 0 || !e->w.steal_ns)
		return;
	line(f, "steal", "the hypervisor held CPU %d for %.1f ms during this "
	     "wakeup's cycle (steal time, in %.0f ms ticks)", e->w.steal_cpu,
	     e->w.steal_ns / 1e6, latt_sysinfo_tick_ns() / 1e6);
}

/* Whether the scheduler's decisions were recorded, and how many. */
static void report_decisions(FILE *f, const struct latt_result *r)
{
	char lost[128];

	if (!r->trace.decisions_traced) {
		line(f, "Decisions", "not recorded (see the message on "
		     "stderr)");
		return;
	}
	if (r->trace.decisions_error) {
		line(f, "Decisions", "could not be read: %s",
		     strerror(-r->trace.decisions_error));
		return;
	}
	if (r->trace.decisions_lost)
		snprintf(lost, sizeof(lost), "%llu more did not fit (a "
			 "wakeup after them has no decision)",
			 (unsigned long long)r->trace.decisions_lost);
	else
		snprintf(lost, sizeof(lost), "none lost");
	line(f, "Decisions", "%llu wakeups of the clients onto a busy CPU "
	     "recorded (BPF), %s", (unsigned long long)r->trace.decisions,
	     lost);
}

/* What the scheduler decided at @e's wakeup, where it was recorded. */
static void report_decision(FILE *f, const struct latt_result *r,
			    const struct latt_explained *e)
{
	char text[768], name[64];

	if (!r->trace.decisions_traced || r->trace.decisions_error ||
	    !e->wakeup_at)
		return;
	if (!e->decision.have) {
		line(f, "decision", "none: CPU %d was idle as the client was "
		     "queued there", e->queued_cpu);
		return;
	}
	client_name(r, e->decision.pid, e->decision.comm, name, sizeof(name));
	line(f, "decision", "%s", latt_decision_text(&e->decision, name, text,
						     sizeof(text)));
}

void latt_report_explained(FILE *f, const struct latt_result *r)
{
	char label[16], again[64];
	unsigned int i;

	block(f, "Worst wakeups explained");
	if (!r->trace.explain_traced) {
		line(f, "Trace", "none (see the message on stderr)");
		return;
	}
	if (r->trace.explain_error) {
		line(f, "Trace", "could not be read: %s",
		     strerror(-r->trace.explain_error));
		return;
	}
	line(f, "Trace", "%llu scheduler events%s (instance %s, read and "
	     "removed)", (unsigned long long)r->trace.events,
	     r->trace.explain_lost ? "" : ", none lost", r->trace.explain_name);
	if (r->trace.explain_lost)
		line(f, "Lost", "%8llu events did not fit in the trace buffer "
		     "(a wakeup after them cannot be explained)",
		     (unsigned long long)r->trace.explain_lost);
	report_decisions(f, r);
	if (!r->trace.nexplained)
		line(f, "Wakeups", "none measured");
	for (i = 0; i < r->trace.nexplained; i++) {
		const struct latt_explained *e = &r->trace.explained[i];

		snprintf(label, sizeof(label), "#%u", i + 1);
		line(f, label, "client %u (pid %d): %.1f usec, %.3f s into the "
		     "run", e->w.client + 1, (int)e->w.pid,
		     usec(e->w.ns), e->w.stamp > r->run_start_ns ?
		     secs(e->w.stamp - r->run_start_ns) : 0.0);
		if (!e->found && e->past_end) {
			line(f, "", "the trace ends before its stamp (it "
			     "stopped with the run; this wakeup ended after "
			     "it)");
			continue;
		}
		if (!e->found) {
			line(f, "", "%s", e->have_waking ?
			     "its switch onto a CPU is not in the trace" :
			     "its wakeup (sched_waking) is not in the trace");
			continue;
		}
		if (e->again_ns)
			snprintf(again, sizeof(again), ", %.1f usec of it "
				 "switched out again", usec(e->again_ns));
		else
			again[0] = '\0';
		if (e->not_asleep) {
			report_not_asleep(f, r, e, again);
			report_steal(f, e);
			continue;
		}
		line(f, "woken by", "%s (pid %d) on CPU %d; queued on CPU %d, "
		     "ran on CPU %d%s", e->waker_comm, (int)e->waker_pid,
		     e->waker_cpu, e->queued_cpu, e->ran_cpu,
		     e->migrated ? " (migrated)" : "");
		report_moves(f, e);
		line(f, "split", "%.1f usec waker stamp -> sched_waking, "
		     "%.1f usec sched_waking -> switch-in (the scheduler), "
		     "%.1f usec switch-in -> its stamp (return to user%s)",
		     usec(e->to_waking_ns), usec(e->sched_ns),
		     usec(e->to_user_ns), again);
		report_meanwhile(f, r, e);
		report_decision(f, r, e);
		report_steal(f, e);
	}
}

void latt_report_trace(FILE *f, const struct latt_result *r)
{
	char lim[32];

	if (!r->cfg.breaktrace_ns) {
		line(f, "Trace", "%s (instance %s, kept): trace-cmd show -B "
		     "%s; rmdir %s when done", r->trace.dir, r->trace.name,
		     r->trace.name, r->trace.dir);
		return;
	}
	if (!r->trace.traced) {
		line(f, "Breaktrace", "%.1f usec, not traced (see the message "
		     "on stderr)", (double)r->cfg.breaktrace_ns / 1000.0);
		return;
	}
	if (!latt_result_broke(r)) {
		line(f, "Breaktrace", "no wakeup over %s; the trace (instance "
		     "%s) was %s", format_time(r->cfg.breaktrace_ns, lim,
					       sizeof(lim)), r->trace.name,
		     r->trace.kept ? "kept (--keep-trace)" : "removed");
		if (r->trace.kept)
			line(f, "Trace", "%s (instance %s): trace-cmd show -B "
			     "%s; rmdir %s when done", r->trace.dir,
			     r->trace.name, r->trace.name, r->trace.dir);
		return;
	}
	line(f, "Breaktrace", "client %u (pid %d) ran %.1f usec after its "
	     "wakeup, on CPU %d: the trace stops there, at the marker "
	     "\"latt: breaktrace\"", r->trace.break_client + 1,
	     (int)r->trace.break_pid,
	     (double)r->trace.break_ns / 1000.0, r->trace.break_cpu);
	line(f, "Trace", "%s (instance %s, kept): trace-cmd show -B %s, or "
	     "less %s/trace; rmdir %s when done", r->trace.dir,
	     r->trace.name, r->trace.name, r->trace.dir, r->trace.dir);
	if (r->trace.lost)
		line(f, "Trace lost", "%8llu oldest events overwritten (the "
		     "trace keeps the latest)",
		     (unsigned long long)r->trace.lost);
}
