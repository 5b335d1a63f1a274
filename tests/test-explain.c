// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of --explain's matching (lib/trace/explain.c): the N worst kept in
 * order, a wakeup found from made-up scheduler events (who woke it, where
 * it was queued and ran, the split of its latency, what ran meanwhile and
 * how it left the CPU), migrations (placed by the wakeup, pulled by an
 * idle CPU or by a CPU's load balancing, pushed away), a client preempted
 * before it could sleep (not woken), a wakeup not in the trace or after
 * its end, events the trace misses (a switch, a move: their time given to
 * no task), and the policy read from a priority.
 */
#include <string.h>

#include "trace/decision.h"
#include "trace/explain.h"
#include "tap.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* The tasks of the made-up traces: pid, priority, name. */
static const struct {
	int pid, prio;
	const char *comm;
} tasks[] = {
	{ 0, 120, "swapper" }, { 7, 120, "kworker/1:1" }, { 50, 120, "latt" },
	{ 100, 100, "hog" }, { 200, 120, "latt" }, { 13, 0, "migration/1" },
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

static struct latt_ev ev_wakeup(uint64_t ts, int cpu, int waker, int pid,
				int target)
{
	struct latt_ev e = ev_waking(ts, cpu, waker, pid, target);

	e.type = LATT_EV_WAKEUP;
	return e;
}

static struct latt_ev ev_migrate(uint64_t ts, int cpu, int by, int pid,
				 int from, int to)
{
	struct latt_ev e = {
		.ts = ts, .cpu = cpu, .type = LATT_EV_MIGRATE, .pid = pid,
		.prio = 120, .common_pid = by, .orig = from, .target = to,
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

/* Without a sched_wakeup: a move by the waker on its CPU placed it. */
static void test_placed(void)
{
	struct latt_ev ev[] = {
		ev_switch(0, 0, 0, false, 50),
		ev_waking(100, 0, 50, 200, 1),
		ev_migrate(150, 0, 50, 200, 1, 0),
		ev_switch(400, 0, 50, false, 200),
	};
	struct latt_worst w = { .ns = 400, .stamp = 90, .pid = 200 };
	struct latt_explained e;

	latt_explain(ev, ARRAY_SIZE(ev), &w, 1, &e);
	ok(e.found && e.last_cpu == 1 && e.queued_cpu == 0 &&
	   e.ran_cpu == 0 && !e.migrated && e.nmoves == 1 &&
	   e.move[0].how == LATT_MOVE_WAKEUP && e.move[0].from == 1 &&
	   e.move[0].to == 0 && !e.move[0].queued_ns,
	   "last ran on CPU 1, placed on CPU 0 by its wakeup: not queued "
	   "elsewhere, no migration");
	ok(e.nculprits == 1 && e.culprit[0].pid == 50 &&
	   e.culprit[0].cpu == 0 && e.culprit[0].ns == 300,
	   "the waker itself held CPU 0 meanwhile");
}

/*
 * Queued on CPU 1 behind the hog, then pulled by CPU 0 when it went
 * idle: the time on CPU 1 and what ran there, the move, by whom, and
 * what ran on CPU 0 after it.
 */
static void test_idle_pull(void)
{
	struct latt_ev ev[] = {
		ev_switch(0, 0, 0, false, 50),
		ev_switch(0, 1, 0, false, 100),
		ev_waking(1000, 0, 50, 200, 1),
		ev_wakeup(1010, 0, 50, 200, 1),
		ev_switch(2000, 0, 50, false, 0),
		ev_migrate(3000, 0, 0, 200, 1, 0),
		ev_switch(3100, 0, 0, false, 200),
	};
	struct latt_worst w = { .ns = 2210, .stamp = 990, .pid = 200 };
	struct latt_explained e;
	const struct latt_move *m = &e.move[0];

	latt_explain(ev, ARRAY_SIZE(ev), &w, 1, &e);
	ok(e.found && e.last_cpu == 1 && e.queued_cpu == 1 &&
	   e.ran_cpu == 0 && e.migrated && e.nmoves == 1,
	   "queued on CPU 1, ran on CPU 0: one migration");
	ok(m->from == 1 && m->to == 0 && m->after_ns == 2000 &&
	   m->queued_ns == 1990, "... after 1990 queued on CPU 1, 2000 after "
	   "its waking: %llu %llu", (unsigned long long)m->queued_ns,
	   (unsigned long long)m->after_ns);
	ok(m->how == LATT_MOVE_IDLE && m->by_pid == 0 && m->cpu == 0 &&
	   !strcmp(m->by_comm, "<idle>") &&
	   !strcmp(latt_move_how_name(m->how), "idle-balance"),
	   "... by idle balance: CPU 0's idle task pulled it (%s)",
	   m->by_comm);
	ok(e.nculprits == 1 && e.culprit[0].pid == 100 &&
	   e.culprit[0].cpu == 1 && e.culprit[0].ns == 2000 &&
	   e.culprit[0].running,
	   "the hog ran 2000 on CPU 1 meanwhile, still running as it left");
	ok(e.idle_ns == 100 && e.blamed_ns == 2000 && e.sched_ns == 2100,
	   "then CPU 0 was idle for 100 until it ran");
}

/*
 * Placed on CPU 1 by its wakeup (the waker on CPU 2), queued there
 * behind the hog, pulled to CPU 0 by load balancing as kworker ran
 * there.
 */
static void test_pulled(void)
{
	struct latt_ev ev[] = {
		ev_switch(0, 0, 0, false, 7),
		ev_switch(0, 1, 0, false, 100),
		ev_switch(0, 2, 0, false, 50),
		ev_waking(1000, 2, 50, 200, 2),
		ev_migrate(1005, 2, 50, 200, 2, 1),
		ev_wakeup(1010, 2, 50, 200, 1),
		ev_migrate(2500, 0, 7, 200, 1, 0),
		ev_switch(2600, 0, 7, true, 200),
	};
	struct latt_worst w = { .ns = 1700, .stamp = 990, .pid = 200 };
	struct latt_explained e;

	latt_explain(ev, ARRAY_SIZE(ev), &w, 1, &e);
	ok(e.found && e.last_cpu == 2 && e.queued_cpu == 1 &&
	   e.ran_cpu == 0 && e.migrated && e.nmoves == 2 &&
	   e.move[0].how == LATT_MOVE_WAKEUP && e.move[0].from == 2 &&
	   e.move[0].to == 1 && e.move[0].by_pid == 50 &&
	   !strcmp(e.move[0].by_comm, "latt"),
	   "last on CPU 2, placed on CPU 1 by latt's wakeup, ran on CPU 0");
	ok(e.move[1].how == LATT_MOVE_PULLED && e.move[1].from == 1 &&
	   e.move[1].to == 0 && e.move[1].by_pid == 7 &&
	   !strcmp(e.move[1].by_comm, "kworker/1:1") &&
	   e.move[1].queued_ns == 1490,
	   "... pulled to CPU 0 by its load balancing, kworker running "
	   "there, after 1490 queued on CPU 1");
	ok(e.nculprits == 2 && e.culprit[0].pid == 100 &&
	   e.culprit[0].cpu == 1 && e.culprit[0].ns == 1500 &&
	   e.culprit[1].pid == 7 && e.culprit[1].cpu == 0 &&
	   e.culprit[1].ns == 100 && e.culprit[1].preempted &&
	   !e.culprit[1].running,
	   "the hog ran 1500 on CPU 1, then kworker 100 on CPU 0, preempted");
}

/*
 * Eight tasks where six are named: the larger one on CPU 0 takes the
 * place of a small one on CPU 1, and is still listed after CPU 1's.
 */
static void test_full_order(void)
{
	struct latt_ev ev[12];
	struct latt_worst w = { .ns = 500, .stamp = 90, .pid = 200 };
	struct latt_explained e;
	size_t n = 0;
	int pid;

	ev[n++] = ev_switch(0, 0, 0, false, 50);
	ev[n++] = ev_waking(100, 0, 50, 200, 1);
	ev[n++] = ev_wakeup(110, 0, 50, 200, 1);
	for (pid = 301; pid <= 306; pid++)
		ev[n++] = ev_switch(100 + 10 * (uint64_t)(pid - 300), 1, pid,
				    true, pid + 1);
	ev[n++] = ev_migrate(180, 0, 0, 200, 1, 0);
	ev[n++] = ev_switch(400, 0, 50, false, 0);
	ev[n++] = ev_switch(500, 0, 0, false, 200);
	latt_explain(ev, n, &w, 1, &e);
	ok(e.nculprits == 6 && e.more == 2 && e.culprit[5].cpu == 0 &&
	   e.culprit[4].cpu == 1 && e.culprit[0].cpu == 1,
	   "a full list keeps the order of the CPUs it waited on");
}

/* Pushed from CPU 1 by its stopper (active balance): recorded there. */
static void test_pushed(void)
{
	struct latt_ev ev[] = {
		ev_switch(0, 0, 0, false, 50),
		ev_waking(100, 0, 50, 200, 1),
		ev_wakeup(110, 0, 50, 200, 1),
		ev_switch(200, 1, 100, true, 13),
		ev_migrate(250, 1, 13, 200, 1, 0),
		ev_switch(300, 0, 50, false, 200),
	};
	struct latt_worst w = { .ns = 220, .stamp = 90, .pid = 200 };
	struct latt_explained e;

	latt_explain(ev, ARRAY_SIZE(ev), &w, 1, &e);
	ok(e.found && e.migrated && e.nmoves == 1 &&
	   e.move[0].how == LATT_MOVE_PUSHED && e.move[0].by_pid == 13 &&
	   !strcmp(e.move[0].by_comm, "migration/1") &&
	   !strcmp(latt_move_how_name(e.move[0].how), "pushed"),
	   "pushed from CPU 1 by migration/1, recorded on the CPU it left");
	ok(e.nculprits == 3 && e.culprit[0].pid == 100 &&
	   e.culprit[0].ns == 100 && e.culprit[1].pid == 13 &&
	   e.culprit[1].cpu == 1 && e.culprit[1].ns == 50 &&
	   e.culprit[1].running && e.culprit[2].pid == 50 &&
	   e.culprit[2].cpu == 0 && e.culprit[2].ns == 50,
	   "on CPU 1 the hog, then the stopper; on CPU 0 the waker");
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

/*
 * A task whose own events are not recorded (here pid 77): the hog's
 * switch to it is there, its switch to kworker is not.  The time from
 * the hog's turn to the client's is not kworker's: no task is blamed.
 */
static void test_missing_switch_out(void)
{
	struct latt_ev ev[] = {
		ev_switch(0, 0, 0, false, 50),
		ev_switch(0, 1, 0, false, 100),
		ev_waking(100, 0, 50, 200, 1),
		ev_wakeup(110, 0, 50, 200, 1),
		ev_switch(500, 1, 100, true, 77),
		ev_switch(900, 1, 7, true, 200),
	};
	struct latt_worst w = { .ns = 850, .stamp = 90, .pid = 200 };
	struct latt_explained e;

	latt_explain(ev, ARRAY_SIZE(ev), &w, 1, &e);
	ok(e.found && e.nculprits == 1 && e.culprit[0].pid == 100 &&
	   e.culprit[0].ns == 400 && e.blamed_ns == 400 && !e.idle_ns &&
	   e.sched_ns == 800,
	   "a switch missing on the client's CPU: the hog's 400 blamed, the "
	   "400 after it given to no task (%u named, %llu blamed)",
	   e.nculprits, (unsigned long long)e.blamed_ns);
}

/*
 * Queued on CPU 1, run on CPU 0, and no sched_migrate_task between (it
 * was recorded in the context of a task whose events are not): a move
 * the trace misses, not blamed on what ran on CPU 0.
 */
static void test_missing_move(void)
{
	struct latt_ev ev[] = {
		ev_switch(0, 0, 0, false, 7),
		ev_switch(0, 1, 0, false, 100),
		ev_waking(100, 1, 100, 200, 1),
		ev_wakeup(110, 1, 100, 200, 1),
		ev_switch(800, 0, 7, true, 200),
	};
	struct latt_worst w = { .ns = 750, .stamp = 90, .pid = 200 };
	struct latt_explained e;
	const struct latt_move *m = &e.move[0];

	latt_explain(ev, ARRAY_SIZE(ev), &w, 1, &e);
	ok(e.found && e.queued_cpu == 1 && e.ran_cpu == 0 && e.migrated &&
	   e.nmoves == 1 && m->how == LATT_MOVE_MISSING && m->from == 1 &&
	   m->to == 0 && m->at_most && m->after_ns == 700 &&
	   m->queued_ns == 690 &&
	   !strcmp(latt_move_how_name(m->how), "missing"),
	   "queued on CPU 1, ran on CPU 0, no move in the trace: one move "
	   "told as missing, by 700 after its waking at the latest");
	ok(!e.nculprits && !e.blamed_ns && !e.idle_ns,
	   "... and no task blamed for a wait whose CPU is not known");
}

/*
 * Still queued on CPU 1 (preempted before it could sleep) when latt woke
 * it from CPU 2, and pulled to CPU 0 by its load balancing before the
 * sched_wakeup: a move while queued, not a placement by the wakeup.
 */
static void test_pulled_before_wakeup(void)
{
	struct latt_ev ev[] = {
		ev_switch(0, 0, 0, false, 7),
		ev_switch(0, 1, 0, false, 100),
		ev_switch(0, 2, 0, false, 50),
		ev_waking(1000, 2, 50, 200, 1),
		ev_migrate(1002, 0, 7, 200, 1, 0),
		ev_wakeup(1005, 2, 50, 200, 0),
		ev_switch(1500, 0, 7, true, 200),
	};
	struct latt_worst w = { .ns = 550, .stamp = 990, .pid = 200 };
	struct latt_explained e;
	const struct latt_move *m = &e.move[0];

	latt_explain(ev, ARRAY_SIZE(ev), &w, 1, &e);
	ok(e.found && e.queued_cpu == 1 && e.ran_cpu == 0 && e.migrated &&
	   e.nmoves == 1 && m->how == LATT_MOVE_PULLED && m->from == 1 &&
	   m->to == 0 && m->by_pid == 7 && m->queued_ns == 2 && !m->at_most,
	   "a move by CPU 0's load balancing between sched_waking and "
	   "sched_wakeup: queued on CPU 1, pulled, not placed by the wakeup "
	   "(queued on %d, %s)", e.queued_cpu,
	   latt_move_how_name(m->how));
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

static void test_not_asleep(void)
{
	/*
	 * Client 200 runs on CPU 1 from 0 and is preempted at 1000 by latt
	 * (pid 50), before it could sleep; latt stamps at 1500 (its wake
	 * finds the client queued: no sched_waking) and gives up the CPU
	 * at 2000 to the hog, preempted at 6000 by the client, which
	 * stamps at 6300.
	 */
	struct latt_ev ev[] = {
		ev_switch(0, 1, 0, false, 200),
		ev_switch(1000, 1, 200, true, 50),
		ev_switch(2000, 1, 50, false, 100),
		ev_switch(6000, 1, 100, true, 200),
	};
	struct latt_worst w = { .ns = 4800, .stamp = 1500, .pid = 200 };
	struct latt_explained e;

	latt_explain(ev, ARRAY_SIZE(ev), &w, 1, &e);
	ok(e.found && e.not_asleep && !e.have_waking &&
	   e.preempted_ns == -500 && e.preempted_by == 50 &&
	   !strcmp(e.preempted_by_comm, "latt") && e.last_cpu == 1 &&
	   e.ran_cpu == 1 && !e.migrated,
	   "not asleep: preempted by latt 500 before the stamp on CPU 1, ran "
	   "there (%lld by %d)", (long long)e.preempted_ns,
	   (int)e.preempted_by);
	ok(e.to_waking_ns == 0 && e.sched_ns == 4500 && e.to_user_ns == 300 &&
	   e.nculprits == 2 && e.culprit[0].pid == 50 &&
	   e.culprit[0].ns == 500 && e.culprit[1].pid == 100 &&
	   e.culprit[1].ns == 4000 && e.culprit[1].preempted,
	   "... queued from the stamp: latt ran 500 of it, the hog 4000 "
	   "(%llu; %u)", (unsigned long long)e.sched_ns, e.nculprits);

	/* Still running at the stamp, preempted 100 after it. */
	ev[1] = ev_switch(1000, 1, 200, true, 100);
	ev[2] = ev_switch(3000, 1, 100, true, 200);
	w.stamp = 900;
	w.ns = 2300;
	latt_explain(ev, 3, &w, 1, &e);
	ok(e.found && e.not_asleep && e.preempted_ns == 100 &&
	   e.preempted_by == 100 && e.to_waking_ns == 100 &&
	   e.sched_ns == 2000 && e.to_user_ns == 200 && e.nculprits == 1 &&
	   e.culprit[0].pid == 100 && e.culprit[0].ns == 2000,
	   "preempted 100 after the stamp: it still ran 100, then the hog "
	   "2000 (%lld %llu)", (long long)e.preempted_ns,
	   (unsigned long long)e.sched_ns);

	/* It went to sleep (not preempted) and no wakeup is in the trace. */
	ev[1] = ev_switch(1000, 1, 200, false, 100);
	ev[3] = ev_switch(4000, 0, 0, false, 50);
	latt_explain(ev, 4, &w, 1, &e);
	ok(!e.found && !e.not_asleep && !e.past_end,
	   "a client that slept, with no sched_waking: not found");

	/* The trace ends before its stamp. */
	latt_explain(ev, 2, &w, 1, &e);
	ok(!e.found && e.past_end, "a wakeup that ended after the trace: "
	   "said so");
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
	plan(35);
	test_worst();
	test_found();
	test_placed();
	test_idle_pull();
	test_pulled();
	test_pushed();
	test_full_order();
	test_missing_switch_in();
	test_missing_switch_out();
	test_missing_move();
	test_pulled_before_wakeup();
	test_not_found();
	test_not_asleep();
	test_policy();
	return tap_done();
}
