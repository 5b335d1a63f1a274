// SPDX-License-Identifier: GPL-2.0-only
/*
 * The looker (lib/run/looker.h): the thread that lets the waker wait for
 * a cycle's answers in a read().
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
#include "run/jobctl.h"
#include "run/looker.h"

/* The looker's tag for its own end; the events it watches are tagged 0. */
#define LOOK_QUIT	1

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
 * (failed), rings, and ends: the waker goes back to epoll_wait().
 */
static void *looker(void *arg)
{
	struct latt_looker *lk = arg;
	const uint64_t mark = LATT_LOOK_MARK;
	struct epoll_event ev[8];
	int i, n;

	while (!atomic_load(&lk->quit)) {
		n = epoll_wait(lk->epfd, ev, 8, -1);
		if (n < 0 && errno != EINTR)
			goto failed;
		for (i = 0; i < n; i++)
			if (ev[i].data.u64 == LOOK_QUIT)
				return NULL;
		if (n <= 0)
			continue;
		atomic_store(&lk->looked, 1);
		if (atomic_load(&lk->reading) &&
		    write(lk->answer_fd, &mark, sizeof(mark)) < 0)
			goto failed;
		while (atomic_load(&lk->looked) && !atomic_load(&lk->quit))
			futex_wait(&lk->looked, 1);
	}
	return NULL;
failed:
	atomic_store(&lk->failed, true);
	if (write(lk->answer_fd, &mark, sizeof(mark)) < 0)
		atomic_store(&lk->looked, 1);
	return NULL;
}

void latt_looker_init(struct latt_looker *lk)
{
	lk->on = false;
	lk->answer_fd = lk->epfd = lk->quit_fd = -1;
}

void latt_looker_looked(struct latt_looker *lk)
{
	if (!atomic_load_explicit(&lk->looked, memory_order_relaxed))
		return;
	atomic_store(&lk->looked, 0);
	futex_wake(&lk->looked);
}

static int look_add(struct latt_looker *lk, int fd, uint64_t tag)
{
	struct epoll_event ev = { .events = EPOLLIN, .data.u64 = tag };

	if (fd < 0)
		return 0;
	return epoll_ctl(lk->epfd, EPOLL_CTL_ADD, fd, &ev) ? -errno : 0;
}

bool latt_looker_start(struct latt_looker *lk, int answer_fd,
		       const int *fds, unsigned int n)
{
	unsigned int i;
	int ret;

	atomic_store(&lk->looked, 0);
	atomic_store(&lk->reading, 0);
	atomic_store(&lk->quit, false);
	atomic_store(&lk->failed, false);
	lk->answer_fd = answer_fd;
	lk->epfd = epoll_create1(EPOLL_CLOEXEC);
	lk->quit_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (lk->epfd < 0 || lk->quit_fd < 0)
		goto fail;
	ret = look_add(lk, lk->quit_fd, LOOK_QUIT);
	for (i = 0; !ret && i < n; i++)
		ret = look_add(lk, fds[i], 0);
	if (ret || pthread_create(&lk->thread, NULL, looker, lk))
		goto fail;
	/* Named, so that ps -L and the tests tell it from a client. */
	pthread_setname_np(lk->thread, "latt-looker");
	lk->on = true;
	return true;
fail:
	latt_close(&lk->epfd);
	latt_close(&lk->quit_fd);
	return false;
}

bool latt_looker_stop(struct latt_looker *lk)
{
	const uint64_t one = 1;

	if (!lk->on)
		return false;
	atomic_store(&lk->quit, true);
	/* An eventfd's write fails only on overflow: not this one's. */
	if (write(lk->quit_fd, &one, sizeof(one)) < 0)
		perror("latt: ending the looker");
	atomic_store(&lk->looked, 0);
	futex_wake(&lk->looked);
	pthread_join(lk->thread, NULL);
	lk->on = false;
	latt_close(&lk->epfd);
	latt_close(&lk->quit_fd);
	return true;
}

int latt_looker_wait(struct latt_looker *lk, struct latt_answer *answer,
		     struct latt_jobctl *job)
{
	uint64_t v;
	ssize_t n;

	if (!latt_answer_due(answer))
		return LATT_LOOK_ANSWERS;
	if (atomic_load(&lk->failed))
		return LATT_LOOK_FAILED;
	atomic_store(&lk->reading, 1);
	if (atomic_load(&lk->looked)) {
		atomic_store(&lk->reading, 0);
		return LATT_LOOK_EVENTS;
	}
	latt_jobctl_idle(job, latt_mono_ns());
	n = read(answer->fd, &v, sizeof(v));
	atomic_store(&lk->reading, 0);
	latt_jobctl_waited(job, (int)n);
	if (n < 0)
		return errno == EINTR ? LATT_LOOK_EVENTS : -errno;
	return v >= LATT_LOOK_MARK || atomic_load(&lk->looked) ?
	       LATT_LOOK_EVENTS : LATT_LOOK_ANSWERS;
}
