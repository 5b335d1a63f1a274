// SPDX-License-Identifier: GPL-2.0-only
/*
 * Thread clients (--threads; lib/run/client.c), once per wake mechanism: a
 * thread client says it is ready, measures a wakeup and answers it as a
 * process does, and ends cleanly on the hang-up; one whose settings fail
 * says which; one whose channel breaks ends with the error, which is how
 * a thread client "dies" (it cannot be killed alone).
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "measure/clock.h"
#include "measure/wake.h"
#include "run/client.h"
#include "settings/sched.h"
#include "tap.h"

static const enum latt_wake_mech mechs[] = {
	LATT_WAKE_PIPE, LATT_WAKE_EVENTFD, LATT_WAKE_FUTEX, LATT_WAKE_SOCKET,
};

#define NMECHS	(sizeof(mechs) / sizeof(mechs[0]))

struct fixture {
	struct latt_clock clock;
	struct latt_sched sched;
	struct latt_client_cfg cfg;
	struct latt_client_slot *slot;
	struct latt_client c;
	int notify;
};

static void setup(struct fixture *f, enum latt_wake_mech m)
{
	memset(f, 0, sizeof(*f));
	latt_sched_init(&f->sched);
	f->slot = latt_client_slots_map(1, NULL);
	f->notify = eventfd(0, EFD_CLOEXEC);
	f->cfg.answer = latt_answer_open();
	if (!f->slot || f->notify < 0 || !f->cfg.answer ||
	    latt_clock_init(&f->clock, LATT_CLOCK_MONOTONIC, "")) {
		diag("set-up failed: %s", strerror(errno));
		exit(1);
	}
	f->cfg.clock = &f->clock;
	f->cfg.work_bytes = 4096;
	f->cfg.sched = &f->sched;
	f->cfg.mech = m;
	f->cfg.parent = getpid();
	f->c.slot = f->slot;
}

static void teardown(struct fixture *f)
{
	latt_wake_close(&f->c.chan);
	latt_answer_close(f->cfg.answer);
	latt_client_slots_unmap(f->slot, 1, NULL);
	close(f->notify);
}

/* Wait (5 s at most) for the thread to leave state @from; its new state. */
static int next_state(struct fixture *f, int from)
{
	struct pollfd p = { .fd = f->notify, .events = POLLIN };
	uint64_t n;
	int i, st;

	for (i = 0; i < 50; i++) {
		st = atomic_load(&f->c.state);
		if (st != from)
			return st;
		if (poll(&p, 1, 100) == 1 && read(f->notify, &n, sizeof(n)) < 0)
			break;
	}
	return atomic_load(&f->c.state);
}

static bool answered(struct latt_answer *a)
{
	struct pollfd p = { .fd = a->fd, .events = POLLIN };

	return poll(&p, 1, 5000) == 1;
}

static void test_measures(enum latt_wake_mech m)
{
	const char *name = latt_wake_name(m);
	struct fixture f;
	bool good;

	setup(&f, m);
	if (latt_client_thread_start(&f.c, &f.cfg, f.notify)) {
		diag("%s: cannot start a thread", name);
		exit(1);
	}
	good = next_state(&f, LATT_THREAD_STARTING) == LATT_THREAD_READY &&
	       f.c.is_thread && f.c.pid > 0 && f.c.pid != getpid();
	latt_answer_expect(f.cfg.answer, 1);
	good = good && !latt_wake_send(&f.c.chan, latt_clock_now(&f.clock)) &&
	       answered(f.cfg.answer) && f.slot->wake.count == 1 &&
	       f.slot->work.count == 1;
	ok(good, "%s: a thread client is ready, measures a wakeup and answers",
	   name);
	latt_wake_hangup(&f.c.chan);
	ok(next_state(&f, LATT_THREAD_READY) == LATT_THREAD_ENDED &&
	   f.c.exit_error == 0 && !latt_client_thread_join(&f.c),
	   "%s: the hang-up ends it cleanly", name);
	teardown(&f);
}

static void test_settings_fail(void)
{
	struct fixture f;

	setup(&f, LATT_WAKE_PIPE);
	f.sched.has_cpus = true;
	CPU_ZERO(&f.sched.cpus);
	CPU_SET(CPU_SETSIZE - 1, &f.sched.cpus);
	if (latt_client_thread_start(&f.c, &f.cfg, f.notify)) {
		diag("cannot start a thread");
		exit(1);
	}
	ok(next_state(&f, LATT_THREAD_STARTING) == LATT_THREAD_FAILED &&
	   f.c.fail.step == LATT_SCHED_STEP_CPUS && f.c.fail.error == -EINVAL &&
	   !latt_client_thread_join(&f.c),
	   "a thread client whose CPUs cannot be set says so, and ends");
	teardown(&f);
}

static void test_broken(void)
{
	struct fixture f;
	char half[3] = { 1, 2, 3 };

	setup(&f, LATT_WAKE_PIPE);
	if (latt_client_thread_start(&f.c, &f.cfg, f.notify)) {
		diag("cannot start a thread");
		exit(1);
	}
	next_state(&f, LATT_THREAD_STARTING);
	/* Half a stamp, then the hang-up: the read comes up short. */
	if (write(f.c.chan.wake_wr, half, sizeof(half)) != sizeof(half))
		diag("write: %s", strerror(errno));
	latt_wake_hangup(&f.c.chan);
	ok(next_state(&f, LATT_THREAD_READY) == LATT_THREAD_ENDED &&
	   f.c.exit_error == -EIO && !latt_client_thread_join(&f.c),
	   "a thread client whose channel breaks ends with the error");
	teardown(&f);
}

int main(void)
{
	unsigned int i;

	plan(2 * NMECHS + 2);
	for (i = 0; i < NMECHS; i++)
		test_measures(mechs[i]);
	test_settings_fail();
	test_broken();
	return tap_done();
}
