// SPDX-License-Identifier: GPL-2.0-only
/*
 * Job control (lib/run/waker.h): latt stopped and continued.
 *
 * ^Z at a terminal sends SIGTSTP to latt's process group: latt and its
 * client processes, not the command, which runs in a group of its own.
 * latt reads SIGTSTP through the session's signalfd, stops the command's
 * group and the client processes with SIGSTOP, then stops itself with
 * SIGTSTP, as a shell expects of a job.  Once continued (fg, bg, SIGCONT)
 * it continues them too.  The time it was stopped is left out: -t's
 * deadline moves by it, the waker's lateness in that cycle is not
 * counted, a cycle's answers are not stalled by it, and a wakeup in
 * flight at the stop is marked, so that its client leaves its sample
 * out (struct latt_client_slot, mark).
 *
 * SIGSTOP cannot be caught: latt stops alone, and the command and the
 * clients run on.  The SIGCONT that continues it is the first latt knows
 * of it.  The time latt was kept from its work is then counted as
 * stopped, to the SIGCONT: when the stop cut a wait short, from the later
 * of the wait's start and the end of its sleep; when it came as latt ran
 * (its next wait found the SIGCONT), from the start of the wait before,
 * an upper bound.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/timerfd.h>
#include <time.h>

#include "measure/clock.h"
#include "run/client.h"
#include "run/result.h"
#include "run/target.h"
#include "run/waker.h"

int latt_waker_arm_deadline(struct latt_waker *w)
{
	uint64_t due, now = latt_mono_ns(), ns;
	struct itimerspec its = { 0 };

	if (!w->cfg->duration_ns)
		return 0;
	due = w->run_start_ns + w->cfg->duration_ns + w->stopped_ns;
	/* A timer of 0 would be disarmed: 1 ns is due at once. */
	ns = due > now ? due - now : 1;
	its.it_value.tv_sec = (time_t)(ns / 1000000000ULL);
	its.it_value.tv_nsec = (long)(ns % 1000000000ULL);
	return timerfd_settime(w->deadline_fd, 0, &its, NULL) ? -errno : 0;
}

/* Mark every wakeup in flight: its sample would hold the stopped time. */
static void mark_in_flight(struct latt_waker *w)
{
	unsigned int i;

	for (i = 0; i < w->nclients; i++) {
		struct latt_client *c = &w->clients[i];

		if (c->in_flight && !c->reaped)
			atomic_store_explicit(&c->slot->mark, c->sent,
					      memory_order_relaxed);
	}
}

/* Send @sig to the command's group (and own cgroup) and the clients. */
static void signal_others(struct latt_waker *w, int sig)
{
	unsigned int i;

	if (w->target && w->target->pid > 0 &&
	    (!w->target->exited || latt_target_alive(w->target)))
		latt_target_kill(w->target, sig);
	/* latt-client too, while it starts them. */
	if (w->starter && !w->starter_reaped)
		kill(w->starter, sig);
	for (i = 0; i < w->nclients; i++) {
		struct latt_client *c = &w->clients[i];

		if (!c->is_thread && !c->reaped && latt_waker_client_pid(c) > 0)
			kill(c->pid, sig);
	}
}

/*
 * latt was stopped for @gap by @sig: leave that time out of the run.  0,
 * or the -errno of moving the deadline.
 */
static int stopped(struct latt_waker *w, uint64_t gap, int sig)
{
	w->stops++;
	w->stopped_signal = sig;
	w->stopped_ns += gap;
	/* This cycle's lateness would be the stop's. */
	w->planned_ns = 0;
	/* Nor did the stop keep this cycle's answers. */
	w->cycle_start_ns += gap;
	if (w->warming)
		w->warm_end_ns += gap;
	if (!w->run_start_ns || w->stopping || w->r->stop != LATT_STOP_NONE)
		return 0;
	return latt_waker_arm_deadline(w);
}

int latt_waker_job_stop(struct latt_waker *w)
{
	struct timespec zero = { 0, 0 };
	sigset_t tstp, cont;
	uint64_t t0, t1;

	sigemptyset(&tstp);
	sigaddset(&tstp, SIGTSTP);
	sigemptyset(&cont);
	sigaddset(&cont, SIGCONT);

	t0 = latt_mono_ns();
	mark_in_flight(w);
	signal_others(w, SIGSTOP);
	/* Stop as SIGTSTP stops a job: the shell says "Stopped". */
	pthread_sigmask(SIG_UNBLOCK, &tstp, NULL);
	raise(SIGTSTP);
	pthread_sigmask(SIG_BLOCK, &tstp, NULL);
	t1 = latt_mono_ns();
	signal_others(w, SIGCONT);
	/*
	 * The SIGCONT that continued latt is pending (it is read through
	 * the signalfd): take it here, so that it is not taken for a
	 * SIGSTOP's.  None: the kernel did not stop latt (its process
	 * group is orphaned), and no time was lost.
	 */
	if (sigtimedwait(&cont, NULL, &zero) == SIGCONT)
		return stopped(w, t1 - t0, SIGTSTP);
	return 0;
}

void latt_waker_idle(struct latt_waker *w, uint64_t now)
{
	w->resumed = w->interrupted;
	/* An interrupted wait goes on: it began when it began. */
	if (w->resumed)
		return;
	w->prev_idle_ns = w->idle_ns;
	w->idle_ns = now;
}

void latt_waker_waited(struct latt_waker *w, int ret)
{
	w->interrupted = ret < 0 && errno == EINTR;
}

int latt_waker_continued(struct latt_waker *w)
{
	uint64_t now = latt_mono_ns(), since;

	/* Before measuring, a stop costs nothing but time. */
	if (!w->run_start_ns)
		return 0;
	if (w->resumed) {
		/*
		 * Stopped while it waited: after that wait began, and
		 * sleeping, latt was not late before its sleep should end.
		 */
		since = w->idle_ns;
		if (w->planned_ns > since)
			since = w->planned_ns;
	} else {
		/*
		 * Stopped while it ran (the SIGCONT was there when it began
		 * this wait): after it began the wait before.
		 */
		since = w->prev_idle_ns;
	}
	if (since < w->run_start_ns)
		since = w->run_start_ns;
	if (now > since)
		return stopped(w, now - since, SIGSTOP);
	return 0;
}
