// SPDX-License-Identifier: GPL-2.0-only
/*
 * Wake channels and the shared answer; see include/latt/wake.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/eventfd.h>
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
	int err;

	a = mmap(NULL, sizeof(*a), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (a == MAP_FAILED)
		return NULL;
	atomic_init(&a->due, 0);
	/* Never read: each cycle's one write is one edge for epoll. */
	a->fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (a->fd < 0) {
		err = errno;
		munmap(a, sizeof(*a));
		errno = err;
		return NULL;
	}
	return a;
}

void latt_answer_close(struct latt_answer *a)
{
	if (!a)
		return;
	close_fd(&a->fd);
	munmap(a, sizeof(*a));
}

int latt_answer_give(struct latt_answer *a)
{
	uint64_t one = 1;
	ssize_t n;

	if (atomic_fetch_sub(&a->due, 1) != 1)
		return 0;
	do {
		n = write(a->fd, &one, sizeof(one));
	} while (n < 0 && errno == EINTR);
	return n == sizeof(one) ? 0 : -errno;
}
