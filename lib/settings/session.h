/* SPDX-License-Identifier: GPL-2.0-only */
/* The session: what latt sets up once per process. */
#ifndef LATT_SETTINGS_SESSION_H
#define LATT_SETTINGS_SESSION_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "measure/sysinfo.h"
#include "settings/sched.h"

struct latt_trace;

/*
 * The session: what latt sets up once per process, before its first run,
 * and what every run then shares.  SIGCHLD and every signal that would
 * end latt (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGALRM, ..., the
 * real-time signals) are blocked and read through one signalfd, so that
 * any of them stops the command and the clients before latt ends; those
 * that were ignored when latt started stay ignored ("nohup latt ...", a
 * background job of a script).  SIGTSTP (^Z) and SIGCONT are read there
 * too, for the waker to stop the command with latt (lib/run/jobctl.h).
 * SIGPIPE is ignored (a closed output is reported from the write); latt
 * becomes the subreaper of the commands' descendants; the system facts
 * are read; latt's own scheduling settings are saved so that each run
 * can give the waker its own and put them back.
 *
 * A run (run/run.h) borrows all of this and changes none of it,
 * so runs can follow each other in one process: each child (client,
 * command) starts with the signal mask latt had before the session.
 */

struct latt_cmdlat;

struct latt_session {
	const char *root;	/* "" (tests: a fake /proc and /sys) */
	sigset_t child_mask;	/* the mask before the session: for children */
	sigset_t handled;	/* the signals read through sigfd */
	sigset_t stops;		/* of those, the ones that stop latt */
	int sigfd;
	struct latt_sysinfo sys;
	struct latt_sched_saved waker;	/* latt's own settings */
	FILE *samples;		/* -v: where samples are printed */
	bool pipe_ignored;	/* SIGPIPE was ignored when latt started */
	/* live output on stderr while measuring */
	bool progress;		/* a line updated in place (a terminal) */
	uint64_t interval_ns;	/* -i: a line every so often; 0: none */
	unsigned int total_runs;	/* of all configurations */
	unsigned int runs_per_cfg;	/* -r */
	int target_stdout;	/* the command's stdout: -1 latt's, or this */
	struct latt_trace *trace;	/* -b, --keep-trace: the trace kept for
					   the user; NULL: none */
	struct latt_trace *xtrace;	/* --explain: the trace it reads */
	struct latt_decisions *decisions;	/* ... and the scheduler's
						   decisions; NULL: none */
	struct latt_cmdlat *cmdlat;	/* follows the command's tasks in the
					   kernel (lib/trace/cmdlat.h); NULL: no
					   command, or ... */
	int cmdlat_error;		/* ... why not (-errno) ... */
	char cmdlat_why[192];		/* ... in a line */
	int guard_fd;		/* to the guard; -1: none (see below) */
	pid_t guard_pid;
	int guard_pidfd;	/* its end; -1: none (before Linux 5.3) */
	pid_t guard_pgid;	/* the last group it was told of */
	char guard_news[256];	/* a guard that died and what followed, to
				   say; "" */
	bool sweep;		/* several runs: samples name their run */
	bool finish_run;	/* a ^C ends the runs at the end of the one
				   under way (--against, -r auto), a second
				   one that run too ... */
	bool int_pending;	/* ... a ^C came: no run after this one */
	uint64_t seed;		/* each run's seed derives from it */
	unsigned int runs;	/* runs started so far */
};

/*
 * With finish_run: did a ^C come, in a run (int_pending) or since (a
 * SIGINT pending, taken here)?
 */
bool latt_session_int_taken(struct latt_session *s);

/* Set the session up.  0 or -errno; on failure nothing is left to undo. */
int latt_session_init(struct latt_session *s);

/*
 * Close the signalfd.  The signals stay blocked: one that came after the
 * last read would otherwise kill latt before it could exit with its own
 * status.  SIGTSTP is let through: a ^Z from now on (or one that came
 * after the last run) stops latt as it stops any program.
 */
void latt_session_destroy(struct latt_session *s);

/*
 * The guard: a small process of latt's that outlives it only to stop the
 * command's process group when latt is killed outright (SIGKILL), which
 * PR_SET_PDEATHSIG cannot do for a command whose exec changed its
 * credentials (root's capabilities come back at exec), and to apply
 * latt's undo record (settings/undo.h): whatever latt changed in the
 * system and did not put back.  It keeps latt's privileges and the locks
 * latt holds (the record's, the settings'), so that no other latt takes
 * a setting before it is put back.  latt tells it the group of each
 * command it starts, 0 when that is over, and -1 at a normal end.
 * latt_session_guard_start() forks it (0 or -errno), before latt changes
 * anything; the guard ends when latt closes its end, at
 * latt_session_destroy() or by dying.
 */
int latt_session_guard_start(struct latt_session *s);

/*
 * Tell the guard (latt_session_guard_start()) the group of the command
 * that starts, @pgid; 0 when it is over, -1 at a normal end.
 */
void latt_session_guard(struct latt_session *s, pid_t pgid);

/*
 * The guard is in a session of its own, so that what kills latt's
 * process group spares it; it can still be killed alone.  Is it alive?
 * @reaped: the caller has reaped it already (the waker's wait4()).  When
 * it is gone, another is started, told of the command's group, and
 * s->guard_news says so.  0: alive (or no guard kept); 1: a new one runs;
 * -errno: none could be started (s->guard_news says so, without the
 * reason, which is the -errno), and from now on there is no guard: the
 * caller stops the run, so that latt puts the system back itself.
 */
int latt_session_guard_check(struct latt_session *s, bool reaped);

/*
 * The signal that stops latt (SIGINT, SIGTERM, ...) waiting to be read,
 * or 0.  It stays pending: the run that reads it stops as interrupted.
 */
int latt_session_pending_stop(const struct latt_session *s);

#endif /* LATT_SETTINGS_SESSION_H */
