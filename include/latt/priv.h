/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Privileges (libcap) and resource limits.
 */
#ifndef LATT_PRIV_H
#define LATT_PRIV_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/capability.h>
#include <sys/resource.h>

/* True when capability @cap is in this process's effective set. */
bool latt_priv_has(cap_value_t cap);

/*
 * Make sure at least @need file descriptors may be open: raise the soft
 * limit up to the hard one, and the hard one when privileged.  Returns 0,
 * or -EMFILE when the limit cannot be raised that far; @rl then holds the
 * limits that stay in force.
 */
int latt_priv_nofile(uint64_t need, struct rlimit *rl);

#endif /* LATT_PRIV_H */
