/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One change of the undo record (settings/undo.h): what it was, putting
 * it back, and the lines that say what was done or how to do it by hand.
 * Below the record itself, which writes these entries down, and the
 * sweep of what a gone latt left (undo-sweep.c), which reads them back:
 * both revert an entry here, and this file calls neither.
 */
#ifndef LATT_SETTINGS_UNDO_REVERT_H
#define LATT_SETTINGS_UNDO_REVERT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

enum latt_undo_kind {
	LATT_UNDO_SYSCTL,	/* a file holding one value (autogroup) */
	LATT_UNDO_PREEMPT,	/* sched/preempt: the mode in parentheses */
	LATT_UNDO_FEATURE,	/* one word of sched/features */
	LATT_UNDO_MOUNT,	/* a file system latt mounted (debugfs) */
	LATT_UNDO_CGROUP,	/* a cgroup latt made */
	LATT_UNDO_TRACE,	/* a trace instance latt made */
	LATT_UNDO_SCX,		/* a sched_ext scheduler latt started */
};

struct latt_undo_entry {
	enum latt_undo_kind kind;
	char name[64];		/* the setting, for people: "autogroup" */
	char path[PATH_MAX];	/* the file or directory changed */
	char old[128];		/* the value before (FEATURE: what puts it
				   back; SCX: the state before) */
	char set[128];		/* the value latt wrote (FEATURE: the word it
				   wrote; SCX: "PID:START" of the scheduler) */
	bool made;		/* the change was made (else only meant) */
};

/* What reverting an entry found. */
enum latt_undo_outcome {
	LATT_UNDO_RESTORED,	/* put back (removed, stopped) */
	LATT_UNDO_NOTHING,	/* already as it was: nothing to do */
	LATT_UNDO_DISTURBED,	/* changed by somebody else: left alone */
	LATT_UNDO_FAILED,	/* could not be put back */
};

/*
 * Revert @e whatever its origin (a record read back).  @now as for
 * latt_undo_revert().
 */
enum latt_undo_outcome latt_undo_revert_entry(const struct latt_undo_entry *e,
					      char *now, size_t len);

/*
 * One line for people about @e and what reverting it gave (@outcome,
 * @now): "autogroup: put back to 1", "cgroup /sys/...: emptied and
 * removed", "autogroup is 1, not the 0 latt set: left as it is".
 */
void latt_undo_describe(const struct latt_undo_entry *e,
			enum latt_undo_outcome outcome, const char *now,
			char *buf, size_t len);

/* A shell command that undoes @e by hand, for a message. */
void latt_undo_howto(const struct latt_undo_entry *e, char *buf, size_t len);

/* snprintf() for texts that may be cut short without harm. */
void __attribute__((format(printf, 3, 4)))
latt_undo_put(char *buf, size_t len, const char *fmt, ...);

/* Field 22 of /proc/PID/stat: when the process started, in ticks. */
unsigned long long latt_undo_start_time(pid_t pid);

#endif /* LATT_SETTINGS_UNDO_REVERT_H */
