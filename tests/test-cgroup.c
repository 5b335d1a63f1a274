// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the target's cgroups (lib/settings/cgroup.c, lib/settings/cgroup.h):
 * finding the hierarchy with the cpu controller and latt's place in it
 * from fake /proc files (cgroup v2, a hybrid v1 cpu mount, a container's
 * bind mount, none), and, where this process may, a real cgroup made with
 * a weight, joined, killed and removed.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "settings/cgroup.h"
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

static void fresh_root(void)
{
	const char *tmp = getenv("TMPDIR");
	char cmd[8192];

	if (root[0]) {
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
		if (system(cmd))
			diag("could not remove %s", root);
	}
	snprintf(root, sizeof(root), "%s/latt-test-cgroup.XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(root)) {
		diag("mkdtemp failed");
		exit(1);
	}
}

/* latt_cgroup_locate() on the fake root: its path below the root. */
static int locate(char *path, size_t len, bool *v2, char *err, size_t elen)
{
	struct latt_cgroup cg;
	int ret;

	ret = latt_cgroup_locate(&cg, root, err, elen);
	if (!ret) {
		snprintf(path, len, "%s", cg.path + strlen(root));
		*v2 = cg.v2;
	}
	return ret;
}

static void test_locate(void)
{
	char path[8192], err[256];
	bool v2 = false;
	int ret;

	fresh_root();
	put("/proc/self/mountinfo",
	    "30 22 0:27 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw\n");
	put("/sys/fs/cgroup/cgroup.controllers", "cpuset cpu io memory pids\n");
	put("/proc/self/cgroup",
	    "0::/user.slice/user-0.slice/session-1.scope\n");
	ret = locate(path, sizeof(path), &v2, err, sizeof(err));
	ok(ret == -EOPNOTSUPP && strstr(err, "cgroup.subtree_control"),
	   "v2, cpu not handed to the children of the parent: says so");
	put("/sys/fs/cgroup/user.slice/user-0.slice/cgroup.subtree_control",
	    "cpu memory pids\n");
	ret = locate(path, sizeof(path), &v2, err, sizeof(err));
	if (!ok(!ret && v2 && !strcmp(path,
		"/sys/fs/cgroup/user.slice/user-0.slice"),
		"v2 with cpu: beside latt's own cgroup"))
		diag("%d %s %s", ret, path, err);

	fresh_root();
	put("/proc/self/mountinfo",
	    "30 22 0:27 / /sys/fs/cgroup rw - tmpfs tmpfs rw,mode=755\n"
	    "31 30 0:28 / /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup "
	    "rw,cpu,cpuacct\n"
	    "32 30 0:29 / /sys/fs/cgroup/cpuset rw - cgroup cgroup rw,cpuset\n"
	    "40 30 0:37 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n");
	put("/sys/fs/cgroup/unified/cgroup.controllers", "\n");
	put("/proc/self/cgroup", "3:cpuset:/\n4:cpu,cpuacct:/build/a\n"
	    "0::/\n");
	ret = locate(path, sizeof(path), &v2, err, sizeof(err));
	if (!ok(!ret && !v2 && !strcmp(path, "/sys/fs/cgroup/cpu,cpuacct/build"),
		"hybrid: the v1 cpu mount when v2 has no cpu (not cpuset)"))
		diag("%d %s %s", ret, path, err);

	put("/proc/self/cgroup", "4:cpu,cpuacct:/\n0::/\n");
	ret = locate(path, sizeof(path), &v2, err, sizeof(err));
	ok(!ret && !strcmp(path, "/sys/fs/cgroup/cpu,cpuacct"),
	   "latt in the root cgroup: in the root");
	put("/proc/self/cgroup", "4:cpu,cpuacct:/buildbot/x\n0::/\n");
	put("/proc/self/mountinfo",
	    "31 30 0:28 /build /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup "
	    "rw,cpu,cpuacct\n");
	ret = locate(path, sizeof(path), &v2, err, sizeof(err));
	if (!ok(!ret && !strcmp(path, "/sys/fs/cgroup/cpu,cpuacct/buildbot"),
		"a mount root is a prefix only up to a '/'"))
		diag("%d %s %s", ret, path, err);

	fresh_root();
	put("/proc/self/mountinfo",
	    "30 22 0:27 /docker/abc /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n");
	put("/sys/fs/cgroup/cgroup.controllers", "cpu memory\n");
	put("/sys/fs/cgroup/cgroup.subtree_control", "cpu memory\n");
	put("/proc/self/cgroup", "0::/docker/abc/job\n");
	ret = locate(path, sizeof(path), &v2, err, sizeof(err));
	if (!ok(!ret && v2 && !strcmp(path, "/sys/fs/cgroup"),
		"a bind mount of part of the tree (a container)"))
		diag("%d %s %s", ret, path, err);

	fresh_root();
	put("/proc/self/mountinfo",
	    "30 22 0:27 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n");
	put("/sys/fs/cgroup/cgroup.controllers", "memory pids\n");
	put("/proc/self/cgroup", "0::/\n");
	ret = locate(path, sizeof(path), &v2, err, sizeof(err));
	ok(ret == -ENOENT && strstr(err, "cpu controller"),
	   "no hierarchy with cpu: says so");
}

static void test_open(void)
{
	struct latt_cgroup cg;
	char err[512], path[8192];
	int ret;

	fresh_root();
	put("/grp/cgroup.procs", "");
	snprintf(path, sizeof(path), "%s/grp", root);
	ret = latt_cgroup_open(&cg, path, err, sizeof(err));
	ok(ret == 0 && !cg.created, "open: a directory with cgroup.procs");
	snprintf(path, sizeof(path), "%s/nothing", root);
	ret = latt_cgroup_open(&cg, path, err, sizeof(err));
	ok(ret == -ENOENT && strstr(err, "is not a cgroup directory"),
	   "open: anything else is refused, saying why");
}

/* A real cgroup beside this test's own, where the test may make one. */
static void test_real(void)
{
	struct latt_cgroup cg;
	char err[512], name[64], procs[8192];
	unsigned int weight = 0;
	int ret, st, fds[2];
	char joined;
	pid_t pid;

	ret = latt_cgroup_locate(&cg, "", err, sizeof(err));
	if (ret || access(cg.path, W_OK)) {
		for (ret = 0; ret < 5; ret++)
			skip("cannot make cgroups here");
		return;
	}
	snprintf(name, sizeof(name), "latt-test-%d", (int)getpid());
	ret = latt_cgroup_create(&cg, name, 50, err, sizeof(err));
	if (!ok(ret == 0 && cg.created, "create: %s", cg.path))
		diag("%d %s", ret, err);
	ok(!latt_cgroup_weight(&cg, &weight) && weight == 50,
	   "create: its weight reads back as 50 (%s)",
	   cg.v2 ? "cpu.weight" : "cpu.shares");

	/* The child says when it has joined: one byte, or none if it failed. */
	latt_cgroup_procs(&cg, procs, sizeof(procs));
	if (pipe(fds)) {
		diag("pipe: %s", strerror(errno));
		fds[0] = fds[1] = -1;
	}
	pid = fork();
	if (pid == 0) {
		close(fds[0]);
		if (latt_cgroup_join(procs))
			_exit(1);
		if (write(fds[1], "j", 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	close(fds[1]);
	ok(read(fds[0], &joined, 1) == 1 && latt_cgroup_populated(&cg),
	   "join: a child joined it");
	close(fds[0]);
	ret = latt_cgroup_kill(&cg, SIGKILL);
	ok(ret >= 1 && waitpid(pid, &st, 0) == pid && WIFSIGNALED(st) &&
	   WTERMSIG(st) == SIGKILL, "kill: reaches the processes in it");
	ret = latt_cgroup_remove(&cg);
	ok(ret == 0 && access(cg.path, F_OK) && !cg.created,
	   "remove: the cgroup is gone");
}

int main(void)
{
	char cmd[8192];

	plan(7 + 2 + 5);
	test_locate();
	test_open();
	test_real();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd))
		diag("could not remove %s", root);
	return tap_done();
}
