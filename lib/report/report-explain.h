/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the kernel did, in the text report: --explain's account of the
 * slowest wakeups, and the trace -b or --keep-trace kept.
 */
#ifndef LATT_REPORT_REPORT_EXPLAIN_H
#define LATT_REPORT_REPORT_EXPLAIN_H

#include <stdio.h>

#include "run/result.h"

/*
 * -b, --keep-trace: the Breaktrace and Trace lines of the Run block (in a
 * sweep, after the run's line).
 */
void latt_report_trace(FILE *f, const struct latt_result *r);

/*
 * --explain: the Worst wakeups explained block (in a sweep, after the
 * run's line).
 */
void latt_report_explained(FILE *f, const struct latt_result *r);

#endif /* LATT_REPORT_REPORT_EXPLAIN_H */
