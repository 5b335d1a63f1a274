// SPDX-License-Identifier: GPL-2.0-only
/*
 * The search of the command's output in a process on a time budget; see
 * lib/measure/search.h.
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

#include "measure/search.h"
#include "measure/clock.h"
#include "measure/tmetric.h"

/*
 * What the process is asked: the @len bytes that follow, lines each
 * ended by a newline, every metric in each, from metric @first in the
 * first line.
 */
struct search_req {
	uint32_t len;
	uint32_t first;
};

/*
 * What it answers, in order: a match of metric @kind (>= 0), its group
 * at [so, eo) of the bytes sent; metric -1 - @kind done in the line at
 * [so, eo); REC_END, the request done.
 */
struct search_rec {
	int32_t kind;
	int32_t so, eo;
};

#define REC_END		INT32_MIN

/* How often the waiting thread looks at the process's CPU time. */
#define CHECK_MS	20
/* The records sent at once: fewer bytes than PIPE_BUF, so never split. */
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

/* The process's side: its records, sent at each step's end. */
struct recs {
	int fd;
	int32_t kind;			/* the metric searched */
	int32_t base;			/* its line, in the bytes sent */
	size_t n;
	struct search_rec r[BATCH];
};

static void flush(struct recs *b)
{
	if (b->n && !whole(b->fd, b->r, b->n * sizeof(b->r[0]), true))
		_exit(1);
	b->n = 0;
}

static void rec(struct recs *b, int32_t kind, int32_t so, int32_t eo)
{
	b->r[b->n++] = (struct search_rec){ kind, so, eo };
	if (b->n == BATCH)
		flush(b);
}

static void add(void *ctx, size_t so, size_t eo)
{
	struct recs *b = ctx;

	rec(b, b->kind, b->base + (int32_t)so, b->base + (int32_t)eo);
}

/*
 * The process: search the lines of each request, until the end of its
 * input.  It has none of latt's descriptors but its two pipes.
 */
static void __attribute__((noreturn))
searcher(int in, int out, const struct latt_tmetric_matcher *m)
{
	static char data[LATT_TMETRIC_BATCH];
	static struct recs b;
	struct search_req q;
	char *p, *e, *end;
	size_t i;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	prctl(PR_SET_NAME, "latt-search");
	b.fd = out;
	while (whole(in, &q, sizeof(q), false)) {
		if (q.len > sizeof(data) || q.first >= m->n ||
		    !whole(in, data, q.len, false))
			_exit(1);
		end = data + q.len;
		for (p = data, i = q.first; p < end; p = e + 1, i = 0) {
			e = memchr(p, '\n', (size_t)(end - p));
			if (!e)
				_exit(1);
			*e = '\0';
			b.base = (int32_t)(p - data);
			for (; i < m->n; i++) {
				b.kind = (int32_t)i;
				latt_tmetric_each_match(&m->re[i], p,
							(size_t)(e - p), add,
							&b);
				rec(&b, -1 - (int32_t)i, b.base,
				    (int32_t)(e - data));
				/* Each step seen done: the next is timed. */
				flush(&b);
			}
		}
		rec(&b, REC_END, 0, 0);
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
	 * that the waker reaps (wait4(-1)) as one of the command's.  It
	 * calls no more than regexec(), whose malloc() is the reading
	 * thread's arena: should another thread have held that lock at the
	 * clone, the process waits, runs out of its time, and the next one
	 * takes over.
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

/* Where the search of a batch is: its next step. */
struct step {
	size_t line;			/* the line's start */
	size_t i;			/* the metric */
};

/* Step @at is done, its line ending at @eol: the next. */
static void next_step(struct step *at, size_t n, size_t eol)
{
	if (++at->i == n) {
		at->i = 0;
		at->line = eol + 1;
	}
}

/*
 * Search @s[0..len) from step @at (of @s) on, applying the matches of
 * each step done.  True when all are done; false when step @at ran out
 * of its budget or the process failed.
 */
static bool search_from(struct latt_search *sr, struct latt_tmetric_matcher *m,
			const char *s, size_t len, struct step *at)
{
	const char *from = s + at->line;
	struct search_req q = { .len = (uint32_t)(len - at->line),
				.first = (uint32_t)at->i };
	struct iovec iov[2] = {
		{ .iov_base = &q, .iov_len = sizeof(q) },
		{ .iov_base = (void *)from, .iov_len = q.len },
	};
	struct pollfd p = { .events = POLLIN };
	struct search_rec r[BATCH];
	uint64_t start, cpu0, now;
	size_t n = 0, k, j;
	ssize_t got;

	if (!sr->pid && start_process(sr, m))
		return false;
	p.fd = sr->res_fd;
	/* The process reads the whole request before it answers. */
	if (writev(sr->req_fd, iov, 2) != (ssize_t)(sizeof(q) + q.len))
		return false;
	start = latt_mono_ns();
	cpu0 = cpu_ns(sr->cpu);
	for (;;) {
		if (poll(&p, 1, CHECK_MS) < 0 && errno != EINTR)
			return false;
		got = 0;
		if (p.revents) {
			got = read(sr->res_fd, r, sizeof(r));
			if (got < 0 && errno == EINTR)
				continue;
			/* Whole records: each batch was written at once. */
			if (got <= 0 || got % (ssize_t)sizeof(r[0]))
				return false;
		}
		for (k = 0; k < (size_t)got / sizeof(r[0]); k++) {
			if (r[k].kind == REC_END)
				return true;
			if (r[k].so < 0 || r[k].eo < r[k].so ||
			    (size_t)r[k].eo > q.len)
				return false;
			if (r[k].kind >= 0) {
				if (n > LATT_TMETRIC_LINE_MAX)
					return false;
				sr->got[n].so = r[k].so;
				sr->got[n++].eo = r[k].eo;
				continue;
			}
			/* A step done: its matches count, the next begins. */
			for (j = 0; j < n; j++)
				latt_tmetric_found(m, at->i,
						   from + sr->got[j].so,
						   (size_t)(sr->got[j].eo -
							    sr->got[j].so));
			n = 0;
			next_step(at, m->n, (size_t)(from - s) +
				  (size_t)r[k].eo);
			start = latt_mono_ns();
			cpu0 = cpu_ns(sr->cpu);
		}
		now = latt_mono_ns();
		if (now - start > LATT_TMETRIC_SEARCH_WALL_NS ||
		    (sr->stop_by && now > sr->stop_by) ||
		    cpu_ns(sr->cpu) - cpu0 > LATT_TMETRIC_SEARCH_CPU_NS)
			return false;
	}
}

/* The end of the line at @line of @s[0..len). */
static size_t line_end(const char *s, size_t len, size_t line)
{
	const char *e = memchr(s + line, '\n', len - line);

	return e ? (size_t)(e - s) : len;
}

void latt_search_lines(void *ctx, struct latt_tmetric_matcher *m,
		       const char *s, size_t len)
{
	struct latt_search *sr = ctx;
	struct step at = { 0, 0 };

	while (at.line < len) {
		/* Past the end of the reading: the rest is skipped. */
		if (sr->stop_by && latt_mono_ns() > sr->stop_by) {
			m->out[at.i].skipped++;
			next_step(&at, m->n, line_end(s, len, at.line));
			continue;
		}
		if (search_from(sr, m, s, len, &at))
			return;
		/* The step at hand is skipped, its process killed. */
		end_process(sr);
		m->out[at.i].skipped++;
		next_step(&at, m->n, line_end(s, len, at.line));
	}
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
