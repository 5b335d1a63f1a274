/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A few lines of TAP (Test Anything Protocol) for the unit tests, read by
 * automake's tap-driver.sh.  plan() first, then ok()/skip(), then
 * tap_done(), whose value main() returns.
 */
#ifndef LATT_TEST_TAP_H
#define LATT_TEST_TAP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

static int tap_planned, tap_run, tap_failed;

static inline void plan(int n)
{
	tap_planned = n;
	printf("1..%d\n", n);
}

static inline bool __attribute__((format(printf, 2, 3)))
ok(bool cond, const char *fmt, ...)
{
	va_list ap;

	tap_run++;
	if (!cond)
		tap_failed++;
	printf("%sok %d - ", cond ? "" : "not ", tap_run);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	return cond;
}

static inline void __attribute__((format(printf, 1, 2)))
diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static inline void skip(const char *why)
{
	tap_run++;
	printf("ok %d # SKIP %s\n", tap_run, why);
}

static inline int tap_done(void)
{
	if (tap_run != tap_planned) {
		diag("planned %d tests but ran %d", tap_planned, tap_run);
		return 1;
	}
	return tap_failed ? 1 : 0;
}

#endif /* LATT_TEST_TAP_H */
