/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The JSON document's writer, in two files (json.c: the document;
 * json-explain.c: a run's -b and --explain parts): how a value is
 * written, and the parts json.c takes from json-explain.c.
 */
#ifndef LATT_LIB_JSON_WRITE_H
#define LATT_LIB_JSON_WRITE_H

#include <json-c/json.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "run/result.h"

typedef struct json_object jobj;

/* A number written with @fmt, or null for NaN. */
static inline jobj *jnum_fmt(double v, const char *fmt)
{
	char buf[64];

	if (isnan(v) || isinf(v))
		return NULL;
	snprintf(buf, sizeof(buf), fmt, v);
	return json_object_new_double_s(v, buf);
}

/* A time or a rate: one decimal. */
static inline jobj *jnum(double v)
{
	return jnum_fmt(v, "%.1f");
}

/* A ratio, a percentile's name: as it is. */
static inline jobj *jnum_exact(double v)
{
	return jnum_fmt(v, "%.6g");
}

static inline jobj *juint(uint64_t v)
{
	return json_object_new_uint64(v);
}

/*
 * A string, valid UTF-8 whatever it held (json-c does not check): a byte
 * that is not part of valid UTF-8 (a command line's, a label's) as the
 * text "\xHH" (base/escape.h); json-c escapes the controls.
 */
static inline jobj *jstr(const char *s)
{
	jobj *o;
	char *u;

	if (!s)
		return NULL;
	u = latt_escape_utf8(s, strlen(s));
	if (!u)
		return NULL;
	o = json_object_new_string(u);
	free(u);
	return o;
}

static inline void add(jobj *o, const char *key, jobj *v)
{
	json_object_object_add(o, key, v);
}

/* -b: whether it was reached, by which wakeup, and where the trace is. */
jobj *latt_json_breaktrace(const struct latt_result *r);

/* --explain: the worst wakeups as the trace told them. */
jobj *latt_json_explained(const struct latt_result *r);

#endif /* LATT_LIB_JSON_WRITE_H */
