/* SPDX-License-Identifier: GPL-2.0-only */
/* Wake channels: how the waker wakes a client and how clients answer. */
#ifndef LATT_MEASURE_WAKE_H
#define LATT_MEASURE_WAKE_H

#include <stdatomic.h>
#include <stdint.h>

/*
 * Wake channels: how the waker wakes one client, and how the clients of a
 * cycle answer.
 *
 * Waking: each client has a channel of its own, so no client ever reads
 * what was meant for another.  The waker hands the client its time stamp
 * with the wake; the mechanism is one of:
 *
 *  pipe     (latt-0.1's, the reference) the stamp is written into the
 *           client's pipe; its blocking read returns it.  Hang-up: the
 *           waker closes its end, the client reads end of file.
 *  socket   the same over a Unix seqpacket socket pair.
 *  eventfd  the stamp is added to the client's eventfd (zero until then),
 *           whose blocking read returns it and resets it.  Hang-up: the
 *           shared word says closed, then the eventfd is written.
 *  futex    the stamp is stored in a word the two share; the waker marks
 *           it posted and calls FUTEX_WAKE only when the client is really
 *           asleep on it (it marked the word waiting first): a wake that
 *           finds the client still running costs no system call.
 *
 * A dead client is seen from SIGCHLD; a pipe or socket also says EPIPE.
 *
 * Answering: the clients of a run share one answer, a count of the
 * answers still due in shared memory and one eventfd.  A client, its
 * sample recorded, counts itself off; the last of the cycle adds to the
 * eventfd, which the waker's epoll set watches edge-triggered (so the
 * waker never needs to read it).  So a cycle wakes the waker once, and
 * costs it one system call besides its writes.  Were each client to write an answer of its own, every one
 * of them would wake a waker asleep in epoll, a wakeup across CPUs each,
 * and the clients queued on one CPU would wait for each other's (about
 * 40 us at the median under load on the development machine).  A client
 * that dies is seen from SIGCHLD, not from its answer.
 */

enum latt_wake_mech {
	LATT_WAKE_PIPE,
	LATT_WAKE_EVENTFD,
	LATT_WAKE_FUTEX,
	LATT_WAKE_SOCKET,
};

/* The name of @mech ("pipe"). */
const char *latt_wake_name(enum latt_wake_mech mech);

/*
 * Every mechanism's name as a list ("pipe, eventfd, futex or socket")
 * into @buf of @len bytes, for --help and messages; @buf.
 */
char *latt_wake_list(char *buf, size_t len);

/* File descriptors a channel holds in the waker once the client runs. */
#define LATT_WAKE_WAKER_FDS	1

/* A word the waker and its client share (in the client's slot). */
struct latt_wake_word {
	atomic_uint state;	/* futex and eventfd; see lib/measure/wake.c */
	uint64_t stamp;		/* futex: the stamp posted */
};

struct latt_wake_chan {
	enum latt_wake_mech mech;
	int wake_rd;		/* the client's end; -1 for futex */
	int wake_wr;		/* the waker's end; -1 for futex */
	struct latt_wake_word *word;
};

/* Parse a mechanism's name (latt_wake_list()).  0 or -EINVAL. */
int latt_wake_parse(const char *name, enum latt_wake_mech *mech);

/* True when the waker holds a descriptor of the channel (all but futex). */
static inline int latt_wake_has_fd(enum latt_wake_mech mech)
{
	return mech != LATT_WAKE_FUTEX;
}

/*
 * Create a channel of @mech around the shared @word; every descriptor is
 * close-on-exec.  0 or -errno.
 */
int latt_wake_open(struct latt_wake_chan *ch, enum latt_wake_mech mech,
		   struct latt_wake_word *word);

/*
 * In the waker: hang up, which tells a client blocked in latt_wake_recv()
 * (or about to be) to leave.
 */
void latt_wake_hangup(struct latt_wake_chan *ch);

/* Close whatever the channel still holds. */
void latt_wake_close(struct latt_wake_chan *ch);

/*
 * Waker: wake the client, handing it @stamp (not 0).  0, or -EPIPE if it
 * is gone (pipe and socket only can tell).
 */
int latt_wake_send(struct latt_wake_chan *ch, uint64_t stamp);

/*
 * Client: block until woken.  Returns 1 with the waker's stamp in @stamp,
 * 0 when the waker hung up, or -errno.
 */
int latt_wake_recv(struct latt_wake_chan *ch, uint64_t *stamp);

/* The answer the clients of a run share; lives in shared memory. */
struct latt_answer {
	atomic_uint due;	/* answers still due this cycle */
	int fd;			/* an eventfd; watch it with EPOLLET */
	int map_fd;		/* a memfd of this answer, for latt-client */
} __attribute__((aligned(64)));

/*
 * Map a shared answer and make its eventfd (close-on-exec).  Returns NULL
 * with errno set on failure.
 */
struct latt_answer *latt_answer_open(void);

/* Close the eventfd and unmap. */
void latt_answer_close(struct latt_answer *a);

/* Waker, before it wakes @n clients: that many answers are due. */
static inline void latt_answer_expect(struct latt_answer *a, unsigned int n)
{
	atomic_store(&a->due, n);
}

/* The answers still due this cycle. */
static inline unsigned int latt_answer_due(struct latt_answer *a)
{
	return atomic_load(&a->due);
}

/*
 * Client, its sample recorded: count itself off; the last one adds to the
 * eventfd, which wakes the waker.  0 or -errno.
 */
int latt_answer_give(struct latt_answer *a);

#endif /* LATT_MEASURE_WAKE_H */
