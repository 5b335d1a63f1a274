/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * latt's own process before and after its runs: its standard
 * descriptors, the open files its clients need, and its end when the
 * reader of its output has left.
 */
#ifndef LATT_PROCESS_H
#define LATT_PROCESS_H

#include <stdbool.h>
#include <stddef.h>

#include "settings/config.h"

/*
 * Descriptors 0-2 must be open, or pipes would be made on them.  Returns
 * whether the standard output was closed: the report has nowhere to go.
 */
bool latt_ensure_stdio(void);

/*
 * The open files the largest of @cfgs[0..n) needs, the limit raised
 * where it is lower; 0, or -errno said on standard error.
 */
int latt_ensure_fds(const struct latt_run_cfg *cfgs, size_t n);

/*
 * The reader of latt's output left (latt -v | head -1): end as other
 * programs do then, killed by SIGPIPE, now that everything is stopped.
 */
void __attribute__((noreturn)) latt_die_of_sigpipe(void);

#endif /* LATT_PROCESS_H */
