// SPDX-License-Identifier: GPL-2.0-only
/*
 * System settings; see lib/settings/knobs.h.
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

#include "settings/knobs.h"
#include "base/util.h"
#include "measure/sysinfo.h"
#include "settings/config.h"
#include "settings/knobs-scx.h"
#include "settings/session.h"
#include "settings/undo.h"

#define AUTOGROUP	"/proc/sys/kernel/sched_autogroup_enabled"
#define DMA_LATENCY	"/dev/cpu_dma_latency"
#define DEBUGFS		"/sys/kernel/debug"
#define FEATURES	DEBUGFS "/sched/features"
#define PREEMPT		DEBUGFS "/sched/preempt"

#define DEBUGFS_MAGIC		0x64626720
#define FEATURES_MAX		4096

/* @root@path into @buf of @len bytes (@root "" for the real system). */
static char *knobs_path(const char *root, const char *path, char *buf,
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

	knobs_path(root, path, full, sizeof(full));
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
	knobs_path(root, path, full, sizeof(full));
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
					knobs_path(root, AUTOGROUP, full,
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
					knobs_path(root, DMA_LATENCY, full,
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
		ret = latt_scx_check(root, err, len);
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
	knobs_path(k->root, FEATURES, full, sizeof(full));
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
		id = undo_add(LATT_UNDO_FEATURE, "features", full, back,
			      item, err, len);
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
		      knobs_path(k->root, PREEMPT, full, sizeof(full)),
		      mode, want, err, len);
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

/*
 * Start the sched_ext scheduler @cmd, written in the undo record first,
 * and wait for it to load.  The scheduler's process, its output and its
 * undo entry are kept in @k; knobs-scx.c only says what happened.
 */
static int scheduler_start(struct latt_knobs *k, const char *cmd,
			   const struct latt_session *s, char *err, size_t len)
{
	char full[PATH_MAX];
	pid_t pid;
	int id, ret;

	id = undo_add(LATT_UNDO_SCX, "sched_ext",
		      knobs_path(k->root, LATT_SCX_STATE, full, sizeof(full)),
		      "disabled", "", err, len);
	if (id < 0)
		return id;
	k->scheduler_out = memfd_create("latt-scheduler", MFD_CLOEXEC);
	ret = latt_scx_spawn(cmd, s, k->scheduler_out, &pid, err, len);
	if (ret) {
		latt_undo_forget(id);
		return ret;
	}
	k->scheduler = pid;
	k->scheduler_undo = id;
	latt_undo_made_pid(id, pid);
	ret = latt_scx_await(k->root, pid, cmd, s, k->scheduler_out,
			     k->scx_ops, sizeof(k->scx_ops), err, len);
	/* It ended, and was reaped: there is none to stop. */
	if (ret == -ECHILD)
		k->scheduler = 0;
	return ret;
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
			      knobs_path(k->root, AUTOGROUP, full,
					 sizeof(full)),
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
		k->dma_fd = open(knobs_path(k->root, DMA_LATENCY, full,
					    sizeof(full)),
				 O_WRONLY | O_CLOEXEC);
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
		ret = scheduler_start(k, c->scheduler, s, err, len);
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
				latt_scx_said(k->scheduler_out, false, said,
					      sizeof(said)));
	if (latt_scx_state(k->root, state, sizeof(state)) ||
	    strcmp(state, "enabled"))
		return latt_err(-ESRCH, err, len, "sched_ext was no longer "
				"enabled at the end of the run (state: %s): "
				"the kernel may have ejected the scheduler%s",
				state, latt_scx_said(k->scheduler_out, false,
						     said, sizeof(said)));
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
		ret = latt_scx_stop(k->root, k->scheduler,
				    k->scheduler_reaped);
		k->scheduler = 0;
		k->scheduler_reaped = false;
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
