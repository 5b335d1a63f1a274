/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One record of the scheduler's decision at a client's wakeup, as
 * lib/trace/decision.bpf.c writes it and lib/trace/decision.c reads it: shared by
 * the BPF program and latt, so only fixed-size types.
 */
#ifndef LATT_TRACE_DECISION_REC_H
#define LATT_TRACE_DECISION_REC_H

#include <linux/types.h>

/* What the kernel had (rec.kind). */
#define LATT_DEC_EEVDF		0x1	/* sched_entity has deadline, vlag
					   and slice (EEVDF, Linux 6.6) */
#define LATT_DEC_VPROT		0x2	/* the running entity's vlag is its
					   protected vruntime (se.vprot) */
#define LATT_DEC_AVG		0x4	/* the runqueue's weighted vruntime
					   sum was read (its zero and load) */

/* A scheduling entity at the level where the two were compared. */
struct latt_dec_ent {
	__u64 vruntime;
	__u64 deadline;		/* EEVDF */
	__u64 slice;		/* EEVDF */
	__u64 weight;		/* load.weight, as the kernel keeps it */
	__u64 ran;		/* sum_exec_runtime - prev_sum_exec_runtime:
				   the running one's time since it was
				   picked */
	__s64 vlag;		/* EEVDF: its lag, or (LATT_DEC_VPROT, the
				   running one) the end of its protected
				   slice */
	__u32 is_task;		/* a task, not a group */
	__u32 on_rq;
};

struct latt_dec_rec {
	__u64 ts;		/* CLOCK_MONOTONIC, at sched_wakeup */
	__u32 pid;		/* the client */
	__u32 curr_pid;		/* the task running where it was queued */
	__s32 curr_prio;
	__u32 kind;		/* LATT_DEC_* */
	__u64 curr_tif;		/* its thread_info flags, after the
				   wakeup's preemption check */
	char curr_comm[16];
	__s32 depth;		/* of the level compared (0: the CPU's
				   own runqueue) */
	__u32 pad0;
	struct latt_dec_ent wakee, curr;
	__s64 sum;		/* the runqueue's weighted vruntime sum
				   (without the running entity) ... */
	__u64 load;		/* ... its weight ... */
	__u64 zero;		/* ... and the vruntime it counts from */
	__u32 queued;		/* entities queued there */
	__u32 pad;
};

#endif /* LATT_TRACE_DECISION_REC_H */
