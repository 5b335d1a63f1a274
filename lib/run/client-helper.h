/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * latt's side of latt-client, the program that starts the clients
 * (run/client.h says how): where it is, and running it.
 */
#ifndef LATT_RUN_CLIENT_HELPER_H
#define LATT_RUN_CLIENT_HELPER_H

#include <linux/capability.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "run/client.h"

/*
 * latt-client: the path of this latt's, into @buf: next to latt's own
 * executable (the build tree), else where it is installed; where latt
 * has capabilities to pass on (setcap) or runs set-user-ID, only in a
 * directory owned by root that no one else may write to.  False when
 * there is none (latt forks the clients itself).
 */
bool latt_client_helper_path(char *buf, size_t len);

/* The calling process's capabilities into @caps.  0 or -errno. */
int latt_client_caps(struct __user_cap_data_struct *caps);

/* Set the calling process's capabilities to @caps.  0 or -errno. */
int latt_client_set_caps(const struct __user_cap_data_struct *caps);

/*
 * Run latt-client at @path to start the clients @share describes (@fd:
 * its memfd).  Its pid, or -errno.
 */
pid_t latt_client_helper_run(const char *path,
			     const struct latt_client_share *share, int fd);

#endif /* LATT_RUN_CLIENT_HELPER_H */
