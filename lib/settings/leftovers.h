/* SPDX-License-Identifier: GPL-2.0-only */
/* What a latt that is gone left on the system. */
#ifndef LATT_SETTINGS_LEFTOVERS_H
#define LATT_SETTINGS_LEFTOVERS_H

#include <stddef.h>

#include "settings/undo-sweep.h"

/*
 * A gone latt's leftovers on the real system: latt_undo_scan() of
 * LATT_RUN_DIR, the cgroups beside latt's own in the hierarchy with the
 * cpu controller, and tracefs's instances where it is mounted.  Each is
 * put back or removed with a line said to @say, or named with how to
 * undo it.  The number of things left.
 */
int latt_leftovers_scan(latt_undo_say_fn say, void *ctx);

#endif /* LATT_SETTINGS_LEFTOVERS_H */
