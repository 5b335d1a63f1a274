/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * latt calibrate's measurement (calibrate-run.c): latt run again K
 * times, each invocation a fresh process, its document into an unnamed
 * file, a progress line on a terminal, signals passed on.
 */
#ifndef LATT_CALIBRATE_RUN_H
#define LATT_CALIBRATE_RUN_H

#include <signal.h>
#include <stdbool.h>

/* What the command line asked for. */
struct latt_cal {
	const char *self;	/* latt, to run again (see latt_cal_self()) */
	const char *out;	/* the profile's path */
	unsigned long k;	/* invocations */
	bool k_given;
	char **from;		/* --from's files, or NULL */
	int nfrom;
	char **run;		/* latt's own words, for each invocation */
	int nrun;
	bool runs_given;
	int argc;		/* the whole, for the profile */
	char **argv;
};

/*
 * The path to run latt again by, from @argv0 (latt's own argv[0]): the
 * path it was started by, or the directory of $PATH that has it, where
 * that is this very program (a link's name too, so that the invocations
 * bear latt's name as it does); else /proc/self/exe (which runs this
 * program even once its file is replaced).  NULL if /proc is not there.
 * Free it.
 */
char *latt_cal_self(const char *argv0);

/* The signal that stopped the measurement; 0 for none. */
extern volatile sig_atomic_t latt_cal_caught;

/*
 * Measure: @c->k invocations, each document into an unnamed file whose
 * path (/proc/self/fd/N) is put in @paths[i], and its descriptor in
 * @fds[i] (-1 before).  SIGINT, SIGTERM and SIGHUP are passed on to the
 * invocation running, and end the measurement (latt_cal_caught).  0, or
 * the status to exit with: an invocation's own when it failed, whose
 * first lines of errors are then shown.
 */
int latt_cal_measure(const struct latt_cal *c, char (*paths)[64], int *fds);

#endif /* LATT_CALIBRATE_RUN_H */
