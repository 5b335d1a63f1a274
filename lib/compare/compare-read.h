/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * latt compare's reader (compare-read.c): a saved --json document read
 * into the struct latt_cmp_file of compare/compare.h, every value checked
 * (compare/compare-check.h) before compare puts it beside the others.
 */
#ifndef LATT_COMPARE_COMPARE_READ_H
#define LATT_COMPARE_COMPARE_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "compare/compare-check.h"
#include "compare/compare.h"
#include "judge/aggregate.h"

/*
 * Read @path into @f.  0, or -1 with one line in @err saying what is
 * wrong: not JSON (strict JSON: no NaN or Infinity either), truncated,
 * over LATT_CMP_SIZE_MAX, not latt's, or a field missing, of the wrong
 * type or out of what it can be.  Every number compare reads is checked:
 * finite; an integer where latt-json(5) says integer; counts and sample
 * times from 0 to 2^53, so that no sum or conversion overflows; min_ns
 * <= every percentile <= max_ns, the mean between them; a histogram of
 * latt's buckets, in order, adding up to the count.  What it takes is
 * added to @b, the limits of the invocation: the first document over
 * them is refused.  @f is freed with latt_cmp_file_free() either way.
 */
int latt_cmp_read(struct latt_cmp_file *f, const char *path,
		  struct latt_metric_list *ml, struct latt_cmp_budget *b,
		  char *err, size_t len);

/*
 * latt_cmp_read() of the document open in @fp (read to its end, not
 * closed), named @path: a result latt has just written, read as the
 * file it writes would be.
 */
int latt_cmp_read_stream(struct latt_cmp_file *f, const char *path,
			 FILE *fp, struct latt_metric_list *ml,
			 struct latt_cmp_budget *b, char *err, size_t len);

/*
 * Read and parse @path, chunk by chunk, so that what is not JSON is
 * refused at its first wrong byte (latt compare /dev/zero) and no more
 * than LATT_CMP_SIZE_MAX bytes, LATT_CMP_VALUES_MAX values (with what
 * @b says the documents before took) and LATT_CMP_MEMORY_MAX bytes of
 * the heap are taken (an endless "[1,1,..." from a pipe, a document of
 * empty objects); what it took is added to @b.  NULL with one line in
 * @err on failure.  Results and noise profiles are read by it.
 */
jobj *latt_cmp_parse(const char *path, struct latt_cmp_budget *b,
		     char *err, size_t len);

/*
 * latt_cmp_parse() of the document open in @fp (NULL: open @path), with
 * in @sha256 (NULL: not wanted) the SHA-256 of its bytes, as 64 hex
 * digits.
 */
jobj *latt_cmp_parse_stream(const char *path, FILE *fp,
			    struct latt_cmp_budget *b, char sha256[65],
			    char *err, size_t len);

/* @doc's "tool" object if it is latt's; else NULL with one line in @err. */
jobj *latt_cmp_tool(jobj *doc, char *err, size_t len);

/*
 * Is every number of @o, at @at and below, finite?  json-c takes NaN,
 * Infinity and a number beyond a double (1e400) that strict JSON does
 * not: the first is named, whatever field it is in.  @at (@len bytes)
 * is where @o is, and is given back as it was.
 */
void latt_cmp_finite(struct latt_cmp_reader *rd, jobj *o, char *at,
		     size_t len);

/* A configuration's parameters, as its document says them. */
struct latt_cmp_params {
	uint64_t clients, min_wait_ns, max_wait_ns, work_bytes;
	bool bounded;			/* a duration, not the command's */
	uint64_t duration_ns;
	const char *clock, *mechanism;	/* as latt --json names them */
	bool threads;
	const char *command;		/* NULL: none */
};

/*
 * The texts of @p's parameters (LATT_CF_CLIENTS to LATT_CF_COMMAND) into
 * @param, malloc'd, as compare shows and matches them: a document's or
 * (latt --against) a run's about to be made.  0 or -ENOMEM.
 */
int latt_cmp_params_text(const struct latt_cmp_params *p, char **param);

/* Free what latt_cmp_read() put in @f. */
void latt_cmp_file_free(struct latt_cmp_file *f);

#endif /* LATT_COMPARE_COMPARE_READ_H */
