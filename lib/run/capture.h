/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The command's output, read for its metrics (--target-metric) and
 * passed on unchanged.
 *
 * The command's standard output and error become two pipes to latt; a
 * thread of latt (not the waker, which must stay free to wake) reads
 * both, writes every byte on to where the command's output would have
 * gone (latt's standard output, or its standard error where that output
 * carries a document, and latt's standard error) and searches it for the
 * metrics (lib/measure/tmetric.h).  latt itself adds nothing and holds
 * nothing back: what the command writes is written on as it arrives.
 *
 * Should the reader of latt's output leave (latt | head), the pipe of
 * that stream is closed, so the command meets the closed pipe as it
 * would have without latt.  At the end of a run, once every process of
 * the command is gone, the rest is read to the end; a process that
 * escaped and still holds a pipe is read for at most a second, then no
 * more (its writes then fail with EPIPE).
 *
 * Each line is searched by a process of its own on a time budget
 * (lib/measure/search.h), so that a slow expression costs lines, not the end of
 * the run: from a second after the stop of the reading, lines are passed
 * on without being searched.  A reader blocked passing output on to
 * somebody who does not read it is given up three seconds after the
 * stop, the rest of the output with it.
 */
#ifndef LATT_RUN_CAPTURE_H
#define LATT_RUN_CAPTURE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "measure/search.h"
#include "measure/tmetric.h"

struct latt_capture {
	int rfd[LATT_TMETRIC_STREAMS];	/* latt's ends: read */
	int wfd[LATT_TMETRIC_STREAMS];	/* the command's: its stdout, stderr */
	int dest[LATT_TMETRIC_STREAMS];	/* where each is written on */
	int stop_fd;			/* eventfd: stop reading */
	int done_fd;			/* eventfd: the thread has ended */
	pthread_t thread;
	bool running;
	atomic_bool give_up;		/* latt gave the output up: pass
					   nothing more on */
	int error;			/* -errno of a read that failed */
	struct latt_tmetric_matcher m;
	struct latt_search search;	/* where m searches each line */
};

/*
 * Make the pipes and compile @tm[0..n), whose values go to @out.  The
 * command's output goes on to @out_dest, its errors to standard error.
 * 0 or -errno.
 */
int latt_capture_open(struct latt_capture *c, const struct latt_tmetric *tm,
		      size_t n, struct latt_tmetric_value *out, int out_dest);

/*
 * The command has been forked with c->wfd as its standard output and
 * error: close latt's copies and start reading.  0 or -errno.
 */
int latt_capture_start(struct latt_capture *c);

/*
 * The command and all its processes are gone: read what is left (at
 * most @wait_ns for a writer that is still there), search the last
 * lines, and stop.  The values are then final.
 */
void latt_capture_finish(struct latt_capture *c, uint64_t wait_ns);

/* Close everything (stopping the thread first if it still runs). */
void latt_capture_close(struct latt_capture *c);

#endif /* LATT_RUN_CAPTURE_H */
