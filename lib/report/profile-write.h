/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A machine's noise profile as a JSON document (latt-json(5), "THE
 * NOISE PROFILE"): what latt calibrate writes and latt compare --profile
 * reads back (compare/profile-read.h).
 */
#ifndef LATT_REPORT_PROFILE_WRITE_H
#define LATT_REPORT_PROFILE_WRITE_H

#include <stddef.h>
#include <stdio.h>
#include <time.h>

#include "judge/aggregate.h"
#include "judge/profile.h"

/* The profile's version: a reader refuses another. */
#define LATT_PROFILE_VERSION	1

/* At most this many facts of the setup and the machine. */
#define LATT_PROFILE_FACTS	32

/* What a profile document holds beside the estimates. */
struct latt_profile_doc {
	const struct latt_metric_list *ml;	/* the metrics of ... */
	const struct latt_profile *p;		/* ... these estimates */
	const char *config;		/* the configuration's name */
	const char *settings;		/* as -C takes them; "" for none */
	/* The setup's and the machine's facts, as latt compare shows them
	 * (compare/compare.h: the keys of latt_cmp_fact_key()). */
	const char *key[LATT_PROFILE_FACTS];
	const char *val[LATT_PROFILE_FACTS];
	size_t nfacts;
	const char *smt;		/* "on", "off", ...; NULL: not read */
	const char *governor;		/* cpu0's; NULL: not read */
	const char *tool;		/* the command line that made it: */
	int argc;			/* @tool, then @argv[0..argc) */
	char **argv;
	const char *const *sources;	/* --from's files; NULL: measured */
	const size_t *runs;		/* each invocation's runs */
	time_t date;
};

/*
 * Write @d to @f, pretty-printed, ending in a newline.  0, -ENOMEM, or
 * -errno of a failed write.
 */
int latt_profile_write(FILE *f, const struct latt_profile_doc *d);

#endif /* LATT_REPORT_PROFILE_WRITE_H */
