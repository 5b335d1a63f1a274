// SPDX-License-Identifier: GPL-2.0-only
/*
 * The target workload; see run/target.h.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run/target.h"
#include "base/util.h"
#include "measure/clock.h"
#include "settings/cgroup.h"
#include "settings/sched-apply.h"
#include "settings/sched.h"
#include "settings/undo.h"

bool latt_target_is_shell(int argc, char **argv)
{
	const char *p;

	if (argc != 1)
		return false;
	for (p = argv[0]; *p; p++)
		if (isspace((unsigned char)*p))
			return true;
	return false;
}

/* Is @name, of @n bytes, a program in PATH (or a path) we may execute? */
static bool in_path(const char *name, size_t n)
{
	const char *path = getenv("PATH"), *p, *end;
	char full[4096];

	if (memchr(name, '/', n)) {
		snprintf(full, sizeof(full), "%.*s", (int)n, name);
		return !access(full, X_OK);
	}
	if (!path)
		path = "/usr/local/bin:/usr/bin:/bin";
	for (p = path; ; p = end + 1) {
		end = strchrnul(p, ':');
		snprintf(full, sizeof(full), "%.*s/%.*s", (int)(end - p), p,
			 (int)n, name);
		if (end > p && !access(full, X_OK))
			return true;
		if (!*end)
			return false;
	}
}

bool latt_target_shell_finds(const char *line)
{
	static const char *const builtin[] = {
		"!", "{", "}", "case", "do", "done", "elif", "else", "esac",
		"fi", "for", "if", "in", "then", "until", "while", "break",
		":", ".", "continue", "eval", "exec", "exit", "export",
		"readonly", "return", "set", "shift", "times", "trap",
		"unset", "alias", "bg", "cd", "command", "false", "fc", "fg",
		"getopts", "hash", "jobs", "kill", "newgrp", "pwd", "read",
		"true", "type", "ulimit", "umask", "unalias", "wait", "echo",
		"printf", "test", "[", "local", NULL
	};
	const char *const *b;
	const char *w = line;
	size_t n, i;

	for (;;) {
		w += strspn(w, " \t\n");
		n = strcspn(w, " \t\n;&|<>()");
		/* VAR=value before the program. */
		if (n && memchr(w, '=', n) && w[0] != '=' &&
		    !memchr(w, '/', (size_t)((const char *)memchr(w, '=', n) - w)))
			w += n;
		else
			break;
	}
	/* Quotes, expansions, a subshell: the shell's business. */
	if (!n)
		return true;
	for (i = 0; i < n; i++)
		if (strchr("\"'`$\\", w[i]))
			return true;
	for (b = builtin; *b; b++)
		if (strlen(*b) == n && !strncmp(w, *b, n))
			return true;
	return in_path(w, n);
}

char *latt_target_display(int argc, char **argv)
{
	size_t len = 1;
	char *d;
	int i;

	for (i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	d = malloc(len);
	if (!d)
		return NULL;
	d[0] = '\0';
	for (i = 0; i < argc; i++) {
		if (i)
			strcat(d, " ");
		strcat(d, argv[i]);
	}
	return d;
}

void latt_target_init(struct latt_target *t, int argc, char **argv,
		      const char *display)
{
	memset(t, 0, sizeof(*t));
	if (latt_target_is_shell(argc, argv)) {
		static char sh[] = "/bin/sh", dash_c[] = "-c";

		t->shell_argv[0] = sh;
		t->shell_argv[1] = dash_c;
		t->shell_argv[2] = argv[0];
		t->shell_argv[3] = NULL;
		t->argv = t->shell_argv;
	} else {
		t->argv = argv;
	}
	t->display = display;
}

/* What the child tells through its pipe when it could not start. */
struct start_failure {
	int error;		/* errno */
	int stage;		/* enum stage */
};

enum stage {
	STAGE_EXEC = -1,
	STAGE_CGROUP = -2,
	/* 0 and up: enum latt_sched_step */
};

static const char *stage_name(int stage)
{
	if (stage == STAGE_EXEC)
		return "exec";
	if (stage == STAGE_CGROUP)
		return "cgroup";
	return latt_sched_step_name((enum latt_sched_step)stage);
}

static void __attribute__((noreturn)) child_fail(int fd, int error, int stage)
{
	struct start_failure f = { .error = error, .stage = stage };

	if (write(fd, &f, sizeof(f)) < 0)
		_exit(127);
	_exit(127);
}

/* In the child: become the target.  Never returns. */
static void __attribute__((noreturn))
target_child(struct latt_target *t, const struct latt_target_opts *o,
	     pid_t parent, int errfd, int gofd)
{
	enum latt_sched_step step = LATT_SCHED_STEP_POLICY;
	char go;
	int ret;

	latt_undo_child_unlock();
	/* Die with latt. */
	if (!latt_child_setup(parent, SIGKILL, o->sigmask))
		_exit(127);
	/*
	 * Once the exec gives root's capabilities back, PR_SET_PDEATHSIG
	 * is forgotten: go on only when latt has told its guard (or is
	 * gone: end of file).
	 */
	if (gofd >= 0 && read(gofd, &go, 1) != 1)
		_exit(127);
	/* The cgroup first: a real-time policy may depend on it. */
	if (o->cgroup_procs) {
		ret = latt_cgroup_join(o->cgroup_procs);
		if (ret)
			child_fail(errfd, -ret, STAGE_CGROUP);
	}
	if (o->sched) {
		ret = latt_sched_apply(o->sched, &step);
		if (ret)
			child_fail(errfd, -ret, (int)step);
	}
	/* latt's standard output carries a document: not the command's. */
	if (o->stdout_fd >= STDERR_FILENO &&
	    dup2(o->stdout_fd, STDOUT_FILENO) < 0)
		child_fail(errfd, errno, STAGE_EXEC);
	/* --target-metric: both go to latt, which reads them. */
	if (o->stderr_fd > STDERR_FILENO &&
	    dup2(o->stderr_fd, STDERR_FILENO) < 0)
		child_fail(errfd, errno, STAGE_EXEC);
	execvp(t->argv[0], t->argv);
	child_fail(errfd, errno, STAGE_EXEC);
}

int latt_target_start(struct latt_target *t, const struct latt_target_opts *o)
{
	pid_t parent = getpid(), pid;
	struct start_failure f;
	int fds[2], go[2] = { -1, -1 }, err;
	ssize_t n;

	/* Nothing of an earlier start may carry over into this one. */
	t->pid = 0;
	t->exited = false;
	t->status = 0;
	t->fail_errno = 0;
	t->fail_what = NULL;
	t->start_ns = t->end_ns = 0;
	memset(&t->ru, 0, sizeof(t->ru));
	memset(&t->orphans, 0, sizeof(t->orphans));
	t->own_cgroup = o->own_cgroup;

	if (pipe2(fds, O_CLOEXEC))
		return -errno;
	if (o->started && pipe2(go, O_CLOEXEC)) {
		err = -errno;
		close(fds[0]);
		close(fds[1]);
		return err;
	}
	t->start_ns = latt_mono_ns();
	pid = fork();
	if (pid < 0) {
		err = -errno;
		close(fds[0]);
		close(fds[1]);
		if (go[0] >= 0) {
			close(go[0]);
			close(go[1]);
		}
		return err;
	}
	if (pid == 0) {
		if (go[1] >= 0)
			close(go[1]);
		target_child(t, o, parent, fds[1], go[0]);
	}
	close(fds[1]);
	/* Both sides set the group, so neither has to wait for the other. */
	setpgid(pid, pid);
	t->pid = pid;
	if (o->started) {
		close(go[0]);
		o->started(o->ctx, pid);
		/* Should this fail, the child ends at the end of file. */
		n = write(go[1], "", 1);
		close(go[1]);
	}
	/* End of file: exec succeeded (the descriptor was close-on-exec). */
	do {
		n = read(fds[0], &f, sizeof(f));
	} while (n < 0 && errno == EINTR);
	close(fds[0]);
	if (n == sizeof(f)) {
		int status;

		t->fail_errno = f.error;
		t->fail_what = stage_name(f.stage);
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		t->exited = true;
		t->status = status;
		t->end_ns = latt_mono_ns();
		return f.stage == STAGE_EXEC ? -ENOEXEC : -ECANCELED;
	}
	return 0;
}

void latt_target_exited(struct latt_target *t, int status,
			const struct rusage *ru, uint64_t now_ns)
{
	t->exited = true;
	t->status = status;
	t->ru = *ru;
	t->end_ns = now_ns;
}

static void timeval_add(struct timeval *a, const struct timeval *b)
{
	a->tv_sec += b->tv_sec;
	a->tv_usec += b->tv_usec;
	if (a->tv_usec >= 1000000) {
		a->tv_sec++;
		a->tv_usec -= 1000000;
	}
}

static void rusage_add(struct rusage *a, const struct rusage *b)
{
	timeval_add(&a->ru_utime, &b->ru_utime);
	timeval_add(&a->ru_stime, &b->ru_stime);
	a->ru_nvcsw += b->ru_nvcsw;
	a->ru_nivcsw += b->ru_nivcsw;
	if (b->ru_maxrss > a->ru_maxrss)
		a->ru_maxrss = b->ru_maxrss;
}

void latt_target_add_orphan(struct latt_target *t, const struct rusage *ru)
{
	rusage_add(&t->orphans, ru);
}

void latt_target_rusage(const struct latt_target *t, struct rusage *total)
{
	*total = t->ru;
	rusage_add(total, &t->orphans);
}

int latt_target_kill(const struct latt_target *t, int sig)
{
	int ret;

	if (t->pid <= 0)
		return -ESRCH;
	ret = kill(-t->pid, sig) ? -errno : 0;
	if (t->own_cgroup && latt_cgroup_kill(t->own_cgroup, sig) > 0)
		ret = 0;
	return ret;
}

bool latt_target_alive(const struct latt_target *t)
{
	if (t->pid <= 0)
		return false;
	return kill(-t->pid, 0) == 0 || errno != ESRCH ||
	       (t->own_cgroup && latt_cgroup_populated(t->own_cgroup));
}
