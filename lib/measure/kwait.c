// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel's figure for each wakeup; see lib/measure/kwait.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "measure/kwait.h"
#include "measure/hist.h"
#include "measure/stats.h"

/* Parse one decimal number at *@p, up to @end, and the blank after it. */
static int number(const char **p, const char *end, uint64_t *v)
{
	const char *s = *p;
	uint64_t n = 0;

	if (s >= end || *s < '0' || *s > '9')
		return -EINVAL;
	for (; s < end && *s >= '0' && *s <= '9'; s++) {
		uint64_t d = (uint64_t)(*s - '0');

		if (n > UINT64_MAX / 10 ||
		    (n == UINT64_MAX / 10 && d > UINT64_MAX % 10))
			return -EINVAL;
		n = n * 10 + d;
	}
	if (s < end && *s != ' ' && *s != '\n')
		return -EINVAL;
	if (s < end)
		s++;
	*p = s;
	*v = n;
	return 0;
}

int latt_kwait_parse(const char *buf, size_t len, struct latt_schedstat *ss)
{
	const char *p = buf, *end = buf + len;
	uint64_t v[3];
	int i;

	for (i = 0; i < 3; i++)
		if (number(&p, end, &v[i]))
			return -EINVAL;
	if (p != end)
		return -EINVAL;
	ss->run_ns = v[0];
	ss->wait_ns = v[1];
	ss->slices = v[2];
	return 0;
}

/*
 * One pread() of the whole line: a seq_file read at offset 0 prints the
 * task's counters afresh (about half a microsecond).
 */
int latt_kwait_read(int fd, struct latt_schedstat *ss)
{
	char buf[96];
	ssize_t n;

	do {
		n = pread(fd, buf, sizeof(buf), 0);
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	if (n == sizeof(buf))
		return -EOVERFLOW;
	return latt_kwait_parse(buf, (size_t)n, ss);
}

int latt_kwait_schedstat_from(const char *path, struct latt_schedstat *ss)
{
	int fd, ret;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = latt_kwait_read(fd, ss);
	close(fd);
	return ret;
}

int latt_kwait_schedstat(pid_t pid, struct latt_schedstat *ss)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d/schedstat", (int)pid);
	return latt_kwait_schedstat_from(path, ss);
}

int latt_kwait_open(void)
{
	return latt_kwait_open_from("/proc/thread-self/schedstat");
}

int latt_kwait_open_from(const char *path)
{
	struct latt_schedstat ss;
	int fd, ret;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = latt_kwait_read(fd, &ss);
	/* The task reading it is running: it was put on a CPU at least once. */
	if (!ret && !ss.slices)
		ret = -ENODATA;
	if (ret) {
		close(fd);
		return ret;
	}
	return fd;
}

int latt_kwait_switches(struct latt_kwait_switches *sw)
{
	struct rusage ru;

	if (getrusage(RUSAGE_THREAD, &ru))
		return -errno;
	sw->voluntary = ru.ru_nvcsw;
	sw->involuntary = ru.ru_nivcsw;
	return 0;
}

bool latt_kwait_blocked(const struct latt_kwait_switches *before,
			const struct latt_kwait_switches *after)
{
	return after->voluntary - before->voluntary == 1 &&
	       after->involuntary == before->involuntary;
}

uint64_t latt_kwait_add(struct latt_kwait *k,
			const struct latt_schedstat *before,
			const struct latt_schedstat *after, bool blocked,
			uint64_t latt_ns)
{
	uint64_t runs = after->slices - before->slices;
	uint64_t wait = after->wait_ns - before->wait_ns;

	/*
	 * Counters only grow: anything else is not one task's.  One run
	 * that did not end a block ended a preemption: the wait began
	 * before the wake, which found the client still runnable.
	 */
	if (runs > 1 || after->slices < before->slices ||
	    after->wait_ns < before->wait_ns || (runs == 1 && !blocked)) {
		k->mixed++;
		k->last_ns = LATT_KWAIT_NONE;
		return LATT_KWAIT_NONE;
	}
	k->last_ns = wait;
	latt_stats_add(&k->wait, wait);
	latt_hist_add(&k->wait_hist, wait);
	if (wait > latt_ns) {
		k->above++;
		return wait;
	}
	latt_stats_add(&k->gap, latt_ns - wait);
	latt_hist_add(&k->gap_hist, latt_ns - wait);
	return wait;
}

void latt_kwait_clear(struct latt_kwait *k)
{
	latt_hist_clear_range(&k->wait_hist, k->wait.min, k->wait.max);
	latt_hist_clear_range(&k->gap_hist, k->gap.min, k->gap.max);
	latt_stats_init(&k->wait);
	latt_stats_init(&k->gap);
	k->mixed = 0;
	k->above = 0;
	k->last_ns = LATT_KWAIT_NONE;
}

void latt_kwait_merge(struct latt_kwait *dst, const struct latt_kwait *src)
{
	if (!dst->error)
		dst->error = src->error;
	dst->mixed += src->mixed;
	dst->above += src->above;
	if (src->wait.count)
		latt_hist_merge_range(&dst->wait_hist, &src->wait_hist,
				      src->wait.min, src->wait.max);
	if (src->gap.count)
		latt_hist_merge_range(&dst->gap_hist, &src->gap_hist,
				      src->gap.min, src->gap.max);
	latt_stats_merge(&dst->wait, &src->wait);
	latt_stats_merge(&dst->gap, &src->gap);
}

const char *latt_kwait_strerror(int error)
{
	switch (error) {
	case 0:
		return "";
	case -ENOENT:
		return "no /proc/thread-self/schedstat: the kernel needs "
		       "CONFIG_SCHED_INFO (selected by CONFIG_SCHEDSTATS or "
		       "CONFIG_TASK_DELAY_ACCT)";
	case -ENODATA:
		return "schedstat reads 0 0 0: the kernel keeps no runqueue "
		       "wait (before Linux 5.14, a kernel without "
		       "CONFIG_SCHEDSTATS keeps it only with delay accounting: "
		       "not booted with nodelayacct)";
	default:
		return strerror(-error);
	}
}
