// SPDX-License-Identifier: GPL-2.0-only
/*
 * The undo record; see settings/undo.h.
 *
 * The file, text, one line each:
 *
 *	latt-undo 1
 *	pid 1234
 *	cmdline latt%20--autogroup%200
 *	entry sysctl autogroup /proc/sys/kernel/sched_autogroup_enabled 1 0
 *
 * fields split by spaces; a byte below 0x21, '%' and 0x7f are written
 * %XX, an empty field "-" (and a field "-" itself %2D).  Entries are in
 * the order the changes were made, and are undone from the last.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "settings/undo.h"
#include "base/util.h"
#include "settings/lock.h"

#define LINE_MAX_LEN	(PATH_MAX + 1024)

static const char *const kind_names[] = {
	[LATT_UNDO_SYSCTL] = "sysctl",
	[LATT_UNDO_PREEMPT] = "preempt",
	[LATT_UNDO_FEATURE] = "feature",
	[LATT_UNDO_MOUNT] = "mount",
	[LATT_UNDO_CGROUP] = "cgroup",
	[LATT_UNDO_TRACE] = "trace",
	[LATT_UNDO_SCX] = "scx",
};

struct slot {
	int id;
	struct latt_undo_entry e;
};

/* This process's record. */
static struct {
	/* in the order of the changes */
	struct slot slots[LATT_UNDO_ENTRIES_MAX];
	unsigned int n;
	int next_id;
	bool open;
	char dir[PATH_MAX];
	char file[PATH_MAX];
	char lock[PATH_MAX];
	int lock_fd;
	char cmdline[1024];
} rec = { .lock_fd = -1 };

static void escape(const char *s, char *out, size_t len)
{
	size_t o = 0;

	if (!*s || !strcmp(s, "-")) {
		snprintf(out, len, "%s", *s ? "%2D" : "-");
		return;
	}
	for (; *s && o + 4 < len; s++) {
		unsigned char c = (unsigned char)*s;

		if (c <= 0x20 || c == '%' || c == 0x7f)
			o += (size_t)snprintf(out + o, len - o, "%%%02X", c);
		else
			out[o++] = (char)c;
	}
	out[o] = '\0';
}

static void unescape(const char *s, char *out, size_t len)
{
	size_t o = 0;
	unsigned int c;

	if (!strcmp(s, "-")) {
		out[0] = '\0';
		return;
	}
	for (; *s && o + 1 < len; s++) {
		if (*s == '%' && isxdigit((unsigned char)s[1]) &&
		    isxdigit((unsigned char)s[2]) &&
		    sscanf(s + 1, "%2x", &c) == 1) {
			out[o++] = (char)c;
			s += 2;
		} else {
			out[o++] = *s;
		}
	}
	out[o] = '\0';
}

int latt_undo_write_record(const char *file, pid_t pid, const char *cmdline,
			   const struct latt_undo_entry *const *e,
			   unsigned int n)
{
	char tmp[PATH_MAX + 8], f[5][PATH_MAX * 3 + 1];
	unsigned int i, k;
	FILE *out;
	int fd, ret = 0;

	if (!n)
		return unlink(file) && errno != ENOENT ? -errno : 0;
	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.tmp", file) >= sizeof(tmp))
		return -ENAMETOOLONG;
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	out = fdopen(fd, "w");
	if (!out) {
		ret = -errno;
		close(fd);
		unlink(tmp);
		return ret;
	}
	escape(cmdline, f[0], sizeof(f[0]));
	fprintf(out, "latt-undo 1\npid %d\ncmdline %s\n", (int)pid, f[0]);
	for (i = 0; i < n; i++) {
		escape(e[i]->name, f[0], sizeof(f[0]));
		escape(e[i]->path, f[1], sizeof(f[1]));
		escape(e[i]->old, f[2], sizeof(f[2]));
		escape(e[i]->set, f[3], sizeof(f[3]));
		k = (unsigned int)e[i]->kind;
		fprintf(out, "entry %s %d %s %s %s %s\n", kind_names[k],
			e[i]->made, f[0], f[1], f[2], f[3]);
	}
	errno = 0;
	if (fflush(out) || ferror(out) || fdatasync(fd))
		ret = errno ? -errno : -EIO;
	if (fclose(out) && !ret)
		ret = errno ? -errno : -EIO;
	if (!ret && rename(tmp, file))
		ret = -errno;
	if (ret)
		unlink(tmp);
	return ret;
}

/* This process's record to its file, if one is kept. */
static int sync_record(void)
{
	const struct latt_undo_entry *e[LATT_UNDO_ENTRIES_MAX];
	unsigned int i;

	if (!rec.open)
		return 0;
	for (i = 0; i < rec.n; i++)
		e[i] = &rec.slots[i].e;
	return latt_undo_write_record(rec.file, getpid(), rec.cmdline, e,
				      rec.n);
}

int latt_undo_dir_check(const char *dir, char *err, size_t len)
{
	struct stat st;

	if (lstat(dir, &st))
		return latt_err(-errno, err, len, "cannot use %s: %s", dir,
				strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return latt_err(-ENOTDIR, err, len, "cannot use %s: not a "
				"directory", dir);
	if ((st.st_uid && st.st_uid != geteuid()) ||
	    (st.st_mode & (S_IWGRP | S_IWOTH)))
		return latt_err(-EPERM, err, len, "cannot use %s: it is owned "
				"by uid %u with mode %04o, and another user "
				"could write a record that latt would apply: "
				"remove it (rm -r %s)", dir,
				(unsigned int)st.st_uid,
				(unsigned int)(st.st_mode & 07777), dir);
	return 0;
}

int latt_undo_open(const char *dir, const char *cmdline, char *err,
		   size_t len)
{
	int ret, fd;

	if (rec.open)
		return 0;
	if (mkdir(dir, 0755) && errno != EEXIST)
		return latt_err(-errno, err, len, "cannot make %s: %s", dir,
				strerror(errno));
	ret = latt_undo_dir_check(dir, err, len);
	if (ret)
		return ret;
	snprintf(rec.dir, sizeof(rec.dir), "%s", dir);
	snprintf(rec.file, sizeof(rec.file), "%s/%d", dir, (int)getpid());
	snprintf(rec.lock, sizeof(rec.lock), "%s/%d.lock", dir,
		 (int)getpid());
	snprintf(rec.cmdline, sizeof(rec.cmdline), "%s", cmdline);
	fd = open(rec.lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return latt_err(-errno, err, len, "cannot write %s: %s",
				rec.lock, strerror(errno));
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		ret = -errno;
		close(fd);
		return latt_err(ret, err, len, "cannot lock %s: %s", rec.lock,
				strerror(-ret));
	}
	rec.lock_fd = fd;
	rec.open = true;
	ret = sync_record();
	if (ret) {
		rec.open = false;
		unlink(rec.lock);
		close(fd);
		rec.lock_fd = -1;
		return latt_err(ret, err, len, "cannot write %s: %s", rec.file,
				strerror(-ret));
	}
	return 0;
}

const char *latt_undo_file(void)
{
	return rec.open ? rec.file : "";
}

int latt_undo_lock_fd(void)
{
	return rec.lock_fd;
}

void latt_undo_child_unlock(void)
{
	latt_lock_drop(rec.lock_fd);
}

int latt_undo_add(enum latt_undo_kind kind, const char *name,
		  const char *path, const char *old, const char *set)
{
	struct slot *s;
	int ret;

	if (rec.n == LATT_UNDO_ENTRIES_MAX)
		return -ENOSPC;
	s = &rec.slots[rec.n];
	memset(s, 0, sizeof(*s));
	s->id = ++rec.next_id;
	s->e.kind = kind;
	snprintf(s->e.name, sizeof(s->e.name), "%s", name);
	snprintf(s->e.path, sizeof(s->e.path), "%s", path);
	snprintf(s->e.old, sizeof(s->e.old), "%s", old);
	snprintf(s->e.set, sizeof(s->e.set), "%s", set);
	rec.n++;
	ret = sync_record();
	if (ret) {
		rec.n--;
		return ret;
	}
	return s->id;
}

static struct slot *find(int id)
{
	unsigned int i;

	for (i = 0; id > 0 && i < rec.n; i++)
		if (rec.slots[i].id == id)
			return &rec.slots[i];
	return NULL;
}

int latt_undo_made(int id)
{
	struct slot *s = find(id);

	if (!s)
		return -ENOENT;
	s->e.made = true;
	return sync_record();
}

int latt_undo_made_pid(int id, pid_t pid)
{
	struct slot *s = find(id);

	if (!s)
		return -ENOENT;
	snprintf(s->e.set, sizeof(s->e.set), "%d:%llu", (int)pid,
		 latt_undo_start_time(pid));
	s->e.made = true;
	return sync_record();
}

void latt_undo_forget(int id)
{
	struct slot *s = find(id);
	size_t i;

	if (!s)
		return;
	i = (size_t)(s - rec.slots);
	memmove(s, s + 1, (rec.n - i - 1) * sizeof(*s));
	rec.n--;
	sync_record();
}

enum latt_undo_outcome latt_undo_revert(int id, char *now, size_t len)
{
	struct slot *s = find(id);
	enum latt_undo_outcome o;

	if (len)
		now[0] = '\0';
	if (!s)
		return LATT_UNDO_NOTHING;
	o = latt_undo_revert_entry(&s->e, now, len);
	if (o != LATT_UNDO_FAILED)
		latt_undo_forget(id);
	return o;
}

void latt_undo_kept_marker(const char *dir, const char *name, char *buf,
			   size_t len)
{
	snprintf(buf, len, "%s/kept-%s", dir, name);
}

void latt_undo_keep(int id, const char *instance)
{
	char marker[PATH_MAX + 64];
	int fd;

	if (rec.open) {
		latt_undo_kept_marker(rec.dir, instance, marker,
				      sizeof(marker));
		fd = open(marker, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
			  0644);
		if (fd >= 0)
			close(fd);
	}
	latt_undo_forget(id);
}

bool latt_undo_close(void)
{
	if (!rec.open)
		return !rec.n;
	if (rec.n)
		return false;
	unlink(rec.file);
	unlink(rec.lock);
	rec.open = false;
	return true;
}

int latt_undo_read_record(const char *file, pid_t *pid, char *cmdline,
			  size_t cmdlen, struct latt_undo_entry *e,
			  unsigned int *n)
{
	char line[LINE_MAX_LEN], f[6][PATH_MAX];
	FILE *in;
	int p, k, made;

	*n = 0;
	*pid = 0;
	cmdline[0] = '\0';
	in = fopen(file, "re");
	if (!in)
		return -errno;
	while (fgets(line, sizeof(line), in)) {
		if (sscanf(line, "pid %d", &p) == 1) {
			*pid = p;
			continue;
		}
		if (sscanf(line, "cmdline %4095s", f[0]) == 1) {
			unescape(f[0], cmdline, cmdlen);
			continue;
		}
		if (*n == LATT_UNDO_ENTRIES_MAX ||
		    sscanf(line, "entry %4095s %d %4095s %4095s %4095s %4095s",
			   f[0], &made, f[1], f[2], f[3], f[4]) != 6)
			continue;
		for (k = 0; k <= LATT_UNDO_SCX; k++)
			if (!strcmp(f[0], kind_names[k]))
				break;
		if (k > LATT_UNDO_SCX)
			continue;
		memset(&e[*n], 0, sizeof(e[*n]));
		e[*n].kind = (enum latt_undo_kind)k;
		e[*n].made = made == 1;
		unescape(f[1], e[*n].name, sizeof(e[*n].name));
		unescape(f[2], e[*n].path, sizeof(e[*n].path));
		unescape(f[3], e[*n].old, sizeof(e[*n].old));
		unescape(f[4], e[*n].set, sizeof(e[*n].set));
		(*n)++;
	}
	fclose(in);
	return 0;
}
