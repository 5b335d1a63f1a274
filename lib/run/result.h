/* SPDX-License-Identifier: GPL-2.0-only */
/* What runs measured: one run's result, as the run makes it. */
#ifndef LATT_RUN_RESULT_H
#define LATT_RUN_RESULT_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include "measure/hist.h"
#include "measure/kwait.h"
#include "measure/stats.h"
#include "run/target.h"
#include "settings/config.h"
#include "trace/trace.h"

/*
 * The result of one run: the configuration it ran (a copy), what produced
 * it (run number, seed, clock, start time), what it measured, how
 * it ended, the command's resource use and the system's context switches.
 *
 * Statistics are computed once: the run makes its result (lib/run/result.h:
 * the clients' samples merged, then percentiles, deviations and rates
 * derived).  Report writers only format what is here, and the exit status
 * of latt is a function of results alone (latt_result_exit_status()).
 */

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
#define LATT_EXIT_NOT_SAME	8	/* --fail-if not-same */

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
 * histogram, for the verdicts (judge/verdict.h), which draw
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

/*
 * What a run measured, filled by the waker while it measures and by
 * latt_result_collect() after: the clients' samples, the cycles and the
 * time, how the waker kept up, job control's stops, the kernel's view of
 * the clients and latt's own load.
 */
struct latt_measured {
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

	/* the samples in time, for the verdicts */
	struct latt_blocks blocks;
	/* each client's part; NULL when it could not be kept */
	struct latt_client_sum *clients;
	unsigned int nclients;

	/* the kernel's view of the clients while measuring (schedstat) */
	int kview_error;		/* 0, or why it could not be read */
	struct latt_schedstat kview;	/* summed over the clients */
	uint64_t kview_wakeups;		/* the samples they took meanwhile */

	/* --kernel-view: the kernel's figure for each wakeup, merged */
	struct latt_kwait kwait;

	/* latt's own load while measuring (LATT_LOAD_QUEUE_PCT) */
	uint64_t waker_cpu_ns;		/* the waker's CPU time */
	unsigned int load_cpus;		/* the CPUs the clients may use;
					   0: not known */
};

/*
 * How a run ended: why it stopped, its error, signal, dead client and
 * what failed are decided in one place (latt_stop_record(),
 * lib/run/result-stop.c); the dead client's pid, status and error are
 * filled by the waker once it has reaped it.
 */
struct latt_run_end {
	enum latt_stop why;
	int signal;			/* LATT_STOP_SIGNAL, LATT_STOP_TTY */
	int dead_client;		/* LATT_STOP_CLIENT: 0-based id */
	pid_t dead_pid;
	int dead_status;		/* its wait status (a process) */
	bool dead_thread;		/* a thread (--threads): ... */
	int dead_error;			/* ... that stopped on this -errno */
	int error;			/* SETUP, ERROR, OUTPUT, NOEXEC:
					   -errno */
	char what[LATT_WHAT_MAX];	/* SETUP, ERROR: what failed */
};

/*
 * The system the run measured on, as latt found it and left it: the
 * scheduler and settings around the run (filled by the run from
 * settings/knobs.h and the undo record), steal time and context switches
 * while measuring (by the waker, from measure/sysinfo.h).
 */
struct latt_sys_sum {
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
};

/*
 * The result of a run in parts by stage, each filled by its stage and
 * read by the writers: what was measured, how the run ended, the
 * command's figures (run/target.h), the trace's (trace/trace.h), the
 * system's; and what latt_result_finish() derives from them.
 */
struct latt_result {
	/* what produced it */
	struct latt_run_cfg cfg;	/* the configuration, as run */
	unsigned int run;		/* 1-based, within its configuration */
	uint64_t seed;			/* of the random sleeps */
	const char *clock;		/* "monotonic", "tsc" */
	double clock_ghz;		/* tsc: its rate, as calibrated */
	double clock_drift_ppm;		/* tsc: off monotonic at the end */
	struct timespec started;	/* CLOCK_REALTIME at the start */
	uint64_t run_start_ns;		/* the clock at the run's start */

	struct latt_measured measured;
	struct latt_run_end end;
	struct latt_cmd_sum cmd;	/* when there is a command */
	struct latt_trace_sum trace;	/* -b, --explain */
	struct latt_sys_sum sys;

	/* what latt_result_finish() derives from the above */
	struct latt_derived derived;
};

/* Free what @r allocated; it stays valid without its clients' parts. */
void latt_result_release(struct latt_result *r);

/*
 * Each stop is one row of a table in lib/run/result-stop.c: its key, its short
 * name, latt's exit status, whether it measured, and how the Status line
 * and the last words on stderr say it.  These read it.
 */

#define LATT_STATUS_MAX		(LATT_WHAT_MAX + 256)

#define LATT_EXIT_TARGET	4
#define LATT_EXIT_BREAK		5	/* -b reached */

#define LATT_EXIT_NOEXEC	127

/*
 * An overrun of --duration worth saying: latt was kept from running, or
 * a cycle of many clients took that long.
 */
#define LATT_OVERRUN_NS		(100ULL * 1000 * 1000)

/*
 * The waker woke "late" when it once was later than this, and later than
 * any client's wakeup latency: for that long nobody was woken, and no
 * sample can show it.  A fair task is rarely 10 ms late unless starved.
 */
#define LATT_WAKER_LAG_NS	(10ULL * 1000 * 1000)

/*
 * latt's own load: the CPU time of its clients (schedstat) and of the
 * waker while measuring, over the run's capacity, its duration times the
 * CPUs the clients may use.  It dominates what was measured, and the
 * report says so, when either
 *  - the clients queue behind each other: there are more clients than
 *    CPUs, and the clients' CPU time per cycle spread over those CPUs is
 *    at least LATT_LOAD_QUEUE_PCT % of the mean wakeup latency; or
 *  - latt keeps the CPUs busy: its load is LATT_LOAD_BUSY_PCT % or more.
 */
#define LATT_LOAD_QUEUE_PCT	50
#define LATT_LOAD_BUSY_PCT	50

/*
 * A steal time of this share of the run's CPU time, or more, is noted,
 * when it is more than LATT_STEAL_NOTE_TICKS of the ticks it is counted
 * in (one tick of a short run is no pattern).
 */
#define LATT_STEAL_NOTE_PCT	1
#define LATT_STEAL_NOTE_TICKS	2

/*
 * Coordinated omission: about how many wakeups the stalled cycles kept
 * from being made (while a cycle waits for a late answer, no client is
 * woken), from the mean length of the cycles that did not stall.  0 when
 * no cycle stalled, or none ran normally to compare with.
 */
uint64_t latt_result_not_made(const struct latt_result *r);

/* The hypervisor's share of the CPUs' time while measuring; NaN unknown. */
double latt_result_steal_share(const struct latt_result *r);

/* Is that share one to note: LATT_STEAL_NOTE_PCT, over a few ticks? */
bool latt_result_steal_noted(const struct latt_result *r);

/* True when latt's own load dominates what it measured (either rule). */
bool latt_result_load_dominates(const struct latt_result *r);

struct latt_client;
struct latt_client_slot;

/*
 * The blocks' histograms, made and touched before the run measures, so
 * that no page of theirs is faulted in while it does.  0 or -ENOMEM.
 */
int latt_blocks_init(struct latt_blocks *b);

/* Sample @v into the last block (made here if latt_blocks_init() was not
   called). */
int latt_blocks_add(struct latt_blocks *b, uint64_t v);

/* A cycle ended: the next begins a block when this one is full. */
void latt_blocks_cycle(struct latt_blocks *b);

/* The blocks, sparse; the histograms freed.  0 or -ENOMEM. */
int latt_blocks_finish(struct latt_blocks *b);

void latt_blocks_free(struct latt_blocks *b);

/* Merge every client slot into @r's series. */
void latt_result_collect(struct latt_result *r,
			 const struct latt_client_slot *slots, unsigned int n);

/*
 * Keep each client's part of the run in @r->measured.clients (allocated:
 * free it with latt_result_release()).  0 or -ENOMEM.
 */
int latt_result_collect_clients(struct latt_result *r,
				const struct latt_client *clients,
				unsigned int n);

/*
 * Derive what the writers print: the percentiles of both series for
 * cfg.pcts[] (latt_percentile(): the histogram's value clamped to the
 * exact min and max, the max when too few), standard deviations, the
 * context switch rate, the command's CPU time.
 */
void latt_result_finish(struct latt_result *r);

#endif /* LATT_RUN_RESULT_H */
