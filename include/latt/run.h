/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Running: the session, its runs and what latt changes and undoes.
 *
 * latt's interface: what the programs (latt, latt compare) call.
 * What only the library uses is declared beside it, in lib/.
 */
#ifndef LATT_RUN_H
#define LATT_RUN_H

#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/capability.h>
#include <sys/resource.h>
#include <sys/types.h>

#include "latt/config.h"
#include "latt/result.h"

/*
 * latt's own ftrace instance (libtracefs), for -b (breaktrace): the
 * scheduler's events (sched_waking, sched_wakeup, sched_switch,
 * sched_migrate_task) recorded while a run measures, stamped with
 * CLOCK_MONOTONIC like latt's own samples, in an instance of its own so
 * that tracing already on elsewhere is not disturbed.  tracefs is
 * mounted if it is not; the instance is made once per latt, before it
 * gives up its privileges, and removed at the end unless kept.
 *
 * The waker stops tracing from its loop with two plain writes (a marker
 * in trace_marker, then 0 in tracing_on), so the trace ends where the
 * spike was seen; the marker itself stops tracing where the kernel has
 * triggers on trace_marker (a traceoff trigger on ftrace/print), so that
 * nothing on its CPU is recorded after it.
 */

struct tracefs_instance;

struct latt_trace {
	struct tracefs_instance *inst;
	char name[64];		/* "latt-PID", "latt-PID-explain" */
	char dir[256];		/* its path, for the user */
	int marker_fd;		/* trace_marker */
	int on_fd;		/* tracing_on */
	bool keep;		/* leave the instance for the user */
	int undo;		/* its undo record entry (0: none) */
};

/*
 * Mount tracefs if needed and make the instance "latt-PID@suffix"
 * (@suffix "" or "-explain"), with @buffer_kb of ring
 * buffer per CPU and the events enabled; tracing stays off.  With
 * @overwrite the latest events stay (a flight recorder, for -b); without,
 * the first (--explain: what does not fit is dropped and counted).  The
 * instance is written in the undo record (include/latt/run.h) before it
 * is made.  0, or -errno with one line in @err (no tracefs, no rights,
 * built without libtracefs).
 */
int latt_trace_open(struct latt_trace *t, const char *suffix,
		    unsigned int buffer_kb, bool overwrite, char *err,
		    size_t len);

/*
 * Remove the instance, unless t->keep (then a later latt leaves it
 * alone too); free what was held.
 */
void latt_trace_close(struct latt_trace *t);

/*
 * The session: what latt sets up once per process, before its first run,
 * and what every run then shares.  SIGCHLD and every signal that would
 * end latt (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGALRM, ..., the
 * real-time signals) are blocked and read through one signalfd, so that
 * any of them stops the command and the clients before latt ends; those
 * that were ignored when latt started stay ignored ("nohup latt ...", a
 * background job of a script).  SIGTSTP (^Z) and SIGCONT are read there
 * too, for the waker to stop the command with latt (lib/waker-job.c).  SIGPIPE is ignored (a closed output is
 * reported from the write); latt becomes the subreaper of the commands'
 * descendants; the system facts are read; latt's own scheduling settings
 * are saved so that each run can give the waker its own and put them
 * back.
 *
 * A run (include/latt/run.h) borrows all of this and changes none of it,
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
					   kernel (lib/cmdlat.h); NULL: no
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
	uint64_t seed;		/* each run's seed derives from it */
	unsigned int runs;	/* runs started so far */
};

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
 * latt's undo record (include/latt/run.h): whatever latt changed in the
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
 * One run: one configuration in, one result out.
 *
 * latt_run() makes the configuration's system settings, starts the
 * clients with their settings, the command with its settings (and its
 * cgroup), gives the waker its own settings, measures, stops and reaps
 * everything, puts every setting back (latt's own included), and fills
 * the result.  It never exits and never prints but the -v samples; how
 * the run went is in the result, set-up failures included.  Runs may
 * follow each other in one session any number of times: nothing of one
 * carries over into the next.
 */

/*
 * Run @cfg once, as run number @run (1-based) of its configuration, and
 * fill @r.  A termination signal pending before the run starts makes it
 * an interrupted run that started nothing.
 */
void latt_run(struct latt_session *s, const struct latt_run_cfg *cfg,
	      unsigned int run, struct latt_result *r);

/*
 * Privileges (libcap) and resource limits: the check, before anything
 * runs, that latt may make every setting it was asked for, and the
 * dropping of every capability it will not need once set up.
 */

/* True when capability @cap is in this process's effective set. */
bool latt_priv_has(cap_value_t cap);

/*
 * Make sure at least @need file descriptors may be open: raise the soft
 * limit up to the hard one, and the hard one when privileged.  Returns 0,
 * or -EMFILE when the limit cannot be raised that far; @rl then holds the
 * limits that stay in force.
 */
int latt_priv_nofile(uint64_t need, struct rlimit *rl);

/*
 * Check that the runs of @c can make all their settings here: the
 * capabilities they need (CAP_SYS_NICE for real-time and deadline
 * policies and for a lower nice value, also to undo a raised nice value of
 * latt's own after the run), write access to the files and
 * cgroups they change, and what the kernel and the machine offer (CPUs,
 * nodes, custom slices, debugfs, sched_ext).  0, or -errno with one line
 * in @err saying what is missing and what to do.
 */
int latt_priv_check(const struct latt_run_cfg *c, char *err, size_t len);

/*
 * Keep only the capabilities that runs of @cfgs[0..n) still need:
 * CAP_SYS_NICE where a setting needs it, CAP_SYS_ADMIN and
 * CAP_DAC_OVERRIDE for system settings and cgroups, and CAP_KILL to stop
 * the command's processes whatever user they run as.  Without any
 * capability there is nothing to drop.  0 or -errno.
 */
int latt_priv_drop(const struct latt_run_cfg *cfgs, size_t n);

/*
 * One owner per system setting.  A latt that changes a setting
 * (autogroup, the preemption mode, a scheduler feature, sched_ext) holds
 * a lock on it (flock of /run/latt/lock-NAME, by setting, not global)
 * from before its first run to its end; its guard inherits the locks and
 * holds them until it has put everything back.  A second latt that wants
 * the same setting refuses before measuring, naming the holder (its pid
 * and command line, written in the lock file).  Two runs that change
 * different settings may overlap.  The PM QoS limit (--dma-latency)
 * needs no lock: the kernel keeps each request apart and honours the
 * strictest.
 */

/*
 * Take the lock of every setting the @n configurations @cfgs change.
 * 0, or the first failure as latt_lock_take().
 */
int latt_lock_settings(const struct latt_run_cfg *cfgs, size_t n,
		       const char *dir, const char *cmdline, char *err,
		       size_t len);

/* Let go of every lock (latt's end; its guard may still hold them). */
void latt_lock_release_all(void);

/*
 * The undo record: every change latt makes to the system (a setting, a
 * debugfs mount, a cgroup, a trace instance, a sched_ext scheduler) is
 * written down, with what it replaced, before it is made, in a file that
 * outlives latt: /run/latt/PID, replaced whole (a temporary file and a
 * rename) at each change.  latt puts its changes back itself and crosses
 * them off; a normal end leaves no record.  When latt dies without doing
 * so (SIGKILL, a sanitizer abort, the OOM killer), its guard
 * (include/latt/run.h) applies the record in reverse order, and
 * failing that, the next latt to start finds it (latt_undo_scan()).
 *
 * /run/latt/PID.lock is held (flock) by latt and its guard, inherited at
 * fork: a record whose lock is free belongs to nobody alive.
 *
 * Restoring compares before it writes: a setting that no longer has the
 * value latt gave it was changed by somebody else meanwhile, and is left
 * as it is ("disturbed").
 *
 * The record is one per process; its entries live in memory also when no
 * file is kept (latt_undo_open() not called: unit tests, runs that change
 * nothing), so that the restore paths are the same.  Nothing here prints:
 * lines to say are handed to a callback.
 */

#define LATT_RUN_DIR	"/run/latt"

/*
 * Keep the record of this process in @dir (LATT_RUN_DIR; tests: a
 * directory of their own), made if missing, naming latt by @cmdline.
 * Takes @dir/PID.lock.  Entries added before are written too.  0, or
 * -errno with one line in @err.
 */
int latt_undo_open(const char *dir, const char *cmdline, char *err,
		   size_t len);

/*
 * The end of latt: remove the record and its lock file if every entry is
 * crossed off; else leave both for the guard.  True when nothing is left.
 */
bool latt_undo_close(void);

typedef void (*latt_undo_say_fn)(void *ctx, const char *line);

/*
 * A gone latt's leftovers on the real system: latt_undo_scan() of
 * LATT_RUN_DIR, the cgroups beside latt's own in the hierarchy with the
 * cpu controller, and tracefs's instances where it is mounted.  Each is
 * put back or removed with a line said to @say, or named with how to
 * undo it.  The number of things left.
 */
int latt_leftovers_scan(latt_undo_say_fn say, void *ctx);

/*
 * --explain's scheduler decisions: a BPF program on sched_wakeup that
 * records, for each wakeup of a client onto a busy CPU, what the
 * scheduler weighed (EEVDF's lag, deadline and slice of the client and
 * of the running task, or CFS's vruntimes) and whether it told the
 * running task to give the CPU up.  Loaded once per latt, before it gives
 * up its privileges (it needs CAP_BPF and CAP_PERFMON, or CAP_SYS_ADMIN,
 * and the kernel's BTF); each run's records are read after the run and
 * joined with its worst wakeups (lib/decision.h).
 */

struct latt_decisions;

/*
 * Load and attach the program.  0, or -errno with one line in @err
 * (built without it, no BTF, no rights).
 */
int latt_decisions_open(struct latt_decisions **d, char *err, size_t len);

/* Detach and free; NULL is nothing. */
void latt_decisions_close(struct latt_decisions *d);

/*
 * The command's own waits: a BPF program follows the command's process
 * tree in the kernel and counts how long its tasks waited for a CPU,
 * from a wakeup and from a preemption (lib/cmdlat.h).  Loaded once per
 * latt, before it gives up its privileges (it needs CAP_BPF and
 * CAP_PERFMON, or CAP_SYS_ADMIN, and the kernel's BTF); each run's command
 * is named when it starts and its waits read when the run ends.
 */

struct latt_cmdlat;

/*
 * Load and attach the program.  0, or -errno with one line in @err
 * (built without it, no BTF, no rights).
 */
int latt_cmdlat_open(struct latt_cmdlat **c, char *err, size_t len);

/* Detach and free; NULL is nothing. */
void latt_cmdlat_close(struct latt_cmdlat *c);

#endif /* LATT_RUN_H */
