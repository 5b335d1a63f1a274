/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a run is: its configuration and settings, as the command line
 * makes them.
 */
#ifndef LATT_SETTINGS_CONFIG_H
#define LATT_SETTINGS_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "measure/clock.h"
#include "measure/tmetric.h"
#include "measure/wake.h"
#include "settings/sched.h"

/*
 * The configuration of one run: what to measure (clients, sleeps, work,
 * duration), the command to measure beside, and the scheduler settings of
 * the clients, the waker, the target and the system.  A run reads it and
 * never writes it; what the run found goes into struct latt_result.
 *
 * Every scheduler setting has one name, used both as a long option
 * ("--policy fifo") and as a key of a named configuration
 * ("-C rt:policy=fifo,priority=10"); latt_config_set() is the one parser
 * of both.  The command line's settings are the defaults every named
 * configuration starts from.  How clients are woken ("mechanism") and
 * whether they are threads ("threads", 1 or 0; the option --threads is a
 * flag) are settings too, so that a sweep can compare them.
 */

#define LATT_CLIENTS_MAX	4096	/* most clients one run may have (-c) */
#define LATT_PCT_MAX		16	/* percentiles one run reports */
#define LATT_NAME_MAX		32	/* length of a configuration's name */
#define LATT_EXPLAIN_DEFAULT	5	/* --explain: the worst told */
#define LATT_EXPLAIN_MAX	100

/* Settings of the whole system, saved before a run and restored after. */
struct latt_system_cfg {
	int autogroup;			/* 0 or 1; -1: leave it */
	int64_t dma_latency_us;		/* PM QoS; -1: leave it */
	const char *features;		/* "NO_X,Y" (debugfs); NULL: leave */
	const char *preempt;		/* none, voluntary, ...; NULL: leave */
	const char *scheduler;		/* a sched_ext scheduler command */
};

struct latt_run_cfg {
	char name[LATT_NAME_MAX + 1];	/* "default" without -C */

	/* the measurement */
	unsigned int clients;
	uint64_t min_wait_ns, max_wait_ns;
	uint64_t work_bytes;
	uint64_t duration_ns;		/* 0: until the command exits */
	uint64_t warmup_ns;		/* samples before this are dropped */
	uint64_t grace_ns;		/* SIGTERM to SIGKILL of the command */
	enum latt_clock_id clock;	/* what samples are stamped with */
	enum latt_wake_mech mechanism;	/* how clients are woken */
	bool threads;			/* clients are threads of latt */
	bool verbose;			/* print every sample */
	uint64_t breaktrace_ns;		/* -b: stop at a wakeup over it */
	unsigned int explain;		/* --explain: the N worst told */
	bool kernel_view;		/* --kernel-view: the kernel's figure
					   for each wakeup (lib/measure/kwait.h) */
	size_t npcts;
	double pcts[LATT_PCT_MAX];

	/* the command; none when cmd_argc is 0 */
	int cmd_argc;
	char **cmd_argv;
	const char *cmd_display;	/* its words joined, as reports show it */
	/* its own figures, from its output (--target-metric) */
	struct latt_tmetric tm[LATT_TMETRICS_MAX];
	size_t ntm;

	/* scheduler settings */
	struct latt_sched client;
	struct latt_sched waker;
	struct latt_sched target;
	const char *target_cgroup;	/* put the command there; NULL: no */
	unsigned int target_weight;	/* a cgroup of its own; 0: no */
	struct latt_system_cfg system;
};

/*
 * The percentiles, in one list: -p's default, which the CSV has as fixed
 * columns whatever -p says (p50_ns ... p99.99_ns).  -q, the table and
 * the JSON's summary show -p's, or, without it, three of these, in the
 * order latt 0.2's -q line had them (p99, then p50 and p99.9): the
 * indexes latt_default_metric_pcts (latt_metrics_init()).
 */
#define LATT_DEFAULT_NPCTS		5
extern const double latt_default_pcts[LATT_DEFAULT_NPCTS];

/* latt's defaults: one client, 100-500 ms sleeps, 64 KB of work, ... */
void latt_config_init(struct latt_run_cfg *c);

/*
 * The name of setting @i (0, 1, ...), in the order of the manual; NULL
 * past the last.
 */
const char *latt_config_setting(size_t i);

/*
 * Set setting @key of @c from the text @val.  On a bad value, writes why
 * to @err ("expected a whole number from 1 to 99") and returns -EINVAL
 * (-ENOENT for an unknown key).  The value's text must live as long as
 * @c: strings are referenced, not copied.
 */
int latt_config_set(struct latt_run_cfg *c, const char *key, const char *val,
		    char *err, size_t len);

#define LATT_WEIGHT_MIN		1	/* --target-weight, as cpu.weight */
#define LATT_WEIGHT_MAX		10000
#define LATT_DMA_LATENCY_MAX	2000000000	/* usec; PM QoS is an s32 */

/*
 * How long a cycle may wait for its answers before it counts as stalled
 * (no client is woken meanwhile): the larger of 1 s and ten times
 * max-wait.
 */
uint64_t latt_stall_limit_ns(const struct latt_run_cfg *c);

#define LATT_DEFAULT_METRIC_NPCTS	3
extern const unsigned char latt_default_metric_pcts[LATT_DEFAULT_METRIC_NPCTS];

/* True when @name is a setting (a long option and a -C key). */
bool latt_config_is_setting(const char *name);

/*
 * The index of setting @name in the table (0 to 63) and whether a -C may
 * give it more than once (@many: the metrics); -ENOENT for none.
 */
int latt_config_key(const char *name, bool *many);

/*
 * The scheduler settings of @c that differ from @base (NULL: from nothing
 * set) as "KEY=VAL,KEY=VAL", whole however long (a cgroup's path, a
 * scheduler's command); "" when none.  malloc'd, NULL without memory.
 * latt_config_parse() reads the same form back.
 */
char *latt_config_format(const struct latt_run_cfg *c,
			 const struct latt_run_cfg *base);

#endif /* LATT_SETTINGS_CONFIG_H */
