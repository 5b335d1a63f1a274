// SPDX-License-Identifier: GPL-2.0-only
/*
 * The JSON document's table of fields (lib/json-fields.h): finding a
 * field by its path, and checking a document against the table.
 */
#include <errno.h>
#include <json-c/json.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json-fields.h"

#define PATH_MAX_LEN	256

/* The table by path, for bsearch(); made on first use. */
static const struct latt_json_field **by_path;

static int cmp_path(const void *a, const void *b)
{
	const struct latt_json_field *const *x = a, *const *y = b;

	return strcmp((*x)->path, (*y)->path);
}

static int cmp_key(const void *key, const void *elem)
{
	const struct latt_json_field *const *f = elem;

	return strcmp(key, (*f)->path);
}

static const struct latt_json_field *find(const char *path)
{
	const struct latt_json_field **f;
	unsigned int i;

	if (!by_path) {
		by_path = malloc(latt_json_nfields * sizeof(*by_path));
		if (!by_path)
			return NULL;
		for (i = 0; i < latt_json_nfields; i++)
			by_path[i] = &latt_json_fields[i];
		qsort(by_path, latt_json_nfields, sizeof(*by_path), cmp_path);
	}
	f = bsearch(path, by_path, latt_json_nfields, sizeof(*by_path),
		    cmp_key);
	return f ? *f : NULL;
}

/* @at's path with every index as "[]", then ".@key" (@key alone at the
   root); false when it does not fit. */
static bool generic(const char *at, const char *key, char *buf, size_t len)
{
	size_t n = 0;
	bool skip = false;

	for (; *at && n + 1 < len; at++) {
		if (skip && *at != ']')
			continue;
		skip = *at == '[';
		buf[n++] = *at;
	}
	buf[n] = '\0';
	return (size_t)snprintf(buf + n, len - n, "%s%s", n ? "." : "",
				key) < len - n;
}

const struct latt_json_field *latt_json_field(const char *at,
					      const char *key)
{
	char path[PATH_MAX_LEN];

	return generic(at, key, path, sizeof(path)) ? find(path) : NULL;
}

const char *latt_json_type_name(enum latt_json_type t)
{
	switch (t) {
	case LATT_JF_INT:
		return "an integer";
	case LATT_JF_NUM:
		return "a number";
	case LATT_JF_STR:
		return "a string";
	case LATT_JF_BOOL:
		return "a boolean";
	case LATT_JF_OBJ:
		return "an object";
	case LATT_JF_ARR:
		return "an array";
	}
	return "?";
}

enum latt_json_type latt_json_type_of(enum json_type t)
{
	switch (t) {
	case json_type_int:
		return LATT_JF_INT;
	case json_type_double:
		return LATT_JF_NUM;
	case json_type_string:
		return LATT_JF_STR;
	case json_type_object:
		return LATT_JF_OBJ;
	case json_type_array:
		return LATT_JF_ARR;
	default:
		return LATT_JF_BOOL;
	}
}

bool latt_json_is(const struct json_object *v, enum latt_json_type t)
{
	switch (t) {
	case LATT_JF_INT:
		return json_object_is_type(v, json_type_int);
	case LATT_JF_NUM:
		return json_object_is_type(v, json_type_double) ||
		       json_object_is_type(v, json_type_int);
	case LATT_JF_STR:
		return json_object_is_type(v, json_type_string);
	case LATT_JF_BOOL:
		return json_object_is_type(v, json_type_boolean);
	case LATT_JF_OBJ:
		return json_object_is_type(v, json_type_object);
	case LATT_JF_ARR:
		return json_object_is_type(v, json_type_array);
	}
	return false;
}

struct check {
	char *err;
	size_t len;
	bool failed;
};

static void __attribute__((format(printf, 2, 3)))
fail(struct check *c, const char *fmt, ...)
{
	va_list ap;

	if (c->failed)
		return;
	c->failed = true;
	va_start(ap, fmt);
	vsnprintf(c->err, c->len, fmt, ap);
	va_end(ap);
}

static void walk(struct check *c, struct json_object *v, const char *path);

/* Value @v of field @path: described, of its type; then what it holds. */
static void value(struct check *c, struct json_object *v, const char *path)
{
	const struct latt_json_field *f = find(path);

	if (!f)
		fail(c, "%s is not described", path);
	else if (!v && !f->nullable)
		fail(c, "%s is null, and may not be", path);
	else if (v && !latt_json_is(v, f->type))
		fail(c, "%s is not %s", path, latt_json_type_name(f->type));
	else if (v)
		walk(c, v, path);
}

/* Is field @f one of the object at @path's own (not an element's)? */
static bool member_of(const struct latt_json_field *f, const char *path)
{
	size_t n = strlen(path);
	const char *rest;

	if (n && (strncmp(f->path, path, n) || f->path[n] != '.'))
		return false;
	rest = f->path + n + (n ? 1 : 0);
	return !strpbrk(rest, ".[");
}

static void walk(struct check *c, struct json_object *v, const char *path)
{
	char sub[PATH_MAX_LEN];
	size_t i, n;

	if (json_object_is_type(v, json_type_array)) {
		n = json_object_array_length(v);
		snprintf(sub, sizeof(sub), "%s[]", path);
		for (i = 0; i < n && !c->failed; i++)
			value(c, json_object_array_get_idx(v, i), sub);
		return;
	}
	if (!json_object_is_type(v, json_type_object))
		return;
	json_object_object_foreach(v, key, val) {
		if (!generic(path, key, sub, sizeof(sub))) {
			fail(c, "%s.%s: a path too long", path, key);
			return;
		}
		value(c, val, sub);
		if (c->failed)
			return;
	}
	for (i = 0; i < latt_json_nfields && !c->failed; i++) {
		const struct latt_json_field *f = &latt_json_fields[i];
		const char *own = f->path + strlen(path) + (*path ? 1 : 0);

		if (member_of(f, path) &&
		    !json_object_object_get_ex(v, own, NULL))
			fail(c, "%s is missing", f->path);
	}
}

int latt_json_check(const struct json_object *doc, char *err, size_t len)
{
	struct check c = { .err = err, .len = len };

	if (!json_object_is_type(doc, json_type_object))
		fail(&c, "the document is not an object");
	else
		walk(&c, (struct json_object *)doc, "");
	return c.failed ? -EPROTO : 0;
}
