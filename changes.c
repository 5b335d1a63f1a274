// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt's changes to the system, as latt tells them; see changes.h.
 */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>

#include "base/escape.h"
#include "measure/clock.h"
#include "measure/sysinfo.h"
#include "run/result.h"
#include "settings/config.h"
#include "settings/leftovers.h"
#include "settings/lock.h"
#include "settings/priv.h"
#include "settings/sched.h"
#include "settings/undo.h"
#include "changes.h"

static void say_stderr(void *ctx, const char *line)
{
	(void)ctx;
	/* Paths and command lines of another latt: shown escaped. */
	fprintf(stderr, "latt: %s\n", latt_esc(line));
}

int latt_changes_left(bool force)
{
	int left = latt_leftovers_scan(say_stderr, NULL);

	if (!left)
		return 0;
	if (force) {
		fprintf(stderr, "latt: --force: measuring on a system left "
			"altered (above)\n");
		return 0;
	}
	fprintf(stderr, "latt: refusing to measure on a system left altered "
		"(above): run latt as root once, which puts it back, or use "
		"the commands above; --force measures anyway\n");
	return -EBUSY;
}

/* Does any run change the system: a setting, a cgroup, a trace? */
static bool changes_system(const struct latt_opts *o, bool *settings)
{
	const struct latt_system_cfg *c;
	size_t i;

	*settings = false;
	for (i = 0; i < o->ncfgs; i++) {
		c = &o->cfgs[i].system;
		*settings |= c->autogroup >= 0 || c->features ||
			     c->preempt || c->scheduler ||
			     o->cfgs[i].target_weight;
	}
	return *settings || o->base.breaktrace_ns || o->base.explain ||
	       o->keep_trace;
}

int latt_changes_begin(const struct latt_opts *o, const char *cmdline,
		       bool *record)
{
	char err[1400];
	bool settings;
	int ret;

	*record = false;
	if (!changes_system(o, &settings))
		return 0;
	ret = latt_undo_open(LATT_RUN_DIR, cmdline, err, sizeof(err));
	if (ret && settings) {
		fprintf(stderr, "latt: undo record: %s: latt changes the "
			"system only where it can put it back even if it is "
			"killed\n", latt_esc(err));
		return ret;
	}
	/* Without it, a trace could not be made either: it will say so. */
	*record = !ret;
	ret = latt_lock_settings(o->cfgs, o->ncfgs, LATT_RUN_DIR, cmdline,
				 err, sizeof(err));
	if (ret)
		fprintf(stderr, "latt: %s\n", latt_esc(err));
	return ret;
}

void latt_changes_end(void)
{
	latt_undo_close();
	latt_lock_release_all();
}

void latt_changes_say_kept_trace(const struct latt_result *results, size_t n)
{
	while (n-- > 0) {
		if (!results[n].trace.kept || !results[n].trace.dir)
			continue;
		fprintf(stderr, "latt: the trace is kept in %s (instance %s): "
			"rmdir %s when done\n", results[n].trace.dir,
			results[n].trace.name, results[n].trace.dir);
		return;
	}
}

/* See changes.h. */
int latt_changes_preflight(const struct latt_run_cfg *cfgs, size_t n,
			   bool named)
{
	bool rt = latt_sysinfo_preempt_rt();
	char err[2 * PATH_MAX];	/* a cgroup's path, whole */
	size_t i;
	int ret;

	/* The clock is every configuration's. */
	if (cfgs[0].clock == LATT_CLOCK_TSC &&
	    !latt_clock_tsc_trusted("", err, sizeof(err))) {
		fprintf(stderr, "latt: --clock tsc: %s (use --clock auto or "
			"monotonic)\n", err);
		return -EOPNOTSUPP;
	}
	for (i = 0; i < n; i++) {
		ret = latt_priv_check(&cfgs[i], err, sizeof(err));
		if (ret) {
			if (named)
				fprintf(stderr, "latt: configuration '%s': "
					"%s\n", cfgs[i].name, latt_esc(err));
			else
				fprintf(stderr, "latt: %s\n", latt_esc(err));
			return ret;
		}
	}
	for (i = 0; i < n; i++)
		if (latt_sched_rt_starves_waker(&cfgs[i].waker,
						&cfgs[i].target, rt))
			fprintf(stderr, "latt: note: %s%s%sa real-time command "
				"can starve the waker on this PREEMPT_RT kernel "
				"(its timers expire in the ktimers thread, fifo "
				"1, on the CPUs they share): the run may not end "
				"at -t; give the waker a higher priority "
				"(--waker-policy fifo --waker-priority N) or "
				"other CPUs (--waker-cpus)\n",
				named ? "configuration '" : "",
				named ? latt_esc(cfgs[i].name) : "",
				named ? "': " : "");
	return 0;
}
