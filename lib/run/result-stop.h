/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * How a run stopped: the one place a result's stop is written, and
 * what each stop means (exit status, Status line).
 */
#ifndef LATT_RUN_RESULT_STOP_H
#define LATT_RUN_RESULT_STOP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "run/result.h"

/*
 * The exit status this result alone means: 0; 2 for a failure of latt,
 * a client or a setting, for a run that measured nothing, and for one
 * whose command's output never gave a target metric; 4 when the
 * command failed; 127 when it could not be executed; 128+N when signal N
 * interrupted it.
 */
int latt_result_exit_status(const struct latt_result *r);

/*
 * The -errno of the write to latt's output (-v's samples) that stopped
 * @r, or 0: the output then takes no report.
 */
int latt_result_output_error(const struct latt_result *r);

/* Did -b's limit stop @r?  r->trace.break_* say by which wakeup. */
bool latt_result_broke(const struct latt_result *r);

/* Short description of how the run ended ("complete", "interrupted"). */
const char *latt_stop_name(enum latt_stop stop);

/* Its key in the JSON's and the CSV's "stop": "duration", "signal". */
const char *latt_stop_key(enum latt_stop stop);

/* Is @stop the end that was asked for: -t reached, or the command's exit? */
bool latt_stop_normal(enum latt_stop stop);

/*
 * The one rule of which reason stops a run: does @why take the place of
 * @now?  The first reason wins, except that a normal end (the duration,
 * the command's exit) gives way to a request to stop (a signal: the run
 * says so, and no other run follows) and to an error found at the end (a
 * run whose scheduler was gone, or whose client would not leave, is no
 * result).
 */
bool latt_stop_wins(enum latt_stop now, enum latt_stop why);

/*
 * After @stop, are the clients' answers still in flight waited for (a
 * normal end, or ^C), so that their wakeups count?
 */
bool latt_stop_drains(enum latt_stop stop);

/*
 * How the run went, in the words of the report's Status line: "complete
 * (command exited)", "interrupted by SIGINT", "failed: client 3 killed by
 * signal 9", "failed: no wakeup was measured"; whole in a @buf of
 * LATT_STATUS_MAX bytes.  Returns @buf.
 */
char *latt_result_status(const struct latt_result *r, char *buf, size_t len);

/*
 * Why the run is not a success, as one sentence for standard error
 * ("client 3 (pid 812) killed by signal 9: the report has its samples
 * until then"); "" for a success.  Returns @buf.  With
 * latt_result_status(), the one place where how a run ended is worded.
 */
char *latt_result_verdict(const struct latt_result *r, char *buf, size_t len);

/*
 * The first of the command's metrics (cfg.tm) that its output never
 * gave a number for, or -1: such a run failed (exit status 2).
 */
int latt_result_tm_missing(const struct latt_result *r);

/* True when the run measured (there is something to report). */
bool latt_result_measured(const struct latt_result *r);

/*
 * Did it measure what it was to measure: a wakeup of its clients, or
 * with -c 0 the command's own waits?
 */
bool latt_result_measured_any(const struct latt_result *r);

/* Did the run have a command, and did it start (it was executed)? */
bool latt_result_command_ran(const struct latt_result *r);

/* True when it measured and succeeded (exit status 0): "complete". */
bool latt_result_complete(const struct latt_result *r);

/*
 * Describe wait status @status ("exited with status 1", "killed by signal
 * 9 (Killed)") into @buf of @len bytes.  Returns @buf.
 */
char *latt_describe_status(int status, char *buf, size_t len);

/* Name signal @sig ("SIGINT"; "signal 40" where it has none).  Returns @buf. */
char *latt_signal_name(int sig, char *buf, size_t len);

/*
 * Why a run stops, as the part of latt that found it says it: the stop,
 * and what that kind of stop carries.
 */
struct latt_stop_why {
	enum latt_stop stop;		/* LATT_STOP_NONE: nothing happened */
	int error;			/* -errno, or 0 */
	int signal;			/* SIGNAL, TTY: which */
	int client;			/* CLIENT: its index */
	char what[LATT_WHAT_MAX];	/* SETUP, ERROR: what failed, or "" */
};

/*
 * Fill @why with the stop @stop and its @error (-errno, or 0), and what
 * failed when @fmt is not NULL; no signal, no client.  Returns @why.
 */
struct latt_stop_why *latt_stop_say(struct latt_stop_why *why,
				    enum latt_stop stop, int error,
				    const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/*
 * Record @why as how a run ended (@end, a result's end), by
 * latt_stop_wins()'s rule: the one place a result's stop is written.
 * Returns true when recorded.
 */
bool latt_stop_record(struct latt_run_end *end,
		      const struct latt_stop_why *why);

#endif /* LATT_RUN_RESULT_STOP_H */
