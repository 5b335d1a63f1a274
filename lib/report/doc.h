/* SPDX-License-Identifier: GPL-2.0-only */
/* The document of one invocation, which every writer takes. */
#ifndef LATT_REPORT_DOC_H
#define LATT_REPORT_DOC_H

#include <stddef.h>

#include "judge/aggregate.h"
#include "judge/verdict.h"
#include "measure/sysinfo.h"
#include "run/result.h"
#include "settings/config.h"

/*
 * The document of one invocation of latt: what produced it (its command
 * line, --label, the system), every configuration, every run's result
 * and each configuration's values (run/result.h).  The facts of the
 * invocation live here once; the writers (the report, the table, -q,
 * the JSON and the CSV) take the document, not copies in each result.
 */

/* A file a result was judged against, by its name and contents. */
struct latt_doc_file {
	const char *path;		/* as given */
	const char *sha256;		/* its bytes', in hex */
};

struct latt_doc {
	int argc;			/* latt's own command line */
	char *const *argv;
	const char *cmdline;		/* ... quoted as a shell would; ""
					   when not known */
	const char *label;		/* --label, or NULL */
	const struct latt_sysinfo *sys;
	unsigned int hz;		/* 0: not known */
	const struct latt_run_cfg *cfgs;	/* every configuration, in
						   order, run or not */
	size_t ncfgs;
	const struct latt_result *results;	/* in the order they ran */
	size_t n;
	const struct latt_metric_list *metrics;	/* of the values */
	const struct latt_agg_cfg *agg;		/* each configuration's
						   values, as cfgs */
	/* each configuration's verdicts against the first, as cfgs */
	const struct latt_verdict (*verdicts)[LATT_METRICS_MAX];
	double level;			/* ... at this level for a row's
					   metrics together (--level) */
	const char *ended;		/* how the runs ended: "all",
					   "decided", ... (latt-json(5));
					   NULL: not known yet */
	/* --against: the files, and the profile (path NULL: none) */
	const struct latt_doc_file *against;
	size_t nagainst;
	struct latt_doc_file profile;
};

#endif /* LATT_REPORT_DOC_H */
