// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of --explain's matching (lib/explain.c): the N worst kept in
 * order, a wakeup found from made-up scheduler events (who woke it, where
 * it was queued and ran, the split of its latency, what ran meanwhile and
 * how it left the CPU), a migration, a wakeup not in the trace, and the
 * policy read from a priority.
 */
#include <string.h>

#include "latt/explain.h"
#include "tap.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* The tasks of the made-up traces: pid, priority, name. */
static const struct {
	int pid, prio;
	const char *comm;
} tasks[] = {
	{ 0, 120, "swapper" }, { 7, 120, "kworker/1:1" }, { 50, 120, "latt" },
	{ 100, 100, "hog" }, { 200, 120, "latt" },
};

static struct latt_ev ev_switch(uint64_t ts, int cpu, int prev, bool preempted,
				int next)
{
	struct latt_ev e = {
		.ts = ts, .cpu = cpu, .type = LATT_EV_SWITCH, .pid = next,
		.prev_pid = prev, .prev_preempted = preempted,
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(tasks); i++) {
		if (tasks[i].pid == next) {
			e.prio = tasks[i].prio;
			snprintf(e.comm, sizeof(e.comm), "%s", tasks[i].comm);
		}
		if (tasks[i].pid == prev) {
			e.prev_prio = tasks[i].prio;
			snprintf(e.prev_comm, sizeof(e.prev_comm), "%s",
				 tasks[i].comm);
		}
	}
	return e;
}

static struct latt_ev ev_waking(uint64_t ts, int cpu, int waker, int pid,
				int target)
{
	struct latt_ev e = {
		.ts = ts, .cpu = cpu, .type = LATT_EV_WAKING, .pid = pid,
		.prio = 120, .common_pid = waker, .target = target,
	};

	snprintf(e.comm, sizeof(e.comm), "latt");
	return e;
}

static void test_worst(void)
{
	struct latt_worst list[3], w = { 0 };
	uint64_t in[] = { 5, 9, 1, 7, 9, 3, 8 };
	unsigned int n = 0, i;

	for (i = 0; i < ARRAY_SIZE(in); i++) {
		w.ns = in[i];
		w.client = i;
		latt_worst_add(list, &n, 3, &w);
	}
	ok(n == 3 && list[0].ns == 9 && list[1].ns == 9 && list[2].ns == 8,
	   "the 3 worst of 7, slowest first: %llu %llu %llu",
	   (unsigned long long)list[0].ns, (unsigned long long)list[1].ns,
	   (unsigned long long)list[2].ns);
	ok(list[0].client == 1 && list[1].client == 4,
	   "equal ones keep the order they came in");
}

static void test_found(void)
{
	/*
	 * CPU 1 runs "hog" (nice -20) from 0; latt (pid 50) runs on CPU 0
	 * from 500, stamps at 900 and wakes client 200 onto CPU 1 at 1000;
	 * kworker runs on CPU 1 from 3000 (the hog gave up the CPU) and is
	 * preempted at 5000 by the client, which stamps at 5400.
	 */
	struct latt_ev ev[] = {
		ev_switch(0, 1, 0, false, 100),
		ev_switch(500, 0, 0, false, 50),
		ev_waking(1000, 0, 50, 200, 1),
		ev_switch(3000, 1, 100, false, 7),
		ev_switch(5000, 1, 7, true, 200),
	};
	struct latt_worst w = { .ns = 4500, .stamp = 900, .client = 2,
				.pid = 200 };
	struct latt_explained e;

	latt_explain(ev, ARRAY_SIZE(ev), &w, 1, &e);
	ok(e.found, "a wakeup whose events are there is found");
	ok(e.waker_pid == 50 && !strcmp(e.waker_comm, "latt") &&
	   e.waker_cpu == 0, "woken by latt (pid 50) on CPU 0: %s %d %d",
	   e.waker_comm, (int)e.waker_pid, e.waker_cpu);
	ok(e.queued_cpu == 1 && e.ran_cpu == 1 && !e.migrated,
	   "queued and ran on CPU 1, no migration");
	ok(e.to_waking_ns == 100 && e.sched_ns == 4000 && e.to_user_ns == 400,
	   "split: 100 to the waking, 4000 in the scheduler, 400 to user: "
	   "%llu %llu %llu", (unsigned long long)e.to_waking_ns,
	   (unsigned long long)e.sched_ns, (unsigned long long)e.to_user_ns);
	ok(e.nculprits == 2 && e.culprit[0].pid == 100 &&
	   !strcmp(e.culprit[0].comm, "hog") && e.culprit[0].ns == 2000 &&
	   !e.culprit[0].preempted && e.culprit[0].prio == 100,
	   "the hog ran 2000 meanwhile and gave up the CPU");
	ok(e.culprit[1].pid == 7 && e.culprit[1].ns == 2000 &&
	   e.culprit[1].preempted,
	   "then kworker ran 2000 and was preempted");
}

static void test_migrated(void)
{
	struct latt_ev ev[] = {
		ev_switch(0, 0, 0, false, 50),
		ev_waking(100, 0, 50, 200, 1),
		{ .ts = 150, .cpu = 1, .type = LATT_EV_MIGRATE, .pid = 200,
		  .orig = 1, .target = 0 },
		ev_switch(400, 0, 50, false, 200),
	};
	struct latt_worst w = { .ns = 400, .stamp = 90, .pid = 200 };
	struct latt_explained e;

	latt_explain(ev, ARRAY_SIZE(ev), &w, 1, &e);
	ok(e.found && e.queued_cpu == 1 && e.ran_cpu == 0 && e.migrated,
	   "queued on CPU 1, ran on CPU 0: a migration");
	ok(e.nculprits == 1 && e.culprit[0].pid == 50 && e.culprit[0].ns == 300,
	   "the waker itself held CPU 0 meanwhile");
}

static void test_missing_switch_in(void)
{
	/*
	 * The hog's own switch-in is not in the trace (CPU 1 was idle,
	 * then the hog ran): the switch that puts the client on names it.
	 * The client is then preempted by kworker for 300 before its stamp.
	 */
	struct latt_ev ev[] = {
		ev_switch(0, 0, 0, false, 50),
		ev_waking(100, 0, 50, 200, 1),
		ev_switch(900, 1, 100, true, 200),
		ev_switch(950, 1, 200, true, 7),
		ev_switch(1250, 1, 7, false, 200),
	};
	struct latt_worst w = { .ns = 1300, .stamp = 90, .pid = 200 };
	struct latt_explained e;

	latt_explain(ev, ARRAY_SIZE(ev), &w, 1, &e);
	ok(e.found && e.nculprits == 1 && e.culprit[0].pid == 100 &&
	   !strcmp(e.culprit[0].comm, "hog") && e.culprit[0].ns == 800 &&
	   e.culprit[0].preempted, "a culprit whose switch-in is missing is "
	   "named by the switch that ends its turn");
	ok(e.again_ns == 300, "switched out again for 300 before its stamp "
	   "(%llu)", (unsigned long long)e.again_ns);
}

static void test_not_found(void)
{
	struct latt_ev ev[] = {
		ev_switch(0, 0, 0, false, 50),
		ev_waking(100, 0, 50, 300, 1),
	};
	struct latt_worst w = { .ns = 400, .stamp = 90, .pid = 200 };
	struct latt_explained e;

	latt_explain(ev, ARRAY_SIZE(ev), &w, 1, &e);
	ok(!e.found && !e.have_waking && e.w.pid == 200 && e.w.ns == 400,
	   "a wakeup without its events: not found, still named");
	latt_explain(NULL, 0, &w, 1, &e);
	ok(!e.found, "an empty trace explains nothing");
}

static void test_policy(void)
{
	char buf[32];

	ok(!strcmp(latt_prio_policy(120, buf, sizeof(buf)), "normal nice 0") &&
	   !strcmp(latt_prio_policy(100, buf, sizeof(buf)), "normal nice -20") &&
	   !strcmp(latt_prio_policy(89, buf, sizeof(buf)), "fifo/rr 10") &&
	   !strcmp(latt_prio_policy(-1, buf, sizeof(buf)), "deadline"),
	   "policies from priorities");
}

int main(void)
{
	plan(15);
	test_worst();
	test_found();
	test_migrated();
	test_missing_switch_in();
	test_not_found();
	test_policy();
	return tap_done();
}
