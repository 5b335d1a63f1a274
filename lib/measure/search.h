/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The search of the command's output for target metrics, in a process
 * of its own, on a time budget.
 *
 * A regular expression is the user's: glibc's regexec() takes time
 * exponential in the line with back-references ("(a*)*\1"), and seconds
 * without them.  So lines are searched by a process cloned from the
 * thread that reads the output (lib/run/capture.h), which hands it the lines
 * of each read at once and follows its progress, line by line and metric
 * by metric.  Should one line's search for one metric take more than
 * LATT_TMETRIC_SEARCH_CPU_NS of that process's CPU time, or
 * LATT_TMETRIC_SEARCH_WALL_NS in all (a machine too busy to give it the
 * CPU), or go past the time set by latt_search_stop_by(), the process is
 * killed, the line is skipped for that metric (and counted,
 * lib/measure/tmetric.h), and a new process goes on from there.
 * Nothing the expression does keeps latt from its signals or its
 * deadline.
 *
 * The process is no child for the rest of latt to see: it sends no
 * SIGCHLD and wait4(-1) does not find it (the waker's reaping, the
 * command's orphans), and it dies with the thread that made it.
 */
#ifndef LATT_MEASURE_SEARCH_H
#define LATT_MEASURE_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include "measure/tmetric.h"

/* A match's first group, in the bytes sent. */
struct latt_search_match {
	int32_t so, eo;
};

struct latt_search {
	pid_t pid;			/* the process; 0: none yet */
	clockid_t cpu;			/* its CPU time */
	int req_fd;			/* lines to it */
	int res_fd;			/* matches from it */
	uint64_t stop_by;		/* CLOCK_MONOTONIC; 0: no such end */
	struct latt_search_match *got;	/* one step's matches, held until
					   it is done */
};

/* Set @sr up (no process yet).  0 or -ENOMEM. */
int latt_search_init(struct latt_search *sr);

/*
 * The latt_tmetric_search_fn of a matcher whose search_ctx is @sr (a
 * struct latt_search): search the lines @s[0..len) for every metric of
 * @m in the process, started if need be.
 */
void latt_search_lines(void *sr, struct latt_tmetric_matcher *m,
		       const char *s, size_t len);

/* From @ns (CLOCK_MONOTONIC) on, no line is searched: all are skipped. */
void latt_search_stop_by(struct latt_search *sr, uint64_t ns);

/* End the process and free @sr. */
void latt_search_free(struct latt_search *sr);

#endif /* LATT_MEASURE_SEARCH_H */
