// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt compare FILE.json...: its command line (getopt_long), reading the
 * files and printing their table (lib/compare/compare.c) or their distributions
 * (--cdf).  Exit status: 0; 1 for bad usage or a file that cannot be
 * read; 2 when the output cannot be written; with --fail-if, 7 when the
 * files do not compare, else 6 when a row is worse than the first.
 */
#include <errno.h>
#include <math.h>
#include <time.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "compare/compare-read.h"
#include "compare/compare.h"
#include "compare/profile-read.h"
#include "judge/aggregate.h"
#include "judge/verdict-ask.h"
#include "judge/verdict.h"
#include "report/output.h"
#include "run/result.h"
#include "compare-main.h"

static void compare_usage(FILE *f)
{
	fputs("Usage: latt compare [-l] [--cdf] [--fail-if COND]... "
	      "[--level PCT]\n"
	      "                    [--profile FILE] FILE.json...\n"
	      "\n"
	      "Put the configurations of results saved by latt --json side "
	      "by side:\n"
	      "whether they compare, the median of each configuration's "
	      "runs, each\n"
	      "marked with its verdict against the first row (better, worse, "
	      "can't\n"
	      "tell), and the changes that are better or worse with their "
	      "intervals\n"
	      "(95% for a row's metrics together; each file counts as a "
	      "separate\n"
	      "invocation of latt).\n"
	      "\n"
	      "  -l, --long            every fact of the files, every metric, "
	      "the\n"
	      "                        ratios and every verdict (the wide "
	      "table)\n"
	      "  --cdf                 each configuration's distribution, for "
	      "plotting\n"
	      "  --fail-if worse[=METRIC[,METRIC...]]\n"
	      "                        exit 6 when a row is worse than the "
	      "first\n"
	      "                        (in any metric, or in those named)\n"
	      "  --fail-if incomparable\n"
	      "                        exit 7 when the files differ in what "
	      "must match\n"
	      "  --level PCT           the verdicts' level, above 50 and "
	      "below 100\n"
	      "                        (default 95: a false worse about 1 in "
	      "20 at most)\n"
	      "  --profile FILE        judge files by this machine's noise "
	      "profile, made\n"
	      "                        by latt calibrate (without it: fixed "
	      "floors)\n"
	      "  -h, --help            this help\n"
	      "\n"
	      "See latt-verdicts(7) and latt-report(7).\n", f);
}

/* A usage error: @why (escaped by the caller), then the usage. */
static int bad_usage(const char *why, const char *what)
{
	fprintf(stderr, "latt compare: %s%s%s%s\n", why, what ? " '" : "",
		what ? what : "", what ? "'" : "");
	compare_usage(stderr);
	return LATT_EXIT_USAGE;
}

/* A bad value @arg of option @opt, @why; then the usage. */
static int bad_value(const char *opt, const char *arg, const char *why)
{
	fprintf(stderr, "latt compare: invalid %s value '%s': %s\n", opt,
		latt_esc(arg), why);
	compare_usage(stderr);
	return LATT_EXIT_USAGE;
}

/*
 * The option getopt refused, as given: "--frobnicate", or "-a" out of a
 * cluster such as "-ab", where optind may still point at the cluster.
 */
static const char *bad_word(int argc, char **argv)
{
	static char shrt[3] = "-";
	const char *word = optind > 1 && optind <= argc ? argv[optind - 1] :
			   "";

	if (!strncmp(word, "--", 2) && word[2])
		return word;
	shrt[1] = (char)optopt;
	return shrt;
}

/* Print the table (or with @cdf the distributions) of @files[0..n). */
/*
 * The line under the table that says what verdicts between files were
 * judged by: @pr's noise, or the floors.
 */
static void profile_line(const struct latt_metric_list *ml,
			 const struct latt_cmp_profile *pr, size_t n,
			 const char *note)
{
	char inv[64] = "";
	const char *names[] = { "p50", "p99" };
	double days;
	size_t m, i;

	if (n < 2)
		return;
	if (!pr) {
		printf("Between files, verdicts take fixed floors: latt "
		       "calibrate measures this machine's noise (--profile)."
		       "\n");
		return;
	}
	for (i = 0; i < 2; i++)
		for (m = 0; m < ml->n; m++)
			if (!strcmp(ml->m[m].name, names[i]) &&
			    pr->p.m[m].known)
				snprintf(inv + strlen(inv),
					 sizeof(inv) - strlen(inv),
					 "%s %s +-%.0f%%", *inv ? "," : "",
					 names[i],
					 100 * expm1(sqrt(pr->p.m[m].inv)));
	days = difftime(time(NULL), pr->when) / 86400;
	printf("Between files, verdicts take the noise profile %s (%.10s, %zu "
	       "invocations, %zu runs in all; an invocation%s%s)", latt_esc(
	       pr->path), pr->date, pr->p.invocations, pr->p.runs, *inv ? ":" :
	       " of no latency figure", inv);
	if (days >= 1)
		printf(", made %.0f day%s ago", floor(days),
		       floor(days) == 1 ? "" : "s");
	printf("%s%s.\n", *note ? "; " : "", note);
}

static int print(const struct latt_metric_list *ml,
		 const struct latt_cmp_file *files, size_t n, bool cdf,
		 bool wide, double level, const struct latt_fail_if *f,
		 const struct latt_cmp_profile *pr, const char *note)
{
	struct latt_cmp_outcome o = { 0 };
	bool ask[LATT_METRICS_MAX], worse = false;
	char err[64];
	size_t m;
	int ret;

	/* The metrics --fail-if names, known once the files are read. */
	ret = latt_fail_if_mask(f, ml, ask, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "latt compare: --fail-if: %s '%s'%s\n",
			ret == -EDOM ? "metric" : "no metric", latt_esc(err),
			ret == -EDOM ? " is neither better nor worse: it has "
			"no verdict to fail on" : " in these files");
		return LATT_EXIT_USAGE;
	}
	ret = cdf ? latt_cmp_cdf(stdout, ml, files, n) :
		    latt_cmp_print(stdout, ml, files, n, level, wide,
				   pr ? &pr->p : NULL, &o);
	if (!ret && !cdf)
		profile_line(ml, pr, n, note);
	if (!ret)
		ret = latt_out_close_stdout();
	if (!ret && cdf)
		return LATT_EXIT_OK;
	if (!ret) {
		if (f->incomparable && o.incomparable)
			return LATT_EXIT_INCOMPARABLE;
		for (m = 0; m < ml->n; m++)
			worse |= ask[m] && o.worse[m];
		return worse ? LATT_EXIT_WORSE : LATT_EXIT_OK;
	}
	fprintf(stderr, "latt compare: write error on standard output: %s\n",
		strerror(-ret));
	return LATT_EXIT_RUNTIME;
}

/*
 * --profile @path into @pr, for @files[0..n): 0, with in @note what
 * differs that it is used across; or a usage error, said in one line.
 */
static int read_profile(struct latt_cmp_profile *pr, const char *path,
			const struct latt_metric_list *ml,
			struct latt_cmp_budget *b,
			const struct latt_cmp_file *files, size_t n,
			char *note, size_t len)
{
	char err[512];

	if (!latt_cmp_profile_read(pr, path, ml, b, err, sizeof(err)) &&
	    !latt_cmp_profile_check(pr, files, n, err, sizeof(err), note,
				    len))
		return 0;
	fprintf(stderr, "latt compare: --profile %s: %s\n", latt_esc(path),
		latt_esc(err));
	latt_cmp_profile_free(pr);
	return LATT_EXIT_USAGE;
}

/* @paths[0..n) into @files: 0, or a usage error, one line a file. */
static int read_files(struct latt_cmp_file *files, char **paths, int n,
		      struct latt_metric_list *ml, struct latt_cmp_budget *b)
{
	int i, status = LATT_EXIT_OK;
	char err[512];

	for (i = 0; i < n; i++) {
		if (!latt_cmp_read(&files[i], paths[i], ml, b, err,
				   sizeof(err)))
			continue;
		fprintf(stderr, "latt compare: %s: %s\n", latt_esc(paths[i]),
			latt_esc(err));
		status = LATT_EXIT_USAGE;
	}
	return status;
}

/* --cdf prints the distributions: a usage error with what does not go. */
static int cdf_conflicts(bool level_given, const struct latt_fail_if *fail,
			 bool wide, const char *profile)
{
	if (level_given || fail->worse || fail->nnames || fail->incomparable)
		return bad_usage("--cdf prints the distributions, without "
				 "verdicts: no --level or --fail-if with it",
				 NULL);
	if (profile)
		return bad_usage("--cdf prints the distributions, without "
				 "verdicts: no --profile with it", NULL);
	if (wide)
		return bad_usage("--cdf prints the distributions, not a "
				 "table: no --long with it", NULL);
	return 0;
}

int latt_compare_main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "cdf",  no_argument, NULL, 'c' },
		{ "fail-if", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "level", required_argument, NULL, 'L' },
		{ "long", no_argument, NULL, 'l' },
		{ "profile", required_argument, NULL, 'p' },
		{ NULL, 0, NULL, 0 },
	};
	struct latt_cmp_budget budget = { 0, 0 };
	struct latt_metric_list ml;
	struct latt_cmp_file *files;
	char err[512], name[] = "latt compare";
	int c, i, n, status = LATT_EXIT_OK;
	struct latt_fail_if fail = { 0 };
	double level = LATT_VERDICT_CONFIDENCE;
	bool cdf = false, level_given = false, wide = false;
	struct latt_cmp_profile prof, *pr = NULL;
	const char *profile = NULL;
	char note[128] = "";

	/* Our own messages, escaped: not getopt's. */
	opterr = 0;
	optind = 0;
	argv[0] = name;
	/* Options anywhere (latt compare a.json --cdf); after --, files. */
	while ((c = getopt_long(argc, argv, ":hl", longopts, NULL)) != -1) {
		switch (c) {
		case 'c':
			cdf = true;
			break;
		case 'f':
			if (latt_fail_if_parse(optarg, &fail, err,
					       sizeof(err)))
				return bad_value("--fail-if", optarg, err);
			break;
		case 'l':
			wide = true;
			break;
		case 'L':
			if (latt_verdict_level_parse(optarg, &level, err,
						     sizeof(err)))
				return bad_value("--level", optarg, err);
			level_given = true;
			break;
		case 'p':
			if (!*optarg)
				return bad_value("--profile", optarg,
						 "expected a file name");
			profile = optarg;
			break;
		case 'h':
			compare_usage(stdout);
			return latt_out_close_stdout() ? LATT_EXIT_RUNTIME :
			       LATT_EXIT_OK;
		case ':':
			return bad_usage("option needs a value:",
					 latt_esc(bad_word(argc, argv)));
		default:
			return bad_usage("unknown option",
					 latt_esc(bad_word(argc, argv)));
		}
	}
	n = argc - optind;
	if (cdf && (status = cdf_conflicts(level_given, &fail, wide,
					   profile)))
		return status;
	if (n < 1)
		return bad_usage("no file to compare", NULL);
	latt_metrics_init(&ml);
	files = calloc((size_t)n, sizeof(*files));
	if (!files) {
		fprintf(stderr, "latt compare: out of memory\n");
		return LATT_EXIT_RUNTIME;
	}
	status = read_files(files, argv + optind, n, &ml, &budget);
	/* The profile, once the files say which metrics they have. */
	if (!status && profile) {
		status = read_profile(&prof, profile, &ml, &budget, files,
				      (size_t)n, note, sizeof(note));
		pr = status ? NULL : &prof;
	}
	if (!status)
		status = print(&ml, files, (size_t)n, cdf, wide, level,
			       &fail, pr, note);
	if (pr)
		latt_cmp_profile_free(pr);
	for (i = 0; i < n; i++)
		latt_cmp_file_free(&files[i]);
	free(files);
	return status;
}
