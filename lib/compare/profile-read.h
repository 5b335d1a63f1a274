/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A machine's noise profile read back (latt compare --profile): the
 * document report/profile-write.h writes, every value checked as
 * compare's results are (compare/compare-read.h), before a verdict takes
 * its variances.
 */
#ifndef LATT_COMPARE_PROFILE_READ_H
#define LATT_COMPARE_PROFILE_READ_H

#include <stddef.h>
#include <stdio.h>
#include <time.h>

#include "compare/compare.h"
#include "judge/aggregate.h"
#include "judge/profile.h"

struct latt_cmp_profile {
	const char *path;		/* as given, not escaped */
	char sha256[65];		/* its bytes' SHA-256, in hex */
	struct latt_profile p;		/* by the index of the list read
					   with */
	char *fact[LATT_CF_COUNT];	/* escaped; NULL: not in it */
	char *config;			/* escaped */
	char *date;			/* "2026-12-06T16:30:00Z" */
	time_t when;			/* the same */
	size_t nmetrics;		/* metrics it has, of any list */
};

/*
 * Read @path into @pr, the metrics of @ml taken by their names (those
 * it lacks stay unknown).  0, or -1 with one line in @err: not JSON,
 * too large, not latt's, a result rather than a profile, another
 * version, or a field missing, of the wrong type or out of what it can
 * be (a variance negative or not finite, degrees of freedom not above
 * 0, fewer than two invocations).  What it takes is added to @b.  @pr
 * is freed with latt_cmp_profile_free() either way.
 */
int latt_cmp_profile_read(struct latt_cmp_profile *pr, const char *path,
			  const struct latt_metric_list *ml,
			  struct latt_cmp_budget *b, char *err, size_t len);

/*
 * May @pr judge @files[0..n)?  It must be of their setup on their
 * machine: the same clients, waits, work, duration, clock, mechanism,
 * command and own waits; the same CPU model and count, clocksource and
 * host (the kernel, its settings and the scheduler are what is
 * compared); a fact a file lacks (NULL: a run not yet made) is not
 * held against it.  0, with in @note (@nlen bytes) what differs that it is
 * used across (another latt version; "" for nothing); or -1 with the
 * first difference in @err.
 */
int latt_cmp_profile_check(const struct latt_cmp_profile *pr,
			   const struct latt_cmp_file *files, size_t n,
			   char *err, size_t len, char *note, size_t nlen);

void latt_cmp_profile_free(struct latt_cmp_profile *pr);

/*
 * The line under a table of @n files (none for one) that says what
 * verdicts between files were judged by: the profile @pr (its file,
 * date, invocations, its invocation's p50 and p99 as +-%, its age; then
 * @note, what differs that it is used across), pooled with the groups'
 * own spread where every row is of several files (@o's single false),
 * or (@pr NULL) the floors, where a row is of one file; and, with a
 * profile, a line naming the metrics whose runs spread more than it
 * (@o's more) and where the invocation's part was scaled (@o's scaled).
 */
void latt_cmp_profile_line(FILE *out, const struct latt_metric_list *ml,
			   const struct latt_cmp_profile *pr, size_t n,
			   const char *note, const struct latt_cmp_outcome *o);

#endif /* LATT_COMPARE_PROFILE_READ_H */
