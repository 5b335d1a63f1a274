// SPDX-License-Identifier: GPL-2.0-only
/*
 * The target workload; see include/latt/target.h.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "latt/clock.h"
#include "latt/target.h"

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

int latt_target_init(struct latt_target *t, int argc, char **argv)
{
	size_t len = 1;
	int i;

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
	for (i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	t->display = malloc(len);
	if (!t->display)
		return -ENOMEM;
	t->display[0] = '\0';
	for (i = 0; i < argc; i++) {
		if (i)
			strcat(t->display, " ");
		strcat(t->display, argv[i]);
	}
	return 0;
}

void latt_target_free(struct latt_target *t)
{
	free(t->display);
	t->display = NULL;
}

/* In the child: become the target.  Never returns. */
static void target_child(struct latt_target *t, const sigset_t *sigmask,
			 pid_t parent, int errfd)
{
	struct sigaction sa = { .sa_handler = SIG_DFL };
	int err, sig;

	setpgid(0, 0);
	/* Die with latt; checked against a parent that died before this. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127);
	/* Ignored signals stay ignored across exec: hand over defaults. */
	for (sig = 1; sig < NSIG; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			sigaction(sig, &sa, NULL);
	sigprocmask(SIG_SETMASK, sigmask, NULL);
	execvp(t->argv[0], t->argv);
	err = errno;
	if (write(errfd, &err, sizeof(err)) < 0)
		_exit(127);
	_exit(127);
}

int latt_target_start(struct latt_target *t, const sigset_t *sigmask)
{
	pid_t parent = getpid(), pid;
	int fds[2], err = 0;
	ssize_t n;

	if (pipe2(fds, O_CLOEXEC))
		return -errno;
	t->start_ns = latt_mono_ns();
	pid = fork();
	if (pid < 0) {
		err = -errno;
		close(fds[0]);
		close(fds[1]);
		return err;
	}
	if (pid == 0)
		target_child(t, sigmask, parent, fds[1]);
	close(fds[1]);
	/* Both sides set the group, so neither has to wait for the other. */
	setpgid(pid, pid);
	t->pid = pid;
	/* End of file: exec succeeded (the descriptor was close-on-exec). */
	do {
		n = read(fds[0], &err, sizeof(err));
	} while (n < 0 && errno == EINTR);
	close(fds[0]);
	if (n == sizeof(err)) {
		int status;

		t->exec_errno = err;
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		t->exited = true;
		t->status = status;
		t->end_ns = latt_mono_ns();
		return -ENOEXEC;
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
	if (t->pid <= 0)
		return -ESRCH;
	return kill(-t->pid, sig) ? -errno : 0;
}

bool latt_target_alive(const struct latt_target *t)
{
	return latt_target_kill(t, 0) != -ESRCH;
}
