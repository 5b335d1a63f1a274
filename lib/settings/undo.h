/* SPDX-License-Identifier: GPL-2.0-only */
/* The undo record of every change latt makes to the system. */
#ifndef LATT_SETTINGS_UNDO_H
#define LATT_SETTINGS_UNDO_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "settings/undo-revert.h"

/*
 * The undo record: every change latt makes to the system (a setting, a
 * debugfs mount, a cgroup, a trace instance, a sched_ext scheduler) is
 * written down, with what it replaced, before it is made, in a file that
 * outlives latt: /run/latt/PID, replaced whole (a temporary file and a
 * rename) at each change.  latt puts its changes back itself and crosses
 * them off; a normal end leaves no record.  When latt dies without doing
 * so (SIGKILL, a sanitizer abort, the OOM killer), its guard
 * (settings/session.h) applies the record in reverse order, and
 * failing that, the next latt to start finds it (latt_undo_scan(),
 * settings/undo-sweep.h).
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

/* The record's file, "" when none is kept. */
const char *latt_undo_file(void);

/* The descriptor holding the record's lock (-1: none), for the guard. */
int latt_undo_lock_fd(void);

/*
 * In a child of latt's that is not its guard (a client, the command, a
 * scheduler's loader): let go of latt's locks, the knobs' and the
 * record's, which are latt's and its guard's alone.
 */
void latt_undo_child_unlock(void);

/*
 * Write down a change about to be made: @kind, @name, @path, the value
 * before (@old) and the one latt writes (@set), either may be "".  The
 * record is on disk when this returns.  An id (1 and up) for the calls
 * below, or -errno: then the change must not be made.
 */
int latt_undo_add(enum latt_undo_kind kind, const char *name,
		  const char *path, const char *old, const char *set);

/*
 * The change of entry @id is made: from now on, finding the value before
 * means somebody else put it back.  0 or -errno.
 */
int latt_undo_made(int id);

/* The same for a scheduler, now process @pid. */
int latt_undo_made_pid(int id, pid_t pid);

/*
 * Put back entry @id (0: none, nothing done) and cross it off, unless it
 * could not be put back: then it stays for the guard to try again.  The
 * outcome; @now gets the value found when it is DISTURBED, the reason
 * when it FAILED.
 */
enum latt_undo_outcome latt_undo_revert(int id, char *now, size_t len);

/* Cross entry @id off: latt undid the change itself (0: nothing). */
void latt_undo_forget(int id);

/*
 * Cross trace instance @id off as kept for the user: a later latt's scan
 * leaves that instance alone (a marker in the record's directory says
 * so until the instance is gone).
 */
void latt_undo_keep(int id, const char *instance);

/*
 * The record's file and helpers, shared by the record itself (undo.c)
 * and the sweep of what a gone latt left (undo-sweep.c).
 */
#define LATT_UNDO_ENTRIES_MAX	64	/* entries one record holds */

/* Write @n entries as the record @file of @pid, whole, or remove it. */
int latt_undo_write_record(const char *file, pid_t pid, const char *cmdline,
			   const struct latt_undo_entry *const *e,
			   unsigned int n);

/* Read the record @file: its pid, command line and entries. */
int latt_undo_read_record(const char *file, pid_t *pid, char *cmdline,
			  size_t cmdlen, struct latt_undo_entry *e,
			  unsigned int *n);

/*
 * Is @dir latt's to use: a directory owned by root or by this user, that
 * nobody else may write?  Records in it are applied as they say, by
 * root too.  0, or -errno with one line in @err.
 */
int latt_undo_dir_check(const char *dir, char *err, size_t len);

/* The marker that says instance @name is kept for the user. */
void latt_undo_kept_marker(const char *dir, const char *name, char *buf,
			   size_t len);

#endif /* LATT_SETTINGS_UNDO_H */
