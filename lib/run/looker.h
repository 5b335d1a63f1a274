/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The looker: a thread that watches the waker's events (its signals, the
 * run's timers, thread clients' notices) so that the waker can wait for
 * a cycle's answers in a read() of the answer's eventfd rather than in
 * epoll_wait().
 *
 * A read() of an eventfd is the cheapest wait there is for the clients'
 * answer; epoll_wait(), which the waker needs for everything else, costs
 * several percent of a back-to-back round trip on one CPU.  But a read()
 * sees nothing else: not a ^C, the run's end, the watchdog's tick, a
 * death.  The looker watches those (level-triggered, in an epoll set of
 * its own) and, when one comes, adds LATT_LOOK_MARK to the answer's
 * eventfd: the waker's read() returns, the waker handles its events with
 * epoll_wait() at once, as it would have, and says so
 * (latt_looker_looked()); only then does the looker watch again (the
 * events it saw are gone by then).  It costs nothing per cycle: it
 * sleeps until something happens.
 *
 * What the events are, and what to do about them, is the waker's: the
 * looker only says that there are some.
 */
#ifndef LATT_RUN_LOOKER_H
#define LATT_RUN_LOOKER_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "measure/wake.h"
#include "run/jobctl.h"

/* What the looker adds to the answer's count when it rings. */
#define LATT_LOOK_MARK	(1ULL << 32)

struct latt_looker {
	bool on;			/* it runs: answers are read */
	pthread_t thread;
	int answer_fd;			/* where it rings */
	int epfd, quit_fd;		/* what it watches; its end */
	atomic_int looked;		/* it saw events: the waker must look */
	atomic_int reading;		/* the waker is in its read() */
	atomic_bool quit;		/* the looker is to end */
	atomic_bool failed;		/* it could not go on, and ended */
};

/* Not running, nothing open. */
void latt_looker_init(struct latt_looker *lk);

/*
 * Start the looker on the @n descriptors @fds (one < 0 is left out),
 * ringing @answer_fd.  True when it runs: the waker then takes the
 * answer out of its own epoll set, whose callback would cost every
 * answer.  False: it could not start, and the waker waits in
 * epoll_wait() as everywhere else: slower, no less.
 */
bool latt_looker_start(struct latt_looker *lk, int answer_fd,
		       const int *fds, unsigned int n);

/*
 * End the looker.  True when it ran: the waker puts the answer back in
 * its epoll set, to wait for the last answers there.
 */
bool latt_looker_stop(struct latt_looker *lk);

/* The waker has handled its events: the looker may watch again. */
void latt_looker_looked(struct latt_looker *lk);

/* What latt_looker_wait() saw. */
enum latt_look {
	LATT_LOOK_ANSWERS,	/* answers came (or all are in) */
	LATT_LOOK_EVENTS,	/* the looker rang: handle the events */
	LATT_LOOK_FAILED,	/* the looker failed and ended: stop it, and
				   handle the events in epoll_wait() */
};

/*
 * Wait for the cycle's answers on @answer in a read() of its eventfd,
 * the wait noted in @job (latt_jobctl_idle(), latt_jobctl_waited()).
 * An enum latt_look, or -errno.
 */
int latt_looker_wait(struct latt_looker *lk, struct latt_answer *answer,
		     struct latt_jobctl *job);

#endif /* LATT_RUN_LOOKER_H */
