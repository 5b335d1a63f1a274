// SPDX-License-Identifier: GPL-2.0-only
/*
 * --explain: what the scheduler decided at each wakeup of a client.  At
 * sched_wakeup, after the kernel's preemption check, this records the
 * client's scheduling entity and the running one's at the level where
 * the two were compared (their common runqueue, as the kernel's
 * find_matching_se() climbs to it), the runqueue's average, and the
 * running task's resched flags: whether it was told to give the CPU up.
 *
 * The kernel's structures are declared here with only the fields read,
 * and relocated to the running kernel's layout at load time (CO-RE, from
 * its BTF); a field this kernel lacks (EEVDF's, before Linux 6.6) is not
 * read.  Records go to a ring buffer latt reads after the run; what does
 * not fit is counted in lost[0].
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

#include "decision-rec.h"

#define DEPTH_MAX	16	/* cgroup levels climbed */

struct load_weight {
	unsigned long weight;
} __attribute__((preserve_access_index));

struct sched_entity;

struct cfs_rq {
	struct rq *rq;
	__s64 sum_w_vruntime;
	__u64 sum_weight;
	__u64 zero_vruntime;
	unsigned int nr_queued;
} __attribute__((preserve_access_index));

/* Before Linux 6.18 (and before 6.14 for nr_running). */
struct cfs_rq___old {
	__s64 avg_vruntime;
	__u64 avg_load;
	__u64 min_vruntime;
	unsigned int nr_running;
} __attribute__((preserve_access_index));

struct sched_entity {
	struct load_weight load;
	__u64 deadline;
	__u64 vruntime;
	__s64 vlag;
	__u64 vprot;
	__u64 slice;
	__u64 sum_exec_runtime;
	__u64 prev_sum_exec_runtime;
	unsigned char on_rq;
	int depth;
	struct sched_entity *parent;
	struct cfs_rq *cfs_rq;
	struct cfs_rq *my_q;
} __attribute__((preserve_access_index));

struct thread_info {
	unsigned long flags;
} __attribute__((preserve_access_index));

struct task_struct {
	struct thread_info thread_info;
	int pid;
	int prio;
	char comm[16];
	struct sched_entity se;
} __attribute__((preserve_access_index));

struct rq {
	struct task_struct *curr;
	struct task_struct *idle;
} __attribute__((preserve_access_index));

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 16 << 20);
} recs SEC(".maps");

/* The clients' pids (latt fills it at each run). */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, __u32);
	__type(value, __u32);
} pids SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} lost SEC(".maps");

/*
 * A field this kernel lacks is relocated to an instruction the verifier
 * refuses, so each read of one is behind bpf_core_field_exists() itself,
 * a constant the verifier sees (not a copy of it in memory).
 */
static void read_ent(struct latt_dec_ent *e, struct sched_entity *se)
{
	e->vruntime = BPF_CORE_READ(se, vruntime);
	e->weight = BPF_CORE_READ(se, load.weight);
	e->ran = BPF_CORE_READ(se, sum_exec_runtime) -
		 BPF_CORE_READ(se, prev_sum_exec_runtime);
	e->on_rq = BPF_CORE_READ(se, on_rq);
	e->is_task = BPF_CORE_READ(se, my_q) == NULL;
	if (bpf_core_field_exists(se->deadline)) {
		e->deadline = BPF_CORE_READ(se, deadline);
		e->slice = BPF_CORE_READ(se, slice);
		e->vlag = BPF_CORE_READ(se, vlag);
	}
}

static void read_avg(struct latt_dec_rec *r, struct cfs_rq *cfs)
{
	struct cfs_rq___old *old = (void *)cfs;

	if (bpf_core_field_exists(cfs->sum_w_vruntime) &&
	    bpf_core_field_exists(cfs->zero_vruntime)) {
		r->sum = BPF_CORE_READ(cfs, sum_w_vruntime);
		r->load = BPF_CORE_READ(cfs, sum_weight);
		r->zero = BPF_CORE_READ(cfs, zero_vruntime);
		r->kind |= LATT_DEC_AVG;
	} else if (bpf_core_field_exists(old->avg_vruntime)) {
		r->sum = BPF_CORE_READ(old, avg_vruntime);
		r->load = BPF_CORE_READ(old, avg_load);
		r->zero = BPF_CORE_READ(old, min_vruntime);
		r->kind |= LATT_DEC_AVG;
	}
	if (bpf_core_field_exists(cfs->nr_queued))
		r->queued = BPF_CORE_READ(cfs, nr_queued);
	else
		r->queued = BPF_CORE_READ(old, nr_running);
}

SEC("tp_btf/sched_wakeup")
int latt_on_wakeup(__u64 *ctx)
{
	struct task_struct *p = (void *)ctx[0], *curr;
	struct sched_entity *se, *pse;
	struct latt_dec_rec *r;
	struct rq *rq;
	__u32 pid = BPF_CORE_READ(p, pid), zero = 0, i;
	int sd, pd;
	__u64 *n;

	if (!bpf_map_lookup_elem(&pids, &pid))
		return 0;
	rq = BPF_CORE_READ(p, se.cfs_rq, rq);
	if (!rq)
		return 0;
	curr = BPF_CORE_READ(rq, curr);
	/* An idle CPU: nothing to decide. */
	if (!curr || curr == BPF_CORE_READ(rq, idle))
		return 0;
	r = bpf_ringbuf_reserve(&recs, sizeof(*r), 0);
	if (!r) {
		n = bpf_map_lookup_elem(&lost, &zero);
		if (n)
			__sync_fetch_and_add(n, 1);
		return 0;
	}
	__builtin_memset(r, 0, sizeof(*r));
	r->ts = bpf_ktime_get_ns();
	r->pid = pid;
	r->curr_pid = BPF_CORE_READ(curr, pid);
	r->curr_prio = BPF_CORE_READ(curr, prio);
	r->curr_tif = BPF_CORE_READ(curr, thread_info.flags);
	BPF_CORE_READ_STR_INTO(&r->curr_comm, curr, comm);
	if (bpf_core_field_exists(p->se.deadline))
		r->kind |= LATT_DEC_EEVDF;
	if (bpf_core_field_exists(p->se.vprot))
		r->kind |= LATT_DEC_VPROT;

	/* Climb to the common runqueue, as find_matching_se() does. */
	se = &curr->se;
	pse = &p->se;
	sd = BPF_CORE_READ(se, depth);
	pd = BPF_CORE_READ(pse, depth);
	for (i = 0; i < DEPTH_MAX && sd > pd; i++, sd--)
		se = BPF_CORE_READ(se, parent);
	for (i = 0; i < DEPTH_MAX && pd > sd; i++, pd--)
		pse = BPF_CORE_READ(pse, parent);
	for (i = 0; i < DEPTH_MAX && se && pse; i++) {
		if (BPF_CORE_READ(se, cfs_rq) == BPF_CORE_READ(pse, cfs_rq))
			break;
		se = BPF_CORE_READ(se, parent);
		pse = BPF_CORE_READ(pse, parent);
		pd--;
	}
	if (!se || !pse) {
		bpf_ringbuf_submit(r, 0);
		return 0;
	}
	r->depth = pd;
	read_ent(&r->wakee, pse);
	read_ent(&r->curr, se);
	read_avg(r, BPF_CORE_READ(pse, cfs_rq));
	bpf_ringbuf_submit(r, 0);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
