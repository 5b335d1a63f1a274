/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What only the library uses of lib/parse*; what the module is, and the
 * part the programs call, is in include/latt/config.h.
 */
#ifndef LATT_LIB_PARSE_H
#define LATT_LIB_PARSE_H

#include <sched.h>
#include <stddef.h>
#include <stdint.h>

#include "latt/config.h"

/* A whole decimal number with an optional sign ("-5", "+3", "7"). */
int latt_parse_int(const char *s, int64_t *v);

/*
 * A list of CPUs as the kernel prints them: numbers and ranges separated
 * by commas ("0-3,6,8-9").  Every CPU must be below @max (-ERANGE); bits
 * are set in @set, which is cleared first, for @max CPUs.
 */
int latt_parse_cpulist(const char *s, cpu_set_t *set, unsigned int max);

/* Write @set (of @max CPUs) as a list ("0-3,6") into @buf.  Returns @buf. */
char *latt_format_cpulist(const cpu_set_t *set, unsigned int max, char *buf,
			  size_t len);

/*
 * Write the percentile @p as a label ("p50", "p99.9") into @buf of @len
 * bytes.  Returns @buf.
 */
char *latt_percentile_label(double p, char *buf, size_t len);

/*
 * Write @ns as a duration in ms when it is whole milliseconds ("10ms",
 * "2000ms", as latt-0.1's Parameters line), else in us or ns ("500us").
 */
char *latt_format_duration(uint64_t ns, char *buf, size_t len);

#endif /* LATT_LIB_PARSE_H */
