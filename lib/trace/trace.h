/* SPDX-License-Identifier: GPL-2.0-only */
/* latt's ftrace instance. */
#ifndef LATT_TRACE_TRACE_H
#define LATT_TRACE_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/*
 * latt's own ftrace instance (libtracefs), for -b (breaktrace): the
 * scheduler's events (sched_waking, sched_wakeup, sched_switch,
 * sched_migrate_task) recorded while a run measures, stamped with
 * CLOCK_MONOTONIC like latt's own samples, in an instance of its own so
 * that tracing already on elsewhere is not disturbed.  tracefs is
 * mounted if it is not; the instance is made once per latt, before it
 * gives up its privileges, and removed at the end unless kept.
 *
 * The waker stops tracing from its loop with two plain writes (a marker
 * in trace_marker, then 0 in tracing_on), so the trace ends where the
 * spike was seen; the marker itself stops tracing where the kernel has
 * triggers on trace_marker (a traceoff trigger on ftrace/print), so that
 * nothing on its CPU is recorded after it.
 */

struct latt_explained;

/*
 * The trace's part of a run's result (run/result.h), filled as the run
 * traces: -b's instance and the wakeup that stopped the run, --explain's
 * worst wakeups told and the scheduler's decisions read, each with what
 * was lost.
 */
struct latt_trace_sum {
	/* -b: the wakeup that stopped the run, and where its trace is */
	bool traced;			/* the run was traced */
	bool kept;			/* ... and the instance is left */
	const char *name;		/* the instance: "latt-PID" */
	const char *dir;
	unsigned int break_client;	/* 0-based */
	pid_t break_pid;
	int break_cpu;			/* -1: not known */
	uint64_t break_ns;
	uint64_t lost;			/* events overwritten or dropped */
	/* --explain: the worst wakeups told (allocated), or why not */
	struct latt_explained *explained;
	unsigned int nexplained;
	bool explain_traced;		/* its own trace was recorded */
	const char *explain_name;	/* ... in this instance */
	uint64_t events;		/* scheduler events read */
	uint64_t explain_lost;		/* ... and those that did not fit */
	int explain_error;		/* -errno of reading the trace */
	bool decisions_traced;		/* the scheduler's decisions were
					   recorded (lib/trace/decision.h) */
	int decisions_error;		/* -errno of reading them */
	uint64_t decisions;		/* records read (wakeups onto a busy
					   CPU) ... */
	uint64_t decisions_lost;	/* ... and those that did not fit */
};

struct tracefs_instance;

struct latt_trace {
	struct tracefs_instance *inst;
	char name[64];		/* "latt-PID", "latt-PID-explain" */
	char dir[256];		/* its path, for the user */
	int marker_fd;		/* trace_marker */
	int on_fd;		/* tracing_on */
	bool keep;		/* leave the instance for the user */
	int undo;		/* its undo record entry (0: none) */
};

/*
 * Mount tracefs if needed and make the instance "latt-PID@suffix"
 * (@suffix "" or "-explain"), with @buffer_kb of ring
 * buffer per CPU and the events enabled; tracing stays off.  With
 * @overwrite the latest events stay (a flight recorder, for -b); without,
 * the first (--explain: what does not fit is dropped and counted).  The
 * instance is written in the undo record (settings/undo.h) before it
 * is made.  0, or -errno with one line in @err (no tracefs, no rights,
 * built without libtracefs).
 */
int latt_trace_open(struct latt_trace *t, const char *suffix,
		    unsigned int buffer_kb, bool overwrite, char *err,
		    size_t len);

/*
 * Remove the instance, unless t->keep (then a later latt leaves it
 * alone too); free what was held.
 */
void latt_trace_close(struct latt_trace *t);

struct latt_ev;

/*
 * Empty the buffer and start tracing (each run), stamped with @clock
 * ("mono", "mono_raw": the run's).  0 or -errno.
 */
int latt_trace_start(struct latt_trace *t, const char *clock);

/* Stop tracing. */
void latt_trace_stop(struct latt_trace *t);

/*
 * Write @text into the trace (trace_marker) and stop tracing at once:
 * the marker is the trace's last event.  0 or -errno of the marker.
 */
int latt_trace_mark_stop(struct latt_trace *t, const char *text);

/* Events the ring buffer dropped or overwrote since the start. */
uint64_t latt_trace_lost(struct latt_trace *t);

/*
 * Read the trace's scheduler events into @ev (malloc'd, *@n of them, in
 * time order).  0 or -errno.
 */
int latt_trace_read(struct latt_trace *t, struct latt_ev **ev, size_t *n);

#endif /* LATT_TRACE_TRACE_H */
