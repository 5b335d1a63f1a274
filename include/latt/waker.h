/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The waker: the latt process itself during a run.  It owns the clients
 * and the target, sleeps a random time, wakes every client with a fresh
 * time stamp, collects their answers, and repeats until the target exits,
 * the duration is over, a signal arrives or a client dies.  It then stops
 * the target (SIGTERM to its group, SIGKILL after the grace period) and
 * the clients, and reaps every process it started.
 *
 * Everything the waker waits for (the clients' shared answer, the sleep
 * and the deadline timers, the session's signalfd with SIGCHLD, which
 * also tells of a client that died) is one epoll set, so no event is
 * missed while it waits for another and nothing is polled in a loop.  A waker lives for one run; the process-wide state it relies on
 * (blocked signals, the signalfd, the subreaper) is the session's.
 *
 * A wakeup still unanswered when the run ends is not lost: if its client
 * never ran before it was stopped, the wait until then is recorded as its
 * sample (a lower bound), and counted in w->stalled.
 */
#ifndef LATT_WAKER_H
#define LATT_WAKER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "latt/client.h"
#include "latt/clock.h"
#include "latt/config.h"
#include "latt/explain.h"
#include "latt/result.h"
#include "latt/session.h"
#include "latt/target.h"

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
	pid_t helper;			/* a process the run needs (the
					   sched_ext scheduler); 0: none */
	const char *helper_name;
	bool helper_reaped;		/* it ended: the run failed */
	int helper_status;
	pid_t guard;			/* the session's latt-guard, a child
					   of latt but no stray; 0: none */
	int epfd, sleep_fd, deadline_fd;
	int watch_fd;			/* ticks to look for a stalled cycle */
	int notify_fd;			/* thread clients' state changes */
	int sigfd;			/* the session's */
	uint64_t rng;
	unsigned int pending;		/* clients woken this cycle; 0 once
					   the last has answered */
	bool timer_fired;
	bool stopping;			/* in latt_waker_finish() */
	bool warming;			/* samples are still dropped */
	uint64_t warm_end_ns;
	uint64_t planned_ns;		/* when this cycle's sleep should end */
	uint64_t cycle_start_ns;	/* when this cycle's wakes began */
	bool cycle_stalled;		/* it waited too long for an answer */
	struct latt_stats late;		/* how late the waker woke, each cycle */
	struct latt_hist late_hist;

	/* -b, --explain: the trace, the wakeup that stopped it, the worst */
	struct latt_trace *trace;	/* for -b and the user */
	struct latt_trace *xtrace;	/* for --explain */
	struct latt_worst worst[LATT_EXPLAIN_MAX];
	unsigned int nworst;
	bool break_hit;
	unsigned int break_client;
	int break_cpu;
	uint64_t break_ns;

	/* live output on stderr (progress, -i): the samples as answered */
	int live_fd;			/* its timer; -1: none */
	bool live_tty;			/* a line updated in place */
	bool live_shown;		/* ... which is on the screen */
	uint64_t live_ns;		/* its period */
	unsigned int run_no, runs_total;	/* "run 2/6" */
	uint64_t interval_start_ns;
	struct latt_stats live, interval;
	struct latt_hist live_hist, interval_hist;

	/* how the run went */
	enum latt_stop stop;
	int stop_signal;
	int dead_client;		/* index, or -1 */
	int error;			/* -errno */
	char what[256];			/* what failed, for SETUP and ERROR */
	bool target_killed;		/* latt had to stop the target */
	uint64_t cycles;
	uint64_t start_ns, end_ns;	/* of measuring, after the warm-up */
	uint64_t run_start_ns;		/* of the run, warm-up included */
	uint64_t overrun_ns;		/* past --duration when it ended */
	uint64_t stalled;
	uint64_t stalled_cycles;	/* whose answers took too long */
	uint64_t stalled_ns;		/* their time, without wakeups */
	bool has_ctxt;
	uint64_t ctxt_start, ctxt_end;
	/* the kernel's view of the clients while measuring */
	int kview_error;		/* 0, or -errno of a schedstat read */
	struct latt_schedstat kview;	/* summed over the clients */
	uint64_t kview_wakeups;		/* their samples meanwhile */
	/* latt's own load while measuring: the waker's CPU time, the CPUs */
	uint64_t waker_cpu_start, waker_cpu_ns;
	cpu_set_t client_cpus;		/* the clients may use, at the end */
};

/*
 * Prepare @w for one run of @cfg: epoll, the timers, the session's
 * signalfd, the clients' shared @answer.  @clients must have room for
 * cfg->clients.  The sleeps are drawn from @seed.  0 or -errno.
 */
int latt_waker_init(struct latt_waker *w, const struct latt_run_cfg *cfg,
		    const struct latt_session *s,
		    const struct latt_clock *clock,
		    struct latt_client *clients, struct latt_answer *answer,
		    uint64_t seed);

/*
 * Start cfg->clients clients with @ccfg, their slots in @slots.  A client
 * that cannot apply its settings stops the run (LATT_STOP_SETUP).  On
 * failure the clients started so far are stopped by latt_waker_finish().
 * 0 or -errno.
 */
int latt_waker_spawn_clients(struct latt_waker *w,
			     struct latt_client_slot *slots,
			     const struct latt_client_cfg *ccfg);

/* Hand the started target to @w, which will reap and stop it. */
void latt_waker_set_target(struct latt_waker *w, struct latt_target *t);

/*
 * Watch @pid, a child the run needs but does not stop (the sched_ext
 * scheduler, @name): if it ends during the run, the run fails.
 */
void latt_waker_set_helper(struct latt_waker *w, pid_t pid, const char *name);

/*
 * Record that the run failed for reason @why (set-up, the command not
 * executable, ...): @error (-errno, or 0) and @what ("waker: setting its
 * cpus").  The first reason recorded wins.
 */
void latt_waker_fail(struct latt_waker *w, enum latt_stop why, int error,
		     const char *what);

/*
 * Measure until something stops the run; w->stop says what.  Returns 0,
 * or -errno when the waker itself failed (also in w->error).
 */
int latt_waker_run(struct latt_waker *w);

/*
 * Stop the target (SIGTERM to its group, SIGKILL after the grace period),
 * hang up on the clients (SIGKILL for any that does not leave within a
 * second), stop the target's descendants that left its group the same
 * way as the group, and reap all of them.  Then record the wakeups that
 * never ran (see above).  A SIGINT arriving now is ignored, so the report
 * is not lost.
 */
void latt_waker_finish(struct latt_waker *w);

/* Close what init opened (not the session's signalfd). */
void latt_waker_destroy(struct latt_waker *w);

/* Fill the run fields of @r (stop, cycles, elapsed, dead client, ...). */
void latt_waker_result(const struct latt_waker *w, struct latt_result *r);

#endif /* LATT_WAKER_H */
