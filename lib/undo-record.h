/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The undo record's file and helpers, shared by the record itself
 * (lib/undo.c), putting a change back (lib/undo-revert.c) and the sweep
 * of what a gone latt left (lib/undo-sweep.c).
 */
#ifndef LATT_UNDO_RECORD_H
#define LATT_UNDO_RECORD_H

#include <stddef.h>
#include <sys/types.h>

#include "latt/run.h"
#include "undo.h"

#define ENTRIES_MAX	64	/* entries one record holds */

/* snprintf() for texts that may be cut short without harm. */
void __attribute__((format(printf, 3, 4)))
undo_put(char *buf, size_t len, const char *fmt, ...);

/* Write @n entries as the record @file of @pid, whole, or remove it. */
int undo_write_record(const char *file, pid_t pid, const char *cmdline,
		      const struct latt_undo_entry *const *e, unsigned int n);

/* Read the record @file: its pid, command line and entries. */
int undo_read_record(const char *file, pid_t *pid, char *cmdline,
		     size_t cmdlen, struct latt_undo_entry *e, unsigned int *n);

/* Field 22 of /proc/PID/stat: when the process started, in ticks. */
unsigned long long undo_start_time(pid_t pid);

/*
 * Is @dir latt's to use: a directory owned by root or by this user, that
 * nobody else may write?  Records in it are applied as they say, by
 * root too.  0, or -errno with one line in @err.
 */
int undo_dir_check(const char *dir, char *err, size_t len);

/* The marker that says instance @name is kept for the user. */
void undo_kept_marker(const char *dir, const char *name, char *buf,
		      size_t len);

#endif /* LATT_UNDO_RECORD_H */
