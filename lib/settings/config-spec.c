// SPDX-License-Identifier: GPL-2.0-only
/*
 * A configuration as -C gives it, NAME:KEY=VALUE,...: the name, each
 * pair set by the table of settings (lib/settings/config.c), and the whole
 * configuration checked; see settings/config-spec.h.
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "settings/config-spec.h"
#include "base/parse.h"
#include "base/util.h"
#include "settings/config.h"
#include "settings/sched.h"

static bool name_valid(const char *name)
{
	const char *p;

	if (!*name || strlen(name) > LATT_NAME_MAX)
		return false;
	for (p = name; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr("_.+-", *p))
			return false;
	return true;
}

/*
 * End the value that starts at @val at the first comma followed by another
 * KEY= (a comma before text without '=' belongs to the value: "0,1" of a
 * CPU list).  Returns the next pair, or NULL after the last.
 */
static char *next_pair(char *val)
{
	char *comma, *end;

	for (comma = strchr(val, ','); comma; comma = strchr(comma + 1, ',')) {
		end = strchrnul(comma + 1, ',');
		if (memchr(comma + 1, '=', (size_t)(end - comma - 1))) {
			*comma = '\0';
			return comma + 1;
		}
	}
	return NULL;
}

/*
 * The items of a value kept together by commas: none empty, and none the
 * name of a setting (a "KEY" whose "=VALUE" was forgotten).
 */
static int check_items(const char *val, char *err, size_t len)
{
	const char *p = val;
	char item[64];
	size_t n;

	for (;;) {
		n = strcspn(p, ",");
		if (!n && strchr(val, ','))
			return latt_err(-EINVAL, err, len, "an empty item "
					"between commas in '%s'", val);
		if (n < sizeof(item)) {
			memcpy(item, p, n);
			item[n] = '\0';
			if (p != val && latt_config_is_setting(item))
				return latt_err(-EINVAL, err, len, "%s needs "
						"a value (%s=VALUE)", item,
						item);
		}
		if (!p[n])
			return 0;
		p += n + 1;
	}
}

int latt_config_parse(struct latt_run_cfg *c, char *spec, char *err,
		      size_t len)
{
	char *colon = strchr(spec, ':'), *key, *val, *next, *eq;
	uint64_t seen = 0;
	char why[256];
	bool many;
	int ret, k;

	if (colon)
		*colon = '\0';
	if (!name_valid(spec))
		return latt_err(-EINVAL, err, len, "a configuration needs a "
				"name of 1 to %d letters, digits or _.+- "
				"before the ':'", LATT_NAME_MAX);
	snprintf(c->name, sizeof(c->name), "%s", spec);
	if (!colon || !colon[1])
		return 0;

	for (key = colon + 1; key; key = next) {
		eq = strchr(key, '=');
		if (!eq || eq == key || (strchr(key, ',') &&
					 strchr(key, ',') < eq))
			return latt_err(-EINVAL, err, len, "expected "
					"KEY=VALUE, not '%s'", key);
		*eq = '\0';
		val = eq + 1;
		next = next_pair(val);
		k = latt_config_key(key, &many);
		if (k < 0)
			return latt_err(-EINVAL, err, len, "unknown key '%s' "
					"(keys are the settings' long options "
					"without the dashes)", key);
		/* Metrics are many; every other key is one value. */
		if (!many && (seen & (1ULL << k)))
			return latt_err(-EINVAL, err, len, "%s is given twice",
					key);
		seen |= 1ULL << k;
		ret = check_items(val, err, len);
		if (ret)
			return ret;
		if (latt_config_set(c, key, val, why, sizeof(why)))
			return latt_err(-EINVAL, err, len, "invalid %s '%s': "
					"%s", key, val, why);
	}
	return 0;
}

int latt_config_check(const struct latt_run_cfg *c, char *err, size_t len)
{
	int ret;

	if (c->min_wait_ns > c->max_wait_ns) {
		char a[32], b[32];

		return latt_err(-EINVAL, err, len, "--min-wait (%s) is above "
				"--max-wait (%s)",
				latt_format_duration(c->min_wait_ns, a,
						     sizeof(a)),
				latt_format_duration(c->max_wait_ns, b,
						     sizeof(b)));
	}
	if (c->duration_ns && c->warmup_ns >= c->duration_ns)
		return latt_err(-EINVAL, err, len, "--warmup must end before "
				"--duration");
	ret = latt_sched_check(&c->client, "", true, err, len);
	if (!ret)
		ret = latt_sched_check(&c->waker, "waker-", false, err, len);
	if (!ret)
		ret = latt_sched_check(&c->target, "target-", false, err,
				       len);
	if (ret)
		return ret;
	if (c->target_cgroup && c->target_weight)
		return latt_err(-EINVAL, err, len, "target-cgroup and "
				"target-weight do not go together: "
				"target-weight makes a cgroup of its own");
	if (c->ntm && !c->cmd_argc)
		return latt_err(-EINVAL, err, len, "--target-metric reads the "
				"command's output: give a command to run");
	if ((c->target_cgroup || c->target_weight ||
	     !latt_sched_empty(&c->target)) && !c->cmd_argc)
		return latt_err(-EINVAL, err, len, "target settings need a "
				"command to run");
	return 0;
}
