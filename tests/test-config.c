// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of run configurations (lib/settings/config.c):
 * every setting parsed and formatted back, -C specifications with their
 * comma rule, errors for bad keys and values, and the checks of settings
 * that do not fit together.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/tmetric.h"
#include "measure/wake.h"
#include "settings/config-spec.h"
#include "settings/config.h"
#include "settings/sched.h"
#include "tap.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* A good value of each setting, and how latt_config_format() prints it. */
static const struct {
	const char *key, *val, *shown;
} good[] = {
	{ "mechanism", "futex", "futex" },
	{ "threads", "1", "1" },
	{ "policy", "fifo", "fifo" },
	{ "priority", "99", "99" },
	{ "nice", "-20", "-20" },
	{ "cpus", "3,0-1", "0-1,3" },
	{ "node", "0", "0" },
	{ "slice", "100", "100us" },		/* plain number: us */
	{ "runtime", "0.5ms", "500us" },
	{ "deadline", "2ms", "2ms" },
	{ "period", "4s", "4000ms" },
	{ "waker-policy", "rr", "rr" },
	{ "waker-priority", "1", "1" },
	{ "waker-nice", "19", "19" },
	{ "waker-cpus", "1", "1" },
	{ "target-policy", "batch", "batch" },
	{ "target-priority", "50", "50" },
	{ "target-nice", "+5", "5" },
	{ "target-cpus", "0-1", "0-1" },
	{ "target-node", "1", "1" },
	{ "target-cgroup", "/sys/fs/cgroup/x", "/sys/fs/cgroup/x" },
	{ "target-weight", "10000", "10000" },
	/* What is measured, not a setting: named by the reports alone. */
	{ "target-metric", "fps+=([0-9.]+) fps", NULL },
	{ "autogroup", "0", "0" },
	{ "dma-latency", "10", "10us" },
	{ "features", "NO_PLACE_LAG,RUN_TO_PARITY",
	  "NO_PLACE_LAG,RUN_TO_PARITY" },
	{ "preempt", "lazy", "lazy" },
	{ "scheduler", "scx_lavd --performance", "scx_lavd --performance" },
};

/* A bad value of each setting. */
static const struct {
	const char *key, *val;
} bad[] = {
	{ "policy", "normal" }, { "policy", "FIFO" }, { "priority", "0" },
	{ "priority", "100" }, { "nice", "-21" }, { "nice", "20" },
	{ "nice", "1.5" }, { "cpus", "1-0" }, { "cpus", "1024" },
	{ "cpus", "" }, { "node", "-1" }, { "slice", "99us" },
	{ "slice", "101ms" }, { "runtime", "1us" }, { "period", "99us" },
	{ "deadline", "5s" }, { "target-cgroup", "relative/path" },
	{ "target-weight", "0" }, { "target-weight", "10001" },
	{ "autogroup", "2" }, { "autogroup", "on" },
	{ "dma-latency", "1.5us" }, { "dma-latency", "2001s" },
	{ "features", "no_place_lag" }, { "features", "A,,B" },
	{ "features", "" }, { "preempt", "rt" }, { "scheduler", "" },
	{ "waker-priority", "x" }, { "target-nice", "--1" },
	{ "mechanism", "signal" }, { "mechanism", "" },
	{ "threads", "yes" }, { "threads", "" },
};

static void test_settings(void)
{
	struct latt_run_cfg c, before;
	const char *name;
	char err[256], want[512], *fmt;
	size_t i, n;
	bool all = true;

	for (n = 0; (name = latt_config_setting(n)); n++)
		if (!latt_config_is_setting(name) || n >= ARRAY_SIZE(good) ||
		    strcmp(name, good[n].key))
			all = false;
	ok(all && n == ARRAY_SIZE(good) &&
	   !latt_config_is_setting("clients") &&
	   !latt_config_is_setting("config"),
	   "every setting is a setting, in the manual's order (%zu)", n);

	for (i = 0; i < ARRAY_SIZE(good); i++) {
		int ret;

		latt_config_init(&c);
		ret = latt_config_set(&c, good[i].key, good[i].val, err,
				      sizeof(err));
		fmt = latt_config_format(&c, NULL);
		if (!good[i].shown) {
			ok(!ret && fmt && !*fmt && c.ntm == 1,
			   "%s=%s is no setting in the format", good[i].key,
			   good[i].val);
			free(fmt);
			continue;
		}
		snprintf(want, sizeof(want), "%s=%s", good[i].key,
			 good[i].shown);
		if (!ok(!ret && fmt && !strcmp(fmt, want),
			"%s=%s formats as %s", good[i].key, good[i].val, want))
			diag("got %d \"%s\" (%s)", ret, fmt, err);
		free(fmt);
	}

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		int ret;

		latt_config_init(&c);
		before = c;
		err[0] = '\0';
		ret = latt_config_set(&c, bad[i].key, bad[i].val, err,
				      sizeof(err));
		if (!ok(ret == -EINVAL && !strncmp(err, "expected ", 9) &&
			!memcmp(&c, &before, sizeof(c)),
			"%s=%s is refused, saying what is expected",
			bad[i].key, bad[i].val))
			diag("got %d \"%s\"", ret, err);
	}

	latt_config_init(&c);
	ok(latt_config_set(&c, "bogus", "1", err, sizeof(err)) == -ENOENT &&
	   strstr(err, "bogus"), "an unknown setting is -ENOENT, named");

	/* A long value is whole in the settings (it was cut at 255). */
	{
		char path[4096 + 32];

		latt_config_init(&c);
		memset(path, 'a', sizeof(path) - 1);
		memcpy(path, "/sys/fs/cgroup/", 15);
		path[sizeof(path) - 1] = '\0';
		latt_config_set(&c, "target-cgroup", path, err, sizeof(err));
		latt_config_set(&c, "nice", "3", err, sizeof(err));
		fmt = latt_config_format(&c, NULL);
		if (!ok(fmt && !strncmp(fmt, "nice=3,target-cgroup=", 21) &&
			!strcmp(fmt + 21, path), "a 4 KB cgroup path whole in "
			"the settings (%zu bytes)", fmt ? strlen(fmt) : 0))
			diag("got %.80s...", fmt ? fmt : "(null)");
		free(fmt);
	}
}

/* Parse @spec on top of @base into @c; 0 or -EINVAL with @err. */
static int parse(const struct latt_run_cfg *base, const char *spec,
		 struct latt_run_cfg *c, char *err, size_t len, char **text)
{
	*c = *base;
	*text = strdup(spec);
	if (!*text)
		exit(1);
	return latt_config_parse(c, *text, err, len);
}

static void test_specs(void)
{
	static const char *const refused[] = {
		":policy=fifo", "a b:", "x:policy", "x:=fifo",
		"x:bogus=1", "x:priority=0", "x:,policy=fifo",
		"x:policy=fifo,", "abcdefghijabcdefghijabcdefghijabc:",
		"x:clients=4", "x:policy=fifo,priority", "x:cpus=0,,1",
		"x:policy=fifo,policy=rr",
	};
	struct latt_run_cfg base, c;
	char err[384], *text, *fmt;
	size_t i;
	int ret;

	latt_config_init(&base);
	latt_config_set(&base, "nice", "5", err, sizeof(err));
	latt_config_set(&base, "target-policy", "batch", err, sizeof(err));

	ret = parse(&base, "base:", &c, err, sizeof(err), &text);
	ok(!ret && !strcmp(c.name, "base") &&
	   !memcmp(&c.client, &base.client, sizeof(c.client)),
	   "NAME: keeps every default");
	free(text);
	ret = parse(&base, "plain", &c, err, sizeof(err), &text);
	ok(!ret && !strcmp(c.name, "plain"), "NAME alone does too");
	free(text);

	ret = parse(&base, "rt:policy=fifo,priority=10,nice=0", &c, err,
		    sizeof(err), &text);
	fmt = latt_config_format(&c, &base);
	if (!ok(!ret && c.client.policy == LATT_SCHED_FIFO &&
		c.client.priority == 10 &&
		c.target.policy == LATT_SCHED_BATCH && fmt &&
		!strcmp(fmt, "policy=fifo,priority=10,nice=0"),
		"keys change the defaults, the rest stays"))
		diag("%d %s: %s", ret, err, fmt);
	free(fmt);
	free(text);

	/* The measurement's keys: back to the defaults from a base's. */
	base.mechanism = LATT_WAKE_FUTEX;
	ret = parse(&base, "pt:mechanism=pipe,threads=1", &c, err,
		    sizeof(err), &text);
	fmt = latt_config_format(&c, &base);
	if (!ok(!ret && c.mechanism == LATT_WAKE_PIPE && c.threads && fmt &&
		!strcmp(fmt, "mechanism=pipe,threads=1"),
		"mechanism and threads are keys, pipe shown against futex"))
		diag("%d %s: %s", ret, err, fmt);
	free(fmt);
	free(text);
	ret = parse(&base, "f:", &c, err, sizeof(err), &text);
	ok(!ret && c.mechanism == LATT_WAKE_FUTEX && !c.threads,
	   "... and a configuration without them keeps the options'");
	free(text);
	base.mechanism = LATT_WAKE_PIPE;

	ret = parse(&base, "pin:cpus=0,1,5-6,policy=batch", &c, err,
		    sizeof(err), &text);
	ok(!ret && CPU_ISSET(0, &c.client.cpus) &&
	   CPU_ISSET(1, &c.client.cpus) && CPU_ISSET(6, &c.client.cpus) &&
	   CPU_COUNT(&c.client.cpus) == 4 &&
	   c.client.policy == LATT_SCHED_BATCH,
	   "a comma before text without '=' belongs to the value");
	free(text);

	ret = parse(&base, "f:features=NO_A,B,preempt=full", &c, err,
		    sizeof(err), &text);
	ok(!ret && c.system.features && !strcmp(c.system.features, "NO_A,B") &&
	   c.system.preempt && !strcmp(c.system.preempt, "full"),
	   "... also for feature lists");
	free(text);

	for (i = 0; i < ARRAY_SIZE(refused); i++) {
		err[0] = '\0';
		ret = parse(&base, refused[i], &c, err, sizeof(err), &text);
		if (!ok(ret == -EINVAL && err[0], "-C %s is refused",
			refused[i]))
			diag("got %d \"%s\"", ret, err);
		free(text);
	}
	ret = parse(&base, "x:priority=0", &c, err, sizeof(err), &text);
	ok(strstr(err, "priority") && strstr(err, "'0'") &&
	   strstr(err, "expected"), "the error names key, value and range");
	free(text);
	ret = parse(&base, "x:policy=fifo,priority", &c, err, sizeof(err),
		    &text);
	ok(!strcmp(err, "priority needs a value (priority=VALUE)"),
	   "a key without its value is named as such");
	free(text);
	ret = parse(&base, "x:policy=fifo,policy=rr", &c, err, sizeof(err),
		    &text);
	ok(!strcmp(err, "policy is given twice"), "a key given twice is too");
	free(text);
}

static void test_checks(void)
{
	static const struct {
		const char *spec;
		const char *says;	/* NULL: accepted */
	} cases[] = {
		{ "a:policy=fifo", NULL },
		{ "a:policy=rr,priority=99", NULL },
		{ "a:priority=10", "priority needs policy fifo or rr" },
		{ "a:policy=batch,priority=10", "priority needs" },
		{ "a:policy=fifo,nice=5", "nice has no effect" },
		{ "a:policy=fifo,nice=0", NULL },
		{ "a:policy=idle,slice=1ms", "slice needs" },
		{ "a:slice=1ms", NULL },
		{ "a:policy=batch,slice=1ms", NULL },
		{ "a:runtime=1ms,period=10ms", "need policy deadline" },
		{ "a:policy=deadline", "needs runtime and period" },
		{ "a:policy=deadline,runtime=1ms,period=10ms", NULL },
		{ "a:policy=deadline,runtime=2ms,deadline=1ms,period=10ms",
		  "runtime <= deadline <= period" },
		{ "a:policy=deadline,runtime=1ms,period=10ms,cpus=0",
		  "cannot be pinned" },
		{ "a:waker-policy=deadline", "waker-policy deadline" },
		{ "a:target-policy=deadline", "target-policy deadline" },
		{ "a:target-priority=5", "target-priority needs target-policy" },
		{ "a:waker-policy=fifo,waker-priority=5", NULL },
		{ "a:target-cgroup=/x,target-weight=10", "do not go together" },
	};
	struct latt_run_cfg base, c;
	char err[384], *text;
	size_t i;
	int ret;

	latt_config_init(&base);
	base.cmd_argc = 1;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		err[0] = '\0';
		ret = parse(&base, cases[i].spec, &c, err, sizeof(err), &text);
		if (!ret)
			ret = latt_config_check(&c, err, sizeof(err));
		if (!ok(cases[i].says ? ret == -EINVAL &&
			strstr(err, cases[i].says) : ret == 0,
			"%s: %s", cases[i].spec,
			cases[i].says ? cases[i].says : "accepted"))
			diag("got %d \"%s\"", ret, err);
		free(text);
	}

	latt_config_init(&c);
	c.min_wait_ns = 2;
	c.max_wait_ns = 1;
	ok(latt_config_check(&c, err, sizeof(err)) == -EINVAL &&
	   strstr(err, "--min-wait"), "min-wait above max-wait is refused");
	latt_config_init(&c);
	c.duration_ns = 1000;
	c.warmup_ns = 1000;
	ok(latt_config_check(&c, err, sizeof(err)) == -EINVAL &&
	   strstr(err, "--warmup"), "a warm-up as long as the run is refused");
	latt_config_init(&c);
	latt_config_set(&c, "target-nice", "3", err, sizeof(err));
	ok(latt_config_check(&c, err, sizeof(err)) == -EINVAL &&
	   strstr(err, "need a command"),
	   "target settings without a command are refused");
}

/* target-metric: many in one -C, and one of a name replaces the other. */
static void test_metrics(void)
{
	char spec[] = "a:target-metric=fps+=([0-9.]+) fps,"
		      "target-metric=time-=real ([0-9]+),"
		      "target-metric=fps+:sum=f=([0-9]+)";
	char spec2[] = "b:target-metric=fps=([0-9]+)";
	struct latt_run_cfg c;
	char err[256];
	int ret;

	latt_config_init(&c);
	ret = latt_config_parse(&c, spec, err, sizeof(err));
	if (!ok(!ret && c.ntm == 2 && !strcmp(c.tm[0].name, "fps") &&
		c.tm[0].mode == LATT_TMETRIC_SUM &&
		!strcmp(c.tm[0].regex, "f=([0-9]+)") &&
		!strcmp(c.tm[1].name, "time") && !c.tm[1].higher,
		"-C takes target-metric more than once; a name given again "
		"replaces the first"))
		diag("%d %s", ret, err);
	latt_config_init(&c);
	ret = latt_config_parse(&c, spec2, err, sizeof(err));
	ok(ret == -EINVAL && strstr(err, "needs a direction"),
	   "-C target-metric without a direction is refused");
	latt_config_init(&c);
	latt_config_set(&c, "target-metric", "n+=([0-9])", err, sizeof(err));
	ok(latt_config_check(&c, err, sizeof(err)) == -EINVAL &&
	   strstr(err, "give a command"),
	   "a target metric without a command is refused");
}

int main(void)
{
	plan(1 + (int)ARRAY_SIZE(good) + (int)ARRAY_SIZE(bad) + 2 +
	     7 + 13 + 3 + 19 + 3 + 3);
	test_settings();
	test_specs();
	test_checks();
	test_metrics();
	return tap_done();
}
