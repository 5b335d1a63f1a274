/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reaping the waker's children: the clients, the command, and those the
 * run watches besides (the sched_ext scheduler it needs, latt-client
 * while it starts the clients, the session's latt-guard).  With latt the
 * subreaper, the command's descendants that outlived it are reaped here
 * too, their time counted as the command's.
 *
 * Each reaped child is noted where it belongs (a client's status, the
 * command's exit, the helper's) and said as what it is to the run; what
 * that means (the run stops, a new guard) is the waker's to decide.
 */
#ifndef LATT_RUN_REAP_H
#define LATT_RUN_REAP_H

#include <stdbool.h>
#include <sys/types.h>

#include "measure/clock.h"
#include "run/client.h"
#include "run/target.h"

/* The processes a run watches besides its clients and the command. */
struct latt_children {
	pid_t helper;			/* a process the run needs (the
					   sched_ext scheduler); 0: none */
	const char *helper_name;
	bool helper_reaped;		/* it ended: the run failed */
	int helper_status;
	pid_t starter;			/* latt-client, while it starts the
					   clients; 0: none */
	bool starter_reported;		/* its report is in */
	bool starter_reaped;		/* it ended ... */
	int starter_status;		/* ... so, as from waitpid() */
	pid_t guard;			/* the session's latt-guard, a child
					   of latt but no stray; 0: none */
};

/* What a reaped child was to the run. */
enum latt_reaped {
	LATT_REAPED_OTHER,	/* nothing to the run: latt-client, one of
				   the command's descendants */
	LATT_REAPED_CLIENT,	/* a client ended */
	LATT_REAPED_TARGET,	/* the command ended */
	LATT_REAPED_TTY,	/* the command stopped for good: it is not
				   in the terminal's foreground group */
	LATT_REAPED_HELPER,	/* the helper ended */
	LATT_REAPED_GUARD,	/* latt-guard ended (then ch->guard is 0) */
};

struct latt_reaped_ev {
	enum latt_reaped what;
	unsigned int client;		/* LATT_REAPED_CLIENT: its index */
	int signal;			/* LATT_REAPED_TTY: SIGTTIN, SIGTTOU */
};

/*
 * Reap one child of latt that ended (or stopped), if any, noting it in
 * @ch, among @clients[0..n) (when reaped, at @clock's time) or in @t
 * (NULL: no command).  True, with what it was in @ev; false when none
 * is left to reap.
 */
bool latt_reap_child(struct latt_children *ch, struct latt_client *clients,
		     unsigned int n, struct latt_target *t,
		     const struct latt_clock *clock, struct latt_reaped_ev *ev);

/*
 * Join the first thread client of @clients[from..n) whose loop has
 * ended, noting its status and end (at @clock's time) as a reaped
 * process's.  Its index, or -1 when none has ended.
 */
int latt_reap_thread(struct latt_client *clients, unsigned int n,
		     unsigned int from, const struct latt_clock *clock);

#endif /* LATT_RUN_REAP_H */
