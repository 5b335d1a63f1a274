/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What only the library uses of lib/report*; what the module is, and the
 * part the programs call, is in include/latt/report.h.
 */
#ifndef LATT_LIB_REPORT_H
#define LATT_LIB_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "latt/report.h"
#include "aggregate.h"
#include "result.h"
#include "sysinfo.h"
#include "verdict.h"

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
 * -b, --keep-trace: the Breaktrace and Trace lines of the Run block (in a
 * sweep, after the run's line).
 */
void latt_report_trace(FILE *f, const struct latt_result *r);

/*
 * --explain: the Worst wakeups explained block (in a sweep, after the
 * run's line).
 */
void latt_report_explained(FILE *f, const struct latt_result *r);

/*
 * The Clients block: a line per client (samples, max, p99, the CPUs it
 * was woken on, migrations).  In a sweep, after the run's line.
 */
void latt_report_clients(FILE *f, const struct latt_result *r);

/*
 * The wakeup latency as a log2 histogram of microseconds, as runqlat
 * prints it: range, count, a bar scaled to the largest count.
 */
void latt_report_hist(FILE *f, const struct latt_result *r);

/*
 * In a sweep, the line printed as run @r ends ("run 2/3 fifo: entries
 * 240, max 912.0, avg 41.2, p99 310.5 usec; command 1.21 s, cpu 2.40 s;
 * complete (command exited)"); @runs is the runs per configuration.
 */
void latt_report_run_line(FILE *f, const struct latt_result *r,
			  unsigned int runs);

/*
 * The table of configurations: a header with the facts that decide
 * whether the numbers compare (kernel, CPUs, NUMA nodes, clocksource,
 * preemption, autogroup), one row per configuration of @rows[0..n) (its
 * settings from @cfgs[i]) with every metric of @ml, the p99 spread, the
 * ratio of each metric to the first configuration marked with its
 * verdict @v[i] (at @level) as latt compare marks it, the verdicts in words, and
 * each configuration's settings.  No line contains "Avg".  Returns 0 or
 * -errno of a failed write.
 */
int latt_report_table(FILE *f, const struct latt_sysinfo *sys,
		      const struct latt_metric_list *ml,
		      const struct latt_run_cfg *cfgs,
		      const struct latt_agg_cfg *rows,
		      const struct latt_verdict (*v)[LATT_METRICS_MAX],
		      size_t n, double level, bool wide);

#endif /* LATT_LIB_REPORT_H */
