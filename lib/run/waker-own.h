/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Between the waker's own files, which alone include this header:
 * lib/run/waker.c (set-up and the event loop), lib/run/waker-start.c
 * (starting the clients) and lib/run/waker-stop.c (why the run stops,
 * decided from what happened, and stopping).  They own struct
 * latt_waker (lib/run/waker.h); its parts (run/jobctl.h, run/live.h,
 * run/looker.h, run/reap.h) each own a struct of their own in it, never
 * see the waker, and return what happened for the waker to decide.
 */
#ifndef LATT_RUN_WAKER_OWN_H
#define LATT_RUN_WAKER_OWN_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/epoll.h>

#include "run/result-stop.h"

struct latt_waker;

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
 * waker does (waker-stop.c).  Its parts return what happened to the
 * waker's code that called them, which decides here.  Once latt stops on
 * its own, what its stopping causes (clients reaped, the command's exit)
 * is no reason; a request to stop still is.  Returns true when @why was
 * recorded.
 */
bool latt_waker_stop(struct latt_waker *w, const struct latt_stop_why *why);

/* Record that the run stops for @stop, with @error (-errno, or 0). */
static inline bool latt_waker_stop_for(struct latt_waker *w,
				       enum latt_stop stop, int error)
{
	struct latt_stop_why why;

	return latt_waker_stop(w, latt_stop_say(&why, stop, error, NULL));
}

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

/*
 * Read the signals that came (the session's signalfd) and reap what
 * ended, deciding what each means for the run: a request to stop, latt
 * stopped or continued (run/jobctl.h), a child's end (run/reap.h)
 * (waker-stop.c).
 */
void latt_waker_read_signals(struct latt_waker *w);

/* Thread clients noticed a change: join those that ended (waker-stop.c). */
void latt_waker_reap_threads(struct latt_waker *w);

/*
 * Arm the deadline of -t for the run's start plus the duration plus the
 * time latt was stopped; nothing without -t (waker-stop.c).  0 or
 * -errno.
 */
int latt_waker_arm_deadline(struct latt_waker *w);

#endif /* LATT_RUN_WAKER_OWN_H */
