// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of system settings (lib/settings/knobs.c, lib/settings/knobs.h) on a
 * fake root: a directory laid out like /proc, /dev and /sys with plain
 * files, where a write replaces the file's text.  Each setting is checked,
 * applied, and put back; a sched_ext scheduler is a script that flips the
 * fake state file, as the kernel would.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "measure/sysinfo.h"
#include "settings/config.h"
#include "settings/knobs.h"
#include "tap.h"
#include "util.h"

static char root[4096];

static void put(const char *rel, const char *text)
{
	if (put_file(root, rel, text)) {
		diag("cannot write %s%s", root, rel);
		exit(1);
	}
}

/* The first line of @rel under the root, or "" */
static const char *get(const char *rel)
{
	static char line[256];

	if (latt_sysinfo_line(root, rel, line, sizeof(line)))
		line[0] = '\0';
	return line;
}

static void layout(void)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(root, sizeof(root), "%s/latt-test-knobs.XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(root)) {
		diag("mkdtemp failed");
		exit(1);
	}
	put("/proc/sys/kernel/sched_autogroup_enabled", "1\n");
	put("/dev/cpu_dma_latency", "");
	put("/sys/kernel/debug/sched/features",
	    "GENTLE_FAIR_SLEEPERS NO_PLACE_LAG RUN_TO_PARITY\n");
	put("/sys/kernel/debug/sched/preempt", "none voluntary (full) lazy\n");
	put("/sys/kernel/sched_ext/state", "disabled\n");
	put("/sys/kernel/sched_ext/root/ops", "");
}

static void unlayout(void)
{
	char cmd[8192];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd))
		diag("could not remove %s", root);
}

static struct latt_system_cfg none(void)
{
	struct latt_system_cfg c = { .autogroup = -1, .dma_latency_us = -1 };

	return c;
}

static void test_check(void)
{
	struct latt_system_cfg c;
	char err[512];
	int ret;

	c = none();
	c.autogroup = 0;
	c.dma_latency_us = 0;
	c.features = "NO_RUN_TO_PARITY,PLACE_LAG";
	c.preempt = "lazy";
	c.scheduler = "scx_lavd";
	ret = latt_knobs_check(&c, root, err, sizeof(err));
	if (!ok(ret == 0, "check: every setting is there"))
		diag("%d %s", ret, err);

	c = none();
	c.features = "NO_RUN_TO_PARITY,NO_SUCH_THING";
	ret = latt_knobs_check(&c, root, err, sizeof(err));
	ok(ret == -EINVAL && strstr(err, "no scheduler feature SUCH_THING"),
	   "check: an unknown feature is named");

	c = none();
	c.preempt = "lazy";
	put("/sys/kernel/debug/sched/preempt", "none voluntary (full)\n");
	ret = latt_knobs_check(&c, root, err, sizeof(err));
	ok(ret == -EINVAL && strstr(err, "no mode lazy") &&
	   strstr(err, "(full)"), "check: a mode the kernel lacks is named");
	put("/sys/kernel/debug/sched/preempt", "none voluntary (full) lazy\n");

	c = none();
	c.scheduler = "scx_lavd";
	put("/sys/kernel/sched_ext/state", "enabled\n");
	put("/sys/kernel/sched_ext/root/ops", "lavd\n");
	ret = latt_knobs_check(&c, root, err, sizeof(err));
	ok(ret == -EBUSY && strstr(err, "'lavd' is already loaded"),
	   "check: a sched_ext scheduler already running is refused, named");
	put("/sys/kernel/sched_ext/state", "disabled\n");
}

static void test_missing(void)
{
	struct latt_system_cfg c;
	char err[512], path[8192];
	int ret;

	snprintf(path, sizeof(path), "%s/proc/sys/kernel/"
		 "sched_autogroup_enabled", root);
	unlink(path);
	c = none();
	c.autogroup = 1;
	ret = latt_knobs_check(&c, root, err, sizeof(err));
	ok(ret == -EOPNOTSUPP && strstr(err, "CONFIG_SCHED_AUTOGROUP"),
	   "check: a kernel without autogroup says so");
	put("/proc/sys/kernel/sched_autogroup_enabled", "1\n");

	snprintf(path, sizeof(path), "%s/sys/kernel/sched_ext/state", root);
	unlink(path);
	c = none();
	c.scheduler = "scx_lavd";
	ret = latt_knobs_check(&c, root, err, sizeof(err));
	ok(ret == -EOPNOTSUPP && strstr(err, "no sched_ext"),
	   "check: a kernel without sched_ext says so");
	put("/sys/kernel/sched_ext/state", "disabled\n");

	snprintf(path, sizeof(path), "%s/sys/kernel/debug/sched/features",
		 root);
	unlink(path);
	c = none();
	c.features = "NO_PLACE_LAG";
	ret = latt_knobs_check(&c, root, err, sizeof(err));
	ok(ret == -ENOENT && strstr(err, "CONFIG_SCHED_DEBUG"),
	   "check: a kernel without sched/features says so");
	put("/sys/kernel/debug/sched/features",
	    "GENTLE_FAIR_SLEEPERS NO_PLACE_LAG RUN_TO_PARITY\n");

	if (geteuid() != 0) {
		snprintf(path, sizeof(path), "%s/dev/cpu_dma_latency", root);
		chmod(path, 0400);
		c = none();
		c.dma_latency_us = 0;
		ret = latt_knobs_check(&c, root, err, sizeof(err));
		ok(ret == -EACCES && strstr(err, "cannot write") &&
		   strstr(err, "root"), "check: a file latt may not write");
		chmod(path, 0600);
	} else {
		skip("root may write any file");
	}
}

static void test_apply_restore(void)
{
	struct latt_system_cfg c;
	struct latt_knobs k;
	char err[512], path[8192];
	int32_t v = -1;
	int fd, ret;

	c = none();
	c.autogroup = 0;
	c.dma_latency_us = 25;
	c.preempt = "lazy";
	c.features = "NO_RUN_TO_PARITY";
	latt_knobs_init(&k, root);
	ret = latt_knobs_apply(&k, &c, NULL, err, sizeof(err));
	if (!ok(ret == 0, "apply: every setting"))
		diag("%d %s", ret, err);
	ok(!strcmp(get("/proc/sys/kernel/sched_autogroup_enabled"), "0"),
	   "apply: autogroup written");
	snprintf(path, sizeof(path), "%s/dev/cpu_dma_latency", root);
	fd = open(path, O_RDONLY);
	ok(fd >= 0 && read(fd, &v, sizeof(v)) == sizeof(v) && v == 25 &&
	   k.dma_fd >= 0, "apply: the PM QoS request is written and held");
	if (fd >= 0)
		close(fd);
	ok(!strcmp(get("/sys/kernel/debug/sched/preempt"), "lazy"),
	   "apply: the preemption mode written");
	ok(!strcmp(get("/sys/kernel/debug/sched/features"),
		   "NO_RUN_TO_PARITY"), "apply: the feature turned off");

	ret = latt_knobs_restore(&k, err, sizeof(err));
	ok(ret == 0 && k.dma_fd < 0 &&
	   !strcmp(get("/proc/sys/kernel/sched_autogroup_enabled"), "1") &&
	   !strcmp(get("/sys/kernel/debug/sched/preempt"), "full") &&
	   !strcmp(get("/sys/kernel/debug/sched/features"), "RUN_TO_PARITY"),
	   "restore: each put back as it was, the request released");

	/* Features already as asked are not written. */
	put("/sys/kernel/debug/sched/features",
	    "GENTLE_FAIR_SLEEPERS NO_PLACE_LAG RUN_TO_PARITY\n");
	c = none();
	c.features = "NO_PLACE_LAG,RUN_TO_PARITY";
	latt_knobs_init(&k, root);
	ret = latt_knobs_apply(&k, &c, NULL, err, sizeof(err));
	ok(ret == 0 && !k.features[0] &&
	   !strcmp(get("/sys/kernel/debug/sched/features"),
		   "GENTLE_FAIR_SLEEPERS NO_PLACE_LAG RUN_TO_PARITY"),
	   "apply: features already as asked are left alone");
	latt_knobs_restore(&k, err, sizeof(err));

	/* A failure half-way puts back what was already made. */
	put("/sys/kernel/debug/sched/preempt", "none voluntary (full)\n");
	c = none();
	c.autogroup = 0;
	c.preempt = "lazy";
	latt_knobs_init(&k, root);
	ret = latt_knobs_apply(&k, &c, NULL, err, sizeof(err));
	ok(ret == -EINVAL &&
	   !strcmp(get("/proc/sys/kernel/sched_autogroup_enabled"), "1") &&
	   k.autogroup < 0, "apply: a failure puts back what was made");
	put("/sys/kernel/debug/sched/preempt", "none voluntary (full) lazy\n");
}

static void test_scheduler(void)
{
	struct latt_system_cfg c;
	struct latt_knobs k;
	char err[512], cmd[8192];
	int ret, status;

	snprintf(cmd, sizeof(cmd),
		 "s='%s/sys/kernel/sched_ext/state'; "
		 "trap 'echo disabled >\"$s\"; exit 0' INT; "
		 "sleep 0.1; echo fake >\"${s%%state}root/ops\"; "
		 "echo enabled >\"$s\"; "
		 "while :; do sleep 0.02; done", root);
	c = none();
	c.scheduler = cmd;
	latt_knobs_init(&k, root);
	ret = latt_knobs_apply(&k, &c, NULL, err, sizeof(err));
	if (!ok(ret == 0 && k.scheduler > 0 &&
		!strcmp(get("/sys/kernel/sched_ext/state"), "enabled"),
		"scheduler: started, and waited for until enabled"))
		diag("%d %s", ret, err);
	ok(!strcmp(k.scx_ops, "fake"), "scheduler: named as sched_ext names it");
	ok(latt_knobs_verify(&k, err, sizeof(err)) == 0,
	   "scheduler: verified still enabled");
	ret = latt_knobs_restore(&k, err, sizeof(err));
	ok(ret == 0 && !k.scheduler &&
	   !strcmp(get("/sys/kernel/sched_ext/state"), "disabled"),
	   "scheduler: stopped with SIGINT, sched_ext disabled again");

	/* The kernel ejected it during the run. */
	latt_knobs_init(&k, root);
	ret = latt_knobs_apply(&k, &c, NULL, err, sizeof(err));
	put("/sys/kernel/sched_ext/state", "disabled\n");
	ret = latt_knobs_verify(&k, err, sizeof(err));
	ok(ret == -ESRCH && strstr(err, "no longer enabled"),
	   "scheduler: an ejected scheduler fails the run");
	latt_knobs_restore(&k, err, sizeof(err));

	snprintf(cmd, sizeof(cmd), "exit 3");
	latt_knobs_init(&k, root);
	ret = latt_knobs_apply(&k, &c, NULL, err, sizeof(err));
	ok(ret == -ECHILD && strstr(err, "status 3") &&
	   strstr(err, "before sched_ext was enabled") && !k.scheduler &&
	   !strstr(err, "its output"),
	   "scheduler: one that exits at once is an error saying how");

	/* What a loader that fails says: its first and last lines. */
	snprintf(cmd, sizeof(cmd), "echo 'libbpf: no Kconfig'; echo x; "
		 "echo 'Failed to load skel' >&2; exit 1");
	latt_knobs_init(&k, root);
	ret = latt_knobs_apply(&k, &c, NULL, err, sizeof(err));
	if (!ok(ret == -ECHILD && strstr(err, "(status 1) before sched_ext was "
		"enabled: its output: \"libbpf: no Kconfig\" ... \"Failed "
		"to load skel\"") && !strchr(err, '\n'),
		"scheduler: one that fails to load: its output quoted, one line"))
		diag("%s", err);
	latt_knobs_restore(&k, err, sizeof(err));

	/* During the run: its last words. */
	snprintf(cmd, sizeof(cmd),
		 "s='%s/sys/kernel/sched_ext/state'; echo local=1; "
		 "echo enabled >\"$s\"; sleep 0.1; echo 'EXIT: ejected'; "
		 "echo disabled >\"$s\"; exit 0", root);
	latt_knobs_init(&k, root);
	ret = latt_knobs_apply(&k, &c, NULL, err, sizeof(err));
	waitpid(k.scheduler, &status, 0);
	latt_knobs_reaped(&k, k.scheduler, status);
	ret = latt_knobs_verify(&k, err, sizeof(err));
	if (!ok(ret == -ESRCH && strstr(err, "exited during the run: its "
		"output: \"EXIT: ejected\"") && !strstr(err, "local=1"),
		"scheduler: one that exits during the run: its last line"))
		diag("%s", err);
	latt_knobs_restore(&k, err, sizeof(err));
}

int main(void)
{
	plan(4 + 4 + 8 + 8);
	layout();
	test_check();
	test_missing();
	test_apply_restore();
	test_scheduler();
	unlayout();
	return tap_done();
}
