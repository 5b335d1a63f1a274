// SPDX-License-Identifier: GPL-2.0-only
/*
 * Putting back one change of an undo record, and the lines that say
 * what was done or how to do it by hand; see settings/undo-revert.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include "base/util.h"
#include "measure/sysinfo.h"
#include "settings/undo-revert.h"

#define FEATURES_MAX	4096
#define DEBUGFS_MAGIC	0x64626720
#define WAIT_MS		2000	/* for a cgroup to empty, a scheduler */

void latt_undo_put(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, len, fmt, ap);
	va_end(ap);
}

unsigned long long latt_undo_start_time(pid_t pid)
{
	char path[64], buf[1024], *p;
	unsigned long long t = 0;
	FILE *f;
	int i;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return 0;
	if (fgets(buf, sizeof(buf), f) && (p = strrchr(buf, ')'))) {
		/* After the name: field 3 on; 22 is the 20th from there. */
		for (i = 0; i < 20 && p; i++)
			p = strchr(p + 1, ' ');
		if (p)
			sscanf(p + 1, "%llu", &t);
	}
	fclose(f);
	return t;
}

/* The current preemption mode: the word in parentheses, or the line. */
static int read_mode(const char *path, char *mode, size_t len)
{
	char line[256], *open_p, *close_p;
	int ret;

	ret = latt_sysinfo_line("", path, line, sizeof(line));
	if (ret)
		return ret;
	open_p = strchr(line, '(');
	close_p = open_p ? strchr(open_p, ')') : NULL;
	if (!close_p)
		snprintf(mode, len, "%s", line);
	else
		snprintf(mode, len, "%.*s", (int)(close_p - open_p - 1),
			 open_p + 1);
	return 0;
}

static enum latt_undo_outcome failed(int ret, char *now, size_t len)
{
	snprintf(now, len, "%s", strerror(-ret));
	return LATT_UNDO_FAILED;
}

/* A value: put back when it is still latt's, left when it is another. */
static enum latt_undo_outcome revert_value(const struct latt_undo_entry *e,
					   char *now, size_t len)
{
	char cur[256];
	int ret;

	ret = e->kind == LATT_UNDO_PREEMPT ?
	      read_mode(e->path, cur, sizeof(cur)) :
	      latt_sysinfo_line("", e->path, cur, sizeof(cur));
	if (ret == -ENOENT)
		return LATT_UNDO_NOTHING;
	if (ret)
		return failed(ret, now, len);
	if (!strcmp(cur, e->set) && strcmp(cur, e->old))
		goto put_back;
	/* Back as it was, by somebody else if latt had changed it. */
	if (!strcmp(cur, e->old) && (!e->made || !strcmp(e->old, e->set)))
		return LATT_UNDO_NOTHING;
	snprintf(now, len, "%s", cur);
	return LATT_UNDO_DISTURBED;
put_back:
	ret = latt_write_file("", e->path, e->old);
	return ret ? failed(ret, now, len) : LATT_UNDO_RESTORED;
}

static enum latt_undo_outcome revert_feature(const struct latt_undo_entry *e,
					     char *now, size_t len)
{
	static char cur[FEATURES_MAX];
	int ret;

	ret = latt_sysinfo_line("", e->path, cur, sizeof(cur));
	if (ret == -ENOENT)
		return LATT_UNDO_NOTHING;
	if (ret)
		return failed(ret, now, len);
	if (latt_has_word(cur, e->old, " ")) {
		if (!e->made)
			return LATT_UNDO_NOTHING;
		snprintf(now, len, "%s", e->old);
		return LATT_UNDO_DISTURBED;
	}
	if (!latt_has_word(cur, e->set, " ")) {
		snprintf(now, len, "not listed");
		return LATT_UNDO_DISTURBED;
	}
	ret = latt_write_file("", e->path, e->old);
	return ret ? failed(ret, now, len) : LATT_UNDO_RESTORED;
}

static enum latt_undo_outcome revert_mount(const struct latt_undo_entry *e,
					   char *now, size_t len)
{
	struct statfs sf;

	if (statfs(e->path, &sf) || sf.f_type != DEBUGFS_MAGIC)
		return LATT_UNDO_NOTHING;
	if (umount2(e->path, MNT_DETACH))
		return failed(-errno, now, len);
	return LATT_UNDO_RESTORED;
}

static void sleep_ms(int ms)
{
	poll(NULL, 0, ms);
}

/* SIGKILL every process of cgroup @path; true once it is empty. */
static bool cgroup_empty(const char *path, bool kill_them)
{
	char procs[PATH_MAX + 16];
	bool any = false;
	FILE *f;
	int pid;

	snprintf(procs, sizeof(procs), "%s/cgroup.procs", path);
	f = fopen(procs, "re");
	if (!f)
		return true;
	while (fscanf(f, "%d", &pid) == 1) {
		any = true;
		if (kill_them && pid > 0)
			kill(pid, SIGKILL);
	}
	fclose(f);
	return !any;
}

static enum latt_undo_outcome revert_cgroup(const struct latt_undo_entry *e,
					    char *now, size_t len)
{
	char kill_file[PATH_MAX + 16];
	int i;

	if (access(e->path, F_OK))
		return errno == ENOENT ? LATT_UNDO_NOTHING :
					 failed(-errno, now, len);
	snprintf(kill_file, sizeof(kill_file), "%s/cgroup.kill", e->path);
	/* cgroup.kill where the kernel has it (v2, Linux 5.14). */
	if (access(kill_file, F_OK) ||
	    latt_write_file("", kill_file, "1"))
		cgroup_empty(e->path, true);
	for (i = 0; i < WAIT_MS / 10; i++) {
		if (!rmdir(e->path) || errno == ENOENT)
			return LATT_UNDO_RESTORED;
		if (errno != EBUSY)
			return failed(-errno, now, len);
		/* One that was forking meanwhile may have a child left. */
		if (i % 10 == 9)
			cgroup_empty(e->path, true);
		sleep_ms(10);
	}
	return failed(-EBUSY, now, len);
}

static enum latt_undo_outcome revert_trace(const struct latt_undo_entry *e,
					   char *now, size_t len)
{
	char on[PATH_MAX + 16];
	int i;

	if (access(e->path, F_OK))
		return errno == ENOENT ? LATT_UNDO_NOTHING :
					 failed(-errno, now, len);
	snprintf(on, sizeof(on), "%s/tracing_on", e->path);
	latt_write_file("", on, "0");
	/* A dying latt's last files of the instance are closed late. */
	for (i = 0; i < WAIT_MS / 10; i++) {
		if (!rmdir(e->path) || errno == ENOENT)
			return LATT_UNDO_RESTORED;
		if (errno != EBUSY)
			break;
		sleep_ms(10);
	}
	return failed(-errno, now, len);
}

static bool scx_disabled(const char *state_path)
{
	char state[64];

	return latt_sysinfo_line("", state_path, state, sizeof(state)) ||
	       !strcmp(state, "disabled");
}

/* "PID:START" of the scheduler; SIGINT, then SIGKILL if it lingers. */
static enum latt_undo_outcome revert_scx(const struct latt_undo_entry *e,
					 char *now, size_t len)
{
	unsigned long long start = 0;
	int pid = 0, i, sig;
	bool ours;

	sscanf(e->set, "%d:%llu", &pid, &start);
	ours = pid > 0 && start && latt_undo_start_time(pid) == start;
	if (!ours && scx_disabled(e->path))
		return LATT_UNDO_NOTHING;
	for (sig = SIGINT; ours && sig; sig = sig == SIGINT ? SIGKILL : 0) {
		kill(-pid, sig);
		for (i = 0; i < WAIT_MS / 10; i++) {
			if (latt_undo_start_time(pid) != start &&
			    scx_disabled(e->path))
				return LATT_UNDO_RESTORED;
			sleep_ms(10);
		}
	}
	if (scx_disabled(e->path))
		return LATT_UNDO_RESTORED;
	snprintf(now, len, "sched_ext is still enabled");
	return LATT_UNDO_FAILED;
}

enum latt_undo_outcome latt_undo_revert_entry(const struct latt_undo_entry *e,
					      char *now, size_t len)
{
	char none[8];

	if (!len) {
		now = none;
		len = sizeof(none);
	}
	now[0] = '\0';
	switch (e->kind) {
	case LATT_UNDO_SYSCTL:
	case LATT_UNDO_PREEMPT:
		return revert_value(e, now, len);
	case LATT_UNDO_FEATURE:
		return revert_feature(e, now, len);
	case LATT_UNDO_MOUNT:
		return revert_mount(e, now, len);
	case LATT_UNDO_CGROUP:
		return revert_cgroup(e, now, len);
	case LATT_UNDO_TRACE:
		return revert_trace(e, now, len);
	case LATT_UNDO_SCX:
		return revert_scx(e, now, len);
	}
	return LATT_UNDO_NOTHING;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

void latt_undo_howto(const struct latt_undo_entry *e, char *buf, size_t len)
{
	switch (e->kind) {
	case LATT_UNDO_SYSCTL:
	case LATT_UNDO_PREEMPT:
	case LATT_UNDO_FEATURE:
		latt_undo_put(buf, len, "echo %s > %s", e->old, e->path);
		break;
	case LATT_UNDO_MOUNT:
		latt_undo_put(buf, len, "umount %s", e->path);
		break;
	case LATT_UNDO_CGROUP:
		if (!strcmp(e->set, "v2"))
			latt_undo_put(buf, len, "echo 1 > %s/cgroup.kill; "
				      "rmdir %s", e->path, e->path);
		else
			latt_undo_put(buf, len, "kill -9 $(cat "
				      "%s/cgroup.procs); rmdir %s", e->path,
				      e->path);
		break;
	case LATT_UNDO_TRACE:
		latt_undo_put(buf, len, "echo 0 > %s/tracing_on; rmdir %s",
			      e->path, e->path);
		break;
	case LATT_UNDO_SCX:
		latt_undo_put(buf, len, "kill -INT -%.*s",
			      (int)strcspn(e->set, ":"), e->set);
		break;
	}
}

/* What @e changed, for a line: "autogroup 0", "cgroup /sys/...". */
static void what(const struct latt_undo_entry *e, char *buf, size_t len)
{
	switch (e->kind) {
	case LATT_UNDO_SYSCTL:
	case LATT_UNDO_PREEMPT:
	case LATT_UNDO_FEATURE:
		latt_undo_put(buf, len, "%s %s", e->name, e->set);
		break;
	case LATT_UNDO_MOUNT:
		latt_undo_put(buf, len, "%s mounted at %s", e->name, e->path);
		break;
	case LATT_UNDO_CGROUP:
		latt_undo_put(buf, len, "cgroup %s", e->path);
		break;
	case LATT_UNDO_TRACE:
		latt_undo_put(buf, len, "trace instance %s",
			      base_name(e->path));
		break;
	case LATT_UNDO_SCX:
		latt_undo_put(buf, len, "sched_ext scheduler (pid %.*s)",
			      (int)strcspn(e->set, ":"), e->set);
		break;
	}
}

void latt_undo_describe(const struct latt_undo_entry *e,
			enum latt_undo_outcome outcome, const char *now,
			char *buf, size_t len)
{
	char w[PATH_MAX + 64], how[2 * PATH_MAX + 64];
	bool value = e->kind == LATT_UNDO_SYSCTL ||
		     e->kind == LATT_UNDO_PREEMPT ||
		     e->kind == LATT_UNDO_FEATURE;

	what(e, w, sizeof(w));
	switch (outcome) {
	case LATT_UNDO_RESTORED:
		if (value)
			latt_undo_put(buf, len, "%s: put back to %s", w,
				      e->old);
		else if (e->kind == LATT_UNDO_CGROUP)
			latt_undo_put(buf, len, "%s: emptied and removed", w);
		else if (e->kind == LATT_UNDO_TRACE)
			latt_undo_put(buf, len, "%s: stopped and removed", w);
		else if (e->kind == LATT_UNDO_MOUNT)
			latt_undo_put(buf, len, "%s: unmounted", w);
		else
			latt_undo_put(buf, len, "%s: stopped", w);
		break;
	case LATT_UNDO_NOTHING:
		latt_undo_put(buf, len, "%s: nothing to put back", w);
		break;
	case LATT_UNDO_DISTURBED:
		latt_undo_put(buf, len, "%s is %s now, not the %s latt set: "
			      "changed by somebody else, left as it is",
			      e->name, now, e->set);
		break;
	case LATT_UNDO_FAILED:
		latt_undo_howto(e, how, sizeof(how));
		latt_undo_put(buf, len, "%s: could not be put back (%s); as "
			      "root: %s", w, now, how);
		break;
	}
}
