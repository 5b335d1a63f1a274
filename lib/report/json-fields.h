/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The JSON document of --json, described once: latt-json(5)'s list of
 * fields, made into a table at build time (lib/report/json-fields.awk,
 * which writes json-fields.c).  The writer checks every document it
 * writes against it (json.c), and latt compare reads every field by it
 * (compare-check.c: its type, whether it may be null), both through
 * report/json-schema.h, so that the page, the writer and the reader
 * cannot disagree: a field is added by adding it to the page and
 * writing it.
 */
#ifndef LATT_REPORT_JSON_FIELDS_H
#define LATT_REPORT_JSON_FIELDS_H

#include <stdbool.h>
#include <stddef.h>

enum latt_json_type {
	LATT_JF_INT,		/* an integer */
	LATT_JF_NUM,		/* a number (an integer is one) */
	LATT_JF_STR,
	LATT_JF_BOOL,
	LATT_JF_OBJ,
	LATT_JF_ARR,
};

struct latt_json_field {
	const char *path;	/* from the root, "[]" for every element:
				   "configurations[].runs[].wakeup.max_ns" */
	enum latt_json_type type;
	bool nullable;		/* null where it is not known or applies */
	const char *unit;	/* "ns", "us", "bytes", "1/s", "GHz",
				   "ratio", or "" */
	unsigned int members;	/* an object: how many fields it has */
	const char *text;	/* what it holds, where it comes from: the
				   page's words */
};

/* In the order of the paths' bytes (strcmp()). */
extern const struct latt_json_field latt_json_fields[];
extern const unsigned int latt_json_nfields;
/* How many fields the document itself has. */
extern const unsigned int latt_json_root_members;

#endif /* LATT_REPORT_JSON_FIELDS_H */
