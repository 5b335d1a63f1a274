/* SPDX-License-Identifier: GPL-2.0-only */
/* latt compare: saved documents read, checked and compared. */
#ifndef LATT_COMPARE_COMPARE_H
#define LATT_COMPARE_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "judge/aggregate.h"
#include "judge/verdict-ask.h"
#include "judge/verdict.h"

/*
 * latt compare: read saved results (--json documents, see latt-json(5))
 * and put every configuration of every file side by side, with the ratio
 * of each metric to the first row and the differences that are within
 * the noise marked (compare/compare-table.h).
 *
 * A row's values, which runs count, a percentile too few samples have
 * and what is noise are run/result.h's: the same as latt's
 * own table, -q, --fail-above and the JSON summary of the run that saved
 * it.
 */

/* A wakeup histogram, sparse: each bucket's low end (ns), count. */
struct latt_cmp_hist {
	uint64_t (*buckets)[2];
	size_t nbuckets;
};

/* One run of a saved configuration, as compare needs it. */
struct latt_cmp_run {
	struct latt_agg_run agg;	/* its values (run/result.h) */
	struct latt_cmp_hist hist;	/* its wakeup histogram */
	struct latt_cmp_hist cmdwait;	/* the command's own waits from a
					   wakeup (target.waits); none: not
					   measured */
	bool followed;			/* ... were followed (measured) */
	struct latt_cmp_hist *clients;	/* each client's; NULL: none kept */
	size_t nclients;
	struct latt_cmp_hist *blocks;	/* its samples in time, block by
					   block; NULL: none kept */
	size_t nblocks;
	char *clock;			/* the clock it ran with; NULL: not
					   said (documents of latt 0.1) */
	char *sched_ext;		/* the sched_ext scheduler it ran
					   beside; NULL: none */
};

enum latt_cmp_fact {
	LATT_CF_KERNEL,
	LATT_CF_PREEMPT,
	LATT_CF_AUTOGROUP,
	LATT_CF_HZ,
	LATT_CF_PMQOS,
	LATT_CF_CLOCKSOURCE,
	LATT_CF_CPU_MODEL,
	LATT_CF_CPUS,
	LATT_CF_HOST,
	LATT_CF_VERSION,
	/* The measurement's parameters, from here on. */
	LATT_CF_CLIENTS,
	LATT_CF_WAIT,
	LATT_CF_WORK,
	LATT_CF_DURATION,
	LATT_CF_CLOCK,
	LATT_CF_MECHANISM,
	LATT_CF_COMMAND,
	/* What ran, beside the parameters. */
	LATT_CF_FOLLOWED,	/* the command's tasks followed: the hooks
				   cost the clients' wakeups too */
	LATT_CF_SCHEDULER,
	LATT_CF_LOAD,
	LATT_CF_COUNT
};

/*
 * Every string below comes from the document and is held escaped for
 * display (base/escape.h).
 */
struct latt_cmp_cfg {
	char *name;
	char *command;			/* NULL without one */
	char *settings;			/* as -C takes them; "" for none */
	char *param[LATT_CF_COUNT];	/* LATT_CF_CLIENTS on: its own */
	struct latt_cmp_run *runs;
	size_t nruns;
};

/* What the documents read so far took of the limits above. */
struct latt_cmp_budget {
	size_t bytes;
	size_t values;
};

struct latt_cmp_file {
	const char *path;	/* as given, not escaped */
	char sha256[65];	/* its bytes' SHA-256, in hex */
	char *label;		/* --label, else "KERNEL (FILE)" */
	char *fact[LATT_CF_COUNT];
	struct latt_cmp_cfg *cfgs;
	size_t ncfgs;
};

/*
 * What a comparison found, for --fail-if; and, where the caller gives
 * room for them in @last (@nlast rows), the verdicts of the last
 * group's rows against the first row, in order, in *@last (--against:
 * the run's own configurations), how many in @got.
 */
struct latt_cmp_outcome {
	bool incomparable;		/* files differ in what must match */
	bool single;			/* a row of one file: a side judged
					   by the floors or a profile, not
					   by its invocations' spread */
	bool scaled[LATT_METRICS_MAX];	/* a row's invocation's part
					   scaled, and ... */
	bool more[LATT_METRICS_MAX];	/* ... its runs' own spread taken
					   (struct latt_verdict) */
	struct latt_verdict (*last)[LATT_METRICS_MAX];	/* NULL: not kept */
	size_t nlast, got;
	/*
	 * --fail-if (NULL: none), its failing verdicts said as @say says
	 * (judge/verdict-ask.h), and what it found: a row worse, or not
	 * the same, in a metric it asks of.
	 */
	const struct latt_fail_if *fail;
	const struct latt_fail_say *say;
	bool fails_worse, fails_same;
};

/*
 * A group of files compared as one side (one kernel, one setting), each
 * of its files one invocation of latt (one boot); see
 * compare/compare-table.h.
 */
struct latt_cmp_group {
	const struct latt_cmp_file *files;	/* files[0..n) */
	size_t n;
	size_t index;			/* its place: the invocation of its
					   rows, for the verdicts */
	char *label;			/* escaped: its files' label, or the
					   first's and "+N" the others */
};

/*
 * The header above the table of @files[0..n): a column per file, a row
 * per fact that decides whether their numbers compare (and per
 * configuration name, its settings; not @wide: only the rows that
 * differ); a row whose values differ is marked "*", and listed under
 * it, saying whether they compare (*@incomparable); then a warning line
 * for each of the groups @gs[0..ng) whose files differ in a fact or in
 * a configuration's settings, which boots of one kernel and one setting
 * would not.  @out NULL: nothing printed, *@incomparable alone set.  0
 * or -ENOMEM.
 */
int latt_cmp_header(FILE *out, const struct latt_cmp_file *files, size_t n,
		    const struct latt_cmp_group *gs, size_t ng, bool wide,
		    bool *incomparable);

/*
 * The facts that must match in which @files[0..n) differ, as the
 * header's "Not comparable" line names them ("clients, mechanism"),
 * into @buf; false when none does (they compare).
 */
bool latt_cmp_unmatched(const struct latt_cmp_file *files, size_t n,
			char *buf, size_t len);

/*
 * Documents larger than this together, with more values together, or
 * whose values take more of the heap (json-c's objects as allocated,
 * some 750 bytes an empty object, 70 a number, with what the documents
 * read before keep) are refused as soon as that is seen, so that latt
 * compare stays within 256 MB resident and a time that grows with the
 * input alone, whatever the input and however many files (a string read
 * is at most LATT_CMP_STRING_MAX bytes).
 */
#define LATT_CMP_SIZE_MAX	(64 << 20)
#define LATT_CMP_VALUES_MAX	4000000
#define LATT_CMP_MEMORY_MAX	(224 << 20)
#define LATT_CMP_STRING_MAX	(1 << 20)

/*
 * Does fact @f decide whether two results compare (it must be the same),
 * or is it what is compared (kernel, preemption, autogroup, HZ, PM QoS,
 * scheduler, the command beside the measurement and its duration)?
 */
bool latt_cmp_fact_must_match(enum latt_cmp_fact f);

/*
 * The values @agg of configuration @name (latt_agg_cfg(), by the rules
 * of run/result.h) from its runs in @cfgs[0..ncfgs) (one a file of a
 * group; NULL where a file has none).  0 or -ENOMEM.
 */
int latt_cmp_agg(const struct latt_metric_list *ml, const char *name,
		 const struct latt_cmp_cfg *const *cfgs, size_t ncfgs,
		 struct latt_agg_cfg *agg);

/*
 * A configuration as a verdict sees it, from its runs in @cfgs[0..ncfgs)
 * (one a file of a group: each an invocation; NULL where a file has
 * none), its values @agg (latt_agg_cfg() of those runs): the runs that
 * count, each block of time a unit (or, from a document without them,
 * the run's histogram), each run's inv the index of its file among
 * those whose runs count; made ready (latt_vcfg_ready()).  @v points
 * into @cfgs and @agg; its invocation and profile are the caller's to
 * set.  0 or -ENOMEM; @v is freed with latt_vcfg_free() either way.
 */
int latt_cmp_vcfg(const struct latt_metric_list *ml,
		  const struct latt_cmp_cfg *const *cfgs, size_t ncfgs,
		  const struct latt_agg_cfg *agg, struct latt_vcfg *v);

/*
 * Is a document among @files[0..n) twice (the same bytes: SHA-256)?
 * Then its first place in *@first, its second in *@again.  Each file of
 * a group, or of --against, is one invocation: counting one twice would
 * make its side surer than it is.
 */
bool latt_cmp_twice(const struct latt_cmp_file *files, size_t n,
		    size_t *first, size_t *again);

/*
 * Fact @f's key in a noise profile's "facts" (latt-json(5)): "kernel",
 * "cpu_model", "clients", ...; and its name as the header shows it.
 */
const char *latt_cmp_fact_key(enum latt_cmp_fact f);
const char *latt_cmp_fact_name(enum latt_cmp_fact f);

#endif /* LATT_COMPARE_COMPARE_H */
