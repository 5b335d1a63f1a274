/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What only the library uses of lib/config*; what the module is, and the
 * part the programs call, is in include/latt/config.h.
 */
#ifndef LATT_LIB_CONFIG_H
#define LATT_LIB_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "latt/config.h"
#include "clock.h"
#include "sched-set.h"
#include "wake.h"

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

#endif /* LATT_LIB_CONFIG_H */
