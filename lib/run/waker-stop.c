// SPDX-License-Identifier: GPL-2.0-only
/*
 * How a run stops (lib/run/waker.h): why, decided here alone from what
 * happened (latt_waker_stop()), and how (latt_waker_finish()): the command
 * (SIGTERM to its group, SIGKILL after the grace period), the clients,
 * the command's descendants that left its group; every process reaped;
 * the wakeups still unanswered recorded; and what the result still
 * lacks from the waker.  Also how a stop of latt itself (^Z, SIGSTOP:
 * run/jobctl.h) is left out of the run: -t's deadline moves by it.
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/signalfd.h>
#include <time.h>
#include <unistd.h>

#include "measure/clock.h"
#include "measure/hist.h"
#include "measure/kwait.h"
#include "measure/stats.h"
#include "measure/wake.h"
#include "run/client.h"
#include "run/jobctl.h"
#include "run/live.h"
#include "run/reap.h"
#include "run/result-stop.h"
#include "run/result.h"
#include "run/target.h"
#include "run/waker-own.h"
#include "run/waker.h"
#include "settings/session.h"
#include "trace/trace.h"

/* How often the children are reaped while latt stops them. */
#define REAP_EVERY_NS		(1000 * 1000)

bool latt_waker_stop(struct latt_waker *w, const struct latt_stop_why *why)
{
	if (w->stopping && why->stop != LATT_STOP_SIGNAL)
		return false;
	return latt_stop_record(&w->r->end, why);
}

int latt_waker_arm_deadline(struct latt_waker *w)
{
	uint64_t due, now = latt_mono_ns(), ns;

	if (!w->cfg->duration_ns)
		return 0;
	due = w->run_start_ns + w->cfg->duration_ns + w->job.stopped_ns;
	/* A timer of 0 would be disarmed: 1 ns is due at once. */
	ns = due > now ? due - now : 1;
	return latt_timer_arm(w->deadline_fd, ns, 0);
}

/*
 * latt was stopped for @gap (job control counted it): leave that time
 * out of the run.  0, or the -errno of moving the deadline.
 */
static int left_out(struct latt_waker *w, uint64_t gap)
{
	/* This cycle's lateness would be the stop's. */
	w->planned_ns = 0;
	/* Nor did the stop keep this cycle's answers. */
	w->cycle_start_ns += gap;
	if (w->warming)
		w->warm_end_ns += gap;
	if (!w->run_start_ns || w->stopping || w->r->end.why != LATT_STOP_NONE)
		return 0;
	return latt_waker_arm_deadline(w);
}

/* SIGTSTP (^Z) came: latt stops, and the others with it. */
static int job_stop(struct latt_waker *w)
{
	const struct latt_children *ch = &w->children;
	struct latt_jobctl_others o = {
		.target = w->target,
		.starter = ch->starter && !ch->starter_reaped ? ch->starter : 0,
		.clients = w->clients,
		.nclients = w->nclients,
	};
	uint64_t gap;

	return latt_jobctl_tstp(&w->job, &o, &gap) ? left_out(w, gap) : 0;
}

/* SIGCONT came while latt was not stopping itself (a SIGSTOP's?). */
static int continued(struct latt_waker *w)
{
	uint64_t gap;

	if (!latt_jobctl_continued(&w->job, latt_mono_ns(), w->run_start_ns,
				   w->planned_ns, &gap))
		return 0;
	return left_out(w, gap);
}

/*
 * latt-guard was killed, alone (latt's group is not its own): another
 * takes over, or the run stops (true, @why says so), so that latt puts
 * the system back itself while it can.  The session's guard_news says
 * which.
 */
static bool guard_died(struct latt_waker *w, struct latt_stop_why *why)
{
	int ret;

	if (!w->session)
		return false;
	ret = latt_session_guard_check(w->session, true);
	if (ret > 0)
		w->children.guard = w->session->guard_pid;
	if (ret >= 0)
		return false;
	latt_stop_say(why, LATT_STOP_ERROR, 0, "%s (%s): the run stopped, "
		      "for latt to put the system back itself",
		      w->session->guard_news, strerror(-ret));
	return true;
}

/* A child was reaped (@ev says what it was): does the run stop? */
static void reaped(struct latt_waker *w, const struct latt_reaped_ev *ev)
{
	struct latt_stop_why why;

	switch (ev->what) {
	case LATT_REAPED_OTHER:
		return;
	case LATT_REAPED_CLIENT:
		w->nreaped++;
		latt_stop_say(&why, LATT_STOP_CLIENT, 0, NULL)->client =
			(int)ev->client;
		break;
	case LATT_REAPED_TARGET:
		latt_stop_say(&why, LATT_STOP_TARGET, 0, NULL);
		break;
	case LATT_REAPED_TTY:
		latt_stop_say(&why, LATT_STOP_TTY, 0, NULL)->signal =
			ev->signal;
		break;
	case LATT_REAPED_HELPER:
		latt_stop_say(&why, LATT_STOP_ERROR, 0, "%s exited during "
			      "the run", w->children.helper_name);
		break;
	case LATT_REAPED_GUARD:
		if (!guard_died(w, &why))
			return;
		break;
	}
	latt_waker_stop(w, &why);
}

/* Reap every child that has ended, and decide what each ending means. */
static void reap(struct latt_waker *w)
{
	struct latt_reaped_ev ev;

	while (latt_reap_child(&w->children, w->clients, w->nclients,
			       w->target, w->clock, &ev))
		reaped(w, &ev);
}

/*
 * Join the thread clients whose loop has ended: as a reaped process, one
 * that ended while the run went on is a client gone.
 */
void latt_waker_reap_threads(struct latt_waker *w)
{
	uint64_t ticks;
	int i = -1;

	if (w->notify_fd < 0 ||
	    (read(w->notify_fd, &ticks, sizeof(ticks)) < 0 && errno != EAGAIN))
		return;
	while ((i = latt_reap_thread(w->clients, w->nclients,
				     (unsigned int)(i + 1), w->clock)) >= 0) {
		w->nreaped++;
		latt_waker_client_gone(w, (unsigned int)i);
	}
}

void latt_waker_read_signals(struct latt_waker *w)
{
	struct signalfd_siginfo si;
	struct latt_stop_why why;
	int ret;

	while (read(w->sigfd, &si, sizeof(si)) == sizeof(si)) {
		switch (si.ssi_signo) {
		case SIGCHLD:
			reap(w);
			break;
		case SIGTSTP:
			ret = job_stop(w);
			if (ret)
				latt_waker_stop_for(w, LATT_STOP_ERROR, ret);
			break;
		case SIGCONT:
			ret = continued(w);
			if (ret)
				latt_waker_stop_for(w, LATT_STOP_ERROR, ret);
			break;
		default:
			/*
			 * The first ^C of runs that end at a run's end:
			 * this one goes on to its end, the last.
			 */
			if (si.ssi_signo == SIGINT && w->session &&
			    w->session->finish_run &&
			    !w->session->int_pending) {
				w->session->int_pending = true;
				fprintf(stderr, "%slatt: ^C: stopping at the "
					"end of this run (^C again: now)\n",
					w->session->progress ? "\n" : "");
				break;
			}
			/*
			 * A request to stop: while stopping, a second ^C
			 * must not lose the report; one after a normal end
			 * still stops (latt_stop_wins()).
			 */
			w->stop_requests++;
			latt_stop_say(&why, LATT_STOP_SIGNAL, 0, NULL)->signal =
				(int)si.ssi_signo;
			latt_waker_stop(w, &why);
			break;
		}
	}
	/* Signals coalesce: a SIGCHLD may stand for several children. */
	reap(w);
	latt_waker_reap_threads(w);
}

/*
 * While stopping: reap and read signals until @done(w) or @timeout_ns.
 * Only the signalfd is watched: answer descriptors of dead clients would
 * keep epoll busy.  A grace period (@grace) also ends, as do those
 * after it, once a signal to stop (SIGINT, SIGTERM, SIGHUP) comes while
 * latt stops: whoever sends one more does not want to wait out a --grace
 * of an hour.
 */
static bool wait_until(struct latt_waker *w, uint64_t timeout_ns,
		       bool (*done)(struct latt_waker *w), bool grace)
{
	const struct timespec reap_every = { 0, REAP_EVERY_NS };
	uint64_t end = latt_mono_ns() + timeout_ns, now, stopped;
	bool waited = false;
	struct pollfd pfd[2] = {
		{ .fd = w->sigfd, .events = POLLIN },
		{ .fd = w->notify_fd, .events = POLLIN },
	};

	for (;;) {
		/* Time latt was stopped (^Z) is no time given. */
		stopped = w->job.stopped_ns;
		latt_waker_read_signals(w);
		end += w->job.stopped_ns - stopped;
		if (done(w))
			return true;
		now = latt_mono_ns();
		if (now >= end ||
		    (grace && w->stop_requests != w->stop_requests_before))
			return false;
		/*
		 * Not at every death: a thousand clients ending wake the
		 * waker a thousand times, on CPUs their exits need.  After
		 * the first wait (the first death is seen when it comes, as
		 * is a command's), a look every millisecond reaps them in
		 * batches.
		 */
		if (waited && end - now > REAP_EVERY_NS) {
			nanosleep(&reap_every, NULL);
			now = latt_mono_ns();
		}
		waited = true;
		latt_jobctl_idle(&w->job, now);
		latt_jobctl_waited(&w->job, poll(pfd, w->notify_fd >= 0 ? 2 : 1,
					  (int)((end - now) / 1000000) + 1));
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
		w->r->cmd.killed = true;
	latt_target_kill(t, SIGTERM);
	/* A stopped group would never see the SIGTERM. */
	latt_target_kill(t, SIGCONT);
	if (wait_until(w, w->cfg->grace_ns, target_gone, true))
		return;
	latt_target_kill(t, SIGKILL);
	wait_until(w, LATT_KILL_WAIT_NS, target_gone, false);
}

/*
 * Thread clients that have not left, as long after the hang-up as a
 * process client gets before latt gives up on it: a thread cannot be
 * killed alone, so it is left running (it shares latt's memory: what it
 * uses is left to it) until latt exits, which the failed run makes the
 * next thing latt does.  Named on stderr and in the run's status.
 */
static void abandon_threads(struct latt_waker *w)
{
	const struct latt_client *first = NULL;
	struct latt_stop_why why;
	unsigned int i;

	for (i = 0; i < w->nclients; i++) {
		struct latt_client *c = &w->clients[i];

		if (c->reaped || !c->is_thread)
			continue;
		pthread_detach(c->thread);
		c->abandoned = true;
		w->abandoned++;
		if (!first)
			first = c;
	}
	if (!first)
		return;
	fprintf(stderr, "latt: client %u (tid %d)%s has not left %.0f s after "
		"the hang-up (stuck in its work, or stopped): a thread cannot "
		"be stopped alone, so it runs on until latt exits\n",
		first->id + 1, (int)first->pid, w->abandoned > 1 ?
		" and others" : "",
		(double)(LATT_CLIENT_EXIT_NS + LATT_KILL_WAIT_NS) / 1e9);
	/* Stopping's own failure: past latt_waker_stop()'s gate. */
	latt_stop_record(&w->r->end, latt_stop_say(&why, LATT_STOP_ERROR, 0,
			 "client %u (tid %d)%s did not leave at the end",
			 first->id + 1, (int)first->pid,
			 w->abandoned > 1 ? " and others" : ""));
}

static void stop_clients(struct latt_waker *w)
{
	unsigned int i;

	for (i = 0; i < w->nclients; i++)
		latt_wake_hangup(&w->clients[i].chan);
	if (wait_until(w, LATT_CLIENT_EXIT_NS, clients_gone, false))
		return;
	for (i = 0; i < w->nclients; i++)
		if (!w->clients[i].reaped && !w->clients[i].is_thread &&
		    latt_client_pid(&w->clients[i]) > 0)
			kill(w->clients[i].pid, SIGKILL);
	if (wait_until(w, LATT_KILL_WAIT_NS, clients_gone, false) ||
	    !w->cfg->threads)
		return;
	abandon_threads(w);
}

/*
 * Send @sig to every child of latt that is not a client, the helper or
 * the guard: with latt the subreaper, those are the target's descendants
 * that left its process group (setsid daemons) and outlived it.  Returns
 * how many there were.
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
		if (latt_client_find(w->clients, w->nclients, pid) ||
		    (w->children.helper && pid == w->children.helper) ||
		    (w->children.guard && pid == w->children.guard))
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
	if (wait_until(w, w->cfg->grace_ns, strays_gone_term, true))
		return;
	wait_until(w, LATT_KILL_WAIT_NS, strays_gone_kill, false);
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
		uint64_t end, v, answered;

		if (!c->in_flight || (int)i == w->r->end.dead_client)
			continue;
		answered = atomic_load_explicit(&s->done, memory_order_acquire);
		/* In flight when latt was stopped: its wait is the stop's. */
		if (answered < c->sent &&
		    atomic_load_explicit(&s->mark, memory_order_relaxed) ==
		    c->sent) {
			s->left_out++;
			continue;
		}
		w->r->measured.unanswered++;
		if (c->reaped && answered < c->sent) {
			end = c->reaped_ns;
			v = end > c->sent_stamp ? end - c->sent_stamp : 0;
			latt_stats_add(&s->wake, v);
			latt_hist_add(&s->wake_hist, v);
			s->last_wake_ns = v;
			s->last_work_ns = 0;
			s->kwait.last_ns = LATT_KWAIT_NONE;
			atomic_store_explicit(&s->done, c->sent,
					      memory_order_relaxed);
		} else if (answered < c->sent) {
			continue;
		}
		/*
		 * -v prints every sample the report counts; a write that
		 * fails now is no reason to stop: latt is stopping.
		 */
		if (w->samples)
			latt_live_print_sample(w->samples, w->sample_prefix, c,
					       w->cfg->kernel_view,
					       " unanswered");
	}
}

/*
 * What the result has from the waker's own state once all is stopped:
 * how long it measured, the dead client's end, the system's context
 * switches, the traces, the -b wakeup and how late the waker was.
 */
static void finish_result(const struct latt_waker *w)
{
	struct latt_result *r = w->r;
	unsigned int i;

	uint64_t stopped = w->stopped_end_ns > w->stopped_warm_ns ?
			   w->stopped_end_ns - w->stopped_warm_ns : 0;

	/* The time latt was stopped while measuring is not measured. */
	r->measured.elapsed_ns = w->end_ns > w->start_ns + stopped ?
			w->end_ns - w->start_ns - stopped : 0;
	r->measured.stopped_ns = w->job.stopped_ns;
	r->measured.stops = w->job.stops;
	r->measured.stopped_signal = w->job.stopped_signal;
	if (r->end.dead_client >= 0) {
		const struct latt_client *c = &w->clients[r->end.dead_client];

		r->end.dead_pid = c->pid;
		r->end.dead_status = c->status;
		r->end.dead_thread = c->is_thread;
		r->end.dead_error = c->exit_error;
	}
	r->sys.has_ctxt = w->has_ctxt && w->ctxt_end >= w->ctxt_start;
	r->sys.has_steal = w->steal_cpus > 0;
	r->sys.steal_cpus = r->sys.has_steal ? (unsigned int)w->steal_cpus : 0;
	r->sys.steal_total_ns = 0;
	for (i = 0; i < r->sys.steal_cpus; i++) {
		r->sys.steal_ns[i] = w->steal_end[i] > w->steal_start[i] ?
				 w->steal_end[i] - w->steal_start[i] : 0;
		r->sys.steal_total_ns += r->sys.steal_ns[i];
	}
	r->sys.ctxt = r->sys.has_ctxt ? w->ctxt_end - w->ctxt_start : 0;
	r->measured.waker_cpu_ns = w->waker_cpu_ns;
	r->measured.load_cpus = (unsigned int)CPU_COUNT(&w->client_cpus);
	r->trace.traced = w->trace != NULL;
	r->trace.explain_traced = w->xtrace != NULL;
	r->trace.explain_name = w->xtrace ? w->xtrace->name : NULL;
	r->run_start_ns = w->run_start_ns;
	if (w->trace) {
		r->trace.name = w->trace->name;
		r->trace.dir = w->trace->dir;
		r->trace.lost = latt_trace_lost(w->trace);
		r->trace.kept = w->trace->keep;
	}
	r->trace.break_cpu = -1;
	if (w->break_hit) {
		r->trace.break_client = w->break_client;
		r->trace.break_pid = w->clients[w->break_client].pid;
		r->trace.break_cpu = w->break_cpu;
		r->trace.break_ns = w->break_ns;
	}
	r->measured.waker_late = w->late;
	r->measured.waker_sleep_late_ns = w->sleep_late_max;
}

void latt_waker_finish(struct latt_waker *w)
{
	/* Deaths seen so far still count; from here on they are expected. */
	latt_waker_read_signals(w);
	w->stopping = true;
	w->stop_requests_before = w->stop_requests;
	stop_target(w);
	stop_clients(w);
	stop_strays(w);
	if (w->warming) {
		unsigned int i;

		/* It ended in the warm-up: nothing it took counts. */
		for (i = 0; i < w->nclients; i++)
			latt_client_slot_clear(w->clients[i].slot);
	} else {
		record_stalled(w);
	}
	finish_result(w);
}

void latt_waker_destroy(struct latt_waker *w)
{
	unsigned int i;

	/* An abandoned thread still reads its channel, and may notify. */
	for (i = 0; i < w->nclients; i++)
		if (!w->clients[i].abandoned)
			latt_wake_close(&w->clients[i].chan);
	if (w->abandoned)
		w->notify_fd = -1;
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
	latt_live_close(&w->live);
	w->epfd = w->sleep_fd = w->deadline_fd = w->watch_fd = -1;
	w->notify_fd = -1;
}
