/* SPDX-License-Identifier: GPL-2.0-only */
/* Parsers of command-line values: durations, sizes, numbers, percentiles. */
#ifndef LATT_BASE_PARSE_H
#define LATT_BASE_PARSE_H

#include <sched.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Parsers for command-line values.  Each returns 0 on success, -EINVAL
 * when the text is not of the accepted form and -ERANGE when it is but
 * does not fit; the result is written only on success.
 */

#define LATT_NSEC_PER_USEC	1000ULL
#define LATT_NSEC_PER_MSEC	1000000ULL
#define LATT_NSEC_PER_SEC	1000000000ULL

/*
 * A duration: a non-negative decimal number ("2", "0.5", "1.25") with an
 * optional unit: ns, us, ms, s, min, h or d (also day, days).  Without
 * a unit the number is in @unit_ns (LATT_NSEC_PER_MSEC for -s,
 * LATT_NSEC_PER_SEC for -t).  The result is in nanoseconds, rounded to
 * the nearest.
 */
int latt_parse_duration(const char *s, uint64_t unit_ns, uint64_t *ns);

/*
 * What a duration @s that did not parse may have meant, for its error
 * ("; 'm' is not a unit: ms or min" for "1m"), or "".
 */
const char *latt_duration_hint(const char *s);

/*
 * A size: a non-negative decimal number with an optional unit: b, k, m, g
 * (powers of 1024; "kb", "KiB" and upper case are accepted too).  Without a
 * unit the number is in @unit bytes.  The result is in bytes.
 */
int latt_parse_size(const char *s, uint64_t unit, uint64_t *bytes);

/* A whole decimal number, no sign, no unit. */
int latt_parse_uint(const char *s, uint64_t *v);

/*
 * A comma-separated list of percentiles, each 0 < p <= 100 ("50,99,99.9").
 * At most @max entries are stored in @out; more is -ERANGE.  The count is
 * written to @n.  Two that read the same as labels ("50,50") are
 * -EEXIST, one below 100 that reads "p100" is -EDOM.
 */
int latt_parse_percentiles(const char *s, double *out, size_t max, size_t *n);

/*
 * Write the percentiles @p[0..n) as -p takes them ("50,90,99,99.9") into
 * @buf of @len bytes.  Returns @buf.
 */
char *latt_percentiles_text(const double *p, size_t n, char *buf,
			    size_t len);

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

#endif /* LATT_BASE_PARSE_H */
