// SPDX-License-Identifier: GPL-2.0-only
/*
 * Wake channels; see include/latt/wake.h.
 */
#include <errno.h>
#include <fcntl.h>
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
	int wake[2], ans[2];

	ch->wake_rd = ch->wake_wr = ch->ans_rd = ch->ans_wr = -1;
	if (mech != LATT_WAKE_PIPE)
		return -EINVAL;
	ch->mech = mech;
	if (pipe2(wake, O_CLOEXEC))
		return -errno;
	if (pipe2(ans, O_CLOEXEC)) {
		int err = -errno;

		close(wake[0]);
		close(wake[1]);
		return err;
	}
	/* The waker polls answers; a read must never block it. */
	if (fcntl(ans[0], F_SETFL, O_NONBLOCK)) {
		int err = -errno;

		close(wake[0]);
		close(wake[1]);
		close(ans[0]);
		close(ans[1]);
		return err;
	}
	ch->wake_rd = wake[0];
	ch->wake_wr = wake[1];
	ch->ans_rd = ans[0];
	ch->ans_wr = ans[1];
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
	close_fd(&ch->ans_rd);
	close_fd(&ch->ans_wr);
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

int latt_wake_answer(struct latt_wake_chan *ch)
{
	char c = 0;
	ssize_t n;

	do {
		n = write(ch->ans_wr, &c, 1);
	} while (n < 0 && errno == EINTR);
	return n == 1 ? 0 : -errno;
}

int latt_wake_answer_fd(const struct latt_wake_chan *ch)
{
	return ch->ans_rd;
}

int latt_wake_collect(struct latt_wake_chan *ch)
{
	ssize_t n;
	char c;

	do {
		n = read(ch->ans_rd, &c, 1);
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	return n == 1 ? 1 : 0;
}
