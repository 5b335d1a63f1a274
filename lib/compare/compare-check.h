/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * latt compare's checks of a document's values (compare-check.c): of
 * one field, and of one run whole, which its reader (compare-read.c)
 * calls for each run of a configuration.
 * Every check stops at the first error, which names the field ("at.key")
 * and what is wrong with it; later checks then do nothing.
 */
#ifndef LATT_COMPARE_COMPARE_CHECK_H
#define LATT_COMPARE_COMPARE_CHECK_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compare/compare.h"
#include "judge/aggregate.h"
#include "measure/hist.h"

typedef struct json_object jobj;

/*
 * Counts and times of samples go up to 2^53, where a double still holds
 * every integer, so that no sum or conversion can overflow; times of the
 * command up to 2^63 - 1 ns.
 */
#define EXACT_MAX	(1ULL << 53)
#define TIME_MAX	((uint64_t)INT64_MAX)
/* Limits of latt itself: what no document of latt's goes beyond. */
#define CONFIGS_MAX	32
#define RUNS_MAX	1000
#define CPUS_MAX	(1U << 20)
#define CHUNK		65536

/* What went wrong, and where: the first error wins. */
struct latt_cmp_reader {
	char *err;
	size_t len;
	bool failed;
};

void __attribute__((format(printf, 2, 3)))
latt_cmp_fail(struct latt_cmp_reader *rd, const char *fmt, ...);

/*
 * Room for an array of @n elements of @size, which may hold @max at
 * most: zeroed, or NULL after failing @rd, with the message @fmt when it
 * holds more, "out of memory" when there is none.
 */
void * __attribute__((format(printf, 5, 6)))
latt_cmp_array(struct latt_cmp_reader *rd, size_t n, size_t max, size_t size,
	       const char *fmt, ...);

/*
 * Field @key of object @o (at @at), read as json-c's type @t: as
 * latt-json(5) describes it (lib/report/json-fields.h), its type and
 * whether it may be null.  NULL if it is not, or is null where it may be.
 */
jobj *latt_cmp_field(struct latt_cmp_reader *rd, jobj *o, const char *at,
		     const char *key, enum json_type t);

/*
 * An integer @v at @where from 0 to @max (json-c holds what is beyond
 * 2^64 - 1 as that), into @out.
 */
bool latt_cmp_uint(struct latt_cmp_reader *rd, jobj *v, const char *where,
		   uint64_t max, uint64_t *out);

/*
 * Integer field @key from 0 to @max into @out: true if it is one, false
 * if it is null (where the page allows) or wrong.
 */
bool latt_cmp_uint_field(struct latt_cmp_reader *rd, jobj *o, const char *at,
			 const char *key, uint64_t max, uint64_t *out);

/*
 * Number field @key from @lo to @hi, finite, into @out (NaN if null).  A
 * time or rate (@decimal) is written with one decimal: between 0 and
 * 0.05 it can only be 0.
 */
bool latt_cmp_num_field(struct latt_cmp_reader *rd, jobj *o, const char *at,
			const char *key, double lo, double hi, bool decimal,
			double *out);

/*
 * String field @key, escaped for display (base/escape.h), a NUL
 * inside it shown too; malloc'd, "" on failure, NULL if null is allowed
 * and there.
 */
char *latt_cmp_str(struct latt_cmp_reader *rd, jobj *o, const char *at,
		   const char *key);

/* Boolean field @key into @out: 0 or 1, -1 if null or wrong. */
bool latt_cmp_bool_field(struct latt_cmp_reader *rd, jobj *o, const char *at,
			 const char *key, int *out);

/*
 * Run @o into @run, checked; then seen as latt sees a run of its own
 * (run/result.h), its histogram rebuilt in @scratch[0] (and
 * the command's own waits' in @scratch[1]), and every metric of @ml
 * taken from it by the rules of latt's own outputs.  The command's own
 * figures (--target-metric) and the percentiles of its own waits
 * (cmd_p50, cmd_p99) are added to @ml as they are met.
 */
void latt_cmp_read_run(struct latt_cmp_reader *rd, jobj *o, const char *at,
		       struct latt_metric_list *ml,
		       struct latt_hist *scratch, struct latt_cmp_run *run);

#endif /* LATT_COMPARE_COMPARE_CHECK_H */
