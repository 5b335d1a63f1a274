// SPDX-License-Identifier: GPL-2.0-only
/*
 * The waker's set-up and event loop; see lib/run/waker.h.
 *
 * epoll tags (lib/run/waker-own.h): the signalfd, the three timers, the
 * shared answer, the live line's timer and, for thread clients, their
 * eventfd.
 */
#include <errno.h>
#include <sched.h>
#include <string.h>
#include <stdio.h>
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"
#include "measure/clock.h"
#include "measure/hist.h"
#include "measure/kwait.h"
#include "measure/stats.h"
#include "measure/sysinfo.h"
#include "measure/wake.h"
#include "run/client.h"
#include "run/jobctl.h"
#include "run/live.h"
#include "run/looker.h"
#include "run/result-stop.h"
#include "run/result.h"
#include "run/waker-own.h"
#include "run/waker.h"
#include "settings/config.h"
#include "settings/session.h"
#include "trace/decision.h"
#include "trace/explain.h"
#include "trace/trace.h"

/* How long the last cycle's answers are waited for when the run ends. */
#define DRAIN_NS	(1000ULL * 1000 * 1000)

/* xorshift64*: fast, good enough to spread the sleeps. */
static uint64_t next_random(struct latt_waker *w)
{
	w->rng ^= w->rng >> 12;
	w->rng ^= w->rng << 25;
	w->rng ^= w->rng >> 27;
	return w->rng * 0x2545f4914f6cdd1dULL;
}

int latt_waker_init(struct latt_waker *w, const struct latt_run_cfg *cfg,
		    const struct latt_session *s,
		    const struct latt_clock *clock,
		    struct latt_client *clients, struct latt_answer *answer,
		    struct latt_result *r)
{
	int ret;

	memset(w, 0, sizeof(*w));
	w->cfg = cfg;
	w->r = r;
	w->clock = clock;
	w->samples = cfg->verbose ? s->samples : NULL;
	w->sample_prefix = "";
	w->clients = clients;
	w->answer = answer;
	w->sigfd = s->sigfd;
	w->children.guard = s->guard_fd >= 0 ? s->guard_pid : 0;
	w->epfd = w->sleep_fd = w->deadline_fd = w->watch_fd = -1;
	w->notify_fd = w->live.fd = -1;
	latt_looker_init(&w->looker);
	w->rng = r->seed ? r->seed : 0x853c49e6748fea9bULL;
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
	w->trace = s->trace;
	w->xtrace = cfg->explain ? s->xtrace : NULL;
	w->decisions = w->xtrace ? s->decisions : NULL;
	ret = latt_live_init(&w->live, cfg, s, r->run);
	if (ret)
		return ret;
	ret = latt_waker_epoll_add(w->epfd, w->sigfd, LATT_WAKER_TAG_SIGNAL, 0);
	if (!ret && w->live.fd >= 0)
		ret = latt_waker_epoll_add(w->epfd, w->live.fd,
					   LATT_WAKER_TAG_LIVE, 0);
	if (!ret)
		ret = latt_waker_epoll_add(w->epfd, w->sleep_fd,
					   LATT_WAKER_TAG_SLEEP, 0);
	if (!ret)
		ret = latt_waker_epoll_add(w->epfd, w->deadline_fd,
					   LATT_WAKER_TAG_DEADLINE, 0);
	if (!ret)
		ret = latt_waker_epoll_add(w->epfd, w->watch_fd,
					   LATT_WAKER_TAG_WATCH, 0);
	/*
	 * Edge-triggered: each cycle's answer is an event, not read here
	 * (the looker's read() of it: run/looker.h).
	 */
	if (!ret)
		ret = latt_waker_epoll_add(w->epfd, answer->fd,
					   LATT_WAKER_TAG_ANSWER, EPOLLET);
	return ret;
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
	latt_waker_stop_for(w, LATT_STOP_BREAK, 0);
}

/* Client @c has answered this cycle: it is no longer in flight. */
/*
 * --explain: the steal time of the CPU client @c ran on when woken, from
 * the cycle's start to now, into @x; only a wakeup that could be among
 * the slowest costs a read of /proc/stat.
 */
static void steal_of(struct latt_waker *w, const struct latt_client *c,
		     struct latt_worst *x)
{
	static uint64_t now[LATT_STEAL_CPUS];
	int cpu = c->slot->last_cpu - 1;

	if (!w->steal_cycle_ok || cpu < 0 || cpu >= w->steal_cpus ||
	    (w->nworst >= w->cfg->explain &&
	     x->ns <= w->worst[w->nworst - 1].ns) ||
	    latt_sysinfo_steal(now, LATT_STEAL_CPUS) <= cpu)
		return;
	x->steal_cpu = cpu;
	x->steal_ns = now[cpu] > w->steal_cycle[cpu] ?
		      now[cpu] - w->steal_cycle[cpu] : 0;
}

static void answered(struct latt_waker *w, struct latt_client *c)
{
	c->in_flight = false;
	/* Left out: latt was stopped while it was in flight (run/jobctl.h). */
	if (atomic_load_explicit(&c->slot->mark, memory_order_relaxed) ==
	    c->sent)
		return;
	if (w->cfg->explain && !w->warming) {
		struct latt_worst x = {
			.ns = c->slot->last_wake_ns, .stamp = c->sent_stamp,
			.client = c->id, .pid = c->pid, .steal_cpu = -1,
		};

		steal_of(w, c, &x);
		latt_worst_add(w->worst, &w->nworst, w->cfg->explain, &x);
	}
	if (w->trace && w->cfg->breaktrace_ns && !w->warming &&
	    !w->break_hit && c->slot->last_wake_ns > w->cfg->breaktrace_ns)
		breaktrace(w, c, c->slot->last_wake_ns);
	if (!w->warming &&
	    latt_blocks_add(&w->r->measured.blocks, c->slot->last_wake_ns))
		latt_waker_stop_for(w, LATT_STOP_ERROR, -ENOMEM);
	if (!w->warming)
		latt_live_add(&w->live, c->slot->last_wake_ns);
	if (w->samples && !w->warming) {
		int ret = latt_live_print_sample(w->samples, w->sample_prefix,
						 c, w->cfg->kernel_view, "");

		if (ret)
			latt_waker_stop_for(w, LATT_STOP_OUTPUT, ret);
	}
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
	if (!w->warming)
		latt_blocks_cycle(&w->r->measured.blocks);
	/*
	 * -v: the cycle's lines reach a pipe now, not when a block fills,
	 * and a reader that left (head) ends the run at the next cycle.
	 * Out of the measured interval: the waker sleeps next.
	 */
	if (w->samples && !w->warming && fflush(w->samples))
		latt_waker_stop_for(w, LATT_STOP_OUTPUT, errno ? -errno : -EIO);
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

		if (c->in_flight && latt_client_samples_in(c) >= c->sent)
			answered(w, c);
	}
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

		if (!c->in_flight || latt_client_samples_in(c) >= c->sent)
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
 * than a timeout on every wait, which would arm a timer in the kernel on
 * every cycle.
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

/*
 * Start the looker (run/looker.h) on the waker's events, less two: not
 * its epoll set itself, whose sleep timer would wake the looker at every
 * cycle's end of sleep, nor the answer, which the waker reads.  The
 * answer then leaves the waker's epoll set: every answer would also run
 * epoll's callback, a cost on every cycle.
 */
static void looker_start(struct latt_waker *w)
{
	const int fds[] = { w->sigfd, w->deadline_fd, w->watch_fd,
			    w->notify_fd, w->live.fd };

	if (latt_looker_start(&w->looker, w->answer->fd, fds,
			      sizeof(fds) / sizeof(fds[0])))
		epoll_ctl(w->epfd, EPOLL_CTL_DEL, w->answer->fd, NULL);
}

/* The drain waits for the last answers in epoll_wait() again. */
static void looker_stop(struct latt_waker *w)
{
	if (latt_looker_stop(&w->looker) &&
	    latt_waker_epoll_add(w->epfd, w->answer->fd,
				 LATT_WAKER_TAG_ANSWER, EPOLLET))
		perror("latt: watching the answer again");
}

/* Wait up to @timeout_ms (-1: no limit) and handle what happened. */
static void handle_events(struct latt_waker *w, int timeout_ms)
{
	struct epoll_event ev[64];
	uint64_t ticks;
	int i, n;

	/*
	 * With every signal blocked, only a stop (SIGSTOP) interrupts the
	 * wait: the waker has been idle since the wait before.
	 */
	latt_jobctl_idle(&w->job, latt_mono_ns());
	n = epoll_wait(w->epfd, ev, 64, timeout_ms);
	latt_jobctl_waited(&w->job, n);
	if (n < 0) {
		if (errno != EINTR)
			latt_waker_stop_for(w, LATT_STOP_ERROR, -errno);
		return;
	}
	/*
	 * Signals first: a SIGCONT that comes with the timers that expired
	 * while latt was stopped says first that they are late for that.
	 */
	for (i = 0; i < n; i++)
		if (ev[i].data.u64 == LATT_WAKER_TAG_SIGNAL)
			latt_waker_read_signals(w);
	for (i = 0; i < n; i++) {
		uint64_t tag = ev[i].data.u64;

		if (tag == LATT_WAKER_TAG_SIGNAL) {
			continue;
		} else if (tag == LATT_WAKER_TAG_SLEEP) {
			if (read(w->sleep_fd, &ticks, sizeof(ticks)) > 0)
				w->timer_fired = true;
		} else if (tag == LATT_WAKER_TAG_DEADLINE) {
			/* A stop not yet read moves the deadline. */
			latt_waker_read_signals(w);
			if (read(w->deadline_fd, &ticks, sizeof(ticks)) > 0)
				latt_waker_stop_for(w, LATT_STOP_DURATION, 0);
		} else if (tag == LATT_WAKER_TAG_ANSWER) {
			take_answer(w);
		} else if (tag == LATT_WAKER_TAG_WATCH) {
			if (read(w->watch_fd, &ticks, sizeof(ticks)) > 0)
				watch(w);
		} else if (tag == LATT_WAKER_TAG_THREAD) {
			latt_waker_reap_threads(w);
		} else if (tag == LATT_WAKER_TAG_LIVE) {
			if (latt_live_due(&w->live))
				latt_live_tick(&w->live, latt_mono_ns(),
					       w->run_start_ns,
					       w->job.stopped_ns, w->warming);
		}
	}
	latt_looker_looked(&w->looker);
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
	if (late > w->sleep_late_max)
		w->sleep_late_max = late;
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
	ret = latt_timer_arm(w->sleep_fd, ns, 0);
	if (ret) {
		latt_waker_stop_for(w, LATT_STOP_ERROR, ret);
		return;
	}
	w->planned_ns = latt_mono_ns() + ns;
	w->timer_fired = false;
	while (!w->timer_fired && w->r->end.why == LATT_STOP_NONE)
		handle_events(w, -1);
	/*
	 * The run ended while the waker should have been waking: it was
	 * late by at least this much (starved, it may never have run).
	 */
	if (w->r->end.why != LATT_STOP_NONE)
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
 * (latt's load: run/result.h).
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
	for (i = 0; i < w->nclients && !w->r->measured.kview_error; i++) {
		struct latt_client *c = &w->clients[i];
		cpu_set_t may;

		if (end && !sched_getaffinity(c->pid, sizeof(may), &may))
			CPU_OR(&w->client_cpus, &w->client_cpus, &may);

		ret = latt_kwait_schedstat(c->pid, &now);
		if (ret) {
			w->r->measured.kview_error = ret;
			return;
		}
		if (!end) {
			c->kstart = now;
			continue;
		}
		w->r->measured.kview.run_ns += now.run_ns - c->kstart.run_ns;
		w->r->measured.kview.wait_ns += now.wait_ns - c->kstart.wait_ns;
		w->r->measured.kview.slices += now.slices - c->kstart.slices;
		w->r->measured.kview_wakeups += latt_client_samples_in(c);
	}
}

/*
 * Where measuring starts: at the start, or when the warm-up ends.  The
 * readings first (the kernel view reads a file per client), then the
 * clock: the time measured is spent waking clients.
 */
static uint64_t start_measuring(struct latt_waker *w)
{
	kernel_view(w, false);
	w->has_ctxt = latt_sysinfo_ctxt(&w->ctxt_start) == 0;
	w->steal_cpus = latt_sysinfo_steal(w->steal_start, LATT_STEAL_CPUS);
	w->start_ns = latt_mono_ns();
	return w->start_ns;
}

/*
 * The warm-up is over: drop what was recorded so far.  Every client has
 * answered and is blocked, so no slot is being written.
 */
static void end_warmup(struct latt_waker *w)
{
	unsigned int i;

	for (i = 0; i < w->nclients; i++) {
		latt_client_slot_clear(w->clients[i].slot);
		w->clients[i].sent = 0;
	}
	w->r->measured.cycles = 0;
	w->r->measured.stalled_cycles = w->r->measured.stalled_ns = 0;
	w->warming = false;
	w->stopped_warm_ns = w->job.stopped_ns;
	latt_stats_init(&w->late);
	w->sleep_late_max = 0;
	start_measuring(w);
}

/* Wait for this cycle's answers, which began at @t0. */
static void collect_answers(struct latt_waker *w, uint64_t t0)
{
	int ret;

	w->cycle_start_ns = t0;
	w->cycle_stalled = false;
	while (w->pending && w->r->end.why == LATT_STOP_NONE) {
		if (!w->looker.on) {
			handle_events(w, -1);
			continue;
		}
		/* A read of the answer, the events seen by the looker. */
		ret = latt_looker_wait(&w->looker, w->answer, &w->job);
		if (ret < 0)
			latt_waker_stop_for(w, LATT_STOP_ERROR, ret);
		/* Back to epoll_wait(), the answer in its set again. */
		if (ret == LATT_LOOK_FAILED)
			looker_stop(w);
		if (ret > 0)
			handle_events(w, 0);
		take_answer(w);
	}
	/* From cycle_start_ns, which a stop of latt moves (run/jobctl.h). */
	if (w->cycle_stalled && !w->warming) {
		w->r->measured.stalled_cycles++;
		w->r->measured.stalled_ns += latt_mono_ns() - w->cycle_start_ns;
	}
}

static void wake_phase(struct latt_waker *w)
{
	unsigned int i;
	uint64_t stamp;
	int ret;

	uint64_t now = latt_mono_ns();

	if (w->warming && now >= w->warm_end_ns)
		end_warmup(w);
	record_late(w, now, false);
	w->pending = 0;
	/* --explain: each wakeup's steal time, from the cycle's start. */
	if (w->cfg->explain && w->steal_cpus > 0)
		w->steal_cycle_ok = latt_sysinfo_steal(w->steal_cycle,
						       LATT_STEAL_CPUS) > 0;
	latt_answer_expect(w->answer, w->nclients);
	for (i = 0; i < w->nclients; i++) {
		struct latt_client *c = &w->clients[i];

		/* The stamp is taken as close to the wake as it can be. */
		stamp = latt_clock_now(w->clock);
		ret = latt_wake_send(&c->chan, stamp);
		if (ret == -EPIPE) {
			latt_waker_client_gone(w, i);
			return;
		}
		if (ret) {
			latt_waker_stop_for(w, LATT_STOP_ERROR, ret);
			return;
		}
		c->sent_stamp = stamp;
		c->in_flight = true;
		c->sent++;
		w->pending++;
	}
	collect_answers(w, now);
	if (!w->pending)
		w->r->measured.cycles++;
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

	if (!w->pending || !latt_stop_drains(w->r->end.why))
		return;
	while (w->pending && (now = latt_mono_ns()) < end &&
	       latt_stop_drains(w->r->end.why))
		handle_events(w, (int)((end - now) / 1000000) + 1);
	if (!w->pending)
		w->r->measured.cycles++;
}

/* --explain: the scheduler's decisions at this run's clients' wakeups. */
static void start_decisions(struct latt_waker *w)
{
	pid_t pids[LATT_CLIENTS_MAX];
	unsigned int i, n = 0;

	if (!w->decisions)
		return;
	for (i = 0; i < w->nclients && n < LATT_CLIENTS_MAX; i++)
		if (w->clients[i].pid > 0)
			pids[n++] = w->clients[i].pid;
	w->decisions_error = latt_decisions_start(w->decisions, pids, n,
						  w->clock);
}

/* Start trace @t (if any) with the run's clock. */
static void start_trace(struct latt_waker *w, struct latt_trace *t)
{
	struct latt_stop_why why;

	if (!t || !latt_trace_start(t, w->clock->id == LATT_CLOCK_MONOTONIC_RAW ?
				    "mono_raw" : "mono"))
		return;
	/* What failed goes with the stop, and only if the stop wins. */
	latt_waker_stop(w, latt_stop_say(&why, LATT_STOP_ERROR, -EIO,
					 "starting the trace in %s", t->name));
}

int latt_waker_run(struct latt_waker *w)
{
	uint64_t now = latt_mono_ns(), due;
	int ret;

	/*
	 * The blocks' memory, touched now: no page fault while measuring.
	 * Not before the clients started, whose forks would copy it.
	 */
	ret = latt_blocks_init(&w->r->measured.blocks);
	if (ret)
		latt_waker_stop_for(w, LATT_STOP_ERROR, ret);
	now = start_measuring(w);
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
	ret = latt_waker_arm_deadline(w);
	if (ret)
		latt_waker_stop_for(w, LATT_STOP_ERROR, ret);
	ret = latt_timer_arm(w->watch_fd, latt_stall_limit_ns(w->cfg) / 4,
			     latt_stall_limit_ns(w->cfg) / 4);
	if (ret)
		latt_waker_stop_for(w, LATT_STOP_ERROR, ret);
	latt_live_begin(&w->live, now, w->job.stopped_ns);
	/* The traces cover the run, the warm-up too. */
	start_trace(w, w->trace);
	start_trace(w, w->xtrace);
	start_decisions(w);
	ret = latt_live_arm(&w->live);
	if (ret)
		latt_waker_stop_for(w, LATT_STOP_ERROR, ret);
	/* Signals and deaths that came during set-up count from here. */
	handle_events(w, 0);
	if (w->nclients)
		looker_start(w);
	/* -c 0: nobody to wake; the run's events alone, till its end. */
	while (!w->nclients && w->r->end.why == LATT_STOP_NONE)
		handle_events(w, -1);
	while (w->r->end.why == LATT_STOP_NONE) {
		sleep_phase(w);
		if (w->r->end.why != LATT_STOP_NONE)
			break;
		wake_phase(w);
	}
	/* The run's length is up to here: the drain only completes it. */
	w->end_ns = latt_mono_ns();
	looker_stop(w);
	w->stopped_end_ns = w->job.stopped_ns;
	latt_live_stop(&w->live);
	if (w->trace && !w->break_hit)
		latt_trace_stop(w->trace);
	if (w->xtrace)
		latt_trace_stop(w->xtrace);
	/*
	 * latt itself may have run too late to stop on time: the deadline
	 * is a wakeup of the waker too, and how late it came counts.
	 */
	due = w->run_start_ns + w->cfg->duration_ns + w->job.stopped_ns;
	if (w->r->end.why == LATT_STOP_DURATION && w->end_ns > due) {
		w->r->measured.overrun_ns = w->end_ns - due;
		if (!w->warming)
			latt_stats_add(&w->late, w->r->measured.overrun_ns);
	}
	if (w->has_ctxt)
		w->has_ctxt = latt_sysinfo_ctxt(&w->ctxt_end) == 0;
	if (w->steal_cpus > 0 &&
	    latt_sysinfo_steal(w->steal_end, LATT_STEAL_CPUS) < 0)
		w->steal_cpus = -1;
	drain(w);
	/* Those who answered in a cycle that did not complete. */
	take_partial(w);
	/* -i: the last interval, however short; the live line: gone. */
	latt_live_end(&w->live, latt_mono_ns(), w->run_start_ns,
		      w->job.stopped_ns, w->warming);
	/* Every answer is in (or stalled): the clients' accounting. */
	kernel_view(w, true);
	/* A run that ended in its warm-up measured nothing. */
	if (w->warming) {
		w->start_ns = w->end_ns;
		w->r->measured.cycles = 0;
	}
	return w->r->end.why == LATT_STOP_ERROR ? w->r->end.error : 0;
}
