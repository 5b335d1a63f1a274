// SPDX-License-Identifier: GPL-2.0-only
/*
 * Watching a cycle's answers (lib/run/waker.h): the stall watchdog, and the
 * looker, the thread that lets the waker wait for answers in a read().
 *
 * A read() of an eventfd is the cheapest wait there is for the clients'
 * answer; epoll_wait(), which the waker needs for everything else, costs
 * several percent of a back-to-back round trip on one CPU.  But a read()
 * sees nothing else: not a ^C, the run's end, the watchdog's tick, a
 * death.  The looker watches those (level-triggered, in an epoll set of
 * its own) and, when one comes, adds LATT_LOOK_MARK to the answer's
 * eventfd: the waker's read() returns, the waker handles its events with
 * epoll_wait() at once, as it would have, and says so; only then does
 * the looker watch again (the events it saw are gone by then).  It costs
 * nothing per cycle: it sleeps until something happens.
 */
#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "base/util.h"
#include "measure/clock.h"
#include "measure/wake.h"
#include "run/client.h"
#include "run/waker.h"
#include "settings/config.h"

/* How many stalled clients a stall report names before it counts. */
#define STALL_NAMED	4

/* The looker's tag for its own end. */
#define LOOK_QUIT	1

/*
 * The answers of this cycle have taken @waited: name the clients still
 * unanswered, once, the first few by pid and the rest as a count.  Until
 * they answer no client is woken, and the report counts the cycle as
 * stalled.
 */
static void report_stall(struct latt_waker *w, uint64_t waited)
{
	unsigned int i, named = 0, more = 0;

	for (i = 0; i < w->nclients; i++) {
		const struct latt_client *c = &w->clients[i];

		if (!c->in_flight || latt_client_samples_in(c) >= c->sent)
			continue;
		if (named++ >= STALL_NAMED) {
			more++;
			continue;
		}
		fprintf(stderr, "latt: client %u (%s %d) has not answered for "
			"%.1f s: no client is woken until it does\n",
			c->id + 1, c->is_thread ? "tid" : "pid", (int)c->pid,
			(double)waited / 1e9);
	}
	if (more)
		fprintf(stderr, "latt: %u more clients have not answered for "
			"%.1f s\n", more, (double)waited / 1e9);
}

/*
 * The watchdog's tick (a quarter of the stall limit).  Checked by a
 * periodic timer rather than a timeout on every wait, which would arm a
 * timer in the kernel on every cycle.
 */
void latt_waker_watch(struct latt_waker *w)
{
	uint64_t waited;

	if (!w->pending || w->cycle_stalled)
		return;
	waited = latt_mono_ns() - w->cycle_start_ns;
	if (waited < latt_stall_limit_ns(w->cfg))
		return;
	report_stall(w, waited);
	w->cycle_stalled = true;
}

static void futex_wait(atomic_int *word, int val)
{
	syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, val, NULL, NULL, 0);
}

static void futex_wake(atomic_int *word)
{
	syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

/*
 * The looker's loop.  On an event it says so (looked = 1) and, if the
 * waker is in its read() of the answer, rings (the mark); then it waits
 * until the waker has looked, for the event it saw is not gone before.
 * The two flags are a handshake: the waker sets reading, then checks
 * looked; the looker sets looked, then checks reading (both sequentially
 * consistent), so at least one sees the other and no event waits for an
 * answer.  Outside the read (the waker sleeps in epoll_wait(), which sees
 * the same events), it does not ring: a mark left in the counter would
 * cost the next cycle an extra look.  Should the looker fail, it says so
 * (look_failed), rings, and ends: the waker goes back to epoll_wait().
 */
static void *looker(void *arg)
{
	struct latt_waker *w = arg;
	const uint64_t mark = LATT_LOOK_MARK;
	struct epoll_event ev[8];
	int i, n;

	while (!atomic_load(&w->look_quit)) {
		n = epoll_wait(w->look_epfd, ev, 8, -1);
		if (n < 0 && errno != EINTR)
			goto failed;
		for (i = 0; i < n; i++)
			if (ev[i].data.u64 == LOOK_QUIT)
				return NULL;
		if (n <= 0)
			continue;
		atomic_store(&w->looked, 1);
		if (atomic_load(&w->reading) &&
		    write(w->answer->fd, &mark, sizeof(mark)) < 0)
			goto failed;
		while (atomic_load(&w->looked) && !atomic_load(&w->look_quit))
			futex_wait(&w->looked, 1);
	}
	return NULL;
failed:
	atomic_store(&w->look_failed, true);
	if (write(w->answer->fd, &mark, sizeof(mark)) < 0)
		atomic_store(&w->looked, 1);
	return NULL;
}

void latt_waker_looked(struct latt_waker *w)
{
	if (!atomic_load_explicit(&w->looked, memory_order_relaxed))
		return;
	atomic_store(&w->looked, 0);
	futex_wake(&w->looked);
}

static int look_add(struct latt_waker *w, int fd, uint64_t tag)
{
	return fd < 0 ? 0 : latt_waker_epoll_add(w->look_epfd, fd, tag, 0);
}

void latt_waker_looker_start(struct latt_waker *w)
{
	int ret;

	atomic_store(&w->looked, 0);
	atomic_store(&w->reading, 0);
	atomic_store(&w->look_quit, false);
	atomic_store(&w->look_failed, false);
	w->look_epfd = epoll_create1(EPOLL_CLOEXEC);
	w->look_quit_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (w->look_epfd < 0 || w->look_quit_fd < 0)
		goto fail;
	/*
	 * The waker's events, less two: not its epoll set itself, whose
	 * sleep timer would wake the looker at every cycle's end of sleep,
	 * nor the answer, which the waker reads.
	 */
	ret = look_add(w, w->look_quit_fd, LOOK_QUIT);
	if (!ret)
		ret = look_add(w, w->sigfd, LATT_WAKER_TAG_SIGNAL);
	if (!ret)
		ret = look_add(w, w->deadline_fd, LATT_WAKER_TAG_DEADLINE);
	if (!ret)
		ret = look_add(w, w->watch_fd, LATT_WAKER_TAG_WATCH);
	if (!ret)
		ret = look_add(w, w->notify_fd, LATT_WAKER_TAG_THREAD);
	if (!ret)
		ret = look_add(w, w->live.fd, LATT_WAKER_TAG_LIVE);
	/* Without it, the waker waits in epoll_wait(): slower, no less. */
	if (ret || pthread_create(&w->looker, NULL, looker, w))
		goto fail;
	/* Named, so that ps -L and the tests tell it from a client. */
	pthread_setname_np(w->looker, "latt-looker");
	w->looker_on = true;
	/*
	 * Out of the waker's epoll set while it reads the answer: every
	 * answer would also run epoll's callback, a cost on every cycle.
	 */
	epoll_ctl(w->epfd, EPOLL_CTL_DEL, w->answer->fd, NULL);
	return;
fail:
	latt_close(&w->look_epfd);
	latt_close(&w->look_quit_fd);
}

void latt_waker_looker_stop(struct latt_waker *w)
{
	const uint64_t one = 1;

	if (!w->looker_on)
		return;
	atomic_store(&w->look_quit, true);
	/* An eventfd's write fails only on overflow: not this one's. */
	if (write(w->look_quit_fd, &one, sizeof(one)) < 0)
		perror("latt: ending the looker");
	atomic_store(&w->looked, 0);
	futex_wake(&w->looked);
	pthread_join(w->looker, NULL);
	w->looker_on = false;
	/* The drain waits for the last answers in epoll_wait() again. */
	if (latt_waker_epoll_add(w->epfd, w->answer->fd,
				 LATT_WAKER_TAG_ANSWER, EPOLLET))
		perror("latt: watching the answer again");
	latt_close(&w->look_epfd);
	latt_close(&w->look_quit_fd);
}

int latt_waker_answer_wait(struct latt_waker *w)
{
	uint64_t v;
	ssize_t n;

	if (!latt_answer_due(w->answer))
		return 0;
	if (atomic_load(&w->look_failed)) {
		/* Back to epoll_wait(), the answer in its set again. */
		latt_waker_looker_stop(w);
		return 1;
	}
	atomic_store(&w->reading, 1);
	if (atomic_load(&w->looked)) {
		atomic_store(&w->reading, 0);
		return 1;
	}
	latt_jobctl_idle(&w->job, latt_mono_ns());
	n = read(w->answer->fd, &v, sizeof(v));
	atomic_store(&w->reading, 0);
	latt_jobctl_waited(&w->job, (int)n);
	if (n < 0)
		return errno == EINTR ? 1 : -errno;
	return v >= LATT_LOOK_MARK || atomic_load(&w->looked);
}
