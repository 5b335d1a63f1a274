/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a latt that is gone left behind (undo-sweep.c): its undo records
 * (settings/undo.h) applied by its guard or by the next latt to start,
 * then the cgroups and trace instances of latt's naming that no live
 * latt owns.  Nothing here prints: lines to say are handed to @say.
 */
#ifndef LATT_SETTINGS_UNDO_SWEEP_H
#define LATT_SETTINGS_UNDO_SWEEP_H

typedef void (*latt_undo_say_fn)(void *ctx, const char *line);

/*
 * The guard's work, once latt is gone: apply the record @file in reverse
 * order, and say a line of each entry that had something to undo, after
 * @prefix.  What could not be put back stays in the record (removed
 * when nothing does).  The number of entries left.
 */
int latt_undo_apply_file(const char *file, const char *prefix,
			 latt_undo_say_fn say, void *ctx);

/*
 * At latt's start: what a latt that no longer runs left behind.  Records
 * in @dir whose lock is free, cgroups "latt-PID-..." in @cgroup_dir (""
 * to skip) and trace instances "latt-PID", "latt-PID-explain" in
 * @trace_dir ("" to skip) of a PID that runs no latt (instances kept for
 * the user excepted).  Each is put back or removed, with a line; where
 * that fails (no privilege), the line says what is left and how to undo
 * it.  The number of things left.
 */
int latt_undo_scan(const char *dir, const char *cgroup_dir,
		   const char *trace_dir, latt_undo_say_fn say, void *ctx);

/* latt_undo_scan() of the real system: latt_leftovers_scan(). */

#endif /* LATT_SETTINGS_UNDO_SWEEP_H */
