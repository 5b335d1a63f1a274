// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt calibrate: a machine's noise profile.  It runs one setup K times
 * as separate invocations of latt (each a fresh process, its runs within
 * it), or reads saved results of one setup (--from, one file a boot),
 * and estimates for every metric how much runs and invocations differ
 * (judge/profile.h); it writes the profile (report/profile-write.h) and
 * prints what a comparison on this machine can find.  Exit status: 0;
 * 1 for bad usage or a file that cannot be read; 2 when a measurement
 * or the output fails; an invocation's own status when it fails.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/escape.h"
#include "base/util.h"
#include "compare/compare-read.h"
#include "compare/compare.h"
#include "judge/aggregate.h"
#include "judge/profile.h"
#include "judge/verdict.h"
#include "report/output.h"
#include "report/profile-write.h"
#include "run/result.h"
#include "calibrate-main.h"
#include "calibrate-run.h"
#include "options.h"
#include "usage.h"

#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define INVOCATIONS_DEFAULT	5
#define INVOCATIONS_MAX		100
#define PROFILE_DEFAULT		"latt-profile.json"

static void calibrate_usage(FILE *f)
{
	fputs("Usage: latt calibrate [--invocations K] [-o FILE] [OPTION]...\n"
	      "                      [--] [COMMAND [ARG]...]\n"
	      "       latt calibrate [-o FILE] --from FILE.json...\n"
	      "\n"
	      "Measure how much this machine's runs and invocations of latt "
	      "differ, metric\n"
	      "by metric: run latt's measurement K times, each a separate "
	      "invocation with\n"
	      "its runs (-r, 5 unless given), and write the noise profile "
	      "that latt compare\n"
	      "--profile judges two kernels by.  OPTIONs are latt's, of one "
	      "configuration;\n"
	      "a COMMAND runs beside each invocation, as with latt.\n"
	      "\n"
	      "  --invocations K       invocations to run, 2 to 100 "
	      "(default 5)\n"
	      "  -o, --output FILE     the profile (default "
	      PROFILE_DEFAULT ")\n"
	      "  --from FILE.json...   make it from saved results of one "
	      "setup instead,\n"
	      "                        one file an invocation (one boot "
	      "each)\n"
	      "  -h, --help            this help\n"
	      "\n"
	      "Exit status: 0 success, 1 usage error or a file that cannot "
	      "be read, 2 a\n"
	      "measurement or the profile's writing failed, or an "
	      "invocation's own status.\n"
	      "\n"
	      "See latt-verdicts(7) and latt-json(5).\n", f);
}

/* "latt calibrate: " and @fmt's line on standard error. */
static void say(const char *fmt, va_list ap)
{
	fputs("latt calibrate: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

/* A usage error: one line, as latt's own. */
static int __attribute__((format(printf, 1, 2))) bad_usage(const char *fmt,
							    ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(fmt, ap);
	va_end(ap);
	return LATT_EXIT_USAGE;
}

/* Input that cannot make a profile: one line, exit 1. */
static int __attribute__((format(printf, 1, 2))) bad_input(const char *fmt,
							    ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(fmt, ap);
	va_end(ap);
	return LATT_EXIT_USAGE;
}

/* Is @word latt calibrate's option @name (with its value, if any)? */
static bool own_word(const char *word, const char *name, const char **val,
		     bool *next)
{
	size_t n = strlen(name);

	*val = NULL;
	*next = false;
	if (strncmp(word, "--", 2) || strncmp(word + 2, name, n))
		return false;
	if (word[2 + n] == '=')
		*val = word + 3 + n;
	else if (word[2 + n])
		return false;
	else
		*next = true;
	return true;
}

/*
 * Split @argv: calibrate's own options out, latt's (with their values
 * and the command) into c->run.  0, or a usage error's status.
 */
static int split(int argc, char **argv, struct latt_cal *c)
{
	const char *val, *name;
	bool next;
	char *end;
	int i, takes;

	c->run = calloc((size_t)argc + 2, sizeof(*c->run));
	if (!c->run)
		return bad_usage("out of memory");
	c->k = INVOCATIONS_DEFAULT;
	for (i = 1; i < argc; i++) {
		const char *w = argv[i];

		if (!strcmp(w, "-h") || !strcmp(w, "--help")) {
			calibrate_usage(stdout);
			exit(latt_out_close_stdout() ? LATT_EXIT_RUNTIME :
			     LATT_EXIT_OK);
		}
		if (!strcmp(w, "--from")) {
			/* Its files: the words up to the next option. */
			c->from = argv + i + 1;
			for (c->nfrom = 0; i + 1 < argc && argv[i + 1][0] != '-';
			     i++)
				c->nfrom++;
			if (i + 1 < argc && !strcmp(argv[i + 1], "-"))
				return bad_usage("--from reads files, not the "
						 "standard input ('-')");
			continue;
		}
		if (own_word(w, "invocations", &val, &next)) {
			if (next && i + 1 >= argc)
				return bad_usage("--invocations needs a "
						 "value");
			val = next ? argv[++i] : val;
			errno = 0;
			c->k = strtoul(val, &end, 10);
			if (errno || end == val || *end || *val == '-' ||
			    c->k < 2 || c->k > INVOCATIONS_MAX)
				return bad_usage("invalid --invocations value "
						 "'%s': expected 2 to %d",
						 latt_esc(val),
						 INVOCATIONS_MAX);
			c->k_given = true;
			continue;
		}
		takes = latt_opts_word(w, &name);
		if (takes < 0) {
			/* The command, or "--" and the command: latt's. */
			while (i < argc)
				c->run[c->nrun++] = argv[i++];
			break;
		}
		if (name && !strcmp(name, "output") &&
		    (w[1] == '-' || w[1] == 'o')) {
			/* -o FILE, -oFILE, --output[=]FILE: the profile. */
			if (takes && i + 1 >= argc)
				return bad_usage("option '%s' requires an "
						 "argument\nTry 'latt calibrate "
						 "--help' for more information.",
						 latt_esc(w));
			if (c->out)
				return bad_usage("invalid -o value '%s': one "
						 "file, already given",
						 latt_esc(takes ? argv[i + 1] :
							  w));
			c->out = takes ? argv[++i] :
				  w[1] == 'o' ? w + 2 : strchr(w, '=') + 1;
			if (!*c->out)
				return bad_usage("invalid -o value '': "
						 "expected a file name");
			continue;
		}
		if (name && !strcmp(name, "runs"))
			c->runs_given = true;
		c->run[c->nrun++] = argv[i];
		if (takes && i + 1 < argc)
			c->run[c->nrun++] = argv[++i];
	}
	if (c->from && (c->nrun || c->k_given))
		return bad_usage("--from makes the profile from saved "
				 "results: no measurement option%s with it",
				 c->k_given ? " (--invocations)" : "");
	if (c->from && c->nfrom < 2)
		return bad_usage("--from needs two results or more (one an "
				 "invocation), not %d", c->nfrom);
	if (!c->out)
		c->out = PROFILE_DEFAULT;
	return 0;
}

/*
 * latt's options as each invocation takes them, parsed here first so
 * that a bad one is said before anything runs; those that shape a
 * report or a verdict have no place in a profile.
 */
static int check_run(struct latt_cal *c)
{
	static const char *const refused[][2] = {
		{ "json", "--json" }, { "csv", "--csv" },
		{ "quiet", "-q" }, { "label", "--label" },
		{ "verbose", "-v" }, { "interval", "-i" },
		{ "breaktrace", "-b" }, { "explain", "--explain" },
		{ "keep-trace", "--keep-trace" },
		{ "fail-above", "--fail-above" },
		{ "fail-below", "--fail-below" }, { "fail-if", "--fail-if" },
		{ "level", "--level" }, { "long", "-l" },
		{ "per-client", "--per-client" }, { "hist", "--hist" },
		{ "output", "-o" }, { "against", "--against" },
		{ "profile", "--profile" }, { "same-within", "--same-within" },
		{ "decide-on", "--decide-on" },
	};
	struct latt_opts o;
	const char *name, *val;
	char **words;
	size_t i, r;
	int n = 0, ret = 0, takes;

	for (i = 0; i < (size_t)c->nrun; i++) {
		takes = latt_opts_word(c->run[i], &name);
		if (takes < 0)
			break;
		/* -r auto waits for verdicts: a profile has none. */
		val = !takes ? c->run[i] : i + 1 < (size_t)c->nrun ?
		      c->run[i + 1] : "";
		if (name && !strcmp(name, "runs") && strstr(val, "auto"))
			return bad_usage("-r auto: a profile has no verdict "
					 "to wait for (give -r N, the runs "
					 "of an invocation)");
		i += (size_t)takes;
		for (r = 0; name && r < ARRAY_SIZE(refused); r++)
			if (!strcmp(name, refused[r][0]))
				return bad_usage("%s %s: a profile has no "
						 "report, verdict or trace of "
						 "its own%s", refused[r][1],
						 !strcmp(name, "output") ?
						 "given in a cluster" :
						 "is not one of its options",
						 !strcmp(name, "output") ?
						 " (give -o FILE on its own)" :
						 "");
	}
	words = calloc((size_t)c->nrun + 2, sizeof(*words));
	if (!words)
		return bad_usage("out of memory");
	words[n++] = (char *)"latt";
	for (i = 0; i < (size_t)c->nrun; i++)
		words[n++] = c->run[i];
	/* A bad option is said as latt says it, by latt calibrate; exit 1. */
	latt_prog = "latt calibrate";
	latt_opts_parse(&o, n, words);
	latt_prog = "latt";
	if (o.ncfgs > 1)
		ret = bad_usage("%zu configurations: a profile is of one "
				"setup (give one -C, or none)", o.ncfgs);
	else if (c->runs_given && o.runs < 2)
		ret = bad_usage("-r %u: a profile needs 2 runs an invocation "
				"or more, to tell runs from invocations",
				o.runs);
	latt_opts_free(&o);
	free(words);
	return ret;
}

/*
 * Do @files[0..k) make one setup's invocations: one configuration
 * each, of one name, with every fact alike (the measured load aside)?
 * 0, or a usage error's status with one line.
 */
static int one_setup(const struct latt_cmp_file *files, size_t k)
{
	size_t i, f;

	for (i = 0; i < k; i++) {
		if (files[i].ncfgs != 1)
			return bad_input("%s: %zu configurations: a profile "
					 "is of one (one configuration a "
					 "file)", latt_esc(files[i].path),
					 files[i].ncfgs);
		if (strcmp(files[i].cfgs[0].name, files[0].cfgs[0].name))
			return bad_input("%s: configuration '%s', not '%s' of "
					 "%s: a profile is of one setup",
					 latt_esc(files[i].path),
					 latt_esc(files[i].cfgs[0].name),
					 latt_esc(files[0].cfgs[0].name),
					 latt_esc(files[0].path));
		if (strcmp(files[i].cfgs[0].settings,
			   files[0].cfgs[0].settings))
			return bad_input("%s: settings '%s', not '%s' of %s: "
					 "a profile is of one setup",
					 latt_esc(files[i].path),
					 latt_esc(files[i].cfgs[0].settings),
					 latt_esc(files[0].cfgs[0].settings),
					 latt_esc(files[0].path));
		for (f = 0; f < LATT_CF_COUNT; f++) {
			if (f == LATT_CF_LOAD ||
			    !strcmp(files[i].fact[f], files[0].fact[f]))
				continue;
			return bad_input("%s: %s %s, not %s as in %s: a "
					 "profile is of one setup on one "
					 "machine", latt_esc(files[i].path),
					 latt_cmp_fact_name(f),
					 files[i].fact[f], files[0].fact[f],
					 latt_esc(files[0].path));
		}
		if (files[i].cfgs[0].nruns < 1)
			return bad_input("%s: no run in it",
					 latt_esc(files[i].path));
	}
	return 0;
}

/* Read a line of /sys, its newline dropped; NULL if it cannot. */
static char *sys_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");
	char *s = NULL;

	if (f && fgets(buf, (int)len, f)) {
		buf[strcspn(buf, "\n")] = '\0';
		s = buf;
	}
	if (f)
		fclose(f);
	return s;
}

/* Judged metrics: those of @ml with a direction that @p knows. */
static size_t judged(const struct latt_metric_list *ml,
		     const struct latt_profile *p)
{
	size_t m, n = 0;

	for (m = 0; m < ml->n; m++)
		n += p->m[m].known && ml->m[m].better != LATT_BETTER_NONE;
	return n ? n : 1;
}

/* A log variance as a factor's one standard deviation: "±9.2%". */
static void pm(double var, char *buf, size_t len)
{
	snprintf(buf, len, "+-%.1f%%", 100 * expm1(sqrt(var)));
}

/* One cell of the table of what a comparison finds: "+25%". */
static void smallest(const struct latt_metric_list *ml,
		     const struct latt_profile *p, const char *name,
		     size_t k, size_t r, char *buf, size_t len)
{
	size_t m;
	double v;

	m = latt_metrics_find(ml, name);
	v = m < ml->n ? latt_profile_smallest(&p->m[m], k, r,
					      judged(ml, p),
					      LATT_VERDICT_CONFIDENCE) : NAN;
	/* Rounded up: a change that small is not quite found so often. */
	if (isnan(v))
		snprintf(buf, len, "-");
	else if (v >= 999)
		snprintf(buf, len, ">x1000");
	else if (v >= 10)
		snprintf(buf, len, "x%.0f", ceil(v + 1));
	else
		snprintf(buf, len, "+%.0f%%", ceil(100 * v - 1e-9));
}

/*
 * Degrees of freedom @df as the summary says them, "2.5": below 0.05,
 * "<0.1" (a variance barely above its runs' part: next to none).
 */
static const char *df_text(double df, char *buf, size_t len)
{
	snprintf(buf, len, "%s%.1f", df < 0.05 ? "<" : "", fmax(df, 0.1));
	return buf;
}

/*
 * Fewer than 5 invocations, 3 runs each, or 3 degrees of freedom for
 * p50's or p99's invocation: said, each, since invocations that happened
 * to agree make a profile that is too sure (normal-law degrees of
 * freedom do not cover a tail that jumps from run to run); @from: of
 * saved results (more files, not --invocations).
 */
static void thin(const struct latt_metric_list *ml,
		 const struct latt_profile *p, bool from)
{
	bool few = p->invocations < 5 ||
		   (double)p->runs < 3.0 * (double)p->invocations;
	struct latt_wrap w = { .f = stdout, .cols = 80 };
	size_t m, low = 0, off = 0;
	char df[16], line[512] = "";

	if (few)
		off = (size_t)snprintf(line, sizeof(line), "Few to go by: %zu "
				       "invocations, %zu runs in all",
				       p->invocations, p->runs);
	for (m = 0; m < ml->n && off < sizeof(line); m++) {
		if (!p->m[m].known || !(p->m[m].inv_df < 3) ||
		    (strcmp(ml->m[m].name, "p50") &&
		     strcmp(ml->m[m].name, "p99")))
			continue;
		off += (size_t)snprintf(line + off, sizeof(line) - off,
					"%s%s %s", low++ ? ", " : few ?
					"; an invocation's degrees of freedom "
					: "Few to go by: an invocation's "
					"degrees of freedom ", ml->m[m].name,
					df_text(p->m[m].inv_df, df,
						sizeof(df)));
	}
	if (!few && !low)
		return;
	/* In 80 columns: with --from, the files' counts make it long. */
	if (off + 1 < sizeof(line))
		strcat(line, ".");
	latt_wrap_words(&w, line);
	printf("\nFew invocations know their spread badly (verdicts too "
	       "sure where they happened\nto agree, too wide where they "
	       "differed): %s\n", from ? "more boots' files (5 or more, of\n"
	       "3 runs or more each) measure it." : "--invocations 8 -r5 or "
	       "more.");
}

/* The summary: one screen. */
static void summary(const struct latt_metric_list *ml,
		    const struct latt_profile *p,
		    const struct latt_cmp_file *f, const char *out, bool from,
		    const char *none)
{
	static const size_t ks[] = { 1, 2, 4 }, rs[] = { 5, 10 };
	struct latt_wrap w = { .f = stdout, .cols = 80, .indent = 2 };
	char run[32], inv[32], a[16], b[16], df[16], head[128], *kernel;
	size_t m, i, j;

	/* Latt's words, then the files' names whole, in 80 columns. */
	snprintf(head, sizeof(head), "latt calibrate: %zu invocations, %zu "
		 "runs in all, of", p->invocations, p->runs);
	latt_wrap_words(&w, head);
	snprintf(head, sizeof(head), "'%s'", f->cfgs[0].name);
	latt_wrap_word(&w, head);
	latt_wrap_word(&w, "on");
	latt_wrap_word(&w, f->fact[LATT_CF_HOST]);
	if (asprintf(&kernel, "(%s)", f->fact[LATT_CF_KERNEL]) < 0)
		kernel = NULL;
	latt_wrap_word(&w, kernel ? kernel : "");
	free(kernel);
	printf("\n\n");
	printf("How much a figure differs, one standard deviation:\n");
	printf("  %-10s %-10s %-16s %s\n", "metric", "a run", "an invocation",
	       "(its degrees of freedom)");
	for (m = 0; m < ml->n; m++) {
		/* A count (entries) has no verdict to take its noise. */
		if (!p->m[m].known || ml->m[m].better == LATT_BETTER_NONE)
			continue;
		pm(p->m[m].run + p->m[m].noise, run, sizeof(run));
		pm(p->m[m].inv, inv, sizeof(inv));
		printf("  %-10s %-10s %-16s (%s)\n", ml->m[m].name, run, inv,
		       df_text(p->m[m].inv_df, df, sizeof(df)));
	}
	for (m = 0; m < ml->n; m++)
		if (p->m[m].known && ml->m[m].better != LATT_BETTER_NONE &&
		    !(100 * expm1(sqrt(p->m[m].inv)) >= 0.05))
			break;
	if (m < ml->n)
		printf("+-0.0%%: invocations that varied no more than their "
		       "runs make them vary\n(the verdicts take what their "
		       "means varied by, runs and all).\n");
	fputs(none, stdout);
	thin(ml, p, from);
	printf("\nWhat a comparison of two kernels finds 4 times in 5 on this "
	       "machine\n(the smallest change worse, p50 / p99):\n");
	/* The last column unpadded: no blanks at the lines' ends. */
	printf("  %-20s", "invocations a side");
	for (j = 0; j < ARRAY_SIZE(rs); j++)
		printf(" %-*s", j + 1 < ARRAY_SIZE(rs) ? 18 : 0,
		       j ? "10 runs each" : "5 runs each");
	putchar('\n');
	for (i = 0; i < ARRAY_SIZE(ks); i++) {
		printf("  %-20zu", ks[i]);
		for (j = 0; j < ARRAY_SIZE(rs); j++) {
			char cell[40];

			smallest(ml, p, "p50", ks[i], rs[j], a, sizeof(a));
			smallest(ml, p, "p99", ks[i], rs[j], b, sizeof(b));
			snprintf(cell, sizeof(cell), "%s / %s", a, b);
			printf(" %-*s", j + 1 < ARRAY_SIZE(rs) ? 18 : 0, cell);
		}
		putchar('\n');
	}
	printf("\nProfile: %s (latt compare --profile %s A.json B.json)\n"
	       "Boots a side for a change of PCT%%: latt compare --plan PCT "
	       "--profile %s\n", latt_esc(out), latt_esc(out), latt_esc(out));
}

/*
 * Metrics of @ml that two invocations @a and @b of the setup could get
 * no verdict on, whatever their runs (too few samples for a percentile):
 * no noise of theirs to measure, left out of @p and said, once each,
 * with why.
 */
static void unjudged(const struct latt_metric_list *ml,
		     const struct latt_vcfg *a, const struct latt_vcfg *b,
		     struct latt_profile *p, char *buf, size_t len)
{
	struct latt_verdict v[LATT_METRICS_MAX];
	const char *sep = "Left out, as no verdict of this setup takes them:\n  ";
	size_t m, o = 0;

	buf[0] = '\0';
	if (latt_verdicts(ml, a, b, LATT_VERDICT_CONFIDENCE, v))
		return;
	for (m = 0; m < ml->n && o < len; m++) {
		if (!p->m[m].known || ml->m[m].better == LATT_BETTER_NONE ||
		    v[m].kind != LATT_V_NONE || !v[m].lasting)
			continue;
		p->m[m].known = false;
		o += (size_t)snprintf(buf + o, len - o, "%s%s: %s", sep,
				      ml->m[m].name, v[m].why);
		sep = ";\n  ";
	}
	if (o && o < len)
		snprintf(buf + o, len - o, ".\nRuns of more samples (-t, -c) "
			 "would have them.\n");
}

/* The profile of @files[0..k) made, written to c->out and summed up. */
static int profile(const struct latt_cal *c, struct latt_metric_list *ml,
		   struct latt_cmp_file *files, size_t k,
		   const char *const *sources, struct latt_out *out)
{
	const struct latt_vrun **runs = calloc(k, sizeof(*runs));
	struct latt_vcfg *v = calloc(k, sizeof(*v));
	struct latt_agg_cfg *agg = calloc(k, sizeof(*agg));
	size_t *n = calloc(k, sizeof(*n)), i, f;
	struct latt_profile p;
	struct latt_profile_doc d = {
		.ml = ml, .p = &p, .argc = c->argc, .argv = c->argv,
		.tool = "latt",
		.sources = sources, .runs = n, .date = time(NULL),
	};
	char smt[64], gov[64], none[1024];
	int ret = LATT_EXIT_RUNTIME, err = -ENOMEM;

	if (!runs || !v || !agg || !n)
		goto out;
	for (i = 0; i < k; i++) {
		const struct latt_cmp_cfg *cc = &files[i].cfgs[0];

		err = latt_cmp_agg(ml, cc->name, &cc, 1, &agg[i]);
		if (err || (err = latt_cmp_vcfg(ml, &cc, 1, &agg[i], &v[i])))
			goto out;
		v[i].invocation = (unsigned int)i;
		runs[i] = v[i].runs;
		n[i] = v[i].nruns;
	}
	latt_profile_estimate(ml, runs, n, k, &p);
	unjudged(ml, &v[0], &v[1], &p, none, sizeof(none));
	d.config = files[0].cfgs[0].name;
	d.settings = files[0].cfgs[0].settings;
	for (f = 0; f < LATT_CF_COUNT; f++) {
		if (f == LATT_CF_LOAD)
			continue;
		d.key[d.nfacts] = latt_cmp_fact_key(f);
		d.val[d.nfacts++] = files[0].fact[f];
	}
	if (!sources) {
		d.smt = sys_line("/sys/devices/system/cpu/smt/control", smt,
				 sizeof(smt));
		d.governor = sys_line("/sys/devices/system/cpu/cpu0/cpufreq/"
				      "scaling_governor", gov, sizeof(gov));
	}
	for (i = 0; i < ml->n && !p.m[i].known; i++)
		;
	if (i == ml->n) {
		fprintf(stderr, "latt calibrate: no metric has a noise to "
			"estimate: every invocation needs its runs to have "
			"each figure, and one invocation two runs or more\n");
		ret = LATT_EXIT_USAGE;
		goto out;
	}
	err = latt_profile_write(out->f, &d);
	if (!err)
		err = latt_out_commit(out);
	if (err) {
		fprintf(stderr, "latt calibrate: write error on %s: %s\n",
			latt_esc(c->out), strerror(-err));
		goto out;
	}
	summary(ml, &p, &files[0], c->out, c->from != NULL, none);
	err = latt_out_close_stdout();
	if (err)
		fprintf(stderr, "latt calibrate: write error on standard "
			"output: %s\n", strerror(-err));
	ret = err ? LATT_EXIT_RUNTIME : LATT_EXIT_OK;
	err = 0;
out:
	if (err == -ENOMEM)
		fprintf(stderr, "latt calibrate: out of memory\n");
	for (i = 0; v && i < k; i++)
		latt_vcfg_free(&v[i]);
	free(v);
	free(agg);
	free(runs);
	free(n);
	return ret;
}

int latt_calibrate_main(const char *argv0, int argc, char **argv)
{
	struct latt_cal c = { .argc = argc, .argv = argv };
	struct latt_cmp_budget budget = { 0, 0 };
	struct latt_cmp_file *files = NULL;
	struct latt_metric_list ml;
	struct latt_out out = { 0 };
	char (*paths)[64] = NULL, err[512];
	int *fds = NULL, ret;
	size_t k, i, j;

	ret = split(argc, argv, &c);
	if (!ret && !c.from)
		ret = check_run(&c);
	if (!ret && !c.from && !(c.self = latt_cal_self(argv0))) {
		fprintf(stderr, "latt calibrate: cannot find latt to run it "
			"again (/proc/self/exe): %s\n", strerror(errno));
		ret = LATT_EXIT_RUNTIME;
	}
	if (ret)
		goto out;
	/* A bad path fails before minutes of measuring. */
	ret = latt_out_open(&out, c.out);
	if (ret) {
		fprintf(stderr, "latt calibrate: cannot write %s: %s\n",
			latt_esc(c.out), strerror(-ret));
		ret = LATT_EXIT_RUNTIME;
		goto out;
	}
	k = c.from ? (size_t)c.nfrom : c.k;
	files = calloc(k, sizeof(*files));
	paths = calloc(k, sizeof(*paths));
	fds = malloc(k * sizeof(*fds));
	if (!files || !paths || !fds) {
		fprintf(stderr, "latt calibrate: out of memory\n");
		ret = LATT_EXIT_RUNTIME;
		goto out_file;
	}
	for (i = 0; i < k; i++)
		fds[i] = -1;
	if (!c.from) {
		ret = latt_cal_measure(&c, paths, fds);
		if (latt_cal_caught) {
			latt_out_abort(&out);
			fprintf(stderr, "latt calibrate: stopped by signal %d "
				"(%s): no profile written\n",
				(int)latt_cal_caught,
				strsignal(latt_cal_caught));
			signal(latt_cal_caught, SIG_DFL);
			raise(latt_cal_caught);
			ret = LATT_EXIT_RUNTIME;
			goto out_file;
		}
		if (ret)
			goto out_file;
	}
	latt_metrics_init(&ml);
	for (i = 0; i < k; i++) {
		const char *path = c.from ? c.from[i] : paths[i];

		if (!latt_cmp_read(&files[i], path, &ml, &budget, err,
				   sizeof(err)))
			continue;
		if (c.from)
			fprintf(stderr, "latt calibrate: %s: %s\n",
				latt_esc(path), latt_esc(err));
		else
			fprintf(stderr, "latt calibrate: invocation %zu's "
				"result: %s\n", i + 1, latt_esc(err));
		ret = c.from ? LATT_EXIT_USAGE : LATT_EXIT_RUNTIME;
		goto out_file;
	}
	/* A document twice would count as two invocations that agree. */
	if (c.from && latt_cmp_twice(files, k, &i, &j)) {
		fprintf(stderr, "latt calibrate: %s: the same document as %s: "
			"each file is one invocation (a boot), given once\n",
			latt_esc(c.from[j]), latt_esc(c.from[i]));
		ret = LATT_EXIT_USAGE;
		goto out_file;
	}
	ret = one_setup(files, k);
	if (!ret)
		ret = profile(&c, &ml, files, k,
			      (const char *const *)c.from, &out);
out_file:
	latt_out_abort(&out);
	for (i = 0; files && i < k; i++)
		latt_cmp_file_free(&files[i]);
	for (i = 0; fds && i < k; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	free(files);
	free(paths);
	free(fds);
out:
	free((char *)c.self);
	free(c.run);
	return ret;
}
