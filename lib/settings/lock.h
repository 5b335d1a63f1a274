/* SPDX-License-Identifier: GPL-2.0-only */
/* One owner per system setting: the settings' locks. */
#ifndef LATT_SETTINGS_LOCK_H
#define LATT_SETTINGS_LOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "settings/config.h"

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

#define LATT_LOCK_MAX	40

/*
 * Take the lock of setting @name in @dir, naming this latt by @cmdline.
 * A holder that is gone (its guard still putting things back) is waited
 * for, up to five seconds.  0; -EBUSY with "autogroup is in use by latt
 * 1234 (latt --autogroup 0)" in @err; or -errno with the reason.
 */
int latt_lock_take(const char *dir, const char *name, const char *cmdline,
		   char *err, size_t len);

/* The descriptors of the locks held, into @fds (at most @max): how many. */
size_t latt_lock_fds(int *fds, size_t max);

/*
 * In a child of fork() other than the guard (a client, the command or a
 * helper before its exec): close this child's copies of the locks'
 * descriptors and of @record_fd (the undo record's lock, or -1).  A lock
 * is held until the last descriptor of it closes: a child that kept one
 * would hold latt's locks after latt and its guard are gone, and the next
 * latt would take them for a live latt's.
 */
void latt_lock_drop(int record_fd);

/*
 * Is the lock of file @path held, by the latt @pid that took it, its
 * guard, or a child of theirs that has not closed it yet?  When @pid is
 * gone, the holder is one of the others, about to let go: it is waited
 * for, up to five seconds.  The lock decides, not @pid (which another
 * process may have been given since).  A file that is not there is not
 * held.
 */
bool latt_lock_busy(const char *path, pid_t pid);

#endif /* LATT_SETTINGS_LOCK_H */
