/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The JSON document of --json, described once: latt-json(5)'s list of
 * fields, made into a table at build time (lib/report/json-fields.awk).  The
 * writer checks every document it writes against it (json.c), and latt
 * compare reads every field by it (compare-check.c: its type, whether it
 * may be null), so that the page, the writer and the reader cannot
 * disagree: a field is added by adding it to the page and writing it.
 */
#ifndef LATT_LIB_JSON_FIELDS_H
#define LATT_LIB_JSON_FIELDS_H

#include <json-c/json.h>
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

/*
 * The field @key of the object at @at ("configurations[2].runs[0]", ""
 * for the root; an index is any element), or NULL when the page does
 * not describe it.
 */
const struct latt_json_field *latt_json_field(const char *at,
					      const char *key);

/* "an integer", "a number", ...: for messages. */
const char *latt_json_type_name(enum latt_json_type t);

/* The type of a value json-c calls @t (the rest: a boolean). */
enum latt_json_type latt_json_type_of(enum json_type t);

/* Is @v (not NULL) a value of type @t? */
bool latt_json_is(const struct json_object *v, enum latt_json_type t);

/*
 * Check document @doc against the table: every field it has described,
 * of its type (or null where that may be), and every described field
 * present in each object of its kind.  0, or -EPROTO with the first
 * difference in @err.
 */
int latt_json_check(const struct json_object *doc, char *err, size_t len);

#endif /* LATT_LIB_JSON_FIELDS_H */
