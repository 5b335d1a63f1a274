/* SPDX-License-Identifier: GPL-2.0-only */
/* Scheduling settings of one task. */
#ifndef LATT_SETTINGS_SCHED_H
#define LATT_SETTINGS_SCHED_H

#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/*
 * Scheduling settings of one task: policy, priority, nice, CPU affinity,
 * NUMA node, the EEVDF custom slice and deadline parameters.  latt gives
 * one set to its clients, one to itself (the waker) and one to the target
 * command.  Each field has an "unset" value, which leaves what the task
 * inherited alone.
 *
 * A task applies its own settings (latt_sched_apply() on itself): the
 * clients and the target in the child after fork(), the waker in latt.
 * Node binding uses libnuma where latt was built with it; without it,
 * latt_sched_numa_built() is false and a node is refused before any run.
 */

struct latt_sched {
	int policy;		/* LATT_SCHED_*; UNSET keeps the inherited one */
	unsigned int priority;	/* fifo, rr: 1-99; 0: unset (1 is used) */
	bool has_nice;
	int nice;
	bool has_cpus;
	cpu_set_t cpus;
	int node;		/* NUMA node; -1: unset */
	uint64_t slice_ns;	/* fair policies; 0: the kernel's default */
	uint64_t runtime_ns;	/* deadline: all three, or none */
	uint64_t deadline_ns;	/* 0: the period */
	uint64_t period_ns;
};

/* True when nothing is set. */
bool latt_sched_empty(const struct latt_sched *s);

/*
 * True when, on a PREEMPT_RT kernel (@preempt_rt), the command's settings
 * @target can starve the waker's @waker: there the timers of a task that
 * is not real-time expire in the per-CPU ktimers thread (SCHED_FIFO 1),
 * and a command at fifo, or rr above priority 1, that does not sleep keeps
 * that thread from running on its CPUs; a waker that is not real-time and
 * may sleep on those CPUs then does not wake, not even to end the run.
 * False when the two have CPU lists that do not meet.
 */
bool latt_sched_rt_starves_waker(const struct latt_sched *waker,
				 const struct latt_sched *target,
				 bool preempt_rt);

/* A task's settings as they were, to put back with latt_sched_restore(). */
struct latt_sched_saved {
	unsigned char attr[64];	/* struct sched_attr, as the kernel gave it */
	cpu_set_t cpus;
	bool valid;
};

/* The kernel's policy numbers (sched(7)); glibc lacks SCHED_DEADLINE. */
#define LATT_SCHED_OTHER	0
#define LATT_SCHED_FIFO		1
#define LATT_SCHED_RR		2
#define LATT_SCHED_BATCH	3
#define LATT_SCHED_IDLE		5
#define LATT_SCHED_DEADLINE	6
#define LATT_SCHED_UNSET	(-1)

#define LATT_PRIO_MIN		1	/* fifo and rr */
#define LATT_PRIO_MAX		99
#define LATT_NICE_MIN		(-20)
#define LATT_NICE_MAX		19

/* The kernel's bounds on a custom slice (6.12 and later). */
#define LATT_SLICE_MIN_NS	(100ULL * 1000)
#define LATT_SLICE_MAX_NS	(100ULL * 1000 * 1000)

/* What latt_sched_apply() was doing when it failed. */
enum latt_sched_step {
	LATT_SCHED_STEP_NODE,
	LATT_SCHED_STEP_CPUS,
	LATT_SCHED_STEP_POLICY,
	LATT_SCHED_STEP_MEMORY,		/* not a setting: the work's memory */
};

/* Everything unset. */
void latt_sched_init(struct latt_sched *s);

/* Parse a policy name (other, batch, idle, fifo, rr, deadline). */
int latt_sched_parse_policy(const char *name, int *policy);

/* The name of @policy ("fifo"), "?" for an unknown one. */
const char *latt_sched_policy_name(int policy);

/* The name of @step ("policy", "cpus", "node"), for messages. */
const char *latt_sched_step_name(enum latt_sched_step step);

/* True for fifo and rr. */
bool latt_sched_is_rt(int policy);

/*
 * Check that the fields of @s make sense together (a priority needs fifo
 * or rr, a slice a fair policy, deadline needs its runtime and period, a
 * deadline task cannot be pinned, ...).  @who prefixes the setting names
 * in messages ("", "waker-", "target-").  @deadline_ok is false for tasks
 * that cannot be deadline tasks (the waker, the target: they fork).  On a
 * problem, writes it to @err ("target-priority needs target-policy fifo
 * or rr") and returns -EINVAL; else 0.
 */
int latt_sched_check(const struct latt_sched *s, const char *who,
		     bool deadline_ok, char *err, size_t len);

/*
 * True when applying @s needs CAP_SYS_NICE: a real-time priority above
 * RLIMIT_RTPRIO, deadline, or a nice value below RLIMIT_NICE's floor and
 * below the current one.
 */
bool latt_sched_needs_cap(const struct latt_sched *s);

/*
 * True when undoing @s in the calling process (going back to its settings
 * now) needs CAP_SYS_NICE: back to a deadline policy, to a real-time one
 * above RLIMIT_RTPRIO, or, from a raised nice value or policy idle, to a
 * nice value RLIMIT_NICE does not allow.  latt undoes its own (the
 * waker's) settings after every run.
 */
bool latt_sched_undo_needs_cap(const struct latt_sched *s);

/* True when this latt can bind to NUMA nodes (built with libnuma). */
bool latt_sched_numa_built(void);

/*
 * Check the parts of @s that depend on the machine: every CPU of its list
 * is one this process may run on, its node exists (and has CPUs), and a
 * slice is something the kernel supports (6.12 and later).  0, or -errno
 * with the reason in @err, the setting named with prefix @who
 * ("target-node 3 does not exist ...").
 */
int latt_sched_check_system(const struct latt_sched *s, const char *who,
			    char *err, size_t len);

/* Save the calling process's settings.  0 or -errno. */
int latt_sched_save(struct latt_sched_saved *saved);

/* Put back what latt_sched_save() saved.  0 or -errno. */
int latt_sched_restore(const struct latt_sched_saved *saved);

/*
 * Read the scheduling settings of task @pid as the kernel holds them:
 * policy, priority, nice, slice and deadline fields of @s (CPUs and node
 * are left unset).  0 or -errno.  For tests and reports.
 */
int latt_sched_read(pid_t pid, struct latt_sched *s);

#endif /* LATT_SETTINGS_SCHED_H */
