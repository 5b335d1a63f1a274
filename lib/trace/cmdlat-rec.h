/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The command's own latency as lib/trace/cmdlat.bpf.c counts it and
 * lib/trace/cmdlat.c reads it: one histogram of each kind per CPU, in latt's
 * layout (struct latt_hist), shared by the BPF program and latt, so only
 * fixed-size types.
 */
#ifndef LATT_TRACE_CMDLAT_REC_H
#define LATT_TRACE_CMDLAT_REC_H

#include <linux/types.h>

/* struct latt_hist's layout, restated for the BPF side. */
#define LATT_CMDLAT_SUB_BITS	6
#define LATT_CMDLAT_SUB		(1U << LATT_CMDLAT_SUB_BITS)
#define LATT_CMDLAT_EXACT	(2U * LATT_CMDLAT_SUB)
#define LATT_CMDLAT_MAX_SHIFT	44
#define LATT_CMDLAT_BUCKETS	(LATT_CMDLAT_EXACT + \
	(LATT_CMDLAT_MAX_SHIFT - LATT_CMDLAT_SUB_BITS - 1) * LATT_CMDLAT_SUB)

/* What a task of the command waited for (a wait's kind). */
#define LATT_CMDLAT_WAKEUP	0	/* woken (or new) until it ran */
#define LATT_CMDLAT_PREEMPT	1	/* switched out runnable (preempted,
					   or it yielded) until it ran again */
#define LATT_CMDLAT_KINDS	2

/*
 * A followed task, the value of the program's table by pid: when its
 * wait began (0: it is not waiting), and why; whether it is on a CPU, as
 * the traced switches tell (the kernel's own on_cpu is not yet set or
 * still set at some wakeups, as on 7.3).
 */
struct latt_cmdlat_task {
	__u64 since;
	__u32 kind;
	__u32 running;
};

/* One CPU's waits of one kind. */
struct latt_cmdlat_hist {
	__u64 count;
	__u64 sum_ns;
	__u64 max_ns;
	__u64 buckets[LATT_CMDLAT_BUCKETS];
};

/* One CPU's count of what the program could not follow. */
struct latt_cmdlat_miss {
	__u64 untracked;	/* tasks forked when the table was full */
	__u64 unended;		/* waits whose end was not traced: the
				   task ran, then left its CPU */
};

#endif /* LATT_TRACE_CMDLAT_REC_H */
