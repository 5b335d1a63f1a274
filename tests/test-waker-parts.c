// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of two parts of the waker that return what happened rather
 * than decide it: job control's count of the time latt was stopped by a
 * SIGSTOP (lib/run/jobctl.c), from the waits around it, and the reaping
 * of children (lib/run/reap.c), each said as what it was to the run.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "measure/clock.h"
#include "run/client.h"
#include "run/jobctl.h"
#include "run/reap.h"
#include "tap.h"

/* A wait that began at @start and ended as @ret (with @err). */
static void wait_at(struct latt_jobctl *j, uint64_t start, int ret, int err)
{
	latt_jobctl_idle(j, start);
	errno = err;
	latt_jobctl_waited(j, ret);
}

static void test_continued(void)
{
	struct latt_jobctl j;
	uint64_t gap = 0;
	bool yes;

	memset(&j, 0, sizeof(j));
	wait_at(&j, 100, -1, EINTR);
	ok(!latt_jobctl_continued(&j, 500, 0, 0, &gap) && !j.stops,
	   "a SIGCONT before the run started costs nothing");

	/* The wait that a stop cut short goes on: it began at 100. */
	memset(&j, 0, sizeof(j));
	wait_at(&j, 100, -1, EINTR);
	latt_jobctl_idle(&j, 200);
	yes = latt_jobctl_continued(&j, 500, 50, 0, &gap);
	ok(yes && gap == 400,
	   "stopped in a wait: from the wait's start (%llu ns)",
	   (unsigned long long)gap);
	ok(j.stops == 1 && j.stopped_signal == SIGSTOP &&
	   j.stopped_ns == 400, "... counted once, as a SIGSTOP's");

	memset(&j, 0, sizeof(j));
	wait_at(&j, 100, -1, EINTR);
	latt_jobctl_idle(&j, 200);
	yes = latt_jobctl_continued(&j, 500, 50, 300, &gap);
	ok(yes && gap == 200,
	   "... in its sleep: from the sleep's planned end (%llu ns)",
	   (unsigned long long)gap);

	/* Not interrupted: the stop came as latt ran, after the wait before. */
	memset(&j, 0, sizeof(j));
	wait_at(&j, 100, 0, 0);
	latt_jobctl_idle(&j, 200);
	yes = latt_jobctl_continued(&j, 500, 50, 0, &gap);
	ok(yes && gap == 400,
	   "stopped as it ran: from the wait before (%llu ns)",
	   (unsigned long long)gap);
	memset(&j, 0, sizeof(j));
	wait_at(&j, 100, 0, 0);
	latt_jobctl_idle(&j, 200);
	yes = latt_jobctl_continued(&j, 500, 150, 0, &gap);
	ok(yes && gap == 350,
	   "... but not before the run's start (%llu ns)",
	   (unsigned long long)gap);
	ok(!latt_jobctl_continued(&j, 150, 150, 0, &gap) && j.stops == 1,
	   "no time since: no stop");
}

/* A child that exits with @status at once; waited for, not reaped. */
static pid_t child_exits(int status)
{
	siginfo_t si;
	pid_t pid = fork();

	if (pid == 0)
		_exit(status);
	if (pid > 0)
		waitid(P_PID, (id_t)pid, &si, WEXITED | WNOWAIT);
	return pid;
}

static void test_reap(void)
{
	struct latt_client clients[2];
	struct latt_children ch;
	struct latt_reaped_ev ev;
	struct latt_clock clock;
	pid_t pid;

	memset(clients, 0, sizeof(clients));
	memset(&ch, 0, sizeof(ch));
	latt_clock_init(&clock, LATT_CLOCK_MONOTONIC, "");
	clients[1].id = 1;

	ok(!latt_reap_child(&ch, clients, 2, NULL, &clock, &ev),
	   "no child: nothing reaped");
	clients[1].pid = pid = child_exits(3);
	ok(latt_reap_child(&ch, clients, 2, NULL, &clock, &ev) &&
	   ev.what == LATT_REAPED_CLIENT && ev.client == 1,
	   "a client's end: said as client 2's");
	ok(clients[1].reaped && WIFEXITED(clients[1].status) &&
	   WEXITSTATUS(clients[1].status) == 3 && !clients[0].reaped,
	   "... noted as its, with its status");

	ch.helper = child_exits(4);
	ok(latt_reap_child(&ch, clients, 2, NULL, &clock, &ev) &&
	   ev.what == LATT_REAPED_HELPER && ch.helper_reaped &&
	   WEXITSTATUS(ch.helper_status) == 4, "the helper's end");
	ch.guard = child_exits(0);
	ok(latt_reap_child(&ch, clients, 2, NULL, &clock, &ev) &&
	   ev.what == LATT_REAPED_GUARD && !ch.guard,
	   "latt-guard's end: no guard left");
	ch.starter = child_exits(0);
	ok(latt_reap_child(&ch, clients, 2, NULL, &clock, &ev) &&
	   ev.what == LATT_REAPED_OTHER && ch.starter_reaped,
	   "latt-client's end: noted, nothing to the run");
	child_exits(0);
	ok(latt_reap_child(&ch, clients, 2, NULL, &clock, &ev) &&
	   ev.what == LATT_REAPED_OTHER, "a stranger's end: nothing to it");
	ok(latt_reap_thread(clients, 2, 0, &clock) == -1,
	   "no thread client ended: none joined");
}

int main(void)
{
	plan(15);
	test_continued();
	test_reap();
	return tap_done();
}
