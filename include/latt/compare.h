/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * latt compare: read saved results (--json documents, see latt-json(5))
 * and put every configuration of every file side by side, with the ratio
 * of each metric to the first row and the differences that are within
 * the noise marked.
 *
 * A row's value of a metric is the median over its complete runs (over
 * the runs that measured, when none is complete).  A difference from the
 * first row is noise when it is no larger than the run-to-run range of
 * either row (with two runs or more); between two single runs, when the
 * 95% confidence intervals of the two values overlap: for the mean from
 * its standard deviation, for a percentile from the ranks around it in
 * the histogram.  A maximum of a single run has no such interval.
 */
#ifndef LATT_COMPARE_H
#define LATT_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum latt_cmp_metric {
	LATT_CM_ENTRIES,
	LATT_CM_MAX,
	LATT_CM_AVG,
	LATT_CM_P50,
	LATT_CM_P99,
	LATT_CM_P999,
	LATT_CM_WALL,		/* the command's wall time, s */
	LATT_CM_CPU,		/* its user + system time, s */
	LATT_CM_CS,		/* system context switches per second */
	LATT_CM_COUNT
};

/* One run of a saved configuration, as compare needs it. */
struct latt_cmp_run {
	bool complete;
	double v[LATT_CM_COUNT];	/* NaN where not known */
	double avg_half;		/* 95% half-width of the mean, ns */
	double lo[LATT_CM_COUNT];	/* percentiles: 95% interval, ns */
	double hi[LATT_CM_COUNT];
	uint64_t (*buckets)[2];		/* its wakeup histogram: low, count */
	size_t nbuckets;
};

struct latt_cmp_cfg {
	char *name;
	char *command;			/* NULL without one */
	struct latt_cmp_run *runs;
	size_t nruns;
};

struct latt_cmp_file {
	const char *path;
	char *label;		/* --label, else "KERNEL (FILE)" */
	char *facts;		/* kernel, host, CPUs, ... for the header */
	char *kernel;
	struct latt_cmp_cfg *cfgs;
	size_t ncfgs;
};

/*
 * Read @path into @f.  0, or -1 with one line in @err saying what is
 * wrong (not JSON, truncated, not latt's, a field missing or of the wrong
 * type).  @f is freed with latt_cmp_file_free() either way.
 */
int latt_cmp_read(struct latt_cmp_file *f, const char *path, char *err,
		  size_t len);

void latt_cmp_file_free(struct latt_cmp_file *f);

/* The table of @files[0..n).  0 or -errno of a failed write. */
int latt_cmp_print(FILE *out, const struct latt_cmp_file *files, size_t n);

/*
 * The wakeup latency's distribution of every configuration of @files, for
 * plotting (contrib/latt-plot): a block per configuration, its runs'
 * histograms added up (complete runs, else those that measured), with a
 * "# LABEL\tCONFIG\tKERNEL\tCOMMAND" line, a "# usec cdf tail" line
 * and then "usec cdf tail" lines (the upper end of each
 * bucket, the fraction of samples at or below it, the fraction above);
 * blocks are parted by two empty lines, as gnuplot's "index" wants.
 */
int latt_cmp_cdf(FILE *out, const struct latt_cmp_file *files, size_t n);

#endif /* LATT_COMPARE_H */
