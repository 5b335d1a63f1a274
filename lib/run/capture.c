// SPDX-License-Identifier: GPL-2.0-only
/*
 * The command's output, read and passed on; see lib/run/capture.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "run/capture.h"
#include "base/util.h"
#include "measure/clock.h"
#include "measure/search.h"
#include "measure/tmetric.h"

/* What one read takes: a pipe's whole buffer. */
#define CHUNK		65536
/* At the stop, what is read at most from a writer that is still there. */
#define DRAIN_MAX	(1024 * 1024)
/* ... and searched for at most this long: the rest is skipped. */
#define DRAIN_SEARCH_NS	1000000000ULL
/* After the stop, the reader's end is waited for this long at most. */
#define STOP_WAIT_MS	(int)((DRAIN_SEARCH_NS + \
			       LATT_TMETRIC_SEARCH_WALL_NS) / 1000000 + 1000)

int latt_capture_open(struct latt_capture *c, const struct latt_tmetric *tm,
		      size_t n, struct latt_tmetric_value *out, int out_dest)
{
	int fds[2], ret;
	unsigned int s;

	memset(c, 0, sizeof(*c));
	for (s = 0; s < LATT_TMETRIC_STREAMS; s++)
		c->rfd[s] = c->wfd[s] = -1;
	c->stop_fd = c->done_fd = -1;
	c->search.req_fd = c->search.res_fd = -1;
	c->dest[0] = out_dest;
	c->dest[1] = STDERR_FILENO;
	ret = latt_tmetric_matcher_init(&c->m, tm, n, out);
	if (ret)
		return ret;
	ret = latt_search_init(&c->search);
	if (ret) {
		latt_tmetric_matcher_free(&c->m);
		return ret;
	}
	ret = latt_tmetric_search_by(&c->m, latt_search_lines, &c->search);
	if (ret) {
		latt_search_free(&c->search);
		latt_tmetric_matcher_free(&c->m);
		return ret;
	}
	for (s = 0; s < LATT_TMETRIC_STREAMS; s++) {
		if (pipe2(fds, O_CLOEXEC))
			goto out_errno;
		c->rfd[s] = fds[0];
		c->wfd[s] = fds[1];
		/* At the stop, what is left is read without waiting. */
		if (fcntl(c->rfd[s], F_SETFL, O_NONBLOCK))
			goto out_errno;
	}
	c->stop_fd = eventfd(0, EFD_CLOEXEC);
	c->done_fd = eventfd(0, EFD_CLOEXEC);
	if (c->stop_fd < 0 || c->done_fd < 0)
		goto out_errno;
	return 0;

out_errno:
	ret = -errno;
	latt_capture_close(c);
	return ret;
}

/*
 * The signal that interrupts the reader's write to an output nobody
 * reads, once latt gives it up (latt_capture_finish()): a no-op handler
 * without SA_RESTART, so that write() returns.  It is blocked in every
 * other thread of latt, and in the reader but while it writes.
 * (pthread_cancel() would do, but not under the sanitizers.)
 */
#define WAKE_SIG	SIGURG

static void wake_handler(int sig)
{
	(void)sig;
}

/*
 * Write @n bytes of @buf on to @fd, whole.  False when they cannot be:
 * the reader left (EPIPE), the output failed, or latt gave the output
 * up (c->give_up).
 */
static bool pass_on(struct latt_capture *c, int fd, const char *buf,
		    size_t n)
{
	bool ok = false;
	sigset_t wake;
	ssize_t w;

	sigemptyset(&wake);
	sigaddset(&wake, WAKE_SIG);
	pthread_sigmask(SIG_UNBLOCK, &wake, NULL);
	while (n) {
		if (atomic_load(&c->give_up))
			goto out;
		w = write(fd, buf, n);
		if (w < 0 && errno == EINTR)
			continue;
		/* An output left non-blocking by whoever shares it: wait. */
		if (w < 0 && errno == EAGAIN) {
			struct pollfd p = { .fd = fd, .events = POLLOUT };

			if (poll(&p, 1, -1) < 0 && errno != EINTR)
				goto out;
			continue;
		}
		if (w <= 0)
			goto out;
		buf += w;
		n -= (size_t)w;
	}
	ok = true;
out:
	pthread_sigmask(SIG_BLOCK, &wake, NULL);
	return ok;
}

/*
 * Read stream @s once: pass it on and search it.  Returns the bytes
 * read, 0 at its end (then closed), -EAGAIN when nothing is there.
 */
static ssize_t take(struct latt_capture *c, unsigned int s, char *buf)
{
	ssize_t n;

	do {
		n = read(c->rfd[s], buf, CHUNK);
	} while (n < 0 && errno == EINTR);
	if (n < 0 && errno == EAGAIN)
		return -EAGAIN;
	if (n < 0 && !c->error)
		c->error = -errno;
	if (n <= 0) {
		latt_close(&c->rfd[s]);
		return 0;
	}
	/*
	 * Where it goes is closed (latt | head, and head left): so is the
	 * command's pipe, which it meets as it would have without latt.
	 * Passed on before it is searched, which may take a while.
	 */
	if (c->dest[s] >= 0 && !pass_on(c, c->dest[s], buf, (size_t)n)) {
		c->dest[s] = -1;
		latt_close(&c->rfd[s]);
	}
	latt_tmetric_feed(&c->m, s, buf, (size_t)n);
	return n;
}

/* At the stop: what is there now, up to DRAIN_MAX a stream. */
static void drain(struct latt_capture *c, char *buf)
{
	unsigned int s;
	size_t got;
	ssize_t n;

	for (s = 0; s < LATT_TMETRIC_STREAMS; s++)
		for (got = 0; c->rfd[s] >= 0 && got < DRAIN_MAX; got +=
		     (size_t)n) {
			n = take(c, s, buf);
			if (n <= 0)
				break;
		}
}

static void *reader(void *arg)
{
	struct latt_capture *c = arg;
	struct pollfd p[LATT_TMETRIC_STREAMS + 1];
	uint64_t one = 1;
	unsigned int s;
	char buf[CHUNK];	/* a thread's stack has room for it */

	for (;;) {
		for (s = 0; s < LATT_TMETRIC_STREAMS; s++)
			p[s] = (struct pollfd){ .fd = c->rfd[s],
						.events = POLLIN };
		p[s] = (struct pollfd){ .fd = c->stop_fd, .events = POLLIN };
		if (c->rfd[0] < 0 && c->rfd[1] < 0)
			break;
		if (poll(p, LATT_TMETRIC_STREAMS + 1, -1) < 0) {
			if (errno == EINTR)
				continue;
			c->error = -errno;
			break;
		}
		if (p[LATT_TMETRIC_STREAMS].revents) {
			latt_search_stop_by(&c->search, latt_mono_ns() +
					    DRAIN_SEARCH_NS);
			drain(c, buf);
			break;
		}
		for (s = 0; s < LATT_TMETRIC_STREAMS; s++)
			if (p[s].revents && c->rfd[s] >= 0)
				take(c, s, buf);
	}
	latt_tmetric_end(&c->m);
	latt_search_free(&c->search);
	if (write(c->done_fd, &one, sizeof(one)) < 0)
		c->error = c->error ? c->error : -errno;
	return NULL;
}

int latt_capture_start(struct latt_capture *c)
{
	struct sigaction sa = { .sa_handler = wake_handler };
	sigset_t all, old, wake;
	unsigned int s;
	int ret;

	for (s = 0; s < LATT_TMETRIC_STREAMS; s++)
		latt_close(&c->wfd[s]);
	/* The reader's wake-up: blocked here, caught (no restart) there. */
	sigemptyset(&wake);
	sigaddset(&wake, WAKE_SIG);
	pthread_sigmask(SIG_BLOCK, &wake, NULL);
	sigemptyset(&sa.sa_mask);
	if (sigaction(WAKE_SIG, &sa, NULL))
		return -errno;
	/* Signals are the waker's: the reader takes none. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	ret = -pthread_create(&c->thread, NULL, reader, c);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	c->running = !ret;
	return ret;
}

/* Wait up to @ms for the reader to end; has it? */
static bool reader_done(struct latt_capture *c, int ms)
{
	struct pollfd p = { .fd = c->done_fd, .events = POLLIN };

	while (poll(&p, 1, ms) < 0 && errno == EINTR)
		;
	return p.revents;
}

void latt_capture_finish(struct latt_capture *c, uint64_t wait_ns)
{
	uint64_t one = 1;

	if (!c->running)
		return;
	if (!reader_done(c, (int)(wait_ns / 1000000))) {
		if (write(c->stop_fd, &one, sizeof(one)) < 0 && !c->error)
			c->error = -errno;
		/*
		 * It stops within its budgets (the search's, the drain's),
		 * unless it is blocked passing output on to a reader that
		 * does not read: then that output is given up, and its
		 * write interrupted (again until the reader is done: the
		 * signal may come just before it writes).
		 */
		if (!reader_done(c, STOP_WAIT_MS)) {
			atomic_store(&c->give_up, true);
			do {
				pthread_kill(c->thread, WAKE_SIG);
			} while (!reader_done(c, 100));
			if (!c->error)
				c->error = -ETIMEDOUT;
		}
	}
	pthread_join(c->thread, NULL);
	c->running = false;
}

void latt_capture_close(struct latt_capture *c)
{
	unsigned int s;

	latt_capture_finish(c, 0);
	for (s = 0; s < LATT_TMETRIC_STREAMS; s++) {
		latt_close(&c->rfd[s]);
		latt_close(&c->wfd[s]);
	}
	latt_close(&c->stop_fd);
	latt_close(&c->done_fd);
	latt_search_free(&c->search);
	latt_tmetric_matcher_free(&c->m);
}
