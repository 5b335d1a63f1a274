/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Facts about the system read from /proc and /sys.
 */
#ifndef LATT_SYSINFO_H
#define LATT_SYSINFO_H

#include <stdint.h>

/*
 * The number of context switches since boot, all CPUs ("ctxt" in
 * /proc/stat).  0 or -errno (-ENOENT: no such line).
 */
int latt_sysinfo_ctxt(uint64_t *ctxt);

/* Like latt_sysinfo_ctxt(), from a file in the /proc/stat format. */
int latt_sysinfo_ctxt_from(const char *path, uint64_t *ctxt);

#endif /* LATT_SYSINFO_H */
