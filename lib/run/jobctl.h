/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Job control during a run: latt stopped (^Z, SIGSTOP) and continued.
 *
 * ^Z at a terminal sends SIGTSTP to latt's process group: latt and its
 * client processes, not the command, which runs in a group of its own.
 * The waker reads SIGTSTP through the session's signalfd and calls
 * latt_jobctl_tstp(), which stops the command's group and the client
 * processes with SIGSTOP, then latt itself with SIGTSTP, as a shell
 * expects of a job, and once continued (fg, bg, SIGCONT) continues them
 * too.  SIGSTOP cannot be caught: latt stops alone, and the SIGCONT that
 * continues it is the first it knows of it (latt_jobctl_continued()).
 *
 * Either way it returns how long latt was stopped, which the run leaves
 * out; what that moves (-t's deadline, the cycle's lateness and stall,
 * the warm-up's end) is the waker's to do.  A wakeup in flight at a ^Z is
 * marked, so that its client leaves its sample out (struct
 * latt_client_slot, mark).
 */
#ifndef LATT_RUN_JOBCTL_H
#define LATT_RUN_JOBCTL_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "run/client.h"
#include "run/target.h"

/* What job control knows of a run: its waits and its stops. */
struct latt_jobctl {
	uint64_t idle_ns;		/* when the waker last began to wait */
	uint64_t prev_idle_ns;		/* ... and the time before that */
	bool interrupted;		/* a stop interrupted that wait */
	bool resumed;			/* ... the wait before this one */
	uint64_t stopped_ns;		/* latt stopped, in all */
	unsigned int stops;
	int stopped_signal;		/* of the last stop */
};

/* Who stops and continues with latt at a ^Z. */
struct latt_jobctl_others {
	struct latt_target *target;	/* NULL: none */
	pid_t starter;			/* latt-client, while it starts the
					   clients; 0: none */
	struct latt_client *clients;
	unsigned int nclients;
};

/*
 * Around every wait of the waker: note when it began (@now), and
 * whether a stop cut it short (the wait's return @ret < 0 with EINTR:
 * every signal is blocked, so only a stop interrupts it).
 */
void latt_jobctl_idle(struct latt_jobctl *j, uint64_t now);
void latt_jobctl_waited(struct latt_jobctl *j, int ret);

/*
 * SIGTSTP (^Z) came: stop @o, stop latt itself as SIGTSTP does, and once
 * continued, continue @o.  True when latt was stopped, for *@gap (then
 * counted in @j); false when the kernel did not stop it (its process
 * group is orphaned).
 */
bool latt_jobctl_tstp(struct latt_jobctl *j,
		      const struct latt_jobctl_others *o, uint64_t *gap);

/*
 * SIGCONT came at @now while latt was not stopping itself: it may have
 * been stopped by SIGSTOP.  The time it was kept from its work, of a run
 * that began at @run_start_ns (0: not yet) and, sleeping, should have
 * woken at @planned_ns (0: not sleeping), is counted as stopped: true,
 * for *@gap; false: none.
 */
bool latt_jobctl_continued(struct latt_jobctl *j, uint64_t now,
			   uint64_t run_start_ns, uint64_t planned_ns,
			   uint64_t *gap);

#endif /* LATT_RUN_JOBCTL_H */
