/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The text report's lines, shared by its files (lib/report/report.c, the run's
 * blocks and the whole report; lib/report/report-explain.c, what the kernel
 * did).
 *
 * latt-0.1 printed each value as a tab, the label, one or two tabs (so
 * the values line up at the third tab stop), "%8.0f" and " usec", with a
 * rule of 37 dashes under each block title.  latt's own blocks keep that
 * shape so that the report reads as one.
 */
#ifndef LATT_REPORT_TEXT_H
#define LATT_REPORT_TEXT_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "base/parse.h"

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

struct latt_result;

/* The Kernel view block of run @r (lib/report/report-kernel.c). */
void latt_report_kernel(FILE *f, const struct latt_result *r);

/*
 * The short report of run @r after latt-0.1's block, with what @extra
 * asks for (lib/report/report-brief.c).  0 or -errno of a failed write.
 */
int latt_report_brief(FILE *f, const struct latt_result *r,
		      unsigned int extra);

/*
 * The command's figures after its times, each after @sep: its own waits
 * (p50, p99), each --target-metric (lib/report/report-brief.c).
 */
void latt_report_command_figures(FILE *f, const struct latt_result *r,
				 const char *sep);

#endif /* LATT_REPORT_TEXT_H */
