/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What only the library uses of lib/sysinfo*; what the module is, and the
 * part the programs call, is in include/latt/config.h.
 */
#ifndef LATT_LIB_SYSINFO_H
#define LATT_LIB_SYSINFO_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "latt/config.h"

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

#endif /* LATT_LIB_SYSINFO_H */
