// SPDX-License-Identifier: GPL-2.0-only
/*
 * One value of the JSON document; see lib/report/json-write.h.
 */
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/json-write.h"
#include "base/escape.h"

jobj *latt_json_number(double v, const char *fmt)
{
	char buf[64];

	if (isnan(v) || isinf(v))
		return NULL;
	snprintf(buf, sizeof(buf), fmt, v);
	return json_object_new_double_s(v, buf);
}

jobj *latt_json_string(const char *s)
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
