/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The command's own latency: a BPF program (lib/cmdlat.bpf.c) follows
 * the command's process tree and counts, per CPU, how long its tasks
 * waited from a wakeup to their run, and from a preemption to their next
 * run; latt names the command when a run starts and reads the counts
 * when it ends.  Loaded once per latt, before it gives up its privileges
 * (CAP_BPF and CAP_PERFMON, or CAP_SYS_ADMIN, and the kernel's BTF).
 */
#ifndef LATT_LIB_CMDLAT_H
#define LATT_LIB_CMDLAT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "latt/config.h"
#include "latt/run.h"
#include "cmdlat-rec.h"

struct latt_cmdlat;

/*
 * A run begins: follow @root (the command, before it runs anything) and
 * what it forks; the counts start from zero.  0 or -errno.
 */
int latt_cmdlat_start(struct latt_cmdlat *c, pid_t root);

/*
 * The run's figures so far, all CPUs together, into @r (all of it
 * written but @r->error and @r->measured).  Following goes on until
 * latt_cmdlat_stop().  0 or -errno.
 */
int latt_cmdlat_read(struct latt_cmdlat *c, struct latt_cmdwaits *r);

/*
 * The @p-th percentile of @w's waits by latt's one rule
 * (latt_percentile_of(): too few for @p, their exact largest); 0
 * without any.
 */
uint64_t latt_cmdwait_percentile(const struct latt_cmdwait *w, double p);

/* Follow nothing more (the run is over).  0 or -errno. */
int latt_cmdlat_stop(struct latt_cmdlat *c);

#endif /* LATT_LIB_CMDLAT_H */
