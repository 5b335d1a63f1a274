// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt --against; see compare/against.h.  The run is checked before it
 * starts by the facts a document of it would have, made by the same
 * code that makes them of a document read; it is judged by reading the
 * document latt writes of it, as latt compare would read its --json
 * file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/against.h"
#include "base/escape.h"
#include "compare/compare-read.h"
#include "compare/compare-table.h"
#include "compare/compare.h"
#include "compare/profile-read.h"
#include "judge/aggregate.h"
#include "measure/clock.h"
#include "measure/sysinfo.h"
#include "measure/wake.h"
#include "settings/config.h"

/* What must be the same for a run to be judged against a baseline. */
static const enum latt_cmp_fact setup[] = {
	LATT_CF_CLIENTS, LATT_CF_WAIT, LATT_CF_WORK, LATT_CF_DURATION,
	LATT_CF_CLOCK, LATT_CF_MECHANISM, LATT_CF_COMMAND, LATT_CF_CPU_MODEL,
	LATT_CF_CPUS, LATT_CF_CLOCKSOURCE, LATT_CF_HOST, LATT_CF_VERSION,
};

static char *esc_dup(const char *s)
{
	return latt_escape_dup(s, strlen(s));
}

/* The parameters' texts of configuration @c, into @p. */
static int plan_cfg(const struct latt_run_cfg *c, struct latt_cmp_cfg *p)
{
	struct latt_cmp_params par = {
		.clients = c->clients, .min_wait_ns = c->min_wait_ns,
		.max_wait_ns = c->max_wait_ns, .work_bytes = c->work_bytes,
		.bounded = c->duration_ns != 0, .duration_ns = c->duration_ns,
		.clock = latt_clock_id_name(c->clock),
		.mechanism = latt_wake_name(c->mechanism),
		.threads = c->threads,
	};

	p->name = esc_dup(c->name);
	if (c->cmd_argc && !(p->command = esc_dup(c->cmd_display)))
		return -ENOMEM;
	par.command = p->command;
	if (!p->name)
		return -ENOMEM;
	return latt_cmp_params_text(&par, p->param);
}

/*
 * The facts a document of a run of @cfgs[0..n) on @sys would have, into
 * @p; a parameter the configurations do not share is "per
 * configuration", as in a document read.
 */
static int plan(struct latt_cmp_file *p, const struct latt_sysinfo *sys,
		const struct latt_run_cfg *cfgs, size_t n)
{
	size_t i, k;

	p->path = "this run";
	p->fact[LATT_CF_KERNEL] = esc_dup(sys->kernel);
	p->fact[LATT_CF_HOST] = esc_dup(sys->hostname);
	p->fact[LATT_CF_CPU_MODEL] = esc_dup(sys->cpu_model);
	p->fact[LATT_CF_CLOCKSOURCE] = esc_dup(sys->clocksource);
	p->fact[LATT_CF_VERSION] = esc_dup(PACKAGE_VERSION);
	if (asprintf(&p->fact[LATT_CF_CPUS], "%u", sys->cpus) < 0)
		p->fact[LATT_CF_CPUS] = NULL;
	p->cfgs = calloc(n, sizeof(*p->cfgs));
	if (!p->cfgs)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		p->ncfgs++;
		if (plan_cfg(&cfgs[i], &p->cfgs[i]))
			return -ENOMEM;
	}
	for (k = LATT_CF_CLIENTS; k <= LATT_CF_COMMAND; k++) {
		for (i = 1; i < n; i++)
			if (strcmp(p->cfgs[i].param[k], p->cfgs[0].param[k]))
				break;
		p->fact[k] = strdup(i < n ? "per configuration" :
				    p->cfgs[0].param[k]);
	}
	for (k = 0; k < sizeof(setup) / sizeof(setup[0]); k++)
		if (!p->fact[setup[k]])
			return -ENOMEM;
	return p->fact[LATT_CF_KERNEL] ? 0 : -ENOMEM;
}

/*
 * Does fact @f of the run planned @p differ from baseline file @b's?
 * Into @was and @is what each says.  A parameter either has "per
 * configuration" is matched configuration by configuration: against the
 * baseline's of the same name (a sweep run again), else against its
 * first, which a configuration it lacks is judged against (as latt
 * compare judges each row against its first); the clock -k auto
 * chooses is only known once a run has chosen.
 */
static bool differs(const struct latt_cmp_file *p,
		    const struct latt_cmp_file *b, enum latt_cmp_fact f,
		    const char **was, const char **is)
{
	const char *many = "per configuration";
	size_t i, j;

	*was = b->fact[f];
	*is = p->fact[f];
	if (f == LATT_CF_CLOCK && !strcmp(*is, "auto"))
		return false;
	if (f < LATT_CF_CLIENTS || (strcmp(*is, many) && strcmp(*was, many)))
		return strcmp(*was, *is) != 0;
	for (i = 0; i < p->ncfgs && b->ncfgs; i++) {
		for (j = 0; j < b->ncfgs; j++)
			if (!strcmp(p->cfgs[i].name, b->cfgs[j].name))
				break;
		*is = p->cfgs[i].param[f];
		*was = b->cfgs[j < b->ncfgs ? j : 0].param[f];
		if (f == LATT_CF_CLOCK && !strcmp(*is, "auto"))
			continue;
		if (strcmp(*was, *is))
			return true;
	}
	return false;
}

/* Is each baseline file of @a of the setup and machine of @p?  Said. */
static int check(const struct latt_against *a, const struct latt_cmp_file *p,
		 char *err, size_t len)
{
	const char *was, *is;
	size_t i, j;

	for (i = 0; i < a->n; i++)
		for (j = 0; j < sizeof(setup) / sizeof(setup[0]); j++) {
			if (!differs(p, &a->files[i], setup[j], &was, &is))
				continue;
			snprintf(err, len, "--against %s: not of this %s: %s "
				 "%s there, %s here",
				 latt_esc(a->files[i].path),
				 setup[j] >= LATT_CF_CLIENTS ? "setup" :
				 "machine", latt_cmp_fact_name(setup[j]), was,
				 is);
			return -1;
		}
	return 0;
}

/*
 * Profile @profile read into @a, and refused unless of the setup of the
 * baseline's files and of this run (@p) both: a run's duration may
 * differ from the baseline's, not from its profile's.  The clock -k auto
 * will choose is taken to be the profile's (the run's own figures say).
 */
static int profiled(struct latt_against *a, struct latt_cmp_file *p,
		    const char *profile, char *err, size_t len)
{
	char why[448], note[128], *clock = p->fact[LATT_CF_CLOCK];
	const char *was;
	int ret;

	a->profiled = true;
	if (latt_cmp_profile_read(&a->prof, profile, &a->ml, &a->budget, why,
				  sizeof(why))) {
		snprintf(err, len, "--profile %s: %s", latt_esc(profile), why);
		return -1;
	}
	was = a->prof.fact[LATT_CF_CLOCK];
	if (was && !strcmp(clock, "auto"))
		p->fact[LATT_CF_CLOCK] = (char *)was;
	ret = latt_cmp_profile_check(&a->prof, a->files, a->n, why,
				     sizeof(why), a->note, sizeof(a->note)) ||
	      latt_cmp_profile_check(&a->prof, p, 1, why, sizeof(why),
				     note, sizeof(note));
	p->fact[LATT_CF_CLOCK] = clock;
	if (ret)
		snprintf(err, len, "--profile %s: %s", latt_esc(profile), why);
	return ret ? -1 : 0;
}

int latt_against_open(struct latt_against *a, char *const *paths, size_t n,
		      const char *profile, const struct latt_sysinfo *sys,
		      const struct latt_run_cfg *cfgs, size_t ncfgs,
		      char *err, size_t len)
{
	struct latt_cmp_file p = { 0 };
	char why[448];
	size_t i, k;
	int ret;

	memset(a, 0, sizeof(*a));
	latt_metrics_init(&a->ml);
	a->files = calloc(n, sizeof(*a->files));
	if (!a->files) {
		snprintf(err, len, "out of memory");
		return -1;
	}
	for (i = 0; i < n; i++) {
		a->n++;
		if (!latt_cmp_read(&a->files[i], paths[i], &a->ml, &a->budget,
				   why, sizeof(why)))
			continue;
		snprintf(err, len, "--against %s: %s", latt_esc(paths[i]),
			 why);
		return -1;
	}
	if (latt_cmp_twice(a->files, a->n, &i, &k)) {
		snprintf(err, len, "--against %s: the same document as %s: "
			 "each file is one invocation (a boot), given once",
			 latt_esc(paths[k]), latt_esc(paths[i]));
		return -1;
	}
	if (plan(&p, sys, cfgs, ncfgs)) {
		latt_cmp_file_free(&p);
		snprintf(err, len, "out of memory");
		return -1;
	}
	ret = check(a, &p, err, len);
	if (!ret && profile)
		ret = profiled(a, &p, profile, err, len);
	latt_cmp_file_free(&p);
	return ret;
}

int latt_against_judge(const struct latt_against *a, FILE *doc,
		       const char *name, FILE *out, bool wide, double level,
		       double within, struct latt_metric_list *ml,
		       struct latt_cmp_outcome *o, char *err, size_t len)
{
	struct latt_cmp_budget b = a->budget;
	size_t sizes[2] = { a->n, 1 };
	struct latt_cmp_file *files;
	int ret;

	*ml = a->ml;
	files = calloc(a->n + 1, sizeof(*files));
	if (!files) {
		snprintf(err, len, "out of memory");
		return -1;
	}
	memcpy(files, a->files, a->n * sizeof(*files));
	if (latt_cmp_read_stream(&files[a->n], name, doc, ml, &b, err, len)) {
		latt_cmp_file_free(&files[a->n]);
		free(files);
		return -1;
	}
	/* As latt compare A.json B.json, A1 A2 -- B.json; @out NULL: judged. */
	ret = latt_cmp_print(out, ml, files, a->n + 1, a->n > 1 ? sizes : NULL,
			     2, level, within, wide ? LATT_CMP_WIDE :
			     LATT_CMP_TABLE, a->profiled ? &a->prof.p : NULL, o);
	if (!ret && out) {
		latt_cmp_profile_line(out, ml, a->profiled ? &a->prof : NULL,
				      a->n + 1, a->note, o);
		if (fflush(out) || ferror(out))
			ret = -EIO;
	}
	latt_cmp_file_free(&files[a->n]);
	free(files);
	if (ret)
		snprintf(err, len, "%s", strerror(-ret));
	return ret;
}

void latt_against_close(struct latt_against *a)
{
	size_t i;

	for (i = 0; i < a->n; i++)
		latt_cmp_file_free(&a->files[i]);
	free(a->files);
	if (a->profiled)
		latt_cmp_profile_free(&a->prof);
	memset(a, 0, sizeof(*a));
}
