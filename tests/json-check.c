// SPDX-License-Identifier: GPL-2.0-only
/*
 * A test helper: check latt's JSON document against its documented
 * schema, field by field, and check that its histograms reproduce its
 * percentiles.
 *
 *   json-check DOC SCHEMA
 *   json-check --get DOC PATH
 *   json-check --put-config DOC FROM NAME
 *
 * SCHEMA has a line per documented field, "PATH TYPE": PATH names the
 * field from the document's root, with "[]" for every element of an
 * array ("configurations[].runs[].wakeup.count"), TYPE is one or more of
 * string, integer, number, boolean, object, array and null joined by "|".
 * Every field must be present wherever its parent is, with one of its
 * types; every documented path must be met at least once; every field of
 * the document must be documented.  Prints TAP-ish diagnostics on stderr
 * and exits 0 only when all holds.  --get prints the value at PATH
 * ("configurations[1].runs[0].wakeup.count"; a string without quotes).
 * --put-config prints DOC, one value a line as latt writes it, with its
 * second configuration FROM's first, named NAME (a configuration judged
 * against a copy of itself, or of another document's).
 */
#include <json-c/json.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FIELDS 512

struct field {
	char path[256];
	char types[64];
	unsigned long met;
};

static struct field fields[MAX_FIELDS];
static size_t nfields;
static int errors;

static bool type_ok(struct json_object *v, const char *types)
{
	char copy[64], *t, *save = NULL;

	snprintf(copy, sizeof(copy), "%s", types);
	for (t = strtok_r(copy, "|", &save); t; t = strtok_r(NULL, "|", &save)) {
		if (!strcmp(t, "null") && !v)
			return true;
		if (!v)
			continue;
		if ((!strcmp(t, "string") && json_object_is_type(v, json_type_string)) ||
		    (!strcmp(t, "integer") && json_object_is_type(v, json_type_int)) ||
		    (!strcmp(t, "number") && (json_object_is_type(v, json_type_int) ||
					      json_object_is_type(v, json_type_double))) ||
		    (!strcmp(t, "boolean") && json_object_is_type(v, json_type_boolean)) ||
		    (!strcmp(t, "object") && json_object_is_type(v, json_type_object)) ||
		    (!strcmp(t, "array") && json_object_is_type(v, json_type_array)))
			return true;
	}
	return false;
}

/* Check every node at @path (rest of it: @rest) under @v, where @at is. */
static void walk(struct json_object *v, const char *rest, struct field *f,
		 const char *at)
{
	char key[128], where[512];
	const char *dot;
	size_t len, i;

	if (!*rest) {
		f->met++;
		if (!type_ok(v, f->types)) {
			fprintf(stderr, "# %s: %s, not %s\n", at,
				v ? json_type_to_name(json_object_get_type(v)) :
				"null", f->types);
			errors++;
		}
		return;
	}
	if (!strncmp(rest, "[]", 2)) {
		if (!v || !json_object_is_type(v, json_type_array))
			return;
		for (i = 0; i < json_object_array_length(v); i++) {
			snprintf(where, sizeof(where), "%s[%zu]", at, i);
			walk(json_object_array_get_idx(v, i), rest + 2 +
			     (rest[2] == '.'), f, where);
		}
		return;
	}
	dot = rest + strcspn(rest, ".[");
	len = (size_t)(dot - rest);
	snprintf(key, sizeof(key), "%.*s", (int)len, rest);
	/* A parent that is null (an optional object) has no fields. */
	if (!v || !json_object_is_type(v, json_type_object))
		return;
	snprintf(where, sizeof(where), "%s%s%s", at, *at ? "." : "", key);
	{
		struct json_object *child;

		if (!json_object_object_get_ex(v, key, &child)) {
			fprintf(stderr, "# %s: missing\n", where);
			errors++;
			return;
		}
		walk(child, *dot == '.' ? dot + 1 : dot, f, where);
	}
}

/* The documented path of a node at @at ("a[3].b" is "a[].b"). */
static void generic(const char *at, char *out, size_t len)
{
	size_t k = 0;

	while (*at && k + 3 < len) {
		if (*at == '[') {
			out[k++] = '[';
			out[k++] = ']';
			at = strchr(at, ']');
			if (!at)
				break;
			at++;
			continue;
		}
		out[k++] = *at++;
	}
	out[k] = '\0';
}

static bool documented(const char *path)
{
	size_t i;

	for (i = 0; i < nfields; i++)
		if (!strcmp(fields[i].path, path))
			return true;
	return false;
}

/* Every field of the document is documented. */
static void undocumented(struct json_object *v, const char *at)
{
	char where[512], gen[512];
	size_t i;

	if (!v)
		return;
	if (json_object_is_type(v, json_type_array)) {
		for (i = 0; i < json_object_array_length(v); i++) {
			snprintf(where, sizeof(where), "%s[%zu]", at, i);
			undocumented(json_object_array_get_idx(v, i), where);
		}
		return;
	}
	if (!json_object_is_type(v, json_type_object))
		return;
	json_object_object_foreach(v, key, child) {
		snprintf(where, sizeof(where), "%s%s%s", at, *at ? "." : "",
			 key);
		generic(where, gen, sizeof(gen));
		if (!documented(gen)) {
			fprintf(stderr, "# %s: not documented\n", gen);
			errors++;
		}
		undocumented(child, where);
	}
}

/* Is @f the element of an array field that may be null ("a|null")? */
static bool null_array_element(const struct field *f)
{
	size_t i, n = strlen(f->path);

	if (n < 3 || strcmp(f->path + n - 2, "[]"))
		return false;
	for (i = 0; i < nfields; i++)
		if (strlen(fields[i].path) == n - 2 &&
		    !strncmp(fields[i].path, f->path, n - 2))
			return fields[i].met && strstr(fields[i].types, "null");
	return false;
}

static uint64_t get_u(struct json_object *o, const char *key)
{
	struct json_object *v;

	return json_object_object_get_ex(o, key, &v) ?
	       (uint64_t)json_object_get_uint64(v) : 0;
}

/* A series' percentiles, as the histogram gives them (man latt-json). */
static void check_percentiles(struct json_object *s, const char *at)
{
	struct json_object *h, *p, *e, *pv, *nv;
	uint64_t count = get_u(s, "count"), min = get_u(s, "min_ns"),
		 max = get_u(s, "max_ns"), sum = 0;
	size_t i, j;

	if (!json_object_object_get_ex(s, "histogram", &h) ||
	    !json_object_object_get_ex(s, "percentiles", &p))
		return;
	for (i = 0; i < json_object_array_length(h); i++)
		sum += (uint64_t)json_object_get_uint64(
			json_object_array_get_idx(json_object_array_get_idx(h, i), 1));
	if (sum != count) {
		fprintf(stderr, "# %s: histogram holds %llu samples, count is "
			"%llu\n", at, (unsigned long long)sum,
			(unsigned long long)count);
		errors++;
	}
	if (!count)
		return;
	for (j = 0; j < json_object_array_length(p); j++) {
		double pct, r;
		uint64_t rank, seen = 0, lo = 0, width, v = 0;

		e = json_object_array_get_idx(p, j);
		json_object_object_get_ex(e, "p", &pv);
		json_object_object_get_ex(e, "ns", &nv);
		pct = json_object_get_double(pv);
		r = pct * (double)count / 100.0;
		rank = (uint64_t)ceil(r - r * 1e-12);
		if (rank < 1)
			rank = 1;
		for (i = 0; i < json_object_array_length(h); i++) {
			struct json_object *b = json_object_array_get_idx(h, i);

			lo = (uint64_t)json_object_get_uint64(
				json_object_array_get_idx(b, 0));
			seen += (uint64_t)json_object_get_uint64(
				json_object_array_get_idx(b, 1));
			if (seen >= rank)
				break;
		}
		/* The documented rule, not the library's code. */
		width = lo < 128 ? 1 : 1ULL << (63 - __builtin_clzll(lo) - 6);
		v = lo + width / 2;
		v = v < min ? min : v > max ? max : v;
		/* The rank of the last sample: the largest, exactly. */
		if (rank >= count)
			v = max;
		if (v != (uint64_t)json_object_get_uint64(nv)) {
			fprintf(stderr, "# %s: p%g is %llu, the histogram "
				"gives %llu\n", at, pct,
				(unsigned long long)json_object_get_uint64(nv),
				(unsigned long long)v);
			errors++;
		}
	}
}

/* --get: the value at @path, printed. */
static int get(const char *file, const char *path)
{
	struct json_object *doc = json_object_from_file(file), *v;
	char key[128];
	size_t len;
	int ret = 0;

	if (!doc) {
		fprintf(stderr, "%s: %s\n", file, json_util_get_last_err());
		return 1;
	}
	v = doc;
	while (*path && v) {
		if (*path == '[') {
			v = json_object_is_type(v, json_type_array) ?
			    json_object_array_get_idx(v, strtoul(path + 1,
								 NULL, 10)) :
			    NULL;
			path = strchr(path, ']');
			path = path ? path + 1 : "";
		} else {
			len = strcspn(path, ".[");
			snprintf(key, sizeof(key), "%.*s", (int)len, path);
			if (!json_object_is_type(v, json_type_object) ||
			    !json_object_object_get_ex(v, key, &v)) {
				ret = 1;
				v = NULL;
				break;
			}
			path += len;
		}
		if (*path == '.')
			path++;
	}
	if (!ret) {
		if (v && json_object_is_type(v, json_type_string))
			puts(json_object_get_string(v));
		else
			puts(json_object_to_json_string_ext(
				v, JSON_C_TO_STRING_PLAIN |
				JSON_C_TO_STRING_NOSLASHESCAPE));
	}
	json_object_put(doc);
	return ret;
}

/* --put-config: @file with configurations[1] @from's [0], named @name. */
static int put_config(const char *file, const char *from, const char *name)
{
	struct json_object *doc = json_object_from_file(file);
	struct json_object *src = json_object_from_file(from);
	struct json_object *cfgs, *scfgs, *c = NULL;
	int ret = 1;

	if (doc && src && json_object_object_get_ex(doc, "configurations",
						    &cfgs) &&
	    json_object_object_get_ex(src, "configurations", &scfgs) &&
	    json_object_array_length(cfgs) >= 2 &&
	    !json_object_deep_copy(json_object_array_get_idx(scfgs, 0), &c,
				   NULL)) {
		json_object_object_add(c, "name", json_object_new_string(name));
		json_object_array_put_idx(cfgs, 1, c);
		puts(json_object_to_json_string_ext(
			doc, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
			JSON_C_TO_STRING_NOSLASHESCAPE));
		ret = 0;
	} else {
		fprintf(stderr, "json-check --put-config: %s or %s: not a "
			"document of two configurations\n", file, from);
	}
	json_object_put(doc);
	json_object_put(src);
	return ret;
}

int main(int argc, char **argv)
{
	struct json_object *doc, *cfgs, *runs;
	char line[512], where[128];
	size_t i, j, k;
	FILE *f;

	if (argc == 4 && !strcmp(argv[1], "--get"))
		return get(argv[2], argv[3]);
	if (argc == 5 && !strcmp(argv[1], "--put-config"))
		return put_config(argv[2], argv[3], argv[4]);
	if (argc != 3) {
		fprintf(stderr, "usage: json-check DOC SCHEMA\n");
		return 2;
	}
	doc = json_object_from_file(argv[1]);
	if (!doc) {
		fprintf(stderr, "# %s: not JSON: %s\n", argv[1],
			json_util_get_last_err());
		return 1;
	}
	f = fopen(argv[2], "r");
	if (!f) {
		perror(argv[2]);
		return 2;
	}
	while (fgets(line, sizeof(line), f) && nfields < MAX_FIELDS) {
		if (sscanf(line, "%255s %63s", fields[nfields].path,
			   fields[nfields].types) == 2)
			nfields++;
	}
	fclose(f);
	if (!nfields) {
		fprintf(stderr, "# %s: no fields\n", argv[2]);
		return 2;
	}
	for (i = 0; i < nfields; i++) {
		walk(doc, fields[i].path, &fields[i], "");
		/*
		 * The elements of an array that may be null and always was
		 * (disturbed: nothing disturbed the runs) are not met.
		 */
		if (!fields[i].met && null_array_element(&fields[i]))
			continue;
		if (!fields[i].met) {
			fprintf(stderr, "# %s: documented, never met\n",
				fields[i].path);
			errors++;
		}
	}
	undocumented(doc, "");
	if (json_object_object_get_ex(doc, "configurations", &cfgs))
		for (i = 0; i < json_object_array_length(cfgs); i++) {
			if (!json_object_object_get_ex(
				json_object_array_get_idx(cfgs, i), "runs",
				&runs))
				continue;
			for (j = 0; j < json_object_array_length(runs); j++)
				for (k = 0; k < 2; k++) {
					struct json_object *s;
					const char *name = k ? "work" : "wakeup";

					if (!json_object_object_get_ex(
						json_object_array_get_idx(runs, j),
						name, &s))
						continue;
					snprintf(where, sizeof(where),
						 "configurations[%zu].runs[%zu].%s",
						 i, j, name);
					check_percentiles(s, where);
				}
		}
	json_object_put(doc);
	fprintf(stderr, "# %zu fields checked, %d errors\n", nfields, errors);
	return errors ? 1 : 0;
}
