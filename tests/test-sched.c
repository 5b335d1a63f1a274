// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of scheduling settings (lib/settings/sched.c):
 * each setting applied to a child process and read back from the kernel,
 * the failing step named, save and restore, when CAP_SYS_NICE is needed,
 * and the checks against the machine.  What needs privileges is skipped
 * without them.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "settings/priv.h"
#include "settings/sched-apply.h"
#include "settings/sched.h"
#include "tap.h"

/* Run @fn in a child process; its exit status (0: as expected). */
static int in_child(int (*fn)(const struct latt_sched *),
		    const struct latt_sched *s)
{
	pid_t pid;
	int st;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0)
		_exit(fn(s));
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

/* Apply @want and read it back: 0 when the kernel holds what was asked. */
static int apply_and_read(const struct latt_sched *want)
{
	enum latt_sched_step step;
	struct latt_sched got;
	cpu_set_t cpus;

	if (latt_sched_apply(want, &step))
		return 1;
	if (latt_sched_read(0, &got))
		return 2;
	if (want->policy != LATT_SCHED_UNSET && got.policy != want->policy)
		return 3;
	if (want->priority && got.priority != want->priority)
		return 4;
	if (want->has_nice && got.nice != want->nice)
		return 5;
	if (want->slice_ns && got.slice_ns != want->slice_ns)
		return 6;
	if (want->runtime_ns && (got.runtime_ns != want->runtime_ns ||
				 got.period_ns != want->period_ns))
		return 7;
	if (want->has_cpus) {
		if (sched_getaffinity(0, sizeof(cpus), &cpus) ||
		    !CPU_EQUAL(&cpus, &want->cpus))
			return 8;
	}
	return 0;
}

/* Expect the policy step to fail with EPERM. */
static int refused_policy(const struct latt_sched *want)
{
	enum latt_sched_step step = LATT_SCHED_STEP_NODE;
	int ret = latt_sched_apply(want, &step);

	return ret == -EPERM && step == LATT_SCHED_STEP_POLICY ? 0 : 1;
}

/* Expect the CPU step to fail. */
static int refused_cpus(const struct latt_sched *want)
{
	enum latt_sched_step step = LATT_SCHED_STEP_POLICY;
	int ret = latt_sched_apply(want, &step);

	return ret == -EINVAL && step == LATT_SCHED_STEP_CPUS ? 0 : 1;
}

/* Save, change, restore: the original comes back. */
static int save_restore(const struct latt_sched *want)
{
	struct latt_sched_saved saved;
	struct latt_sched before, after;
	enum latt_sched_step step;

	if (latt_sched_read(0, &before) || latt_sched_save(&saved))
		return 1;
	if (latt_sched_apply(want, &step))
		return 2;
	if (latt_sched_read(0, &after) || after.policy == before.policy)
		return 3;
	if (latt_sched_restore(&saved) || latt_sched_read(0, &after))
		return 4;
	return after.policy == before.policy && after.nice == before.nice ?
	       0 : 5;
}

/* Set the soft limit @res to @v; false when the hard limit is lower. */
static bool soft_limit(int res, rlim_t v)
{
	struct rlimit rl;

	if (getrlimit(res, &rl) ||
	    (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < v))
		return false;
	rl.rlim_cur = v;
	return setrlimit(res, &rl) == 0;
}

/*
 * needs_cap() against RLIMIT_RTPRIO and RLIMIT_NICE: limits can always be
 * lowered; raised only up to the hard limit (which this process may not
 * be able to change).
 */
static int cap_by_rlimit(const struct latt_sched *want)
{
	struct latt_sched s = *want;

	if (!soft_limit(RLIMIT_RTPRIO, 0) || !latt_sched_needs_cap(&s))
		return 1;
	if (soft_limit(RLIMIT_RTPRIO, want->priority)) {
		if (latt_sched_needs_cap(&s))
			return 2;
		s.priority = want->priority + 1;
		if (!latt_sched_needs_cap(&s))
			return 3;
	}
	/* nice -5 needs RLIMIT_NICE of 25 (20 - nice). */
	latt_sched_init(&s);
	s.has_nice = true;
	s.nice = -5;
	if (!soft_limit(RLIMIT_NICE, 24) && !soft_limit(RLIMIT_NICE, 0))
		return 4;
	if (!latt_sched_needs_cap(&s))
		return 5;
	if (soft_limit(RLIMIT_NICE, 25) && latt_sched_needs_cap(&s))
		return 6;
	s.nice = 0;
	return latt_sched_needs_cap(&s) ? 7 : 0;
}

static void test_apply(void)
{
	bool nice_cap = latt_priv_has(CAP_SYS_NICE);
	struct latt_sched s;
	char err[256];
	int ret;

	latt_sched_init(&s);
	ok(latt_sched_empty(&s) && in_child(apply_and_read, &s) == 0,
	   "nothing set: applying changes nothing");

	latt_sched_init(&s);
	s.policy = LATT_SCHED_BATCH;
	s.has_nice = true;
	s.nice = 7;
	ret = in_child(apply_and_read, &s);
	if (!ok(ret == 0, "batch at nice 7 is what the kernel then holds"))
		diag("step %d", ret);

	latt_sched_init(&s);
	s.policy = LATT_SCHED_IDLE;
	ok(in_child(apply_and_read, &s) == 0, "idle");

	latt_sched_init(&s);
	s.has_cpus = true;
	CPU_ZERO(&s.cpus);
	CPU_SET(0, &s.cpus);
	ok(in_child(apply_and_read, &s) == 0, "cpus 0: the affinity is 0");

	latt_sched_init(&s);
	s.slice_ns = 300000;
	if (latt_sched_check_system(&s, "", err, sizeof(err))) {
		skip("this kernel has no custom slices");
	} else {
		ret = in_child(apply_and_read, &s);
		if (!ok(ret == 0, "slice 300us reads back as 300us"))
			diag("step %d", ret);
	}

	latt_sched_init(&s);
	s.policy = LATT_SCHED_FIFO;
	s.priority = 10;
	if (nice_cap) {
		ok(in_child(apply_and_read, &s) == 0, "fifo at priority 10");
	} else {
		ok(in_child(refused_policy, &s) == 0,
		   "fifo without CAP_SYS_NICE: EPERM, at the policy step");
	}

	latt_sched_init(&s);
	s.policy = LATT_SCHED_DEADLINE;
	s.runtime_ns = 100000;
	s.period_ns = 10000000;
	if (nice_cap)
		ok(in_child(apply_and_read, &s) == 0,
		   "deadline 100us every 10ms");
	else
		skip("deadline needs CAP_SYS_NICE");

	latt_sched_init(&s);
	s.has_cpus = true;
	CPU_ZERO(&s.cpus);
	CPU_SET(CPU_SETSIZE - 1, &s.cpus);
	ok(in_child(refused_cpus, &s) == 0,
	   "a CPU that does not exist: EINVAL, at the cpus step");

	latt_sched_init(&s);
	s.policy = LATT_SCHED_BATCH;
	ok(in_child(save_restore, &s) == 0,
	   "save, change, restore: the settings before come back");
}

static void test_caps(void)
{
	struct latt_sched s;
	int ret;

	latt_sched_init(&s);
	s.policy = LATT_SCHED_DEADLINE;
	ok(latt_sched_needs_cap(&s), "deadline always needs CAP_SYS_NICE");
	latt_sched_init(&s);
	s.policy = LATT_SCHED_BATCH;
	s.has_nice = true;
	s.nice = 19;
	s.slice_ns = 1000000;
	ok(!latt_sched_needs_cap(&s), "batch, nice 19 and a slice do not");
	latt_sched_init(&s);
	s.policy = LATT_SCHED_FIFO;
	s.priority = 20;
	ret = in_child(cap_by_rlimit, &s);
	if (!ok(ret == 0, "fifo up to RLIMIT_RTPRIO, nice down to "
		"RLIMIT_NICE: no capability"))
		diag("step %d", ret);
}

static void test_system(void)
{
	struct latt_sched s;
	char err[256];
	int ret;

	latt_sched_init(&s);
	s.has_cpus = true;
	CPU_ZERO(&s.cpus);
	CPU_SET(CPU_SETSIZE - 1, &s.cpus);
	ret = latt_sched_check_system(&s, "", err, sizeof(err));
	if (!ok(ret == -EINVAL && strstr(err, "is not available") &&
		strstr(err, "may run on CPUs"),
		"check: a CPU latt may not use is named, with those it may"))
		diag("%d %s", ret, err);

	latt_sched_init(&s);
	s.node = 1000;
	ret = latt_sched_check_system(&s, "", err, sizeof(err));
	if (!ok(ret < 0 && strstr(err, "node 1000"),
		"check: a node that does not exist is named"))
		diag("%d %s", ret, err);

	latt_sched_init(&s);
	s.node = 0;
	ret = latt_sched_check_system(&s, "", err, sizeof(err));
	if (latt_sched_numa_built())
		ok(ret == 0 || ret == -EOPNOTSUPP, "check: node 0 exists");
	else
		ok(ret == -EOPNOTSUPP && strstr(err, "without libnuma"),
		   "check: without libnuma a node is refused");
}

int main(void)
{
	plan(9 + 3 + 3);
	test_apply();
	test_caps();
	test_system();
	return tap_done();
}
