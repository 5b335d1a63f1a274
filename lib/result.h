/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What only the library uses of lib/result*; what the module is, and the
 * part the programs call, is in include/latt/result.h.
 */
#ifndef LATT_LIB_RESULT_H
#define LATT_LIB_RESULT_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <time.h>

#include "latt/result.h"
#include "config.h"
#include "sysinfo.h"

#define LATT_STATUS_MAX		(LATT_WHAT_MAX + 256)

#define LATT_EXIT_TARGET	4
#define LATT_EXIT_BREAK		5	/* -b reached */

#define LATT_EXIT_NOEXEC	127

/*
 * An overrun of --duration worth saying: latt was kept from running, or
 * a cycle of many clients took that long.
 */
#define LATT_OVERRUN_NS		(100ULL * 1000 * 1000)

/*
 * The waker woke "late" when it once was later than this, and later than
 * any client's wakeup latency: for that long nobody was woken, and no
 * sample can show it.  A fair task is rarely 10 ms late unless starved.
 */
#define LATT_WAKER_LAG_NS	(10ULL * 1000 * 1000)

/*
 * latt's own load: the CPU time of its clients (schedstat) and of the
 * waker while measuring, over the run's capacity, its duration times the
 * CPUs the clients may use.  It dominates what was measured, and the
 * report says so, when either
 *  - the clients queue behind each other: there are more clients than
 *    CPUs, and the clients' CPU time per cycle spread over those CPUs is
 *    at least LATT_LOAD_QUEUE_PCT % of the mean wakeup latency; or
 *  - latt keeps the CPUs busy: its load is LATT_LOAD_BUSY_PCT % or more.
 */
#define LATT_LOAD_QUEUE_PCT	50
#define LATT_LOAD_BUSY_PCT	50

/*
 * A steal time of this share of the run's CPU time, or more, is noted,
 * when it is more than LATT_STEAL_NOTE_TICKS of the ticks it is counted
 * in (one tick of a short run is no pattern).
 */
#define LATT_STEAL_NOTE_PCT	1
#define LATT_STEAL_NOTE_TICKS	2

/* Short description of how the run ended ("complete", "interrupted"). */
const char *latt_stop_name(enum latt_stop stop);

/* Its key in the JSON's and the CSV's "stop": "duration", "signal". */
const char *latt_stop_key(enum latt_stop stop);

/* Is @stop the end that was asked for: -t reached, or the command's exit? */
bool latt_stop_normal(enum latt_stop stop);

/*
 * The one rule of which reason stops a run: does @why take the place of
 * @now?  The first reason wins, except that a normal end (the duration,
 * the command's exit) gives way to a request to stop (a signal: the run
 * says so, and no other run follows) and to an error found at the end (a
 * run whose scheduler was gone, or whose client would not leave, is no
 * result).
 */
bool latt_stop_wins(enum latt_stop now, enum latt_stop why);

/*
 * After @stop, are the clients' answers still in flight waited for (a
 * normal end, or ^C), so that their wakeups count?
 */
bool latt_stop_drains(enum latt_stop stop);

/*
 * How the run went, in the words of the report's Status line: "complete
 * (command exited)", "interrupted by SIGINT", "failed: client 3 killed by
 * signal 9", "failed: no wakeup was measured"; whole in a @buf of
 * LATT_STATUS_MAX bytes.  Returns @buf.
 */
char *latt_result_status(const struct latt_result *r, char *buf, size_t len);

/*
 * Why the run is not a success, as one sentence for standard error
 * ("client 3 (pid 812) killed by signal 9: the report has its samples
 * until then"); "" for a success.  Returns @buf.  With
 * latt_result_status(), the one place where how a run ended is worded.
 */
char *latt_result_verdict(const struct latt_result *r, char *buf, size_t len);

/*
 * Coordinated omission: about how many wakeups the stalled cycles kept
 * from being made (while a cycle waits for a late answer, no client is
 * woken), from the mean length of the cycles that did not stall.  0 when
 * no cycle stalled, or none ran normally to compare with.
 */
uint64_t latt_result_not_made(const struct latt_result *r);

/* The hypervisor's share of the CPUs' time while measuring; NaN unknown. */
double latt_result_steal_share(const struct latt_result *r);

/* Is that share one to note: LATT_STEAL_NOTE_PCT, over a few ticks? */
bool latt_result_steal_noted(const struct latt_result *r);

/* True when latt's own load dominates what it measured (either rule). */
bool latt_result_load_dominates(const struct latt_result *r);

/*
 * The first of the command's metrics (cfg.tm) that its output never
 * gave a number for, or -1: such a run failed (exit status 2).
 */
int latt_result_tm_missing(const struct latt_result *r);

/* True when the run measured (there is something to report). */
bool latt_result_measured(const struct latt_result *r);

/*
 * Did it measure what it was to measure: a wakeup of its clients, or
 * with -c 0 the command's own waits?
 */
bool latt_result_measured_any(const struct latt_result *r);

/* Did the run have a command, and did it start (it was executed)? */
bool latt_result_command_ran(const struct latt_result *r);

/* True when it measured and succeeded (exit status 0): "complete". */
bool latt_result_complete(const struct latt_result *r);

/*
 * Describe wait status @status ("exited with status 1", "killed by signal
 * 9 (Killed)") into @buf of @len bytes.  Returns @buf.
 */
char *latt_describe_status(int status, char *buf, size_t len);

/* Name signal @sig ("SIGINT"; "signal 40" where it has none).  Returns @buf. */
char *latt_signal_name(int sig, char *buf, size_t len);

#endif /* LATT_LIB_RESULT_H */
