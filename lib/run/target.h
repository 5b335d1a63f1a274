/* SPDX-License-Identifier: GPL-2.0-only */
/* The target: the command latt measures beside. */
#ifndef LATT_RUN_TARGET_H
#define LATT_RUN_TARGET_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/types.h>

#include "measure/tmetric.h"
#include "settings/sched.h"
#include "trace/cmdlat.h"

/*
 * The target: the workload latt measures beside (everything after the
 * options).  It runs in a process group of its own, so that it can be
 * stopped as a whole, and its resource use (its own and that of every
 * descendant, whether it waited for them or latt reaped them as their
 * subreaper) is collected for the report.
 */

/* The words of a command joined by spaces, malloc'ed; NULL without memory. */
char *latt_target_display(int argc, char **argv);

/* True when the target's words make a shell command. */
bool latt_target_is_shell(int argc, char **argv);

/*
 * The command's figures in a run's result (run/result.h), filled by the
 * run from its target when it has ended: how it ended, its time and
 * resource use, its own figures (--target-metric) and its own waits.
 */
struct latt_cmd_sum {
	bool given;			/* the run has a command */
	const char *line;		/* as the report shows it */
	bool shell;			/* run by /bin/sh -c */
	bool found;			/* ... which finds its program */
	int status;			/* wait status */
	bool killed;			/* latt stopped it */
	uint64_t wall_ns;
	struct rusage rusage;
	/* its own figures (cfg.tm), when its output was read for them */
	bool tm_read;
	struct latt_tmetric_value tm[LATT_TMETRICS_MAX];
	/* its own waits (lib/trace/cmdlat.h) */
	struct latt_cmdwaits waits;
};

struct latt_cgroup;

struct latt_target {
	char **argv;		/* what is executed */
	char *shell_argv[4];	/* /bin/sh -c CMD, for a single quoted command */
	const char *display;	/* the command as the report shows it */

	/* one start, reset by latt_target_start() */
	pid_t pid;		/* also the process group; 0 before start */
	bool exited;		/* the leader has been reaped */
	int status;		/* its wait status */
	int fail_errno;		/* why it could not start, or 0 */
	const char *fail_what;	/* "exec", "cgroup", "policy", ... */
	uint64_t start_ns, end_ns;
	struct rusage ru;	/* leader and the children it waited for */
	struct rusage orphans;	/* descendants latt reaped */
	const struct latt_cgroup *own_cgroup;	/* stopped as a whole */
};

/* How to start the target. */
struct latt_target_opts {
	const sigset_t *sigmask;	/* the signal mask it runs with */
	const struct latt_sched *sched;	/* its scheduler settings */
	const char *cgroup_procs;	/* the cgroup.procs to join, or NULL */
	const struct latt_cgroup *own_cgroup;	/* a cgroup only it uses:
						   stopping reaches all of it */
	int stdout_fd;			/* its standard output instead of
					   latt's (2 and above); below 2:
					   latt's */
	int stderr_fd;			/* its standard error instead of
					   latt's (3 and above); else latt's */
	/* told its pid (its group) right after the fork, before the exec */
	void (*started)(void *ctx, pid_t pid);
	void *ctx;
};

/*
 * Set up @t for @argc words of @argv, shown as @display (which must live
 * as long as @t).  A single word that contains white space is a shell
 * command, run by /bin/sh -c as latt-0.1 did; otherwise the words are
 * executed directly (PATH searched).
 */
void latt_target_init(struct latt_target *t, int argc, char **argv,
		      const char *display);

/*
 * Would /bin/sh find the program of the command line @line: its first
 * word (after VAR=value assignments) a shell keyword or builtin, a path
 * latt may execute, or a program in PATH?  A word the shell would expand
 * (quotes, $, backquotes) counts as found.  Where it is not found, the
 * shell's exit status 127 (or 126) means "could not run"; where it is,
 * that status is the command's own.
 */
bool latt_target_shell_finds(const char *line);

/*
 * Fork and execute the target in a new process group, with default signal
 * dispositions, in the cgroup and with the settings of @o.  Everything
 * about a previous start is forgotten first.  Returns 0 once the command
 * has been executed.  When it could not be (a setting failed, or the
 * command is not found or not executable), the child has been reaped,
 * t->fail_errno and t->fail_what say why, and -ENOEXEC ("exec" failed) or
 * -ECANCELED (a setting failed) is returned; other failures are -errno.
 */
int latt_target_start(struct latt_target *t, const struct latt_target_opts *o);

/* Record the leader's end: wait status @status and resource use @ru. */
void latt_target_exited(struct latt_target *t, int status,
			const struct rusage *ru, uint64_t now_ns);

/* Add the resource use of a reaped descendant. */
void latt_target_add_orphan(struct latt_target *t, const struct rusage *ru);

/*
 * Send @sig to the target's process group, and to every process of its
 * own cgroup if it has one.  0, or -ESRCH when there was nobody.
 */
int latt_target_kill(const struct latt_target *t, int sig);

/* True while any process of the target's group (or own cgroup) is left. */
bool latt_target_alive(const struct latt_target *t);

/*
 * The target's total resource use: leader, waited-for children and
 * orphans reaped by latt.
 */
void latt_target_rusage(const struct latt_target *t, struct rusage *total);

#endif /* LATT_RUN_TARGET_H */
