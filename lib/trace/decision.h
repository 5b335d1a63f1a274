/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The scheduler's decisions at a run's wakeups (trace/decision.h
 * loads the program): the run's clients are named before it starts, its
 * records read after it, and each of the worst wakeups is told from its
 * record (latt_decision_of(), pure logic: tests feed it made-up records).
 */
#ifndef LATT_TRACE_DECISION_H
#define LATT_TRACE_DECISION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "trace/decision-rec.h"

/*
 * --explain's scheduler decisions: a BPF program on sched_wakeup that
 * records, for each wakeup of a client onto a busy CPU, what the
 * scheduler weighed (EEVDF's lag, deadline and slice of the client and
 * of the running task, or CFS's vruntimes) and whether it told the
 * running task to give the CPU up.  Loaded once per latt, before it gives
 * up its privileges (it needs CAP_BPF and CAP_PERFMON, or CAP_SYS_ADMIN,
 * and the kernel's BTF); each run's records are read after the run and
 * joined with its worst wakeups (lib/trace/decision.h).
 */

struct latt_decisions;

/*
 * Load and attach the program.  0, or -errno with one line in @err
 * (built without it, no BTF, no rights).
 */
int latt_decisions_open(struct latt_decisions **d, char *err, size_t len);

/* Detach and free; NULL is nothing. */
void latt_decisions_close(struct latt_decisions *d);

struct latt_clock;

/*
 * A run begins: its clients are @pids[0..n) and its clock @clock (the
 * records are read in its trace's: CLOCK_MONOTONIC_RAW for a raw clock,
 * else CLOCK_MONOTONIC); what the last run left is dropped.  0 or -errno.
 */
int latt_decisions_start(struct latt_decisions *d, const pid_t *pids,
			 size_t n, const struct latt_clock *clock);

/*
 * After the run: its records in @*out (malloc'd, time order, their ts in
 * the run's clock), how many, and how many did not fit.  0 or -errno.
 */
int latt_decisions_read(struct latt_decisions *d, struct latt_dec_rec **out,
			size_t *n, uint64_t *lost);

/* What the scheduler did at a wakeup, from its record. */
enum latt_why {
	LATT_WHY_PREEMPTED,	/* the running task was told to give the
				   CPU up at once */
	LATT_WHY_LAZY,		/* ... lazily: at the next tick or its
				   return to user space (lazy preemption) */
	LATT_WHY_NOT_FAIR,	/* the running task is RT or deadline: a
				   normal task does not preempt it */
	LATT_WHY_INELIGIBLE,	/* EEVDF: the client's lag was negative */
	LATT_WHY_PROTECTED,	/* EEVDF: the running entity was within
				   its protected slice (run to parity) */
	LATT_WHY_DEADLINE,	/* EEVDF: the running entity's deadline
				   came before the client's */
	LATT_WHY_OTHER,		/* EEVDF: neither: a third entity's
				   deadline came first, or the running one
				   was not eligible either */
	LATT_WHY_CFS,		/* CFS: not preempted (no EEVDF here) */
	LATT_WHY_SCX,		/* a sched_ext scheduler decided: EEVDF's
				   figures do not apply (told: whether the
				   running task was told to give the CPU
				   up) */
};

/* The flags that tell a task to give its CPU up (bit numbers; -1: none). */
struct latt_resched_bits {
	int now;		/* TIF_NEED_RESCHED */
	int lazy;		/* TIF_NEED_RESCHED_LAZY */
};

/* "normal nice 0", "fifo/rr 10", "deadline" from a kernel priority. */
char *latt_prio_policy(int prio, char *buf, size_t len);

/* This kernel's, from its release ("6.18.4-..."); -1 where not known. */
struct latt_resched_bits latt_resched_bits_of(const char *release);

struct latt_decision {
	bool have;		/* a record was found for the wakeup */
	int why;		/* enum latt_why */
	bool told;		/* the running task was told to give the
				   CPU up (at once or lazily) */
	char scx[64];		/* LATT_WHY_SCX: the scheduler's name */
	pid_t pid;		/* the running task */
	char comm[16];
	int prio;
	bool eevdf;		/* EEVDF's figures below */
	bool cfs;		/* a kernel before EEVDF, the kernel's own
				   scheduler (CFS) */
	bool group;		/* the two compared were groups (cgroups,
				   autogroups), not the tasks */
	int depth;		/* the level compared (0: the CPU's) */
	unsigned int queued;	/* entities queued there */
	/* EEVDF, in the kernel's virtual time (ns at nice 0's weight): */
	int64_t lag_ns;		/* the client's: the average minus its
				   vruntime (>= 0: eligible) */
	int64_t deadline_ns;	/* its deadline from the average */
	uint64_t slice_ns;
	int64_t curr_lag_ns;	/* the running entity's */
	int64_t curr_deadline_ns;
	uint64_t curr_slice_ns;
	int64_t protect_ns;	/* its protected slice left (> 0) */
	uint64_t curr_ran_ns;	/* it had run since it was picked (real) */
	int64_t behind_ns;	/* CFS: the running entity's vruntime
				   minus the client's */
};

/*
 * Tell @r (@bits: the kernel's; @scx: the sched_ext scheduler the run
 * measured under, "" or NULL for the kernel's own) into @d.
 */
void latt_decision_of(const struct latt_dec_rec *r,
		      const struct latt_resched_bits *bits, const char *scx,
		      struct latt_decision *d);

/*
 * The record of @pid's wakeup at @ts (the run's clock) among
 * @recs[0..n), in time order: the nearest within 50 usec, or NULL.
 */
const struct latt_dec_rec *latt_decision_find(const struct latt_dec_rec *recs,
					      size_t n, pid_t pid,
					      uint64_t ts);

/*
 * A line that says @d, as the report prints it ("" if !have); @name
 * names the running task (its comm, or "latt client 2"; NULL: its comm).
 */
char *latt_decision_text(const struct latt_decision *d, const char *name,
			 char *buf, size_t len);

/* "preempted", "lazy", ... for the JSON. */
const char *latt_why_name(int why);

#endif /* LATT_TRACE_DECISION_H */
