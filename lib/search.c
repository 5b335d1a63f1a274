// SPDX-License-Identifier: GPL-2.0-only
/*
 * The search of the command's output in a process on a time budget; see
 * lib/search.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "latt/clock.h"
#include "search.h"

/* What the process is asked: metric @i in the @len bytes that follow. */
struct search_req {
	uint32_t i;
	uint32_t len;
};

/* How often the waiting thread looks at the process's CPU time. */
#define CHECK_MS	20
/* The matches the process sends at once. */
#define BATCH		256

/*
 * Read (@out false) or write @n bytes of @buf whole; false at the end or
 * on an error.
 */
static bool whole(int fd, void *buf, size_t n, bool out)
{
	char *p = buf;
	ssize_t r;

	while (n) {
		r = out ? write(fd, p, n) : read(fd, p, n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return false;
		p += r;
		n -= (size_t)r;
	}
	return true;
}

/* The process's side: the matches of one line, sent BATCH at a time. */
struct batch {
	int fd;
	size_t n;
	struct latt_search_match m[BATCH];
};

static void flush(struct batch *b)
{
	if (b->n && !whole(b->fd, b->m, b->n * sizeof(b->m[0]), true))
		_exit(1);
	b->n = 0;
}

static void add(void *ctx, size_t so, size_t eo)
{
	struct batch *b = ctx;

	b->m[b->n++] = (struct latt_search_match){ (int32_t)so, (int32_t)eo };
	if (b->n == BATCH)
		flush(b);
}

/*
 * The process: search each line it is given, until the end of its
 * input.  It has none of latt's descriptors but its two pipes.
 */
static void __attribute__((noreturn))
searcher(int in, int out, const struct latt_tmetric_matcher *m)
{
	static struct batch b;
	char line[LATT_TMETRIC_LINE_MAX];
	struct search_req q;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	prctl(PR_SET_NAME, "latt-search");
	b.fd = out;
	while (whole(in, &q, sizeof(q), false)) {
		if (q.i >= m->n || q.len >= sizeof(line) ||
		    !whole(in, line, q.len, false))
			_exit(1);
		line[q.len] = '\0';
		latt_tmetric_each_match(&m->re[q.i], line, q.len, add, &b);
		add(&b, (size_t)-1, (size_t)-1);
		flush(&b);
	}
	_exit(0);
}

/* Close every descriptor from 3 up but @a and @b. */
static void close_all_but(int a, int b)
{
	int lo = a < b ? a : b, hi = a < b ? b : a;

	if (lo > 3)
		syscall(SYS_close_range, 3U, (unsigned int)lo - 1, 0U);
	if (hi > lo + 1)
		syscall(SYS_close_range, (unsigned int)lo + 1,
			(unsigned int)hi - 1, 0U);
	syscall(SYS_close_range, (unsigned int)hi + 1, ~0U, 0U);
}

int latt_search_init(struct latt_search *sr)
{
	memset(sr, 0, sizeof(*sr));
	sr->req_fd = sr->res_fd = -1;
	/* A match moves on by one byte at least: a line's worth. */
	sr->got = calloc(LATT_TMETRIC_LINE_MAX + 1, sizeof(*sr->got));
	return sr->got ? 0 : -ENOMEM;
}

static void end_process(struct latt_search *sr)
{
	if (sr->pid > 0) {
		kill(sr->pid, SIGKILL);
		while (waitpid(sr->pid, NULL, __WCLONE) < 0 && errno == EINTR)
			;
	}
	sr->pid = 0;
	if (sr->req_fd >= 0)
		close(sr->req_fd);
	if (sr->res_fd >= 0)
		close(sr->res_fd);
	sr->req_fd = sr->res_fd = -1;
}

static int start_process(struct latt_search *sr,
			 const struct latt_tmetric_matcher *m)
{
	int req[2], res[2], ret;
	long pid;

	if (pipe2(req, O_CLOEXEC))
		return -errno;
	if (pipe2(res, O_CLOEXEC)) {
		ret = -errno;
		goto out_req;
	}
	/*
	 * A clone with no signal at its end: fork() would make a child
	 * that the waker reaps (wait4(-1)) as one of the command's.
	 */
	pid = syscall(SYS_clone, 0UL, NULL, NULL, NULL, NULL);
	if (pid < 0) {
		ret = -errno;
		goto out_res;
	}
	if (!pid) {
		close_all_but(req[0], res[1]);
		searcher(req[0], res[1], m);
	}
	close(req[0]);
	close(res[1]);
	sr->pid = (pid_t)pid;
	sr->req_fd = req[1];
	sr->res_fd = res[0];
	if (clock_getcpuclockid(sr->pid, &sr->cpu))
		sr->cpu = CLOCK_MONOTONIC;
	return 0;

out_res:
	close(res[0]);
	close(res[1]);
out_req:
	close(req[0]);
	close(req[1]);
	return ret;
}

static uint64_t cpu_ns(clockid_t id)
{
	struct timespec ts;

	if (clock_gettime(id, &ts))
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/*
 * Wait for the matches of the line asked, into sr->got; their number,
 * or -1 when the line's budget ran out or the process failed.
 */
static long wait_matches(struct latt_search *sr, size_t len)
{
	struct pollfd p = { .fd = sr->res_fd, .events = POLLIN };
	uint64_t start = latt_mono_ns(), cpu0 = cpu_ns(sr->cpu), now;
	size_t n = 0;
	ssize_t r;

	for (;;) {
		if (poll(&p, 1, CHECK_MS) < 0 && errno != EINTR)
			return -1;
		if (p.revents) {
			r = read(sr->res_fd, (char *)sr->got + n *
				 sizeof(*sr->got), (len + 2 - n) *
				 sizeof(*sr->got));
			if (r < 0 && errno == EINTR)
				continue;
			/* Whole matches only: each was written at once. */
			if (r <= 0 || r % (ssize_t)sizeof(*sr->got))
				return -1;
			n += (size_t)r / sizeof(*sr->got);
			if (n && sr->got[n - 1].so < 0)
				return (long)n - 1;
			if (n > len + 1)
				return -1;
		}
		now = latt_mono_ns();
		if (now - start > LATT_TMETRIC_SEARCH_WALL_NS ||
		    (sr->stop_by && now > sr->stop_by) ||
		    cpu_ns(sr->cpu) - cpu0 > LATT_TMETRIC_SEARCH_CPU_NS)
			return -1;
	}
}

bool latt_search_line(void *ctx, struct latt_tmetric_matcher *m, size_t i,
		      const char *s, size_t len)
{
	struct latt_search *sr = ctx;
	struct search_req q = { .i = (uint32_t)i, .len = (uint32_t)len };
	struct iovec iov[2] = {
		{ .iov_base = &q, .iov_len = sizeof(q) },
		{ .iov_base = (void *)s, .iov_len = len },
	};
	long n, k;

	if (sr->stop_by && latt_mono_ns() > sr->stop_by)
		return false;
	if (!sr->pid && start_process(sr, m))
		return false;
	/* The pipe is empty (the last line was answered): this fits. */
	if (writev(sr->req_fd, iov, 2) != (ssize_t)(sizeof(q) + len)) {
		end_process(sr);
		return false;
	}
	n = wait_matches(sr, len);
	if (n < 0) {
		end_process(sr);
		return false;
	}
	for (k = 0; k < n; k++)
		if (sr->got[k].eo < sr->got[k].so ||
		    (size_t)sr->got[k].eo > len)
			n = 0;
	for (k = 0; k < n; k++)
		latt_tmetric_found(m, i, s + sr->got[k].so,
				   (size_t)(sr->got[k].eo - sr->got[k].so));
	return true;
}

void latt_search_stop_by(struct latt_search *sr, uint64_t ns)
{
	sr->stop_by = ns ? ns : 1;
}

void latt_search_free(struct latt_search *sr)
{
	end_process(sr);
	free(sr->got);
	sr->got = NULL;
}
