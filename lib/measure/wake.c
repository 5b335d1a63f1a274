// SPDX-License-Identifier: GPL-2.0-only
/*
 * Wake channels and the shared answer; see measure/wake.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "measure/wake.h"
#include "base/util.h"

/*
 * The shared word's states.  futex: IDLE (nothing posted), WAITING (the
 * client is, or is about to be, asleep on the word), POSTED (a stamp is
 * there), CLOSED (hang-up).  eventfd uses CLOSED only.
 */
#define W_IDLE		0U
#define W_WAITING	1U
#define W_POSTED	2U
#define W_CLOSED	3U

static const char *const mech_names[] = {
	[LATT_WAKE_PIPE] = "pipe",
	[LATT_WAKE_EVENTFD] = "eventfd",
	[LATT_WAKE_FUTEX] = "futex",
	[LATT_WAKE_SOCKET] = "socket",
};

#define NMECHS	(sizeof(mech_names) / sizeof(mech_names[0]))

int latt_wake_parse(const char *name, enum latt_wake_mech *mech)
{
	int i = latt_name_find(mech_names, NMECHS, name);

	if (i < 0)
		return i;
	*mech = (enum latt_wake_mech)i;
	return 0;
}

const char *latt_wake_name(enum latt_wake_mech mech)
{
	return (unsigned int)mech < NMECHS ? mech_names[mech] : "?";
}

char *latt_wake_list(char *buf, size_t len)
{
	return latt_name_list(mech_names, NMECHS, buf, len);
}

static long futex(atomic_uint *addr, int op, unsigned int val)
{
	return syscall(SYS_futex, addr, op, val, NULL, NULL, 0);
}

int latt_wake_open(struct latt_wake_chan *ch, enum latt_wake_mech mech,
		   struct latt_wake_word *word)
{
	int fds[2], err;

	ch->wake_rd = ch->wake_wr = -1;
	ch->mech = mech;
	ch->word = word;
	atomic_store(&word->state, W_IDLE);
	switch (mech) {
	case LATT_WAKE_PIPE:
		if (pipe2(fds, O_CLOEXEC))
			return -errno;
		break;
	case LATT_WAKE_SOCKET:
		if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, fds))
			return -errno;
		break;
	case LATT_WAKE_EVENTFD:
		/* One file; the waker holds a descriptor of its own. */
		fds[0] = eventfd(0, EFD_CLOEXEC);
		if (fds[0] < 0)
			return -errno;
		fds[1] = fcntl(fds[0], F_DUPFD_CLOEXEC, 0);
		if (fds[1] < 0) {
			err = -errno;
			close(fds[0]);
			return err;
		}
		break;
	case LATT_WAKE_FUTEX:
		return 0;
	default:
		return -EINVAL;
	}
	ch->wake_rd = fds[0];
	ch->wake_wr = fds[1];
	return 0;
}

void latt_wake_hangup(struct latt_wake_chan *ch)
{
	uint64_t one = 1;

	switch (ch->mech) {
	case LATT_WAKE_FUTEX:
		if (atomic_exchange(&ch->word->state, W_CLOSED) == W_WAITING)
			futex(&ch->word->state, FUTEX_WAKE, 1);
		return;
	case LATT_WAKE_EVENTFD:
		/* No end of file on an eventfd: say closed, then wake. */
		atomic_store(&ch->word->state, W_CLOSED);
		if (ch->wake_wr >= 0 &&
		    write(ch->wake_wr, &one, sizeof(one)) < 0)
			break;
		break;
	default:
		break;
	}
	latt_close(&ch->wake_wr);
}

void latt_wake_close(struct latt_wake_chan *ch)
{
	latt_close(&ch->wake_rd);
	latt_close(&ch->wake_wr);
}

int latt_wake_send(struct latt_wake_chan *ch, uint64_t stamp)
{
	struct latt_wake_word *w = ch->word;
	ssize_t n;

	if (ch->mech == LATT_WAKE_FUTEX) {
		unsigned int old;

		w->stamp = stamp;
		old = atomic_exchange(&w->state, W_POSTED);
		if (old == W_CLOSED)
			return -EPIPE;
		/* Only a client asleep on the word needs the system call. */
		if (old == W_WAITING && futex(&w->state, FUTEX_WAKE, 1) < 0)
			return -errno;
		return 0;
	}
	do {
		if (ch->mech == LATT_WAKE_SOCKET)
			n = send(ch->wake_wr, &stamp, sizeof(stamp),
				 MSG_NOSIGNAL);
		else
			n = write(ch->wake_wr, &stamp, sizeof(stamp));
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	return n == sizeof(stamp) ? 0 : -EIO;
}

/* The client's side of the futex: wait for a post or the hang-up. */
static int futex_recv(struct latt_wake_word *w, uint64_t *stamp)
{
	unsigned int s;

	for (;;) {
		s = atomic_load(&w->state);
		if (s == W_POSTED) {
			*stamp = w->stamp;
			/* A hang-up may have come meanwhile: keep it. */
			s = W_POSTED;
			atomic_compare_exchange_strong(&w->state, &s, W_IDLE);
			return 1;
		}
		if (s == W_CLOSED)
			return 0;
		if (s == W_IDLE &&
		    !atomic_compare_exchange_strong(&w->state, &s, W_WAITING))
			continue;
		if (futex(&w->state, FUTEX_WAIT, W_WAITING) < 0 &&
		    errno != EAGAIN && errno != EINTR)
			return -errno;
	}
}

int latt_wake_recv(struct latt_wake_chan *ch, uint64_t *stamp)
{
	ssize_t n;

	if (ch->mech == LATT_WAKE_FUTEX)
		return futex_recv(ch->word, stamp);
	do {
		n = read(ch->wake_rd, stamp, sizeof(*stamp));
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	if (n == 0)
		return 0;
	if (ch->mech == LATT_WAKE_EVENTFD &&
	    atomic_load(&ch->word->state) == W_CLOSED)
		return 0;
	/* Writes of 8 bytes are atomic: a short read is a bug. */
	return n == sizeof(*stamp) ? 1 : -EIO;
}

struct latt_answer *latt_answer_open(void)
{
	struct latt_answer *a;
	int err, map_fd;

	a = latt_shared_map(sizeof(*a), &map_fd);
	if (!a)
		return NULL;
	atomic_init(&a->due, 0);
	a->map_fd = map_fd;
	/*
	 * Each cycle's one write is one edge for epoll, where it is never
	 * read; the waker also waits in a read() of it (run/looker.h),
	 * hence no O_NONBLOCK.
	 */
	a->fd = eventfd(0, EFD_CLOEXEC);
	if (a->fd < 0) {
		err = errno;
		latt_shared_unmap(a, sizeof(*a), &map_fd);
		errno = err;
		return NULL;
	}
	return a;
}

void latt_answer_close(struct latt_answer *a)
{
	int map_fd;

	if (!a)
		return;
	map_fd = a->map_fd;
	latt_close(&a->fd);
	latt_shared_unmap(a, sizeof(*a), &map_fd);
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
