/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The text report's lines and the blocks both its forms print: the
 * shape of a line, shared by the report's files (report.c, the long
 * report and the whole; report-brief.c, the short one; report-explain.c
 * and report-kernel.c, what the kernel did), and the Clients block and
 * the histogram, which the short report, the long one and a sweep's run
 * each print on request.  Its helpers are static inline, for the report's
 * own files: no header includes this one.
 *
 * latt-0.1 printed each value as a tab, the label, one or two tabs (so
 * the values line up at the third tab stop), "%8.0f" and " usec", with a
 * rule of 37 dashes under each block title.  latt's own blocks keep that
 * shape so that the report reads as one.
 */
#ifndef LATT_REPORT_REPORT_TEXT_H
#define LATT_REPORT_REPORT_TEXT_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "base/parse.h"
#include "run/result.h"

#define RULE "-------------------------------------"

static inline double usec(uint64_t ns)
{
	return (double)ns / 1000.0;
}

static inline double secs(uint64_t ns)
{
	return (double)ns / 1e9;
}

/* A time as the options take it, in the largest unit that is exact. */
static inline char *format_time(uint64_t ns, char *buf, size_t len)
{
	if (!ns)
		snprintf(buf, len, "0");
	else if (ns % 1000000000ULL == 0)
		snprintf(buf, len, "%llus", (unsigned long long)(ns /
								  1000000000ULL));
	else
		latt_format_duration(ns, buf, len);
	return buf;
}

static inline void block(FILE *f, const char *title)
{
	fprintf(f, "\n%s\n%s\n", title, RULE);
}

/*
 * One "\tLabel\t\tvalue" line; labels of 8 characters or more take one
 * tab.  The value may hold strings from elsewhere (a command, a label, a
 * task's name): it is shown escaped (base/escape.h).
 */
static inline void __attribute__((format(printf, 3, 4)))
line(FILE *f, const char *label, const char *fmt, ...)
{
	va_list ap;
	char *text;
	int n;

	fprintf(f, "\t%s%s", label, strlen(label) < 8 ? "\t\t" : "\t");
	va_start(ap, fmt);
	n = vasprintf(&text, fmt, ap);
	va_end(ap);
	if (n < 0) {
		fputs("(out of memory)\n", f);
		return;
	}
	fputs(latt_esc_n(text, (size_t)n), f);
	fputc('\n', f);
	free(text);
}

/*
 * The Clients block: a line per client (samples, max, p99, the CPUs it
 * was woken on, migrations).  In a sweep, after the run's line.
 */
void latt_report_clients(FILE *f, const struct latt_result *r);

/*
 * The wakeup latency as a log2 histogram of microseconds, as runqlat
 * prints it: range, count, a bar scaled to the largest count.
 */
void latt_report_hist(FILE *f, const struct latt_result *r);

#endif /* LATT_REPORT_REPORT_TEXT_H */
