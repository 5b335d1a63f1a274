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

#include "latt/measured.h"
#include "cmdlat-rec.h"

struct latt_cmdlat;

/* The waits of one kind over a run, all CPUs together. */
struct latt_cmdlat_waits {
	struct latt_hist hist;	/* count and buckets */
	uint64_t sum_ns;
	uint64_t max_ns;
};

/* A run's figures: LATT_CMDLAT_WAKEUP and LATT_CMDLAT_PREEMPT. */
struct latt_cmdlat_run {
	struct latt_cmdlat_waits kind[LATT_CMDLAT_KINDS];
	uint64_t untracked;	/* tasks forked the program could not follow */
	uint64_t unended;	/* waits whose end the kernel did not trace */
};

/*
 * Load and attach the program.  0, or -errno with one line in @err
 * (built without it, no BTF, no rights).
 */
int latt_cmdlat_open(struct latt_cmdlat **c, char *err, size_t len);

/* Detach and free; NULL is nothing. */
void latt_cmdlat_close(struct latt_cmdlat *c);

/*
 * A run begins: follow @root (the command, before it runs anything) and
 * what it forks; the counts start from zero.  0 or -errno.
 */
int latt_cmdlat_start(struct latt_cmdlat *c, pid_t root);

/*
 * The run's figures so far, into @r (all of it written).  Following goes
 * on until latt_cmdlat_stop().  0 or -errno.
 */
int latt_cmdlat_read(struct latt_cmdlat *c, struct latt_cmdlat_run *r);

/* Follow nothing more (the run is over).  0 or -errno. */
int latt_cmdlat_stop(struct latt_cmdlat *c);

#endif /* LATT_LIB_CMDLAT_H */
