/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * --explain's scheduler decisions: a BPF program on sched_wakeup that
 * records, for each wakeup of a client onto a busy CPU, what the
 * scheduler weighed (EEVDF's lag, deadline and slice of the client and
 * of the running task, or CFS's vruntimes) and whether it told the
 * running task to give the CPU up.  Loaded once per latt, before it gives
 * up its privileges (it needs CAP_BPF and CAP_PERFMON, or CAP_SYS_ADMIN,
 * and the kernel's BTF); each run's records are read after the run and
 * joined with its worst wakeups (lib/decision.h).
 */
#ifndef LATT_DECISION_H
#define LATT_DECISION_H

#include <stddef.h>

struct latt_decisions;

/*
 * Load and attach the program.  0, or -errno with one line in @err
 * (built without it, no BTF, no rights).
 */
int latt_decisions_open(struct latt_decisions **d, char *err, size_t len);

/* Detach and free; NULL is nothing. */
void latt_decisions_close(struct latt_decisions *d);

#endif /* LATT_DECISION_H */
