/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Wake channels: how the waker wakes one client and how the client
 * answers.  Each client has a channel of its own, so no client ever reads
 * what was meant for another.  The pipe mechanism (latt-0.1's) is the
 * reference: the waker writes its time stamp into the client's wake pipe,
 * the client's blocking read returns it, and the client answers with one
 * byte on its answer pipe.  Other mechanisms (eventfd, futex, socket) are
 * further values of enum latt_wake_mech behind the same calls.
 *
 * The waker end of the answer side is non-blocking and pollable
 * (latt_wake_answer_fd()), so one waker can wait on thousands of clients
 * with epoll and notice a client that died (end of file) at once.
 */
#ifndef LATT_WAKE_H
#define LATT_WAKE_H

#include <stdint.h>

enum latt_wake_mech {
	LATT_WAKE_PIPE,
};

struct latt_wake_chan {
	enum latt_wake_mech mech;
	int wake_rd, wake_wr;	/* waker writes wake_wr, client reads wake_rd */
	int ans_rd, ans_wr;	/* client writes ans_wr, waker reads ans_rd */
};

/* File descriptors a channel holds in the waker once the client runs. */
#define LATT_WAKE_WAKER_FDS	2

/* Create a channel; every descriptor is close-on-exec.  0 or -errno. */
int latt_wake_open(struct latt_wake_chan *ch, enum latt_wake_mech mech);

/*
 * In the waker: drop the wake end, which tells a client blocked in
 * latt_wake_recv() to leave (it sees end of file).
 */
void latt_wake_hangup(struct latt_wake_chan *ch);

/* Close whatever the channel still holds. */
void latt_wake_close(struct latt_wake_chan *ch);

/* Waker: wake the client, handing it @stamp.  0, or -EPIPE if it is gone. */
int latt_wake_send(struct latt_wake_chan *ch, uint64_t stamp);

/*
 * Client: block until woken.  Returns 1 with the waker's stamp in @stamp,
 * 0 when the waker hung up, or -errno.
 */
int latt_wake_recv(struct latt_wake_chan *ch, uint64_t *stamp);

/* Client: answer the waker after the work is done.  0 or -errno. */
int latt_wake_answer(struct latt_wake_chan *ch);

/* Waker: the descriptor that becomes readable when the client answered. */
int latt_wake_answer_fd(const struct latt_wake_chan *ch);

/*
 * Waker: take one answer.  Returns 1 for an answer, 0 when the client's
 * end is closed (the client is gone), -EAGAIN when there is none yet.
 */
int latt_wake_collect(struct latt_wake_chan *ch);

#endif /* LATT_WAKE_H */
