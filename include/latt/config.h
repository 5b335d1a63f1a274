/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a run is: its configuration and settings, as the command line makes them.
 *
 * latt's interface: what the programs (latt, latt compare) call.
 * What only the library uses is declared beside it, in lib/.
 */
#ifndef LATT_CONFIG_H
#define LATT_CONFIG_H

#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <time.h>

/*
 * Parsers for command-line values.  Each returns 0 on success, -EINVAL
 * when the text is not of the accepted form and -ERANGE when it is but
 * does not fit; the result is written only on success.
 */

#define LATT_NSEC_PER_USEC	1000ULL
#define LATT_NSEC_PER_MSEC	1000000ULL
#define LATT_NSEC_PER_SEC	1000000000ULL

/*
 * A duration: a non-negative decimal number ("2", "0.5", "1.25") with an
 * optional unit: ns, us, ms, s, min, h or d (also day, days).  Without
 * a unit the number is in @unit_ns (LATT_NSEC_PER_MSEC for -s,
 * LATT_NSEC_PER_SEC for -t).  The result is in nanoseconds, rounded to
 * the nearest.
 */
int latt_parse_duration(const char *s, uint64_t unit_ns, uint64_t *ns);

/*
 * A size: a non-negative decimal number with an optional unit: b, k, m, g
 * (powers of 1024; "kb", "KiB" and upper case are accepted too).  Without a
 * unit the number is in @unit bytes.  The result is in bytes.
 */
int latt_parse_size(const char *s, uint64_t unit, uint64_t *bytes);

/* A whole decimal number, no sign, no unit. */
int latt_parse_uint(const char *s, uint64_t *v);

/*
 * A comma-separated list of percentiles, each 0 < p <= 100 ("50,99,99.9").
 * At most @max entries are stored in @out; more is -ERANGE.  The count is
 * written to @n.  Two that read the same as labels ("50,50") are
 * -EEXIST, one below 100 that reads "p100" is -EDOM.
 */
int latt_parse_percentiles(const char *s, double *out, size_t max, size_t *n);

/*
 * Write the percentiles @p[0..n) as -p takes them ("50,90,99,99.9") into
 * @buf of @len bytes.  Returns @buf.
 */
char *latt_percentiles_text(const double *p, size_t n, char *buf,
			    size_t len);

/*
 * The clock samples are stamped with.  Waker and clients read the same
 * clock, so a stamp taken in one process can be subtracted from one taken
 * in another.
 *
 * CLOCK_MONOTONIC and CLOCK_MONOTONIC_RAW are read through the vDSO.  The
 * time-stamp counter (x86 rdtsc, aarch64 cntvct_el0) is read directly and
 * turned into nanoseconds with a factor calibrated against
 * CLOCK_MONOTONIC when the clock is set up; it is used only where it is
 * invariant and the kernel itself trusts it as its clocksource.  "auto"
 * takes the counter where it is, else CLOCK_MONOTONIC.  The calibration
 * happens before the clients are forked, so they convert as the waker
 * does.
 */

enum latt_clock_id {
	LATT_CLOCK_AUTO,		/* tsc where trusted, else monotonic */
	LATT_CLOCK_MONOTONIC,
	LATT_CLOCK_MONOTONIC_RAW,
	LATT_CLOCK_TSC,
};

#if defined(__x86_64__) || defined(__aarch64__)
#endif

/* Parse a clock name (latt_clock_list()).  0 or -EINVAL. */
int latt_clock_parse(const char *name, enum latt_clock_id *id);

/* The name of @id ("tsc"). */
const char *latt_clock_id_name(enum latt_clock_id id);

/*
 * Every clock's name as a list ("auto, monotonic, monotonic_raw or
 * tsc") into @buf of @len bytes, for --help and messages; @buf.
 */
char *latt_clock_list(char *buf, size_t len);

/*
 * Is the counter one latt may stamp with: invariant (constant_tsc and
 * nonstop_tsc on x86) and the kernel's current clocksource (tsc,
 * arch_sys_counter)?  Files are read under @root ("" for the real
 * system).  When not, @why says so.
 */
bool latt_clock_tsc_trusted(const char *root, char *why, size_t len);

#ifdef LATT_HAVE_COUNTER
#endif

/*
 * Scheduling settings of one task: policy, priority, nice, CPU affinity,
 * NUMA node, the EEVDF custom slice and deadline parameters.  latt gives
 * one set to its clients, one to itself (the waker) and one to the target
 * command.  Each field has an "unset" value, which leaves what the task
 * inherited alone.
 *
 * A task applies its own settings (latt_sched_apply() on itself): the
 * clients and the target in the child after fork(), the waker in latt.
 * Node binding uses libnuma where latt was built with it; without it,
 * latt_sched_numa_built() is false and a node is refused before any run.
 */

struct latt_sched {
	int policy;		/* LATT_SCHED_*; UNSET keeps the inherited one */
	unsigned int priority;	/* fifo, rr: 1-99; 0: unset (1 is used) */
	bool has_nice;
	int nice;
	bool has_cpus;
	cpu_set_t cpus;
	int node;		/* NUMA node; -1: unset */
	uint64_t slice_ns;	/* fair policies; 0: the kernel's default */
	uint64_t runtime_ns;	/* deadline: all three, or none */
	uint64_t deadline_ns;	/* 0: the period */
	uint64_t period_ns;
};

/* True when nothing is set. */
bool latt_sched_empty(const struct latt_sched *s);

/*
 * True when, on a PREEMPT_RT kernel (@preempt_rt), the command's settings
 * @target can starve the waker's @waker: there the timers of a task that
 * is not real-time expire in the per-CPU ktimers thread (SCHED_FIFO 1),
 * and a command at fifo, or rr above priority 1, that does not sleep keeps
 * that thread from running on its CPUs; a waker that is not real-time and
 * may sleep on those CPUs then does not wake, not even to end the run.
 * False when the two have CPU lists that do not meet.
 */
bool latt_sched_rt_starves_waker(const struct latt_sched *waker,
				 const struct latt_sched *target,
				 bool preempt_rt);

/* A task's settings as they were, to put back with latt_sched_restore(). */
struct latt_sched_saved {
	unsigned char attr[64];	/* struct sched_attr, as the kernel gave it */
	cpu_set_t cpus;
	bool valid;
};

/*
 * Wake channels: how the waker wakes one client, and how the clients of a
 * cycle answer.
 *
 * Waking: each client has a channel of its own, so no client ever reads
 * what was meant for another.  The waker hands the client its time stamp
 * with the wake; the mechanism is one of:
 *
 *  pipe     (latt-0.1's, the reference) the stamp is written into the
 *           client's pipe; its blocking read returns it.  Hang-up: the
 *           waker closes its end, the client reads end of file.
 *  socket   the same over a Unix seqpacket socket pair.
 *  eventfd  the stamp is added to the client's eventfd (zero until then),
 *           whose blocking read returns it and resets it.  Hang-up: the
 *           shared word says closed, then the eventfd is written.
 *  futex    the stamp is stored in a word the two share; the waker marks
 *           it posted and calls FUTEX_WAKE only when the client is really
 *           asleep on it (it marked the word waiting first): a wake that
 *           finds the client still running costs no system call.
 *
 * A dead client is seen from SIGCHLD; a pipe or socket also says EPIPE.
 *
 * Answering: the clients of a run share one answer, a count of the
 * answers still due in shared memory and one eventfd.  A client, its
 * sample recorded, counts itself off; the last of the cycle adds to the
 * eventfd, which the waker's epoll set watches edge-triggered (so the
 * waker never needs to read it).  So a cycle wakes the waker once, and
 * costs it one system call besides its writes.  Were each client to write an answer of its own, every one
 * of them would wake a waker asleep in epoll, a wakeup across CPUs each,
 * and the clients queued on one CPU would wait for each other's (about
 * 40 us at the median under load on the development machine).  A client
 * that dies is seen from SIGCHLD, not from its answer.
 */

enum latt_wake_mech {
	LATT_WAKE_PIPE,
	LATT_WAKE_EVENTFD,
	LATT_WAKE_FUTEX,
	LATT_WAKE_SOCKET,
};

/* The name of @mech ("pipe"). */
const char *latt_wake_name(enum latt_wake_mech mech);

/*
 * Every mechanism's name as a list ("pipe, eventfd, futex or socket")
 * into @buf of @len bytes, for --help and messages; @buf.
 */
char *latt_wake_list(char *buf, size_t len);

/* File descriptors a channel holds in the waker once the client runs. */
#define LATT_WAKE_WAKER_FDS	1

/*
 * What a run measured, as the interface's structures hold it: a summary
 * of samples, a histogram, the kernel's figures, the workload's own
 * metrics.  The types only; what works on them is lib/'s (lib/stats.h,
 * lib/hist.h, lib/kwait.h, lib/tmetric.h).
 */

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

/*
 * The configuration of one run: what to measure (clients, sleeps, work,
 * duration), the command to measure beside, and the scheduler settings of
 * the clients, the waker, the target and the system.  A run reads it and
 * never writes it; what the run found goes into struct latt_result.
 *
 * Every scheduler setting has one name, used both as a long option
 * ("--policy fifo") and as a key of a named configuration
 * ("-C rt:policy=fifo,priority=10"); latt_config_set() is the one parser
 * of both.  The command line's settings are the defaults every named
 * configuration starts from.  How clients are woken ("mechanism") and
 * whether they are threads ("threads", 1 or 0; the option --threads is a
 * flag) are settings too, so that a sweep can compare them.
 */

#define LATT_CLIENTS_MAX	4096	/* most clients one run may have (-c) */
#define LATT_PCT_MAX		16	/* percentiles one run reports */
#define LATT_NAME_MAX		32	/* length of a configuration's name */
#define LATT_EXPLAIN_DEFAULT	5	/* --explain: the worst told */
#define LATT_EXPLAIN_MAX	100

/* Settings of the whole system, saved before a run and restored after. */
struct latt_system_cfg {
	int autogroup;			/* 0 or 1; -1: leave it */
	int64_t dma_latency_us;		/* PM QoS; -1: leave it */
	const char *features;		/* "NO_X,Y" (debugfs); NULL: leave */
	const char *preempt;		/* none, voluntary, ...; NULL: leave */
	const char *scheduler;		/* a sched_ext scheduler command */
};

struct latt_run_cfg {
	char name[LATT_NAME_MAX + 1];	/* "default" without -C */

	/* the measurement */
	unsigned int clients;
	uint64_t min_wait_ns, max_wait_ns;
	uint64_t work_bytes;
	uint64_t duration_ns;		/* 0: until the command exits */
	uint64_t warmup_ns;		/* samples before this are dropped */
	uint64_t grace_ns;		/* SIGTERM to SIGKILL of the command */
	enum latt_clock_id clock;	/* what samples are stamped with */
	enum latt_wake_mech mechanism;	/* how clients are woken */
	bool threads;			/* clients are threads of latt */
	bool verbose;			/* print every sample */
	uint64_t breaktrace_ns;		/* -b: stop at a wakeup over it */
	unsigned int explain;		/* --explain: the N worst told */
	bool kernel_view;		/* --kernel-view: the kernel's figure
					   for each wakeup (lib/kwait.h) */
	size_t npcts;
	double pcts[LATT_PCT_MAX];

	/* the command; none when cmd_argc is 0 */
	int cmd_argc;
	char **cmd_argv;
	const char *cmd_display;	/* its words joined, as reports show it */
	/* its own figures, from its output (--target-metric) */
	struct latt_tmetric tm[LATT_TMETRICS_MAX];
	size_t ntm;

	/* scheduler settings */
	struct latt_sched client;
	struct latt_sched waker;
	struct latt_sched target;
	const char *target_cgroup;	/* put the command there; NULL: no */
	unsigned int target_weight;	/* a cgroup of its own; 0: no */
	struct latt_system_cfg system;
};

/*
 * The percentiles, in one list: -p's default, which the CSV has as fixed
 * columns whatever -p says (p50_ns ... p99.99_ns).  -q, the table and
 * the JSON's summary show -p's, or, without it, three of these, in the
 * order latt 0.2's -q line had them (p99, then p50 and p99.9): the
 * indexes latt_default_metric_pcts (latt_metrics_init()).
 */
#define LATT_DEFAULT_NPCTS		5
extern const double latt_default_pcts[LATT_DEFAULT_NPCTS];

/* latt's defaults: one client, 100-500 ms sleeps, 64 KB of work, ... */
void latt_config_init(struct latt_run_cfg *c);

/*
 * The name of setting @i (0, 1, ...), in the order of the manual; NULL
 * past the last.
 */
const char *latt_config_setting(size_t i);

/*
 * Set setting @key of @c from the text @val.  On a bad value, writes why
 * to @err ("expected a whole number from 1 to 99") and returns -EINVAL
 * (-ENOENT for an unknown key).  The value's text must live as long as
 * @c: strings are referenced, not copied.
 */
int latt_config_set(struct latt_run_cfg *c, const char *key, const char *val,
		    char *err, size_t len);

/*
 * Apply "NAME:KEY=VAL,KEY=VAL" (the -C option) to @c, which holds the
 * defaults.  A comma followed by text without "=" continues the previous
 * value, so lists keep their commas ("cpus=0,1,policy=fifo").  @spec is
 * split in place and must live as long as @c.  "NAME:" and "NAME" alone
 * keep every default.  Returns 0 or -EINVAL with the reason in @err.
 */
int latt_config_parse(struct latt_run_cfg *c, char *spec, char *err,
		      size_t len);

/*
 * Check that @c's settings make sense together (priority with fifo,
 * deadline parameters, min-wait <= max-wait, ...).  0, or -EINVAL with
 * the reason in @err.
 */
int latt_config_check(const struct latt_run_cfg *c, char *err, size_t len);

/*
 * The target: the workload latt measures beside (everything after the
 * options).  It runs in a process group of its own, so that it can be
 * stopped as a whole, and its resource use (its own and that of every
 * descendant, whether it waited for them or latt reaped them as their
 * subreaper) is collected for the report.
 */

/* The words of a command joined by spaces, malloc'ed; NULL without memory. */
char *latt_target_display(int argc, char **argv);

/* True when the target's words make a shell command. */
bool latt_target_is_shell(int argc, char **argv);

/*
 * Facts about the system read from /proc and /sys: the context switch
 * count (for the rate during a run), and the facts that decide whether
 * two results can be compared (kernel, CPUs, NUMA nodes, clocksource,
 * preemption mode, autogroup), which the reports print beside the numbers.
 */

struct latt_sysinfo {
	char kernel[65];	/* uname -r */
	char hostname[65];
	char cpu_model[96];	/* "unknown" where /proc/cpuinfo has none */
	unsigned int cpus;	/* online */
	unsigned int numa_nodes;	/* online; 1 without NUMA */
	char clocksource[32];	/* "unknown" where not readable */
	char preempt[48];	/* "full", "dynamic (full)", "none", ... */
	int autogroup;		/* 0, 1, or -1 where the kernel has none */
	int64_t pm_qos_us;	/* the CPU latency limit; -1 unknown */
	/* jiffies and the clock at latt's start, for latt_sysinfo_hz() */
	uint64_t jiffies, jiffies_ns;
};

/*
 * The kernel's tick rate (CONFIG_HZ), from the jiffies counted since
 * latt_sysinfo_read() (/proc/timer_list, readable by root): the nearest
 * of 100, 250, 300 and 1000 within 5%, else the rate rounded; 0 when it
 * cannot be known (no access, too short a time to tell).
 */
unsigned int latt_sysinfo_hz(const struct latt_sysinfo *si, const char *root);

/* True when the running kernel is a PREEMPT_RT one (uname's version). */
bool latt_sysinfo_preempt_rt(void);

#endif /* LATT_CONFIG_H */
