/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The waker: the latt process itself during a run.  It owns the clients
 * and the target, sleeps a random time, wakes every client with a fresh
 * time stamp, collects their answers, and repeats until the target exits,
 * the duration is over, a signal arrives or a client dies.  It then stops
 * the target (SIGTERM to its group, SIGKILL after the grace period) and
 * the clients, and reaps every process it started.
 *
 * The waker is one module in three files, which alone own struct
 * latt_waker and alone decide how a run stops: waker.c (set-up and the
 * event loop), waker-start.c (starting the clients) and waker-stop.c
 * (stopping), sharing lib/run/waker-own.h.  Its parts each own a struct
 * of their own in it and return what happened, never seeing the waker:
 * job control (run/jobctl.h), the live line (run/live.h), the looker
 * (run/looker.h) and reaping (run/reap.h).
 *
 * Everything the waker waits for (the clients' shared answer, the sleep
 * and the deadline timers, the session's signalfd with SIGCHLD, which
 * also tells of a client that died) is one epoll set, so no event is
 * missed while it waits for another and nothing is polled in a loop.  A
 * waker lives for one run; the process-wide state it relies on
 * (blocked signals, the signalfd, the subreaper) is the session's.
 *
 * A wakeup still unanswered when the run ends is not lost: if its client
 * never ran before it was stopped, the wait until then is recorded as its
 * sample (a lower bound), and counted in the result's unanswered.
 */
#ifndef LATT_RUN_WAKER_H
#define LATT_RUN_WAKER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "measure/clock.h"
#include "measure/hist.h"
#include "measure/stats.h"
#include "measure/wake.h"
#include "run/client.h"
#include "run/jobctl.h"
#include "run/live.h"
#include "run/looker.h"
#include "run/reap.h"
#include "run/result.h"
#include "run/target.h"
#include "settings/config.h"
#include "settings/session.h"
#include "trace/explain.h"
#include "trace/trace.h"

struct latt_waker {
	const struct latt_run_cfg *cfg;
	const struct latt_clock *clock;
	FILE *samples;			/* -v: where samples go; NULL: off */
	const char *sample_prefix;	/* names the run in a sweep, or "" */
	struct latt_client *clients;
	struct latt_answer *answer;	/* the clients' shared answer */
	unsigned int nclients;		/* started so far */
	unsigned int nreaped;		/* of those, reaped */
	struct latt_target *target;	/* NULL when there is none */
	struct latt_children children;	/* the helper, latt-client and
					   latt-guard (run/reap.h) */
	struct latt_session *session;	/* to start a guard that died again;
					   NULL: not done */
	int epfd, sleep_fd, deadline_fd;
	int watch_fd;			/* ticks to look for a stalled cycle */
	int notify_fd;			/* thread clients' state changes */
	int sigfd;			/* the session's */
	struct latt_looker looker;	/* the thread that lets the waker
					   wait for answers in a read() */
	uint64_t rng;
	unsigned int pending;		/* clients woken this cycle; 0 once
					   the last has answered */
	bool timer_fired;
	bool stopping;			/* in latt_waker_finish() */
	unsigned int abandoned;		/* thread clients that never left */
	unsigned int stop_requests;	/* SIGINT, SIGTERM, SIGHUP read */
	unsigned int stop_requests_before;	/* ... before it stopped */
	bool warming;			/* samples are still dropped */
	uint64_t warm_end_ns;
	uint64_t planned_ns;		/* when this cycle's sleep should end */
	uint64_t cycle_start_ns;	/* when this cycle's wakes began */
	bool cycle_stalled;		/* it waited too long for an answer */
	struct latt_stats late;		/* how late the waker woke, each cycle */
	uint64_t sleep_late_max;	/* of its sleeps alone, not the end */

	/* -b, --explain: the trace, the wakeup that stopped it, the worst */
	struct latt_trace *trace;	/* for -b and the user */
	struct latt_trace *xtrace;	/* for --explain */
	struct latt_decisions *decisions;	/* ... its scheduler's
						   decisions; NULL: none */
	int decisions_error;		/* -errno of naming the clients */
	struct latt_worst worst[LATT_EXPLAIN_MAX];
	unsigned int nworst;
	bool break_hit;
	unsigned int break_client;
	int break_cpu;
	uint64_t break_ns;

	/* live output on stderr (progress, -i): the samples as answered */
	struct latt_live live;

	/* how the run goes: written into the result as it happens */
	struct latt_result *r;
	uint64_t start_ns, end_ns;	/* of measuring, after the warm-up */
	uint64_t run_start_ns;		/* of the run, warm-up included */
	bool has_ctxt;
	uint64_t ctxt_start, ctxt_end;
	/* steal time at the run's start and end, by CPU; --explain: at the
	   cycle's start too */
	int steal_cpus;			/* < 0: not known */
	uint64_t steal_start[LATT_STEAL_CPUS], steal_end[LATT_STEAL_CPUS];
	uint64_t steal_cycle[LATT_STEAL_CPUS];
	bool steal_cycle_ok;
	/* job control: latt stopped by SIGTSTP or SIGSTOP */
	struct latt_jobctl job;
	uint64_t stopped_warm_ns;	/* latt stopped before measuring */
	uint64_t stopped_end_ns;	/* ... until measuring ended */
	/* latt's own load while measuring: the waker's CPU time, the CPUs */
	uint64_t waker_cpu_start, waker_cpu_ns;
	cpu_set_t client_cpus;		/* the clients may use, at the end */
};

/*
 * Prepare @w for one run of @cfg, whose outcome it writes into @r as it
 * goes (how it stopped, cycles, stalls, ...): epoll, the timers, the
 * session's signalfd, the clients' shared @answer.  @clients must have
 * room for cfg->clients.  The sleeps are drawn from r->seed.  0 or
 * -errno.
 */
int latt_waker_init(struct latt_waker *w, const struct latt_run_cfg *cfg,
		    const struct latt_session *s,
		    const struct latt_clock *clock,
		    struct latt_client *clients, struct latt_answer *answer,
		    struct latt_result *r);

/*
 * Start cfg->clients clients as @share says (@share_fd: its memfd), their
 * slots in @slots: by latt-client where there is one of this latt's, else
 * forked here.  A client that cannot apply its settings stops the run
 * (LATT_STOP_SETUP).  On failure the clients started so far are stopped
 * by latt_waker_finish().  0 or -errno; -ECHILD when latt-client ended
 * before it reported.
 */
int latt_waker_spawn_clients(struct latt_waker *w,
			     struct latt_client_slot *slots,
			     struct latt_client_share *share, int share_fd);

/* Hand the started target to @w, which will reap and stop it. */
void latt_waker_set_target(struct latt_waker *w, struct latt_target *t);

/*
 * Watch @pid, a child the run needs but does not stop (the sched_ext
 * scheduler, @name): if it ends during the run, the run fails.
 */
void latt_waker_set_helper(struct latt_waker *w, pid_t pid, const char *name);

/*
 * Measure until something stops the run; the result's end says what
 * (w->r->end.why).  Returns 0, or -errno when the waker itself failed
 * (also in w->r->end.error).
 */
int latt_waker_run(struct latt_waker *w);

/*
 * Stop the target (SIGTERM to its group, SIGKILL after the grace period),
 * hang up on the clients (SIGKILL for any that does not leave within a
 * second), stop the target's descendants that left its group the same
 * way as the group, and reap all of them.  A thread client cannot be
 * killed alone: one still there LATT_CLIENT_EXIT_NS + LATT_KILL_WAIT_NS
 * after the hang-up (stuck in its work, or stopped by a debugger) is
 * abandoned: named on stderr, left running until latt exits, and the run
 * failed (w->abandoned; latt_waker_destroy() then leaves it its channel
 * and eventfd, and the run its memory).  Then record the wakeups that
 * never ran (see above), and what the result still lacks (how long it
 * measured, the dead client's end, the traces).  A SIGINT arriving now is
 * ignored, so the report is not lost.
 */
void latt_waker_finish(struct latt_waker *w);

/* Close what init opened (not the session's signalfd). */
void latt_waker_destroy(struct latt_waker *w);

/* How long clients get to leave after the hang-up before SIGKILL. */
#define LATT_CLIENT_EXIT_NS	(1000ULL * 1000 * 1000)
/* How long a SIGKILLed process may take to be reaped before giving up. */
#define LATT_KILL_WAIT_NS	(5000ULL * 1000 * 1000)

#endif /* LATT_RUN_WAKER_H */
