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
 * missed while it waits for another and nothing is polled in a loop.  A
 * waker lives for one run; the process-wide state it relies on
 * (blocked signals, the signalfd, the subreaper) is the session's.
 *
 * A wakeup still unanswered when the run ends is not lost: if its client
 * never ran before it was stopped, the wait until then is recorded as its
 * sample (a lower bound), and counted in the result's unanswered.
 */
#ifndef LATT_WAKER_H
#define LATT_WAKER_H

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/epoll.h>

#include "measure/clock.h"
#include "measure/hist.h"
#include "measure/stats.h"
#include "measure/wake.h"
#include "run/client.h"
#include "run/jobctl.h"
#include "run/live.h"
#include "run/result-stop.h"
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
	pid_t helper;			/* a process the run needs (the
					   sched_ext scheduler); 0: none */
	const char *helper_name;
	bool helper_reaped;		/* it ended: the run failed */
	int helper_status;
	pid_t starter;			/* latt-client, while it starts the
					   clients; 0: none */
	bool starter_reported;		/* its report is in */
	bool starter_reaped;		/* it ended ... */
	int starter_status;		/* ... so, as from waitpid() */
	pid_t guard;			/* the session's latt-guard, a child
					   of latt but no stray; 0: none */
	struct latt_session *session;	/* to start a guard that died again;
					   NULL: not done */
	int epfd, sleep_fd, deadline_fd;
	int watch_fd;			/* ticks to look for a stalled cycle */
	int notify_fd;			/* thread clients' state changes */
	int sigfd;			/* the session's */
	/* The looker (waker-watch.c): */
	bool looker_on;			/* it runs: answers are read */
	pthread_t looker;
	int look_epfd, look_quit_fd;	/* what it watches; its end */
	atomic_int looked;		/* it saw events: the waker must look */
	atomic_int reading;		/* the waker is in its read() */
	atomic_bool look_quit;		/* the looker is to end */
	atomic_bool look_failed;	/* it could not go on, and ended */
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
 * Measure until something stops the run; w->stop says what.  Returns 0,
 * or -errno when the waker itself failed (also in w->error).
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

/*
 * Between the waker's files, in one direction: lib/run/waker.c (set-up and
 * the event loop) and lib/run/waker-stop.c (stopping) call the parts,
 * lib/run/waker-procs.c (reaping, signals), lib/run/waker-job.c (latt stopped
 * and continued: job control) of which waker-procs.c calls waker-job.c; none calls back.  What they all
 * use of the waker's state is here, inline.
 */

/* What an epoll event of the waker is, besides a client's index. */
#define LATT_WAKER_TAG_SIGNAL	(1ULL << 32)
#define LATT_WAKER_TAG_SLEEP	(LATT_WAKER_TAG_SIGNAL + 1)
#define LATT_WAKER_TAG_DEADLINE	(LATT_WAKER_TAG_SIGNAL + 2)
#define LATT_WAKER_TAG_ANSWER	(LATT_WAKER_TAG_SIGNAL + 3)
#define LATT_WAKER_TAG_WATCH	(LATT_WAKER_TAG_SIGNAL + 4)
#define LATT_WAKER_TAG_THREAD	(LATT_WAKER_TAG_SIGNAL + 5)
#define LATT_WAKER_TAG_LIVE	(LATT_WAKER_TAG_SIGNAL + 6)

/*
 * Record why the run stops, by latt_stop_wins()'s rule: the one place the
 * waker does.  Its parts (reaping, signals, job control, the live line)
 * return what happened to the loop that called them, which records it
 * here.  Once latt stops on its own, what its stopping causes (clients
 * reaped, the command's exit) is no reason; a request to stop still is.
 * Returns true when @why was recorded (waker.c).
 */
bool latt_waker_stop(struct latt_waker *w, const struct latt_stop_why *why);

/* Record that the run stops for @stop, with @error (-errno, or 0). */
static inline bool latt_waker_stop_for(struct latt_waker *w,
				       enum latt_stop stop, int error)
{
	struct latt_stop_why why;

	return latt_waker_stop(w, latt_stop_say(&why, stop, error, NULL));
}

/*
 * The watchdog's tick: has this cycle waited too long for its answers?
 * Says so once, naming the clients (waker-watch.c).
 */
void latt_waker_watch(struct latt_waker *w);

/*
 * The looker (waker-watch.c): a thread that watches the waker's events
 * (its signals, the run's timers, thread clients' notices) so that the
 * waker can wait for a cycle's answers in a read() of the answer's
 * eventfd rather than in epoll_wait(): on an event it adds
 * LATT_LOOK_MARK to that eventfd and waits until the waker has looked.
 * Started once the clients are: without it (it could not start) the
 * waker waits in epoll_wait() as everywhere else.
 */
#define LATT_LOOK_MARK	(1ULL << 32)
void latt_waker_looker_start(struct latt_waker *w);
void latt_waker_looker_stop(struct latt_waker *w);

/* The waker has handled its events: the looker may watch again. */
void latt_waker_looked(struct latt_waker *w);

/*
 * Wait for the cycle's answers in a read() of the answer's eventfd.  0:
 * answers came (or all are in), 1: the looker rang, the events are to be
 * handled; -errno.
 */
int latt_waker_answer_wait(struct latt_waker *w);

/* Client @i died: the run stops. */
static inline void latt_waker_client_gone(struct latt_waker *w,
					  unsigned int i)
{
	struct latt_stop_why why;

	latt_stop_say(&why, LATT_STOP_CLIENT, 0, NULL)->client = (int)i;
	latt_waker_stop(w, &why);
}

/* Watch @fd in @epfd as @tag.  0 or -errno. */
static inline int latt_waker_epoll_add(int epfd, int fd, uint64_t tag,
				       uint32_t flags)
{
	struct epoll_event ev = { .events = EPOLLIN | flags, .data.u64 = tag };

	return epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev) ? -errno : 0;
}

/* A thread client stopped: take note (waker-procs.c). */
void latt_waker_reap_threads(struct latt_waker *w);

/* Reap what ended and read the signals that came (waker-procs.c). */
void latt_waker_read_signals(struct latt_waker *w);

/*
 * Arm the deadline of -t for the run's start plus the duration plus the
 * time latt was stopped; nothing without -t (waker-stop.c).  0 or
 * -errno.
 */
int latt_waker_arm_deadline(struct latt_waker *w);

/*
 * SIGTSTP (^Z) came, or SIGCONT while latt was not stopping itself:
 * job control stops and continues latt (run/jobctl.h), and the time it
 * was stopped is left out of the run (waker-stop.c).  0, or the -errno
 * of moving -t's deadline by that time: the run then stops.
 */
int latt_waker_job_stop(struct latt_waker *w);
int latt_waker_continued(struct latt_waker *w);

/* How long clients get to leave after the hang-up before SIGKILL. */
#define LATT_CLIENT_EXIT_NS	(1000ULL * 1000 * 1000)
/* How long a SIGKILLed process may take to be reaped before giving up. */
#define LATT_KILL_WAIT_NS	(5000ULL * 1000 * 1000)

#endif /* LATT_WAKER_H */
