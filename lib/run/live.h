/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The live output while a run measures: on stderr, a progress line
 * updated in place on a terminal, or with -i a line of each interval's
 * numbers; on standard output, -v's line of each sample.  It reads the
 * samples the waker hands it and changes nothing of the run; what a
 * failed write means is the waker's to decide.
 *
 * The waker owns the run's clock and its stops: it passes in when it is
 * (@now), when the run began and how long latt was stopped (^Z), which
 * is not the run's time.
 */
#ifndef LATT_RUN_LIVE_H
#define LATT_RUN_LIVE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "measure/hist.h"
#include "measure/stats.h"
#include "run/client.h"
#include "settings/config.h"
#include "settings/session.h"

/* The live line on a terminal: about once a second. */
#define LATT_LIVE_TTY_NS	(1000ULL * 1000 * 1000)

struct latt_live {
	int fd;				/* its timer; -1: none */
	bool tty;			/* a line updated in place */
	bool shown;			/* ... which is on the screen */
	uint64_t period_ns;
	const struct latt_run_cfg *cfg;	/* its -t and name */
	unsigned int run_no, runs_total;	/* "run 2/3": within its
						   configuration */
	bool sweep;				/* more than one run */
	uint64_t interval_start_ns;
	uint64_t interval_stopped_ns;	/* latt stopped, when it began */
	struct latt_stats all, interval;
	struct latt_hist all_hist, interval_hist;
};

/*
 * Prepare @l for run @run_no of @cfg, on when the session asks for a
 * progress line or -i (then with its timer, l->fd, for the waker to
 * watch), else off (l->fd -1).  0 or -errno.
 */
int latt_live_init(struct latt_live *l, const struct latt_run_cfg *cfg,
		   const struct latt_session *s, unsigned int run_no);

/*
 * The run begins at @now, latt stopped for @stopped_ns so far: the first
 * interval does too.  Then arm the period's timer: 0 or -errno.
 */
void latt_live_begin(struct latt_live *l, uint64_t now, uint64_t stopped_ns);
int latt_live_arm(struct latt_live *l);

/* A sample of @ns, measured (not in the warm-up). */
void latt_live_add(struct latt_live *l, uint64_t ns);

/* Read the timer's ticks: true when its period is up. */
bool latt_live_due(struct latt_live *l);

/*
 * Print the live line at @now, of a run that began at @run_start_ns
 * with latt stopped for @stopped_ns in all; @warming: it still warms up.
 */
void latt_live_tick(struct latt_live *l, uint64_t now, uint64_t run_start_ns,
		    uint64_t stopped_ns, bool warming);

/* The run's time is up: stop the timer. */
void latt_live_stop(struct latt_live *l);

/*
 * Its last answers are in: with -i, print the last interval, however
 * short (as latt_live_tick()); take the progress line off the terminal.
 */
void latt_live_end(struct latt_live *l, uint64_t now, uint64_t run_start_ns,
		   uint64_t stopped_ns, bool warming);

/* Erase the progress line, if it is on the screen. */
void latt_live_erase(struct latt_live *l);

/* Close the timer. */
void latt_live_close(struct latt_live *l);

/*
 * -v: print client @c's latest sample to @f, after @prefix (names the
 * run in a sweep, or ""), with the kernel's figure for --kernel-view
 * (@kernel_view) and @tail ("" or " unanswered") at the end of its line.
 * 0, or the -errno of a failed write.
 */
int latt_live_print_sample(FILE *f, const char *prefix,
			   const struct latt_client *c, bool kernel_view,
			   const char *tail);

#endif /* LATT_RUN_LIVE_H */
