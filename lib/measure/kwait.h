/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel's figure for each wakeup: how long the scheduler counted the
 * client waiting on a runqueue from its wakeup to its first run, beside
 * latt's own sample of the same wakeup.
 *
 * The figure comes from the client's own /proc/thread-self/schedstat:
 * field 2 (run_delay, ns spent runnable waiting on a runqueue) and field
 * 3 (pcount, the times the task was put on a CPU).  The kernel keeps them
 * through sched_info (CONFIG_SCHED_INFO, which CONFIG_SCHEDSTATS and
 * CONFIG_TASK_DELAY_ACCT select), whatever the sysctl
 * kernel.sched_schedstats says; without it the file is missing, and
 * kernels whose sched_info is switched off at boot print "0 0 0".
 *
 * The client reads the file just before it blocks for its wakeup and just
 * after its stamp on waking: neither read is inside the interval latt
 * measures (the waker's stamp before its write to the client's stamp).
 * The difference of the two reads is every runqueue wait between them:
 *  - the wakeup's own: from the moment the wake put the client on a
 *    runqueue (inside the waker's write) to the moment it ran;
 *  - and any other: a preemption between the first read and blocking, or
 *    between the stamp and the second read (a few hundred nanoseconds
 *    each way).
 * A wait ends when the task is put on a CPU, so the count of field 3
 * tells them apart: one run between the reads, and the wait is the
 * wakeup's alone (that sample has the kernel's figure); more, and it is
 * mixed with another, so the wakeup is left out (and counted); none, and
 * the client found its wakeup before it blocked: it waited 0.
 * One run can also end a preemption instead of the block: the client,
 * preempted between its first read and blocking, waited for a CPU from
 * that moment, and the wakeup came meanwhile and found it still runnable
 * (seen in an emulated guest): that wait began before the
 * waker's stamp.  The thread's voluntary and involuntary switch counts
 * (getrusage(RUSAGE_THREAD)), read just inside the two schedstat reads,
 * tell it: a wakeup's run follows exactly one voluntary switch (the
 * block) and no involuntary one; any other such wakeup is left out too.
 * The first read may be the last wakeup's second one (run/client.c):
 * where the switch counts just before blocking are still those of that
 * read, the thread has not been put on a CPU since, and fields 2 and 3
 * change only then.
 *
 * The kernel times the wait with its scheduler clock, per CPU.  Where it
 * is the clock latt reads (the TSC as clocksource) the figure is at most
 * latt's sample (one exception seen: one wakeup in a run of a 7.3 guest
 * emulated by qemu); where the TSC is not trusted (a guest on hpet) each
 * CPU's scheduler clock is only kept within a tick of the system's, and
 * a wait timed across an idle CPU's clock (queued on an idle CPU, pulled
 * to another) can come out milliseconds above latt's: such wakeups are
 * counted (above), not dropped.
 *
 * latt's sample less the kernel's figure is what the kernel does not
 * count as waiting: the waker's write up to the enqueue, the switch to
 * the client, its return to user space and the two stamps.
 */
#ifndef LATT_MEASURE_KWAIT_H
#define LATT_MEASURE_KWAIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <sys/types.h>

#include "measure/hist.h"
#include "measure/stats.h"

/* A task's scheduler accounting, from /proc/PID/schedstat. */
struct latt_schedstat {
	uint64_t run_ns;	/* time on a CPU */
	uint64_t wait_ns;	/* time runnable, waiting on a runqueue */
	uint64_t slices;	/* times it was put on a CPU */
};

/* One client's kernel figures: in its slot, or merged over a run. */
struct latt_kwait {
	int error;			/* 0, or -errno: why there are none */
	uint64_t last_ns;		/* the latest wakeup's figure, or
					   LATT_KWAIT_NONE (for -v) */
	uint64_t mixed;			/* wakeups left out: another wait
					   between the reads, or one run
					   that ended a preemption */
	uint64_t above;			/* wakeups whose figure exceeds
					   latt's sample (not in @gap) */
	struct latt_stats wait;		/* the kernel's figure, ns */
	struct latt_stats gap;		/* latt's sample less it, ns */
	struct latt_hist wait_hist;
	struct latt_hist gap_hist;
};

/* A sample without the kernel's figure (last_ns). */
#define LATT_KWAIT_NONE		UINT64_MAX

/*
 * Read task @pid's schedstat.  0, or -errno (-ENOENT where the kernel
 * has no CONFIG_SCHED_INFO).
 */
int latt_kwait_schedstat(pid_t pid, struct latt_schedstat *ss);

/* Like latt_kwait_schedstat(), from a file in that format. */
int latt_kwait_schedstat_from(const char *path, struct latt_schedstat *ss);

/*
 * Open the calling thread's own schedstat (close-on-exec) and check that
 * the kernel keeps it.  Returns the descriptor, or -errno: -ENOENT
 * without CONFIG_SCHED_INFO, -ENODATA when the kernel prints "0 0 0"
 * (sched_info switched off).
 */
int latt_kwait_open(void);

/* Like latt_kwait_open(), from the file @path, of the same format. */
int latt_kwait_open_from(const char *path);

/* Read the schedstat of descriptor @fd, from latt_kwait_open().  0 or -errno. */
int latt_kwait_read(int fd, struct latt_schedstat *ss);

/*
 * Parse the @len bytes of @buf, "RUN WAIT SLICES\n".  0, or -EINVAL for
 * anything else.
 */
int latt_kwait_parse(const char *buf, size_t len, struct latt_schedstat *ss);

/* The calling thread's context switches so far (getrusage). */
struct latt_kwait_switches {
	long voluntary;			/* blocked */
	long involuntary;		/* preempted */
};

/* Read the calling thread's switch counts into @sw.  0 or -errno. */
int latt_kwait_switches(struct latt_kwait_switches *sw);

/*
 * Between @before and @after, did the thread switch out exactly once, by
 * blocking (one voluntary switch, no involuntary one)?
 */
bool latt_kwait_blocked(const struct latt_kwait_switches *before,
			const struct latt_kwait_switches *after);

/*
 * Add the wakeup whose reads were @before and @after and whose sample
 * latt measured as @latt_ns; @blocked: the client's switches between the
 * reads were its block alone (latt_kwait_blocked()).  Returns its figure,
 * or LATT_KWAIT_NONE when it was left out.
 */
uint64_t latt_kwait_add(struct latt_kwait *k,
			const struct latt_schedstat *before,
			const struct latt_schedstat *after, bool blocked,
			uint64_t latt_ns);

/* Empty @k, keeping its error (the warm-up's samples are dropped). */
void latt_kwait_clear(struct latt_kwait *k);

/* Add @src's figures to @dst's; the first error of either stays. */
void latt_kwait_merge(struct latt_kwait *dst, const struct latt_kwait *src);

/*
 * Why @error (of latt_kwait_open() or latt_kwait_read()) leaves no
 * figure, for reports: what to change where the kernel lacks it.
 */
const char *latt_kwait_strerror(int error);

#endif /* LATT_MEASURE_KWAIT_H */
