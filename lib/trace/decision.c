// SPDX-License-Identifier: GPL-2.0-only
/*
 * --explain's scheduler decisions: the BPF program's loader (libbpf) and
 * the telling of its records; see trace/decision.h and
 * lib/trace/decision.h.
 */
#include <errno.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef HAVE_LIBBPF
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#endif

#include "trace/decision.h"
#include "base/util.h"
#include "measure/clock.h"
#include "trace/bpf-load.h"
#include "trace/decision-rec.h"

/* A record and its wakeup's sched_wakeup event may differ by this much. */
#define FIND_SLACK_NS	50000ULL

struct latt_resched_bits latt_resched_bits_of(const char *release)
{
	struct latt_resched_bits b = { -1, -1 };
	unsigned int major = 0, minor = 0;

#if defined(__x86_64__) || defined(__i386__)
	if (!release || sscanf(release, "%u.%u", &major, &minor) != 2)
		return b;
	/*
	 * x86 had TIF_NEED_RESCHED at bit 3, with TIF_NEED_RESCHED_LAZY
	 * beside it at 4 from Linux 6.13; from 6.18 it takes the generic
	 * bits, 4 and 5 (seen at the wakeups of a fifo task, which always
	 * preempts at once, on 6.18).
	 */
	if (major > 6 || (major == 6 && minor >= 18)) {
		b.now = 4;
		b.lazy = 5;
	} else {
		b.now = 3;
		if (major == 6 && minor >= 13)
			b.lazy = 4;
	}
#else
	(void)release;
	(void)major;
	(void)minor;
#endif
	return b;
}

char *latt_prio_policy(int prio, char *buf, size_t len)
{
	if (prio < 0)
		snprintf(buf, len, "deadline");
	else if (prio < 100)
		snprintf(buf, len, "fifo/rr %d", 99 - prio);
	else
		snprintf(buf, len, "normal nice %d", prio - 120);
	return buf;
}

/* The kernel's scale_load_down() on 64 bits. */
static uint64_t weight_of(uint64_t w)
{
	w >>= 10;
	return w && w < 2 ? 2 : w;
}

void latt_decision_of(const struct latt_dec_rec *r,
		      const struct latt_resched_bits *bits, const char *scx,
		      struct latt_decision *d)
{
	const struct latt_dec_ent *c = &r->curr, *p = &r->wakee;
	bool now = bits->now >= 0 && (r->curr_tif >> bits->now) & 1;
	bool lazy = bits->lazy >= 0 && (r->curr_tif >> bits->lazy) & 1;
	__int128 sum = r->sum, load = r->load;
	int64_t v;

	memset(d, 0, sizeof(*d));
	d->have = true;
	d->pid = (pid_t)r->curr_pid;
	snprintf(d->comm, sizeof(d->comm), "%.15s", r->curr_comm);
	d->prio = r->curr_prio;
	d->depth = r->depth;
	d->group = !p->is_task || !c->is_task;
	d->queued = r->queued;
	d->curr_ran_ns = c->ran;
	d->eevdf = (r->kind & LATT_DEC_EEVDF) && (r->kind & LATT_DEC_AVG);
	d->cfs = !(r->kind & LATT_DEC_EEVDF);
	d->behind_ns = (int64_t)(c->vruntime - p->vruntime);

	if (d->eevdf) {
		/* The average the kernel's avg_vruntime() takes. */
		if (c->on_rq) {
			sum += (__int128)(int64_t)(c->vruntime - r->zero) *
			       (__int128)weight_of(c->weight);
			load += weight_of(c->weight);
		}
		if (load) {
			if (sum < 0)
				sum -= load - 1;
			v = (int64_t)(r->zero + (uint64_t)(int64_t)(sum / load));
		} else {
			v = (int64_t)c->vruntime;
		}
		d->lag_ns = v - (int64_t)p->vruntime;
		d->deadline_ns = (int64_t)p->deadline - v;
		d->slice_ns = p->slice;
		d->curr_lag_ns = v - (int64_t)c->vruntime;
		d->curr_deadline_ns = (int64_t)c->deadline - v;
		d->curr_slice_ns = c->slice;
		if (r->kind & LATT_DEC_VPROT) {
			if ((int64_t)((uint64_t)c->vlag - c->vruntime) > 0)
				d->protect_ns = (int64_t)((uint64_t)c->vlag -
							  c->vruntime);
		} else if ((uint64_t)c->vlag == c->deadline &&
			   c->deadline > c->vruntime) {
			d->protect_ns = (int64_t)(c->deadline - c->vruntime);
		}
	}

	d->told = now || lazy;
	if (r->curr_prio < 100) {
		d->why = LATT_WHY_NOT_FAIR;
	} else if (scx && scx[0]) {
		d->why = LATT_WHY_SCX;
		d->eevdf = false;
		d->cfs = false;
		snprintf(d->scx, sizeof(d->scx), "%s", scx);
	} else if (now) {
		d->why = LATT_WHY_PREEMPTED;
	} else if (lazy) {
		d->why = LATT_WHY_LAZY;
	} else if (!d->eevdf) {
		d->why = LATT_WHY_CFS;
	} else if (d->lag_ns < 0) {
		d->why = LATT_WHY_INELIGIBLE;
	} else if (d->curr_lag_ns >= 0 && d->protect_ns > 0) {
		d->why = LATT_WHY_PROTECTED;
	} else if (d->curr_lag_ns >= 0 &&
		   (int64_t)(c->deadline - p->deadline) < 0) {
		d->why = LATT_WHY_DEADLINE;
	} else {
		d->why = LATT_WHY_OTHER;
	}
}

const struct latt_dec_rec *latt_decision_find(const struct latt_dec_rec *recs,
					      size_t n, pid_t pid, uint64_t ts)
{
	const struct latt_dec_rec *best = NULL;
	uint64_t best_d = FIND_SLACK_NS + 1, dist;
	size_t lo = 0, hi = n, mid, i;

	/* The first at or after ts - slack, then forward. */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (recs[mid].ts + FIND_SLACK_NS < ts)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (i = lo; i < n && recs[i].ts <= ts + FIND_SLACK_NS; i++) {
		if ((pid_t)recs[i].pid != pid)
			continue;
		dist = recs[i].ts > ts ? recs[i].ts - ts : ts - recs[i].ts;
		if (dist < best_d) {
			best_d = dist;
			best = &recs[i];
		}
	}
	return best;
}

const char *latt_why_name(int why)
{
	static const char *const names[] = {
		[LATT_WHY_PREEMPTED] = "preempted",
		[LATT_WHY_LAZY] = "lazy",
		[LATT_WHY_NOT_FAIR] = "not-fair",
		[LATT_WHY_INELIGIBLE] = "ineligible",
		[LATT_WHY_PROTECTED] = "protected",
		[LATT_WHY_DEADLINE] = "deadline",
		[LATT_WHY_OTHER] = "other",
		[LATT_WHY_CFS] = "cfs",
		[LATT_WHY_SCX] = "sched-ext",
	};

	if (why < 0 || (size_t)why >= sizeof(names) / sizeof(names[0]))
		return "other";
	return names[why];
}

static double us(int64_t ns)
{
	return (double)ns / 1000.0;
}

char *latt_decision_text(const struct latt_decision *d, const char *name,
			 char *buf, size_t len)
{
	const char *eevdf = d->eevdf ? "EEVDF" : d->cfs ? "CFS" :
			    "the scheduler";
	char who[64], pol[32];
	size_t at;

	buf[0] = '\0';
	if (!d->have)
		return buf;
	if (!name)
		name = d->comm;
	snprintf(who, sizeof(who), "%s (pid %d)", name, (int)d->pid);
	switch (d->why) {
	case LATT_WHY_PREEMPTED:
		latt_fmt(buf, len, "%s told %s to give the CPU up at once",
			 eevdf, who);
		break;
	case LATT_WHY_LAZY:
		latt_fmt(buf, len, "%s chose the client, lazily: %s was to "
			 "give the CPU up at the next tick or on its way to "
			 "user space (lazy preemption)", eevdf, who);
		break;
	case LATT_WHY_NOT_FAIR:
		latt_fmt(buf, len, "not preempted: %s ran as %s, which a "
			 "normal task does not preempt", who,
			 latt_prio_policy(d->prio, pol, sizeof(pol)));
		return buf;
	case LATT_WHY_INELIGIBLE:
		latt_fmt(buf, len, "not preempted: EEVDF found the client not "
			 "eligible (lag %+.1f usec: it had had more than its "
			 "share)", us(d->lag_ns));
		break;
	case LATT_WHY_PROTECTED:
		latt_fmt(buf, len, "not preempted: %s's slice was protected "
			 "(run to parity) for %.1f usec more", who,
			 us(d->protect_ns));
		break;
	case LATT_WHY_DEADLINE:
		latt_fmt(buf, len, "not preempted: %s's deadline came %.1f "
			 "usec before the client's", who,
			 us(d->deadline_ns - d->curr_deadline_ns));
		break;
	case LATT_WHY_CFS:
		latt_fmt(buf, len, "not preempted by CFS: the client's "
			 "vruntime was %.1f usec %s %s's (a wakeup preempts "
			 "when it is more than the wakeup granularity behind)",
			 us(d->behind_ns < 0 ? -d->behind_ns : d->behind_ns),
			 d->behind_ns < 0 ? "ahead of" : "behind", who);
		return buf;
	case LATT_WHY_SCX:
		latt_fmt(buf, len, "the sched_ext scheduler %s decided: %s "
			 "was %s to give the CPU up (EEVDF's figures do not "
			 "apply)", d->scx, who, d->told ? "told" : "not told");
		return buf;
	default:
		if (d->curr_lag_ns < 0)
			latt_fmt(buf, len, "not preempted: EEVDF picked "
				 "another of the %u queued: %s was not "
				 "eligible (it had had more than its share) "
				 "and the client's deadline was not the "
				 "earliest", d->queued, who);
		else
			latt_fmt(buf, len, "not preempted: EEVDF picked "
				 "another of the %u queued, with an earlier "
				 "deadline than the client's and %s's",
				 d->queued, who);
		break;
	}
	at = strlen(buf);
	if (d->eevdf && at + 1 < len)
		latt_fmt(buf + at, len - at, "; the client: lag %+.1f usec, "
			 "deadline in %.1f, slice %.1f; %s: lag %+.1f usec, "
			 "deadline in %.1f, slice %.1f, ran %.1f since "
			 "picked", us(d->lag_ns), us(d->deadline_ns),
			 us((int64_t)d->slice_ns), name, us(d->curr_lag_ns),
			 us(d->curr_deadline_ns),
			 us((int64_t)d->curr_slice_ns),
			 us((int64_t)d->curr_ran_ns));
	at = strlen(buf);
	if (d->group && at + 1 < len)
		latt_fmt(buf + at, len - at, " (the kernel compared their "
			 "groups%s)", d->depth ? ", below the CPU's own "
			 "runqueue" : "");
	return buf;
}

#ifdef HAVE_LIBBPF

extern const char latt_decision_obj[], latt_decision_obj_end[];

struct latt_decisions {
	struct bpf_object *obj;
	struct bpf_link *link;
	struct ring_buffer *rb;
	int pids_fd, lost_fd;
	struct latt_dec_rec *recs;
	size_t n, cap;
	const struct latt_clock *raw;	/* the run's MONOTONIC_RAW, or NULL */
	/* CLOCK_MONOTONIC and the run's clock read together at its start */
	int64_t mono0, raw0;
	uint64_t lost0;
};

static int keep(void *ctx, void *data, size_t size)
{
	struct latt_decisions *d = ctx;
	struct latt_dec_rec *more;

	if (size < sizeof(*d->recs))
		return 0;
	if (d->n == d->cap) {
		size_t cap = d->cap ? 2 * d->cap : 1024;

		more = realloc(d->recs, cap * sizeof(*more));
		if (!more)
			return -ENOMEM;
		d->recs = more;
		d->cap = cap;
	}
	memcpy(&d->recs[d->n++], data, sizeof(*d->recs));
	return 0;
}

int latt_decisions_open(struct latt_decisions **dp, char *err, size_t len)
{
	struct latt_decisions *d;
	struct bpf_program *prog;
	int ret;

	*dp = NULL;
	d = calloc(1, sizeof(*d));
	if (!d)
		return -ENOMEM;
	ret = latt_bpf_load(latt_decision_obj, (size_t)(latt_decision_obj_end -
						      latt_decision_obj),
			    "latt", &d->obj, err, len);
	if (ret)
		goto fail;
	prog = bpf_object__find_program_by_name(d->obj, "latt_on_wakeup");
	d->link = prog ? bpf_program__attach(prog) : NULL;
	if (!d->link) {
		ret = -errno;
		latt_fmt(err, len, "cannot attach its BPF program to "
			 "sched_wakeup (%s)", strerror(-ret));
		goto fail;
	}
	d->pids_fd = bpf_object__find_map_fd_by_name(d->obj, "pids");
	d->lost_fd = bpf_object__find_map_fd_by_name(d->obj, "lost");
	d->rb = ring_buffer__new(bpf_object__find_map_fd_by_name(d->obj,
								 "recs"),
				 keep, d, NULL);
	if (d->pids_fd < 0 || d->lost_fd < 0 || !d->rb) {
		ret = -EIO;
		latt_fmt(err, len, "cannot use its BPF program's maps");
		goto fail;
	}
	*dp = d;
	return 0;
fail:
	latt_decisions_close(d);
	return ret < 0 ? ret : -EIO;
}

void latt_decisions_close(struct latt_decisions *d)
{
	if (!d)
		return;
	ring_buffer__free(d->rb);
	bpf_link__destroy(d->link);
	bpf_object__close(d->obj);
	free(d->recs);
	free(d);
}

static uint64_t lost_now(struct latt_decisions *d)
{
	uint32_t zero = 0;
	uint64_t n = 0;

	if (bpf_map_lookup_elem(d->lost_fd, &zero, &n))
		return 0;
	return n;
}

int latt_decisions_start(struct latt_decisions *d, const pid_t *pids,
			 size_t n, const struct latt_clock *clock)
{
	uint32_t key, val;
	size_t i;

	/* The last run's clients out, this one's in. */
	while (!bpf_map_get_next_key(d->pids_fd, NULL, &key))
		if (bpf_map_delete_elem(d->pids_fd, &key))
			break;
	for (i = 0; i < n; i++) {
		key = (uint32_t)pids[i];
		val = (uint32_t)i;
		if (bpf_map_update_elem(d->pids_fd, &key, &val, BPF_ANY))
			return -errno;
	}
	/* What came before the run is not the run's. */
	ring_buffer__consume(d->rb);
	d->n = 0;
	d->lost0 = lost_now(d);
	d->raw = clock->id == LATT_CLOCK_MONOTONIC_RAW ? clock : NULL;
	d->mono0 = (int64_t)latt_mono_ns();
	d->raw0 = d->raw ? (int64_t)latt_clock_now(d->raw) : d->mono0;
	return 0;
}

int latt_decisions_read(struct latt_decisions *d, struct latt_dec_rec **out,
			size_t *n, uint64_t *lost)
{
	int64_t mono1, raw1;
	double rate = 1.0;
	size_t i;
	int ret;

	*out = NULL;
	*n = 0;
	ret = ring_buffer__consume(d->rb);
	*lost = lost_now(d) - d->lost0;
	if (ret < 0)
		return ret;
	if (d->raw) {
		/* CLOCK_MONOTONIC to the run's, as the two went meanwhile. */
		mono1 = (int64_t)latt_mono_ns();
		raw1 = (int64_t)latt_clock_now(d->raw);
		if (mono1 > d->mono0)
			rate = (double)(raw1 - d->raw0) /
			       (double)(mono1 - d->mono0);
		for (i = 0; i < d->n; i++)
			d->recs[i].ts = (uint64_t)(d->raw0 + (int64_t)(rate *
				(double)((int64_t)d->recs[i].ts - d->mono0)));
	}
	*out = d->recs;
	*n = d->n;
	d->recs = NULL;
	d->n = d->cap = 0;
	return 0;
}

#else /* !HAVE_LIBBPF */

int latt_decisions_open(struct latt_decisions **d, char *err, size_t len)
{
	*d = NULL;
	latt_fmt(err, len, "latt was built without libbpf (configure "
		 "--with-bpf)");
	return -ENOTSUP;
}

void latt_decisions_close(struct latt_decisions *d)
{
	(void)d;
}

int latt_decisions_start(struct latt_decisions *d, const pid_t *pids,
			 size_t n, const struct latt_clock *clock)
{
	(void)d;
	(void)pids;
	(void)n;
	(void)clock;
	return -ENOTSUP;
}

int latt_decisions_read(struct latt_decisions *d, struct latt_dec_rec **out,
			size_t *n, uint64_t *lost)
{
	(void)d;
	*out = NULL;
	*n = 0;
	*lost = 0;
	return -ENOTSUP;
}

#endif /* HAVE_LIBBPF */
