/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What latt says and decides about its changes to the system, around
 * lib/settings/undo.c and lib/settings/lock.c: what a latt that is gone left behind (put
 * back, or a refusal to measure), the undo record and the settings'
 * locks before the first change, whether it may make them at all, a
 * kept trace named when the report
 * that names it could not be written.
 */
#ifndef LATT_CHANGES_H
#define LATT_CHANGES_H

#include <stdbool.h>
#include <stddef.h>

#include "run/result.h"
#include "settings/config.h"
#include "options.h"

/*
 * What a latt that is gone left behind (killed with its guard, a power
 * cut of a container): put back, one line each on stderr; where latt
 * may not, named with how to undo it, and no measurement without
 * @force.  0, or -EBUSY after saying so.
 */
int latt_changes_left(bool force);

/*
 * Before anything runs: may latt make every setting of every
 * configuration of @cfgs[0..n) here (@named: said by their names)?
 * Returns 0, or prints why not and returns -errno.  What it may make
 * but that can keep the run from ending is noted.
 */
int latt_changes_preflight(const struct latt_run_cfg *cfgs, size_t n,
			   bool named);

/*
 * Before the first change of the system: the undo record that outlives
 * latt, and the lock of each setting @o changes.  @record says whether a
 * record is kept (then a guard must be started).  0, or -errno after
 * saying why (latt must not measure).
 */
int latt_changes_begin(const struct latt_opts *o, const char *cmdline,
		       bool *record);

/* latt's end: the record removed if nothing is left in it; the locks. */
void latt_changes_end(void);

/*
 * Where the report that names a kept trace instance could not be
 * written: name it on stderr, or nobody knows it is there.
 */
void latt_changes_say_kept_trace(const struct latt_result *results, size_t n);

#endif /* LATT_CHANGES_H */
