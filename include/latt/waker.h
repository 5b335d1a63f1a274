/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The waker: the latt process itself during a measurement.  It owns the
 * clients and the target, sleeps a random time, wakes every client with a
 * fresh time stamp, collects their answers, and repeats until the target
 * exits, the duration is over, a signal arrives or a client dies.  It then
 * stops the target (SIGTERM to its group, SIGKILL after the grace period)
 * and the clients, and reaps every process it started.
 *
 * Everything the waker waits for (answers, the sleep and the deadline
 * timers, signals including SIGCHLD) is one epoll set, so no event is
 * missed while it waits for another and nothing is polled in a loop.
 * SIGINT, SIGTERM, SIGHUP and SIGCHLD are blocked from latt_waker_init()
 * on and read through a signalfd; children get the original mask back.
 */
#ifndef LATT_WAKER_H
#define LATT_WAKER_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "latt/client.h"
#include "latt/clock.h"
#include "latt/result.h"
#include "latt/target.h"

struct latt_waker_opts {
	uint64_t min_ns, max_ns;	/* sleep between cycles (-s, -S) */
	uint64_t duration_ns;		/* bound on the run; 0 for none */
	uint64_t grace_ns;		/* SIGTERM to SIGKILL of the target */
	FILE *verbose;			/* -v: where samples go; NULL: off */
	uint64_t seed;			/* for the random sleeps */
};

struct latt_waker {
	struct latt_waker_opts opts;
	const struct latt_clock *clock;
	struct latt_client *clients;
	unsigned int nclients;		/* started so far */
	unsigned int nreaped;		/* of those, reaped */
	struct latt_target *target;	/* NULL when there is none */
	sigset_t saved_mask;		/* the mask before init */
	int epfd, sigfd, sleep_fd, deadline_fd;
	uint64_t rng;
	unsigned int pending;		/* answers still due this cycle */
	bool timer_fired;
	bool stopping;			/* in latt_waker_finish() */

	/* how the run went */
	enum latt_stop stop;
	int stop_signal;
	int dead_client;		/* index, or -1 */
	int error;			/* -errno */
	bool target_killed;		/* latt had to stop the target */
	uint64_t cycles;
	uint64_t start_ns, end_ns;
};

/*
 * Prepare @w: block the signals it handles, make latt the subreaper of
 * the target's descendants, and set up epoll, the signalfd and the timers.
 * @clients must have room for every client to be spawned.  0 or -errno.
 */
int latt_waker_init(struct latt_waker *w, const struct latt_waker_opts *o,
		    const struct latt_clock *clock, struct latt_client *clients);

/* The signal mask to give to children (the one before init). */
const sigset_t *latt_waker_child_mask(const struct latt_waker *w);

/*
 * Start @n clients with @cfg, their slots in @slots.  On failure the
 * clients started so far are stopped by latt_waker_finish().  0 or -errno.
 */
int latt_waker_spawn_clients(struct latt_waker *w, unsigned int n,
			     struct latt_client_slot *slots,
			     const struct latt_client_cfg *cfg);

/* Hand the started target to @w, which will reap and stop it. */
void latt_waker_set_target(struct latt_waker *w, struct latt_target *t);

/*
 * Measure until something stops the run; w->stop says what.  Returns 0,
 * or -errno when the waker itself failed (also in w->error).
 */
int latt_waker_run(struct latt_waker *w);

/*
 * Stop the target (SIGTERM to its group, SIGKILL after the grace period),
 * hang up on the clients (SIGKILL for any that does not leave within a
 * second), stop the target's descendants that left its group the same
 * way as the group, and reap all of them.  A SIGINT arriving now is
 * ignored, so the report is not lost.
 */
void latt_waker_finish(struct latt_waker *w);

/*
 * Close what init opened.  The signals stay blocked: one that came after
 * the last read would otherwise kill latt before it could exit with its
 * own status.
 */
void latt_waker_destroy(struct latt_waker *w);

/* Fill the run fields of @r (stop, cycles, elapsed, dead client). */
void latt_waker_result(const struct latt_waker *w, struct latt_result *r);

#endif /* LATT_WAKER_H */
