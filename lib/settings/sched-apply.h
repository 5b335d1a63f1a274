/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Applying scheduling settings to the calling task (sched-apply.c): what
 * a client, the waker and the command each do to themselves, apart from
 * the rest of settings/sched.h, so that latt-client, which makes the
 * clients, needs nothing but the C library.
 */
#ifndef LATT_SETTINGS_SCHED_APPLY_H
#define LATT_SETTINGS_SCHED_APPLY_H

#include "settings/sched.h"

/*
 * Apply @s to the calling process: node, then CPUs, then policy, nice,
 * slice and deadline parameters in one sched_setattr(2).  Returns 0, or
 * -errno with @step set to what failed.
 */
int latt_sched_apply(const struct latt_sched *s, enum latt_sched_step *step);

#endif /* LATT_SETTINGS_SCHED_APPLY_H */
