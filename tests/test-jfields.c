// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the JSON document's table of fields (lib/report/json-fields.h,
 * made from man/latt-json.5): its shape, finding a field by a path with
 * indices, and the check the writer makes of every document: the saved
 * documents pass it, and it names an undescribed field, a null where
 * none may be, a wrong type and a missing field.
 */
#include <errno.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/json-fields.h"
#include "report/json-schema.h"
#include "tap.h"

/* Is @f a field of the object at @path ("" the document's)? */
static bool parent_is(const struct latt_json_field *f, const char *path)
{
	size_t n = strlen(path);
	const char *rest = f->path + n + (n ? 1 : 0);

	if (n && (strncmp(f->path, path, n) || f->path[n] != '.'))
		return false;
	return !strpbrk(rest, ".[");
}

/* Every field's parent is a described object or array (or the root). */
static void test_shape(void)
{
	const struct latt_json_field *f, *p;
	char parent[256], *cut;
	bool good = true, found = true, unique = true, sorted = true;
	bool counted = true;
	unsigned int i, j, root;

	for (i = 0; i < latt_json_nfields; i++) {
		f = &latt_json_fields[i];
		snprintf(parent, sizeof(parent), "%s", f->path);
		cut = strrchr(parent, '.');
		if (strlen(parent) > 2 &&
		    !strcmp(parent + strlen(parent) - 2, "[]"))
			parent[strlen(parent) - 2] = '\0';
		else if (cut)
			*cut = '\0';
		else
			continue;
		for (j = 0, p = NULL; j < latt_json_nfields && !p; j++)
			if (!strcmp(latt_json_fields[j].path, parent))
				p = &latt_json_fields[j];
		if (!p || (p->type != LATT_JF_OBJ && p->type != LATT_JF_ARR)) {
			good = false;
			diag("%s: parent %s is not an object or array", f->path,
			     parent);
		}
		for (j = 0; j < i; j++)
			if (!strcmp(latt_json_fields[j].path, f->path))
				unique = false;
	}
	ok(latt_json_nfields > 300, "the table has the page's fields (%u)",
	   latt_json_nfields);
	ok(good, "every field's parent is a described object or array");
	ok(unique, "every field described once");
	for (i = 1; i < latt_json_nfields; i++)
		sorted &= strcmp(latt_json_fields[i - 1].path,
				 latt_json_fields[i].path) < 0;
	for (i = 0; i < latt_json_nfields; i++) {
		unsigned int n = 0;

		for (j = 0; j < latt_json_nfields; j++)
			n += parent_is(&latt_json_fields[j],
				       latt_json_fields[i].path);
		counted &= latt_json_fields[i].members == n;
	}
	for (j = 0, root = 0; j < latt_json_nfields; j++)
		root += parent_is(&latt_json_fields[j], "");
	ok(sorted && counted && root == latt_json_root_members,
	   "sorted by path, each object's count of fields its own (the "
	   "document: %u)", root);
	for (i = 0; i < latt_json_nfields; i++)
		found &= latt_json_field("", latt_json_fields[i].path) ==
			 &latt_json_fields[i] ||
			 strchr(latt_json_fields[i].path, '.');
	f = latt_json_field("configurations[12].runs[0].wakeup", "max_ns");
	ok(found && f && f->type == LATT_JF_INT && f->nullable &&
	   !strcmp(f->unit, "ns"), "a field found by a path with indices, "
	   "with its type, null and unit");
	ok(!latt_json_field("configurations[0]", "no_such_field") &&
	   !latt_json_field("", "configurations[0]"),
	   "... and an undescribed one is not");
}

static json_object *load(const char *name)
{
	const char *srcdir = getenv("srcdir");
	char path[4096];

	snprintf(path, sizeof(path), "%s/tests/expected/golden/%s",
		 srcdir ? srcdir : ".", name);
	return json_object_from_file(path);
}

/* @doc's first run, for mutations. */
static json_object *first_run(json_object *doc)
{
	json_object *cfgs, *runs;

	if (!json_object_object_get_ex(doc, "configurations", &cfgs) ||
	    !json_object_object_get_ex(json_object_array_get_idx(cfgs, 0),
				       "runs", &runs))
		return NULL;
	return json_object_array_get_idx(runs, 0);
}

static void test_check(void)
{
	static const char *const saved[] = { "single.json", "sweep.json" };
	json_object *doc, *run, *w;
	char err[320];
	unsigned int i;

	for (i = 0; i < 2; i++) {
		doc = load(saved[i]);
		err[0] = '\0';
		ok(doc && latt_json_check(doc, err, sizeof(err)) == 0,
		   "the saved document %s is as described%s%s", saved[i],
		   *err ? ": " : "", err);
		json_object_put(doc);
	}

	doc = load("single.json");
	run = first_run(doc);
	json_object_object_add(run, "surprise", json_object_new_int(1));
	ok(latt_json_check(doc, err, sizeof(err)) == -EPROTO &&
	   !strcmp(err, "configurations[].runs[].surprise is not described"),
	   "an undescribed field is named: %s", err);
	json_object_put(doc);

	doc = load("single.json");
	run = first_run(doc);
	json_object_object_get_ex(run, "wakeup", &w);
	json_object_object_add(w, "count", NULL);
	ok(latt_json_check(doc, err, sizeof(err)) == -EPROTO &&
	   strstr(err, "wakeup.count is null, and may not be"),
	   "a null where none may be is named: %s", err);
	json_object_object_add(w, "count", json_object_new_string("7"));
	ok(latt_json_check(doc, err, sizeof(err)) == -EPROTO &&
	   strstr(err, "wakeup.count is not an integer"),
	   "a wrong type is named: %s", err);
	json_object_object_add(w, "count", json_object_new_int(7));
	json_object_object_del(w, "max_ns");
	ok(latt_json_check(doc, err, sizeof(err)) == -EPROTO &&
	   !strcmp(err, "configurations[].runs[].wakeup.max_ns is missing"),
	   "a missing field is named: %s", err);
	json_object_put(doc);
}

int main(void)
{
	plan(6 + 2 + 4);
	test_shape();
	test_check();
	return tap_done();
}
