// SPDX-License-Identifier: GPL-2.0-only
/*
 * The waker's event loop; see include/latt/waker.h.
 *
 * epoll tags: the signalfd, the three timers, the shared answer and, for
 * thread clients, their eventfd.
 */
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <sched.h>
#include <string.h>
#include <stdio.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "latt/sysinfo.h"
#include "latt/waker.h"

#define TAG_SIGNAL	(1ULL << 32)
#define TAG_SLEEP	(TAG_SIGNAL + 1)
#define TAG_DEADLINE	(TAG_SIGNAL + 2)
#define TAG_ANSWER	(TAG_SIGNAL + 3)
#define TAG_WATCH	(TAG_SIGNAL + 4)
#define TAG_THREAD	(TAG_SIGNAL + 5)
#define TAG_LIVE	(TAG_SIGNAL + 6)

/* How long clients get to leave after the hang-up before SIGKILL. */
#define CLIENT_EXIT_NS	(1000ULL * 1000 * 1000)
/* How long the last cycle's answers are waited for when the run ends. */
#define DRAIN_NS	(1000ULL * 1000 * 1000)
/* The live line on a terminal: about once a second. */
#define LIVE_TTY_NS	(1000ULL * 1000 * 1000)
/* How long a SIGKILLed process may take to be reaped before giving up. */
#define KILL_WAIT_NS	(5000ULL * 1000 * 1000)

/*
 * Record why the run stops.  The first reason wins, and none counts once
 * latt is stopping on its own.  Returns true when @why was recorded.
 */
static bool set_stop(struct latt_waker *w, enum latt_stop why)
{
	if (w->stop != LATT_STOP_NONE || w->stopping)
		return false;
	w->stop = why;
	return true;
}

static void set_error(struct latt_waker *w, enum latt_stop why, int err)
{
	if (set_stop(w, why))
		w->error = err;
}

static void client_gone(struct latt_waker *w, unsigned int i)
{
	if (set_stop(w, LATT_STOP_CLIENT))
		w->dead_client = (int)i;
}

/* xorshift64*: fast, good enough to spread the sleeps. */
static uint64_t next_random(struct latt_waker *w)
{
	w->rng ^= w->rng >> 12;
	w->rng ^= w->rng << 25;
	w->rng ^= w->rng >> 27;
	return w->rng * 0x2545f4914f6cdd1dULL;
}

static int epoll_add(int epfd, int fd, uint64_t tag, uint32_t flags)
{
	struct epoll_event ev = { .events = EPOLLIN | flags, .data.u64 = tag };

	return epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev) ? -errno : 0;
}

/* A periodic timer, every @ns. */
static int arm_watch(int fd, uint64_t ns)
{
	struct itimerspec its = {
		.it_value.tv_sec = (time_t)(ns / 1000000000ULL),
		.it_value.tv_nsec = (long)(ns % 1000000000ULL),
		.it_interval.tv_sec = (time_t)(ns / 1000000000ULL),
		.it_interval.tv_nsec = (long)(ns % 1000000000ULL),
	};

	return timerfd_settime(fd, 0, &its, NULL) ? -errno : 0;
}

static int arm_timer(int fd, uint64_t ns)
{
	struct itimerspec its = {
		.it_value.tv_sec = (time_t)(ns / 1000000000ULL),
		.it_value.tv_nsec = (long)(ns % 1000000000ULL),
	};

	return timerfd_settime(fd, 0, &its, NULL) ? -errno : 0;
}

int latt_waker_init(struct latt_waker *w, const struct latt_run_cfg *cfg,
		    const struct latt_session *s,
		    const struct latt_clock *clock,
		    struct latt_client *clients, struct latt_answer *answer,
		    uint64_t seed)
{
	int ret;

	memset(w, 0, sizeof(*w));
	w->cfg = cfg;
	w->clock = clock;
	w->samples = cfg->verbose ? s->samples : NULL;
	w->sample_prefix = "";
	w->clients = clients;
	w->answer = answer;
	w->dead_client = -1;
	w->sigfd = s->sigfd;
	w->guard = s->guard_fd >= 0 ? s->guard_pid : 0;
	w->epfd = w->sleep_fd = w->deadline_fd = w->watch_fd = -1;
	w->notify_fd = w->live_fd = -1;
	w->rng = seed ? seed : 0x853c49e6748fea9bULL;
	/* A run stopped before it measured lasted no time. */
	w->start_ns = w->end_ns = latt_mono_ns();

	w->epfd = epoll_create1(EPOLL_CLOEXEC);
	w->sleep_fd = timerfd_create(CLOCK_MONOTONIC,
				     TFD_CLOEXEC | TFD_NONBLOCK);
	w->deadline_fd = timerfd_create(CLOCK_MONOTONIC,
					TFD_CLOEXEC | TFD_NONBLOCK);
	w->watch_fd = timerfd_create(CLOCK_MONOTONIC,
				     TFD_CLOEXEC | TFD_NONBLOCK);
	if (w->epfd < 0 || w->sleep_fd < 0 || w->deadline_fd < 0 ||
	    w->watch_fd < 0)
		return -errno;
	w->run_no = s->runs;
	w->runs_total = s->total_runs;
	w->trace = s->trace;
	w->xtrace = cfg->explain ? s->xtrace : NULL;
	if (s->progress || s->interval_ns) {
		w->live_tty = !s->interval_ns;
		w->live_ns = s->interval_ns ? s->interval_ns : LIVE_TTY_NS;
		w->live_fd = timerfd_create(CLOCK_MONOTONIC,
					    TFD_CLOEXEC | TFD_NONBLOCK);
		if (w->live_fd < 0)
			return -errno;
		latt_stats_init(&w->live);
		latt_stats_init(&w->interval);
		latt_hist_init(&w->live_hist);
		latt_hist_init(&w->interval_hist);
	}
	ret = epoll_add(w->epfd, w->sigfd, TAG_SIGNAL, 0);
	if (!ret && w->live_fd >= 0)
		ret = epoll_add(w->epfd, w->live_fd, TAG_LIVE, 0);
	if (!ret)
		ret = epoll_add(w->epfd, w->sleep_fd, TAG_SLEEP, 0);
	if (!ret)
		ret = epoll_add(w->epfd, w->deadline_fd, TAG_DEADLINE, 0);
	if (!ret)
		ret = epoll_add(w->epfd, w->watch_fd, TAG_WATCH, 0);
	/* Edge-triggered: each cycle's answer is an event, never read. */
	if (!ret)
		ret = epoll_add(w->epfd, answer->fd, TAG_ANSWER, EPOLLET);
	return ret;
}

void latt_waker_fail(struct latt_waker *w, enum latt_stop why, int error,
		     const char *what)
{
	if (set_stop(w, why)) {
		w->error = error;
		snprintf(w->what, sizeof(w->what), "%s", what);
	}
}

/* How long all clients together may take to hand their channels over. */
#define ADOPT_TIMEOUT_MS	30000

static void read_signals(struct latt_waker *w);
static void watch(struct latt_waker *w);

/*
 * Take every client's hand-off.  A client that dies first, or a signal,
 * ends the wait with w->stop set; the run then ends at once.
 */
static int adopt_clients(struct latt_waker *w, int fd)
{
	struct pollfd pfd[2] = {
		{ .fd = fd, .events = POLLIN },
		{ .fd = w->sigfd, .events = POLLIN },
	};
	unsigned int pending = w->nclients;
	uint64_t end = latt_mono_ns() + ADOPT_TIMEOUT_MS * 1000000ULL;
	struct latt_client_failure fail;
	char what[160];
	int ret;

	while (pending && w->stop == LATT_STOP_NONE) {
		uint64_t now = latt_mono_ns();

		if (now >= end)
			return -ETIMEDOUT;
		ret = poll(pfd, 2, (int)((end - now) / 1000000) + 1);
		if (ret < 0 && errno != EINTR)
			return -errno;
		/*
		 * Hand-offs before signals: a client whose settings failed
		 * said so before it exited, and that is the reason to give.
		 */
		while (pending) {
			ret = latt_client_adopt(w->clients, w->nclients, fd,
						w->cfg->mechanism, &fail);
			if (ret == -EAGAIN)
				break;
			if (ret == -ECANCELED) {
				bool dl_full = fail.error == -EBUSY &&
					w->cfg->client.policy ==
					LATT_SCHED_DEADLINE;

				snprintf(what, sizeof(what), "client %u: "
					 "setting its %s%s", fail.id + 1,
					 latt_sched_step_name(fail.step),
					 dl_full ? " (the CPUs' deadline "
					 "bandwidth is used up: lower runtime "
					 "or raise period)" : "");
				latt_waker_fail(w, LATT_STOP_SETUP, fail.error,
						what);
				return 0;
			}
			if (ret < 0)
				return ret;
			pending--;
		}
		if (pfd[1].revents)
			read_signals(w);
	}
	return 0;
}

/*
 * Wait until every thread client has made its settings (or one could
 * not), as adopt_clients() does for processes.
 */
static int threads_ready(struct latt_waker *w)
{
	struct pollfd pfd[2] = {
		{ .fd = w->notify_fd, .events = POLLIN },
		{ .fd = w->sigfd, .events = POLLIN },
	};
	uint64_t end = latt_mono_ns() + ADOPT_TIMEOUT_MS * 1000000ULL;
	unsigned int i, ready;
	uint64_t ticks;
	char what[96];

	while (w->stop == LATT_STOP_NONE) {
		uint64_t now = latt_mono_ns();

		if (read(w->notify_fd, &ticks, sizeof(ticks)) < 0 &&
		    errno != EAGAIN)
			return -errno;
		for (i = ready = 0; i < w->nclients; i++) {
			struct latt_client *c = &w->clients[i];
			int st = atomic_load(&c->state);

			if (st == LATT_THREAD_FAILED) {
				snprintf(what, sizeof(what), "client %u: "
					 "setting its %s", c->id + 1,
					 latt_sched_step_name(c->fail.step));
				latt_waker_fail(w, LATT_STOP_SETUP,
						c->fail.error, what);
				return 0;
			}
			ready += st == LATT_THREAD_READY;
		}
		if (ready == w->nclients)
			return 0;
		if (now >= end)
			return -ETIMEDOUT;
		if (poll(pfd, 2, (int)((end - now) / 1000000) + 1) < 0 &&
		    errno != EINTR)
			return -errno;
		if (pfd[1].revents)
			read_signals(w);
	}
	return 0;
}

static int spawn_threads(struct latt_waker *w,
			 struct latt_client_slot *slots,
			 const struct latt_client_cfg *cfg)
{
	unsigned int i;
	int ret;

	w->notify_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (w->notify_fd < 0)
		return -errno;
	ret = epoll_add(w->epfd, w->notify_fd, TAG_THREAD, 0);
	for (i = 0; !ret && i < w->cfg->clients; i++) {
		struct latt_client *c = &w->clients[i];

		memset(c, 0, sizeof(*c));
		c->id = i;
		c->slot = &slots[i];
		ret = latt_client_thread_start(c, cfg, w->notify_fd);
		if (!ret)
			w->nclients++;
	}
	if (!ret)
		ret = threads_ready(w);
	return ret;
}

int latt_waker_spawn_clients(struct latt_waker *w,
			     struct latt_client_slot *slots,
			     const struct latt_client_cfg *cfg)
{
	unsigned int i, n = w->cfg->clients;
	int ho[2], ret;

	if (w->cfg->threads)
		return spawn_threads(w, slots, cfg);
	ret = latt_client_handoff_open(ho);
	if (ret)
		return ret;
	for (i = 0; i < n; i++) {
		struct latt_client *c = &w->clients[i];

		memset(c, 0, sizeof(*c));
		c->id = i;
		c->slot = &slots[i];
		ret = latt_client_fork(c, cfg, ho[1]);
		if (ret)
			break;
		w->nclients++;
	}
	close(ho[1]);
	if (!ret)
		ret = adopt_clients(w, ho[0]);
	/* Clients still waiting to hand over now fail and leave. */
	close(ho[0]);
	return ret;
}

void latt_waker_set_target(struct latt_waker *w, struct latt_target *t)
{
	w->target = t;
}

void latt_waker_set_helper(struct latt_waker *w, pid_t pid, const char *name)
{
	w->helper = pid;
	w->helper_name = name;
}

static struct latt_client *find_client(struct latt_waker *w, pid_t pid)
{
	unsigned int i;

	for (i = 0; i < w->nclients; i++)
		if (!w->clients[i].is_thread && w->clients[i].pid == pid)
			return &w->clients[i];
	return NULL;
}

/* Reap every child that has ended, and note what each ending means. */
static void reap(struct latt_waker *w)
{
	struct latt_client *c;
	struct rusage ru;
	pid_t pid;
	int st;

	while ((pid = wait4(-1, &st, WNOHANG | WUNTRACED, &ru)) > 0) {
		if (WIFSTOPPED(st)) {
			/*
			 * The target is not in the terminal's foreground
			 * group: reading it (or writing, with tostop) stops
			 * the target for good.  Say so instead of waiting.
			 */
			if (w->target && pid == w->target->pid &&
			    (WSTOPSIG(st) == SIGTTIN ||
			     WSTOPSIG(st) == SIGTTOU) &&
			    set_stop(w, LATT_STOP_TTY))
				w->stop_signal = WSTOPSIG(st);
			continue;
		}
		if (w->target && pid == w->target->pid) {
			latt_target_exited(w->target, st, &ru, latt_mono_ns());
			set_stop(w, LATT_STOP_TARGET);
		} else if (w->helper && pid == w->helper) {
			w->helper_reaped = true;
			w->helper_status = st;
			if (set_stop(w, LATT_STOP_ERROR))
				snprintf(w->what, sizeof(w->what), "%s exited "
					 "during the run", w->helper_name);
		} else if (w->guard && pid == w->guard) {
			/* Not the command's: nothing of it to count. */
			w->guard = 0;
		} else if ((c = find_client(w, pid))) {
			c->reaped = true;
			c->reaped_ns = latt_clock_now(w->clock);
			w->nreaped++;
			c->status = st;
			client_gone(w, c->id);
		} else if (w->target) {
			latt_target_add_orphan(w->target, &ru);
		}
	}
}

/*
 * Join the thread clients whose loop has ended: as a reaped process, one
 * that ended while the run went on is a client gone.
 */
static void reap_threads(struct latt_waker *w)
{
	uint64_t ticks;
	unsigned int i;

	if (w->notify_fd < 0 ||
	    (read(w->notify_fd, &ticks, sizeof(ticks)) < 0 && errno != EAGAIN))
		return;
	for (i = 0; i < w->nclients; i++) {
		struct latt_client *c = &w->clients[i];

		int st = atomic_load(&c->state);

		if (c->reaped ||
		    (st != LATT_THREAD_ENDED && st != LATT_THREAD_FAILED) ||
		    latt_client_thread_join(c))
			continue;
		c->reaped = true;
		c->reaped_ns = latt_clock_now(w->clock);
		/* As a process would have ended: _exit(2) on an error. */
		c->status = c->exit_error || st == LATT_THREAD_FAILED ?
			    2 << 8 : 0;
		w->nreaped++;
		client_gone(w, i);
	}
}

static void read_signals(struct latt_waker *w)
{
	struct signalfd_siginfo si;

	while (read(w->sigfd, &si, sizeof(si)) == sizeof(si)) {
		switch (si.ssi_signo) {
		case SIGCHLD:
			reap(w);
			break;
		default:
			/*
			 * While stopping, a second ^C must not lose the
			 * report; but one after a normal end (the duration,
			 * the command's exit) is still a request to stop: the
			 * run says so, and no other run follows.
			 */
			if (set_stop(w, LATT_STOP_SIGNAL) ||
			    w->stop == LATT_STOP_DURATION ||
			    w->stop == LATT_STOP_TARGET) {
				w->stop = LATT_STOP_SIGNAL;
				w->stop_signal = (int)si.ssi_signo;
			}
			break;
		}
	}
	/* Signals coalesce: a SIGCHLD may stand for several children. */
	reap(w);
	reap_threads(w);
}

/* The samples client @c has recorded, with all they wrote before. */
static uint64_t samples_in(const struct latt_client *c)
{
	return atomic_load_explicit(&c->slot->done, memory_order_acquire);
}

static void print_sample(struct latt_waker *w, const struct latt_client *c)
{
	FILE *f = w->samples;

	fprintf(f, "sample %sclient=%u wakeup_ns=%" PRIu64 " work_ns=%" PRIu64
		"\n", w->sample_prefix, c->id + 1, c->slot->last_wake_ns,
		c->slot->last_work_ns);
	if (ferror(f))
		set_error(w, LATT_STOP_OUTPUT, errno ? -errno : -EIO);
}

/*
 * -b: client @c woke @ns after its wakeup, over the limit.  Mark the trace
 * and stop it at once, then stop the run.
 */
static void breaktrace(struct latt_waker *w, struct latt_client *c,
		       uint64_t ns)
{
	char text[160];

	w->break_hit = true;
	w->break_client = c->id;
	w->break_ns = ns;
	w->break_cpu = c->slot->last_cpu - 1;
	snprintf(text, sizeof(text), "latt: breaktrace: client %u (pid %d) "
		 "ran %.1f us after its wakeup, on CPU %d (limit %.1f us)\n",
		 c->id + 1, (int)c->pid, (double)ns / 1000.0, w->break_cpu,
		 (double)w->cfg->breaktrace_ns / 1000.0);
	latt_trace_mark_stop(w->trace, text);
	w->trace->keep = true;
	set_stop(w, LATT_STOP_BREAK);
}

/* Client @c has answered this cycle: it is no longer in flight. */
static void answered(struct latt_waker *w, struct latt_client *c)
{
	c->in_flight = false;
	if (w->cfg->explain && !w->warming) {
		struct latt_worst x = {
			.ns = c->slot->last_wake_ns, .stamp = c->sent_stamp,
			.client = c->id, .pid = c->pid,
		};

		latt_worst_add(w->worst, &w->nworst, w->cfg->explain, &x);
	}
	if (w->trace && w->cfg->breaktrace_ns && !w->warming &&
	    !w->break_hit && c->slot->last_wake_ns > w->cfg->breaktrace_ns)
		breaktrace(w, c, c->slot->last_wake_ns);
	if (w->live_fd >= 0 && !w->warming) {
		uint64_t v = c->slot->last_wake_ns;

		latt_stats_add(&w->live, v);
		latt_hist_add(&w->live_hist, v);
		latt_stats_add(&w->interval, v);
		latt_hist_add(&w->interval_hist, v);
	}
	if (w->samples && !w->warming)
		print_sample(w, c);
}

/*
 * The last client of the cycle has answered: every client has.  Their
 * samples are printed in client order.
 */
static void take_answer(struct latt_waker *w)
{
	unsigned int i;

	/* Reading the count (acquire) makes the clients' samples visible. */
	if (!w->pending || latt_answer_due(w->answer))
		return;
	for (i = 0; i < w->nclients; i++)
		if (w->clients[i].in_flight)
			answered(w, &w->clients[i]);
	w->pending = 0;
	/*
	 * -v: the cycle's lines reach a pipe now, not when a block fills,
	 * and a reader that left (head) ends the run at the next cycle.
	 * Out of the measured interval: the waker sleeps next.
	 */
	if (w->samples && !w->warming && fflush(w->samples))
		set_error(w, LATT_STOP_OUTPUT, errno ? -errno : -EIO);
}

/*
 * Clients that answered in a cycle that did not complete (one stalled,
 * or the run ended): their samples are in; the others stay in flight.
 */
static void take_partial(struct latt_waker *w)
{
	unsigned int i;

	for (i = 0; i < w->nclients; i++) {
		struct latt_client *c = &w->clients[i];

		if (c->in_flight && samples_in(c) >= c->sent)
			answered(w, c);
	}
}

static uint64_t live_p99(const struct latt_stats *st,
			 const struct latt_hist *h)
{
	uint64_t v = latt_hist_percentile(h, 99);

	/* Too few samples for a p99: the largest, as the report says. */
	if (st->count < latt_percentile_needs(99))
		return st->max;
	return v < st->min ? st->min : v > st->max ? st->max : v;
}

/*
 * The decimals of the live line's seconds: as many as the period has
 * ("0.01-0.02 s" for -i 10ms), at least one.
 */
static int live_prec(const struct latt_waker *w)
{
	const uint64_t ms = 1000000;

	return w->live_ns % (100 * ms) == 0 ? 1 :
	       w->live_ns % (10 * ms) == 0 ? 2 : 3;
}

/* Where the run stands: "3.0/10.0 s, run 1/3 base". */
static void live_where(struct latt_waker *w, uint64_t now, char *buf,
		       size_t len)
{
	double el = (double)(now - w->run_start_ns) / 1e9;
	uint64_t ns = w->cfg->duration_ns, day = 86400 * 1000000000ULL;
	int prec = live_prec(w);

	/* Past a day, "1.0 s of 30d" rather than "1.0/2.592e+06 s". */
	if (!ns)
		snprintf(buf, len, "%.*f s", prec, el);
	else if (ns < day)
		snprintf(buf, len, "%.*f/%g s", prec, el, (double)ns / 1e9);
	else if (ns % day == 0)
		snprintf(buf, len, "%.*f s of %llud", prec, el,
			 (unsigned long long)(ns / day));
	else if (ns % (day / 24) == 0)
		snprintf(buf, len, "%.*f s of %lluh", prec, el,
			 (unsigned long long)(ns / (day / 24)));
	else
		snprintf(buf, len, "%.*f s of %.0f s", prec, el,
			 (double)ns / 1e9);
	if (w->runs_total > 1)
		snprintf(buf + strlen(buf), len - strlen(buf), ", run %u/%u %s",
			 w->run_no, w->runs_total, w->cfg->name);
}

/* ", max M, p99 P usec" of what @st and @h hold, if anything. */
static void live_summary(const struct latt_stats *st,
			 const struct latt_hist *h)
{
	if (st->count)
		fprintf(stderr, ", max %.1f, p99 %.1f usec",
			(double)st->max / 1000.0,
			(double)live_p99(st, h) / 1000.0);
}

/* The live line: every second in place, or every -i on a line of its own. */
static void live_tick(struct latt_waker *w)
{
	uint64_t now = latt_mono_ns();
	char where[128];

	live_where(w, now, where, sizeof(where));
	if (w->live_tty) {
		fprintf(stderr, "\rlatt: %s: %llu entries", where,
			(unsigned long long)w->live.count);
		live_summary(&w->live, &w->live_hist);
		if (!w->live.count && w->warming)
			fputs(" (warming up)", stderr);
		fputs("\033[K", stderr);
		w->live_shown = true;
	} else {
		int prec = live_prec(w);

		fprintf(stderr, "latt: %s: interval %.*f-%.*f s: %llu entries",
			where, prec, (double)(w->interval_start_ns -
					      w->run_start_ns) / 1e9,
			prec, (double)(now - w->run_start_ns) / 1e9,
			(unsigned long long)w->interval.count);
		if (w->interval.count)
			fprintf(stderr, ", max %.1f, avg %.1f, p99 %.1f usec",
				(double)w->interval.max / 1000.0,
				w->interval.mean / 1000.0,
				(double)live_p99(&w->interval,
						 &w->interval_hist) / 1000.0);
		fprintf(stderr, "; in all %llu entries",
			(unsigned long long)w->live.count);
		live_summary(&w->live, &w->live_hist);
		fputs(w->warming ? " (warming up)\n" : "\n", stderr);
		latt_hist_clear_range(&w->interval_hist, w->interval.min,
				      w->interval.max);
		latt_stats_init(&w->interval);
		w->interval_start_ns = now;
	}
	fflush(stderr);
}

/* Take the live line off the terminal before anything else is printed. */
static void live_erase(struct latt_waker *w)
{
	if (!w->live_shown)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	w->live_shown = false;
}

/* Wait up to @timeout_ms (-1: no limit) and handle what happened. */
static void handle_events(struct latt_waker *w, int timeout_ms)
{
	struct epoll_event ev[64];
	uint64_t ticks;
	int i, n;

	n = epoll_wait(w->epfd, ev, 64, timeout_ms);
	if (n < 0) {
		if (errno != EINTR)
			set_error(w, LATT_STOP_ERROR, -errno);
		return;
	}
	for (i = 0; i < n; i++) {
		uint64_t tag = ev[i].data.u64;

		if (tag == TAG_SIGNAL) {
			read_signals(w);
		} else if (tag == TAG_SLEEP) {
			if (read(w->sleep_fd, &ticks, sizeof(ticks)) > 0)
				w->timer_fired = true;
		} else if (tag == TAG_DEADLINE) {
			if (read(w->deadline_fd, &ticks, sizeof(ticks)) > 0)
				set_stop(w, LATT_STOP_DURATION);
		} else if (tag == TAG_ANSWER) {
			take_answer(w);
		} else if (tag == TAG_WATCH) {
			if (read(w->watch_fd, &ticks, sizeof(ticks)) > 0)
				watch(w);
		} else if (tag == TAG_THREAD) {
			reap_threads(w);
		} else if (tag == TAG_LIVE) {
			if (read(w->live_fd, &ticks, sizeof(ticks)) > 0)
				live_tick(w);
		}
	}
}

/*
 * How late the waker itself woke, at @now, for the sleep it planned to
 * end at w->planned_ns: while it is late nobody is woken, so the
 * clients' samples cannot show that time.  At the end of a run only a
 * sleep that is overdue counts (@overdue).
 */
static void record_late(struct latt_waker *w, uint64_t now, bool overdue)
{
	uint64_t late;

	if (!w->planned_ns || w->warming || (overdue && now <= w->planned_ns))
		return;
	late = now > w->planned_ns ? now - w->planned_ns : 0;
	latt_stats_add(&w->late, late);
	latt_hist_add(&w->late_hist, late);
	w->planned_ns = 0;
}

static void sleep_phase(struct latt_waker *w)
{
	uint64_t span = w->cfg->max_wait_ns - w->cfg->min_wait_ns, ns;
	int ret;

	ns = w->cfg->min_wait_ns;
	if (span)
		ns += next_random(w) % (span + 1);
	w->planned_ns = 0;
	/* Back to back: what else arrives is seen while answers are due. */
	if (!ns)
		return;
	ret = arm_timer(w->sleep_fd, ns);
	if (ret) {
		set_error(w, LATT_STOP_ERROR, ret);
		return;
	}
	w->planned_ns = latt_mono_ns() + ns;
	w->timer_fired = false;
	while (!w->timer_fired && w->stop == LATT_STOP_NONE)
		handle_events(w, -1);
	/*
	 * The run ended while the waker should have been waking: it was
	 * late by at least this much (starved, it may never have run).
	 */
	if (w->stop != LATT_STOP_NONE)
		record_late(w, latt_mono_ns(), true);
}

/* The CPU time of the calling thread, the waker's, in ns; 0 unknown. */
static uint64_t thread_cpu_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts))
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/*
 * The kernel's accounting of every client, at the start of measuring
 * (@end false) or at its end, when the difference is summed.  With it,
 * the waker's own CPU time and, at the end, the CPUs the clients may use
 * (latt's load: include/latt/result.h).
 */
static void kernel_view(struct latt_waker *w, bool end)
{
	struct latt_schedstat now;
	unsigned int i;
	int ret;

	if (!end) {
		w->waker_cpu_start = thread_cpu_ns();
	} else {
		uint64_t cpu = thread_cpu_ns();

		w->waker_cpu_ns = cpu > w->waker_cpu_start ?
				  cpu - w->waker_cpu_start : 0;
		CPU_ZERO(&w->client_cpus);
	}
	for (i = 0; i < w->nclients && !w->kview_error; i++) {
		struct latt_client *c = &w->clients[i];
		cpu_set_t may;

		if (end && !sched_getaffinity(c->pid, sizeof(may), &may))
			CPU_OR(&w->client_cpus, &w->client_cpus, &may);

		ret = latt_sysinfo_schedstat(c->pid, &now);
		if (ret) {
			w->kview_error = ret;
			return;
		}
		if (!end) {
			c->kstart = now;
			continue;
		}
		w->kview.run_ns += now.run_ns - c->kstart.run_ns;
		w->kview.wait_ns += now.wait_ns - c->kstart.wait_ns;
		w->kview.slices += now.slices - c->kstart.slices;
		w->kview_wakeups += samples_in(c);
	}
}

/* Where measuring starts: at the start, or when the warm-up ends. */
static void start_measuring(struct latt_waker *w, uint64_t now)
{
	w->start_ns = now;
	w->has_ctxt = latt_sysinfo_ctxt(&w->ctxt_start) == 0;
	kernel_view(w, false);
}

/*
 * The warm-up is over: drop what was recorded so far.  Every client has
 * answered and is blocked, so no slot is being written.
 */
static void end_warmup(struct latt_waker *w, uint64_t now)
{
	unsigned int i;

	for (i = 0; i < w->nclients; i++) {
		latt_client_slot_clear(w->clients[i].slot);
		w->clients[i].sent = 0;
	}
	w->cycles = 0;
	w->stalled_cycles = w->stalled_ns = 0;
	w->warming = false;
	latt_stats_init(&w->late);
	latt_hist_init(&w->late_hist);
	start_measuring(w, now);
}

/* How many stalled clients a stall report names before it counts. */
#define STALL_NAMED	4

/*
 * The answers of this cycle have taken @waited: name the clients still
 * unanswered, once, the first few by pid and the rest as a count.  Until
 * they answer no client is woken, and the report counts the cycle as
 * stalled.
 */
static void report_stall(struct latt_waker *w, uint64_t waited)
{
	unsigned int i, named = 0, more = 0;

	for (i = 0; i < w->nclients; i++) {
		const struct latt_client *c = &w->clients[i];

		if (!c->in_flight || samples_in(c) >= c->sent)
			continue;
		if (named++ >= STALL_NAMED) {
			more++;
			continue;
		}
		fprintf(stderr, "latt: client %u (%s %d) has not answered for "
			"%.1f s: no client is woken until it does\n",
			c->id + 1, c->is_thread ? "tid" : "pid", (int)c->pid,
			(double)waited / 1e9);
	}
	if (more)
		fprintf(stderr, "latt: %u more clients have not answered for "
			"%.1f s\n", more, (double)waited / 1e9);
}

/*
 * The watchdog's tick (a quarter of the stall limit): has this cycle
 * waited too long for its answers?  Checked by a periodic timer rather
 * than a timeout on every wait, which would arm a timer in the kernel
 * on every cycle.
 */
static void watch(struct latt_waker *w)
{
	uint64_t waited;

	if (!w->pending || w->cycle_stalled)
		return;
	waited = latt_mono_ns() - w->cycle_start_ns;
	if (waited < latt_stall_limit_ns(w->cfg))
		return;
	report_stall(w, waited);
	w->cycle_stalled = true;
}

/* Wait for this cycle's answers, which began at @t0. */
static void collect_answers(struct latt_waker *w, uint64_t t0)
{
	w->cycle_start_ns = t0;
	w->cycle_stalled = false;
	while (w->pending && w->stop == LATT_STOP_NONE)
		handle_events(w, -1);
	if (w->cycle_stalled && !w->warming) {
		w->stalled_cycles++;
		w->stalled_ns += latt_mono_ns() - t0;
	}
}

static void wake_phase(struct latt_waker *w)
{
	unsigned int i;
	uint64_t stamp;
	int ret;

	uint64_t now = latt_mono_ns();

	if (w->warming && now >= w->warm_end_ns)
		end_warmup(w, now);
	record_late(w, now, false);
	w->pending = 0;
	latt_answer_expect(w->answer, w->nclients);
	for (i = 0; i < w->nclients; i++) {
		struct latt_client *c = &w->clients[i];

		/* The stamp is taken as close to the wake as it can be. */
		stamp = latt_clock_now(w->clock);
		ret = latt_wake_send(&c->chan, stamp);
		if (ret == -EPIPE) {
			client_gone(w, i);
			return;
		}
		if (ret) {
			set_error(w, LATT_STOP_ERROR, ret);
			return;
		}
		c->sent_stamp = stamp;
		c->in_flight = true;
		c->sent++;
		w->pending++;
	}
	collect_answers(w, now);
	if (!w->pending)
		w->cycles++;
}

/*
 * The run ends with wakeups in flight: give their clients a moment to
 * answer, with the command still running, so that those wakeups are
 * measured like every other (and printed by -v) instead of being stamped
 * by the clients while latt stops everything.  Not when a client died or
 * latt failed: nothing more is measured then.
 */
static void drain(struct latt_waker *w)
{
	uint64_t end = latt_mono_ns() + DRAIN_NS, now;

	if (!w->pending || (w->stop != LATT_STOP_DURATION &&
			    w->stop != LATT_STOP_TARGET &&
			    w->stop != LATT_STOP_SIGNAL))
		return;
	while (w->pending && (now = latt_mono_ns()) < end &&
	       (w->stop == LATT_STOP_DURATION || w->stop == LATT_STOP_TARGET ||
		w->stop == LATT_STOP_SIGNAL))
		handle_events(w, (int)((end - now) / 1000000) + 1);
	if (!w->pending)
		w->cycles++;
}

/* Start trace @t (if any) with the run's clock. */
static void start_trace(struct latt_waker *w, struct latt_trace *t)
{
	if (!t || !latt_trace_start(t, w->clock->id == LATT_CLOCK_MONOTONIC_RAW ?
				    "mono_raw" : "mono"))
		return;
	set_error(w, LATT_STOP_ERROR, -EIO);
	snprintf(w->what, sizeof(w->what), "starting the trace in %s",
		 t->name);
}

int latt_waker_run(struct latt_waker *w)
{
	uint64_t now = latt_mono_ns();
	int ret;

	start_measuring(w, now);
	w->run_start_ns = now;
	/* -v names what its samples were taken with. */
	if (w->samples)
		fprintf(w->samples, "# samples %sclock=%s mechanism=%s "
			"clients=%s\n", w->sample_prefix,
			latt_clock_name(w->clock),
			latt_wake_name(w->cfg->mechanism),
			w->cfg->threads ? "threads" : "processes");
	if (w->cfg->warmup_ns) {
		w->warming = true;
		w->warm_end_ns = now + w->cfg->warmup_ns;
	}
	if (w->cfg->duration_ns) {
		ret = arm_timer(w->deadline_fd, w->cfg->duration_ns);
		if (ret)
			set_error(w, LATT_STOP_ERROR, ret);
	}
	ret = arm_watch(w->watch_fd, latt_stall_limit_ns(w->cfg) / 4);
	if (ret)
		set_error(w, LATT_STOP_ERROR, ret);
	w->interval_start_ns = now;
	/* The traces cover the run, the warm-up too. */
	start_trace(w, w->trace);
	start_trace(w, w->xtrace);
	if (w->live_fd >= 0) {
		ret = arm_watch(w->live_fd, w->live_ns);
		if (ret)
			set_error(w, LATT_STOP_ERROR, ret);
	}
	/* Signals and deaths that came during set-up count from here. */
	handle_events(w, 0);
	while (w->stop == LATT_STOP_NONE) {
		sleep_phase(w);
		if (w->stop != LATT_STOP_NONE)
			break;
		wake_phase(w);
	}
	/* The run's length is up to here: the drain only completes it. */
	w->end_ns = latt_mono_ns();
	if (w->live_fd >= 0)
		arm_timer(w->live_fd, 0);
	if (w->trace && !w->break_hit)
		latt_trace_stop(w->trace);
	if (w->xtrace)
		latt_trace_stop(w->xtrace);
	/*
	 * latt itself may have run too late to stop on time: the deadline
	 * is a wakeup of the waker too, and how late it came counts.
	 */
	if (w->stop == LATT_STOP_DURATION &&
	    w->end_ns > w->run_start_ns + w->cfg->duration_ns) {
		w->overrun_ns = w->end_ns - w->run_start_ns -
				w->cfg->duration_ns;
		if (!w->warming) {
			latt_stats_add(&w->late, w->overrun_ns);
			latt_hist_add(&w->late_hist, w->overrun_ns);
		}
	}
	if (w->has_ctxt)
		w->has_ctxt = latt_sysinfo_ctxt(&w->ctxt_end) == 0;
	drain(w);
	/* Those who answered in a cycle that did not complete. */
	take_partial(w);
	/* -i: the last interval, however short; the live line: gone. */
	if (w->live_fd >= 0 && !w->live_tty && w->interval.count)
		live_tick(w);
	live_erase(w);
	/* Every answer is in (or stalled): the clients' accounting. */
	kernel_view(w, true);
	/* A run that ended in its warm-up measured nothing. */
	if (w->warming) {
		w->start_ns = w->end_ns;
		w->cycles = 0;
	}
	return w->stop == LATT_STOP_ERROR ? w->error : 0;
}

/*
 * While stopping: reap and read signals until @done(w) or @timeout_ns.
 * Only the signalfd is watched: answer descriptors of dead clients would
 * keep epoll busy.
 */
static bool wait_until(struct latt_waker *w, uint64_t timeout_ns,
		       bool (*done)(struct latt_waker *w))
{
	uint64_t end = latt_mono_ns() + timeout_ns, now;
	struct pollfd pfd[2] = {
		{ .fd = w->sigfd, .events = POLLIN },
		{ .fd = w->notify_fd, .events = POLLIN },
	};

	for (;;) {
		read_signals(w);
		if (done(w))
			return true;
		now = latt_mono_ns();
		if (now >= end)
			return false;
		poll(pfd, w->notify_fd >= 0 ? 2 : 1,
		     (int)((end - now) / 1000000) + 1);
	}
}

static bool target_gone(struct latt_waker *w)
{
	return w->target->exited && !latt_target_alive(w->target);
}

static bool clients_gone(struct latt_waker *w)
{
	return w->nreaped == w->nclients;
}

static void stop_target(struct latt_waker *w)
{
	struct latt_target *t = w->target;

	if (!t || t->pid <= 0 || target_gone(w))
		return;
	if (!t->exited)
		w->target_killed = true;
	latt_target_kill(t, SIGTERM);
	/* A stopped group would never see the SIGTERM. */
	latt_target_kill(t, SIGCONT);
	if (wait_until(w, w->cfg->grace_ns, target_gone))
		return;
	latt_target_kill(t, SIGKILL);
	wait_until(w, KILL_WAIT_NS, target_gone);
}

static void stop_clients(struct latt_waker *w)
{
	unsigned int i;

	for (i = 0; i < w->nclients; i++)
		latt_wake_hangup(&w->clients[i].chan);
	if (wait_until(w, CLIENT_EXIT_NS, clients_gone))
		return;
	for (i = 0; i < w->nclients; i++)
		if (!w->clients[i].reaped && !w->clients[i].is_thread)
			kill(w->clients[i].pid, SIGKILL);
	if (wait_until(w, KILL_WAIT_NS, clients_gone) || !w->cfg->threads)
		return;
	/*
	 * A thread cannot be killed alone, and it shares this run's memory:
	 * it was hung up on, so wait for it to see that and leave.
	 */
	fprintf(stderr, "latt: %u client threads have not left; waiting for "
		"them (a thread cannot be stopped alone)\n",
		w->nclients - w->nreaped);
	while (!wait_until(w, KILL_WAIT_NS, clients_gone))
		;
}

/*
 * Send @sig to every child of latt that is not a client, the helper or
 * the guard: with latt the subreaper, those are the target's descendants
 * that left its process group (setsid daemons) and outlived it.  Returns how many there were.
 * Needs /proc/PID/task/TID/children (CONFIG_PROC_CHILDREN); without it,
 * nothing is found.
 */
static unsigned int signal_strays(struct latt_waker *w, int sig)
{
	unsigned int n = 0;
	char path[64];
	FILE *f;
	int pid;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/children",
		 (int)getpid(), (int)getpid());
	f = fopen(path, "re");
	if (!f)
		return 0;
	while (fscanf(f, "%d", &pid) == 1) {
		if (find_client(w, pid) || (w->helper && pid == w->helper) ||
		    (w->guard && pid == w->guard))
			continue;
		kill(pid, sig);
		n++;
	}
	fclose(f);
	return n;
}

static bool strays_gone_term(struct latt_waker *w)
{
	return signal_strays(w, SIGTERM) == 0;
}

static bool strays_gone_kill(struct latt_waker *w)
{
	return signal_strays(w, SIGKILL) == 0;
}

/* Stop what is left of the target outside its group: TERM, then KILL. */
static void stop_strays(struct latt_waker *w)
{
	if (!w->target || w->target->pid <= 0)
		return;
	if (wait_until(w, w->cfg->grace_ns, strays_gone_term))
		return;
	wait_until(w, KILL_WAIT_NS, strays_gone_kill);
}

/*
 * After every client is gone: a client still unanswered after the drain
 * stalled.  If it ran while latt stopped everything, its sample is in its
 * slot, with the whole wait; if it never ran before it was killed, there
 * is no sample, so its wait until then is recorded as one, a lower bound
 * of its latency: dropping it would flatter the run.  A client that died
 * on its own is not waiting for anything.
 */
static void record_stalled(struct latt_waker *w)
{
	unsigned int i;

	for (i = 0; i < w->nclients; i++) {
		struct latt_client *c = &w->clients[i];
		struct latt_client_slot *s = c->slot;
		uint64_t end, v;

		if (!c->in_flight || (int)i == w->dead_client)
			continue;
		w->stalled++;
		if (c->reaped && s->wake.count < c->sent) {
			end = c->reaped_ns;
			v = end > c->sent_stamp ? end - c->sent_stamp : 0;
			latt_stats_add(&s->wake, v);
			latt_hist_add(&s->wake_hist, v);
			s->last_wake_ns = v;
			s->last_work_ns = 0;
		} else if (s->wake.count < c->sent) {
			continue;
		}
		/* -v prints every sample the report counts. */
		if (w->samples)
			fprintf(w->samples, "sample %sclient=%u wakeup_ns=%" PRIu64
				" work_ns=%" PRIu64 " unanswered\n",
				w->sample_prefix, c->id + 1, s->last_wake_ns,
				s->last_work_ns);
	}
}

void latt_waker_finish(struct latt_waker *w)
{
	/* Deaths seen so far still count; from here on they are expected. */
	read_signals(w);
	w->stopping = true;
	stop_target(w);
	stop_clients(w);
	stop_strays(w);
	if (w->warming) {
		unsigned int i;

		/* It ended in the warm-up: nothing it took counts. */
		for (i = 0; i < w->nclients; i++)
			latt_client_slot_clear(w->clients[i].slot);
		return;
	}
	record_stalled(w);
}

void latt_waker_destroy(struct latt_waker *w)
{
	unsigned int i;

	for (i = 0; i < w->nclients; i++)
		latt_wake_close(&w->clients[i].chan);
	if (w->epfd >= 0)
		close(w->epfd);
	if (w->sleep_fd >= 0)
		close(w->sleep_fd);
	if (w->deadline_fd >= 0)
		close(w->deadline_fd);
	if (w->watch_fd >= 0)
		close(w->watch_fd);
	if (w->notify_fd >= 0)
		close(w->notify_fd);
	if (w->live_fd >= 0)
		close(w->live_fd);
	w->epfd = w->sleep_fd = w->deadline_fd = w->watch_fd = -1;
	w->notify_fd = w->live_fd = -1;
}

void latt_waker_result(const struct latt_waker *w, struct latt_result *r)
{
	r->stop = w->stop;
	r->stop_signal = w->stop_signal;
	r->error = w->error;
	snprintf(r->what, sizeof(r->what), "%s", w->what);
	r->cycles = w->cycles;
	r->overrun_ns = w->overrun_ns;
	r->elapsed_ns = w->end_ns > w->start_ns ? w->end_ns - w->start_ns : 0;
	r->stalled = w->stalled;
	r->stalled_cycles = w->stalled_cycles;
	r->stalled_ns = w->stalled_ns;
	r->dead_client = w->dead_client;
	if (w->dead_client >= 0) {
		r->dead_pid = w->clients[w->dead_client].pid;
		r->dead_status = w->clients[w->dead_client].status;
		r->dead_thread = w->clients[w->dead_client].is_thread;
		r->dead_error = w->clients[w->dead_client].exit_error;
	}
	r->target_killed = w->target_killed;
	r->has_ctxt = w->has_ctxt && w->ctxt_end >= w->ctxt_start;
	r->ctxt = r->has_ctxt ? w->ctxt_end - w->ctxt_start : 0;
	r->kview_error = w->kview_error;
	r->kview = w->kview;
	r->kview_wakeups = w->kview_wakeups;
	r->waker_cpu_ns = w->waker_cpu_ns;
	r->load_cpus = (unsigned int)CPU_COUNT(&w->client_cpus);
	r->traced = w->trace != NULL;
	r->explain_traced = w->xtrace != NULL;
	r->explain_name = w->xtrace ? w->xtrace->name : NULL;
	r->run_start_ns = w->run_start_ns;
	if (w->trace) {
		r->trace_name = w->trace->name;
		r->trace_dir = w->trace->dir;
		r->trace_lost = latt_trace_lost(w->trace);
		r->trace_kept = w->trace->keep;
	}
	r->break_cpu = -1;
	if (w->break_hit) {
		r->break_client = w->break_client;
		r->break_pid = w->clients[w->break_client].pid;
		r->break_cpu = w->break_cpu;
		r->break_ns = w->break_ns;
	}
	r->waker_late = w->late;
	r->waker_late_p99 = latt_hist_percentile(&w->late_hist, 99);
	if (r->waker_late_p99 > w->late.max)
		r->waker_late_p99 = w->late.max;
}
