/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The JSON document's parts of -b and --explain (json-explain.c): a
 * run's break trace and its worst wakeups as the trace told them
 * (man/latt-json.5), for the document's writer (json.c).
 */
#ifndef LATT_REPORT_JSON_EXPLAIN_H
#define LATT_REPORT_JSON_EXPLAIN_H

#include "report/json-write.h"
#include "run/result.h"

/* -b: whether it was reached, by which wakeup, and where the trace is. */
jobj *latt_json_breaktrace(const struct latt_result *r);

/* --explain: the worst wakeups as the trace told them. */
jobj *latt_json_explained(const struct latt_result *r);

#endif /* LATT_REPORT_JSON_EXPLAIN_H */
