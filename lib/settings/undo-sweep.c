// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a latt that is gone left (settings/undo-sweep.h,
 * latt_undo_scan()): its undo records applied, then the cgroups and
 * trace instances of latt's naming that no live latt owns, and the
 * markers of kept instances that are gone.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "settings/undo-sweep.h"
#include "settings/lock.h"
#include "settings/undo-revert.h"
#include "settings/undo.h"

static void say_line(latt_undo_say_fn say, void *ctx, const char *prefix,
		     const char *text)
{
	char line[3 * PATH_MAX];

	if (!say)
		return;
	latt_undo_put(line, sizeof(line), "%s%s", prefix, text);
	say(ctx, line);
}

/* Apply the record @file, saying each line after @prefix. */
static int apply(const char *file, const char *prefix, latt_undo_say_fn say,
		 void *ctx)
{
	static struct latt_undo_entry e[LATT_UNDO_ENTRIES_MAX];
	const struct latt_undo_entry *left[LATT_UNDO_ENTRIES_MAX];
	char cmdline[1024], now[256], text[3 * PATH_MAX];
	unsigned int n, i, nleft = 0;
	enum latt_undo_outcome o;
	pid_t pid;
	int ret;

	ret = latt_undo_read_record(file, &pid, cmdline, sizeof(cmdline), e,
				    &n);
	if (ret)
		return ret == -ENOENT ? 0 : 1;
	for (i = n; i-- > 0;) {
		o = latt_undo_revert_entry(&e[i], now, sizeof(now));
		if (o == LATT_UNDO_NOTHING)
			continue;
		latt_undo_describe(&e[i], o, now, text, sizeof(text));
		say_line(say, ctx, prefix, text);
		if (o == LATT_UNDO_FAILED)
			left[nleft++] = &e[i];
	}
	/* What could not be put back stays for the next latt to try. */
	if (latt_undo_write_record(file, pid, cmdline, left, nleft) &&
	    nleft == 0)
		say_line(say, ctx, prefix, "could not remove the record");
	if (!nleft) {
		snprintf(text, sizeof(text), "%s.lock", file);
		unlink(text);
	}
	return (int)nleft;
}

int latt_undo_apply_file(const char *file, const char *prefix,
			 latt_undo_say_fn say, void *ctx)
{
	return apply(file, prefix, say, ctx);
}

/*
 * Does latt @pid, or its guard, still hold its record's lock?  The lock
 * decides, not a process @pid: the pid of a latt gone may be another
 * process's now.  A latt takes that lock before its first change.
 */
static bool owner_alive(const char *dir, pid_t pid)
{
	char lock[PATH_MAX + 32];

	snprintf(lock, sizeof(lock), "%s/%d.lock", dir, (int)pid);
	return latt_lock_busy(lock, pid);
}

/* "latt-PID..." with the PID that made it, or 0; what follows in @rest. */
static pid_t latt_pid_of(const char *name, const char **rest)
{
	char *end;
	long v;

	if (strncmp(name, "latt-", 5) || !isdigit((unsigned char)name[5]))
		return 0;
	v = strtol(name + 5, &end, 10);
	if (v <= 0 || v > INT32_MAX || (*end && *end != '-'))
		return 0;
	*rest = end;
	return (pid_t)v;
}

/* The records of latts that are gone. */
static int scan_records(const char *dir, latt_undo_say_fn say, void *ctx)
{
	char path[PATH_MAX + 300], lock[PATH_MAX + 300], prefix[96];
	struct dirent *d;
	int left = 0, fd;
	DIR *dp;
	long v;
	char *end;

	dp = opendir(dir);
	if (!dp)
		return 0;
	while ((d = readdir(dp))) {
		v = strtol(d->d_name, &end, 10);
		if (v > 0 && !strcmp(end, ".lock") && v != getpid()) {
			/* A latt killed before its first change. */
			snprintf(path, sizeof(path), "%s/%ld", dir, v);
			latt_undo_put(lock, sizeof(lock), "%s.lock", path);
			fd = open(lock, O_RDONLY | O_CLOEXEC);
			if (fd >= 0 && !flock(fd, LOCK_EX | LOCK_NB) &&
			    access(path, F_OK) && errno == ENOENT)
				unlink(lock);
			if (fd >= 0)
				close(fd);
			continue;
		}
		if (v <= 0 || *end || v == getpid())
			continue;
		latt_undo_put(path, sizeof(path), "%s/%s", dir, d->d_name);
		latt_undo_put(lock, sizeof(lock), "%s.lock", path);
		/* Held by a latt gone: its guard, or a child, lets go soon. */
		latt_lock_busy(lock, (pid_t)v);
		fd = open(lock, O_RDONLY | O_CLOEXEC);
		if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB)) {
			/* Its latt, or its guard, is at it. */
			close(fd);
			continue;
		}
		latt_undo_put(prefix, sizeof(prefix), "latt %ld is gone and "
			      "left ", v);
		left += apply(path, prefix, say, ctx);
		if (fd >= 0)
			close(fd);
	}
	closedir(dp);
	return left;
}

/* Cgroups or trace instances "latt-PID..." whose latt is gone. */
static int scan_dir(const char *dir, const char *where, bool trace,
		    latt_undo_say_fn say, void *ctx)
{
	char marker[PATH_MAX + 300], now[256], text[3 * PATH_MAX];
	char prefix[96], procs[PATH_MAX + 300];
	struct latt_undo_entry e;
	enum latt_undo_outcome o;
	struct dirent *d;
	const char *rest;
	int left = 0;
	pid_t pid;
	DIR *dp;

	dp = opendir(dir);
	if (!dp)
		return 0;
	while ((d = readdir(dp))) {
		pid = latt_pid_of(d->d_name, &rest);
		/* Instances "latt-PID", "latt-PID-explain"; cgroups "latt-PID-*" */
		if (!pid || (trace ? *rest && strcmp(rest, "-explain") : !*rest))
			continue;
		if (pid == getpid() || owner_alive(where, pid))
			continue;
		/* Its record, if any, said it already. */
		snprintf(marker, sizeof(marker), "%s/%d", where, (int)pid);
		if (!access(marker, F_OK))
			continue;
		if (trace) {
			latt_undo_kept_marker(where, d->d_name, marker,
					      sizeof(marker));
			if (!access(marker, F_OK))
				continue;
		}
		memset(&e, 0, sizeof(e));
		e.kind = trace ? LATT_UNDO_TRACE : LATT_UNDO_CGROUP;
		snprintf(e.name, sizeof(e.name), trace ? "trace" : "cgroup");
		snprintf(e.path, sizeof(e.path), "%s/%s", dir, d->d_name);
		snprintf(procs, sizeof(procs), "%s/cgroup.controllers", e.path);
		snprintf(e.set, sizeof(e.set), "%s",
			 !trace && !access(procs, F_OK) ? "v2" : "v1");
		o = latt_undo_revert_entry(&e, now, sizeof(now));
		if (o == LATT_UNDO_NOTHING)
			continue;
		snprintf(prefix, sizeof(prefix), "latt %d is gone and left ",
			 (int)pid);
		latt_undo_describe(&e, o, now, text, sizeof(text));
		say_line(say, ctx, prefix, text);
		left += o == LATT_UNDO_FAILED;
	}
	closedir(dp);
	return left;
}

/* Markers of kept instances that are gone since. */
static void scan_markers(const char *dir, const char *trace_dir)
{
	char path[PATH_MAX + 300];
	struct dirent *d;
	DIR *dp;

	if (!*trace_dir)
		return;
	dp = opendir(dir);
	if (!dp)
		return;
	while ((d = readdir(dp))) {
		if (strncmp(d->d_name, "kept-", 5))
			continue;
		snprintf(path, sizeof(path), "%s/%s", trace_dir, d->d_name + 5);
		if (!access(path, F_OK) || errno != ENOENT)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, d->d_name);
		unlink(path);
	}
	closedir(dp);
}

int latt_undo_scan(const char *dir, const char *cgroup_dir,
		   const char *trace_dir, latt_undo_say_fn say, void *ctx)
{
	int left = 0;

	/*
	 * Records another user could have written are not applied (latt
	 * says why when it needs a record of its own there).
	 */
	if (!latt_undo_dir_check(dir, NULL, 0))
		left = scan_records(dir, say, ctx);
	if (*cgroup_dir)
		left += scan_dir(cgroup_dir, dir, false, say, ctx);
	if (*trace_dir)
		left += scan_dir(trace_dir, dir, true, say, ctx);
	scan_markers(dir, trace_dir);
	return left;
}
