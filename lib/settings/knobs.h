/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * System settings a configuration may change for its runs: autogroup
 * (/proc/sys/kernel/sched_autogroup_enabled), the PM QoS CPU latency
 * limit (/dev/cpu_dma_latency, held open for the run), scheduler features
 * and the preemption mode (debugfs sched/features and sched/preempt), and
 * a sched_ext scheduler (a command started before the run, stopped after,
 * watched through /sys/kernel/sched_ext/state).
 *
 * latt_knobs_check() runs before anything is measured and says in one
 * line why a setting cannot be made here (the kernel lacks it, debugfs
 * refuses access, no permission).  latt_knobs_apply() saves what it
 * changes and latt_knobs_restore() puts it back, which latt does after
 * every run, also after SIGINT, SIGTERM and errors.
 *
 * Every path is under a root ("" for the real system) so that tests can
 * lay out a fake /proc and /sys in a directory; debugfs is mounted (and
 * unmounted afterwards) only on the real system.
 */
#ifndef LATT_SETTINGS_KNOBS_H
#define LATT_SETTINGS_KNOBS_H

#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "settings/config.h"
#include "settings/session.h"

#define LATT_KNOBS_UNDO_MAX	2048
#define LATT_KNOBS_FEATURES_MAX	32

/*
 * Each change is an entry of the undo record (settings/undo.h),
 * written before it is made; the ids below are those entries (0: none).
 */
struct latt_knobs {
	const char *root;
	/* what was changed, to put back */
	int autogroup;			/* the value before; -1: untouched */
	int autogroup_undo;
	int dma_fd;			/* the PM QoS request held; -1: none */
	char features[LATT_KNOBS_UNDO_MAX];	/* to write back, by spaces */
	int feature_undo[LATT_KNOBS_FEATURES_MAX];
	unsigned int nfeatures;
	char preempt[32];		/* the mode before; "": untouched */
	int preempt_undo;
	int debugfs_undo;		/* latt mounted debugfs */
	pid_t scheduler;		/* the sched_ext scheduler; 0: none */
	int scheduler_undo;
	bool scheduler_reaped;		/* somebody else reaped it */
	int scheduler_status;
	int scheduler_out;		/* its output (a memfd); -1: none */
	char scx_ops[64];		/* the name sched_ext gave it once
					   enabled (root/ops); "" */
	/*
	 * Settings somebody else changed during the run, left as they
	 * found them at the restore: "autogroup=1 preempt=full"; "" none.
	 */
	char disturbed[256];
};

/* Nothing changed yet; paths under @root. */
void latt_knobs_init(struct latt_knobs *k, const char *root);

/*
 * Check that every system setting of @c can be made here: the kernel has
 * it, it can be read, latt may write it, the values exist (feature names,
 * preemption modes).  Changes nothing that stays changed.  0, or -errno
 * with one line saying why in @err.
 */
int latt_knobs_check(const struct latt_system_cfg *c, const char *root,
		     char *err, size_t len);

/*
 * Make the settings of @c, saving what they replace in @k.  A scheduler
 * command starts with the signal mask of @s's children, its standard
 * output and error into a file of latt's (quoted when it fails), and
 * latt waits (up to 30 seconds: the kernel verifies its BPF programs
 * first) for sched_ext to report it enabled, then reads the name it
 * loaded under into k->scx_ops; a termination signal pending in session
 * @s ends the wait with -EINTR (the signal stays pending).  @s may be
 * NULL (tests).  On failure, what was made is put back.  0, or -errno
 * with @err.
 */
int latt_knobs_apply(struct latt_knobs *k, const struct latt_system_cfg *c,
		     const struct latt_session *s, char *err, size_t len);

/*
 * After the run: is the sched_ext scheduler still the one running?  0, or
 * -ESRCH with what happened in @err.  0 when there is none.
 */
int latt_knobs_verify(const struct latt_knobs *k, char *err, size_t len);

/*
 * The run's reaper found the scheduler's end (@status) before the
 * restore: note it.  True when @pid is the scheduler.
 */
bool latt_knobs_reaped(struct latt_knobs *k, pid_t pid, int status);

/*
 * Put back everything latt_knobs_apply() changed, in reverse order, but
 * a setting that no longer has the value latt gave it: somebody else
 * changed it meanwhile, and it is left as it is and named with the value
 * found in k->disturbed.  Returns 0, or the first -errno with @err saying
 * what could not be put back (everything else still is).
 */
int latt_knobs_restore(struct latt_knobs *k, char *err, size_t len);

#endif /* LATT_SETTINGS_KNOBS_H */
