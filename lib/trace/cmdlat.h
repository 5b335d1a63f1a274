/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The command's own latency: a BPF program (lib/trace/cmdlat.bpf.c) follows
 * the command's process tree and counts, per CPU, how long its tasks
 * waited from a wakeup to their run, and from a preemption to their next
 * run; latt names the command when a run starts and reads the counts
 * when it ends.  Loaded once per latt, before it gives up its privileges
 * (CAP_BPF and CAP_PERFMON, or CAP_SYS_ADMIN, and the kernel's BTF).
 */
#ifndef LATT_TRACE_CMDLAT_H
#define LATT_TRACE_CMDLAT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "measure/hist.h"

/*
 * The command's own waits of one kind over a run (lib/trace/cmdlat.h): each
 * wait of a task of the command's process tree until it ran, in ns.
 */
struct latt_cmdwait {
	struct latt_hist hist;		/* count and buckets */
	uint64_t sum_ns;
	uint64_t max_ns;
};

/* The command's own waits in a run. */
struct latt_cmdwaits {
	int error;			/* 0, or -errno: why there are none */
	bool measured;			/* the command was followed */
	struct latt_cmdwait wakeup;	/* from a wakeup (or its start) */
	struct latt_cmdwait preempt;	/* from a preemption (or a yield) */
	uint64_t untracked;		/* tasks forked it could not follow */
	uint64_t unended;		/* waits whose end the kernel did
					   not trace */
	char why[192];			/* with error: why, one line */
};

/*
 * The command's own waits: a BPF program follows the command's process
 * tree in the kernel and counts how long its tasks waited for a CPU,
 * from a wakeup and from a preemption (lib/trace/cmdlat.h).  Loaded once per
 * latt, before it gives up its privileges (it needs CAP_BPF and
 * CAP_PERFMON, or CAP_SYS_ADMIN, and the kernel's BTF); each run's command
 * is named when it starts and its waits read when the run ends.
 */

struct latt_cmdlat;

/*
 * Load and attach the program.  0, or -errno with one line in @err
 * (built without it, no BTF, no rights).
 */
int latt_cmdlat_open(struct latt_cmdlat **c, char *err, size_t len);

/* Detach and free; NULL is nothing. */
void latt_cmdlat_close(struct latt_cmdlat *c);

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

#endif /* LATT_TRACE_CMDLAT_H */
