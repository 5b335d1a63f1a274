/* SPDX-License-Identifier: GPL-2.0-only */
/* One run: one configuration in, one result out. */
#ifndef LATT_RUN_RUN_H
#define LATT_RUN_RUN_H

#include <stdbool.h>

#include "run/result.h"
#include "settings/config.h"
#include "settings/session.h"

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

#endif /* LATT_RUN_RUN_H */
