/* SPDX-License-Identifier: GPL-2.0-only */
/* Facts about the system, read from /proc and /sys. */
#ifndef LATT_MEASURE_SYSINFO_H
#define LATT_MEASURE_SYSINFO_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/*
 * Facts about the system read from /proc and /sys: the context switch
 * count (for the rate during a run), and the facts that decide whether
 * two results can be compared (kernel, CPUs, NUMA nodes, clocksource,
 * preemption mode, autogroup), which the reports print beside the numbers.
 */

struct latt_sysinfo {
	char kernel[65];	/* uname -r */
	char hostname[65];
	char cpu_model[96];	/* "unknown" where /proc/cpuinfo has none */
	unsigned int cpus;	/* online */
	unsigned int numa_nodes;	/* online; 1 without NUMA */
	char clocksource[32];	/* "unknown" where not readable */
	char preempt[48];	/* "full", "dynamic (full)", "none", ... */
	int autogroup;		/* 0, 1, or -1 where the kernel has none */
	int64_t pm_qos_us;	/* the CPU latency limit; -1 unknown */
	/* jiffies and the clock at latt's start, for latt_sysinfo_hz() */
	uint64_t jiffies, jiffies_ns;
};

/*
 * The kernel's tick rate (CONFIG_HZ), from the jiffies counted since
 * latt_sysinfo_read() (/proc/timer_list, readable by root): the nearest
 * of 100, 250, 300 and 1000 within 5%, else the rate rounded; 0 when it
 * cannot be known (no access, too short a time to tell).
 */
unsigned int latt_sysinfo_hz(const struct latt_sysinfo *si, const char *root);

/* True when the running kernel is a PREEMPT_RT one (uname's version). */
bool latt_sysinfo_preempt_rt(void);

/*
 * Read the facts from the files under @root ("" for the real system; a
 * test passes a directory laid out like /proc and /sys).  Facts that
 * cannot be read are "unknown" (or -1); this never fails.
 */
void latt_sysinfo_read(struct latt_sysinfo *si, const char *root);

/*
 * The number of context switches since boot, all CPUs ("ctxt" in
 * /proc/stat).  0 or -errno (-ENOENT: no such line).
 */
int latt_sysinfo_ctxt(uint64_t *ctxt);

/*
 * The sched_ext scheduler running under @root ("" for this system): its
 * name (/sys/kernel/sched_ext/root/ops, e.g. "simple" for scx_simple)
 * into @ops and 0 while sched_ext is enabled; -ENOENT when it is not (or
 * the kernel has no sched_ext), with @ops "".  A scheduler between
 * loading and unloading is named with its state ("simple (enabling)").
 */
int latt_sysinfo_sched_ext(const char *root, char *ops, size_t len);

/* Like latt_sysinfo_ctxt(), from a file in the /proc/stat format. */
int latt_sysinfo_ctxt_from(const char *path, uint64_t *ctxt);

/*
 * Steal time: the time a hypervisor ran something else while a CPU of
 * this machine had work, per CPU since boot ("cpuN" lines of /proc/stat,
 * their eighth figure, in clock ticks: sysconf(_SC_CLK_TCK), 100 a
 * second, so 10 ms steps), in ns into @ns[0..max) by CPU number.
 * Returns the CPUs' count (the highest number plus one), or -errno
 * (-ENOENT: no steal figure, a kernel before 2.6.11).
 */
int latt_sysinfo_steal(uint64_t *ns, unsigned int max);
int latt_sysinfo_steal_from(const char *path, uint64_t *ns, unsigned int max);

/* One clock tick of /proc/stat in ns. */
uint64_t latt_sysinfo_tick_ns(void);

/*
 * Read the first line of file @root@path into @buf (without its newline).
 * 0 or -errno.  Shared by the readers of /proc and /sys files.
 */
int latt_sysinfo_line(const char *root, const char *path, char *buf,
		      size_t len);

#endif /* LATT_MEASURE_SYSINFO_H */
