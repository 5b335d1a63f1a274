// SPDX-License-Identifier: GPL-2.0-only
/*
 * Run configurations and the table of settings; see settings/config.h.
 *
 * Each setting names the task it belongs to (clients, waker, target or
 * none) and the field it sets; one parser and one formatter per field
 * serve every task, so "--nice", "--waker-nice" and "--target-nice" read
 * and print their values the same way.
 */
#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "settings/config.h"
#include "base/parse.h"
#include "base/util.h"
#include "measure/clock.h"
#include "measure/tmetric.h"
#include "measure/wake.h"
#include "settings/sched.h"

#define US	LATT_NSEC_PER_USEC
#define MS	LATT_NSEC_PER_MSEC
#define SEC	LATT_NSEC_PER_SEC

enum task { T_MEASURE, T_CLIENT, T_WAKER, T_TARGET, T_SYSTEM };

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

/* p99, p50, p99.9: -q's fifth, sixth and seventh keys. */
const unsigned char latt_default_metric_pcts[LATT_DEFAULT_METRIC_NPCTS] = {
	2, 0, 3
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
		return latt_err(-EINVAL, err, len, "expected a time from "
				"%s%s", range, latt_duration_hint(val));
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
 * Each setting's field: how its text is read into a configuration (or
 * the task's scheduler settings @s of it), and how it is written back as
 * -C takes it ("" when it is not set).
 */
typedef int (*set_fn)(struct latt_run_cfg *c, struct latt_sched *s,
		      const char *val, char *err, size_t len);
typedef const char *(*fmt_fn)(const struct latt_run_cfg *c,
			      const struct latt_sched *s, char *buf,
			      size_t len);

static int set_mechanism(struct latt_run_cfg *c, struct latt_sched *s,
			 const char *val, char *err, size_t len)
{
	char names[96];

	(void)s;
	if (latt_wake_parse(val, &c->mechanism))
		return latt_err(-EINVAL, err, len, "expected %s",
				latt_wake_list(names, sizeof(names)));
	return 0;
}

/* pipe, the default and the reference, is no setting. */
static const char *fmt_mechanism(const struct latt_run_cfg *c,
				 const struct latt_sched *s, char *buf,
				 size_t len)
{
	(void)s;
	if (c->mechanism != LATT_WAKE_PIPE)
		snprintf(buf, len, "%s", latt_wake_name(c->mechanism));
	return buf;
}

/* As the option --threads, which takes no value: 1 or 0. */
static int set_threads(struct latt_run_cfg *c, struct latt_sched *s,
		       const char *val, char *err, size_t len)
{
	(void)s;
	if (strcmp(val, "0") && strcmp(val, "1"))
		return latt_err(-EINVAL, err, len, "expected 1 (threads) or 0 "
				"(processes)");
	c->threads = val[0] == '1';
	return 0;
}

static const char *fmt_threads(const struct latt_run_cfg *c,
			       const struct latt_sched *s, char *buf,
			       size_t len)
{
	(void)s;
	if (c->threads)
		snprintf(buf, len, "1");
	return buf;
}

static int set_policy(struct latt_run_cfg *c, struct latt_sched *s,
		      const char *val, char *err, size_t len)
{
	(void)c;
	if (latt_sched_parse_policy(val, &s->policy))
		return latt_err(-EINVAL, err, len, "expected other, batch, "
				"idle, fifo, rr or deadline");
	return 0;
}

static const char *fmt_policy(const struct latt_run_cfg *c,
			      const struct latt_sched *s, char *buf,
			      size_t len)
{
	(void)c;
	if (s->policy != LATT_SCHED_UNSET)
		snprintf(buf, len, "%s", latt_sched_policy_name(s->policy));
	return buf;
}

static int set_priority(struct latt_run_cfg *c, struct latt_sched *s,
			const char *val, char *err, size_t len)
{
	int64_t v;
	int ret = parse_range(val, LATT_PRIO_MIN, LATT_PRIO_MAX, &v, err,
			      len);

	(void)c;
	if (!ret)
		s->priority = (unsigned int)v;
	return ret;
}

static const char *fmt_priority(const struct latt_run_cfg *c,
				const struct latt_sched *s, char *buf,
				size_t len)
{
	(void)c;
	if (s->priority)
		snprintf(buf, len, "%u", s->priority);
	return buf;
}

static int set_nice(struct latt_run_cfg *c, struct latt_sched *s,
		    const char *val, char *err, size_t len)
{
	int64_t v;
	int ret = parse_range(val, LATT_NICE_MIN, LATT_NICE_MAX, &v, err,
			      len);

	(void)c;
	if (!ret) {
		s->has_nice = true;
		s->nice = (int)v;
	}
	return ret;
}

static const char *fmt_nice(const struct latt_run_cfg *c,
			    const struct latt_sched *s, char *buf, size_t len)
{
	(void)c;
	if (s->has_nice)
		snprintf(buf, len, "%d", s->nice);
	return buf;
}

static int set_cpus(struct latt_run_cfg *c, struct latt_sched *s,
		    const char *val, char *err, size_t len)
{
	int ret = latt_parse_cpulist(val, &s->cpus, CPU_SETSIZE);

	(void)c;
	if (ret == -ERANGE)
		return latt_err(-EINVAL, err, len, "expected CPU numbers "
				"below %d", CPU_SETSIZE);
	if (ret)
		return latt_err(-EINVAL, err, len, "expected a list of CPUs "
				"such as 0-3,6");
	s->has_cpus = true;
	return 0;
}

static const char *fmt_cpus(const struct latt_run_cfg *c,
			    const struct latt_sched *s, char *buf, size_t len)
{
	(void)c;
	if (s->has_cpus)
		latt_format_cpulist(&s->cpus, CPU_SETSIZE, buf, len);
	return buf;
}

static int set_node(struct latt_run_cfg *c, struct latt_sched *s,
		    const char *val, char *err, size_t len)
{
	int64_t v;
	int ret = parse_range(val, 0, 1023, &v, err, len);

	(void)c;
	if (!ret)
		s->node = (int)v;
	return ret;
}

static const char *fmt_node(const struct latt_run_cfg *c,
			    const struct latt_sched *s, char *buf, size_t len)
{
	(void)c;
	if (s->node >= 0)
		snprintf(buf, len, "%d", s->node);
	return buf;
}

/* The texts' checks: 0, or -EINVAL saying what is expected. */
static int check_cgroup(struct latt_run_cfg *c, struct latt_sched *s,
			const char *val, char *err, size_t len)
{
	(void)c;
	(void)s;
	if (val[0] != '/')
		return latt_err(-EINVAL, err, len, "expected the absolute "
				"path of a cgroup directory");
	return 0;
}

static int set_weight(struct latt_run_cfg *c, struct latt_sched *s,
		      const char *val, char *err, size_t len)
{
	int64_t v;
	int ret = parse_range(val, LATT_WEIGHT_MIN, LATT_WEIGHT_MAX, &v, err,
			      len);

	(void)s;
	if (!ret)
		c->target_weight = (unsigned int)v;
	return ret;
}

static const char *fmt_weight(const struct latt_run_cfg *c,
			      const struct latt_sched *s, char *buf,
			      size_t len)
{
	(void)s;
	if (c->target_weight)
		snprintf(buf, len, "%u", c->target_weight);
	return buf;
}

/*
 * A target metric: a new one, or one of the same name replaced (a
 * configuration's own expression for the command line's metric).
 */
static int set_metric(struct latt_run_cfg *c, struct latt_sched *s,
		      const char *val, char *err, size_t len)
{
	struct latt_tmetric tm;
	size_t i;
	int ret;

	(void)s;
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

/* What is measured, not a setting: the reports name them. */
static const char *fmt_metric(const struct latt_run_cfg *c,
			      const struct latt_sched *s, char *buf,
			      size_t len)
{
	(void)c;
	(void)s;
	(void)len;
	return buf;
}

static int set_autogroup(struct latt_run_cfg *c, struct latt_sched *s,
			 const char *val, char *err, size_t len)
{
	(void)s;
	if (strcmp(val, "0") && strcmp(val, "1"))
		return latt_err(-EINVAL, err, len, "expected 0 or 1");
	c->system.autogroup = val[0] - '0';
	return 0;
}

static const char *fmt_autogroup(const struct latt_run_cfg *c,
				 const struct latt_sched *s, char *buf,
				 size_t len)
{
	(void)s;
	if (c->system.autogroup >= 0)
		snprintf(buf, len, "%d", c->system.autogroup);
	return buf;
}

static int set_dma_latency(struct latt_run_cfg *c, struct latt_sched *s,
			   const char *val, char *err, size_t len)
{
	uint64_t ns;

	(void)s;
	if (latt_parse_duration(val, US, &ns) ||
	    ns / US > LATT_DMA_LATENCY_MAX || ns % US)
		return latt_err(-EINVAL, err, len, "expected whole "
				"microseconds from 0 to %d",
				LATT_DMA_LATENCY_MAX);
	c->system.dma_latency_us = (int64_t)(ns / US);
	return 0;
}

static const char *fmt_dma_latency(const struct latt_run_cfg *c,
				   const struct latt_sched *s, char *buf,
				   size_t len)
{
	(void)s;
	if (c->system.dma_latency_us >= 0)
		snprintf(buf, len, "%lldus",
			 (long long)c->system.dma_latency_us);
	return buf;
}

static int check_features(struct latt_run_cfg *c, struct latt_sched *s,
			  const char *val, char *err, size_t len)
{
	(void)c;
	(void)s;
	if (!features_valid(val))
		return latt_err(-EINVAL, err, len, "expected scheduler feature "
				"names such as NO_PLACE_LAG,RUN_TO_PARITY");
	return 0;
}

static int check_preempt(struct latt_run_cfg *c, struct latt_sched *s,
			 const char *val, char *err, size_t len)
{
	(void)c;
	(void)s;
	if (!in_list(val, preempt_modes))
		return latt_err(-EINVAL, err, len, "expected none, voluntary, "
				"full or lazy");
	return 0;
}

static int check_scheduler(struct latt_run_cfg *c, struct latt_sched *s,
			   const char *val, char *err, size_t len)
{
	(void)c;
	(void)s;
	if (!*val)
		return latt_err(-EINVAL, err, len, "expected a command");
	return 0;
}

/*
 * Every setting, in the order of the manual: its name (the long option,
 * the -C key), whose it is, its field.  A field is read and written back
 * by its own pair of functions (FIELD), or is a time of the task's
 * scheduler settings at @off from @lo to @hi (TIME), or a text of the
 * configuration at @off, checked by its own function (TEXT).  @back:
 * what -C writes to go back to the default from a base's (only the
 * measurement's settings can); @many: given more than once in a -C (the
 * metrics).
 */
enum field_kind { K_FIELD, K_TIME, K_TEXT };

struct setting {
	const char *name;
	enum task task;
	enum field_kind kind;
	set_fn set;
	fmt_fn format;
	size_t off;
	uint64_t lo, hi;
	const char *range;
	const char *back;
	bool many;
};

#define FIELD(f)	K_FIELD, set_##f, fmt_##f, 0, 0, 0, NULL
#define TIME(f, lo, hi, range) \
	K_TIME, NULL, NULL, offsetof(struct latt_sched, f), lo, hi, range
#define TEXT(f, check)	\
	K_TEXT, check, NULL, offsetof(struct latt_run_cfg, f), 0, 0, NULL

static const struct setting settings[] = {
	{ "mechanism",		T_MEASURE, FIELD(mechanism), "pipe", false },
	{ "threads",		T_MEASURE, FIELD(threads), "0", false },
	{ "policy",		T_CLIENT, FIELD(policy), NULL, false },
	{ "priority",		T_CLIENT, FIELD(priority), NULL, false },
	{ "nice",		T_CLIENT, FIELD(nice), NULL, false },
	{ "cpus",		T_CLIENT, FIELD(cpus), NULL, false },
	{ "node",		T_CLIENT, FIELD(node), NULL, false },
	{ "slice",		T_CLIENT, TIME(slice_ns, LATT_SLICE_MIN_NS,
					       LATT_SLICE_MAX_NS,
					       "100us to 100ms"), NULL, false },
	{ "runtime",		T_CLIENT, TIME(runtime_ns, 2 * US, 4 * SEC,
					       "2us to 4s"), NULL, false },
	{ "deadline",		T_CLIENT, TIME(deadline_ns, 100 * US, 4 * SEC,
					       "100us to 4s"), NULL, false },
	{ "period",		T_CLIENT, TIME(period_ns, 100 * US, 4 * SEC,
					       "100us to 4s"), NULL, false },
	{ "waker-policy",	T_WAKER, FIELD(policy), NULL, false },
	{ "waker-priority",	T_WAKER, FIELD(priority), NULL, false },
	{ "waker-nice",		T_WAKER, FIELD(nice), NULL, false },
	{ "waker-cpus",		T_WAKER, FIELD(cpus), NULL, false },
	{ "target-policy",	T_TARGET, FIELD(policy), NULL, false },
	{ "target-priority",	T_TARGET, FIELD(priority), NULL, false },
	{ "target-nice",	T_TARGET, FIELD(nice), NULL, false },
	{ "target-cpus",	T_TARGET, FIELD(cpus), NULL, false },
	{ "target-node",	T_TARGET, FIELD(node), NULL, false },
	{ "target-cgroup",	T_TARGET, TEXT(target_cgroup, check_cgroup),
	  NULL, false },
	{ "target-weight",	T_TARGET, FIELD(weight), NULL, false },
	{ "target-metric",	T_TARGET, FIELD(metric), NULL, true },
	{ "autogroup",		T_SYSTEM, FIELD(autogroup), NULL, false },
	{ "dma-latency",	T_SYSTEM, FIELD(dma_latency), NULL, false },
	{ "features",		T_SYSTEM, TEXT(system.features,
					       check_features), NULL, false },
	{ "preempt",		T_SYSTEM, TEXT(system.preempt, check_preempt),
	  NULL, false },
	{ "scheduler",		T_SYSTEM, TEXT(system.scheduler,
					       check_scheduler), NULL, false },
};

#define NSETTINGS	(sizeof(settings) / sizeof(settings[0]))

_Static_assert(NSETTINGS <= 64, "a -C remembers its keys in 64 bits");

const char *latt_config_setting(size_t i)
{
	return i < NSETTINGS ? settings[i].name : NULL;
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

int latt_config_key(const char *name, bool *many)
{
	const struct setting *st = find_setting(name);

	if (!st)
		return -ENOENT;
	*many = st->many;
	return (int)(st - settings);
}

int latt_config_set(struct latt_run_cfg *c, const char *key, const char *val,
		    char *err, size_t len)
{
	const struct setting *st = find_setting(key);
	struct latt_sched *s;
	int ret;

	if (!st) {
		snprintf(err, len, "unknown setting '%s'", key);
		return -ENOENT;
	}
	if (!val)
		return latt_err(-EINVAL, err, len, "expected a value");
	s = task_sched(c, st->task);
	switch (st->kind) {
	case K_TIME:
		/* A plain number is in microseconds, as the others'. */
		return parse_time(val, st->lo, st->hi, st->range,
				  (uint64_t *)((char *)s + st->off), err, len);
	case K_TEXT:
		ret = st->set(c, s, val, err, len);
		if (!ret)
			*(const char **)((char *)c + st->off) = val;
		return ret;
	case K_FIELD:
		break;
	}
	return st->set(c, s, val, err, len);
}

/* Setting @st of @c as -C takes it, in @buf or its own text; "" if unset. */
static const char *format_field(const struct latt_run_cfg *c,
				const struct setting *st, char *buf,
				size_t len)
{
	const struct latt_sched *s = task_sched((struct latt_run_cfg *)c,
						st->task);
	const char *text;
	uint64_t ns;

	buf[0] = '\0';
	switch (st->kind) {
	case K_TIME:
		ns = *(const uint64_t *)((const char *)s + st->off);
		if (ns)
			latt_format_duration(ns, buf, len);
		return buf;
	case K_TEXT:
		text = *(const char *const *)((const char *)c + st->off);
		return text ? text : buf;
	case K_FIELD:
		break;
	}
	return st->format(c, s, buf, len);
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
		if (!*m && base && settings[i].back)
			m = settings[i].back;
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
