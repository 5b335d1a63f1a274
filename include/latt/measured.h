/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a run measured, as the interface's structures hold it: a summary
 * of samples, a histogram, the kernel's figures, the workload's own
 * metrics.  The types only; what works on them is lib/'s (lib/stats.h,
 * lib/hist.h, lib/kwait.h, lib/tmetric.h).
 */
#ifndef LATT_MEASURED_H
#define LATT_MEASURED_H

#include <stdbool.h>
#include <stdint.h>

/*
 * A running summary of a stream of samples: count, min, max, mean and
 * the sum of squared deviations (M2), by Welford's method.
 */
struct latt_stats {
	uint64_t count;
	uint64_t min;
	uint64_t max;
	double mean;
	double m2;
};

/*
 * A log-linear latency histogram.
 *
 * Values (nanoseconds) below 128 each have a bucket of their own and are
 * exact.  Above that, every power of two [2^e, 2^(e+1)) is split into 64
 * equal buckets, so a bucket is at most 1/64 of the values it holds wide
 * and its midpoint is within 1/128 (0.79%) of any of them.  Values of
 * 2^LATT_HIST_MAX_SHIFT ns (about 4.9 hours) and more share the last
 * bucket; the exact maximum is kept by struct latt_stats beside it.
 *
 * Recording is O(1) and allocates nothing; memory does not grow with the
 * number of samples; two histograms merge exactly by adding counts.
 */
#define LATT_HIST_SUB_BITS	6
#define LATT_HIST_SUB		(1U << LATT_HIST_SUB_BITS)	/* 64 */
#define LATT_HIST_EXACT		(2U * LATT_HIST_SUB)		/* 128 */
#define LATT_HIST_MAX_SHIFT	44
#define LATT_HIST_BUCKETS	(LATT_HIST_EXACT + \
	(LATT_HIST_MAX_SHIFT - LATT_HIST_SUB_BITS - 1) * LATT_HIST_SUB)

struct latt_hist {
	uint64_t count;
	uint64_t buckets[LATT_HIST_BUCKETS];
};

/* A task's scheduler accounting, from /proc/PID/schedstat. */
struct latt_schedstat {
	uint64_t run_ns;	/* time on a CPU */
	uint64_t wait_ns;	/* time runnable, waiting on a runqueue */
	uint64_t slices;	/* times it was put on a CPU */
};

/* A sample without the kernel's figure (last_ns). */
#define LATT_KWAIT_NONE		UINT64_MAX

/* One client's kernel figures: in its slot, or merged over a run. */
struct latt_kwait {
	int error;			/* 0, or -errno: why there are none */
	uint64_t last_ns;		/* the latest wakeup's figure, or
					   LATT_KWAIT_NONE (for -v) */
	uint64_t mixed;			/* wakeups left out: another wait
					   between the reads, or one run
					   that ended a preemption */
	uint64_t above;			/* wakeups whose figure exceeds
					   latt's sample (not in @gap) */
	struct latt_stats wait;		/* the kernel's figure, ns */
	struct latt_stats gap;		/* latt's sample less it, ns */
	struct latt_hist wait_hist;
	struct latt_hist gap_hist;
};

/*
 * The command's own waits of one kind over a run (lib/cmdlat.h): each
 * wait of a task of the command's process tree until it ran, in ns.
 */
struct latt_cmdwait {
	struct latt_hist hist;		/* count and buckets */
	uint64_t sum_ns;
	uint64_t max_ns;
};

/* The command's own waits in a run. */
struct latt_cmdwaits {
	int error;			/* 0, or -errno: why there are none */
	bool measured;			/* the command was followed */
	struct latt_cmdwait wakeup;	/* from a wakeup (or its start) */
	struct latt_cmdwait preempt;	/* from a preemption (or a yield) */
	uint64_t untracked;		/* tasks forked it could not follow */
	uint64_t unended;		/* waits whose end the kernel did
					   not trace */
	char why[192];			/* with error: why, one line */
};

/*
 * The workload's own metrics (lib/tmetric.h).  A name is at most
 * LATT_TMETRIC_NAME_MAX bytes; a configuration has at most
 * LATT_TMETRICS_MAX.
 */
#define LATT_TMETRICS_MAX	8	/* metrics of one configuration */
#define LATT_TMETRIC_NAME_MAX	15	/* bytes of a name */

enum latt_tmetric_mode {
	LATT_TMETRIC_LAST,		/* the last match */
	LATT_TMETRIC_SUM,		/* the sum of every match */
};

/* One metric, as given. */
struct latt_tmetric {
	char name[LATT_TMETRIC_NAME_MAX + 1];
	bool higher;			/* higher is better, else lower */
	enum latt_tmetric_mode mode;
	const char *regex;		/* in the text given, which must live
					   as long as this */
	const char *spec;		/* the whole text: "fps+=..." */
};

/* What one run's output gave for one metric. */
struct latt_tmetric_value {
	double value;			/* last or sum; NaN: no match */
	uint64_t matches;		/* matches whose group was a number */
	uint64_t other;			/* ... and those whose group was not */
	char other_text[32];		/* the first of those, cut */
	uint64_t skipped;		/* lines not searched: too slow */
};

#endif /* LATT_MEASURED_H */
