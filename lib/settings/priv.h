/* SPDX-License-Identifier: GPL-2.0-only */
/* Privileges and resource limits. */
#ifndef LATT_SETTINGS_PRIV_H
#define LATT_SETTINGS_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/capability.h>
#include <sys/resource.h>

#include "settings/config.h"

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

#endif /* LATT_SETTINGS_PRIV_H */
