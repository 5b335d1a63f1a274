/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Report writers.  Each formats a struct latt_result and computes nothing.
 */
#ifndef LATT_REPORT_H
#define LATT_REPORT_H

#include <stdio.h>

#include "latt/result.h"

/*
 * The text report: latt-0.1's report byte for byte (Parameters, Entries
 * logged, the Wakeup and Work averages blocks), then latt's additions in
 * blocks of the same shape: percentiles, the run, the target.  Only the
 * two latt-0.1 lines of the averages contain the word "Avg", so scripts
 * that grep for it keep working.  Returns 0 or -errno of a failed write.
 */
int latt_report_text(FILE *f, const struct latt_result *r);

/*
 * Describe wait status @status ("exited with status 1", "killed by signal
 * 9 (Killed)") into @buf of @len bytes.  Returns @buf.
 */
char *latt_describe_status(int status, char *buf, size_t len);

/* Name signal @sig ("SIGINT"; "signal 40" where it has none).  Returns @buf. */
char *latt_signal_name(int sig, char *buf, size_t len);

#endif /* LATT_REPORT_H */
