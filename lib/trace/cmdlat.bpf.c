// SPDX-License-Identifier: GPL-2.0-only
/*
 * The command's own latency: how long each task of the command's process
 * tree (the command, every process and thread it forks) waited between
 * being made runnable and running, counted in kernel space.
 *
 * A task is followed from the moment latt names it (the command, before
 * it runs anything) and from its fork by a followed task, until its last
 * switch (after its exit: it may still wait for a CPU on its way out).
 * Its wait starts at sched_wakeup or sched_wakeup_new (a wakeup), or at
 * a sched_switch that took the CPU from it while it was still runnable
 * (preempted, or it yielded); it ends at the sched_switch that puts it
 * on a CPU, and goes into that CPU's histogram of its kind, in latt's
 * layout.  A wakeup of a task already waiting (preempted, then woken)
 * keeps the earlier start, and one of a task still on a CPU (woken before
 * it got to sleep) starts none: perf sched timehist's "sch delay", told
 * apart by kind.  A wait still open when its task leaves a CPU ended at a
 * switch the kernel did not trace: it is counted as such (unended), not
 * timed.  Nothing is kept per event: the cost is a hash lookup per
 * wakeup and fork of the whole system and two per context switch.
 *
 * Tasks are named by pid, as the tracepoints name them: a pid reused by
 * a new task of the tree between a thread's exit and its last switch
 * would lose its entry at that switch (not seen; task storage, Linux
 * 5.11, would not have it).  Threads the kernel starts for the command
 * without a fork (io_uring's workers) are not followed.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

#include "cmdlat-rec.h"

/* include/linux/sched.h, since Linux 4.14 */
#define TASK_DEAD	0x80

struct task_struct {
	int pid;
} __attribute__((preserve_access_index));

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 65536);
	__type(key, __u32);
	__type(value, struct latt_cmdlat_task);
} tasks SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct latt_cmdlat_hist);
} wakeup SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct latt_cmdlat_hist);
} preempt SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct latt_cmdlat_miss);
} miss SEC(".maps");

/* latt_hist_index() of lib/measure/hist.h, without __builtin_clzll. */
static __always_inline __u64 bucket_of(__u64 v)
{
	__u64 e = 0, x = v;

	if (v < LATT_CMDLAT_EXACT)
		return v;
	if (x >> 32) {
		x >>= 32;
		e += 32;
	}
	if (x >> 16) {
		x >>= 16;
		e += 16;
	}
	if (x >> 8) {
		x >>= 8;
		e += 8;
	}
	if (x >> 4) {
		x >>= 4;
		e += 4;
	}
	if (x >> 2) {
		x >>= 2;
		e += 2;
	}
	if (x >> 1)
		e += 1;
	if (e >= LATT_CMDLAT_MAX_SHIFT)
		return LATT_CMDLAT_BUCKETS - 1;
	return LATT_CMDLAT_EXACT +
	       (e - LATT_CMDLAT_SUB_BITS - 1) * LATT_CMDLAT_SUB +
	       ((v >> (e - LATT_CMDLAT_SUB_BITS)) - LATT_CMDLAT_SUB);
}

static __always_inline void count(__u32 kind, __u64 ns)
{
	struct latt_cmdlat_hist *h;
	__u64 b = bucket_of(ns);
	__u32 zero = 0;

	h = bpf_map_lookup_elem(kind == LATT_CMDLAT_WAKEUP ? (void *)&wakeup :
				(void *)&preempt, &zero);
	if (!h || b >= LATT_CMDLAT_BUCKETS)
		return;
	h->count++;
	h->sum_ns += ns;
	if (ns > h->max_ns)
		h->max_ns = ns;
	h->buckets[b]++;
}

SEC("tp_btf/sched_process_fork")
int latt_cmd_fork(__u64 *ctx)
{
	struct task_struct *parent = (void *)ctx[0], *child = (void *)ctx[1];
	__u32 ppid = BPF_CORE_READ(parent, pid), pid, zero = 0;
	struct latt_cmdlat_task w = {};
	struct latt_cmdlat_miss *m;

	if (!bpf_map_lookup_elem(&tasks, &ppid))
		return 0;
	pid = BPF_CORE_READ(child, pid);
	if (bpf_map_update_elem(&tasks, &pid, &w, BPF_ANY)) {
		m = bpf_map_lookup_elem(&miss, &zero);
		if (m)
			m->untracked++;
	}
	return 0;
}

static __always_inline int woken(struct task_struct *p)
{
	__u32 pid = BPF_CORE_READ(p, pid);
	struct latt_cmdlat_task *w = bpf_map_lookup_elem(&tasks, &pid);

	/*
	 * A task already waiting keeps its start; one on a CPU (woken
	 * before it got to sleep) does not wait.
	 */
	if (!w || w->since || w->running)
		return 0;
	w->since = bpf_ktime_get_ns();
	w->kind = LATT_CMDLAT_WAKEUP;
	return 0;
}

SEC("tp_btf/sched_wakeup")
int latt_cmd_wakeup(__u64 *ctx)
{
	return woken((void *)ctx[0]);
}

SEC("tp_btf/sched_wakeup_new")
int latt_cmd_wakeup_new(__u64 *ctx)
{
	return woken((void *)ctx[0]);
}

/* sched_switch(preempt, prev, next, prev_state): Linux 5.18 and later. */
SEC("tp_btf/sched_switch")
int latt_cmd_switch(__u64 *ctx)
{
	struct task_struct *prev = (void *)ctx[1], *next = (void *)ctx[2];
	__u32 pid = BPF_CORE_READ(prev, pid), zero = 0;
	__u64 now = bpf_ktime_get_ns();
	struct latt_cmdlat_miss *m;
	struct latt_cmdlat_task *w;

	w = bpf_map_lookup_elem(&tasks, &pid);
	if (w) {
		/*
		 * It ran, but the switch that put it on this CPU was not
		 * traced (some kernels do not trace every switch out of the
		 * idle task): its wait has no end, counted as such.
		 */
		if (w->since && !w->running) {
			m = bpf_map_lookup_elem(&miss, &zero);
			if (m)
				m->unended++;
		}
		w->running = 0;
		/*
		 * Still runnable: it waits from now; asleep: it does not;
		 * dead (its last switch, after its exit): it is gone.
		 */
		if (!(__u8)ctx[0] && ((unsigned int)ctx[3] & TASK_DEAD)) {
			bpf_map_delete_elem(&tasks, &pid);
		} else if ((__u8)ctx[0] || !(unsigned int)ctx[3]) {
			w->since = now;
			w->kind = LATT_CMDLAT_PREEMPT;
		} else {
			w->since = 0;
		}
	}
	pid = BPF_CORE_READ(next, pid);
	w = bpf_map_lookup_elem(&tasks, &pid);
	if (w) {
		if (w->since)
			count(w->kind, now > w->since ? now - w->since : 0);
		w->since = 0;
		w->running = 1;
	}
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
