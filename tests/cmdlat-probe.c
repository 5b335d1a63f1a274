// SPDX-License-Identifier: GPL-2.0-only
/*
 * Runs a command under lib/cmdlat's BPF program and prints what it
 * counted of the command's tasks, for tests/cli-cmdlat.sh to set beside
 * perf sched's figures of the same run:
 *
 *   cmdlat-probe [-r READY] [-g GO] COMMAND [ARG...]
 *
 * With -r, once the program is attached it creates the file READY; with
 * -g, it then waits for a byte from the FIFO GO before it starts the
 * command (the test starts perf between the two, so that at each
 * tracepoint latt's program runs before perf's and its stamps are not
 * late by perf's work).  It prints "root PID", then for each kind (wakeup, preempt) a line
 * "KIND count N sum NS max NS" and its buckets as "KIND bucket LOW
 * COUNT", then "untracked N" and "unended N".  Exit status: the command's (0 when it
 * succeeded), 77 when the program cannot be loaded (the reason on
 * standard error), 2 on a usage or system error.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "measure/hist.h"
#include "trace/cmdlat.h"

static void print_kind(const char *name, const struct latt_cmdwait *w)
{
	unsigned int b;

	printf("%s count %" PRIu64 " sum %" PRIu64 " max %" PRIu64 "\n",
	       name, w->hist.count, w->sum_ns, w->max_ns);
	for (b = 0; b < LATT_HIST_BUCKETS; b++)
		if (w->hist.buckets[b])
			printf("%s bucket %" PRIu64 " %" PRIu64 "\n", name,
			       latt_hist_bucket_low(b), w->hist.buckets[b]);
}

int main(int argc, char **argv)
{
	struct latt_cmdwaits *run;
	struct latt_cmdlat *c;
	int go[2], status, ret;
	char err[256], byte = 0;
	pid_t pid;

	const char *ready = NULL, *gofifo = NULL;
	int opt, fd;

	while ((opt = getopt(argc, argv, "+r:g:")) != -1) {
		if (opt == 'r')
			ready = optarg;
		else if (opt == 'g')
			gofifo = optarg;
		else
			optind = argc;
	}
	if (optind >= argc) {
		fprintf(stderr, "usage: cmdlat-probe [-r READY] [-g GO] "
			"COMMAND [ARG...]\n");
		return 2;
	}
	argv += optind - 1;
	ret = latt_cmdlat_open(&c, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "cmdlat-probe: %s\n", err);
		return 77;
	}
	if (ready) {
		fd = open(ready, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
		if (fd < 0) {
			perror("cmdlat-probe: READY");
			return 2;
		}
		close(fd);
	}
	if (gofifo) {
		fd = open(gofifo, O_RDONLY | O_CLOEXEC);
		if (fd < 0 || read(fd, &byte, 1) != 1) {
			perror("cmdlat-probe: GO");
			return 2;
		}
		close(fd);
	}
	run = malloc(sizeof(*run));
	if (!run || pipe(go)) {
		perror("cmdlat-probe");
		return 2;
	}
	pid = fork();
	if (pid < 0) {
		perror("cmdlat-probe: fork");
		return 2;
	}
	if (!pid) {
		/* Run nothing before the program follows this task. */
		close(go[1]);
		if (read(go[0], &byte, 1) != 1)
			_exit(2);
		close(go[0]);
		execvp(argv[1], argv + 1);
		fprintf(stderr, "cmdlat-probe: %s: %s\n", argv[1],
			strerror(errno));
		_exit(127);
	}
	close(go[0]);
	ret = latt_cmdlat_start(c, pid);
	if (ret) {
		fprintf(stderr, "cmdlat-probe: %s\n", strerror(-ret));
		kill(pid, SIGKILL);
		return 2;
	}
	if (write(go[1], &byte, 1) != 1) {
		perror("cmdlat-probe: write");
		return 2;
	}
	close(go[1]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			perror("cmdlat-probe: waitpid");
			return 2;
		}
	ret = latt_cmdlat_read(c, run);
	latt_cmdlat_stop(c);
	if (ret) {
		fprintf(stderr, "cmdlat-probe: %s\n", strerror(-ret));
		return 2;
	}
	printf("root %d\n", (int)pid);
	print_kind("wakeup", &run->wakeup);
	print_kind("preempt", &run->preempt);
	printf("untracked %" PRIu64 "\n", run->untracked);
	printf("unended %" PRIu64 "\n", run->unended);
	free(run);
	latt_cmdlat_close(c);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
