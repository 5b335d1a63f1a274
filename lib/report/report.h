/* SPDX-License-Identifier: GPL-2.0-only */
/* The text report: what latt prints of its runs. */
#ifndef LATT_REPORT_REPORT_H
#define LATT_REPORT_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "judge/aggregate.h"
#include "judge/verdict.h"
#include "measure/sysinfo.h"
#include "report/doc.h"
#include "report/report-brief.h"
#include "run/result.h"
#include "settings/config.h"

/*
 * The report: what latt prints of its runs.  latt_report_run() and
 * latt_report_write() assemble it as the invocation asked (a small
 * struct latt_report_opts, not the option parser's); the other writers
 * are its blocks.  Each formats results and values computed elsewhere
 * (run/result.h) and computes nothing.
 */

/*
 * Tell on @f (stderr) why @r is not a success, in one line starting
 * "latt: " and then @ctx ("" for a single run, "configuration 'fifo',
 * run 2: " in a sweep).  Prints nothing for a success.
 */
void latt_report_verdict(FILE *f, const char *ctx, const struct latt_result *r);

/* What the report is to hold. */
struct latt_report_opts {
	bool quiet;		/* -q: a line per configuration, no more */
	bool sweep;		/* several runs: a line each, then a table */
	unsigned int runs;	/* runs per configuration (-r) */
	bool runs_auto;		/* -r auto: -q says how they ended */
	unsigned int extra;	/* LATT_REPORT_CLIENTS, LATT_REPORT_HIST */
};

/*
 * In a sweep, what is printed as run @r ends: its line, and its blocks
 * of --per-client, --hist, -b and --explain.  Nothing for a single run,
 * with -q, or for a run not measured.  0 or -errno of a failed write.
 */
int latt_report_run(FILE *f, const struct latt_report_opts *o,
		    const struct latt_result *r);

/*
 * Is there a report to write: did a run of @d measure, with an output
 * still able to take it?
 */
bool latt_report_due(const struct latt_doc *d);

/*
 * The report of @d at the end: the -q lines, the table of a sweep, or
 * the report of its single run.  0 or -errno of a failed write.
 */
int latt_report_write(FILE *f, const struct latt_report_opts *o,
		      const struct latt_doc *d);

/*
 * The text report: latt-0.1's report byte for byte (Parameters, Entries
 * logged, the Wakeup and Work averages blocks), then latt's additions in
 * blocks of the same shape: percentiles, the run, the target, what
 * produced it, and on request (@extra) the clients and a histogram.  Only the
 * two latt-0.1 lines of the averages contain the word "Avg", so scripts
 * that grep for it keep working.  Returns 0 or -errno of a failed write.
 */
int latt_report_text(FILE *f, const struct latt_doc *d,
		     const struct latt_result *r, unsigned int extra);

/*
 * The Produced by block: version, label, command line, kernel, host,
 * CPUs, start and every parameter of @r; for a single run (@sweep false)
 * also its configuration and settings.
 */
void latt_report_produced(FILE *f, const struct latt_doc *d,
			  const struct latt_result *r, bool sweep);

/*
 * In a sweep, the line printed as run @r ends ("run 2/3 fifo: entries
 * 240, max 912.0, avg 41.2, p99 310.5 usec; command 1.21 s, cpu 2.40 s;
 * complete (command exited)"); @runs is the runs per configuration.
 */
void latt_report_run_line(FILE *f, const struct latt_result *r,
			  unsigned int runs);

#endif /* LATT_REPORT_REPORT_H */
