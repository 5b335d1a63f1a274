/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A sched_ext scheduler (the scheduler=CMD setting of a configuration):
 * whether one can be loaded here, starting its command, awaiting its
 * loading, what it said, and stopping it.
 *
 * These functions keep no state: they return what happened, and the
 * caller (settings/knobs.c) owns the scheduler's process, its output
 * file and its entry in the undo record, and decides what to do next.
 * The paths are under a root ("" for the real system) so that tests can
 * lay out a fake /sys.
 */
#ifndef LATT_SETTINGS_KNOBS_SCX_H
#define LATT_SETTINGS_KNOBS_SCX_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "settings/session.h"

/* Where sched_ext says whether a scheduler is loaded. */
#define LATT_SCX_STATE	"/sys/kernel/sched_ext/state"

/* Can a sched_ext scheduler be loaded here?  0, or -errno said in @err. */
int latt_scx_check(const char *root, char *err, size_t len);

/*
 * Start scheduler command @cmd by /bin/sh -c in a process group of its
 * own, with the signal mask of @s's children (@s may be NULL) and its
 * output into file descriptor @out (-1: latt's standard error).  0 with
 * its pid in @pid, or -errno said in @err.
 */
int latt_scx_spawn(const char *cmd, const struct latt_session *s, int out,
		   pid_t *pid, char *err, size_t len);

/*
 * Wait (up to 30 seconds: the kernel verifies its BPF programs first)
 * for sched_ext to report scheduler @pid enabled, then read the name it
 * loaded under into @ops.  0; -ECHILD when the scheduler ended first (it
 * is reaped); -EINTR when a termination signal is pending in session @s
 * (it stays pending); -ETIMEDOUT.  Each failure is said in @err, with
 * what the scheduler wrote to @out.
 */
int latt_scx_await(const char *root, pid_t pid, const char *cmd,
		   const struct latt_session *s, int out, char *ops,
		   size_t opslen, char *err, size_t len);

/*
 * Stop scheduler @pid: SIGINT to its group (its clean exit), SIGKILL if
 * it lingers, unless @reaped (somebody else already reaped it); then
 * wait for sched_ext to be disabled.  0, or -ETIMEDOUT.
 */
int latt_scx_stop(const char *root, pid_t pid, bool reaped);

/* sched_ext's state: "enabled", "disabled", ...; 0 or -errno. */
int latt_scx_state(const char *root, char *state, size_t size);

/*
 * What the scheduler wrote to file @out, for an error: ": its output:
 * "FIRST" ... "LAST"" (@first: the first line too), or "" when it wrote
 * nothing or @out is -1.
 */
const char *latt_scx_said(int out, bool first, char *buf, size_t len);

#endif /* LATT_SETTINGS_KNOBS_SCX_H */
