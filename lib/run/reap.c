// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reaping the waker's children (lib/run/reap.h).
 */
#include <signal.h>
#include <stdatomic.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "measure/clock.h"
#include "run/client.h"
#include "run/reap.h"
#include "run/target.h"

/* Child @pid stopped with status @st: is it the command, for good? */
static void stopped(struct latt_target *t, pid_t pid, int st,
		    struct latt_reaped_ev *ev)
{
	/*
	 * The target is not in the terminal's foreground group: reading
	 * it (or writing, with tostop) stops the target for good.  Say so
	 * instead of waiting.
	 */
	if (!t || pid != t->pid ||
	    (WSTOPSIG(st) != SIGTTIN && WSTOPSIG(st) != SIGTTOU))
		return;
	ev->what = LATT_REAPED_TTY;
	ev->signal = WSTOPSIG(st);
}

/* Child @pid ended with status @st, @ru: note it, and say what it was. */
static void ended(struct latt_children *ch, struct latt_client *clients,
		  unsigned int n, struct latt_target *t,
		  const struct latt_clock *clock, pid_t pid, int st,
		  const struct rusage *ru, struct latt_reaped_ev *ev)
{
	struct latt_client *c;

	if (t && pid == t->pid) {
		latt_target_exited(t, st, ru, latt_mono_ns());
		ev->what = LATT_REAPED_TARGET;
	} else if (ch->helper && pid == ch->helper) {
		ch->helper_reaped = true;
		ch->helper_status = st;
		ev->what = LATT_REAPED_HELPER;
	} else if (ch->starter && pid == ch->starter) {
		/* latt-client: nothing of it to count either. */
		ch->starter_reaped = true;
		ch->starter_status = st;
	} else if (ch->guard && pid == ch->guard) {
		/* latt-guard is not the command's: nothing of it to count. */
		ch->guard = 0;
		ev->what = LATT_REAPED_GUARD;
	} else if ((c = latt_client_find(clients, n, pid))) {
		c->reaped = true;
		c->reaped_ns = latt_clock_now(clock);
		c->status = st;
		ev->what = LATT_REAPED_CLIENT;
		ev->client = c->id;
	} else if (t) {
		latt_target_add_orphan(t, ru);
	}
}

bool latt_reap_child(struct latt_children *ch, struct latt_client *clients,
		     unsigned int n, struct latt_target *t,
		     const struct latt_clock *clock, struct latt_reaped_ev *ev)
{
	struct rusage ru;
	pid_t pid;
	int st;

	pid = wait4(-1, &st, WNOHANG | WUNTRACED, &ru);
	if (pid <= 0)
		return false;
	ev->what = LATT_REAPED_OTHER;
	if (WIFSTOPPED(st))
		stopped(t, pid, st, ev);
	else
		ended(ch, clients, n, t, clock, pid, st, &ru, ev);
	return true;
}

int latt_reap_thread(struct latt_client *clients, unsigned int n,
		     unsigned int from, const struct latt_clock *clock)
{
	unsigned int i;

	for (i = from; i < n; i++) {
		struct latt_client *c = &clients[i];
		int st = atomic_load(&c->state);

		if (c->reaped ||
		    (st != LATT_THREAD_ENDED && st != LATT_THREAD_FAILED) ||
		    latt_client_thread_join(c))
			continue;
		c->reaped = true;
		c->reaped_ns = latt_clock_now(clock);
		/* As a process would have ended: _exit(2) on an error. */
		c->status = c->exit_error || st == LATT_THREAD_FAILED ?
			    2 << 8 : 0;
		return (int)i;
	}
	return -1;
}
