// SPDX-License-Identifier: GPL-2.0-only
/*
 * One owner per system setting; see settings/lock.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "settings/lock.h"
#include "base/util.h"
#include "settings/config.h"

#define WAIT_GONE_MS	5000

static int held[LATT_LOCK_MAX];
static char held_name[LATT_LOCK_MAX][64];
static size_t nheld;

/* Who holds @fd's lock: "1234" and the command line, from its file. */
static void holder(int fd, int *pid, char *cmdline, size_t len)
{
	char buf[1200];
	ssize_t n;
	char *nl;

	*pid = 0;
	cmdline[0] = '\0';
	n = pread(fd, buf, sizeof(buf) - 1, 0);
	if (n <= 0)
		return;
	buf[n] = '\0';
	if (sscanf(buf, "%d", pid) != 1)
		*pid = 0;
	nl = strchr(buf, '\n');
	if (nl) {
		nl++;
		nl[strcspn(nl, "\n")] = '\0';
		snprintf(cmdline, len, "%s", nl);
	}
}

int latt_lock_take(const char *dir, const char *name, const char *cmdline,
		   char *err, size_t len)
{
	char path[PATH_MAX], who[1100], text[1200];
	int fd, pid, ret, waited = 0;
	size_t i;

	for (i = 0; i < nheld; i++)
		if (!strcmp(held_name[i], name))
			return 0;
	if (nheld == LATT_LOCK_MAX)
		return latt_err(-ENOSPC, err, len, "too many settings to lock");
	if (mkdir(dir, 0755) && errno != EEXIST)
		return latt_err(-errno, err, len, "cannot make %s: %s", dir,
				strerror(errno));
	snprintf(path, sizeof(path), "%s/lock-%s", dir, name);
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return latt_err(-errno, err, len, "cannot open %s: %s", path,
				strerror(errno));
	while (flock(fd, LOCK_EX | LOCK_NB)) {
		if (errno != EWOULDBLOCK) {
			ret = -errno;
			close(fd);
			return latt_err(ret, err, len, "cannot lock %s: %s",
					path, strerror(-ret));
		}
		holder(fd, &pid, who, sizeof(who));
		/* Its latt is gone: its guard is putting things back. */
		if (pid > 0 && kill(pid, 0) && errno == ESRCH &&
		    waited < WAIT_GONE_MS) {
			poll(NULL, 0, 50);
			waited += 50;
			continue;
		}
		close(fd);
		if (pid > 0 && (kill(pid, 0) == 0 || errno == EPERM))
			return latt_err(-EBUSY, err, len, "%s is in use by "
					"latt %d (%s): a second latt changing "
					"it would put back the other's value; "
					"wait for it to end", name, pid,
					who[0] ? who : "?");
		return latt_err(-EBUSY, err, len, "%s is in use by another "
				"latt, or its guard putting it back (%s)", name,
				path);
	}
	/* Who holds it, for the next one to name. */
	snprintf(text, sizeof(text), "%d\n%s\n", (int)getpid(), cmdline);
	if (ftruncate(fd, 0) || pwrite(fd, text, strlen(text), 0) < 0) {
		ret = -errno;
		close(fd);
		return latt_err(ret, err, len, "cannot write %s: %s", path,
				strerror(-ret));
	}
	held[nheld] = fd;
	snprintf(held_name[nheld], sizeof(held_name[nheld]), "%s", name);
	nheld++;
	return 0;
}

/* Feature NAME of a list "NO_X,Y": "feature-X". */
static int lock_features(const char *list, const char *dir,
			 const char *cmdline, char *err, size_t len)
{
	char name[64];
	const char *p;
	size_t n;
	int ret;

	for (p = list; *p; p += n + (p[n] == ',')) {
		n = strcspn(p, ",");
		if (n > 3 && !strncmp(p, "NO_", 3))
			snprintf(name, sizeof(name), "feature-%.*s",
				 (int)(n - 3), p + 3);
		else
			snprintf(name, sizeof(name), "feature-%.*s", (int)n,
				 p);
		/* The name goes into a path. */
		if (strchr(name, '/'))
			continue;
		ret = latt_lock_take(dir, name, cmdline, err, len);
		if (ret)
			return ret;
	}
	return 0;
}

int latt_lock_settings(const struct latt_run_cfg *cfgs, size_t n,
		       const char *dir, const char *cmdline, char *err,
		       size_t len)
{
	const struct latt_system_cfg *c;
	size_t i;
	int ret = 0;

	for (i = 0; i < n && !ret; i++) {
		c = &cfgs[i].system;
		if (c->autogroup >= 0)
			ret = latt_lock_take(dir, "autogroup", cmdline, err,
					     len);
		if (!ret && c->preempt)
			ret = latt_lock_take(dir, "preempt", cmdline, err,
					     len);
		if (!ret && c->features)
			ret = lock_features(c->features, dir, cmdline, err,
					    len);
		if (!ret && c->scheduler)
			ret = latt_lock_take(dir, "sched_ext", cmdline, err,
					     len);
	}
	return ret;
}

size_t latt_lock_fds(int *fds, size_t max)
{
	size_t i;

	for (i = 0; i < nheld && i < max; i++)
		fds[i] = held[i];
	return i;
}

void latt_lock_drop(int record_fd)
{
	size_t i;

	for (i = 0; i < nheld; i++)
		close(held[i]);
	nheld = 0;
	if (record_fd >= 0)
		close(record_fd);
}

bool latt_lock_busy(const char *path, pid_t pid)
{
	int fd, waited = 0;
	bool busy;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	while ((busy = flock(fd, LOCK_SH | LOCK_NB) && errno == EWOULDBLOCK) &&
	       pid > 0 && kill(pid, 0) && errno == ESRCH &&
	       waited < WAIT_GONE_MS) {
		poll(NULL, 0, 50);
		waited += 50;
	}
	close(fd);
	return busy;
}

void latt_lock_release_all(void)
{
	size_t i;

	for (i = 0; i < nheld; i++)
		close(held[i]);
	nheld = 0;
}
