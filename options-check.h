/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Between options.c, which reads latt's command line, and
 * options-check.c, which checks it once read.
 */
#ifndef LATT_OPTIONS_CHECK_H
#define LATT_OPTIONS_CHECK_H

#include "options.h"

/* One line, the arguments in it escaped (they may hold anything); exit 1. */
void __attribute__((noreturn, format(printf, 1, 2)))
usage_error(const char *fmt, ...);

/* Options that do not go together, once all are read. */
void latt_opts_check_conflicts(struct latt_opts *o);

/*
 * Once the configurations are made: the metrics of every output and the
 * limits and --fail-if that name them; what -c 0, a missing command or
 * --no-cmd-waits leaves them without.
 */
void latt_opts_make_metrics(struct latt_opts *o);

#endif /* LATT_OPTIONS_CHECK_H */
