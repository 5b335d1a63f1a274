/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * latt --against: a run judged against saved results of the other
 * kernel (its baseline), by latt compare's own reader, table and
 * verdicts, so that what latt says at the end is what latt compare says
 * of the baseline and the run's --json file.
 */
#ifndef LATT_COMPARE_AGAINST_H
#define LATT_COMPARE_AGAINST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "compare/compare.h"
#include "compare/profile-read.h"
#include "judge/aggregate.h"
#include "measure/sysinfo.h"
#include "settings/config.h"

struct latt_against {
	struct latt_cmp_file *files;	/* the baseline: files[0..n), each
					   an invocation (a boot) */
	size_t n;
	struct latt_cmp_profile prof;	/* --profile */
	bool profiled;
	struct latt_metric_list ml;	/* the metrics the baseline has */
	struct latt_cmp_budget budget;	/* what the baseline took */
	char note[128];			/* what the profile is used across */
};

/*
 * Read the baseline @paths[0..n) and (@profile, NULL: none) the noise
 * profile into @a, and check that a run of @cfgs[0..ncfgs) on the
 * system @sys compares with it: the setup (clients, waits, work, clock,
 * mechanism, command) and the machine (CPU model and count,
 * clocksource, host, latt's version) the same; the kernel may differ.
 * 0, or -1 with one line in @err naming the file and what differs; @a is
 * freed with latt_against_close() either way.
 */
int latt_against_open(struct latt_against *a, char *const *paths, size_t n,
		      const char *profile, const struct latt_sysinfo *sys,
		      const struct latt_run_cfg *cfgs, size_t ncfgs,
		      char *err, size_t len);

/*
 * Judge the run's document, open in @doc and named @name, against the
 * baseline at @level (and --same-within @within, 0 none): latt compare's table of the baseline (a group of
 * its files) and the run, the line of what verdicts between files take,
 * on @out (NULL: not printed); what it found in @o (its last: the run's
 * configurations), by the metrics of *@ml.  0; -1 with one line in @err
 * when the document cannot be read; -errno of a failed write on @out.
 */
int latt_against_judge(const struct latt_against *a, FILE *doc,
		       const char *name, FILE *out, bool wide, double level,
		       double within, struct latt_metric_list *ml,
		       struct latt_cmp_outcome *o, char *err, size_t len);

void latt_against_close(struct latt_against *a);

#endif /* LATT_COMPARE_AGAINST_H */
