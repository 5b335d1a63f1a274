// SPDX-License-Identifier: GPL-2.0-only
/*
 * The sched_ext scheduler of a configuration (scheduler=CMD): started
 * before the run, its loading awaited, stopped after; see
 * lib/settings/knobs-scx.h.
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/escape.h"
#include "base/util.h"
#include "measure/clock.h"
#include "measure/sysinfo.h"
#include "settings/knobs-scx.h"
#include "settings/session.h"
#include "settings/undo.h"

#define SCX_START_NS	(30ULL * 1000 * 1000 * 1000)
#define SCX_STOP_NS	(5ULL * 1000 * 1000 * 1000)

/* @root@path into @buf of @len bytes, for a message. */
static const char *scx_path(const char *root, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s", root, LATT_SCX_STATE);
	return buf;
}

int latt_scx_check(const char *root, char *err, size_t len)
{
	char state[64], ops[64], full[PATH_MAX];
	int ret;

	ret = latt_sysinfo_line(root, LATT_SCX_STATE, state, sizeof(state));
	if (ret == -ENOENT)
		return latt_err(-EOPNOTSUPP, err, len, "scheduler: this "
				"kernel has no sched_ext (no %s; it needs "
				"Linux 6.12 or later with "
				"CONFIG_SCHED_CLASS_EXT)",
				scx_path(root, full, sizeof(full)));
	if (ret)
		return latt_err(ret, err, len, "scheduler: reading %s: %s",
				scx_path(root, full, sizeof(full)),
				strerror(-ret));
	if (!latt_sysinfo_sched_ext(root, ops, sizeof(ops)))
		return latt_err(-EBUSY, err, len, "scheduler: the sched_ext "
				"scheduler '%s' is already loaded (state: %s)"
				": stop it first", latt_esc(ops), state);
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

int latt_scx_state(const char *root, char *state, size_t size)
{
	return latt_sysinfo_line(root, LATT_SCX_STATE, state, size);
}

/*
 * What the scheduler wrote, for an error: ": its output: "FIRST" ...
 * "LAST"" (@first: the first line too, where a loader says what failed
 * before the last says that it did), or "" when it wrote nothing.  The
 * last 16 KiB are read; lines are escaped and cut to 160 bytes.
 */
const char *latt_scx_said(int out, bool first, char *buf, size_t len)
{
	char text[16384];
	const char *a, *b, *end;
	off_t size;
	ssize_t n;
	size_t la, lb;

	buf[0] = '\0';
	if (out < 0)
		return buf;
	size = lseek(out, 0, SEEK_END);
	if (size <= 0)
		return buf;
	/* A first line is one only when the text starts at the start. */
	if (size > (off_t)sizeof(text))
		first = false;
	n = pread(out, text, sizeof(text),
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

int latt_scx_spawn(const char *cmd, const struct latt_session *s, int out,
		   pid_t *pid, char *err, size_t len)
{
	pid_t parent = getpid();

	*pid = fork();
	if (*pid < 0)
		return latt_err(-errno, err, len, "scheduler: starting '%s': "
				"%s", cmd, strerror(errno));
	if (*pid == 0)
		scheduler_child(cmd, s, parent, out);
	setpgid(*pid, *pid);
	return 0;
}

int latt_scx_await(const char *root, pid_t pid, const char *cmd,
		   const struct latt_session *s, int out, char *ops,
		   size_t opslen, char *err, size_t len)
{
	uint64_t end = latt_mono_ns() + SCX_START_NS;
	char state[64], st[32], said[2048];
	int status;

	while (latt_mono_ns() < end) {
		if (!latt_scx_state(root, state, sizeof(state)) &&
		    !strcmp(state, "enabled")) {
			latt_sysinfo_sched_ext(root, ops, opslen);
			return 0;
		}
		if (waitpid(pid, &status, WNOHANG) == pid) {
			if (WIFEXITED(status))
				snprintf(st, sizeof(st), "status %d",
					 WEXITSTATUS(status));
			else
				snprintf(st, sizeof(st), "signal %d",
					 WTERMSIG(status));
			return latt_err(-ECHILD, err, len, "scheduler: '%s' "
					"ended (%s) before sched_ext was "
					"enabled%s", cmd, st,
					latt_scx_said(out, true, said,
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
			latt_scx_said(out, true, said, sizeof(said)));
}

int latt_scx_stop(const char *root, pid_t pid, bool reaped)
{
	uint64_t end = latt_mono_ns() + SCX_STOP_NS;
	char state[64];
	int status, sig = SIGINT;

	if (!reaped) {
		kill(-pid, SIGINT);
		while (waitpid(pid, &status, WNOHANG) == 0) {
			if (latt_mono_ns() >= end && sig == SIGINT) {
				sig = SIGKILL;
				kill(-pid, SIGKILL);
			}
			poll(NULL, 0, 10);
		}
	}
	/* The kernel takes a moment to switch back to the fair class. */
	end = latt_mono_ns() + SCX_STOP_NS;
	while (!latt_scx_state(root, state, sizeof(state)) &&
	       strcmp(state, "disabled")) {
		if (latt_mono_ns() >= end)
			return -ETIMEDOUT;
		poll(NULL, 0, 10);
	}
	return 0;
}
