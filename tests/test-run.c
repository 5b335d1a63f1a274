// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of a run (lib/run/run.c, lib/settings/session.c): runs repeated in one
 * process are independent (the second run's command is stopped by
 * SIGTERM, not SIGKILL after the grace period, starts with no signal
 * blocked, and its result carries nothing of the first's), and the ways a
 * run ends without measuring: a signal before it starts, a command that
 * cannot be executed, a client whose settings fail, a run too short to
 * see a wakeup, one that ends in its warm-up.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/parse.h"
#include "measure/clock.h"
#include "run/result-stop.h"
#include "run/result.h"
#include "run/run.h"
#include "settings/config.h"
#include "settings/session.h"
#include "tap.h"
#include "util.h"

#define MS	LATT_NSEC_PER_MSEC

static char sigblk_file[4096];
static char self[4096];

/*
 * The command of the runs is this program again ("--target FILE"): it
 * writes the signals it started with blocked to FILE, then waits to be
 * stopped.  A shell would not do: it unblocks signals when it starts.
 */
static int target_main(const char *file)
{
	sigset_t cur;
	FILE *f;
	int sig;

	sigprocmask(SIG_BLOCK, NULL, &cur);
	f = fopen(file, "w");
	if (!f)
		return 1;
	fprintf(f, "blocked:");
	for (sig = 1; sig < NSIG; sig++)
		if (sigismember(&cur, sig))
			fprintf(f, " %d", sig);
	fprintf(f, "\n");
	fclose(f);
	for (;;)
		pause();
}

static void base_cfg(struct latt_run_cfg *c, char **argv)
{
	latt_config_init(c);
	c->clients = 2;
	c->min_wait_ns = 1 * MS;
	c->max_wait_ns = 2 * MS;
	c->work_bytes = 4096;
	c->duration_ns = 300 * MS;
	c->grace_ns = 20000 * MS;	/* SIGKILL would take 20 s */
	c->cmd_argc = 1;
	c->cmd_argv = argv;
	c->cmd_display = argv[0];
}

/* Did the target write that it started with no signal blocked? */
static bool target_mask_empty(void)
{
	char line[256] = "";
	FILE *f = fopen(sigblk_file, "r");
	bool empty;

	if (!f)
		return false;
	if (!fgets(line, sizeof(line), f))
		line[0] = '\0';
	fclose(f);
	empty = !strcmp(line, "blocked:\n");
	if (!empty)
		diag("the command started with %s", line);
	unlink(sigblk_file);
	return empty;
}

static bool killed_by(const struct latt_result *r, int sig)
{
	return WIFSIGNALED(r->cmd.status) &&
	       WTERMSIG(r->cmd.status) == sig;
}

/*
 * The clock --clock auto picks on this machine: the counter where the
 * kernel trusts it as its clocksource, else CLOCK_MONOTONIC.
 */
static const char *auto_clock(void)
{
#ifdef LATT_HAVE_COUNTER
	char why[256];

	if (latt_clock_tsc_trusted("", why, sizeof(why)))
		return "tsc";
#endif
	return "monotonic";
}

static bool no_children_left(void)
{
	return waitpid(-1, NULL, WNOHANG) < 0 && errno == ECHILD;
}

static void test_two_runs(struct latt_session *s)
{
	static struct latt_result r1, r2;
	struct latt_run_cfg c;
	char opt[] = "--target";
	char *argv[] = { self, opt, sigblk_file, NULL };
	uint64_t n;

	base_cfg(&c, argv);
	c.cmd_argc = 3;
	/*
	 * The command must have written its signal mask before the run's
	 * end stops it: an emulated machine (make check-kernels) takes more
	 * than 300 ms to execute it beside two clients.
	 */
	c.duration_ns = 2000 * MS;
	latt_run(s, &c, 1, &r1);
	ok(r1.end.why == LATT_STOP_DURATION && killed_by(&r1, SIGTERM) &&
	   r1.cmd.killed && r1.measured.wake.stats.count > 0 && r1.run == 1 &&
	   latt_result_exit_status(&r1) == 0,
	   "run 1: measured, its command stopped by SIGTERM at the end");
	ok(target_mask_empty(), "run 1: the command started with no signal "
	   "blocked");

	latt_run(s, &c, 2, &r2);
	if (!ok(r2.end.why == LATT_STOP_DURATION && killed_by(&r2, SIGTERM) &&
		r2.cmd.wall_ns < c.grace_ns,
		"run 2: its command is stopped by SIGTERM too, not SIGKILL "
		"after the grace period"))
		diag("status 0x%x after %.3f s", r2.cmd.status,
		     (double)r2.cmd.wall_ns / 1e9);
	ok(target_mask_empty(), "run 2: its command started with no signal "
	   "blocked either");

	n = r2.measured.wake.stats.count;
	if (!ok(n >= r2.measured.cycles * c.clients &&
		n <= (r2.measured.cycles + 1) * c.clients &&
		r2.measured.wake.hist.count == n &&
		r2.measured.work.stats.count <= n,
		"run 2: its samples are its own cycles' (%llu for %llu "
		"cycles of %u clients)", (unsigned long long)n,
		(unsigned long long)r2.measured.cycles, c.clients))
		diag("run 1 had %llu",
		     (unsigned long long)r1.measured.wake.stats.count);
	ok(r2.run == 2 && r2.seed != r1.seed &&
	   (r2.started.tv_sec > r1.started.tv_sec ||
	    (r2.started.tv_sec == r1.started.tv_sec &&
	     r2.started.tv_nsec > r1.started.tv_nsec)) &&
	   !strcmp(r2.cfg.name, "default") &&
	   !strcmp(r2.clock, auto_clock()),
	   "run 2: its own number, seed and start; the clock named "
	   "(%s, as --clock auto picks here)", auto_clock());
	ok(no_children_left(), "nothing of either run is left to reap");
	latt_result_release(&r1);
	latt_result_release(&r2);
}

static void test_failures(struct latt_session *s)
{
	static struct latt_result r;
	struct latt_run_cfg c;
	char missing[] = "/nonexistent/latt-test-command";
	char sleeper[] = "sleep 5";
	char *argv_missing[] = { missing, NULL };
	char *argv_sleep[] = { sleeper, NULL };
	uint64_t t0, whole;
	char what[LATT_WHAT_MAX];

	base_cfg(&c, argv_missing);
	latt_run(s, &c, 1, &r);
	ok(r.end.why == LATT_STOP_NOEXEC && r.end.error == -ENOENT &&
	   !latt_result_measured(&r) && latt_result_exit_status(&r) == 127,
	   "a command that cannot be executed: nothing measured, 127");

	base_cfg(&c, argv_sleep);
	c.client.has_cpus = true;
	CPU_ZERO(&c.client.cpus);
	CPU_SET(CPU_SETSIZE - 1, &c.client.cpus);
	latt_result_release(&r);
	latt_run(s, &c, 1, &r);
	snprintf(what, sizeof(what), "%s", r.end.what);
	if (!ok(r.end.why == LATT_STOP_SETUP && r.end.error == -EINVAL &&
		strstr(what, "client") && strstr(what, "setting its cpus") &&
		!latt_result_measured(&r) &&
		latt_result_exit_status(&r) == 2,
		"a client whose settings fail: named, nothing measured, 2"))
		diag("stop %d error %d what '%s'", r.end.why, r.end.error,
		     what);
	ok(no_children_left(), "... and its command was never left running");

	base_cfg(&c, argv_sleep);
	c.min_wait_ns = 5000 * MS;
	c.max_wait_ns = 5000 * MS;
	c.duration_ns = 20 * MS;
	latt_result_release(&r);
	latt_run(s, &c, 1, &r);
	latt_result_status(&r, what, sizeof(what));
	ok(r.end.why == LATT_STOP_DURATION && !r.measured.wake.stats.count &&
	   latt_result_exit_status(&r) == 2 && strstr(what, "no wakeup"),
	   "a run shorter than the first sleep: no wakeup measured, 2");

	/*
	 * What is measured starts at the first wakeup after the warm-up:
	 * the time measured is at most the whole run's less the warm-up,
	 * however late a loaded machine ends it.
	 */
	base_cfg(&c, argv_sleep);
	c.warmup_ns = 200 * MS;
	c.duration_ns = 500 * MS;
	latt_result_release(&r);
	t0 = latt_mono_ns();
	latt_run(s, &c, 1, &r);
	whole = latt_mono_ns() - t0;
	if (!ok(r.end.why == LATT_STOP_DURATION &&
		r.measured.wake.stats.count &&
		r.measured.elapsed_ns > 0 &&
		r.measured.elapsed_ns <= whole - c.warmup_ns &&
		r.measured.wake.stats.count <= (r.measured.cycles + 1) *
		c.clients,
		"--warmup: only what came after it counts"))
		diag("%.3f s of %.3f s, %llu samples, %llu cycles",
		     (double)r.measured.elapsed_ns / 1e9, (double)whole / 1e9,
		     (unsigned long long)r.measured.wake.stats.count,
		     (unsigned long long)r.measured.cycles);

	/*
	 * The first wakeup (1 s) comes in the warm-up unless the waker is
	 * held up for half a second, the second (2 s at the earliest)
	 * after the end.
	 */
	base_cfg(&c, argv_sleep);
	c.warmup_ns = 1500 * MS;
	c.duration_ns = 1600 * MS;
	c.min_wait_ns = c.max_wait_ns = 1000 * MS;
	latt_result_release(&r);
	latt_run(s, &c, 1, &r);
	ok(!r.measured.wake.stats.count && !r.measured.work.stats.count &&
	   latt_result_exit_status(&r) == 2,
	   "a run that ends within its warm-up measured nothing");
	latt_result_release(&r);
}

/*
 * A run stamped with the counter, on a fake /proc and /sys that trust it
 * (this machine's kernel may not): the clients convert as the waker does.
 */
static void test_tsc(struct latt_session *s)
{
#ifdef LATT_HAVE_COUNTER
	static struct latt_result r;
	const char *tmp = getenv("TMPDIR");
	char root[4096], cmd[8192];
	struct latt_run_cfg c;
	char sleeper[] = "sleep 5";
	char *argv[] = { sleeper, NULL };

	snprintf(root, sizeof(root), "%s/latt-test-run.XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(root)) {
		skip("no temporary directory");
		return;
	}
	put_file(root, "/proc/cpuinfo", "flags\t: constant_tsc nonstop_tsc\n");
	put_file(root, "/sys/devices/system/clocksource/clocksource0/"
		 "current_clocksource",
#if defined(__x86_64__)
		 "tsc\n");
#else
		 "arch_sys_counter\n");
#endif
	base_cfg(&c, argv);
	c.clock = LATT_CLOCK_TSC;
	s->root = root;
	latt_run(s, &c, 1, &r);
	s->root = "";
	if (!ok(r.end.why == LATT_STOP_DURATION && !strcmp(r.clock, "tsc") &&
		r.clock_ghz > 0.01 && r.measured.wake.stats.count > 0 &&
		r.measured.wake.stats.max < 10000 * MS &&
		latt_result_exit_status(&r) == 0,
		"a run stamped with the counter: its samples are sane"))
		diag("clock %s %.3f GHz, %llu samples, max %llu ns", r.clock,
		     r.clock_ghz,
		     (unsigned long long)r.measured.wake.stats.count,
		     (unsigned long long)r.measured.wake.stats.max);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd))
		diag("could not remove %s", root);
#else
	(void)s;
	skip("no counter on this architecture");
#endif
	latt_result_release(&r);
}

static void test_pending_signal(struct latt_session *s)
{
	static struct latt_result r;
	struct signalfd_siginfo si;
	struct latt_run_cfg c;
	char sleeper[] = "sleep 5";
	char *argv[] = { sleeper, NULL };

	base_cfg(&c, argv);
	kill(getpid(), SIGINT);		/* blocked: stays pending */
	latt_run(s, &c, 1, &r);
	ok(r.end.why == LATT_STOP_SIGNAL && r.end.signal == SIGINT &&
	   !r.measured.wake.stats.count && no_children_left() &&
	   latt_result_exit_status(&r) == 130,
	   "a SIGINT before the run: it starts nothing and is interrupted");
	while (read(s->sigfd, &si, sizeof(si)) == sizeof(si))
		;
	latt_result_release(&r);
}

int main(int argc, char **argv)
{
	static struct latt_session s;
	const char *tmp = getenv("TMPDIR");
	ssize_t n;
	int ret;

	if (argc == 3 && !strcmp(argv[1], "--target"))
		return target_main(argv[2]);
	/*
	 * A session keeps signals ignored at its start ignored (nohup), and
	 * make check may run in the background of a script, where SIGINT
	 * is ignored: the SIGINT below must be one the session handles.
	 */
	signal(SIGINT, SIG_DFL);
	plan(7 + 6 + 1 + 1);
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0) {
		diag("cannot find this program");
		return 1;
	}
	self[n] = '\0';
	snprintf(sigblk_file, sizeof(sigblk_file), "%s/latt-test-run.%d",
		 tmp && *tmp ? tmp : "/tmp", (int)getpid());
	ret = latt_session_init(&s);
	if (ret) {
		diag("session: %s", strerror(-ret));
		return 1;
	}
	test_two_runs(&s);
	test_failures(&s);
	test_tsc(&s);
	test_pending_signal(&s);
	latt_session_destroy(&s);
	return tap_done();
}
