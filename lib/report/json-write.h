/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * How the JSON document's writers (json.c, the document; json-explain.c,
 * a run's -b and --explain parts) write one value with json-c: a number
 * with the decimals latt-json(5) gives it or null for NaN, a string made
 * valid UTF-8 whatever it held.  json-write.c does the work; the short
 * static inline names below are for the writers' hundreds of calls.
 */
#ifndef LATT_REPORT_JSON_WRITE_H
#define LATT_REPORT_JSON_WRITE_H

#include <json-c/json.h>
#include <stdint.h>

typedef struct json_object jobj;

/* A number written with @fmt, or null (NULL) for NaN and infinities. */
jobj *latt_json_number(double v, const char *fmt);

/*
 * A string, valid UTF-8 whatever it held (json-c does not check): a byte
 * that is not part of valid UTF-8 (a command line's, a label's) as the
 * text "\xHH" (base/escape.h); json-c escapes the controls.  NULL for
 * @s NULL, or out of memory.
 */
jobj *latt_json_string(const char *s);

/* A time or a rate: one decimal. */
static inline jobj *jnum(double v)
{
	return latt_json_number(v, "%.1f");
}

/* A ratio, a percentile's name: as it is. */
static inline jobj *jnum_exact(double v)
{
	return latt_json_number(v, "%.6g");
}

static inline jobj *juint(uint64_t v)
{
	return json_object_new_uint64(v);
}

static inline jobj *jstr(const char *s)
{
	return latt_json_string(s);
}

/* Member @key of object @o: @v (NULL writes null). */
static inline void add(jobj *o, const char *key, jobj *v)
{
	json_object_object_add(o, key, v);
}

#endif /* LATT_REPORT_JSON_WRITE_H */
