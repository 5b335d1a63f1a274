// SPDX-License-Identifier: GPL-2.0-only
/*
 * sched_getattr(2) and sched_setattr(2); see lib/settings/sched-attr.h.
 */
#include <errno.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "settings/sched-attr.h"

/* The first version of struct sched_attr: without the clamps. */
#define SCHED_ATTR_SIZE_VER0	48

int latt_sched_getattr(pid_t pid, struct latt_sched_attr *a)
{
	memset(a, 0, sizeof(*a));
	if (syscall(SYS_sched_getattr, pid, a, sizeof(*a), 0))
		return -errno;
	return 0;
}

int latt_sched_setattr(pid_t pid, struct latt_sched_attr *a)
{
	a->size = SCHED_ATTR_SIZE_VER0;
	if (syscall(SYS_sched_setattr, pid, a, 0))
		return -errno;
	return 0;
}
