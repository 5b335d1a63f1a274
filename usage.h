/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * How latt answers --help, --version and a bad command line (usage.c):
 * the usage on one screen or all of it, exit 0 (2 when the standard
 * output cannot be written), and one line saying what is wrong, exit 1.
 */
#ifndef LATT_USAGE_H
#define LATT_USAGE_H

#include <stdbool.h>

/* --help: print the usage on the standard output and exit 0. */
void __attribute__((noreturn)) latt_usage(bool all);

/*
 * After --help or --version: exit 0, or 2 if the standard output could
 * not be written.
 */
void __attribute__((noreturn)) latt_exit_after_stdout(void);

/* Who says a usage error: "latt", or "latt calibrate" for its options. */
extern const char *latt_prog;

/* One line, the arguments in it escaped (they may hold anything); exit 1. */
void __attribute__((noreturn, format(printf, 1, 2)))
latt_usage_error(const char *fmt, ...);

#endif /* LATT_USAGE_H */
