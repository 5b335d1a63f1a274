/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The short report of one run, latt's default (lib/report/report.c
 * writes latt-0.1's block before it, and the long report instead with
 * --long): a line of the wakeup percentiles, the notes that apply to the
 * run, one line each, in 80 columns, and the blocks the options asked
 * for.
 */
#ifndef LATT_REPORT_REPORT_BRIEF_H
#define LATT_REPORT_REPORT_BRIEF_H

#include <stdio.h>

#include "run/result.h"

/* What a text report adds on request (its @extra). */
#define LATT_REPORT_CLIENTS	0x1	/* --per-client: the Clients block */
#define LATT_REPORT_HIST	0x2	/* --hist: the log2 histogram */
#define LATT_REPORT_LONG	0x4	/* --long: every block, the wide table */

/*
 * The short report of run @r after latt-0.1's block, with the blocks
 * @extra asks for.  0 or -errno of a failed write.
 */
int latt_report_brief(FILE *f, const struct latt_result *r,
		      unsigned int extra);

/*
 * The command's figures after its times, each after @sep: its own waits
 * (p50, p99), each --target-metric.  The short report and the sweep's
 * run line both print them.
 */
void latt_report_command_figures(FILE *f, const struct latt_result *r,
				 const char *sep);

#endif /* LATT_REPORT_REPORT_BRIEF_H */
