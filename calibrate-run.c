// SPDX-License-Identifier: GPL-2.0-only
/* latt calibrate's measurement; see calibrate-run.h. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "run/result.h"
#include "calibrate-run.h"

#define RUNS_DEFAULT		"-r5"

volatile sig_atomic_t latt_cal_caught;

/* The invocation running, for the signal handler. */
static volatile sig_atomic_t child = -1;

static void on_signal(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	latt_cal_caught = sig;
	/* The terminal's ^C reaches the invocation itself: sent once. */
	if (child > 0 && (sig != SIGINT || si->si_code == SI_USER ||
			  si->si_code == SI_QUEUE))
		kill((pid_t)child, sig);
}

static void handle_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_signal;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

/* An unnamed file of @name, whose path is /proc/self/fd/N in @path. */
static int unnamed(const char *name, char *path, size_t len)
{
	int fd = memfd_create(name, MFD_CLOEXEC);

	if (fd >= 0)
		snprintf(path, len, "/proc/self/fd/%d", fd);
	return fd;
}

/* The first lines of @fd (an invocation's standard error), indented. */
static void show_errors(int fd)
{
	char line[512];
	FILE *f;
	int n = 0;

	if (lseek(fd, 0, SEEK_SET) < 0)
		return;
	f = fdopen(dup(fd), "r");
	if (!f)
		return;
	while (n++ < 20 && fgets(line, sizeof(line), f))
		fprintf(stderr, "  %s%s", line,
			line[strlen(line) - 1] == '\n' ? "" : "\n");
	fclose(f);
}

/*
 * Run invocation @i of @c: latt itself again, its report dropped, its
 * document into @json_fd.  0, or the status to exit with.
 */
static int invoke(const struct latt_cal *c, unsigned long i, int json_fd)
{
	char path[64], ctx[64];
	int err_fd, status, ret = 0;
	char **words;
	pid_t pid;
	int n = 0;

	err_fd = memfd_create("latt-calibrate-stderr", MFD_CLOEXEC);
	words = calloc((size_t)c->nrun + 6, sizeof(*words));
	if (err_fd < 0 || !words) {
		fprintf(stderr, "latt calibrate: %s\n", strerror(errno));
		free(words);
		if (err_fd >= 0)
			close(err_fd);
		return LATT_EXIT_RUNTIME;
	}
	snprintf(path, sizeof(path), "/dev/fd/%d", json_fd);
	words[n++] = (char *)"latt";
	words[n++] = (char *)"--json";
	words[n++] = path;
	if (!c->runs_given)
		words[n++] = (char *)RUNS_DEFAULT;
	memcpy(words + n, c->run, (size_t)c->nrun * sizeof(*words));
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY | O_CLOEXEC);

		/* Whatever becomes of calibrate, the invocation stops. */
		prctl(PR_SET_PDEATHSIG, SIGTERM);
		if (getppid() == 1)
			_exit(LATT_EXIT_RUNTIME);
		/* Its document's file, open across the exec. */
		if (null < 0 || fcntl(json_fd, F_SETFD, 0) < 0 ||
		    dup2(null, STDOUT_FILENO) < 0 ||
		    dup2(err_fd, STDERR_FILENO) < 0)
			_exit(LATT_EXIT_RUNTIME);
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		signal(SIGHUP, SIG_DFL);
		execv(c->self, words);
		dprintf(err_fd, "latt calibrate: cannot run latt again "
			"(%s): %s\n", c->self, strerror(errno));
		_exit(LATT_EXIT_NOEXEC);
	}
	if (pid < 0) {
		fprintf(stderr, "latt calibrate: fork: %s\n", strerror(errno));
		ret = LATT_EXIT_RUNTIME;
		goto out;
	}
	child = pid;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	child = -1;
	if (latt_cal_caught)
		goto out;
	snprintf(ctx, sizeof(ctx), "invocation %lu of %lu", i + 1, c->k);
	if (WIFSIGNALED(status)) {
		fprintf(stderr, "latt calibrate: %s was killed by signal %d "
			"(%s)\n", ctx, WTERMSIG(status),
			strsignal(WTERMSIG(status)));
		ret = LATT_EXIT_RUNTIME;
	} else if (WEXITSTATUS(status)) {
		fprintf(stderr, "latt calibrate: %s failed (exit status %d):"
			"\n", ctx, WEXITSTATUS(status));
		ret = WEXITSTATUS(status);
	}
	if (ret)
		show_errors(err_fd);
out:
	close(err_fd);
	free(words);
	return ret;
}

/* How long, in words: "40 s", "3 min". */
static void say_time(double s, char *buf, size_t len)
{
	if (s < 90)
		snprintf(buf, len, "%.0f s", s);
	else
		snprintf(buf, len, "%.0f min", s / 60);
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Is @path this very program (@self, /proc/self/exe's)? */
static bool is_self(const char *path, const struct stat *self)
{
	struct stat st;

	return !stat(path, &st) && st.st_dev == self->st_dev &&
	       st.st_ino == self->st_ino;
}

char *latt_cal_self(const char *argv0)
{
	const char *path = getenv("PATH"), *end;
	struct stat self;
	char *cand;
	size_t n;

	if (stat("/proc/self/exe", &self))
		return NULL;
	if (strchr(argv0, '/'))
		return strdup(is_self(argv0, &self) ? argv0 :
			      "/proc/self/exe");
	/* Started by its name: the directory of $PATH it was found in. */
	for (; path && *path; path = *end ? end + 1 : end) {
		end = strchrnul(path, ':');
		n = (size_t)(end - path);
		if (asprintf(&cand, "%.*s/%s", (int)n, n ? path : ".",
			     argv0) < 0)
			return NULL;
		if (is_self(cand, &self))
			return cand;
		free(cand);
	}
	return strdup("/proc/self/exe");
}

/* See calibrate-run.h. */
int latt_cal_measure(const struct latt_cal *c, char (*paths)[64], int *fds)
{
	bool tty = isatty(STDERR_FILENO);
	double start = now_s(), took;
	char left[32];
	unsigned long i;
	int ret = 0;

	handle_signals();
	for (i = 0; i < c->k && !ret; i++) {
		if (tty) {
			took = now_s() - start;
			if (i)
				say_time(took / (double)i *
					 (double)(c->k - i), left,
					 sizeof(left));
			fprintf(stderr, "\rlatt calibrate: invocation %lu of "
				"%lu%s%s\033[K", i + 1, c->k,
				i ? ", about " : "", i ? left : "");
			if (i)
				fputs(" left", stderr);
		}
		fds[i] = unnamed("latt-calibrate", paths[i], sizeof(paths[i]));
		if (fds[i] < 0) {
			fprintf(stderr, "%slatt calibrate: %s\n",
				tty ? "\r\033[K" : "", strerror(errno));
			return LATT_EXIT_RUNTIME;
		}
		if (latt_cal_caught)
			break;
		ret = invoke(c, i, fds[i]);
	}
	if (tty)
		fputs("\r\033[K", stderr);
	return ret;
}

