/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The JSON document's table of fields (report/json-fields.h) put to use
 * (json-schema.c): a field found by its path, a value's type told, and a
 * whole document checked against the table.
 */
#ifndef LATT_REPORT_JSON_SCHEMA_H
#define LATT_REPORT_JSON_SCHEMA_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>

#include "report/json-fields.h"

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

#endif /* LATT_REPORT_JSON_SCHEMA_H */
