/* SPDX-License-Identifier: GPL-2.0-only */
/* The JSON document (latt-json(5)). */
#ifndef LATT_REPORT_JSON_H
#define LATT_REPORT_JSON_H

#include <stddef.h>
#include <stdio.h>

#include "report/doc.h"

/*
 * The JSON document of one latt invocation (--json), written with json-c:
 * what produced it (tool, command line, label, system facts) and, per
 * configuration, its settings and every run's result: summaries,
 * percentiles, the histogram as sparse buckets, the clients, the kernel's
 * view, the command and how the run ended.  man/latt-json.5 documents
 * every field; LATT_JSON_SCHEMA changes when one changes meaning or goes.
 */

/* Write @d to @f as one JSON document.  0 or -errno (-ENOMEM). */
int latt_json_write(FILE *f, const struct latt_doc *d);

#define LATT_JSON_SCHEMA	1

#endif /* LATT_REPORT_JSON_H */
