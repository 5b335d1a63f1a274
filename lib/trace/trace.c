// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt's ftrace instance; see trace/trace.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "trace/trace.h"
#include "base/util.h"
#include "settings/undo.h"
#include "trace/explain.h"

#ifdef HAVE_LIBTRACEFS
#include <tracefs.h>

#define DEFAULT_DIR	"/sys/kernel/tracing"

static const char *const events[] = {
	"sched_waking", "sched_wakeup", "sched_switch", "sched_migrate_task",
};

/* Undo what latt_trace_open() did so far. */
static void undo(struct latt_trace *t)
{
	if (t->marker_fd >= 0)
		close(t->marker_fd);
	if (t->on_fd >= 0)
		close(t->on_fd);
	t->marker_fd = t->on_fd = -1;
	if (t->inst) {
		if (t->keep)
			latt_undo_keep(t->undo, t->name);
		else if (!tracefs_instance_destroy(t->inst))
			latt_undo_forget(t->undo);
		tracefs_instance_free(t->inst);
		t->inst = NULL;
	} else {
		latt_undo_forget(t->undo);
	}
	t->undo = 0;
}

int latt_trace_open(struct latt_trace *t, const char *suffix,
		    unsigned int buffer_kb, bool overwrite, char *err,
		    size_t len)
{
	const char *path;
	char kb[32], *dir;
	size_t i;
	int ret;

	memset(t, 0, sizeof(*t));
	t->marker_fd = t->on_fd = -1;
	/*
	 * libtracefs finds tracefs, and mounts it where it is not (that
	 * needs CAP_SYS_ADMIN); the path is its own, kept for the process.
	 */
	/*
	 * Where tracefs is already mounted and latt may not write to it,
	 * say so before libtracefs tries (its failures leak a little).
	 */
	if (access(DEFAULT_DIR "/instances", W_OK) != 0 && errno != ENOENT) {
		ret = -errno;
		return latt_err(ret, err, len, "cannot make a trace instance "
				"in %s/instances (%s)", DEFAULT_DIR,
				strerror(-ret));
	}
	errno = 0;
	path = tracefs_tracing_dir();
	if (!path) {
		ret = errno ? -errno : -ENOENT;
		return latt_err(ret, err, len, "tracefs is not mounted and "
				"could not be (%s)", strerror(-ret));
	}
	snprintf(t->name, sizeof(t->name), "latt-%d%s", (int)getpid(), suffix);
	snprintf(t->dir, sizeof(t->dir), "%s/instances/%s", path, t->name);
	t->undo = latt_undo_add(LATT_UNDO_TRACE, "trace", t->dir, "", "");
	if (t->undo < 0) {
		ret = t->undo;
		t->undo = 0;
		return latt_err(ret, err, len, "cannot write the undo record "
				"%s (%s)", latt_undo_file(), strerror(-ret));
	}
	errno = 0;
	t->inst = tracefs_instance_create(t->name);
	if (!t->inst) {
		ret = errno ? -errno : -EIO;
		latt_undo_forget(t->undo);
		t->undo = 0;
		return latt_err(ret, err, len, "cannot make a trace instance "
				"in %s/instances (%s)", path, strerror(-ret));
	}
	latt_undo_made(t->undo);
	dir = tracefs_instance_get_dir(t->inst);
	snprintf(t->dir, sizeof(t->dir), "%s", dir ? dir : path);
	free(dir);
	snprintf(kb, sizeof(kb), "%u", buffer_kb);
	if (tracefs_instance_file_write(t->inst, "tracing_on", "0") < 0 ||
	    tracefs_instance_file_write(t->inst, "trace_clock", "mono") < 0 ||
	    tracefs_instance_file_write(t->inst, "buffer_size_kb", kb) < 0 ||
	    tracefs_instance_file_write(t->inst, "options/overwrite",
					overwrite ? "1" : "0") < 0)
		goto fail;
	for (i = 0; i < sizeof(events) / sizeof(events[0]); i++)
		if (tracefs_event_enable(t->inst, "sched", events[i]) < 0)
			goto fail;
	t->marker_fd = tracefs_instance_file_open(t->inst, "trace_marker",
						  O_WRONLY | O_CLOEXEC);
	t->on_fd = tracefs_instance_file_open(t->inst, "tracing_on",
					      O_WRONLY | O_CLOEXEC);
	if (t->marker_fd < 0 || t->on_fd < 0)
		goto fail;
	/*
	 * A marker stops tracing in the kernel, as it is written (a trigger
	 * on trace_marker, Linux 4.17 and later): nothing recorded on its
	 * CPU after it, however late latt gets to write tracing_on.  Where
	 * the kernel has no such trigger, latt_trace_stop() alone does it.
	 */
	tracefs_event_file_write(t->inst, "ftrace", "print", "trigger",
				 "traceoff");
	return 0;
fail:
	ret = errno ? -errno : -EIO;
	undo(t);
	return latt_err(ret, err, len, "cannot set up the trace instance %s "
			"(%s)", t->name, strerror(-ret));
}

int latt_trace_start(struct latt_trace *t, const char *clock)
{
	if (!t->inst)
		return -EINVAL;
	/* Writing the trace file empties the buffer of a run before. */
	if (tracefs_instance_file_write(t->inst, "trace_clock", clock) < 0 ||
	    tracefs_instance_file_clear(t->inst, "trace") < 0 ||
	    tracefs_trace_on(t->inst) < 0)
		return errno ? -errno : -EIO;
	return 0;
}

void latt_trace_stop(struct latt_trace *t)
{
	if (t->on_fd >= 0 && write(t->on_fd, "0", 1) < 0)
		tracefs_trace_off(t->inst);
}

int latt_trace_mark_stop(struct latt_trace *t, const char *text)
{
	int ret = 0;

	if (t->marker_fd < 0)
		return -EBADF;
	if (write(t->marker_fd, text, strlen(text)) < 0)
		ret = -errno;
	latt_trace_stop(t);
	return ret;
}

uint64_t latt_trace_lost(struct latt_trace *t)
{
	uint64_t lost = 0;
	char file[64], *stats, *p;
	unsigned long long v;
	long cpu, ncpus = sysconf(_SC_NPROCESSORS_CONF);

	for (cpu = 0; t->inst && cpu < ncpus; cpu++) {
		snprintf(file, sizeof(file), "per_cpu/cpu%ld/stats", cpu);
		stats = tracefs_instance_file_read(t->inst, file, NULL);
		if (!stats)
			continue;
		p = strstr(stats, "overrun:");
		if (p && sscanf(p, "overrun: %llu", &v) == 1)
			lost += v;
		p = strstr(stats, "dropped events:");
		if (p && sscanf(p, "dropped events: %llu", &v) == 1)
			lost += v;
		free(stats);
	}
	return lost;
}

/* What latt_trace_read() gathers. */
struct reading {
	struct tep_handle *tep;
	struct tep_event *waking, *wakeup, *sw, *mig;
	struct latt_ev *ev;
	size_t n, cap;
	int err;
};

static unsigned long long val(struct tep_event *e, struct tep_record *rec,
			      const char *name)
{
	unsigned long long v = 0;

	tep_get_field_val(NULL, e, name, rec, &v, 0);
	return v;
}

static void comm(struct tep_event *e, struct tep_record *rec,
		 const char *name, char *buf, size_t len)
{
	int n = 0;
	const char *p = tep_get_field_raw(NULL, e, name, rec, &n, 0);

	snprintf(buf, len, "%.*s", p ? (int)strnlen(p, (size_t)n) : 0,
		 p ? p : "");
}

static int on_event(struct tep_event *e, struct tep_record *rec, int cpu,
		    void *ctx)
{
	struct reading *r = ctx;
	struct latt_ev *ev;

	if (e != r->waking && e != r->wakeup && e != r->sw && e != r->mig)
		return 0;
	if (r->n == r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 65536;
		struct latt_ev *p = realloc(r->ev, cap * sizeof(*p));

		if (!p) {
			r->err = -ENOMEM;
			return -1;
		}
		r->ev = p;
		r->cap = cap;
	}
	ev = &r->ev[r->n++];
	memset(ev, 0, sizeof(*ev));
	ev->ts = rec->ts;
	ev->cpu = cpu;
	ev->seq = r->n - 1;
	ev->common_pid = tep_data_pid(r->tep, rec);
	if (e == r->sw) {
		unsigned long long st = val(e, rec, "prev_state");

		ev->type = LATT_EV_SWITCH;
		ev->pid = (int)val(e, rec, "next_pid");
		ev->prio = (int)val(e, rec, "next_prio");
		ev->prev_pid = (int)val(e, rec, "prev_pid");
		ev->prev_prio = (int)val(e, rec, "prev_prio");
		/* No sleeping state: still runnable (R, or R+ preempted). */
		ev->prev_preempted = (st & 0xff) == 0;
		comm(e, rec, "next_comm", ev->comm, sizeof(ev->comm));
		comm(e, rec, "prev_comm", ev->prev_comm, sizeof(ev->prev_comm));
		return 0;
	}
	ev->type = e == r->waking ? LATT_EV_WAKING :
		   e == r->wakeup ? LATT_EV_WAKEUP : LATT_EV_MIGRATE;
	ev->pid = (int)val(e, rec, "pid");
	ev->prio = (int)val(e, rec, "prio");
	comm(e, rec, "comm", ev->comm, sizeof(ev->comm));
	if (e == r->mig) {
		ev->orig = (int)val(e, rec, "orig_cpu");
		ev->target = (int)val(e, rec, "dest_cpu");
	} else {
		ev->target = (int)val(e, rec, "target_cpu");
	}
	return 0;
}

static int by_time(const void *a, const void *b)
{
	const struct latt_ev *x = a, *y = b;

	if (x->ts != y->ts)
		return (x->ts > y->ts) - (x->ts < y->ts);
	if (x->cpu != y->cpu)
		return (x->cpu > y->cpu) - (x->cpu < y->cpu);
	/* Of one CPU at one time (a nested event): as recorded. */
	return (x->seq > y->seq) - (x->seq < y->seq);
}

int latt_trace_read(struct latt_trace *t, struct latt_ev **ev, size_t *n)
{
	static const char *const systems[] = { "sched", NULL };
	struct reading r = { 0 };

	*ev = NULL;
	*n = 0;
	if (!t->inst)
		return -EINVAL;
	r.tep = tracefs_local_events_system(NULL, systems);
	if (!r.tep)
		return errno ? -errno : -EIO;
	r.waking = tep_find_event_by_name(r.tep, "sched", "sched_waking");
	r.wakeup = tep_find_event_by_name(r.tep, "sched", "sched_wakeup");
	r.sw = tep_find_event_by_name(r.tep, "sched", "sched_switch");
	r.mig = tep_find_event_by_name(r.tep, "sched", "sched_migrate_task");
	if (!r.waking || !r.sw) {
		tep_free(r.tep);
		return -ENOENT;
	}
	if (tracefs_iterate_raw_events(r.tep, t->inst, NULL, 0, on_event,
				       &r) < 0 && !r.err)
		r.err = errno ? -errno : -EIO;
	tep_free(r.tep);
	if (r.err) {
		free(r.ev);
		return r.err;
	}
	/* A run too short for any event has none to sort. */
	if (r.n)
		qsort(r.ev, r.n, sizeof(*r.ev), by_time);
	*ev = r.ev;
	*n = r.n;
	return 0;
}

void latt_trace_close(struct latt_trace *t)
{
	if (t->inst && !t->keep)
		latt_trace_stop(t);
	undo(t);
}

#else /* !HAVE_LIBTRACEFS */

int latt_trace_open(struct latt_trace *t, const char *suffix,
		    unsigned int buffer_kb, bool overwrite, char *err,
		    size_t len)
{
	memset(t, 0, sizeof(*t));
	t->marker_fd = t->on_fd = -1;
	(void)suffix;
	(void)buffer_kb;
	(void)overwrite;
	return latt_err(-EOPNOTSUPP, err, len, "this latt was built without "
			"libtracefs");
}

int latt_trace_start(struct latt_trace *t, const char *clock)
{
	(void)t;
	(void)clock;
	return -EOPNOTSUPP;
}

int latt_trace_read(struct latt_trace *t, struct latt_ev **ev, size_t *n)
{
	(void)t;
	*ev = NULL;
	*n = 0;
	return -EOPNOTSUPP;
}

void latt_trace_stop(struct latt_trace *t)
{
	(void)t;
}

int latt_trace_mark_stop(struct latt_trace *t, const char *text)
{
	(void)t;
	(void)text;
	return -EOPNOTSUPP;
}

uint64_t latt_trace_lost(struct latt_trace *t)
{
	(void)t;
	return 0;
}

void latt_trace_close(struct latt_trace *t)
{
	(void)t;
}

#endif
