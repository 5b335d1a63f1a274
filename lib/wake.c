// SPDX-License-Identifier: GPL-2.0-only
/*
 * Wake channels and the shared answer; see include/latt/wake.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "latt/wake.h"

static void close_fd(int *fd)
{
	if (*fd >= 0) {
		close(*fd);
		*fd = -1;
	}
}

int latt_wake_open(struct latt_wake_chan *ch, enum latt_wake_mech mech)
{
	int wake[2];

	ch->wake_rd = ch->wake_wr = -1;
	if (mech != LATT_WAKE_PIPE)
		return -EINVAL;
	ch->mech = mech;
	if (pipe2(wake, O_CLOEXEC))
		return -errno;
	ch->wake_rd = wake[0];
	ch->wake_wr = wake[1];
	return 0;
}

void latt_wake_hangup(struct latt_wake_chan *ch)
{
	close_fd(&ch->wake_wr);
}

void latt_wake_close(struct latt_wake_chan *ch)
{
	close_fd(&ch->wake_rd);
	close_fd(&ch->wake_wr);
}

int latt_wake_send(struct latt_wake_chan *ch, uint64_t stamp)
{
	ssize_t n;

	do {
		n = write(ch->wake_wr, &stamp, sizeof(stamp));
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	return n == sizeof(stamp) ? 0 : -EIO;
}

int latt_wake_recv(struct latt_wake_chan *ch, uint64_t *stamp)
{
	ssize_t n;

	do {
		n = read(ch->wake_rd, stamp, sizeof(*stamp));
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	if (n == 0)
		return 0;
	/* Writes of 8 bytes to a pipe are atomic: a short read is a bug. */
	return n == sizeof(*stamp) ? 1 : -EIO;
}

struct latt_answer *latt_answer_open(void)
{
	struct latt_answer *a;
	int fds[2], err;

	a = mmap(NULL, sizeof(*a), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (a == MAP_FAILED)
		return NULL;
	atomic_init(&a->due, 0);
	if (pipe2(fds, O_CLOEXEC))
		goto out_unmap;
	/* The waker drains it from epoll; a read must never block it. */
	if (fcntl(fds[0], F_SETFL, O_NONBLOCK)) {
		close(fds[0]);
		close(fds[1]);
		goto out_unmap;
	}
	a->rd = fds[0];
	a->wr = fds[1];
	return a;

out_unmap:
	err = errno;
	munmap(a, sizeof(*a));
	errno = err;
	return NULL;
}

void latt_answer_close(struct latt_answer *a)
{
	if (!a)
		return;
	close_fd(&a->rd);
	close_fd(&a->wr);
	munmap(a, sizeof(*a));
}

int latt_answer_give(struct latt_answer *a)
{
	char c = 0;
	ssize_t n;

	if (atomic_fetch_sub(&a->due, 1) != 1)
		return 0;
	do {
		n = write(a->wr, &c, 1);
	} while (n < 0 && errno == EINTR);
	return n == 1 ? 0 : -errno;
}

int latt_answer_take(struct latt_answer *a)
{
	char buf[16];
	ssize_t n;

	do {
		n = read(a->rd, buf, sizeof(buf));
	} while (n < 0 && errno == EINTR);
	if (n > 0)
		return 1;
	if (n == 0 || errno == EAGAIN)
		return 0;
	return -errno;
}
