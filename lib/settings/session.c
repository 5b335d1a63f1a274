// SPDX-License-Identifier: GPL-2.0-only
/*
 * The session; see settings/session.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "settings/session.h"
#include "base/escape.h"
#include "base/util.h"
#include "measure/clock.h"
#include "measure/sysinfo.h"
#include "settings/lock.h"
#include "settings/sched.h"
#include "settings/undo-sweep.h"
#include "settings/undo.h"

/*
 * The signals whose default action ends a process and that another
 * process sends (not those of a fault: SIGSEGV and the like), less those
 * ignored when latt started.
 */
static void stop_signals(sigset_t *set)
{
	static const int fatal[] = {
		SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM,
		SIGVTALRM, SIGPROF, SIGPOLL, SIGPWR, SIGXCPU, SIGXFSZ,
		SIGSTKFLT,
	};
	struct sigaction old;
	size_t i;
	int sig;

	sigemptyset(set);
	for (i = 0; i < sizeof(fatal) / sizeof(fatal[0]); i++)
		sigaddset(set, fatal[i]);
	for (sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		sigaddset(set, sig);
	for (sig = 1; sig < NSIG; sig++)
		if (sigismember(set, sig) && !sigaction(sig, NULL, &old) &&
		    old.sa_handler == SIG_IGN)
			sigdelset(set, sig);
}

/*
 * Job control: ^Z (SIGTSTP) and SIGCONT are read too, so that the waker
 * stops the command with latt and leaves the stopped time out; not when
 * SIGTSTP was ignored at the start.
 */
static void job_signals(sigset_t *set)
{
	struct sigaction old;

	sigemptyset(set);
	if (!sigaction(SIGTSTP, NULL, &old) && old.sa_handler == SIG_IGN)
		return;
	sigaddset(set, SIGTSTP);
	sigaddset(set, SIGCONT);
}

bool latt_session_int_taken(struct latt_session *s)
{
	const struct timespec now = { 0, 0 };
	sigset_t set, only;

	if (!s->finish_run || s->int_pending)
		return s->int_pending;
	sigemptyset(&only);
	sigaddset(&only, SIGINT);
	if (!sigpending(&set) && sigismember(&set, SIGINT) &&
	    sigtimedwait(&only, NULL, &now) == SIGINT)
		s->int_pending = true;
	return s->int_pending;
}

int latt_session_init(struct latt_session *s)
{
	struct sigaction sa = { .sa_handler = SIG_IGN }, old;
	sigset_t job;
	int ret;

	memset(s, 0, sizeof(*s));
	s->root = "";
	s->sigfd = -1;
	s->samples = stdout;
	s->guard_fd = s->guard_pidfd = -1;
	s->target_stdout = -1;
	s->seed = latt_mono_ns() ^ ((uint64_t)getpid() << 32);
	latt_sysinfo_read(&s->sys, "");
	ret = latt_sched_save(&s->waker);
	if (ret)
		return ret;

	stop_signals(&s->stops);
	s->handled = s->stops;
	sigaddset(&s->handled, SIGCHLD);
	job_signals(&job);
	sigorset(&s->handled, &s->handled, &job);
	if (sigprocmask(SIG_BLOCK, &s->handled, &s->child_mask))
		return -errno;
	s->sigfd = signalfd(-1, &s->handled, SFD_CLOEXEC | SFD_NONBLOCK);
	if (s->sigfd < 0) {
		ret = -errno;
		sigprocmask(SIG_SETMASK, &s->child_mask, NULL);
		return ret;
	}
	/* A closed stdout is reported from the write, not by dying. */
	if (sigaction(SIGPIPE, &sa, &old) == 0)
		s->pipe_ignored = old.sa_handler == SIG_IGN;
	/* Orphans of the command come to latt, so none escapes the end. */
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	return 0;
}

static bool kept(int fd, const int *keep, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (keep[i] == fd)
			return true;
	return false;
}

/* Close every descriptor from 3 up but the @n of @keep. */
static void close_others(const int *keep, size_t n)
{
	long max = sysconf(_SC_OPEN_MAX);
	int fd, top = 2;
	size_t i;

	for (i = 0; i < n; i++)
		if (keep[i] > top)
			top = keep[i];
	for (fd = 3; fd <= top; fd++)
		if (!kept(fd, keep, n))
			close(fd);
#ifdef SYS_close_range
	if (syscall(SYS_close_range, (unsigned int)top + 1, ~0U, 0) == 0)
		return;
#endif
	for (fd = top + 1; fd < (max > 0 && max < INT_MAX ? max : 65536); fd++)
		close(fd);
}

static void say_stderr(void *ctx, const char *line)
{
	(void)ctx;
	dprintf(STDERR_FILENO, "latt: %s\n", latt_esc(line));
}

/*
 * The guard's life: wait for latt's words, and its end.  Then stop the
 * command latt left, and undo what latt's record still holds, which
 * after a normal end is nothing.
 */
static void __attribute__((noreturn)) guard(int fd, pid_t latt)
{
	static const int quiet[] = { SIGINT, SIGQUIT, SIGHUP, SIGTSTP,
				     SIGTTIN, SIGTTOU, SIGPIPE, SIGUSR1,
				     SIGUSR2, SIGALRM, SIGTERM };
	char prefix[96];
	sigset_t none;
	pid_t pgid = 0, v;
	bool ended = false;
	unsigned int i;
	ssize_t n;

	prctl(PR_SET_NAME, "latt-guard");
	/*
	 * A session of its own: what kills latt's process group (a CI
	 * job's end, kill -KILL -- -PGID) leaves the guard to undo.
	 */
	setsid();
	/* Only latt's end stops it (or SIGKILL). */
	for (i = 0; i < sizeof(quiet) / sizeof(quiet[0]); i++)
		signal(quiet[i], SIG_IGN);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	while ((n = read(fd, &v, sizeof(v))) == sizeof(v) ||
	       (n < 0 && errno == EINTR))
		if (n == sizeof(v) && v >= 0)
			pgid = v;
		else if (n == sizeof(v))
			ended = true;
	/* latt is gone: so is, now, the command it left behind. */
	if (pgid > 0) {
		kill(-pgid, SIGCONT);
		kill(-pgid, SIGKILL);
	}
	if (*latt_undo_file()) {
		snprintf(prefix, sizeof(prefix), ended ? "latt %d ended; its "
			 "guard: " : "latt %d died; its guard: ", (int)latt);
		latt_undo_apply_file(latt_undo_file(), prefix, say_stderr,
				     NULL);
	}
	_exit(0);
}

int latt_session_guard_start(struct latt_session *s)
{
	int fds[2], keep[LATT_LOCK_MAX + 2];
	size_t nkeep;
	pid_t pid, latt = getpid();
	long pidfd;

	if (pipe2(fds, O_CLOEXEC))
		return -errno;
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -errno;
	}
	if (!pid) {
		/*
		 * Keep the read end and the locks latt holds (they are the
		 * guard's too until it is done): latt's files are not its
		 * own.
		 */
		keep[0] = fds[0];
		keep[1] = latt_undo_lock_fd();
		nkeep = 2 + latt_lock_fds(keep + 2, LATT_LOCK_MAX);
		close_others(keep, nkeep);
		guard(fds[0], latt);
	}
	close(fds[0]);
	s->guard_fd = fds[1];
	s->guard_pid = pid;
	/*
	 * Its end, to watch for (Linux 5.3; close-on-exec); without it,
	 * waitpid().
	 */
	pidfd = syscall(SYS_pidfd_open, pid, 0U);
	s->guard_pidfd = pidfd >= 0 && pidfd < INT_MAX ? (int)pidfd : -1;
	/* A guard that takes over from one gone: the command it stops. */
	if (s->guard_pgid > 0)
		latt_session_guard(s, s->guard_pgid);
	return 0;
}

void latt_session_guard(struct latt_session *s, pid_t pgid)
{
	if (pgid >= 0)
		s->guard_pgid = pgid;
	if (s->guard_fd >= 0 && write(s->guard_fd, &pgid, sizeof(pgid)) < 0)
		return;
}

/* Has the guard ended (a zombie or reaped)? */
static bool guard_ended(struct latt_session *s)
{
	struct pollfd p = { .fd = s->guard_pidfd, .events = POLLIN };
	pid_t r;

	/* A pidfd is readable once its process has ended. */
	if (s->guard_pidfd >= 0)
		return poll(&p, 1, 0) == 1;
	do {
		r = waitpid(s->guard_pid, NULL, WNOHANG);
	} while (r < 0 && errno == EINTR);
	return r == s->guard_pid || (r < 0 && errno == ECHILD);
}

int latt_session_guard_check(struct latt_session *s, bool reaped)
{
	pid_t old = s->guard_pid;
	int ret;

	if (s->guard_fd < 0 || (!reaped && !guard_ended(s)))
		return 0;
	if (!reaped)
		waitpid(old, NULL, WNOHANG);
	close(s->guard_fd);
	if (s->guard_pidfd >= 0)
		close(s->guard_pidfd);
	s->guard_fd = s->guard_pidfd = -1;
	ret = latt_session_guard_start(s);
	if (ret)
		latt_fmt(s->guard_news, sizeof(s->guard_news), "latt-guard "
			 "(pid %d), which puts the system back should latt be "
			 "killed, died and no new one could be started",
			 (int)old);
	else
		latt_fmt(s->guard_news, sizeof(s->guard_news), "latt-guard "
			 "(pid %d), which puts the system back should latt be "
			 "killed, died: a new one (pid %d) took over",
			 (int)old, (int)s->guard_pid);
	return ret ? ret : 1;
}

void latt_session_destroy(struct latt_session *s)
{
	sigset_t job;

	/* From here a ^Z stops latt as it stops any program. */
	job_signals(&job);
	sigdelset(&job, SIGCONT);
	sigprocmask(SIG_UNBLOCK, &job, NULL);
	if (s->sigfd >= 0)
		close(s->sigfd);
	s->sigfd = -1;
	if (s->guard_fd >= 0) {
		/* A normal end, whatever is left in the record. */
		latt_session_guard(s, -1);
		close(s->guard_fd);
		/* It ends at once: reap it, so nothing of latt is left. */
		waitpid(s->guard_pid, NULL, 0);
	}
	if (s->guard_pidfd >= 0)
		close(s->guard_pidfd);
	s->guard_fd = s->guard_pidfd = -1;
}

int latt_session_pending_stop(const struct latt_session *s)
{
	sigset_t pending;
	int sig;

	if (sigpending(&pending))
		return 0;
	for (sig = 1; sig < NSIG; sig++)
		if (sigismember(&pending, sig) && sigismember(&s->stops, sig))
			return sig;
	return 0;
}
