/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The result of one measurement: everything a report writer prints.
 * Writers only format what is here; statistics are computed once, by
 * latt_result_collect() and latt_result_finish(), not by each writer.
 */
#ifndef LATT_RESULT_H
#define LATT_RESULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/resource.h>

#include "latt/client.h"
#include "latt/hist.h"
#include "latt/stats.h"

#define LATT_PCT_MAX	16

/* Why measurement stopped. */
enum latt_stop {
	LATT_STOP_NONE,		/* still running */
	LATT_STOP_DURATION,	/* --duration elapsed */
	LATT_STOP_TARGET,	/* the target command exited */
	LATT_STOP_SIGNAL,	/* SIGINT, SIGTERM or SIGHUP */
	LATT_STOP_CLIENT,	/* a client died */
	LATT_STOP_OUTPUT,	/* writing -v samples failed */
	LATT_STOP_TTY,		/* the target stopped reading the terminal */
	LATT_STOP_ERROR,	/* a system call failed */
};

/* One kind of latency (wakeup or work), all clients merged. */
struct latt_series {
	struct latt_stats stats;
	struct latt_hist hist;
	uint64_t pct[LATT_PCT_MAX];	/* ns, for result->pcts[] */
};

struct latt_result {
	/* parameters */
	uint64_t min_wait_ns, max_wait_ns;
	unsigned int clients;
	const char *clock;
	size_t npcts;
	double pcts[LATT_PCT_MAX];

	/* measurements */
	struct latt_series wake, work;
	uint64_t cycles;
	uint64_t elapsed_ns;

	/* how it ended */
	enum latt_stop stop;
	int stop_signal;		/* LATT_STOP_SIGNAL, LATT_STOP_TTY */
	int dead_client;		/* LATT_STOP_CLIENT: 0-based id */
	int dead_status;		/* its wait status */
	int error;			/* LATT_STOP_ERROR, OUTPUT: -errno */

	/* the target, when there is one */
	bool has_target;
	const char *target_cmd;
	int target_status;		/* wait status */
	bool target_killed;		/* latt stopped it */
	uint64_t target_wall_ns;
	struct rusage target_ru;

	/* the system */
	bool has_ctxt;
	uint64_t ctxt;			/* context switches during the run */
};

/* Merge every client slot into @r's series. */
void latt_result_collect(struct latt_result *r,
			 const struct latt_client_slot *slots, unsigned int n);

/*
 * Compute the percentiles of both series for r->pcts[].  Each is the
 * histogram's value clamped to the exact min and max.
 */
void latt_result_finish(struct latt_result *r);

/* The percentile @p of series @s, as latt_result_finish() computes it. */
uint64_t latt_series_percentile(const struct latt_series *s, double p);

/* Short description of how the run ended ("complete", "interrupted"). */
const char *latt_stop_name(enum latt_stop stop);

#endif /* LATT_RESULT_H */
