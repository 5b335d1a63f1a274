// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of --explain's scheduler decisions (lib/trace/decision.c), from
 * made-up records as the BPF program writes them: the resched flags of
 * each kernel, EEVDF's average, lags and deadlines, each reason a woken
 * client did not preempt (not eligible, a protected slice as 6.18 and as
 * 6.6-6.17 keep it, an earlier deadline, a third entity), lazy
 * preemption, an RT task running, CFS before EEVDF, a sched_ext
 * scheduler, groups; and the record found for a wakeup.
 */
#include <string.h>

#include "trace/decision-rec.h"
#include "trace/decision.h"
#include "tap.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define NICE0		1048576ULL	/* load.weight of nice 0, 64-bit */
#define ZERO		1000000000ULL	/* the runqueue's zero vruntime */

/*
 * The client queued at vruntime ZERO + @pv beside the running task at
 * ZERO + @cv (both nice 0, alone on the runqueue), deadlines and slices
 * as given; EEVDF as 6.18 keeps it.
 */
static struct latt_dec_rec rec(uint64_t pv, uint64_t cv, uint64_t pd,
			       uint64_t cd, uint64_t tif)
{
	struct latt_dec_rec r;

	memset(&r, 0, sizeof(r));
	r.ts = 5000;
	r.pid = 200;
	r.curr_pid = 100;
	r.curr_prio = 120;
	r.kind = LATT_DEC_EEVDF | LATT_DEC_AVG | LATT_DEC_VPROT;
	r.curr_tif = tif;
	snprintf(r.curr_comm, sizeof(r.curr_comm), "hog");
	r.depth = 0;
	r.wakee = (struct latt_dec_ent){ .vruntime = ZERO + pv,
		.deadline = ZERO + pd, .slice = 2800000, .weight = NICE0,
		.is_task = 1, .on_rq = 1 };
	r.curr = (struct latt_dec_ent){ .vruntime = ZERO + cv,
		.deadline = ZERO + cd, .slice = 2800000, .weight = NICE0,
		.ran = 1234000, .vlag = (int64_t)(ZERO + cv), .is_task = 1,
		.on_rq = 1 };
	/* The tree holds the client only; the running one is added. */
	r.sum = (int64_t)pv * 1024;
	r.load = 1024;
	r.zero = ZERO;
	r.queued = 2;
	return r;
}

static bool has(const char *text, const char *part)
{
	if (strstr(text, part))
		return true;
	diag("'%s' not in: %s", part, text);
	return false;
}

int main(void)
{
	struct latt_resched_bits b618 = latt_resched_bits_of("6.18.44-fc-v1045");
	struct latt_resched_bits b613 = latt_resched_bits_of("6.13.2");
	struct latt_resched_bits b61 = latt_resched_bits_of("6.1.0-28-amd64");
	struct latt_resched_bits b7 = latt_resched_bits_of("7.3.4+deb13-amd64");
	struct latt_resched_bits bad = latt_resched_bits_of("linux");
	struct latt_decision d;
	struct latt_dec_rec r, recs[4];
	char text[1024];
	const struct latt_dec_rec *found;

	plan(32);

	/* The flags, kernel by kernel (x86). */
	ok(b61.now == 3 && b61.lazy == -1, "6.1: TIF_NEED_RESCHED is bit 3, "
	   "no lazy one (%d, %d)", b61.now, b61.lazy);
	ok(b613.now == 3 && b613.lazy == 4, "6.13: 3, and lazy 4 (%d, %d)",
	   b613.now, b613.lazy);
	ok(b618.now == 4 && b618.lazy == 5 && b7.now == 4 && b7.lazy == 5,
	   "6.18 and 7.x: the generic bits, 4 and lazy 5");
	ok(bad.now == -1 && bad.lazy == -1, "a release not read: no bits");

	/*
	 * The client at the zero vruntime, the running task 3 ms ahead:
	 * the average is 1.5 ms, the client owed 1.5 ms, the running one
	 * 1.5 ms past its share.  Told to give up: preempted.
	 */
	r = rec(0, 3000000, 2800000, 4000000, 1ULL << 4);
	latt_decision_of(&r, &b618, NULL, &d);
	ok(d.have && d.why == LATT_WHY_PREEMPTED && d.told,
	   "the running task's flag set: preempted at once (%s)",
	   latt_why_name(d.why));
	ok(d.eevdf && d.lag_ns == 1500000 && d.curr_lag_ns == -1500000,
	   "the average of both: the client's lag +1.5 ms, the running "
	   "one's -1.5 ms (%lld, %lld)", (long long)d.lag_ns,
	   (long long)d.curr_lag_ns);
	ok(d.deadline_ns == 1300000 && d.curr_deadline_ns == 2500000 &&
	   d.slice_ns == 2800000 && d.curr_ran_ns == 1234000,
	   "deadlines from the average, slices, its time since picked");
	latt_decision_text(&d, NULL, text, sizeof(text));
	ok(has(text, "EEVDF told hog (pid 100) to give the CPU up at once") &&
	   has(text, "the client: lag +1500.0 usec, deadline in 1300.0, "
	       "slice 2800.0") && has(text, "hog: lag -1500.0 usec"),
	   "... told so, with both entities' figures");
	latt_decision_text(&d, "latt client 2", text, sizeof(text));
	ok(has(text, "told latt client 2 (pid 100)"),
	   "the running task named as the report names it");

	/* The same, no flag: the running one not eligible, a third first. */
	r.curr_tif = 0;
	latt_decision_of(&r, &b618, NULL, &d);
	ok(d.why == LATT_WHY_OTHER && !d.told, "no flag, the running one "
	   "not eligible: another entity (%s)", latt_why_name(d.why));
	latt_decision_text(&d, NULL, text, sizeof(text));
	ok(has(text, "picked another of the 2 queued: hog (pid 100) was not "
	       "eligible"), "... said so");

	/* The client 3 ms ahead: not eligible. */
	r = rec(3000000, 0, 5800000, 2800000, 0);
	latt_decision_of(&r, &b618, NULL, &d);
	ok(d.why == LATT_WHY_INELIGIBLE && d.lag_ns == -1500000,
	   "the client ahead of the average: not eligible (%s, %lld)",
	   latt_why_name(d.why), (long long)d.lag_ns);
	latt_decision_text(&d, NULL, text, sizeof(text));
	ok(has(text, "not eligible (lag -1500.0 usec"), "... said with its "
	   "lag");

	/* Both at the average; the running one's slice protected 0.7 ms. */
	r = rec(0, 0, 2800000, 2000000, 0);
	r.curr.vlag = (int64_t)(ZERO + 700000);
	latt_decision_of(&r, &b618, NULL, &d);
	ok(d.why == LATT_WHY_PROTECTED && d.protect_ns == 700000,
	   "6.18: vprot 0.7 ms past its vruntime: protected (%s, %lld)",
	   latt_why_name(d.why), (long long)d.protect_ns);
	latt_decision_text(&d, NULL, text, sizeof(text));
	ok(has(text, "hog (pid 100)'s slice was protected (run to parity) "
	       "for 700.0 usec more"), "... said so");

	/* 6.6 to 6.17: protected while its vlag is its deadline. */
	r.kind &= ~(uint32_t)LATT_DEC_VPROT;
	r.curr.vlag = (int64_t)r.curr.deadline;
	latt_decision_of(&r, &b613, NULL, &d);
	ok(d.why == LATT_WHY_PROTECTED && d.protect_ns == 2000000,
	   "before 6.18: vlag == deadline is a protected slice, to its "
	   "deadline (%s, %lld)", latt_why_name(d.why),
	   (long long)d.protect_ns);
	r.curr.vlag = 0;
	latt_decision_of(&r, &b613, NULL, &d);
	ok(d.why == LATT_WHY_DEADLINE, "... not protected, the running "
	   "one's deadline first (%s)", latt_why_name(d.why));
	latt_decision_text(&d, NULL, text, sizeof(text));
	ok(has(text, "hog (pid 100)'s deadline came 800.0 usec before the "
	       "client's"), "... by how much");

	/* The client's deadline first, and no flag: a third came first. */
	r = rec(0, 0, 1000000, 2000000, 0);
	r.curr.vlag = 0;
	latt_decision_of(&r, &b618, NULL, &d);
	ok(d.why == LATT_WHY_OTHER, "the client first by its deadline, not "
	   "preempted: another entity (%s)", latt_why_name(d.why));

	/* Lazy: bit 4 is lazy on 6.13, at once on 6.18. */
	r = rec(0, 3000000, 2800000, 4000000, 1ULL << 4);
	latt_decision_of(&r, &b613, NULL, &d);
	ok(d.why == LATT_WHY_LAZY && d.told, "6.13's bit 4: lazily (%s)",
	   latt_why_name(d.why));
	latt_decision_text(&d, NULL, text, sizeof(text));
	ok(has(text, "chose the client, lazily: hog (pid 100) was to give "
	       "the CPU up at the next tick"), "... said so");
	r.curr_tif = 1ULL << 5;
	latt_decision_of(&r, &b618, NULL, &d);
	ok(d.why == LATT_WHY_LAZY, "6.18's bit 5: lazily (%s)",
	   latt_why_name(d.why));

	/* An RT task running: whatever the flags. */
	r.curr_prio = 89;
	latt_decision_of(&r, &b618, NULL, &d);
	latt_decision_text(&d, NULL, text, sizeof(text));
	ok(d.why == LATT_WHY_NOT_FAIR && has(text, "ran as fifo/rr 10, "
	   "which a normal task does not preempt"), "fifo 10 running: not "
	   "fair's to preempt");

	/* CFS (no EEVDF fields): how far behind. */
	r = rec(0, 2000000, 0, 0, 0);
	r.kind = 0;
	latt_decision_of(&r, &b61, NULL, &d);
	latt_decision_text(&d, NULL, text, sizeof(text));
	ok(d.why == LATT_WHY_CFS && !d.eevdf && d.behind_ns == 2000000 &&
	   has(text, "vruntime was 2000.0 usec behind hog (pid 100)'s"),
	   "CFS: the client 2 ms behind, not preempted");

	/* CFS told the running task to give the CPU up: named so. */
	r = rec(0, 2000000, 0, 0, 1ULL << 3);
	r.kind = 0;
	latt_decision_of(&r, &b61, NULL, &d);
	latt_decision_text(&d, NULL, text, sizeof(text));
	ok(d.why == LATT_WHY_PREEMPTED && d.cfs &&
	   has(text, "CFS told hog (pid 100) to give the CPU up at once"),
	   "CFS preempted the running task: CFS told it, not 'the scheduler' "
	   "(%s)", text);

	/* A sched_ext scheduler: its decision, no EEVDF figures. */
	r = rec(0, 3000000, 2800000, 4000000, 1ULL << 4);
	latt_decision_of(&r, &b618, "simple", &d);
	latt_decision_text(&d, NULL, text, sizeof(text));
	ok(d.why == LATT_WHY_SCX && d.told && !d.eevdf &&
	   has(text, "the sched_ext scheduler simple decided: hog (pid 100) "
	       "was told") && !strstr(text, "lag"),
	   "under scx_simple: told, without EEVDF's figures");

	/* Groups: said. */
	r = rec(0, 3000000, 2800000, 4000000, 0);
	r.wakee.is_task = 0;
	r.depth = 1;
	latt_decision_of(&r, &b618, NULL, &d);
	latt_decision_text(&d, NULL, text, sizeof(text));
	ok(d.group && has(text, "(the kernel compared their groups, below "
			  "the CPU's own runqueue)"), "groups compared: said");

	/* The record of a wakeup: the nearest of its pid, within 50 usec. */
	memset(recs, 0, sizeof(recs));
	recs[0].ts = 1000; recs[0].pid = 5;
	recs[1].ts = 2000; recs[1].pid = 5;
	recs[2].ts = 2030; recs[2].pid = 6;
	recs[3].ts = 2040; recs[3].pid = 5;
	found = latt_decision_find(recs, ARRAY_SIZE(recs), 5, 2035);
	ok(found == &recs[3], "found: the nearest of its pid");
	found = latt_decision_find(recs, ARRAY_SIZE(recs), 6, 1000);
	ok(found == &recs[2], "... another pid's, 1 usec off");
	ok(!latt_decision_find(recs, ARRAY_SIZE(recs), 5, 200000) &&
	   !latt_decision_find(recs, ARRAY_SIZE(recs), 7, 2000) &&
	   !latt_decision_find(recs, 0, 5, 2000),
	   "none 200 usec away, of another pid, or among none");

	/* Names for the JSON. */
	ok(!strcmp(latt_why_name(LATT_WHY_PREEMPTED), "preempted") &&
	   !strcmp(latt_why_name(LATT_WHY_SCX), "sched-ext") &&
	   !strcmp(latt_why_name(LATT_WHY_NOT_FAIR), "not-fair") &&
	   !strcmp(latt_why_name(99), "other"), "the JSON's names");
	memset(&d, 0, sizeof(d));
	ok(!latt_decision_text(&d, NULL, text, sizeof(text))[0],
	   "no record: no text");
	return tap_done();
}
