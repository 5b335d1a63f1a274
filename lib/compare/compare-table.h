/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * latt compare's table and distributions (compare-table.c): the files
 * read, in groups, a row per configuration of a group.
 */
#ifndef LATT_COMPARE_COMPARE_TABLE_H
#define LATT_COMPARE_COMPARE_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "compare/compare.h"
#include "judge/aggregate.h"
#include "judge/profile.h"

/*
 * The files compared are in groups, @sizes[0..ngroups) consecutive files
 * of @files[0..n) each (adding up to @n), or (@sizes NULL) a file each:
 * a group is one side (one kernel, one setting), each of its files one
 * invocation of latt (one boot).  A row is one configuration of one
 * group, its runs from every file of the group that has it, named by
 * the group's label: its files' label when they share one, else the
 * first's followed by "+N", the number of the others.
 */

/* How latt_cmp_print() shows what it finds. */
enum latt_cmp_form {
	LATT_CMP_TABLE,		/* the compact table */
	LATT_CMP_WIDE,		/* -l: every fact, metric and verdict */
	LATT_CMP_CSV,		/* --csv: a CSV row per row and metric */
};

/*
 * The table of the groups of @files (lib/report/report-table.h; @form
 * LATT_CMP_WIDE: --long): the header of facts, a column per file, with the differences
 * marked and listed, whether they compare, and a line for each group
 * whose files differ in a fact or a setting; the values and the verdicts
 * against the first row at @level (judge/verdict.h; each group one
 * invocation, or a side of several: struct latt_vrun's inv, each file
 * its own; between groups, by the noise profile @p, NULL: the floors);
 * under the rows, with groups of more than one file, a line
 * saying so and one for each row that only some of its group's files
 * have (its row is of those); what it found in @o.  With @within
 * (--same-within; 0 none), a verdict within +-@within is "same".  With
 * LATT_CMP_CSV, in place of the header and the table, a header row and
 * a row per row of the table and metric it shows: the row's group and
 * configuration, the metric, its value and unit (as the table prints
 * them), its verdict's token (latt_verdict_token(); empty for the first
 * row) with its change, interval and level, --same-within's bound and
 * interval,
 * and what would tell (judge/plan.h), relative numbers as the JSON's;
 * fields quoted as RFC 4180 says.  @out NULL: judged alone, into @o.
 * 0 or -errno of a failed write.
 */
int latt_cmp_print(FILE *out, const struct latt_metric_list *ml,
		   const struct latt_cmp_file *files, size_t n,
		   const size_t *sizes, size_t ngroups, double level,
		   double within, enum latt_cmp_form form,
		   const struct latt_profile *p, struct latt_cmp_outcome *o);

/*
 * The wakeup latency's distribution of every row of the groups of
 * @files (as latt_cmp_print's), for plotting (contrib/latt-plot): a
 * block per row, the histograms of the runs that count, of every file
 * of its group, added up (complete runs, else those that measured),
 * then one of the command's own waits where it has them; each with a
 * "# LABEL\tCONFIG\tKERNEL\tCOMMAND\tWHAT" line (LABEL the group's;
 * KERNEL that of its first file that has the configuration; WHAT:
 * "clients" or "command"; a configuration without client wakeups, -c
 * 0, has no clients' block once it has the command's), a "# usec cdf
 * tail" line and then "usec cdf tail" lines (the upper end of each
 * bucket, the fraction of samples at or below it, the fraction above);
 * blocks are parted by two empty lines, as gnuplot's "index" wants.
 */
int latt_cmp_cdf(FILE *out, const struct latt_metric_list *ml,
		 const struct latt_cmp_file *files, size_t n,
		 const size_t *sizes, size_t ngroups);

#endif /* LATT_COMPARE_COMPARE_TABLE_H */
