// SPDX-License-Identifier: GPL-2.0-only
/*
 * The undo record; see include/latt/undo.h.
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
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <time.h>
#include <unistd.h>

#include "latt/cgroup.h"
#include "latt/sysinfo.h"
#include "latt/undo.h"
#include "latt/util.h"

#define ENTRIES_MAX	64
#define LINE_MAX_LEN	(PATH_MAX + 1024)
#define FEATURES_MAX	4096
#define DEBUGFS_MAGIC	0x64626720
#define WAIT_MS		2000	/* for a cgroup to empty, a scheduler */

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
	struct slot slots[ENTRIES_MAX];	/* in the order of the changes */
	unsigned int n;
	int next_id;
	bool open;
	char dir[PATH_MAX];
	char file[PATH_MAX];
	char lock[PATH_MAX];
	int lock_fd;
	char cmdline[1024];
} rec = { .lock_fd = -1 };

/* snprintf() for texts that may be cut short without harm. */
static void __attribute__((format(printf, 3, 4)))
put(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, len, fmt, ap);
	va_end(ap);
}

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

/* Write @n entries as the record @file of @pid, whole, or remove it. */
static int write_record(const char *file, pid_t pid, const char *cmdline,
			const struct latt_undo_entry *const *e, unsigned int n)
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
	const struct latt_undo_entry *e[ENTRIES_MAX];
	unsigned int i;

	if (!rec.open)
		return 0;
	for (i = 0; i < rec.n; i++)
		e[i] = &rec.slots[i].e;
	return write_record(rec.file, getpid(), rec.cmdline, e, rec.n);
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

int latt_undo_add(enum latt_undo_kind kind, const char *name,
		  const char *path, const char *old, const char *set)
{
	struct slot *s;
	int ret;

	if (rec.n == ENTRIES_MAX)
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

/* Field 22 of /proc/PID/stat: when the process started, in ticks. */
static unsigned long long start_time(pid_t pid)
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
		for (i = 0; i < 19 && p; i++)
			p = strchr(p + 1, ' ');
		if (p)
			sscanf(p + 1, "%llu", &t);
	}
	fclose(f);
	return t;
}

int latt_undo_made_pid(int id, pid_t pid)
{
	struct slot *s = find(id);

	if (!s)
		return -ENOENT;
	snprintf(s->e.set, sizeof(s->e.set), "%d:%llu", (int)pid,
		 start_time(pid));
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

/* The marker that says instance @name is kept for the user. */
static void kept_marker(const char *dir, const char *name, char *buf,
			size_t len)
{
	snprintf(buf, len, "%s/kept-%s", dir, name);
}

void latt_undo_keep(int id, const char *instance)
{
	char marker[PATH_MAX + 64];
	int fd;

	if (rec.open) {
		kept_marker(rec.dir, instance, marker, sizeof(marker));
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
	ours = pid > 0 && start && start_time(pid) == start;
	if (!ours && scx_disabled(e->path))
		return LATT_UNDO_NOTHING;
	for (sig = SIGINT; ours && sig; sig = sig == SIGINT ? SIGKILL : 0) {
		kill(-pid, sig);
		for (i = 0; i < WAIT_MS / 10; i++) {
			if (start_time(pid) != start && scx_disabled(e->path))
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
		put(buf, len, "echo %s > %s", e->old, e->path);
		break;
	case LATT_UNDO_MOUNT:
		put(buf, len, "umount %s", e->path);
		break;
	case LATT_UNDO_CGROUP:
		if (!strcmp(e->set, "v2"))
			put(buf, len, "echo 1 > %s/cgroup.kill; rmdir %s",
				 e->path, e->path);
		else
			put(buf, len, "kill -9 $(cat %s/cgroup.procs); "
				 "rmdir %s", e->path, e->path);
		break;
	case LATT_UNDO_TRACE:
		put(buf, len, "echo 0 > %s/tracing_on; rmdir %s",
			 e->path, e->path);
		break;
	case LATT_UNDO_SCX:
		put(buf, len, "kill -INT -%.*s", (int)strcspn(e->set, ":"),
			 e->set);
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
		put(buf, len, "%s %s", e->name, e->set);
		break;
	case LATT_UNDO_MOUNT:
		put(buf, len, "%s mounted at %s", e->name, e->path);
		break;
	case LATT_UNDO_CGROUP:
		put(buf, len, "cgroup %s", e->path);
		break;
	case LATT_UNDO_TRACE:
		put(buf, len, "trace instance %s", base_name(e->path));
		break;
	case LATT_UNDO_SCX:
		put(buf, len, "sched_ext scheduler (pid %.*s)",
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
			put(buf, len, "%s: put back to %s", w, e->old);
		else if (e->kind == LATT_UNDO_CGROUP)
			put(buf, len, "%s: emptied and removed", w);
		else if (e->kind == LATT_UNDO_TRACE)
			put(buf, len, "%s: stopped and removed", w);
		else if (e->kind == LATT_UNDO_MOUNT)
			put(buf, len, "%s: unmounted", w);
		else
			put(buf, len, "%s: stopped", w);
		break;
	case LATT_UNDO_NOTHING:
		put(buf, len, "%s: nothing to put back", w);
		break;
	case LATT_UNDO_DISTURBED:
		put(buf, len, "%s is %s now, not the %s latt set: changed "
			 "by somebody else, left as it is", e->name, now,
			 e->set);
		break;
	case LATT_UNDO_FAILED:
		latt_undo_howto(e, how, sizeof(how));
		put(buf, len, "%s: could not be put back (%s); as root: "
			 "%s", w, now, how);
		break;
	}
}

/* Read the record @file: its pid, command line and entries. */
static int read_record(const char *file, pid_t *pid, char *cmdline,
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
		if (*n == ENTRIES_MAX ||
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

static void say_line(latt_undo_say_fn say, void *ctx, const char *prefix,
		     const char *text)
{
	char line[3 * PATH_MAX];

	if (!say)
		return;
	put(line, sizeof(line), "%s%s", prefix, text);
	say(ctx, line);
}

/* Apply the record @file, saying each line after @prefix. */
static int apply(const char *file, const char *prefix, latt_undo_say_fn say,
		 void *ctx)
{
	static struct latt_undo_entry e[ENTRIES_MAX];
	const struct latt_undo_entry *left[ENTRIES_MAX];
	char cmdline[1024], now[256], text[3 * PATH_MAX];
	unsigned int n, i, nleft = 0;
	enum latt_undo_outcome o;
	pid_t pid;
	int ret;

	ret = read_record(file, &pid, cmdline, sizeof(cmdline), e, &n);
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
	if (write_record(file, pid, cmdline, left, nleft) && nleft == 0)
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

/* Does a latt run as @pid, or its guard still hold its record's lock? */
static bool owner_alive(const char *dir, pid_t pid)
{
	char lock[PATH_MAX + 32];
	bool held = false;
	int fd;

	if (!kill(pid, 0) || errno == EPERM)
		return true;
	snprintf(lock, sizeof(lock), "%s/%d.lock", dir, (int)pid);
	fd = open(lock, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	if (flock(fd, LOCK_SH | LOCK_NB))
		held = errno == EWOULDBLOCK;
	close(fd);
	return held;
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
			put(lock, sizeof(lock), "%s.lock", path);
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
		put(path, sizeof(path), "%s/%s", dir, d->d_name);
		put(lock, sizeof(lock), "%s.lock", path);
		fd = open(lock, O_RDONLY | O_CLOEXEC);
		if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB)) {
			/* Its latt, or its guard, is at it. */
			close(fd);
			continue;
		}
		put(prefix, sizeof(prefix), "latt %ld is gone and left ",
			 v);
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
			kept_marker(where, d->d_name, marker, sizeof(marker));
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
	int left;

	left = scan_records(dir, say, ctx);
	if (*cgroup_dir)
		left += scan_dir(cgroup_dir, dir, false, say, ctx);
	if (*trace_dir)
		left += scan_dir(trace_dir, dir, true, say, ctx);
	scan_markers(dir, trace_dir);
	return left;
}

int latt_undo_scan_system(latt_undo_say_fn say, void *ctx)
{
	static const char *const traces[] = {
		"/sys/kernel/tracing/instances",
		"/sys/kernel/debug/tracing/instances",
	};
	const char *trace_dir = "";
	struct latt_cgroup cg;
	char err[256];
	size_t i;

	/* Where latt makes its cgroups: beside its own ("" if nowhere). */
	latt_cgroup_locate(&cg, "", err, sizeof(err));
	for (i = 0; i < sizeof(traces) / sizeof(traces[0]); i++)
		if (!access(traces[i], F_OK)) {
			trace_dir = traces[i];
			break;
		}
	return latt_undo_scan(LATT_RUN_DIR, cg.path, trace_dir, say, ctx);
}
