/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What only the library uses of lib/trace*; what the module is, and the
 * part the programs call, is in include/latt/run.h.
 */
#ifndef LATT_LIB_TRACE_H
#define LATT_LIB_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "latt/run.h"

struct latt_ev;

/*
 * Empty the buffer and start tracing (each run), stamped with @clock
 * ("mono", "mono_raw": the run's).  0 or -errno.
 */
int latt_trace_start(struct latt_trace *t, const char *clock);

/* Stop tracing. */
void latt_trace_stop(struct latt_trace *t);

/*
 * Write @text into the trace (trace_marker) and stop tracing at once:
 * the marker is the trace's last event.  0 or -errno of the marker.
 */
int latt_trace_mark_stop(struct latt_trace *t, const char *text);

/* Events the ring buffer dropped or overwrote since the start. */
uint64_t latt_trace_lost(struct latt_trace *t);

/*
 * Read the trace's scheduler events into @ev (malloc'd, *@n of them, in
 * time order).  0 or -errno.
 */
int latt_trace_read(struct latt_trace *t, struct latt_ev **ev, size_t *n);

#endif /* LATT_LIB_TRACE_H */
