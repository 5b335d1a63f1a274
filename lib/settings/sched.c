// SPDX-License-Identifier: GPL-2.0-only
/*
 * Scheduling settings of one task; see settings/sched.h.
 *
 * sched_setattr(2) is the one call that sets policy, priority, nice, the
 * custom slice and the deadline parameters together; glibc has no wrapper
 * for it, so it is called through syscall(2) with the kernel's structure
 * (lib/settings/sched-apply.c).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifdef HAVE_LIBNUMA
#include <numa.h>
#include <numaif.h>
#endif

#include "settings/sched.h"
#include "base/parse.h"
#include "base/util.h"
#include "settings/sched-attr.h"

_Static_assert(sizeof(struct latt_sched_attr) <=
	       sizeof(((struct latt_sched_saved *)0)->attr),
	       "latt_sched_saved too small for struct latt_sched_attr");

static const struct {
	const char *name;
	int policy;
} policies[] = {
	{ "other", LATT_SCHED_OTHER },
	{ "batch", LATT_SCHED_BATCH },
	{ "idle", LATT_SCHED_IDLE },
	{ "fifo", LATT_SCHED_FIFO },
	{ "rr", LATT_SCHED_RR },
	{ "deadline", LATT_SCHED_DEADLINE },
};

#define NPOLICIES	(sizeof(policies) / sizeof(policies[0]))

void latt_sched_init(struct latt_sched *s)
{
	memset(s, 0, sizeof(*s));
	s->policy = LATT_SCHED_UNSET;
	s->node = -1;
}

bool latt_sched_empty(const struct latt_sched *s)
{
	return s->policy == LATT_SCHED_UNSET && !s->priority &&
	       !s->has_nice && !s->has_cpus && s->node < 0 && !s->slice_ns &&
	       !s->runtime_ns && !s->deadline_ns && !s->period_ns;
}

int latt_sched_parse_policy(const char *name, int *policy)
{
	size_t i;

	for (i = 0; i < NPOLICIES; i++) {
		if (!strcmp(name, policies[i].name)) {
			*policy = policies[i].policy;
			return 0;
		}
	}
	return -EINVAL;
}

const char *latt_sched_policy_name(int policy)
{
	size_t i;

	for (i = 0; i < NPOLICIES; i++)
		if (policies[i].policy == policy)
			return policies[i].name;
	return "?";
}

const char *latt_sched_step_name(enum latt_sched_step step)
{
	switch (step) {
	case LATT_SCHED_STEP_NODE:
		return "node";
	case LATT_SCHED_STEP_CPUS:
		return "cpus";
	case LATT_SCHED_STEP_POLICY:
		return "policy";
	case LATT_SCHED_STEP_MEMORY:
		return "work buffer";
	}
	return "?";
}

bool latt_sched_is_rt(int policy)
{
	return policy == LATT_SCHED_FIFO || policy == LATT_SCHED_RR;
}

static bool is_fair(int policy)
{
	return policy == LATT_SCHED_UNSET || policy == LATT_SCHED_OTHER ||
	       policy == LATT_SCHED_BATCH;
}

bool latt_sched_rt_starves_waker(const struct latt_sched *waker,
				 const struct latt_sched *target,
				 bool preempt_rt)
{
	cpu_set_t both;

	if (!preempt_rt || latt_sched_is_rt(waker->policy))
		return false;
	if (target->policy != LATT_SCHED_FIFO &&
	    !(target->policy == LATT_SCHED_RR && target->priority > 1))
		return false;
	if (waker->has_cpus && target->has_cpus) {
		CPU_AND(&both, &waker->cpus, &target->cpus);
		return CPU_COUNT(&both) > 0;
	}
	return true;
}

int latt_sched_check(const struct latt_sched *s, const char *who,
		     bool deadline_ok, char *err, size_t len)
{
	bool dl = s->policy == LATT_SCHED_DEADLINE;

	if (s->priority && !latt_sched_is_rt(s->policy))
		return latt_err(-EINVAL, err, len, "%spriority needs %spolicy "
				"fifo or rr", who, who);
	if (s->has_nice && s->nice && (latt_sched_is_rt(s->policy) || dl))
		return latt_err(-EINVAL, err, len, "%snice has no effect with "
				"%spolicy %s", who, who,
				latt_sched_policy_name(s->policy));
	if (s->slice_ns && !is_fair(s->policy))
		return latt_err(-EINVAL, err, len, "%sslice needs %spolicy "
				"other or batch", who, who);
	if (!dl && (s->runtime_ns || s->deadline_ns || s->period_ns))
		return latt_err(-EINVAL, err, len, "%sruntime, %sdeadline and "
				"%speriod need %spolicy deadline", who, who,
				who, who);
	if (!dl)
		return 0;
	if (!deadline_ok)
		return latt_err(-EINVAL, err, len, "%spolicy deadline: only "
				"the clients can be deadline tasks (a "
				"deadline task cannot fork)", who);
	if (!s->runtime_ns || !s->period_ns)
		return latt_err(-EINVAL, err, len, "%spolicy deadline needs "
				"%sruntime and %speriod", who, who, who);
	if (s->runtime_ns > (s->deadline_ns ? s->deadline_ns : s->period_ns) ||
	    (s->deadline_ns && s->deadline_ns > s->period_ns))
		return latt_err(-EINVAL, err, len, "%spolicy deadline needs "
				"runtime <= deadline <= period", who);
	if (s->has_cpus)
		return latt_err(-EINVAL, err, len, "%spolicy deadline: a "
				"deadline task cannot be pinned to CPUs (the "
				"kernel needs it free to run on all of them)",
				who);
	return 0;
}

bool latt_sched_needs_cap(const struct latt_sched *s)
{
	struct rlimit rl;
	int cur;

	if (s->policy == LATT_SCHED_DEADLINE)
		return true;
	if (latt_sched_is_rt(s->policy)) {
		unsigned int prio = s->priority ? s->priority : LATT_PRIO_MIN;

		return getrlimit(RLIMIT_RTPRIO, &rl) ||
		       (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < prio);
	}
	if (s->has_nice) {
		errno = 0;
		cur = getpriority(PRIO_PROCESS, 0);
		if (errno)
			return true;
		/* The kernel's can_nice(): 20 - nice against RLIMIT_NICE. */
		if (s->nice < cur &&
		    (getrlimit(RLIMIT_NICE, &rl) ||
		     (rl.rlim_cur != RLIM_INFINITY &&
		      (rlim_t)(20 - s->nice) > rl.rlim_cur)))
			return true;
	}
	return false;
}

bool latt_sched_undo_needs_cap(const struct latt_sched *s)
{
	struct latt_sched_attr a;
	struct rlimit rl;
	int cur;

	if (latt_sched_empty(s))
		return false;
	/*
	 * Back to a real-time or deadline policy (latt run under chrt):
	 * deadline always needs the capability, real-time beyond
	 * RLIMIT_RTPRIO.
	 */
	if (latt_sched_getattr(0, &a))
		return true;
	if (a.sched_policy == LATT_SCHED_DEADLINE &&
	    (s->policy != LATT_SCHED_UNSET || s->has_nice || s->slice_ns))
		return true;
	if (latt_sched_is_rt((int)a.sched_policy) &&
	    s->policy != LATT_SCHED_UNSET && s->policy != (int)a.sched_policy)
		return getrlimit(RLIMIT_RTPRIO, &rl) ||
		       (rl.rlim_cur != RLIM_INFINITY &&
			rl.rlim_cur < a.sched_priority);
	/* Back to a lower nice value is the kernel's can_nice(cur). */
	errno = 0;
	cur = getpriority(PRIO_PROCESS, 0);
	if (errno)
		return true;
	if (!(s->has_nice && s->nice > cur) && s->policy != LATT_SCHED_IDLE)
		return false;
	return getrlimit(RLIMIT_NICE, &rl) ||
	       (rl.rlim_cur != RLIM_INFINITY &&
		(rlim_t)(20 - cur) > rl.rlim_cur);
}

bool latt_sched_numa_built(void)
{
#ifdef HAVE_LIBNUMA
	return true;
#else
	return false;
#endif
}

static int check_node(int node, const char *who, char *err, size_t len)
{
#ifdef HAVE_LIBNUMA
	struct bitmask *cpus;
	int ret = 0;

	if (numa_available() < 0) {
		snprintf(err, len, "%snode %d: this system has no NUMA "
			 "support", who, node);
		return -EOPNOTSUPP;
	}
	if (node > numa_max_node()) {
		if (numa_max_node() == 0)
			snprintf(err, len, "%snode %d does not exist (this "
				 "system has node 0 only)", who, node);
		else
			snprintf(err, len, "%snode %d does not exist (this "
				 "system has nodes 0-%d)", who, node,
				 numa_max_node());
		return -ENOENT;
	}
	cpus = numa_allocate_cpumask();
	if (!cpus)
		return -ENOMEM;
	if (numa_node_to_cpus(node, cpus) || !numa_bitmask_weight(cpus)) {
		snprintf(err, len, "%snode %d has no CPUs", who, node);
		ret = -ENOENT;
	}
	numa_free_cpumask(cpus);
	return ret;
#else
	snprintf(err, len, "%snode %d: latt was built without libnuma", who,
		 node);
	return -EOPNOTSUPP;
#endif
}

int latt_sched_check_system(const struct latt_sched *s, const char *who,
			    char *err, size_t len)
{
	struct latt_sched_attr a;
	cpu_set_t allowed;
	unsigned int cpu;
	char list[256];
	int ret;

	if (s->has_cpus) {
		if (sched_getaffinity(0, sizeof(allowed), &allowed))
			return -errno;
		for (cpu = 0; cpu < CPU_SETSIZE; cpu++) {
			if (CPU_ISSET(cpu, &s->cpus) &&
			    !CPU_ISSET(cpu, &allowed)) {
				snprintf(err, len, "%scpus: CPU %u is not "
					 "available (latt may run on CPUs %s)",
					 who, cpu,
					 latt_format_cpulist(&allowed,
							     CPU_SETSIZE, list,
							     sizeof(list)));
				return -EINVAL;
			}
		}
	}
	if (s->node >= 0) {
		ret = check_node(s->node, who, err, len);
		if (ret)
			return ret;
	}
	/*
	 * Kernels before 6.12 ignore a fair task's runtime silently; from
	 * 6.12 on, sched_getattr() reports the slice of every fair task.
	 */
	if (s->slice_ns) {
		ret = latt_sched_getattr(0, &a);
		if (ret)
			return ret;
		if (is_fair((int)a.sched_policy) && !a.sched_runtime) {
			snprintf(err, len, "%sslice: this kernel has no "
				 "custom slices (they came with Linux 6.12)",
				 who);
			return -EOPNOTSUPP;
		}
	}
	return 0;
}

int latt_sched_save(struct latt_sched_saved *saved)
{
	struct latt_sched_attr a;
	int ret;

	saved->valid = false;
	ret = latt_sched_getattr(0, &a);
	if (ret)
		return ret;
	if (sched_getaffinity(0, sizeof(saved->cpus), &saved->cpus))
		return -errno;
	memcpy(saved->attr, &a, sizeof(a));
	saved->valid = true;
	return 0;
}

int latt_sched_restore(const struct latt_sched_saved *saved)
{
	struct latt_sched_attr a;
	int ret;

	if (!saved->valid)
		return 0;
	memcpy(&a, saved->attr, sizeof(a));
	a.sched_flags &= LATT_SCHED_RESET_ON_FORK;
	/* A fair task's runtime reads back as its slice: ask for default. */
	if (a.sched_policy != LATT_SCHED_DEADLINE)
		a.sched_runtime = a.sched_deadline = a.sched_period = 0;
	ret = latt_sched_setattr(0, &a);
	if (sched_setaffinity(0, sizeof(saved->cpus), &saved->cpus) && !ret)
		ret = -errno;
	return ret;
}

int latt_sched_read(pid_t pid, struct latt_sched *s)
{
	struct latt_sched_attr a;
	int ret;

	latt_sched_init(s);
	ret = latt_sched_getattr(pid, &a);
	if (ret)
		return ret;
	s->policy = (int)a.sched_policy;
	if (latt_sched_is_rt(s->policy)) {
		s->priority = a.sched_priority;
	} else if (s->policy == LATT_SCHED_DEADLINE) {
		s->runtime_ns = a.sched_runtime;
		s->deadline_ns = a.sched_deadline;
		s->period_ns = a.sched_period;
	} else {
		s->has_nice = true;
		s->nice = a.sched_nice;
		s->slice_ns = a.sched_runtime;
	}
	return 0;
}
