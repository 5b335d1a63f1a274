/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * --explain: the worst wakeups of a run told from the scheduler's own
 * trace.  The waker keeps the N slowest samples (client, pid, the stamp
 * it woke the client with, the latency); after the run latt reads its
 * trace instance (struct latt_ev, in time order) and, for each, finds:
 *
 *   - the sched_waking of that client after the waker's stamp: who woke
 *     it, on which CPU it was queued;
 *   - the sched_switch that put it on a CPU, and any sched_migrate_task
 *     in between: a move before its sched_wakeup is where the wakeup
 *     placed it (select_task_rq, in the waker); a move after it took
 *     the client, queued, from one CPU's runqueue to another's, and the
 *     task running where sched_migrate_task was recorded says by what
 *     (the idle task: idle balance; the task on the CPU it moved to:
 *     that CPU's load balancing pulled it; on the CPU it left: a push,
 *     active balance or RT);
 *   - the split of the latency: the waker's stamp to sched_waking (the
 *     wake system call), sched_waking to the switch (the scheduler's
 *     delay), the switch to the client's own stamp (return to user);
 *   - what ran on each CPU while the client waited there: each task with
 *     its time, its policy (from its priority) and whether it was
 *     preempted, gave the CPU up, or still ran when the client moved.
 *
 * The matching is pure logic on the events (tests feed it made-up ones);
 * reading the trace is in lib/trace/trace.c.
 */
#ifndef LATT_TRACE_EXPLAIN_H
#define LATT_TRACE_EXPLAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "trace/decision.h"

#define LATT_CULPRITS_MAX	6	/* tasks named per wakeup */
#define LATT_MOVES_MAX		4	/* migrations told per wakeup */

enum latt_ev_type {
	LATT_EV_WAKING,
	LATT_EV_WAKEUP,
	LATT_EV_SWITCH,
	LATT_EV_MIGRATE,
};

/* One scheduler event of the trace. */
struct latt_ev {
	uint64_t ts;			/* ns, the run's clock */
	int cpu;			/* where it was recorded */
	size_t seq;			/* its place as read: the order of
					   events of one CPU at one time */
	int type;			/* enum latt_ev_type */
	int pid;			/* waking, wakeup, migrate: the task;
					   switch: the next task */
	int prio;			/* its priority (kernel's, 0-139) */
	int common_pid;			/* the task that was running */
	int target;			/* waking, wakeup: target_cpu;
					   migrate: dest_cpu */
	int orig;			/* migrate: orig_cpu */
	int prev_pid;			/* switch: the task switched out */
	int prev_prio;
	bool prev_preempted;		/* ... still runnable (R, R+) */
	char comm[16];			/* of @pid */
	char prev_comm[16];
};

/* One of the slowest wakeups, as the waker saw it. */
struct latt_worst {
	uint64_t ns;			/* its latency */
	uint64_t stamp;			/* the waker's stamp, the run's clock */
	unsigned int client;		/* 0-based */
	pid_t pid;
	int steal_cpu;			/* where it was woken; -1: not known */
	uint64_t steal_ns;		/* ... that CPU's steal time from the
					   cycle's start to its answer */
};

/* Keep @w among the @n slowest of @list (room for @max).  O(max). */
void latt_worst_add(struct latt_worst *list, unsigned int *n, unsigned int max,
		    const struct latt_worst *w);

/* A task that ran where the client waited. */
struct latt_culprit {
	char comm[16];
	pid_t pid;
	int prio;
	int cpu;			/* the CPU it ran on */
	uint64_t ns;			/* its time on that CPU meanwhile */
	bool preempted;			/* its last turn ended preempted */
	bool running;			/* ... had not ended when the client
					   moved to another CPU */
};

/* How a client came to move (sched_migrate_task, and who ran there). */
enum latt_move_how {
	LATT_MOVE_WAKEUP,		/* placed by its wakeup, not queued yet */
	LATT_MOVE_IDLE,			/* idle balance: an idle CPU pulled it */
	LATT_MOVE_PULLED,		/* load balancing on the CPU it went to */
	LATT_MOVE_PUSHED,		/* from the CPU it left (active balance,
					   RT push) */
	LATT_MOVE_OTHER,		/* from a third CPU */
	LATT_MOVE_MISSING,		/* not in the trace: the client was on
					   @from, then on @to, with no
					   sched_migrate_task between */
};

/*
 * One sched_migrate_task of the client between its waking and its run,
 * or a move the trace misses (LATT_MOVE_MISSING: no task is named).
 */
struct latt_move {
	uint64_t after_ns;		/* since its sched_waking */
	uint64_t queued_ns;		/* queued on @from before it (0 for a
					   move by the wakeup) */
	int from, to;
	int cpu;			/* where the event was recorded */
	pid_t by_pid;			/* the task running there (0: idle) */
	char by_comm[16];
	int how;			/* enum latt_move_how */
	bool at_most;			/* @queued_ns (and for a missing move
					   @after_ns) is an upper bound: the
					   client's arrival on @from, or the
					   move itself, is not in the trace */
};

struct latt_explained {
	struct latt_worst w;
	bool found;			/* its events are in the trace */
	bool have_waking;		/* ... its sched_waking at least */
	bool past_end;			/* the trace ends
					   before the client's stamp */
	bool not_asleep;		/* found, and it never slept: it was
					   preempted before it could, the
					   wake found it queued (no
					   sched_waking), it ran at @in */
	int64_t preempted_ns;		/* not_asleep: its preemption, from
					   the waker's stamp (< 0: before) */
	pid_t preempted_by;		/* ... by this task */
	char preempted_by_comm[16];
	pid_t waker_pid;		/* who woke it */
	char waker_comm[16];
	int waker_cpu;
	int last_cpu;			/* where it last ran (sched_waking's
					   target) */
	int queued_cpu;			/* where it was first queued: where
					   its wakeup placed it (sched_wakeup's
					   target), or where it was when woken
					   if it was queued then */
	int ran_cpu;			/* where it was switched in */
	bool migrated;			/* moved once queued */
	unsigned int nmoves;
	unsigned int more_moves;	/* moves not kept */
	struct latt_move move[LATT_MOVES_MAX];
	uint64_t waking_ts;		/* since the trace's first event */
	uint64_t wakeup_at;		/* its sched_wakeup, the run's clock
					   (0: none in the trace) */
	struct latt_decision decision;	/* what the scheduler decided there
					   (lib/trace/decision.h; !have: no
					   record: not traced, or the CPU
					   was idle) */
	uint64_t to_waking_ns;		/* stamp -> sched_waking (not_asleep:
					   stamp -> its preemption, 0 if
					   that came first) */
	uint64_t sched_ns;		/* sched_waking (not_asleep: the
					   later of its preemption and the
					   stamp) -> switch-in */
	uint64_t to_user_ns;		/* switch-in -> the client's stamp */
	uint64_t again_ns;		/* switched out again before its
					   stamp, for this long */
	uint64_t blamed_ns;		/* of sched_ns, tasks ran */
	uint64_t idle_ns;		/* ... the CPU was idle */
	unsigned int nculprits;
	unsigned int more;		/* tasks not named */
	struct latt_culprit culprit[LATT_CULPRITS_MAX];
};

/*
 * Explain @worst[0..n) (slowest first) from @ev[0..nev), in time order,
 * into @out[0..n).
 */
void latt_explain(const struct latt_ev *ev, size_t nev,
		  const struct latt_worst *worst, size_t n,
		  struct latt_explained *out);

/* "wakeup", "idle-balance", "pulled", "pushed", "other". */
const char *latt_move_how_name(int how);

#endif /* LATT_TRACE_EXPLAIN_H */
