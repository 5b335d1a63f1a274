// SPDX-License-Identifier: GPL-2.0-only
/*
 * Privileges and limits; see settings/priv.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "settings/priv.h"
#include "base/parse.h"
#include "base/util.h"
#include "measure/sysinfo.h"
#include "settings/cgroup.h"
#include "settings/config.h"
#include "settings/knobs.h"
#include "settings/sched.h"

bool latt_priv_has(cap_value_t cap)
{
	cap_flag_value_t v = CAP_CLEAR;
	cap_t caps;

	caps = cap_get_proc();
	if (!caps)
		return false;
	if (cap_get_flag(caps, cap, CAP_EFFECTIVE, &v))
		v = CAP_CLEAR;
	cap_free(caps);
	return v == CAP_SET;
}

int latt_priv_nofile(uint64_t need, struct rlimit *rl)
{
	struct rlimit want;

	if (getrlimit(RLIMIT_NOFILE, rl))
		return -errno;
	if (rl->rlim_cur != RLIM_INFINITY && rl->rlim_cur < need) {
		want.rlim_cur = need;
		want.rlim_max = rl->rlim_max;
		if (rl->rlim_max != RLIM_INFINITY && rl->rlim_max < need)
			want.rlim_max = need;
		if (setrlimit(RLIMIT_NOFILE, &want))
			return -EMFILE;
		*rl = want;
	}
	return 0;
}

/* Which setting of @s needs CAP_SYS_NICE, in words ("policy fifo"). */
static void nice_cap_reason(const struct latt_sched *s, const char *who,
			    char *buf, size_t len)
{
	if (s->has_nice && s->policy != LATT_SCHED_DEADLINE &&
	    !latt_sched_is_rt(s->policy) && s->policy != LATT_SCHED_IDLE)
		snprintf(buf, len, "%snice %d", who, s->nice);
	else if (s->policy != LATT_SCHED_UNSET)
		snprintf(buf, len, "%spolicy %s", who,
			 latt_sched_policy_name(s->policy));
	else
		snprintf(buf, len, "%ssettings", who);
}

static int check_sched(const struct latt_sched *s, const char *who,
		       char *err, size_t len)
{
	bool undo = !strcmp(who, "waker-") && latt_sched_undo_needs_cap(s);
	char what[64];

	if ((latt_sched_needs_cap(s) || undo) &&
	    !latt_priv_has(CAP_SYS_NICE)) {
		char self[PATH_MAX] = "latt";
		ssize_t n;

		n = readlink("/proc/self/exe", self, sizeof(self) - 1);
		if (n > 0)
			self[n] = '\0';
		nice_cap_reason(s, who, what, sizeof(what));
		snprintf(err, len, "%s needs CAP_SYS_NICE%s: run latt as root, "
			 "or give it the capability: setcap cap_sys_nice+ep %s",
			 what, latt_sched_needs_cap(s) ? "" :
			 " (for latt to undo it after the run)", self);
		return -EPERM;
	}
	return latt_sched_check_system(s, who, err, len);
}

static int check_cgroup(const struct latt_run_cfg *c, char *err, size_t len)
{
	struct latt_cgroup cg;
	char why[2 * PATH_MAX];	/* a path, whole */
	int ret;

	if (c->target_cgroup) {
		ret = latt_cgroup_open(&cg, c->target_cgroup, why, sizeof(why));
		if (ret)
			snprintf(err, len, "%s", why);
		return ret;
	}
	if (!c->target_weight)
		return 0;
	ret = latt_cgroup_locate(&cg, "", why, sizeof(why));
	if (ret) {
		snprintf(err, len, "target-weight: %s", why);
		return ret;
	}
	if (faccessat(AT_FDCWD, cg.path, W_OK, AT_EACCESS)) {
		ret = -errno;
		snprintf(err, len, "target-weight: cannot make a cgroup in %s: "
			 "%s (run latt as root)", cg.path, strerror(errno));
		return ret;
	}
	return 0;
}

/*
 * Deadline tasks together may not use more than sched_rt_runtime_us of
 * every sched_rt_period_us on each CPU: the kernel refuses the client
 * that would go beyond, when the run starts.  Say it before.
 */
static int check_deadline(const struct latt_run_cfg *c, char *err, size_t len)
{
	const struct latt_sched *s = &c->client;
	char line[32], rt[32], pe[32];
	double need, limit;
	long runtime, period;
	cpu_set_t cpus;

	if (s->policy != LATT_SCHED_DEADLINE || !s->period_ns ||
	    latt_sysinfo_line("", "/proc/sys/kernel/sched_rt_runtime_us",
			      line, sizeof(line)) ||
	    sscanf(line, "%ld", &runtime) != 1 || runtime < 0 ||
	    latt_sysinfo_line("", "/proc/sys/kernel/sched_rt_period_us",
			      line, sizeof(line)) ||
	    sscanf(line, "%ld", &period) != 1 || period <= 0 ||
	    sched_getaffinity(0, sizeof(cpus), &cpus))
		return 0;
	need = (double)c->clients * (double)s->runtime_ns /
	       (double)s->period_ns;
	limit = CPU_COUNT(&cpus) * (double)runtime / (double)period;
	if (need <= limit)
		return 0;
	return latt_err(-EBUSY, err, len, "policy deadline: %u clients of "
			"runtime %s every %s need %.2f CPUs, more than the "
			"%.2f the kernel gives deadline tasks here (%d CPUs, "
			"sched_rt_runtime_us/sched_rt_period_us): lower "
			"runtime, raise period or use fewer clients",
			c->clients, latt_format_duration(s->runtime_ns, rt,
							 sizeof(rt)),
			latt_format_duration(s->period_ns, pe, sizeof(pe)),
			need, limit, CPU_COUNT(&cpus));
}

int latt_priv_check(const struct latt_run_cfg *c, char *err, size_t len)
{
	int ret;

	ret = check_deadline(c, err, len);
	if (!ret)
		ret = check_sched(&c->client, "", err, len);
	if (!ret)
		ret = check_sched(&c->waker, "waker-", err, len);
	if (!ret)
		ret = check_sched(&c->target, "target-", err, len);
	if (!ret)
		ret = check_cgroup(c, err, len);
	if (!ret)
		ret = latt_knobs_check(&c->system, "", err, len);
	return ret;
}

static bool needs_system(const struct latt_run_cfg *c)
{
	const struct latt_system_cfg *s = &c->system;

	return s->autogroup >= 0 || s->dma_latency_us >= 0 || s->features ||
	       s->preempt || s->scheduler || c->target_cgroup ||
	       c->target_weight;
}

int latt_priv_drop(const struct latt_run_cfg *cfgs, size_t n)
{
	cap_value_t keep[4];
	cap_flag_value_t v;
	int nkeep = 0, ret = 0, i;
	bool nice = false, sys = false;
	cap_t cur, next;
	size_t k;

	for (k = 0; k < n; k++) {
		/* The waker's own settings are undone after each run. */
		nice |= latt_sched_needs_cap(&cfgs[k].client) ||
			latt_sched_needs_cap(&cfgs[k].waker) ||
			latt_sched_undo_needs_cap(&cfgs[k].waker) ||
			latt_sched_needs_cap(&cfgs[k].target);
		sys |= needs_system(&cfgs[k]);
	}
	keep[nkeep++] = CAP_KILL;
	if (nice)
		keep[nkeep++] = CAP_SYS_NICE;
	if (sys) {
		keep[nkeep++] = CAP_SYS_ADMIN;
		keep[nkeep++] = CAP_DAC_OVERRIDE;
	}

	cur = cap_get_proc();
	next = cap_init();
	if (!cur || !next) {
		ret = -errno;
		goto out;
	}
	for (i = 0; i < nkeep; i++) {
		if (cap_get_flag(cur, keep[i], CAP_PERMITTED, &v) ||
		    v != CAP_SET)
			continue;
		if (cap_set_flag(next, CAP_PERMITTED, 1, &keep[i], CAP_SET) ||
		    cap_set_flag(next, CAP_EFFECTIVE, 1, &keep[i], CAP_SET)) {
			ret = -errno;
			goto out;
		}
	}
	if (cap_compare(cur, next) && cap_set_proc(next))
		ret = -errno;
out:
	if (next)
		cap_free(next);
	if (cur)
		cap_free(cur);
	return ret;
}
