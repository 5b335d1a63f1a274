/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Control groups for the target command: an existing one to put it in
 * (--target-cgroup), or one latt makes beside its own with a CPU weight
 * (--target-weight) and removes afterwards.
 *
 * latt uses whichever hierarchy has the cpu controller: cgroup v2, where
 * the weight is cpu.weight (1-10000, default 100), or a cgroup v1 cpu
 * hierarchy (hybrid systems), where it is cpu.shares with the same ratio
 * (weight * 1024 / 100).  The cgroup latt makes is a sibling of latt's
 * own, so the weight is relative to the group the clients run in.  A
 * cgroup of latt's own also stops every process of the command, even one
 * that left its process group: cgroup.kill on v2, each pid on v1.
 */
#ifndef LATT_SETTINGS_CGROUP_H
#define LATT_SETTINGS_CGROUP_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

struct latt_cgroup {
	char path[PATH_MAX];	/* the cgroup's directory */
	bool v2;		/* cgroup v2 (else a v1 hierarchy) */
	bool created;		/* latt made it, and removes it */
	int undo;		/* its undo record entry (0: none) */
};

/*
 * Find where latt would make a cgroup for the command: the parent of
 * latt's own cgroup in the hierarchy with the cpu controller.  Writes
 * that directory to @cg->path.  0, or -errno with the reason in @err
 * ("no cgroup hierarchy has the cpu controller").  @root is "" for the
 * real system, or a test directory laid out like / (/proc/self/mountinfo,
 * /proc/self/cgroup and the cgroup mounts under it).
 */
int latt_cgroup_locate(struct latt_cgroup *cg, const char *root, char *err,
		       size_t len);

/*
 * Make the cgroup @name under the directory latt_cgroup_locate() found,
 * with CPU weight @weight, written in the undo record first
 * (settings/undo.h).  0, or -errno with the reason in @err.
 */
int latt_cgroup_create(struct latt_cgroup *cg, const char *name,
		       unsigned int weight, char *err, size_t len);

/*
 * Use the existing cgroup directory @path (--target-cgroup): it must have
 * a cgroup.procs that latt may write.  0, or -errno with the reason.
 */
int latt_cgroup_open(struct latt_cgroup *cg, const char *path, char *err,
		     size_t len);

/* The path of @cg's cgroup.procs, written into @buf.  Returns @buf. */
char *latt_cgroup_procs(const struct latt_cgroup *cg, char *buf, size_t len);

/* Move the calling process into the cgroup whose cgroup.procs is @procs. */
int latt_cgroup_join(const char *procs);

/*
 * Send @sig to every process in @cg (SIGKILL on v2 through cgroup.kill).
 * Returns how many processes were signalled (1 for cgroup.kill), or
 * -errno.
 */
int latt_cgroup_kill(const struct latt_cgroup *cg, int sig);

/* True while any process is left in @cg. */
bool latt_cgroup_populated(const struct latt_cgroup *cg);

/*
 * Remove the cgroup latt made (nothing for one it was given), waiting up
 * to two seconds for its last processes to leave.  0 or -errno.
 */
int latt_cgroup_remove(struct latt_cgroup *cg);

/* The CPU weight @cg has, as cpu.weight or from cpu.shares.  0 or -errno. */
int latt_cgroup_weight(const struct latt_cgroup *cg, unsigned int *weight);

#endif /* LATT_SETTINGS_CGROUP_H */
