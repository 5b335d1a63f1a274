// SPDX-License-Identifier: GPL-2.0-only
/*
 * System settings; see lib/knobs.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/statfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "latt/config.h"
#include "latt/report.h"
#include "latt/run.h"
#include "clock.h"
#include "sysinfo.h"
#include "undo.h"
#include "util.h"
#include "knobs.h"
#include "session.h"

#define AUTOGROUP	"/proc/sys/kernel/sched_autogroup_enabled"
#define DMA_LATENCY	"/dev/cpu_dma_latency"
#define DEBUGFS		"/sys/kernel/debug"
#define FEATURES	DEBUGFS "/sched/features"
#define PREEMPT		DEBUGFS "/sched/preempt"
#define SCX_STATE	"/sys/kernel/sched_ext/state"

#define DEBUGFS_MAGIC		0x64626720
#define SCX_START_NS		(30ULL * 1000 * 1000 * 1000)
#define SCX_STOP_NS		(5ULL * 1000 * 1000 * 1000)
#define FEATURES_MAX		4096

static char *path_of(const char *root, const char *path, char *buf,
		     size_t len)
{
	snprintf(buf, len, "%s%s", root, path);
	return buf;
}

/* May latt write @path?  0, or -errno with a message naming @what. */
static int check_writable(const char *root, const char *path,
			  const char *what, char *err, size_t len)
{
	char full[PATH_MAX];

	path_of(root, path, full, sizeof(full));
	if (access(full, F_OK))
		return -errno;
	if (faccessat(AT_FDCWD, full, W_OK, AT_EACCESS))
		return latt_err(-errno, err, len, "%s: cannot write %s: %s "
				"(run latt as root)", what, full,
				strerror(errno));
	return 0;
}

/* Write down a change before it is made; the entry, or -errno in @err. */
static int undo_add(enum latt_undo_kind kind, const char *name,
		    const char *path, const char *old, const char *set,
		    char *err, size_t len)
{
	int id = latt_undo_add(kind, name, path, old, set);

	if (id < 0)
		return latt_err(id, err, len, "%s: cannot write the undo "
				"record %s: %s", name, latt_undo_file(),
				strerror(-id));
	return id;
}

/*
 * debugfs must be mounted to reach sched/features and sched/preempt.  On
 * the real system latt mounts it where nothing is mounted yet, and keeps
 * the undo entry in @undo so that it can be unmounted afterwards.
 */
static int debugfs_ensure(const char *root, const char *what, int *undo,
			  char *err, size_t len)
{
	struct statfs sf;
	int id, ret;

	*undo = 0;
	if (*root)
		return 0;
	if (!statfs(DEBUGFS, &sf) && sf.f_type == DEBUGFS_MAGIC)
		return 0;
	id = undo_add(LATT_UNDO_MOUNT, "debugfs", DEBUGFS, "", "", err, len);
	if (id < 0)
		return id;
	if (mount("debugfs", DEBUGFS, "debugfs", 0, NULL)) {
		ret = -errno;
		latt_undo_forget(id);
		return latt_err(ret, err, len, "%s: debugfs is not mounted "
				"at " DEBUGFS ", and mounting it failed: %s%s",
				what, strerror(-ret), ret == -EPERM ?
				" (needs CAP_SYS_ADMIN: run latt as root)" :
				"");
	}
	latt_undo_made(id);
	*undo = id;
	return 0;
}

static void debugfs_release(int *undo)
{
	if (*undo)
		latt_undo_revert(*undo, NULL, 0);
	*undo = 0;
}

/* Read a debugfs file, with the reason for a refusal in @err. */
static int read_debugfs(const char *root, const char *path, const char *what,
			char *buf, size_t size, char *err, size_t len)
{
	char full[PATH_MAX];
	int ret;

	ret = latt_sysinfo_line(root, path, buf, size);
	if (!ret)
		return 0;
	path_of(root, path, full, sizeof(full));
	if (ret == -ENOENT)
		return latt_err(ret, err, len, "%s: this kernel has no %s (it "
				"needs CONFIG_SCHED_DEBUG%s)", what, full,
				strstr(path, "preempt") ?
				" and CONFIG_PREEMPT_DYNAMIC" : "");
	if (ret == -EPERM || ret == -EACCES)
		return latt_err(ret, err, len, "%s: the kernel refuses to let "
				"latt read %s (%s): debugfs is locked down or "
				"restricted on this system", what, full,
				strerror(-ret));
	return latt_err(ret, err, len, "%s: reading %s: %s", what, full,
			strerror(-ret));
}

/* The name of one feature of a list, and whether it turns it off. */
static size_t feature_at(const char *s, const char **base, size_t *blen,
			 bool *off)
{
	size_t n = strcspn(s, ",");

	*off = n > 3 && !strncmp(s, "NO_", 3);
	*base = *off ? s + 3 : s;
	*blen = *off ? n - 3 : n;
	return n;
}

static bool feature_known(const char *current, const char *base, size_t n)
{
	char name[128];

	if (n + 4 > sizeof(name))
		return false;
	snprintf(name, sizeof(name), "%.*s", (int)n, base);
	if (latt_has_word(current, name, " "))
		return true;
	snprintf(name, sizeof(name), "NO_%.*s", (int)n, base);
	return latt_has_word(current, name, " ");
}

/*
 * Read the kernel's scheduler features into @current and check that each
 * one of @features is among them.
 */
static int read_features(const char *root, const char *features,
			 char *current, size_t size, char *err, size_t len)
{
	const char *p, *base;
	size_t n, blen;
	bool off;
	int ret;

	ret = read_debugfs(root, FEATURES, "features", current, size, err,
			   len);
	if (ret)
		return ret;
	for (p = features; *p; p += n + (p[n] == ',')) {
		n = feature_at(p, &base, &blen, &off);
		if (!feature_known(current, base, blen))
			return latt_err(-EINVAL, err, len, "features: this "
					"kernel has no scheduler feature %.*s "
					"(see %s%s)", (int)blen, base, root,
					FEATURES);
	}
	return 0;
}

static int check_features(const char *features, const char *root, char *err,
			  size_t len)
{
	static char current[FEATURES_MAX];
	int ret;

	ret = read_features(root, features, current, sizeof(current), err,
			    len);
	if (ret)
		return ret;
	return check_writable(root, FEATURES, "features", err, len);
}

/* The current mode in "none voluntary (full) lazy", into @mode. */
static bool preempt_parse(const char *line, const char *want, char *mode,
			  size_t size, bool *offered)
{
	char copy[128], *tok, *save;
	bool found = false;

	*offered = false;
	snprintf(copy, sizeof(copy), "%s", line);
	for (tok = strtok_r(copy, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save)) {
		size_t n = strlen(tok);

		if (tok[0] == '(' && n > 2 && tok[n - 1] == ')') {
			tok[n - 1] = '\0';
			tok++;
			snprintf(mode, size, "%s", tok);
			found = true;
		}
		if (want && !strcmp(tok, want))
			*offered = true;
	}
	return found;
}

/*
 * Read the preemption modes, check that @want is one the kernel offers,
 * and give the current one in @mode.
 */
static int read_preempt(const char *root, const char *want, char *mode,
			size_t size, char *err, size_t len)
{
	char line[128];
	bool offered;
	int ret;

	ret = read_debugfs(root, PREEMPT, "preempt", line, sizeof(line), err,
			   len);
	if (ret)
		return ret;
	if (!preempt_parse(line, want, mode, size, &offered) || !offered)
		return latt_err(-EINVAL, err, len, "preempt: this kernel "
				"offers no mode %s (it has: %s)", want, line);
	return 0;
}

static int check_preempt(const char *want, const char *root, char *err,
			 size_t len)
{
	char mode[32];
	int ret;

	ret = read_preempt(root, want, mode, sizeof(mode), err, len);
	if (ret)
		return ret;
	return check_writable(root, PREEMPT, "preempt", err, len);
}

static int check_scheduler(const char *root, char *err, size_t len)
{
	char state[64], ops[64], full[PATH_MAX];
	int ret;

	ret = latt_sysinfo_line(root, SCX_STATE, state, sizeof(state));
	if (ret == -ENOENT)
		return latt_err(-EOPNOTSUPP, err, len, "scheduler: this "
				"kernel has no sched_ext (no %s; it needs "
				"Linux 6.12 or later with "
				"CONFIG_SCHED_CLASS_EXT)",
				path_of(root, SCX_STATE, full, sizeof(full)));
	if (ret)
		return latt_err(ret, err, len, "scheduler: reading %s: %s",
				path_of(root, SCX_STATE, full, sizeof(full)),
				strerror(-ret));
	if (!latt_sysinfo_sched_ext(root, ops, sizeof(ops)))
		return latt_err(-EBUSY, err, len, "scheduler: the sched_ext "
				"scheduler '%s' is already loaded (state: %s)"
				": stop it first", latt_esc(ops), state);
	return 0;
}

int latt_knobs_check(const struct latt_system_cfg *c, const char *root,
		     char *err, size_t len)
{
	char full[PATH_MAX];
	int mounted = 0, ret = 0;

	if (c->autogroup >= 0) {
		ret = check_writable(root, AUTOGROUP, "autogroup", err, len);
		if (ret == -ENOENT)
			return latt_err(-EOPNOTSUPP, err, len, "autogroup: "
					"this kernel has no %s (it needs "
					"CONFIG_SCHED_AUTOGROUP)",
					path_of(root, AUTOGROUP, full,
						sizeof(full)));
		if (ret)
			return ret;
	}
	if (c->dma_latency_us >= 0) {
		ret = check_writable(root, DMA_LATENCY, "dma-latency", err,
				     len);
		if (ret == -ENOENT)
			return latt_err(-EOPNOTSUPP, err, len, "dma-latency: "
					"this system has no %s (PM QoS)",
					path_of(root, DMA_LATENCY, full,
						sizeof(full)));
		if (ret)
			return ret;
	}
	if (c->features || c->preempt) {
		ret = debugfs_ensure(root, c->features ? "features" :
				     "preempt", &mounted, err, len);
		if (ret)
			return ret;
		if (c->features)
			ret = check_features(c->features, root, err, len);
		if (!ret && c->preempt)
			ret = check_preempt(c->preempt, root, err, len);
		debugfs_release(&mounted);
		if (ret)
			return ret;
	}
	if (c->scheduler)
		ret = check_scheduler(root, err, len);
	return ret;
}

void latt_knobs_init(struct latt_knobs *k, const char *root)
{
	memset(k, 0, sizeof(*k));
	k->root = root;
	k->autogroup = -1;
	k->dma_fd = -1;
	k->scheduler_out = -1;
}

static int apply_features(struct latt_knobs *k, const char *features,
			  char *err, size_t len)
{
	static char current[FEATURES_MAX];
	char item[128], back[128], full[PATH_MAX];
	const char *p, *base;
	size_t n, blen, used;
	bool off;
	int ret, id;

	ret = read_features(k->root, features, current, sizeof(current), err,
			    len);
	if (ret)
		return ret;
	path_of(k->root, FEATURES, full, sizeof(full));
	for (p = features; *p; p += n + (p[n] == ',')) {
		n = feature_at(p, &base, &blen, &off);
		if (blen + 4 > sizeof(item))
			return latt_err(-EINVAL, err, len, "features: name "
					"too long");
		snprintf(item, sizeof(item), "%.*s", (int)blen, base);
		if (latt_has_word(current, item, " ") != off)
			continue;	/* already as asked */
		if (k->nfeatures == LATT_KNOBS_FEATURES_MAX)
			return latt_err(-E2BIG, err, len, "features: at most "
					"%d changed", LATT_KNOBS_FEATURES_MAX);
		snprintf(item, sizeof(item), "%s%.*s", off ? "NO_" : "",
			 (int)blen, base);
		/* The undo entry gets the opposite. */
		snprintf(back, sizeof(back), "%s%.*s", off ? "" : "NO_",
			 (int)blen, base);
		id = undo_add(LATT_UNDO_FEATURE, "features", full, back, item,
			      err, len);
		if (id < 0)
			return id;
		ret = latt_write_file(k->root, FEATURES, item);
		if (ret) {
			latt_undo_forget(id);
			return latt_err(ret, err, len, "features: writing %s: "
					"%s", item, strerror(-ret));
		}
		latt_undo_made(id);
		k->feature_undo[k->nfeatures++] = id;
		used = strlen(k->features);
		snprintf(k->features + used, sizeof(k->features) - used,
			 "%s%s", used ? " " : "", back);
	}
	return 0;
}

static int apply_preempt(struct latt_knobs *k, const char *want, char *err,
			 size_t len)
{
	char mode[32], full[PATH_MAX];
	int ret, id;

	ret = read_preempt(k->root, want, mode, sizeof(mode), err, len);
	if (ret || !strcmp(mode, want))
		return ret;
	id = undo_add(LATT_UNDO_PREEMPT, "preempt",
		      path_of(k->root, PREEMPT, full, sizeof(full)), mode, want,
		      err, len);
	if (id < 0)
		return id;
	ret = latt_write_file(k->root, PREEMPT, want);
	if (ret) {
		latt_undo_forget(id);
		return latt_err(ret, err, len, "preempt: writing %s: %s", want,
				strerror(-ret));
	}
	latt_undo_made(id);
	k->preempt_undo = id;
	snprintf(k->preempt, sizeof(k->preempt), "%s", mode);
	return 0;
}

static void __attribute__((noreturn))
scheduler_child(const char *cmd, const struct latt_session *s, pid_t parent,
		int out)
{
	char *argv[4];

	latt_undo_child_unlock();
	/* SIGINT: a sched_ext scheduler's own way to unload cleanly. */
	if (!latt_child_setup(parent, SIGINT, s ? &s->child_mask : NULL))
		_exit(127);
	/*
	 * Its statistics must not mix with latt's report; what it says is
	 * kept, to quote when it fails.
	 */
	if (out >= 0) {
		dup2(out, STDOUT_FILENO);
		dup2(out, STDERR_FILENO);
	} else {
		dup2(STDERR_FILENO, STDOUT_FILENO);
	}
	argv[0] = (char *)"/bin/sh";
	argv[1] = (char *)"-c";
	argv[2] = (char *)cmd;
	argv[3] = NULL;
	execv(argv[0], argv);
	_exit(127);
}

static int scx_state(const char *root, char *state, size_t size)
{
	return latt_sysinfo_line(root, SCX_STATE, state, size);
}

/*
 * What the scheduler wrote, for an error: ": its output: "FIRST" ...
 * "LAST"" (@first: the first line too, where a loader says what failed
 * before the last says that it did), or "" when it wrote nothing.  The
 * last 16 KiB are read; lines are escaped and cut to 160 bytes.
 */
static const char *scheduler_said(const struct latt_knobs *k, bool first,
				  char *buf, size_t len)
{
	char text[16384];
	const char *a, *b, *end;
	off_t size;
	ssize_t n;
	size_t la, lb;

	buf[0] = '\0';
	if (k->scheduler_out < 0)
		return buf;
	size = lseek(k->scheduler_out, 0, SEEK_END);
	if (size <= 0)
		return buf;
	/* A first line is one only when the text starts at the start. */
	if (size > (off_t)sizeof(text))
		first = false;
	n = pread(k->scheduler_out, text, sizeof(text),
		  size > (off_t)sizeof(text) ? size - (off_t)sizeof(text) : 0);
	if (n <= 0)
		return buf;
	end = text + n;
	while (end > text && (end[-1] == '\n' || end[-1] == ' '))
		end--;
	if (end == text)
		return buf;
	/* The last line, and the first. */
	for (b = end; b > text && b[-1] != '\n'; b--)
		;
	lb = (size_t)(end - b);
	a = text;
	la = strcspn(a, "\n");
	if (!first || a == b)
		snprintf(buf, len, ": its output: \"%s\"",
			 latt_esc_n(b, lb < 160 ? lb : 160));
	else
		snprintf(buf, len, ": its output: \"%s\"%s\"%s\"",
			 latt_esc_n(a, la < 160 ? la : 160),
			 a + la + 1 == b ? " " : " ... ",
			 latt_esc_n(b, lb < 160 ? lb : 160));
	return buf;
}

static int apply_scheduler(struct latt_knobs *k, const char *cmd,
			   const struct latt_session *s, char *err, size_t len)
{
	uint64_t end = latt_mono_ns() + SCX_START_NS;
	char state[64], st[32], said[2048], full[PATH_MAX];
	pid_t pid, parent = getpid();
	int status, id;

	id = undo_add(LATT_UNDO_SCX, "sched_ext",
		      path_of(k->root, SCX_STATE, full, sizeof(full)),
		      "disabled", "", err, len);
	if (id < 0)
		return id;
	k->scheduler_out = memfd_create("latt-scheduler", MFD_CLOEXEC);
	pid = fork();
	if (pid < 0) {
		latt_undo_forget(id);
		return latt_err(-errno, err, len, "scheduler: starting '%s': "
				"%s", cmd, strerror(errno));
	}
	if (pid == 0)
		scheduler_child(cmd, s, parent, k->scheduler_out);
	setpgid(pid, pid);
	k->scheduler = pid;
	k->scheduler_undo = id;
	latt_undo_made_pid(id, pid);
	while (latt_mono_ns() < end) {
		if (!scx_state(k->root, state, sizeof(state)) &&
		    !strcmp(state, "enabled")) {
			latt_sysinfo_sched_ext(k->root, k->scx_ops,
					       sizeof(k->scx_ops));
			return 0;
		}
		if (waitpid(pid, &status, WNOHANG) == pid) {
			k->scheduler = 0;
			if (WIFEXITED(status))
				snprintf(st, sizeof(st), "status %d",
					 WEXITSTATUS(status));
			else
				snprintf(st, sizeof(st), "signal %d",
					 WTERMSIG(status));
			return latt_err(-ECHILD, err, len, "scheduler: '%s' "
					"ended (%s) before sched_ext was "
					"enabled%s", cmd, st,
					scheduler_said(k, true, said,
						       sizeof(said)));
		}
		/* Only a request to stop: a SIGCHLD is no reason. */
		if (s && latt_session_pending_stop(s))
			return latt_err(-EINTR, err, len, "scheduler: "
					"interrupted while waiting for '%s' "
					"to load", cmd);
		poll(NULL, 0, 20);
	}
	return latt_err(-ETIMEDOUT, err, len, "scheduler: sched_ext was not "
			"enabled within %llu s of starting '%s'%s",
			SCX_START_NS / 1000000000ULL, cmd,
			scheduler_said(k, true, said, sizeof(said)));
}

int latt_knobs_apply(struct latt_knobs *k, const struct latt_system_cfg *c,
		     const struct latt_session *s, char *err, size_t len)
{
	char line[32], full[PATH_MAX];
	int32_t v;
	int ret = 0, id;

	if (c->autogroup >= 0) {
		ret = latt_sysinfo_line(k->root, AUTOGROUP, line, sizeof(line));
		if (ret) {
			latt_err(ret, err, len, "autogroup: reading %s: %s",
				 AUTOGROUP, strerror(-ret));
			goto out_undo;
		}
		id = undo_add(LATT_UNDO_SYSCTL, "autogroup",
			      path_of(k->root, AUTOGROUP, full, sizeof(full)),
			      line[0] == '1' ? "1" : "0",
			      c->autogroup ? "1" : "0", err, len);
		if (id < 0) {
			ret = id;
			goto out_undo;
		}
		k->autogroup = line[0] == '1';
		k->autogroup_undo = id;
		ret = latt_write_file(k->root, AUTOGROUP,
				      c->autogroup ? "1" : "0");
		if (!ret)
			latt_undo_made(id);
		if (ret) {
			latt_undo_forget(id);
			k->autogroup_undo = 0;
			k->autogroup = -1;
			latt_err(ret, err, len, "autogroup: writing %s: %s",
				 AUTOGROUP, strerror(-ret));
			goto out_undo;
		}
	}
	if (c->dma_latency_us >= 0) {
		errno = 0;
		k->dma_fd = open(path_of(k->root, DMA_LATENCY, full,
					 sizeof(full)), O_WRONLY | O_CLOEXEC);
		v = (int32_t)c->dma_latency_us;
		if (k->dma_fd < 0 || write(k->dma_fd, &v, sizeof(v)) !=
		    sizeof(v)) {
			ret = errno ? -errno : -EIO;
			latt_err(ret, err, len, "dma-latency: %s: %s", full,
				 strerror(-ret));
			goto out_undo;
		}
	}
	if (c->features || c->preempt) {
		ret = debugfs_ensure(k->root, c->features ? "features" :
				     "preempt", &k->debugfs_undo, err, len);
		if (!ret && c->features)
			ret = apply_features(k, c->features, err, len);
		if (!ret && c->preempt)
			ret = apply_preempt(k, c->preempt, err, len);
		if (ret)
			goto out_undo;
	}
	if (c->scheduler) {
		ret = apply_scheduler(k, c->scheduler, s, err, len);
		if (ret)
			goto out_undo;
	}
	return 0;

out_undo:
	latt_knobs_restore(k, line, sizeof(line));
	return ret;
}

int latt_knobs_verify(const struct latt_knobs *k, char *err, size_t len)
{
	char state[64], said[2048];

	if (!k->scheduler)
		return 0;
	if (k->scheduler_reaped)
		return latt_err(-ESRCH, err, len, "the sched_ext scheduler "
				"exited during the run%s",
				scheduler_said(k, false, said, sizeof(said)));
	if (scx_state(k->root, state, sizeof(state)) ||
	    strcmp(state, "enabled"))
		return latt_err(-ESRCH, err, len, "sched_ext was no longer "
				"enabled at the end of the run (state: %s): "
				"the kernel may have ejected the scheduler%s",
				state, scheduler_said(k, false, said,
						      sizeof(said)));
	return 0;
}

bool latt_knobs_reaped(struct latt_knobs *k, pid_t pid, int status)
{
	if (!k->scheduler || pid != k->scheduler)
		return false;
	k->scheduler_reaped = true;
	k->scheduler_status = status;
	return true;
}

/* Stop the scheduler: SIGINT (its clean exit), SIGKILL if it lingers. */
static int stop_scheduler(struct latt_knobs *k)
{
	uint64_t end = latt_mono_ns() + SCX_STOP_NS;
	char state[64];
	int status, sig = SIGINT;

	if (!k->scheduler_reaped) {
		kill(-k->scheduler, SIGINT);
		while (waitpid(k->scheduler, &status, WNOHANG) == 0) {
			if (latt_mono_ns() >= end && sig == SIGINT) {
				sig = SIGKILL;
				kill(-k->scheduler, SIGKILL);
			}
			poll(NULL, 0, 10);
		}
	}
	k->scheduler = 0;
	k->scheduler_reaped = false;
	/* The kernel takes a moment to switch back to the fair class. */
	end = latt_mono_ns() + SCX_STOP_NS;
	while (!scx_state(k->root, state, sizeof(state)) &&
	       strcmp(state, "disabled")) {
		if (latt_mono_ns() >= end)
			return -ETIMEDOUT;
		poll(NULL, 0, 10);
	}
	return 0;
}

/*
 * Put back the setting of undo entry @id (@name, @old before): 0, or
 * -errno with @err; a value somebody else changed is left and noted.
 */
static int put_back(struct latt_knobs *k, int *id, const char *name,
		    const char *old, char *err, size_t len)
{
	enum latt_undo_outcome o;
	char now[128];
	size_t used;

	o = latt_undo_revert(*id, now, sizeof(now));
	*id = 0;
	if (o == LATT_UNDO_FAILED)
		return latt_err(-EIO, err, len, "putting back %s %s: %s", name,
				old, now);
	if (o == LATT_UNDO_DISTURBED) {
		used = strlen(k->disturbed);
		snprintf(k->disturbed + used, sizeof(k->disturbed) - used,
			 "%s%s=%s", used ? " " : "", name, now);
	}
	return 0;
}

int latt_knobs_restore(struct latt_knobs *k, char *err, size_t len)
{
	char old[16];
	unsigned int i;
	int ret, first = 0;

	if (k->scheduler) {
		ret = stop_scheduler(k);
		if (ret && !first)
			first = latt_err(ret, err, len, "sched_ext did not "
					 "return to disabled after the "
					 "scheduler stopped");
		if (!ret)
			latt_undo_forget(k->scheduler_undo);
		k->scheduler_undo = 0;
	}
	if (k->scheduler_out >= 0) {
		close(k->scheduler_out);
		k->scheduler_out = -1;
	}
	if (k->preempt[0]) {
		ret = put_back(k, &k->preempt_undo, "preempt", k->preempt,
			       first ? old : err, first ? sizeof(old) : len);
		first = first ? first : ret;
		k->preempt[0] = '\0';
	}
	for (i = k->nfeatures; i-- > 0;) {
		ret = put_back(k, &k->feature_undo[i], "features", "",
			       first ? old : err, first ? sizeof(old) : len);
		first = first ? first : ret;
	}
	k->nfeatures = 0;
	k->features[0] = '\0';
	debugfs_release(&k->debugfs_undo);
	if (k->dma_fd >= 0) {
		/* Closing the file drops the PM QoS request. */
		close(k->dma_fd);
		k->dma_fd = -1;
	}
	if (k->autogroup >= 0) {
		ret = put_back(k, &k->autogroup_undo, "autogroup",
			       k->autogroup ? "1" : "0", first ? old : err,
			       first ? sizeof(old) : len);
		first = first ? first : ret;
		k->autogroup = -1;
	}
	return first;
}
