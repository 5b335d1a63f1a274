// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a gone latt left on this system: where latt makes its cgroups and
 * its trace instances, scanned by the undo module (latt_undo_scan()).
 * Kept apart from the undo module: cgroup.c records its changes there,
 * so the undo module must not call into cgroup.c to find them.
 */
#include <unistd.h>

#include "settings/leftovers.h"
#include "settings/cgroup.h"
#include "settings/undo-sweep.h"
#include "settings/undo.h"

int latt_leftovers_scan(latt_undo_say_fn say, void *ctx)
{
	static const char *const traces[] = {
		"/sys/kernel/tracing/instances",
		"/sys/kernel/debug/tracing/instances",
	};
	const char *trace_dir = "";
	struct latt_cgroup cg;
	char err[256];
	size_t i;

	/* Where latt makes its cgroups: beside its own ("" if nowhere). */
	latt_cgroup_locate(&cg, "", err, sizeof(err));
	for (i = 0; i < sizeof(traces) / sizeof(traces[0]); i++)
		if (!access(traces[i], F_OK)) {
			trace_dir = traces[i];
			break;
		}
	return latt_undo_scan(LATT_RUN_DIR, cg.path, trace_dir, say, ctx);
}
