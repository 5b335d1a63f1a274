/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel's own form of a task's scheduling settings (sched-attr.c):
 * struct sched_attr and the two system calls that read and write it,
 * which glibc does not wrap.  The lowest of the scheduler's modules:
 * settings/sched.c saves, restores and reads tasks with it, and
 * settings/sched-apply.c applies a configuration's settings.
 */
#ifndef LATT_SETTINGS_SCHED_ATTR_H
#define LATT_SETTINGS_SCHED_ATTR_H

#include <stdint.h>
#include <sys/types.h>

/* The kernel's struct sched_attr (include/uapi/linux/sched/types.h). */
struct latt_sched_attr {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime;
	uint64_t sched_deadline;
	uint64_t sched_period;
	uint32_t sched_util_min;
	uint32_t sched_util_max;
};

#define LATT_SCHED_RESET_ON_FORK	0x01	/* in sched_flags */

/* sched_getattr(2) of task @pid (0: the caller) into @a.  0 or -errno. */
int latt_sched_getattr(pid_t pid, struct latt_sched_attr *a);

/*
 * sched_setattr(2) of task @pid (0: the caller) from @a, as its first
 * version (without the utilisation clamps, which latt leaves).  0 or
 * -errno.
 */
int latt_sched_setattr(pid_t pid, struct latt_sched_attr *a);

#endif /* LATT_SETTINGS_SCHED_ATTR_H */
