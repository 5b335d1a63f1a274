/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * latt --against FILE.json... [--profile FILE]: the run judged against
 * the other kernel's saved results (lib/compare/against.h) as it goes,
 * a line after each run on a terminal, and at the end latt compare's
 * table of the baseline and the run.  The program's, not the library's.
 */
#ifndef LATT_AGAINST_RUN_H
#define LATT_AGAINST_RUN_H

#include <stdbool.h>
#include <stdio.h>

#include "compare/against.h"
#include "report/doc.h"
#include "run/result.h"
#include "options-check.h"

struct against_run {
	bool on;			/* --against given */
	bool lines;			/* a line after each run */
	struct latt_against a;
	struct latt_doc_file files[LATT_AGAINST_MAX];
	struct latt_doc_file profile;	/* path NULL: none */
};

/*
 * Before anything runs: read and check the baseline and the profile of
 * @o (nothing to do without --against).  0, or the exit status of a
 * baseline that cannot be read or compared (said in one line).
 */
int latt_against_begin(struct against_run *ar, const struct latt_opts *o);

/* What the JSON records of it, in @doc. */
void latt_against_doc(const struct against_run *ar, struct latt_doc *doc);

/*
 * After run @r, with @doc the document of the runs so far: the line of
 * the run, its configuration so far and their verdicts against the
 * baseline, on the standard error (when ar->lines).  With -r auto the
 * verdicts only at a look (@look), at its level; else when the next is.
 */
void latt_against_line(const struct against_run *ar,
		       const struct latt_opts *o, const struct latt_doc *doc,
		       const struct latt_result *r, bool look);

/*
 * -r auto, at a look after @runs runs a side: is every metric of
 * --decide-on (p50 and p99) decided (better, worse, or the same within
 * --same-within) in every row of @v[1..n), against the first?  Or
 * (latt_against_decided()) in each of the run's configurations of @doc
 * against the baseline, at its level?  When not, *@futile says whether
 * every metric left open is so for good: the look at the budget would
 * tell it less than 1 time in 20 (judge/sequential.h).
 */
bool latt_decided(const struct latt_opts *o, const struct latt_metric_list *ml,
		  const struct latt_verdict (*v)[LATT_METRICS_MAX], size_t n,
		  unsigned int runs, bool *futile);
bool latt_against_decided(const struct against_run *ar,
			  const struct latt_opts *o,
			  const struct latt_doc *doc, unsigned int runs,
			  bool *futile);

/*
 * A ^C with --against or -r auto, after run @r: said; the exit status of
 * a SIGINT.
 */
int latt_interrupted(const struct latt_result *r);

/*
 * -r auto's end on @f, after @runs runs: "decided", or how the runs
 * ended (@ended, as the JSON's: "interrupted", "max_time", ...; NULL:
 * not known) and each metric of --decide-on left open in the rows
 * @v[first..n) (named @names[i]) and what would tell it (judge/plan.h),
 * and without --same-within that it would let identical sides be
 * decided.
 */
void latt_auto_end(FILE *f, const struct latt_opts *o,
		   const struct latt_metric_list *ml, const char *const *names,
		   const struct latt_verdict (*v)[LATT_METRICS_MAX],
		   size_t first, size_t n, unsigned int runs, const char *ended);

/*
 * At the end, @doc the document written (named @name): latt compare's
 * table of the baseline and the run on @out (NULL: none), and with -r
 * auto after @runs runs a side, its end (latt_auto_end()); with -q, a
 * line of each configuration's verdicts against the files instead
 * ("against=a.json config=default p50_verdict=..."); in *@worse
 * whether the run is worse in a metric --fail-if worse asks of, in
 * *@differ whether it is not the same in one --fail-if not-same asks
 * of.  0 or -errno, said.
 */
int latt_against_summary(const struct against_run *ar,
			 const struct latt_opts *o, const struct latt_doc *doc,
			 const char *name, FILE *out, unsigned int runs,
			 bool *worse, bool *differ);

void latt_against_end(struct against_run *ar);

#endif /* LATT_AGAINST_RUN_H */
