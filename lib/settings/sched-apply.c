// SPDX-License-Identifier: GPL-2.0-only
/*
 * Applying scheduling settings to the calling task; see
 * lib/settings/sched-apply.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifdef HAVE_LIBNUMA
#include <numaif.h>
#endif

#include "settings/sched-apply.h"
#include "base/parse.h"
#include "settings/sched-attr.h"
#include "settings/sched.h"

/*
 * Run on @node's CPUs and take memory from it alone (a bind policy), as
 * libnuma's numa_run_on_node() and set_mempolicy() would, by the node's
 * file and the system calls themselves.
 */
static int apply_node(int node)
{
#ifdef HAVE_LIBNUMA
	unsigned long nodes[1024 / (8 * sizeof(unsigned long))] = { 0 };
	const unsigned int bits = 8 * sizeof(unsigned long);
	char path[64], list[4096];
	cpu_set_t cpus;
	ssize_t n;
	int fd, ret;

	if (node < 0 || (unsigned int)node >= 8 * sizeof(nodes))
		return -EINVAL;
	snprintf(path, sizeof(path), "/sys/devices/system/node/node%d/cpulist",
		 node);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, list, sizeof(list) - 1);
	ret = n < 0 ? -errno : 0;
	close(fd);
	if (ret)
		return ret;
	list[n] = '\0';
	list[strcspn(list, "\n")] = '\0';
	ret = latt_parse_cpulist(list, &cpus, CPU_SETSIZE);
	if (ret)
		return ret;
	if (sched_setaffinity(0, sizeof(cpus), &cpus))
		return -errno;
	nodes[(unsigned int)node / bits] |= 1UL << ((unsigned int)node % bits);
	/* The kernel reads one bit less than it is told. */
	if (syscall(SYS_set_mempolicy, MPOL_BIND, nodes, 8 * sizeof(nodes) + 1))
		return -errno;
	return 0;
#else
	return -EOPNOTSUPP;
#endif
}

int latt_sched_apply(const struct latt_sched *s, enum latt_sched_step *step)
{
	struct latt_sched_attr a;
	int ret;

	if (s->node >= 0) {
		*step = LATT_SCHED_STEP_NODE;
		ret = apply_node(s->node);
		if (ret)
			return ret;
	}
	if (s->has_cpus) {
		*step = LATT_SCHED_STEP_CPUS;
		if (sched_setaffinity(0, sizeof(s->cpus), &s->cpus))
			return -errno;
	}
	if (s->policy == LATT_SCHED_UNSET && !s->has_nice && !s->slice_ns)
		return 0;

	*step = LATT_SCHED_STEP_POLICY;
	ret = latt_sched_getattr(0, &a);
	if (ret)
		return ret;
	if (s->policy != LATT_SCHED_UNSET) {
		a.sched_policy = (uint32_t)s->policy;
		a.sched_priority = 0;
	}
	a.sched_flags &= LATT_SCHED_RESET_ON_FORK;
	a.sched_runtime = a.sched_deadline = a.sched_period = 0;
	switch ((int)a.sched_policy) {
	case LATT_SCHED_FIFO:
	case LATT_SCHED_RR:
		if (s->priority)
			a.sched_priority = s->priority;
		else if (!a.sched_priority)
			a.sched_priority = LATT_PRIO_MIN;
		break;
	case LATT_SCHED_DEADLINE:
		a.sched_runtime = s->runtime_ns;
		a.sched_deadline = s->deadline_ns ? s->deadline_ns :
				   s->period_ns;
		a.sched_period = s->period_ns;
		break;
	default:
		/* 0 asks for the default slice. */
		a.sched_runtime = s->slice_ns;
		break;
	}
	if (s->has_nice)
		a.sched_nice = s->nice;
	return latt_sched_setattr(0, &a);
}
