// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt's ftrace instance; see include/latt/trace.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "latt/trace.h"
#include "latt/util.h"

#ifdef HAVE_LIBTRACEFS
#include <tracefs.h>

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
		if (!t->keep)
			tracefs_instance_destroy(t->inst);
		tracefs_instance_free(t->inst);
		t->inst = NULL;
	}
}

int latt_trace_open(struct latt_trace *t, unsigned int buffer_kb, char *err,
		    size_t len)
{
	const char *path = NULL;
	char kb[32], *dir;
	size_t i;
	int ret;

	memset(t, 0, sizeof(*t));
	t->marker_fd = t->on_fd = -1;
	/* Mounts tracefs where it is not (that needs CAP_SYS_ADMIN). */
	if (tracefs_tracing_dir_is_mounted(true, &path) < 0 || !path) {
		ret = errno ? -errno : -ENOENT;
		return latt_err(ret, err, len, "tracefs is not mounted and "
				"could not be (%s)", strerror(-ret));
	}
	snprintf(t->name, sizeof(t->name), "latt-%d", (int)getpid());
	t->inst = tracefs_instance_create(t->name);
	if (!t->inst) {
		ret = errno ? -errno : -EIO;
		return latt_err(ret, err, len, "cannot make a trace instance "
				"in %s/instances (%s)", path, strerror(-ret));
	}
	dir = tracefs_instance_get_dir(t->inst);
	snprintf(t->dir, sizeof(t->dir), "%s", dir ? dir : path);
	free(dir);
	snprintf(kb, sizeof(kb), "%u", buffer_kb);
	if (tracefs_instance_file_write(t->inst, "tracing_on", "0") < 0 ||
	    tracefs_instance_file_write(t->inst, "trace_clock", "mono") < 0 ||
	    tracefs_instance_file_write(t->inst, "buffer_size_kb", kb) < 0 ||
	    tracefs_instance_file_write(t->inst, "options/overwrite", "1") < 0)
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
	return 0;
fail:
	ret = errno ? -errno : -EIO;
	undo(t);
	return latt_err(ret, err, len, "cannot set up the trace instance %s "
			"(%s)", t->name, strerror(-ret));
}

int latt_trace_start(struct latt_trace *t)
{
	if (!t->inst)
		return -EINVAL;
	/* Writing the trace file empties the buffer of a run before. */
	if (tracefs_instance_file_clear(t->inst, "trace") < 0 ||
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

void latt_trace_close(struct latt_trace *t)
{
	if (t->inst && !t->keep)
		latt_trace_stop(t);
	undo(t);
}

#else /* !HAVE_LIBTRACEFS */

int latt_trace_open(struct latt_trace *t, unsigned int buffer_kb, char *err,
		    size_t len)
{
	memset(t, 0, sizeof(*t));
	t->marker_fd = t->on_fd = -1;
	(void)buffer_kb;
	return latt_err(-EOPNOTSUPP, err, len, "this latt was built without "
			"libtracefs");
}

int latt_trace_start(struct latt_trace *t)
{
	(void)t;
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
