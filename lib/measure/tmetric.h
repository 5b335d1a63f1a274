/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Target metrics: the workload's own figures (x264's frames per second,
 * a build's time), taken from the command's output by a regular
 * expression, so that they sit beside the wakeup latency in every
 * output.
 *
 * A metric is given as NAME+=REGEX (higher is better) or NAME-=REGEX
 * (lower is better), optionally NAME+:sum=REGEX to add up every match
 * instead of keeping the last (NAME+:last= is the default spelled out).
 * REGEX is a POSIX extended regular expression; its first parenthesised
 * group is the number.  The command's standard output and error are
 * read as lines (ended by a newline, a carriage return, as progress
 * lines are, or a NUL byte); each line is searched for every match, and
 * a match whose group is not a plain decimal number ("12", "-3.5",
 * "1e6") does not count.  A line that takes too long to search is
 * skipped and counted (LATT_TMETRIC_SEARCH_CPU_NS).
 */
#ifndef LATT_MEASURE_TMETRIC_H
#define LATT_MEASURE_TMETRIC_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * The workload's own metrics (lib/measure/tmetric.h).  A name is at most
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

#define LATT_TMETRIC_LINE_MAX	8192	/* a longer line is searched in
					   its first bytes only */
/*
 * A line whose search for one metric takes longer than this much CPU
 * time, or this long in all, is skipped (counted in skipped).
 */
#define LATT_TMETRIC_SEARCH_CPU_NS	100000000ULL	/* 0.1 s */
#define LATT_TMETRIC_SEARCH_WALL_NS	1000000000ULL	/* 1 s */

/*
 * Parse @spec ("fps+=([0-9.]+) fps") into @tm, compiling its regular
 * expression to check it.  A name is 1 to LATT_TMETRIC_NAME_MAX letters,
 * digits, '_' or '.', starting with a letter, and not one latt uses
 * itself (a metric such as max or p99, a key of the -q line, a column
 * of the CSV: lib/base/keys.h).  0, or -EINVAL with the reason
 * in @err.  @spec must live as long as @tm.
 */
int latt_tmetric_parse(const char *spec, struct latt_tmetric *tm, char *err,
		       size_t len);

/* "higher" or "lower". */
const char *latt_tmetric_better_name(const struct latt_tmetric *tm);

/* "last" or "sum". */
const char *latt_tmetric_mode_name(enum latt_tmetric_mode mode);

/*
 * Searches a command's output, written in pieces of any size, for
 * metrics: each of LATT_TMETRIC_STREAMS streams (standard output and
 * error) is cut into lines of its own.
 */
#define LATT_TMETRIC_STREAMS	2

struct latt_tmetric_line {
	char buf[LATT_TMETRIC_LINE_MAX];
	size_t len;
	bool cut;			/* the line was longer: the rest of it
					   is skipped */
};

struct latt_tmetric_matcher;

/*
 * Search the lines of @s (@len bytes, each line ended by a newline) for
 * every metric of @m elsewhere than in the calling thread (lib/measure/search.h:
 * a process of its own, given a time budget), calling
 * latt_tmetric_found() for each match, in order, and counting in
 * skipped each line a metric could not be searched in.
 */
typedef void (*latt_tmetric_search_fn)(void *ctx,
				       struct latt_tmetric_matcher *m,
				       const char *s, size_t len);

/* Lines handed to a latt_tmetric_search_fn at once, at most. */
#define LATT_TMETRIC_BATCH	65536

struct latt_tmetric_matcher {
	const struct latt_tmetric *tm;
	size_t n;
	regex_t re[LATT_TMETRICS_MAX];
	struct latt_tmetric_value *out;	/* n of them */
	struct latt_tmetric_line line[LATT_TMETRIC_STREAMS];
	latt_tmetric_search_fn search;	/* NULL: regexec() here */
	void *search_ctx;
	char *batch;			/* with search: lines to hand it */
	size_t batched;
};

/*
 * Compile @tm[0..n) into @m, which writes what it finds into
 * @out[0..n) (set to "no match" here).  0, or -EINVAL (a regular
 * expression that does not compile: latt_tmetric_parse() checked it) or
 * -ENOMEM.  Lines are searched here, unless latt_tmetric_search_by()
 * hands them elsewhere.
 */
int latt_tmetric_matcher_init(struct latt_tmetric_matcher *m,
			      const struct latt_tmetric *tm, size_t n,
			      struct latt_tmetric_value *out);

/*
 * From now on, the lines of each latt_tmetric_feed() call are searched
 * by @fn (of @ctx), in one batch or more.  0 or -ENOMEM.
 */
int latt_tmetric_search_by(struct latt_tmetric_matcher *m,
			   latt_tmetric_search_fn fn, void *ctx);

/* Search @n bytes of @data, the next of stream @stream. */
void latt_tmetric_feed(struct latt_tmetric_matcher *m, unsigned int stream,
		       const char *data, size_t n);

/* The output has ended: search the last lines, those without an end. */
void latt_tmetric_end(struct latt_tmetric_matcher *m);

/*
 * Every match of @re in the line @s (@len bytes, NUL-terminated), left
 * to right, an empty match moving on by one: @fn gets the offsets of its
 * first group (a match without that group is left out).
 */
void latt_tmetric_each_match(const regex_t *re, const char *s, size_t len,
			     void (*fn)(void *ctx, size_t so, size_t eo),
			     void *ctx);

/* Metric @i of @m matched, its group being @g[0..n): count it. */
void latt_tmetric_found(struct latt_tmetric_matcher *m, size_t i,
			const char *g, size_t n);

/* Free the compiled expressions. */
void latt_tmetric_matcher_free(struct latt_tmetric_matcher *m);

/*
 * Is @s, whole, a plain decimal number (an optional sign, digits with an
 * optional point, an optional exponent; blanks around it allowed)?  Its
 * value in *@v.  Hexadecimal, inf and nan are not numbers here.
 */
bool latt_tmetric_number(const char *s, size_t n, double *v);

#endif /* LATT_MEASURE_TMETRIC_H */
