/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The command's own waits: a BPF program follows the command's process
 * tree in the kernel and counts how long its tasks waited for a CPU,
 * from a wakeup and from a preemption (lib/cmdlat.h).  Loaded once per
 * latt, before it gives up its privileges (it needs CAP_BPF and
 * CAP_PERFMON, or CAP_SYS_ADMIN, and the kernel's BTF); each run's command
 * is named when it starts and its waits read when the run ends.
 */
#ifndef LATT_CMDLAT_H
#define LATT_CMDLAT_H

#include <stddef.h>

struct latt_cmdlat;

/*
 * Load and attach the program.  0, or -errno with one line in @err
 * (built without it, no BTF, no rights).
 */
int latt_cmdlat_open(struct latt_cmdlat **c, char *err, size_t len);

/* Detach and free; NULL is nothing. */
void latt_cmdlat_close(struct latt_cmdlat *c);

#endif /* LATT_CMDLAT_H */
