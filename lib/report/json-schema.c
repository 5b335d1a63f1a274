// SPDX-License-Identifier: GPL-2.0-only
/*
 * The JSON document's table of fields (lib/report/json-fields.h): finding
 * a field by its path, and checking a document against the table; see
 * lib/report/json-schema.h.
 */
#include <errno.h>
#include <json-c/json.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/json-schema.h"
#include "report/json-fields.h"

#define PATH_MAX_LEN	256

static int cmp_key(const void *key, const void *elem)
{
	const struct latt_json_field *f = elem;

	return strcmp(key, f->path);
}

static const struct latt_json_field *find(const char *path)
{
	return bsearch(path, latt_json_fields, latt_json_nfields,
		       sizeof(latt_json_fields[0]), cmp_key);
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

static void walk(struct check *c, struct json_object *v,
		 const struct latt_json_field *f, const char *path);

/* Value @v of field @f at @path: described, of its type; then what it
   holds. */
static void value(struct check *c, struct json_object *v,
		  const struct latt_json_field *f, const char *path)
{
	if (!f)
		fail(c, "%s is not described", path);
	else if (!v && !f->nullable)
		fail(c, "%s is null, and may not be", path);
	else if (v && !latt_json_is(v, f->type))
		fail(c, "%s is not %s", path, latt_json_type_name(f->type));
	else if (v)
		walk(c, v, f, path);
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

/* Object @v at @path has fewer fields than described: name one. */
static void name_missing(struct check *c, struct json_object *v,
			 const char *path)
{
	unsigned int i;

	for (i = 0; i < latt_json_nfields && !c->failed; i++) {
		const struct latt_json_field *f = &latt_json_fields[i];
		const char *own = f->path + strlen(path) + (*path ? 1 : 0);

		if (member_of(f, path) &&
		    !json_object_object_get_ex(v, own, NULL))
			fail(c, "%s is missing", f->path);
	}
}

/* @v, of field @f at @path (NULL and "": the document). */
static void walk(struct check *c, struct json_object *v,
		 const struct latt_json_field *f, const char *path)
{
	const struct latt_json_field *elem;
	char sub[PATH_MAX_LEN];
	size_t i, n;

	if (json_object_is_type(v, json_type_array)) {
		n = json_object_array_length(v);
		snprintf(sub, sizeof(sub), "%s[]", path);
		elem = find(sub);
		for (i = 0; i < n && !c->failed; i++)
			value(c, json_object_array_get_idx(v, i), elem, sub);
		return;
	}
	if (!json_object_is_type(v, json_type_object))
		return;
	json_object_object_foreach(v, key, val) {
		if (!generic(path, key, sub, sizeof(sub))) {
			fail(c, "%s.%s: a path too long", path, key);
			return;
		}
		value(c, val, find(sub), sub);
		if (c->failed)
			return;
	}
	/* Every field it has is one of its own, once: so are all there? */
	if ((unsigned int)json_object_object_length(v) !=
	    (f ? f->members : latt_json_root_members))
		name_missing(c, v, path);
}

int latt_json_check(const struct json_object *doc, char *err, size_t len)
{
	struct check c = { .err = err, .len = len };

	if (!json_object_is_type(doc, json_type_object))
		fail(&c, "the document is not an object");
	else
		walk(&c, (struct json_object *)doc, NULL, "");
	return c.failed ? -EPROTO : 0;
}
