// SPDX-License-Identifier: GPL-2.0-only
/*
 * Run configurations and the table of settings; see include/latt/config.h.
 *
 * Each setting names the task it belongs to (clients, waker, target or
 * none) and the field it sets; one parser and one formatter per field
 * serve every task, so "--nice", "--waker-nice" and "--target-nice" read
 * and print their values the same way.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "latt/config.h"
#include "latt/parse.h"
#include "latt/util.h"

#define US	LATT_NSEC_PER_USEC
#define MS	LATT_NSEC_PER_MSEC
#define SEC	LATT_NSEC_PER_SEC

enum task { T_MEASURE, T_CLIENT, T_WAKER, T_TARGET, T_SYSTEM };

enum field {
	F_MECHANISM, F_THREADS,
	F_POLICY, F_PRIORITY, F_NICE, F_CPUS, F_NODE, F_SLICE,
	F_RUNTIME, F_DEADLINE, F_PERIOD,
	F_CGROUP, F_WEIGHT, F_METRIC,
	F_AUTOGROUP, F_DMA_LATENCY, F_FEATURES, F_PREEMPT, F_SCHEDULER,
};

struct setting {
	const char *name;
	enum task task;
	enum field field;
};

static const struct setting settings[] = {
	{ "mechanism",		T_MEASURE, F_MECHANISM },
	{ "threads",		T_MEASURE, F_THREADS },
	{ "policy",		T_CLIENT, F_POLICY },
	{ "priority",		T_CLIENT, F_PRIORITY },
	{ "nice",		T_CLIENT, F_NICE },
	{ "cpus",		T_CLIENT, F_CPUS },
	{ "node",		T_CLIENT, F_NODE },
	{ "slice",		T_CLIENT, F_SLICE },
	{ "runtime",		T_CLIENT, F_RUNTIME },
	{ "deadline",		T_CLIENT, F_DEADLINE },
	{ "period",		T_CLIENT, F_PERIOD },
	{ "waker-policy",	T_WAKER, F_POLICY },
	{ "waker-priority",	T_WAKER, F_PRIORITY },
	{ "waker-nice",		T_WAKER, F_NICE },
	{ "waker-cpus",		T_WAKER, F_CPUS },
	{ "target-policy",	T_TARGET, F_POLICY },
	{ "target-priority",	T_TARGET, F_PRIORITY },
	{ "target-nice",	T_TARGET, F_NICE },
	{ "target-cpus",	T_TARGET, F_CPUS },
	{ "target-node",	T_TARGET, F_NODE },
	{ "target-cgroup",	T_TARGET, F_CGROUP },
	{ "target-weight",	T_TARGET, F_WEIGHT },
	{ "target-metric",	T_TARGET, F_METRIC },
	{ "autogroup",		T_SYSTEM, F_AUTOGROUP },
	{ "dma-latency",	T_SYSTEM, F_DMA_LATENCY },
	{ "features",		T_SYSTEM, F_FEATURES },
	{ "preempt",		T_SYSTEM, F_PREEMPT },
	{ "scheduler",		T_SYSTEM, F_SCHEDULER },
};

#define NSETTINGS	(sizeof(settings) / sizeof(settings[0]))

_Static_assert(NSETTINGS <= 64, "a -C remembers its keys in 64 bits");

const char *latt_config_setting(size_t i)
{
	return i < NSETTINGS ? settings[i].name : NULL;
}

static const char *const preempt_modes[] = {
	"none", "voluntary", "full", "lazy", NULL
};

uint64_t latt_stall_limit_ns(const struct latt_run_cfg *c)
{
	uint64_t limit = c->max_wait_ns * 10;

	return limit > SEC ? limit : SEC;
}

const double latt_default_pcts[LATT_DEFAULT_NPCTS] = {
	50, 90, 99, 99.9, 99.99
};

void latt_config_init(struct latt_run_cfg *c)
{
	memset(c, 0, sizeof(*c));
	snprintf(c->name, sizeof(c->name), "default");
	c->clients = 1;
	c->min_wait_ns = 100 * MS;
	c->max_wait_ns = 500 * MS;
	c->work_bytes = 64 * 1024;
	c->grace_ns = 2 * SEC;
	c->clock = LATT_CLOCK_AUTO;
	c->npcts = LATT_DEFAULT_NPCTS;
	memcpy(c->pcts, latt_default_pcts, sizeof(latt_default_pcts));
	latt_sched_init(&c->client);
	latt_sched_init(&c->waker);
	latt_sched_init(&c->target);
	c->system.autogroup = -1;
	c->system.dma_latency_us = -1;
}

static const struct setting *find_setting(const char *name)
{
	size_t i;

	for (i = 0; i < NSETTINGS; i++)
		if (!strcmp(settings[i].name, name))
			return &settings[i];
	return NULL;
}

bool latt_config_is_setting(const char *name)
{
	return find_setting(name) != NULL;
}

static struct latt_sched *task_sched(struct latt_run_cfg *c, enum task t)
{
	switch (t) {
	case T_CLIENT:
		return &c->client;
	case T_WAKER:
		return &c->waker;
	case T_TARGET:
		return &c->target;
	case T_MEASURE:
	case T_SYSTEM:
		break;
	}
	return NULL;
}

static int parse_time(const char *val, uint64_t lo, uint64_t hi,
		      const char *range, uint64_t *ns, char *err, size_t len)
{
	uint64_t v;

	/* A plain number is in microseconds, the scale of these settings. */
	if (latt_parse_duration(val, US, &v) || v < lo || v > hi)
		return latt_err(-EINVAL, err, len, "expected a time from %s",
				range);
	*ns = v;
	return 0;
}

static int parse_range(const char *val, int64_t lo, int64_t hi,
		       int64_t *v, char *err, size_t len)
{
	if (latt_parse_int(val, v) || *v < lo || *v > hi)
		return latt_err(-EINVAL, err, len, "expected a whole number "
				"from %lld to %lld", (long long)lo,
				(long long)hi);
	return 0;
}

/* A list of scheduler feature names: "NAME" or "NO_NAME", by commas. */
static bool features_valid(const char *s)
{
	bool empty = true;

	for (; *s; s++) {
		if (*s == ',') {
			if (empty)
				return false;
			empty = true;
		} else if (isupper((unsigned char)*s) ||
			   isdigit((unsigned char)*s) || *s == '_') {
			empty = false;
		} else {
			return false;
		}
	}
	return !empty;
}

static bool in_list(const char *s, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(s, *list))
			return true;
	return false;
}

/*
 * A target metric: a new one, or one of the same name replaced (a
 * configuration's own expression for the command line's metric).
 */
static int set_metric(struct latt_run_cfg *c, const char *val, char *err,
		      size_t len)
{
	struct latt_tmetric tm;
	size_t i;
	int ret;

	ret = latt_tmetric_parse(val, &tm, err, len);
	if (ret)
		return ret;
	for (i = 0; i < c->ntm; i++)
		if (!strcmp(c->tm[i].name, tm.name))
			break;
	if (i == LATT_TMETRICS_MAX)
		return latt_err(-EINVAL, err, len, "at most %d target metrics",
				LATT_TMETRICS_MAX);
	c->tm[i] = tm;
	if (i == c->ntm)
		c->ntm++;
	return 0;
}

static int set_field(struct latt_run_cfg *c, const struct setting *st,
		     const char *val, char *err, size_t len)
{
	struct latt_sched *s = task_sched(c, st->task);
	char names[96];
	uint64_t ns;
	int64_t v;
	int ret;

	switch (st->field) {
	case F_MECHANISM:
		if (latt_wake_parse(val, &c->mechanism))
			return latt_err(-EINVAL, err, len, "expected %s",
					latt_wake_list(names, sizeof(names)));
		return 0;
	case F_THREADS:
		/* As the option --threads, which takes no value: 1 or 0. */
		if (strcmp(val, "0") && strcmp(val, "1"))
			return latt_err(-EINVAL, err, len, "expected 1 "
					"(threads) or 0 (processes)");
		c->threads = val[0] == '1';
		return 0;
	case F_POLICY:
		if (latt_sched_parse_policy(val, &s->policy))
			return latt_err(-EINVAL, err, len, "expected other, "
					"batch, idle, fifo, rr or deadline");
		return 0;
	case F_PRIORITY:
		ret = parse_range(val, LATT_PRIO_MIN, LATT_PRIO_MAX, &v, err,
				  len);
		if (!ret)
			s->priority = (unsigned int)v;
		return ret;
	case F_NICE:
		ret = parse_range(val, LATT_NICE_MIN, LATT_NICE_MAX, &v, err,
				  len);
		if (!ret) {
			s->has_nice = true;
			s->nice = (int)v;
		}
		return ret;
	case F_CPUS:
		ret = latt_parse_cpulist(val, &s->cpus, CPU_SETSIZE);
		if (ret == -ERANGE)
			return latt_err(-EINVAL, err, len, "expected CPU "
					"numbers below %d", CPU_SETSIZE);
		if (ret)
			return latt_err(-EINVAL, err, len, "expected a list "
					"of CPUs such as 0-3,6");
		s->has_cpus = true;
		return 0;
	case F_NODE:
		ret = parse_range(val, 0, 1023, &v, err, len);
		if (!ret)
			s->node = (int)v;
		return ret;
	case F_SLICE:
		return parse_time(val, LATT_SLICE_MIN_NS, LATT_SLICE_MAX_NS,
				  "100us to 100ms", &s->slice_ns, err, len);
	case F_RUNTIME:
		return parse_time(val, 2 * US, 4 * SEC, "2us to 4s",
				  &s->runtime_ns, err, len);
	case F_DEADLINE:
		return parse_time(val, 100 * US, 4 * SEC, "100us to 4s",
				  &s->deadline_ns, err, len);
	case F_PERIOD:
		return parse_time(val, 100 * US, 4 * SEC, "100us to 4s",
				  &s->period_ns, err, len);
	case F_CGROUP:
		if (val[0] != '/')
			return latt_err(-EINVAL, err, len, "expected the "
					"absolute path of a cgroup directory");
		c->target_cgroup = val;
		return 0;
	case F_WEIGHT:
		ret = parse_range(val, LATT_WEIGHT_MIN, LATT_WEIGHT_MAX, &v,
				  err, len);
		if (!ret)
			c->target_weight = (unsigned int)v;
		return ret;
	case F_METRIC:
		return set_metric(c, val, err, len);
	case F_AUTOGROUP:
		if (strcmp(val, "0") && strcmp(val, "1"))
			return latt_err(-EINVAL, err, len, "expected 0 or 1");
		c->system.autogroup = val[0] - '0';
		return 0;
	case F_DMA_LATENCY:
		if (latt_parse_duration(val, US, &ns) ||
		    ns / US > LATT_DMA_LATENCY_MAX || ns % US)
			return latt_err(-EINVAL, err, len, "expected whole "
					"microseconds from 0 to %d",
					LATT_DMA_LATENCY_MAX);
		c->system.dma_latency_us = (int64_t)(ns / US);
		return 0;
	case F_FEATURES:
		if (!features_valid(val))
			return latt_err(-EINVAL, err, len, "expected "
					"scheduler feature names such as "
					"NO_PLACE_LAG,RUN_TO_PARITY");
		c->system.features = val;
		return 0;
	case F_PREEMPT:
		if (!in_list(val, preempt_modes))
			return latt_err(-EINVAL, err, len, "expected none, "
					"voluntary, full or lazy");
		c->system.preempt = val;
		return 0;
	case F_SCHEDULER:
		if (!*val)
			return latt_err(-EINVAL, err, len, "expected a "
					"command");
		c->system.scheduler = val;
		return 0;
	}
	return -EINVAL;
}

int latt_config_set(struct latt_run_cfg *c, const char *key, const char *val,
		    char *err, size_t len)
{
	const struct setting *st = find_setting(key);

	if (!st) {
		snprintf(err, len, "unknown setting '%s'", key);
		return -ENOENT;
	}
	if (!val)
		return latt_err(-EINVAL, err, len, "expected a value");
	return set_field(c, st, val, err, len);
}

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
			if (p != val && find_setting(item))
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
	const struct setting *st;
	uint64_t seen = 0;
	char why[256];
	int ret;

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
		st = find_setting(key);
		if (!st)
			return latt_err(-EINVAL, err, len, "unknown key '%s' "
					"(keys are the settings' long options "
					"without the dashes)", key);
		/* Metrics are many; every other key is one value. */
		if (st->field != F_METRIC && (seen & (1ULL << (st - settings))))
			return latt_err(-EINVAL, err, len, "%s is given twice",
					key);
		seen |= 1ULL << (st - settings);
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

/* The value of setting @st in @c as text, "" when it is not set. */
/* Setting @st of @c as -C takes it, in @buf or its own text; "" if unset. */
static const char *format_field(const struct latt_run_cfg *c,
				const struct setting *st, char *buf,
				size_t len)
{
	const struct latt_sched *s = task_sched((struct latt_run_cfg *)c,
						st->task);
	uint64_t ns = 0;

	buf[0] = '\0';
	switch (st->field) {
	case F_MECHANISM:
		/* pipe, the default and the reference, is no setting. */
		if (c->mechanism != LATT_WAKE_PIPE)
			snprintf(buf, len, "%s", latt_wake_name(c->mechanism));
		return buf;
	case F_THREADS:
		if (c->threads)
			snprintf(buf, len, "1");
		return buf;
	case F_POLICY:
		if (s->policy != LATT_SCHED_UNSET)
			snprintf(buf, len, "%s",
				 latt_sched_policy_name(s->policy));
		return buf;
	case F_PRIORITY:
		if (s->priority)
			snprintf(buf, len, "%u", s->priority);
		return buf;
	case F_NICE:
		if (s->has_nice)
			snprintf(buf, len, "%d", s->nice);
		return buf;
	case F_CPUS:
		if (s->has_cpus)
			latt_format_cpulist(&s->cpus, CPU_SETSIZE, buf, len);
		return buf;
	case F_NODE:
		if (s->node >= 0)
			snprintf(buf, len, "%d", s->node);
		return buf;
	case F_SLICE:
		ns = s->slice_ns;
		break;
	case F_RUNTIME:
		ns = s->runtime_ns;
		break;
	case F_DEADLINE:
		ns = s->deadline_ns;
		break;
	case F_PERIOD:
		ns = s->period_ns;
		break;
	case F_CGROUP:
		return c->target_cgroup ? c->target_cgroup : "";
	case F_WEIGHT:
		if (c->target_weight)
			snprintf(buf, len, "%u", c->target_weight);
		return buf;
	case F_METRIC:
		/* What is measured, not a setting: the reports name them. */
		return buf;
	case F_AUTOGROUP:
		if (c->system.autogroup >= 0)
			snprintf(buf, len, "%d", c->system.autogroup);
		return buf;
	case F_DMA_LATENCY:
		if (c->system.dma_latency_us >= 0)
			snprintf(buf, len, "%lldus",
				 (long long)c->system.dma_latency_us);
		return buf;
	case F_FEATURES:
		return c->system.features ? c->system.features : "";
	case F_PREEMPT:
		return c->system.preempt ? c->system.preempt : "";
	case F_SCHEDULER:
		return c->system.scheduler ? c->system.scheduler : "";
	}
	if (ns)
		latt_format_duration(ns, buf, len);
	return buf;
}

char *latt_config_format(const struct latt_run_cfg *c,
			 const struct latt_run_cfg *base)
{
	/* A CPU list of every other CPU of CPU_SETSIZE fits. */
	char mine[8192], theirs[8192], *text = NULL;
	const char *m;
	size_t len = 0, i;
	bool first = true;
	FILE *f;

	f = open_memstream(&text, &len);
	if (!f)
		return NULL;
	for (i = 0; i < NSETTINGS; i++) {
		m = format_field(c, &settings[i], mine, sizeof(mine));
		if (base && !strcmp(m, format_field(base, &settings[i],
						    theirs, sizeof(theirs))))
			continue;
		/*
		 * Unset is the default; only the measurement's settings
		 * can go back to theirs (pipe, processes) from a base's.
		 */
		if (!*m && base && settings[i].field == F_MECHANISM)
			m = latt_wake_name(LATT_WAKE_PIPE);
		else if (!*m && base && settings[i].field == F_THREADS)
			m = "0";
		if (!*m)
			continue;
		fprintf(f, "%s%s=%s", first ? "" : ",", settings[i].name, m);
		first = false;
	}
	if (fclose(f)) {
		free(text);
		return NULL;
	}
	return text;
}
