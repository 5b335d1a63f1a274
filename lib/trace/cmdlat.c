// SPDX-License-Identifier: GPL-2.0-only
/*
 * The command's own latency: the loader of lib/trace/cmdlat.bpf.c (libbpf) and
 * the reading of its per-CPU histograms; see lib/trace/cmdlat.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_LIBBPF
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#endif

#include "trace/cmdlat.h"
#include "base/util.h"
#include "measure/hist.h"
#include "trace/bpf-load.h"
#include "trace/cmdlat-rec.h"

_Static_assert(LATT_CMDLAT_BUCKETS == LATT_HIST_BUCKETS,
	       "the BPF program's histogram is latt's");

uint64_t latt_cmdwait_percentile(const struct latt_cmdwait *w, double p)
{
	return latt_percentile_of(&w->hist, w->hist.count, 0, w->max_ns, p);
}

#ifdef HAVE_LIBBPF

extern const char latt_cmdlat_obj[], latt_cmdlat_obj_end[];

static const char *const progs[] = {
	"latt_cmd_fork", "latt_cmd_wakeup",
	"latt_cmd_wakeup_new", "latt_cmd_switch",
};

#define NPROGS (sizeof(progs) / sizeof(progs[0]))

struct latt_cmdlat {
	struct bpf_object *obj;
	struct bpf_link *links[NPROGS];
	int tasks_fd, miss_fd, hist_fd[LATT_CMDLAT_KINDS];
	int ncpu;
	void *buf;		/* one value per possible CPU */
	size_t buf_len;
};

int latt_cmdlat_open(struct latt_cmdlat **cp, char *err, size_t len)
{
	struct latt_cmdlat *c;
	struct bpf_program *prog;
	size_t i, size;
	int ret;

	*cp = NULL;
	c = calloc(1, sizeof(*c));
	if (!c)
		return -ENOMEM;
	size = (size_t)(latt_cmdlat_obj_end - latt_cmdlat_obj);
	ret = latt_bpf_load(latt_cmdlat_obj, size, "latt_cmd", &c->obj, err,
			    len);
	if (ret)
		goto fail;
	for (i = 0; i < NPROGS; i++) {
		prog = bpf_object__find_program_by_name(c->obj, progs[i]);
		c->links[i] = prog ? bpf_program__attach(prog) : NULL;
		if (!c->links[i]) {
			ret = prog ? -errno : -ENOENT;
			latt_fmt(err, len, "cannot attach its BPF program to "
				 "%s (%s)", prog ?
				 bpf_program__section_name(prog) : progs[i],
				 strerror(-ret));
			goto fail;
		}
	}
	c->tasks_fd = bpf_object__find_map_fd_by_name(c->obj, "tasks");
	c->miss_fd = bpf_object__find_map_fd_by_name(c->obj, "miss");
	c->hist_fd[LATT_CMDLAT_WAKEUP] =
		bpf_object__find_map_fd_by_name(c->obj, "wakeup");
	c->hist_fd[LATT_CMDLAT_PREEMPT] =
		bpf_object__find_map_fd_by_name(c->obj, "preempt");
	c->ncpu = libbpf_num_possible_cpus();
	if (c->tasks_fd < 0 || c->miss_fd < 0 || c->ncpu <= 0 ||
	    c->hist_fd[0] < 0 || c->hist_fd[1] < 0) {
		ret = -EIO;
		latt_fmt(err, len, "cannot use its BPF program's maps");
		goto fail;
	}
	/* Per-CPU values are 8-byte aligned: the histogram's already is. */
	c->buf_len = (size_t)c->ncpu * sizeof(struct latt_cmdlat_hist);
	c->buf = calloc(1, c->buf_len);
	if (!c->buf) {
		ret = -ENOMEM;
		latt_fmt(err, len, "%s", strerror(ENOMEM));
		goto fail;
	}
	*cp = c;
	return 0;
fail:
	latt_cmdlat_close(c);
	return ret < 0 ? ret : -EIO;
}

void latt_cmdlat_close(struct latt_cmdlat *c)
{
	size_t i;

	if (!c)
		return;
	for (i = 0; i < NPROGS; i++)
		bpf_link__destroy(c->links[i]);
	bpf_object__close(c->obj);
	free(c->buf);
	free(c);
}

int latt_cmdlat_stop(struct latt_cmdlat *c)
{
	uint32_t key;

	/* A task's last switch may delete its entry first: gone is gone. */
	while (!bpf_map_get_next_key(c->tasks_fd, NULL, &key))
		if (bpf_map_delete_elem(c->tasks_fd, &key) && errno != ENOENT)
			return -errno;
	return 0;
}

int latt_cmdlat_start(struct latt_cmdlat *c, pid_t root)
{
	struct latt_cmdlat_task w = { 0 };
	uint32_t key = 0, pid = (uint32_t)root;
	int ret, k;

	ret = latt_cmdlat_stop(c);
	if (ret)
		return ret;
	memset(c->buf, 0, c->buf_len);
	for (k = 0; k < LATT_CMDLAT_KINDS; k++)
		if (bpf_map_update_elem(c->hist_fd[k], &key, c->buf, BPF_ANY))
			return -errno;
	if (bpf_map_update_elem(c->miss_fd, &key, c->buf, BPF_ANY))
		return -errno;
	if (bpf_map_update_elem(c->tasks_fd, &pid, &w, BPF_ANY))
		return -errno;
	return 0;
}

int latt_cmdlat_read(struct latt_cmdlat *c, struct latt_cmdwaits *r)
{
	const struct latt_cmdlat_hist *cpu = c->buf;
	const struct latt_cmdlat_miss *m = c->buf;
	struct latt_cmdwait *kinds[LATT_CMDLAT_KINDS], *w;
	uint32_t key = 0;
	unsigned int b;
	int k, i;

	kinds[LATT_CMDLAT_WAKEUP] = &r->wakeup;
	kinds[LATT_CMDLAT_PREEMPT] = &r->preempt;
	r->untracked = r->unended = 0;
	for (k = 0; k < LATT_CMDLAT_KINDS; k++) {
		w = kinds[k];
		memset(w, 0, sizeof(*w));
		latt_hist_init(&w->hist);
		if (bpf_map_lookup_elem(c->hist_fd[k], &key, c->buf))
			return -errno;
		for (i = 0; i < c->ncpu; i++) {
			w->hist.count += cpu[i].count;
			w->sum_ns += cpu[i].sum_ns;
			if (cpu[i].max_ns > w->max_ns)
				w->max_ns = cpu[i].max_ns;
			if (!cpu[i].count)
				continue;
			for (b = 0; b < LATT_HIST_BUCKETS; b++)
				w->hist.buckets[b] += cpu[i].buckets[b];
		}
	}
	if (bpf_map_lookup_elem(c->miss_fd, &key, c->buf))
		return -errno;
	for (i = 0; i < c->ncpu; i++) {
		r->untracked += m[i].untracked;
		r->unended += m[i].unended;
	}
	return 0;
}

#else /* !HAVE_LIBBPF */

int latt_cmdlat_open(struct latt_cmdlat **c, char *err, size_t len)
{
	*c = NULL;
	latt_fmt(err, len, "latt was built without libbpf (configure "
		 "--with-bpf)");
	return -ENOTSUP;
}

void latt_cmdlat_close(struct latt_cmdlat *c)
{
	(void)c;
}

int latt_cmdlat_start(struct latt_cmdlat *c, pid_t root)
{
	(void)c;
	(void)root;
	return -ENOTSUP;
}

int latt_cmdlat_read(struct latt_cmdlat *c, struct latt_cmdwaits *r)
{
	(void)c;
	(void)r;
	return -ENOTSUP;
}

int latt_cmdlat_stop(struct latt_cmdlat *c)
{
	(void)c;
	return -ENOTSUP;
}

#endif /* HAVE_LIBBPF */
