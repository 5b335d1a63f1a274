// SPDX-License-Identifier: GPL-2.0-only
/*
 * Job control (lib/run/jobctl.h): latt stopped and continued.
 *
 * The time latt was stopped is left out of the run.  After a ^Z it is
 * known exactly: from before the others were stopped to when latt
 * continued.  After a SIGSTOP it is counted to the SIGCONT: when the
 * stop cut a wait short, from the later of the wait's start and the end
 * of its sleep; when it came as latt ran (its next wait found the
 * SIGCONT), from the start of the wait before, an upper bound.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <time.h>

#include "measure/clock.h"
#include "run/client.h"
#include "run/jobctl.h"
#include "run/target.h"

/* Mark every wakeup in flight: its sample would hold the stopped time. */
static void mark_in_flight(const struct latt_jobctl_others *o)
{
	unsigned int i;

	for (i = 0; i < o->nclients; i++) {
		struct latt_client *c = &o->clients[i];

		if (c->in_flight && !c->reaped)
			atomic_store_explicit(&c->slot->mark, c->sent,
					      memory_order_relaxed);
	}
}

/* Send @sig to the command's group (and own cgroup) and the clients. */
static void signal_others(const struct latt_jobctl_others *o, int sig)
{
	struct latt_target *t = o->target;
	unsigned int i;

	if (t && t->pid > 0 && (!t->exited || latt_target_alive(t)))
		latt_target_kill(t, sig);
	/* latt-client too, while it starts them. */
	if (o->starter)
		kill(o->starter, sig);
	for (i = 0; i < o->nclients; i++) {
		struct latt_client *c = &o->clients[i];

		if (!c->is_thread && !c->reaped && latt_client_pid(c) > 0)
			kill(c->pid, sig);
	}
}

/* latt was stopped for @gap by @sig. */
static bool stopped(struct latt_jobctl *j, uint64_t gap, int sig,
		    uint64_t *out)
{
	j->stops++;
	j->stopped_signal = sig;
	j->stopped_ns += gap;
	*out = gap;
	return true;
}

bool latt_jobctl_tstp(struct latt_jobctl *j,
		      const struct latt_jobctl_others *o, uint64_t *gap)
{
	struct timespec zero = { 0, 0 };
	sigset_t tstp, cont;
	uint64_t t0, t1;

	sigemptyset(&tstp);
	sigaddset(&tstp, SIGTSTP);
	sigemptyset(&cont);
	sigaddset(&cont, SIGCONT);

	t0 = latt_mono_ns();
	mark_in_flight(o);
	signal_others(o, SIGSTOP);
	/* Stop as SIGTSTP stops a job: the shell says "Stopped". */
	pthread_sigmask(SIG_UNBLOCK, &tstp, NULL);
	raise(SIGTSTP);
	pthread_sigmask(SIG_BLOCK, &tstp, NULL);
	t1 = latt_mono_ns();
	signal_others(o, SIGCONT);
	/*
	 * The SIGCONT that continued latt is pending (it is read through
	 * the signalfd): take it here, so that it is not taken for a
	 * SIGSTOP's.  None: the kernel did not stop latt (its process
	 * group is orphaned), and no time was lost.
	 */
	if (sigtimedwait(&cont, NULL, &zero) == SIGCONT)
		return stopped(j, t1 - t0, SIGTSTP, gap);
	return false;
}

void latt_jobctl_idle(struct latt_jobctl *j, uint64_t now)
{
	j->resumed = j->interrupted;
	/* An interrupted wait goes on: it began when it began. */
	if (j->resumed)
		return;
	j->prev_idle_ns = j->idle_ns;
	j->idle_ns = now;
}

void latt_jobctl_waited(struct latt_jobctl *j, int ret)
{
	j->interrupted = ret < 0 && errno == EINTR;
}

bool latt_jobctl_continued(struct latt_jobctl *j, uint64_t now,
			   uint64_t run_start_ns, uint64_t planned_ns,
			   uint64_t *gap)
{
	uint64_t since;

	/* Before measuring, a stop costs nothing but time. */
	if (!run_start_ns)
		return false;
	if (j->resumed) {
		/*
		 * Stopped while it waited: after that wait began, and
		 * sleeping, latt was not late before its sleep should end.
		 */
		since = j->idle_ns;
		if (planned_ns > since)
			since = planned_ns;
	} else {
		/*
		 * Stopped while it ran (the SIGCONT was there when it began
		 * this wait): after it began the wait before.
		 */
		since = j->prev_idle_ns;
	}
	if (since < run_start_ns)
		since = run_start_ns;
	if (now > since)
		return stopped(j, now - since, SIGSTOP, gap);
	return false;
}
