/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What only the library uses of lib/lock*; what the module is, and the
 * part the programs call, is in include/latt/run.h.
 */
#ifndef LATT_LIB_LOCK_H
#define LATT_LIB_LOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "latt/run.h"
#include "config.h"

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

#endif /* LATT_LIB_LOCK_H */
