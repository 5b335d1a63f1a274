/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What only the library uses of lib/session*; what the module is, and the
 * part the programs call, is in include/latt/run.h.
 */
#ifndef LATT_LIB_SESSION_H
#define LATT_LIB_SESSION_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "latt/run.h"
#include "sched-set.h"
#include "sysinfo.h"
#include "trace.h"

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

#endif /* LATT_LIB_SESSION_H */
