// SPDX-License-Identifier: GPL-2.0-only
/*
 * A test helper: keep one task (a process, or a single thread of one)
 * from running, unseen by it, until standard input ends.
 *
 *   hold-task TID
 *
 * It seizes TID with ptrace(2) and interrupts it (PTRACE_SEIZE,
 * PTRACE_INTERRUPT): unlike SIGSTOP, this stops that one task, sends it
 * no signal, and its end (the detach) comes without a SIGCONT, so the
 * task cannot tell it from being starved.  "held" on standard output
 * says the task is stopped; at the end of standard input it is let go.
 * Exits 0, 1 when the task could not be held (no right to trace it:
 * the caller skips), 2 on a usage error.  Should the task die meanwhile
 * (its process ended), it reaps it and ends.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char buf[256];
	pid_t tid;
	int st;

	if (argc != 2 || (tid = (pid_t)atoi(argv[1])) <= 0) {
		fprintf(stderr, "usage: hold-task TID <until-eof\n");
		return 2;
	}
	if (ptrace(PTRACE_SEIZE, tid, NULL, NULL) ||
	    ptrace(PTRACE_INTERRUPT, tid, NULL, NULL)) {
		fprintf(stderr, "hold-task: %d: %s\n", (int)tid,
			strerror(errno));
		return 1;
	}
	/* __WALL: the task may be a thread of another process. */
	if (waitpid(tid, &st, __WALL) != tid || !WIFSTOPPED(st)) {
		fprintf(stderr, "hold-task: %d did not stop\n", (int)tid);
		return 1;
	}
	printf("held\n");
	fflush(stdout);
	for (;;) {
		struct pollfd pfd = { .fd = STDIN_FILENO, .events = POLLIN };

		/*
		 * A task killed while traced is a zombie until its tracer
		 * reaps it, and its process cannot be reaped before: reap.
		 */
		if (waitpid(tid, &st, __WALL | WNOHANG) == tid &&
		    (WIFEXITED(st) || WIFSIGNALED(st)))
			return 0;
		if (poll(&pfd, 1, 50) > 0 &&
		    read(STDIN_FILENO, buf, sizeof(buf)) <= 0)
			break;
	}
	ptrace(PTRACE_DETACH, tid, NULL, NULL);
	return 0;
}
