// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the undo record (lib/settings/undo.c) and of
 * the setting locks (lib/settings/lock.c) in a directory of their own: the record
 * is on disk before a change and gone after a normal end; a record read
 * back is applied in reverse order; a value changed from outside is left
 * and said to be; a change recorded but never made is passed over; a
 * record whose lock is free is found and applied by a later scan, one
 * whose lock is held is not; a second lock on a setting names the first;
 * a directory another user may write is neither used nor swept.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "measure/sysinfo.h"
#include "settings/lock.h"
#include "settings/undo-sweep.h"
#include "settings/undo.h"
#include "tap.h"
#include "util.h"

static char dir[4096], run[4200], said[8192];

static void put(const char *rel, const char *text)
{
	if (put_file(dir, rel, text)) {
		diag("cannot write %s%s", dir, rel);
		exit(1);
	}
}

static const char *get(const char *rel)
{
	static char line[256];

	if (latt_sysinfo_line(dir, rel, line, sizeof(line)))
		line[0] = '\0';
	return line;
}

static char *path(const char *rel)
{
	static char p[2][4200];
	static int i;

	i = !i;
	snprintf(p[i], sizeof(p[i]), "%s%s", dir, rel);
	return p[i];
}

static void say(void *ctx, const char *line)
{
	size_t used = strlen(said);

	(void)ctx;
	snprintf(said + used, sizeof(said) - used, "%s\n", line);
}

/* The text of the record file, or "" when there is none. */
static const char *record(void)
{
	static char text[4096];
	ssize_t n;
	int fd;

	text[0] = '\0';
	fd = open(latt_undo_file(), O_RDONLY);
	if (fd < 0)
		return text;
	n = read(fd, text, sizeof(text) - 1);
	text[n > 0 ? n : 0] = '\0';
	close(fd);
	return text;
}

int main(void)
{
	const char *tmp = getenv("TMPDIR");
	char err[512], now[128], file[4300];
	char cg[64];
	enum latt_undo_outcome o;
	int id, id2, status, ret, i;
	pid_t child;

	plan(25);
	snprintf(dir, sizeof(dir), "%s/latt-test-undo.XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		diag("mkdtemp failed");
		return 1;
	}
	snprintf(run, sizeof(run), "%s/run", dir);
	put("/autogroup", "1\n");
	put("/preempt", "none voluntary (full) lazy\n");
	put("/cgroup/latt-1-default-1/cgroup.procs", "");

	/* Entries before the file is kept live in memory. */
	id = latt_undo_add(LATT_UNDO_SYSCTL, "autogroup", path("/autogroup"),
			   "1", "0");
	ok(id > 0 && !*latt_undo_file(), "add without a record file: in memory");
	latt_undo_forget(id);

	ret = latt_undo_open(run, "latt --autogroup 0", err, sizeof(err));
	ok(ret == 0 && strstr(latt_undo_file(), run) &&
	   access(latt_undo_file(), F_OK) != 0,
	   "open: no file while nothing is changed (%s)", ret ? err : "");

	id = latt_undo_add(LATT_UNDO_SYSCTL, "autogroup", path("/autogroup"),
			   "1", "0");
	ok(id > 0 && strstr(record(), "entry sysctl 0 autogroup ") &&
	   strstr(record(), "cmdline latt%20--autogroup%200\n"),
	   "add: on disk before the change, not yet made");
	put("/autogroup", "0\n");
	latt_undo_made(id);
	ok(strstr(record(), "entry sysctl 1 autogroup ") != NULL,
	   "made: the record says so");

	o = latt_undo_revert(id, now, sizeof(now));
	ok(o == LATT_UNDO_RESTORED && !strcmp(get("/autogroup"), "1") &&
	   access(latt_undo_file(), F_OK),
	   "revert: put back, crossed off, no record left");

	/* Somebody else writes the setting while latt holds it. */
	id = latt_undo_add(LATT_UNDO_PREEMPT, "preempt", path("/preempt"),
			   "full", "lazy");
	put("/preempt", "none voluntary full (lazy)\n");
	latt_undo_made(id);
	put("/preempt", "none (voluntary) full lazy\n");
	o = latt_undo_revert(id, now, sizeof(now));
	ok(o == LATT_UNDO_DISTURBED && !strcmp(now, "voluntary") &&
	   !strcmp(get("/preempt"), "none (voluntary) full lazy"),
	   "a value changed from outside is left, and named (%s)", now);

	/* ... even back to the value before. */
	id = latt_undo_add(LATT_UNDO_SYSCTL, "autogroup", path("/autogroup"),
			   "1", "0");
	put("/autogroup", "0\n");
	latt_undo_made(id);
	put("/autogroup", "1\n");
	o = latt_undo_revert(id, now, sizeof(now));
	ok(o == LATT_UNDO_DISTURBED && !strcmp(now, "1"),
	   "... also back to the value before, once latt had changed it");

	/* Recorded, never made: nothing to do. */
	id = latt_undo_add(LATT_UNDO_SYSCTL, "autogroup", path("/autogroup"),
			   "1", "0");
	o = latt_undo_revert(id, now, sizeof(now));
	ok(o == LATT_UNDO_NOTHING && !strcmp(get("/autogroup"), "1"),
	   "a change recorded but not made: passed over");

	/* A record read back, applied in reverse order by the guard. */
	id = latt_undo_add(LATT_UNDO_SYSCTL, "autogroup", path("/autogroup"),
			   "1", "0");
	put("/autogroup", "0\n");
	latt_undo_made(id);
	id2 = latt_undo_add(LATT_UNDO_CGROUP, "cgroup",
			    path("/cgroup/latt-1-default-1"), "", "v1");
	latt_undo_made(id2);
	snprintf(file, sizeof(file), "%s", latt_undo_file());
	said[0] = '\0';
	ret = latt_undo_apply_file(file, "guard: ", say, NULL);
	ok(ret == 1 && !strcmp(get("/autogroup"), "1") &&
	   strstr(said, "guard: autogroup 0: put back to 1\n") &&
	   strstr(said, "guard: cgroup ") &&
	   strstr(said, "could not be put back") &&
	   strstr(said, "rmdir ") &&
	   strstr(said, "cgroup") < strstr(said, "autogroup 0"),
	   "apply: in reverse order, a line each, how to undo what fails");
	if (tap_failed)
		diag("said: %s", said);
	ok(!access(file, F_OK) && strstr(record(), "entry cgroup") &&
	   !strstr(record(), "entry sysctl"),
	   "... what failed stays in the record, the rest is crossed off");
	latt_undo_forget(id);
	latt_undo_forget(id2);
	ok(latt_undo_close() && access(file, F_OK),
	   "close: nothing left, no record");

	/* A latt that died: its record, with a free lock, found by a scan. */
	snprintf(file, sizeof(file), "%s/999999", run);
	put("/run/999999", "latt-undo 1\npid 999999\ncmdline latt\n");
	put("/autogroup", "0\n");
	{
		FILE *f = fopen(file, "a");

		fprintf(f, "entry sysctl 1 autogroup %s 1 0\n",
			path("/autogroup"));
		fclose(f);
	}
	put("/run/999999.lock", "");
	said[0] = '\0';
	child = fork();
	if (child == 0) {
		/* The record's owner, alive: its lock is held. */
		int fd = open(path("/run/999999.lock"), O_RDONLY);

		flock(fd, LOCK_EX);
		pause();
		_exit(0);
	}
	usleep(100000);
	ret = latt_undo_scan(run, "", "", say, NULL);
	ok(ret == 0 && !said[0] && !strcmp(get("/autogroup"), "0"),
	   "scan: a record whose lock is held is left to its owner");
	kill(child, SIGKILL);
	waitpid(child, &status, 0);
	ret = latt_undo_scan(run, "", "", say, NULL);
	ok(ret == 0 && !strcmp(get("/autogroup"), "1") &&
	   strstr(said, "latt 999999 is gone and left autogroup 0: put back "
		  "to 1\n") && access(file, F_OK),
	   "scan: a record whose lock is free is applied and removed");
	if (tap_failed)
		diag("said: %s", said);
	ok(access(path("/run/999999.lock"), F_OK) != 0,
	   "... and its lock file");

	/*
	 * A cgroup named after a pid that runs nothing; one after pid 1,
	 * which runs but is no latt (a latt's pid given to another process):
	 * its latt holds no lock, so it is named too; one whose latt holds
	 * its record's lock is not.
	 */
	put("/cgroup/latt-999999-default-1/cgroup.procs", "");
	child = fork();
	if (child == 0) {
		char lock[64];
		int fd;

		snprintf(lock, sizeof(lock), "/run/%d.lock", (int)getpid());
		fd = open(path(lock), O_RDWR | O_CREAT, 0644);
		flock(fd, LOCK_EX);
		snprintf(lock, sizeof(lock), "/cgroup/latt-%d-default-1/"
			 "cgroup.procs", (int)getpid());
		put(lock, "");
		pause();
		_exit(0);
	}
	snprintf(cg, sizeof(cg), "/cgroup/latt-%d-default-1", (int)child);
	while (access(path(cg), F_OK))
		usleep(10000);
	usleep(100000);
	said[0] = '\0';
	ret = latt_undo_scan(run, path("/cgroup"), "", say, NULL);
	snprintf(cg, sizeof(cg), "latt-%d-", (int)child);
	ok(ret == 2 && strstr(said, "latt 999999 is gone and left cgroup ") &&
	   strstr(said, "latt 1 is gone and left cgroup ") && !strstr(said, cg),
	   "scan: cgroups of latts that are gone are named (plain directories "
	   "here: they cannot be removed), pid 1's too: the lock decides; "
	   "one whose latt holds its lock is not");
	if (tap_failed)
		diag("said: %s", said);
	kill(child, SIGKILL);
	waitpid(child, &status, 0);

	/*
	 * A sched_ext scheduler latt started (a shell here, not this
	 * test's child, so that it does not linger as a zombie): known by
	 * its pid and start time, stopped with SIGINT to its group, and
	 * sched_ext is disabled again.
	 */
	put("/scx_state", "enabled\n");
	{
		char ready[4300];
		int sync[2];
		pid_t sched = 0;

		snprintf(ready, sizeof(ready), "%s", path("/scx_ready"));
		if (pipe(sync))
			return 1;
		child = fork();
		if (child == 0) {
			sched = fork();
			if (sched == 0) {
				setpgid(0, 0);
				execl("/bin/sh", "sh", "-c", "trap 'echo "
				      "disabled >\"$0\"; exit 0' INT; : >\"$1\"; "
				      "while :; do sleep 0.05; done",
				      path("/scx_state"), ready, (char *)NULL);
				_exit(127);
			}
			_exit(write(sync[1], &sched, sizeof(sched)) ==
			      sizeof(sched) ? 0 : 1);
		}
		close(sync[1]);
		waitpid(child, &status, 0);
		if (read(sync[0], &sched, sizeof(sched)) != sizeof(sched))
			sched = 0;
		close(sync[0]);
		while (sched > 0 && access(ready, F_OK))
			usleep(10000);
		id = latt_undo_add(LATT_UNDO_SCX, "sched_ext",
				   path("/scx_state"), "disabled", "");
		latt_undo_made_pid(id, sched);
		o = latt_undo_revert(id, now, sizeof(now));
		ok(o == LATT_UNDO_RESTORED &&
		   !strcmp(get("/scx_state"), "disabled") &&
		   (kill(sched, 0) || errno == ESRCH),
		   "scx: reverted: the scheduler stopped with SIGINT, "
		   "sched_ext disabled (%s)", now);
		if (sched > 0)
			kill(-sched, SIGKILL);
	}

	/* Locks: a second holder is refused, naming the first. */
	ret = latt_lock_take(run, "autogroup", "latt --autogroup 0", err,
			     sizeof(err));
	ok(ret == 0, "lock: taken");
	ok(latt_lock_take(run, "autogroup", "again", err, sizeof(err)) == 0,
	   "lock: taken again by its holder");
	child = fork();
	if (child == 0) {
		latt_lock_release_all();
		ret = latt_lock_take(run, "autogroup", "latt -t1", err,
				     sizeof(err));
		printf("# child: %s\n", err);
		_exit(ret == -EBUSY && strstr(err, "autogroup is in use by "
					      "latt ") &&
		      strstr(err, "(latt --autogroup 0)") ? 0 : 1);
	}
	waitpid(child, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "lock: a second latt is refused, naming the holder's pid and "
	   "command line");
	child = fork();
	if (child == 0) {
		latt_lock_release_all();
		_exit(latt_lock_take(run, "preempt", "latt -t1", err,
				     sizeof(err)) ? 1 : 0);
	}
	waitpid(child, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "lock: another setting is free to take");
	{
		int fds[4];

		ok(latt_lock_fds(fds, 4) == 1, "lock: one descriptor held");
	}
	latt_lock_release_all();

	/*
	 * A latt (a child here) dies while a child of its own, forked
	 * without exec (a client), is still there: that child dropped the
	 * locks it inherited (latt_lock_drop()), so they are free at once.
	 * Another child, which kept them, holds them until it ends (0.3 s
	 * later): a latt gone is waited for that long.
	 */
	for (i = 0; i < 2; i++) {
		pid_t grand = 0;
		int sync[2];

		if (pipe(sync))
			return 1;
		child = fork();
		if (child == 0) {
			latt_undo_close();
			if (latt_undo_open(run, "latt", err, sizeof(err)) ||
			    latt_lock_take(run, "preempt", "latt", err,
					   sizeof(err)))
				_exit(1);
			grand = fork();
			if (grand == 0) {
				if (i == 0)
					latt_lock_drop(latt_undo_lock_fd());
				grand = getpid();
				if (write(sync[1], &grand, sizeof(grand)) < 0 ||
				    i == 0)
					pause();
				usleep(300000);
				_exit(0);
			}
			/* Its latt dies, leaving its lock file. */
			_exit(grand > 0 ? 0 : 1);
		}
		close(sync[1]);
		waitpid(child, &status, 0);
		/* The grandchild is there once it has written. */
		if (read(sync[0], &grand, sizeof(grand)) != sizeof(grand))
			grand = 0;
		close(sync[0]);
		snprintf(cg, sizeof(cg), "/run/%d.lock", (int)child);
		snprintf(err, sizeof(err), "%s", path(cg));
		if (i == 0)
			ok(grand > 0 && !latt_lock_busy(err, child) &&
			   !latt_lock_busy(path("/run/lock-preempt"), child),
			   "lock: a child forked without exec drops latt's "
			   "locks: with latt gone, they are free");
		else
			ok(grand > 0 && !latt_lock_busy(err, child),
			   "lock: one that kept them holds them until it ends: "
			   "a latt gone is waited for");
		if (grand > 0)
			kill(grand, SIGKILL);
		unlink(err);
	}

	/*
	 * A directory that another user may write (a /run of mode 1777
	 * where an unprivileged latt made it first): not used, and the
	 * records in it are not applied.
	 */
	put("/open/999998", "latt-undo 1\npid 999998\ncmdline latt\n");
	put("/autogroup", "0\n");
	{
		FILE *f = fopen(path("/open/999998"), "a");

		fprintf(f, "entry sysctl 1 autogroup %s 1 0\n",
			path("/autogroup"));
		fclose(f);
	}
	chmod(path("/open"), 0777);
	child = fork();
	if (child == 0) {
		latt_undo_close();
		ret = latt_undo_open(path("/open"), "latt -b 1ms", err,
				     sizeof(err));
		printf("# child: %s\n", err);
		_exit(ret == -EPERM && strstr(err, "another user could write "
					      "a record") ? 0 : 1);
	}
	waitpid(child, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "open: a directory others may write is refused, saying why");
	said[0] = '\0';
	ret = latt_undo_scan(path("/open"), "", "", say, NULL);
	ok(ret == 0 && !said[0] && !strcmp(get("/autogroup"), "0") &&
	   !access(path("/open/999998"), F_OK),
	   "scan: a record there is not applied");

	snprintf(file, sizeof(file), "rm -rf '%s'", dir);
	if (system(file))
		diag("cannot remove %s", dir);
	return tap_done();
}
