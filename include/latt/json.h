/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The JSON document of one latt invocation (--json), written with json-c:
 * what produced it (tool, command line, label, system facts) and, per
 * configuration, its settings and every run's result: summaries,
 * percentiles, the histogram as sparse buckets, the clients, the kernel's
 * view, the command and how the run ended.  man/latt-json.5 documents
 * every field; LATT_JSON_SCHEMA changes when one changes meaning or goes.
 */
#ifndef LATT_JSON_H
#define LATT_JSON_H

#include <stddef.h>
#include <stdio.h>

#include "latt/result.h"
#include "lib/aggregate.h"
#include "latt/sysinfo.h"

#define LATT_JSON_SCHEMA	1

struct latt_json_doc {
	int argc;			/* latt's own command line */
	char *const *argv;
	const char *label;		/* --label, or NULL */
	const struct latt_sysinfo *sys;
	unsigned int hz;		/* 0: not known */
	const struct latt_run_cfg *cfgs;	/* every configuration, in
						   order, run or not */
	size_t ncfgs;
	const struct latt_result *results;	/* in the order they ran */
	size_t n;
	const struct latt_metric_list *metrics;	/* of the summaries */
	const struct latt_agg_cfg *agg;		/* each configuration's
						   values, as cfgs */
};

/* Write @d to @f as one JSON document.  0 or -errno (-ENOMEM). */
int latt_json_write(FILE *f, const struct latt_json_doc *d);

/* The name of how a run stopped, as the document has it ("duration"). */
const char *latt_json_stop_name(enum latt_stop stop);

#endif /* LATT_JSON_H */
