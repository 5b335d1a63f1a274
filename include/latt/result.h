/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What runs measured: one run's result, each configuration's values and metrics.
 *
 * latt's interface: what the programs (latt, latt compare) call.
 * What only the library uses is declared beside it, in lib/.
 */
#ifndef LATT_RESULT_H
#define LATT_RESULT_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <time.h>

#include "latt/config.h"

/*
 * The result of one run: the configuration it ran (a copy), what produced
 * it (run number, seed, clock, start time), what it measured, how
 * it ended, the command's resource use and the system's context switches.
 *
 * Statistics are computed once: the run makes its result (lib/result-make.h:
 * the clients' samples merged, then percentiles, deviations and rates
 * derived).  Report writers only format what is here, and the exit status
 * of latt is a function of results alone (latt_result_exit_status()).
 */

struct latt_explained;

/*
 * Room for what failed (a path or two and why) and for the status that
 * says it; a longer text is cut visibly (latt_fmt()).
 */
#define LATT_WHAT_MAX		1024

/* Exit statuses; the manual's EXIT STATUS lists the same. */
#define LATT_EXIT_OK		0
#define LATT_EXIT_USAGE		1
#define LATT_EXIT_RUNTIME	2
#define LATT_EXIT_LIMIT		3	/* --fail-above, --fail-below */
#define LATT_EXIT_WORSE		6	/* --fail-if worse */
#define LATT_EXIT_INCOMPARABLE	7	/* latt compare --fail-if
					   incomparable */

/* Why measurement stopped. */
enum latt_stop {
	LATT_STOP_NONE,		/* still running */
	LATT_STOP_DURATION,	/* --duration elapsed */
	LATT_STOP_TARGET,	/* the target command exited */
	LATT_STOP_SIGNAL,	/* SIGINT, SIGTERM or SIGHUP */
	LATT_STOP_CLIENT,	/* a client died */
	LATT_STOP_OUTPUT,	/* writing -v samples failed */
	LATT_STOP_TTY,		/* the target stopped reading the terminal */
	LATT_STOP_ERROR,	/* a system call failed while measuring */
	LATT_STOP_SETUP,	/* a setting could not be applied: no report */
	LATT_STOP_NOEXEC,	/* the command could not be executed: no report */
	LATT_STOP_BREAK,	/* -b: a wakeup took longer than its limit */
};

/* One kind of latency (wakeup or work), all clients merged. */
struct latt_series {
	struct latt_stats stats;
	struct latt_hist hist;
	/* derived by latt_result_finish() */
	uint64_t pct[LATT_PCT_MAX];	/* ns, for cfg.pcts[] */
	uint64_t pct_needs[LATT_PCT_MAX];	/* samples pct[i] needs to be
						   more than the max; 0: has */
	double stdev, stdev_mean;	/* ns */
};

/*
 * The run's samples in time: consecutive blocks of cycles, each block's
 * histogram, for the verdicts (include/latt/verdict.h), which draw
 * stretches of blocks again for a run's noise, so that what comes and
 * goes in time (a burst of other work) is in their intervals.  At most LATT_BLOCKS_MAX blocks: when
 * they are full, pairs are merged and a block holds twice the cycles.
 */
#define LATT_BLOCKS_MAX		64
/* CPUs whose steal time a run keeps (by number). */
#define LATT_STEAL_CPUS		1024
struct latt_blocks {
	struct latt_hist *h;		/* while measuring; NULL after */
	unsigned int n;			/* blocks begun */
	uint64_t cycles;		/* cycles a block holds (0: 1) */
	uint64_t in_block;		/* ... of the last, so far */
	/* after the run (latt_blocks_finish()): each block, sparse */
	uint64_t (*b[LATT_BLOCKS_MAX])[2];
	size_t nb[LATT_BLOCKS_MAX];
	unsigned int nsparse;
};

/* One client's part of a run (--per-client, JSON). */
struct latt_client_sum {
	pid_t pid;			/* or thread id (--threads) */
	struct latt_stats wake;		/* its wakeup latency, ns */
	uint64_t p99;			/* ns */
	cpu_set_t woke_on;		/* the CPUs it was woken on */
	uint64_t migrations;		/* wakeups on another CPU than the
					   one before */
	/* its wakeup histogram, sparse: each bucket's low end, count */
	uint64_t (*buckets)[2];
	size_t nbuckets;
};

/*
 * What a run's measurements come to, derived once, at its end, by
 * latt_result_finish() and set nowhere else: the writers read these,
 * never work them out again.
 */
struct latt_derived {
	double ctxt_rate;		/* per second; 0 without has_ctxt */
	double target_cpu_s;		/* user + system */
	bool waker_lagged;		/* the waker woke so late that the
					   clients' numbers miss the worst
					   (LATT_WAKER_LAG_NS) */
	double waker_late_share;	/* of the run, the waker was late */
	uint64_t partial;		/* samples (and left_out) beyond
					   cycles x clients: of the last
					   cycle, cut short */
	double kview_wait_ns;		/* runqueue wait per wakeup */
	double kview_slices;		/* times run per wakeup */
	bool kview_comparable;		/* ran once per wakeup: its wait
					   is the wakeups' alone */
	/* the p50 and p99 of the kernel's figure, of latt's sample less
	   it, and of latt's samples, as the report's percentiles (the
	   max below the samples they need) */
	uint64_t kwait_p50, kwait_p99, kgap_p50, kgap_p99;
	uint64_t wake_p50, wake_p99;
	bool has_load;			/* the figures below are known */
	uint64_t clients_cpu_ns;	/* the clients' CPU time (schedstat) */
	double load;			/* (clients + waker) CPU time over
					   elapsed_ns x load_cpus, 0..1 */
	double cycle_cpu_ns;		/* the clients' CPU time per cycle */
	double cycle_queue_ns;		/* ... over load_cpus */
	bool load_queues;		/* the clients queue behind each other */
	bool load_busy;			/* latt's load is high */
};

struct latt_result {
	/* what produced it */
	struct latt_run_cfg cfg;	/* the configuration, as run */
	unsigned int run;		/* 1-based, within its configuration */
	uint64_t seed;			/* of the random sleeps */
	const char *clock;		/* "monotonic", "tsc" */
	double clock_ghz;		/* tsc: its rate, as calibrated */
	double clock_drift_ppm;		/* tsc: off monotonic at the end */
	struct timespec started;	/* CLOCK_REALTIME at the start */

	/* measurements */
	struct latt_series wake, work;
	uint64_t cycles;
	uint64_t elapsed_ns;		/* of measuring (after the warm-up) */
	uint64_t overrun_ns;		/* how far past --duration it ended */
	uint64_t unanswered;		/* wakeups unanswered a second after
					   the end, counted with their wait */
	uint64_t stalled_cycles;	/* cycles whose answers took more
					   than max(1 s, 10 x -S) */
	uint64_t stalled_ns;		/* their time: no wakeups meanwhile */
	struct latt_stats waker_late;	/* how late the waker woke, ns */
	uint64_t waker_sleep_late_ns;	/* the most of it at the end of a
					   sleep, not at the run's end */
	/*
	 * Job control: latt stopped (^Z, SIGTSTP: the command and the
	 * clients with it; SIGSTOP: latt alone, seen at its SIGCONT).  The
	 * stopped time is out of the duration (-t runs that much longer),
	 * out of elapsed_ns and of the waker's lateness; a wakeup in flight
	 * at the stop is left out of the samples (left_out).
	 */
	uint64_t stopped_ns;		/* in all; 0: never stopped */
	unsigned int stops;		/* how many times */
	int stopped_signal;		/* SIGTSTP or SIGSTOP: the last */
	uint64_t left_out;		/* wakeups in flight at a stop */

	/* how it ended */
	enum latt_stop stop;
	int stop_signal;		/* LATT_STOP_SIGNAL, LATT_STOP_TTY */
	int dead_client;		/* LATT_STOP_CLIENT: 0-based id */
	pid_t dead_pid;
	int dead_status;		/* its wait status (a process) */
	bool dead_thread;		/* a thread (--threads): ... */
	int dead_error;			/* ... that stopped on this -errno */
	int error;			/* SETUP, ERROR, OUTPUT, NOEXEC: -errno */
	char what[LATT_WHAT_MAX];	/* SETUP, ERROR: what failed */
	char warning[512];		/* settings not put back, or "" */
	/*
	 * The sched_ext scheduler the run measured under, as sched_ext
	 * names it (root/ops: "simple" for scx_simple), read once it was
	 * enabled; "" for the kernel's own scheduler.  scx_by_latt: latt
	 * started it (--scheduler), else it was loaded before the run.
	 */
	char scx_ops[64];
	bool scx_by_latt;
	char disturbed[256];		/* settings changed from outside
					   during the run, left as found:
					   "autogroup=1 preempt=none"; "" */

	/* the target, when there is one */
	bool has_target;
	const char *target_cmd;		/* as the report shows it */
	bool target_shell;		/* run by /bin/sh -c */
	bool target_found;		/* ... which finds its program */
	int target_status;		/* wait status */
	bool target_killed;		/* latt stopped it */
	uint64_t target_wall_ns;
	struct rusage target_ru;
	/* its own figures (cfg.tm), when its output was read for them */
	bool tm_read;
	struct latt_tmetric_value tm[LATT_TMETRICS_MAX];

	/* the samples in time, for the verdicts */
	struct latt_blocks blocks;
	/* each client's part; NULL when it could not be kept */
	struct latt_client_sum *clients;
	unsigned int nclients;

	/* -b: the wakeup that stopped the run, and where its trace is */
	bool traced;			/* the run was traced */
	bool trace_kept;		/* ... and the instance is left */
	const char *trace_name;		/* the instance: "latt-PID" */
	const char *trace_dir;
	unsigned int break_client;	/* 0-based */
	pid_t break_pid;
	int break_cpu;			/* -1: not known */
	uint64_t break_ns;
	uint64_t trace_lost;		/* events overwritten or dropped */
	/* --explain: the worst wakeups told (allocated), or why not */
	struct latt_explained *explained;
	unsigned int nexplained;
	bool explain_traced;		/* its own trace was recorded */
	const char *explain_name;	/* ... in this instance */
	uint64_t trace_events;		/* scheduler events read */
	uint64_t explain_lost;		/* ... and those that did not fit */
	int explain_error;		/* -errno of reading the trace */
	bool decisions_traced;		/* the scheduler's decisions were
					   recorded (lib/decision.h) */
	int decisions_error;		/* -errno of reading them */
	uint64_t decisions;		/* records read (wakeups onto a busy
					   CPU) ... */
	uint64_t decisions_lost;	/* ... and those that did not fit */
	uint64_t run_start_ns;		/* the clock at the run's start */

	/* the kernel's view of the clients while measuring (schedstat) */
	int kview_error;		/* 0, or why it could not be read */
	struct latt_schedstat kview;	/* summed over the clients */
	uint64_t kview_wakeups;		/* the samples they took meanwhile */

	/* --kernel-view: the kernel's figure for each wakeup, merged */
	struct latt_kwait kwait;

	/* the command's own waits (lib/cmdlat.h): with a command */
	struct latt_cmdwaits cmdwaits;

	/* latt's own load while measuring (LATT_LOAD_QUEUE_PCT) */
	uint64_t waker_cpu_ns;		/* the waker's CPU time */
	unsigned int load_cpus;		/* the CPUs the clients may use;
					   0: not known */

	/* the system */
	/*
	 * Steal time while measuring (latt_sysinfo_steal()): by CPU, the
	 * time a hypervisor held it; 10 ms steps.
	 */
	bool has_steal;
	unsigned int steal_cpus;
	uint64_t steal_ns[LATT_STEAL_CPUS];
	uint64_t steal_total_ns;
	bool has_ctxt;
	uint64_t ctxt;			/* context switches while measuring */

	/* what latt_result_finish() derives from the above */
	struct latt_derived derived;
};

/* Free what @r allocated; it stays valid without its clients' parts. */
void latt_result_release(struct latt_result *r);

/*
 * Each stop is one row of a table in lib/result-stop.c: its key, its short
 * name, latt's exit status, whether it measured, and how the Status line
 * and the last words on stderr say it.  These read it.
 */

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

/* Did -b's limit stop @r?  r->break_* say by which wakeup. */
bool latt_result_broke(const struct latt_result *r);

/*
 * One aggregation: what a configuration's runs come to, for every output.
 *
 * The metric list names every figure latt shows of a configuration: the
 * sweep table, -q, --fail-above, the JSON summaries and latt compare all
 * walk the same list, so a metric added to it shows everywhere.  Each
 * metric has a kind (how a run's value is taken), a unit (how it is
 * printed) and a direction (which way is better).
 *
 * One rule is applied here and nowhere else, and two beside it:
 *  - Which runs count: a configuration's complete runs; when none is
 *    complete (interrupted, its command failed), the runs that measured,
 *    and the configuration says it has no complete run.
 *  - A percentile is latt_percentile() (lib/hist.h), as in every other
 *    output: one the samples are too few for (p99 needs 100) is the
 *    largest sample, exactly; the value is marked "few" wherever it is
 *    shown.
 *  - Better, worse or can't tell: include/latt/verdict.h, from the
 *    same values and the runs' histograms.
 *
 * A run is seen through struct latt_run_view, filled from a result of
 * this process (latt_agg_view()) or from a saved document (latt compare);
 * from a view, latt_agg_run() takes every metric's value once.  A run of
 * this process is seen as its JSON document writes it (means to one
 * decimal), so that latt compare of the document finds the same values.
 */

#define LATT_METRICS_MAX	32

enum latt_metric_kind {
	LATT_MK_ENTRIES,	/* wakeups measured */
	LATT_MK_MAX,		/* wakeup latency, ns */
	LATT_MK_AVG,
	LATT_MK_STDEV,
	LATT_MK_PCT,		/* a percentile of it: pct */
	LATT_MK_WALL,		/* the command's wall time, s */
	LATT_MK_CPU,		/* its user + system time, s */
	LATT_MK_CS_RATE,	/* system context switches per second */
	LATT_MK_TARGET,		/* a figure of the command's own
				   (--target-metric), by its name */
	LATT_MK_LOAD,		/* latt's own load while measuring, 0..1
				   (LATT_LOAD_QUEUE_PCT in latt/result.h) */
	LATT_MK_CMD_PCT,	/* a percentile (pct) of the command's own
				   waits from a wakeup, ns (its tasks
				   followed in the kernel: lib/cmdlat.h) */
};

enum latt_metric_unit {
	LATT_MU_COUNT,		/* printed as is */
	LATT_MU_NS,		/* held in ns, printed in usec */
	LATT_MU_S,		/* seconds */
	LATT_MU_RATE,		/* per second */
	LATT_MU_VALUE,		/* the command's: no unit, two decimals */
	LATT_MU_SHARE,		/* held as 0..1, printed as a percentage */
};

enum latt_better {
	LATT_BETTER_NONE,	/* neither: a count */
	LATT_BETTER_LOWER,
	LATT_BETTER_HIGHER,
};

struct latt_metric {
	enum latt_metric_kind kind;
	double pct;			/* LATT_MK_PCT: 0 < pct < 100 */
	enum latt_metric_unit unit;
	enum latt_better better;
	char name[16];			/* its key: "p99", "wall_s" (-q,
					   JSON, --fail-above) */
	char head[16];			/* its column heading: "wall s" */
};

/* The metrics of an invocation, in the order every output shows them. */
struct latt_metric_list {
	struct latt_metric m[LATT_METRICS_MAX];
	size_t n;
};

/*
 * The default list: entries, max, avg, stdev, the percentiles (without
 * -p p99, p50, p99.9: latt_default_metric_pcts), wall_s, cpu_s,
 * cs_per_s, load.
 */
void latt_metrics_init(struct latt_metric_list *ml);

/*
 * The percentiles of @ml replaced by @pcts[0..n) (-p), in that order,
 * where the first of them was.  0 or -ENOSPC.
 */
int latt_metrics_percentiles(struct latt_metric_list *ml, const double *pcts,
			     size_t n);

/*
 * Parse metric name @name (case does not matter: "max", "avg", "stdev",
 * "p99.9", "cmd_p99", or any name of the default list) into @m.  0 or
 * -EINVAL.
 */
int latt_metric_parse(const char *name, struct latt_metric *m);

/*
 * The metric of target metric @tm: named as it is, better as it says.
 * Metrics of that kind are the same metric when their names are.
 */
void latt_metric_target(const struct latt_tmetric *tm, struct latt_metric *m);

/*
 * The metric of percentile @p (0 < @p < 100) of the command's own waits
 * from a wakeup: "cmd_p99", headed "cmd p99".
 */
void latt_metric_cmd(double p, struct latt_metric *m);

/*
 * The index of @m in @ml, adding it at the end if it is not there.
 * -ENOSPC when the list is full.
 */
int latt_metrics_add(struct latt_metric_list *ml, const struct latt_metric *m);

/* One value of one run, or of a configuration. */
struct latt_value {
	double v;		/* NaN: none */
	bool few;		/* a percentile the samples are too few for:
				   the largest sample (of a run that had too
				   few, for a configuration) */
	bool partial;		/* the command's own figure, of a command
				   latt stopped before it ended (-t) */
	double lo, hi;		/* its 95% interval; NaN: none */
	double spread;		/* configuration: max - min over its runs;
				   NaN below two */
};

/* Every metric of one run. */
struct latt_agg_run {
	bool complete, lagged, load_note, load_queued;
	uint64_t count;			/* the clients' wakeups */
	bool measured;			/* ... some, or the command's own
					   waits (with -c 0, only those) */
	struct latt_value val[LATT_METRICS_MAX];
};

/* Every metric of one configuration. */
struct latt_agg_cfg {
	const char *name;
	unsigned int runs;		/* the runs its values are from */
	unsigned int left_out;		/* the runs that did not count */
	bool complete;			/* ... its runs are complete ones */
	unsigned int lagged;		/* of its runs, those whose waker
					   woke late */
	unsigned int load_noted;	/* ... those where latt's own load
					   dominated what it measured */
	unsigned int load_queued;	/* ... of them, those where only its
					   clients queued behind each
					   other, its load not high */
	struct latt_value val[LATT_METRICS_MAX];
};

/*
 * Every configuration of @cfgs[0..ncfgs), in order, from its runs among
 * @results[0..n) (one that never ran has no run).  0 or -ENOMEM.
 */
int latt_agg_results(const struct latt_metric_list *ml,
		     const struct latt_run_cfg *cfgs, size_t ncfgs,
		     const struct latt_result *results, size_t n,
		     struct latt_agg_cfg *out);

#endif /* LATT_RESULT_H */
