// SPDX-License-Identifier: GPL-2.0-only
/*
 * The session; see include/latt/session.h.
 */
#include <errno.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include "latt/clock.h"
#include "latt/session.h"

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

int latt_session_init(struct latt_session *s)
{
	struct sigaction sa = { .sa_handler = SIG_IGN }, old;
	int ret;

	memset(s, 0, sizeof(*s));
	s->root = "";
	s->sigfd = -1;
	s->samples = stdout;
	s->cmdline = "";
	s->target_stdout = -1;
	s->seed = latt_mono_ns() ^ ((uint64_t)getpid() << 32);
	latt_sysinfo_read(&s->sys, "");
	ret = latt_sched_save(&s->waker);
	if (ret)
		return ret;

	stop_signals(&s->stops);
	s->handled = s->stops;
	sigaddset(&s->handled, SIGCHLD);
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

void latt_session_destroy(struct latt_session *s)
{
	if (s->sigfd >= 0)
		close(s->sigfd);
	s->sigfd = -1;
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
