// SPDX-License-Identifier: GPL-2.0-only
/*
 * Clients; see include/latt/client.h.
 */
#include <errno.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "latt/client.h"
#include "latt/work.h"

#include <limits.h>
#include <sys/resource.h>
#include <sys/syscall.h>

struct latt_client_slot *latt_client_slots_map(unsigned int n)
{
	void *p;

	p = mmap(NULL, (size_t)n * sizeof(struct latt_client_slot),
		 PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

void latt_client_slots_unmap(struct latt_client_slot *slots, unsigned int n)
{
	if (slots)
		munmap(slots, (size_t)n * sizeof(*slots));
}

/*
 * Close descriptors [lo, hi]: close_range(2) where the kernel has it
 * (5.9 and later), else one by one up to the descriptor limit.
 */
static void close_fds(unsigned int lo, unsigned int hi)
{
	struct rlimit rl;
	unsigned int fd;

	if (lo > hi)
		return;
	if (!syscall(SYS_close_range, lo, hi, 0))
		return;
	if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < hi)
		hi = (unsigned int)rl.rlim_cur;
	for (fd = lo; fd <= hi; fd++)
		close((int)fd);
}

/*
 * Keep stdin/out/err and the two channel descriptors; a client holding
 * another client's pipe end would keep that pipe open after its owner
 * died, and the waker would never see the end of file.
 */
static void close_other_fds(const struct latt_client *c)
{
	int a, b, t;

	latt_wake_client_fds(&c->chan, &a, &b);
	if (a > b) {
		t = a;
		a = b;
		b = t;
	}
	/* Both are above 2: stdio was open when the channel was made. */
	close_fds(3, (unsigned int)a - 1);
	close_fds((unsigned int)a + 1, (unsigned int)b - 1);
	close_fds((unsigned int)b + 1, UINT_MAX);
}

int latt_client_loop(struct latt_client *c, const struct latt_client_cfg *cfg)
{
	struct latt_client_slot *s = c->slot;
	const struct latt_clock *clk = cfg->clock;
	struct latt_work work;
	uint64_t t0, t1, t2;
	int ret;

	ret = latt_work_init(&work, cfg->work_bytes);
	if (ret)
		return ret;
	for (;;) {
		ret = latt_wake_recv(&c->chan, &t0);
		if (ret <= 0)
			break;
		t1 = latt_clock_now(clk);
		latt_work_run(&work);
		t2 = latt_clock_now(clk);

		/* A stamp from before the waker's would be a clock bug. */
		s->last_wake_ns = t1 > t0 ? t1 - t0 : 0;
		s->last_work_ns = t2 - t1;
		latt_stats_add(&s->wake, s->last_wake_ns);
		latt_hist_add(&s->wake_hist, s->last_wake_ns);
		latt_stats_add(&s->work, s->last_work_ns);
		latt_hist_add(&s->work_hist, s->last_work_ns);

		ret = latt_wake_answer(&c->chan);
		if (ret)
			break;
	}
	latt_work_free(&work);
	/* The waker hanging up while we answered is a normal end. */
	return ret == -EPIPE ? 0 : ret;
}

static void client_child(struct latt_client *c,
			 const struct latt_client_cfg *cfg)
{
	struct sigaction sa = { .sa_handler = SIG_IGN };

	if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != cfg->parent)
		_exit(0);
	/* ^C and ^\ reach the whole foreground group; the waker stops us. */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGQUIT, &sa, NULL);
	sigaction(SIGPIPE, &sa, NULL);
	sa.sa_handler = SIG_DFL;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigprocmask(SIG_SETMASK, cfg->sigmask, NULL);
	close_other_fds(c);
	_exit(latt_client_loop(c, cfg) ? 2 : 0);
}

int latt_client_spawn(struct latt_client *c, const struct latt_client_cfg *cfg)
{
	pid_t pid;
	int ret;

	ret = latt_wake_open(&c->chan, LATT_WAKE_PIPE);
	if (ret)
		return ret;
	pid = fork();
	if (pid < 0) {
		ret = -errno;
		latt_wake_close(&c->chan);
		return ret;
	}
	if (pid == 0)
		client_child(c, cfg);
	c->pid = pid;
	c->reaped = false;
	latt_wake_close_client_end(&c->chan);
	return 0;
}
