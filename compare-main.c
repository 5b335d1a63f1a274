// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt compare FILE.json... [-- FILE.json...]...: its command line
 * (getopt_long before the first "--", groups of files parted by "--"),
 * reading the files and printing their table (lib/compare/compare.c) or
 * their distributions (--cdf).  Exit status: 0; 1 for bad usage or a
 * file that cannot be read; 2 when the output cannot be written; with
 * --fail-if, 7 when the files do not compare, else 6 when a row is worse
 * than the first, else 8 when one is not the same within --same-within.
 */
#include <errno.h>
#include <math.h>
#include <time.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/escape.h"
#include "compare/compare-plan.h"
#include "compare/compare-read.h"
#include "compare/compare-table.h"
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
	fputs("Usage: latt compare [-l | --csv | --cdf] [--fail-if COND]... "
	      "[--level PCT]\n"
	      "                    [--same-within PCT] [--profile FILE] "
	      "FILE.json...\n"
	      "                    [-- FILE.json...]...\n"
	      "       latt compare --plan PCT [--level PCT] [--profile FILE] "
	      "[FILE.json...]\n"
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
	      "Files parted by -- are groups, each one side (boots of one "
	      "kernel), each\n"
	      "file one invocation: a row per configuration of a group, its "
	      "runs from\n"
	      "all the group's files, judged by the spread of their "
	      "invocations:\n"
	      "  latt compare A1.json A2.json -- B1.json B2.json\n"
	      "Options come before the first --; after it, only files and "
	      "--.  A --\n"
	      "before any file only ends the options: each file is then a "
	      "group of its\n"
	      "own, as without --, unless a further -- parts them.\n"
	      "\n"
	      "  -l, --long            every fact of the files, every metric, "
	      "the\n"
	      "                        ratios and every verdict (the wide "
	      "table)\n"
	      "  --csv                 the values and verdicts as CSV, a row "
	      "per row and\n"
	      "                        metric, for spreadsheets and scripts\n"
	      "  --cdf                 each configuration's distribution, for "
	      "plotting\n"
	      "  --fail-if worse[=METRIC[,METRIC...]]\n"
	      "                        exit 6 when a row is worse than the "
	      "first\n"
	      "                        (in any metric, or in those named)\n"
	      "  --fail-if not-same[=METRIC[,METRIC...]]\n"
	      "                        exit 8 when a row is not the same as "
	      "the first\n"
	      "                        within --same-within (in any metric, "
	      "or those named)\n"
	      "  --fail-if incomparable\n"
	      "                        exit 7 when the files differ in what "
	      "must match\n"
	      "  --level PCT           the verdicts' level, above 50 and "
	      "at most 99.9999\n"
	      "                        (default 95: a false worse about 1 in "
	      "20 at most)\n"
	      "  --same-within PCT     a verdict whose 90% interval lies "
	      "within +-PCT\n"
	      "                        is \"same\" (=), not can't tell\n"
	      "  --profile FILE        judge files by this machine's noise "
	      "profile, made\n"
	      "                        by latt calibrate (without it: fixed "
	      "floors)\n"
	      "  --plan PCT            print the runs and invocations (boots) "
	      "a side that\n"
	      "                        find a change of +-PCT four times in "
	      "five, by the\n"
	      "                        profile, or by what the files show\n"
	      "  -h, --help            this help\n"
	      "  -V, --version         latt's version\n"
	      "\n"
	      "Exit status: 0 success, 1 usage error or a file that cannot "
	      "be read, 2 a\n"
	      "write failed, 6 --fail-if worse, 7 --fail-if incomparable, 8 "
	      "--fail-if\n"
	      "not-same.\n"
	      "\n"
	      "See latt-verdicts(7) and latt-report(7).\n", f);
}

/* After a usage error's line: where the usage is, as latt's own says. */
#define TRY_HELP	"Try 'latt compare --help' for more information.\n"

/* A usage error: @why (escaped by the caller), in one line as latt's. */
static int bad_usage(const char *why, const char *what)
{
	fprintf(stderr, "latt compare: %s%s%s%s\n", why,
		what ? " '" : "", what ? what : "", what ? "'" : "");
	return LATT_EXIT_USAGE;
}

/* An option getopt refused, @why, as latt says it; then where help is. */
static int bad_option(const char *why, const char *what)
{
	bad_usage(why, what);
	fputs(TRY_HELP, stderr);
	return LATT_EXIT_USAGE;
}

/* A bad value @arg of option @opt, @why. */
static int bad_value(const char *opt, const char *arg, const char *why)
{
	fprintf(stderr, "latt compare: invalid %s value '%s': %s\n", opt,
		latt_esc(arg), why);
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

/* What the command line asked for. */
struct copts {
	bool cdf, wide, csv, level_given;
	double level;
	double within;			/* --same-within; 0 none */
	struct latt_fail_if fail;
	const char *profile;		/* --profile; NULL: the floors */
	double plan;			/* --plan; 0 none */
};

/* The plan's table on standard output, by @nz: the exit status. */
static int plan_out(const struct latt_metric_list *ml,
		    const struct latt_plan_noise *nz, const struct copts *op,
		    const char *source)
{
	int ret = latt_plan_print(stdout, ml, nz, op->plan, op->level,
				  source);

	if (!ret)
		ret = latt_out_close_stdout();
	if (!ret)
		return LATT_EXIT_OK;
	fprintf(stderr, "latt compare: write error on standard output: %s\n",
		strerror(-ret));
	return LATT_EXIT_RUNTIME;
}

/*
 * --plan by what @files[0..n) show: the verdicts of the last group's
 * first row (or of a single group, its second) against the first row,
 * judged as latt compare would (@pr: the profile, or NULL), the table
 * itself not shown.
 */
static int plan_files(const struct latt_metric_list *ml,
		      const struct latt_cmp_file *files, size_t n,
		      const size_t *sizes, size_t ngroups,
		      const struct copts *op,
		      const struct latt_cmp_profile *pr)
{
	struct latt_verdict last[2][LATT_METRICS_MAX];
	struct latt_cmp_outcome o = { .last = last, .nlast = 2 };
	struct latt_plan_noise nz[LATT_METRICS_MAX];
	char source[256];
	size_t i, m, got = 0;
	int ret;

	ret = latt_cmp_print(NULL, ml, files, n, sizes, ngroups, op->level,
			     0, LATT_CMP_TABLE, pr ? &pr->p : NULL, &o);
	if (ret) {
		fprintf(stderr, "latt compare: %s\n", strerror(-ret));
		return LATT_EXIT_RUNTIME;
	}
	/* Noise of two setups is no one setup's. */
	if (o.incomparable) {
		fprintf(stderr, "latt compare: --plan: these files do not "
			"compare (latt compare of them says what differs): "
			"plan by files of one setup\n");
		return LATT_EXIT_USAGE;
	}
	for (i = 0; i < o.got && !got; i++)
		for (m = 0; m < ml->n; m++)
			if (last[i][m].kind != LATT_V_NONE)
				got = i + 1;
	if (!got) {
		fprintf(stderr, "latt compare: --plan: no verdict between "
			"these files to take their noise from (one file of one "
			"configuration?): give two files, or --profile FILE "
			"alone\n");
		return LATT_EXIT_USAGE;
	}
	latt_plan_of_verdicts(ml, last[got - 1], nz);
	snprintf(source, sizeof(source), "what %s show%s%s",
		 n > 1 ? "these files" : "this file's configurations",
		 pr ? ", with the profile " : "",
		 pr ? latt_esc(pr->path) : "");
	return plan_out(ml, nz, op, source);
}

/* --plan by the profile @path alone. */
static int plan_profile(const char *path, const struct copts *op)
{
	struct latt_cmp_budget budget = { 0, 0 };
	struct latt_plan_noise nz[LATT_METRICS_MAX];
	struct latt_cmp_profile pr;
	struct latt_metric_list ml;
	char err[512], source[512];
	int ret;

	latt_metrics_init(&ml);
	if (latt_cmp_profile_read(&pr, path, &ml, &budget, err,
				  sizeof(err))) {
		fprintf(stderr, "latt compare: --profile %s: %s\n",
			latt_esc(path), latt_esc(err));
		latt_cmp_profile_free(&pr);
		return LATT_EXIT_USAGE;
	}
	latt_plan_of_profile(&ml, &pr.p, nz);
	snprintf(source, sizeof(source), "the noise profile %s (%zu "
		 "invocations, %.10s)", latt_esc(path), pr.p.invocations,
		 pr.date ? pr.date : "undated");
	ret = plan_out(&ml, nz, op, source);
	latt_cmp_profile_free(&pr);
	return ret;
}

/*
 * The first metric --fail-if @f names that is the command's time
 * (wall_s, cpu_s) where none of @files[0..n) ran a command; NULL: none.
 */
static const char *untimed(const struct latt_metric_list *ml,
			   const struct latt_cmp_file *files, size_t n,
			   const struct latt_fail_if *f)
{
	const char *name;
	size_t i;

	for (i = 0; i < n; i++)
		if (!files[i].fact[LATT_CF_COMMAND] ||
		    strcmp(files[i].fact[LATT_CF_COMMAND], "none"))
			return NULL;
	name = latt_metric_names_timed(ml, (const char (*)[16])f->names,
				       f->nnames);
	return name ? name : latt_metric_names_timed(ml, (const char (*)[16])
						     f->same, f->nsame);
}

/*
 * --fail-if incomparable fails: why, on standard error (the CSV and a
 * script's log have no header to read it in), as the header says it.
 */
static int say_incomparable(const struct latt_cmp_file *files, size_t n)
{
	char list[256];

	latt_cmp_unmatched(files, n, list, sizeof(list));
	fprintf(stderr, "latt compare: --fail-if incomparable: the files "
		"differ in %s\n", list);
	return LATT_EXIT_INCOMPARABLE;
}

/*
 * Print the table (or with o->cdf the distributions) of @files[0..n), in
 * groups of @sizes[0..ngroups) files (compare/compare.h), judged by @pr
 * (NULL: the floors); @note, what the profile is used across.
 */
static int print(const struct latt_metric_list *ml,
		 const struct latt_cmp_file *files, size_t n,
		 const size_t *sizes, size_t ngroups, const struct copts *op,
		 const struct latt_cmp_profile *pr, const char *note)
{
	const struct latt_fail_if *f = &op->fail;
	const struct latt_fail_say say = { stderr, "latt compare", "row" };
	struct latt_cmp_outcome o = { .fail = f, .say = &say };
	bool ask[LATT_METRICS_MAX];
	const char *name;
	char err[64];
	int ret;

	/* The metrics --fail-if names, known once the files are read. */
	ret = latt_fail_if_mask_same(f, ml, ask, err, sizeof(err));
	if (!ret)
		ret = latt_fail_if_mask(f, ml, ask, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "latt compare: --fail-if: %s '%s'%s\n",
			ret == -EDOM ? "metric" : "no metric", latt_esc(err),
			ret == -EDOM ? " is neither better nor worse: it has "
			"no verdict to fail on" : " in these files");
		return LATT_EXIT_USAGE;
	}
	if ((name = untimed(ml, files, n, f))) {
		fprintf(stderr, "latt compare: --fail-if: '%s' is the "
			"command's time, and these files have no command: the "
			"gate could never fail\n", latt_esc(name));
		return LATT_EXIT_USAGE;
	}
	if (op->plan > 0)
		return plan_files(ml, files, n, sizes, ngroups, op, pr);
	ret = op->cdf ? latt_cmp_cdf(stdout, ml, files, n, sizes, ngroups) :
			latt_cmp_print(stdout, ml, files, n, sizes, ngroups,
				       op->level, op->within, op->csv ?
				       LATT_CMP_CSV : op->wide ? LATT_CMP_WIDE :
				       LATT_CMP_TABLE, pr ? &pr->p : NULL,
				       &o);
	if (!ret && !op->cdf && !op->csv)
		latt_cmp_profile_line(stdout, ml, pr, n, note, &o);
	if (!ret)
		ret = latt_out_close_stdout();
	if (!ret && op->cdf)
		return LATT_EXIT_OK;
	if (!ret) {
		if (f->incomparable && o.incomparable)
			return say_incomparable(files, n);
		return o.fails_worse ? LATT_EXIT_WORSE : o.fails_same ?
		       LATT_EXIT_NOT_SAME : LATT_EXIT_OK;
	}
	fprintf(stderr, "latt compare: write error on standard output: %s\n",
		strerror(-ret));
	return LATT_EXIT_RUNTIME;
}

/*
 * The groups of the file names @words[0..n), parted by "--", into
 * @sizes (a group each at most) and *@ng, the "--" taken out of @words
 * and the names moved together to its start; *@n the names left.
 * -EINVAL for an empty group: a "--" first, last, or after another.
 */
static int groups(char **words, size_t *n, size_t *sizes, size_t *ng)
{
	size_t i, k = 0;

	*ng = 0;
	sizes[0] = 0;
	for (i = 0; i < *n; i++) {
		if (strcmp(words[i], "--")) {
			words[k++] = words[i];
			sizes[*ng]++;
			continue;
		}
		if (!sizes[(*ng)++])
			return -EINVAL;
		sizes[*ng] = 0;
	}
	if (!sizes[(*ng)++])
		return -EINVAL;
	*n = k;
	return 0;
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

/*
 * Files @a and @b of @words are one document: two files alone, it is
 * compared with itself; in two groups, one invocation counts on both
 * sides.
 */
static void same_again(char **words, size_t a, size_t b, bool parted)
{
	if (!strcmp(words[a], words[b]))
		fprintf(stderr, "latt compare: note: %s is given twice",
			latt_esc(words[a]));
	else
		fprintf(stderr, "latt compare: note: %s is the same document "
			"as %s", latt_esc(words[b]), latt_esc(words[a]));
	fprintf(stderr, ": %s\n", parted ? "one invocation (a boot) counts "
		"on both sides" : "its rows are compared with themselves");
}

/*
 * Compare the files @words[0..n), in groups where a "--" parts them
 * (else each file a group of its own): read them, then print().  The
 * exit status.
 */
static int compare(char **words, size_t n, const struct copts *op)
{
	struct latt_cmp_profile prof, *pr = NULL;
	char note[128] = "";
	struct latt_cmp_budget budget = { 0, 0 };
	struct latt_metric_list ml;
	struct latt_cmp_file *files;
	int status = LATT_EXIT_OK;
	size_t i, ngroups = 0, *sizes, off, a, b, stdin_at;
	bool parted = false;
	char err[512];

	for (i = 0; i < n; i++)
		parted |= !strcmp(words[i], "--");
	sizes = calloc(n + 1, sizeof(*sizes));
	if (!sizes) {
		fprintf(stderr, "latt compare: out of memory\n");
		return LATT_EXIT_RUNTIME;
	}
	if (parted && groups(words, &n, sizes, &ngroups)) {
		fprintf(stderr, "latt compare: an empty group of files: each "
			"-- parts two groups of one file or more\n");
		free(sizes);
		return LATT_EXIT_USAGE;
	}
	latt_metrics_init(&ml);
	files = calloc(n, sizeof(*files));
	if (!files) {
		fprintf(stderr, "latt compare: out of memory\n");
		free(sizes);
		return LATT_EXIT_RUNTIME;
	}
	for (i = 0, stdin_at = n; i < n; i++) {
		/* "-": the standard input (latt --json - | latt compare -). */
		if (!strcmp(words[i], "-") && stdin_at < n) {
			snprintf(err, sizeof(err), "the standard input is "
				 "given once");
		} else if (!strcmp(words[i], "-")) {
			stdin_at = i;
			if (!latt_cmp_read_stream(&files[i], words[i], stdin,
						  &ml, &budget, err,
						  sizeof(err)))
				continue;
		} else if (!latt_cmp_read(&files[i], words[i], &ml, &budget,
					  err, sizeof(err))) {
			continue;
		}
		fprintf(stderr, "latt compare: %s: %s%s\n",
			latt_esc(words[i]), latt_esc(err),
			words[i][0] == '-' && words[i][1] &&
			access(words[i], F_OK) ?
			" (an option? options go before the files and --)" :
			"");
		status = LATT_EXIT_USAGE;
	}
	/* A document twice in a group would count as two boots' verdicts. */
	for (i = 0, off = 0; !status && parted && !op->cdf && i < ngroups;
	     i++) {
		if (latt_cmp_twice(files + off, sizes[i], &a, &b)) {
			fprintf(stderr, "latt compare: %s: the same document as "
				"%s, in one group: each file is one invocation "
				"(a boot), given once\n",
				latt_esc(words[off + b]),
				latt_esc(words[off + a]));
			status = LATT_EXIT_USAGE;
		}
		off += sizes[i];
	}
	/* A document given again, in another group: said. */
	if (!status && !op->cdf && latt_cmp_twice(files, n, &a, &b))
		same_again(words, a, b, parted);
	/* The profile, once the files say which metrics they have. */
	if (!status && op->profile) {
		status = read_profile(&prof, op->profile, &ml, &budget, files,
				      n, note, sizeof(note));
		pr = status ? NULL : &prof;
	}
	if (!status)
		status = print(&ml, files, n, parted ? sizes : NULL,
			       parted ? ngroups : n, op, pr, note);
	if (pr)
		latt_cmp_profile_free(pr);
	for (i = 0; i < n; i++)
		latt_cmp_file_free(&files[i]);
	free(files);
	free(sizes);
	return status;
}

/* --plan prints a plan: a usage error with what does not go. */
static int plan_conflicts(const struct copts *op, size_t n)
{
	if (op->cdf || op->wide || op->csv || op->fail.worse ||
	    op->fail.nnames || op->fail.not_same || op->fail.nsame ||
	    op->fail.incomparable || op->within > 0)
		return bad_usage("--plan prints the runs a comparison needs, "
				 "not verdicts: no --cdf, --csv, --long, "
				 "--fail-if or --same-within with it", NULL);
	if (!n && !op->profile)
		return bad_usage("--plan plans by a noise profile or by files: "
				 "give --profile FILE or files", NULL);
	return 0;
}

/* --cdf prints the distributions: a usage error with what does not go. */
static int cdf_conflicts(const struct copts *op)
{
	if (op->level_given || op->fail.worse || op->fail.nnames ||
	    op->fail.not_same || op->fail.nsame || op->fail.incomparable ||
	    op->within > 0)
		return bad_usage("--cdf prints the distributions, without "
				 "verdicts: no --level, --same-within or "
				 "--fail-if with it", NULL);
	if (op->profile)
		return bad_usage("--cdf prints the distributions, without "
				 "verdicts: no --profile with it", NULL);
	if (op->wide || op->csv)
		return bad_usage("--cdf prints the distributions, not a "
				 "table: no --long or --csv with it", NULL);
	return 0;
}

/* Option @c's value @arg into @op: 0, or the exit status of a bad one. */
static int take_value(int c, const char *arg, struct copts *op)
{
	char err[512];

	switch (c) {
	case 'f':
		if (latt_fail_if_parse(arg, &op->fail, err, sizeof(err)))
			return bad_value("--fail-if", arg, err);
		break;
	case 'L':
		if (latt_verdict_level_parse(arg, &op->level, err,
					     sizeof(err)))
			return bad_value("--level", arg, err);
		op->level_given = true;
		break;
	case 's':
		if (latt_same_within_parse(arg, &op->within, err,
					   sizeof(err)))
			return bad_value("--same-within", arg, err);
		break;
	case 'P':
		if (latt_plan_pct_parse(arg, &op->plan, err, sizeof(err)))
			return bad_value("--plan", arg, err);
		break;
	default:
		if (!*arg)
			return bad_value("--profile", arg,
					 "expected a file name");
		if (op->profile)
			return bad_value("--profile", arg, "one file, "
					 "already given");
		op->profile = arg;
	}
	return 0;
}

int latt_compare_main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "cdf",  no_argument, NULL, 'c' },
		{ "csv",  no_argument, NULL, 'C' },
		{ "fail-if", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "level", required_argument, NULL, 'L' },
		{ "long", no_argument, NULL, 'l' },
		{ "plan", required_argument, NULL, 'P' },
		{ "profile", required_argument, NULL, 'p' },
		{ "same-within", required_argument, NULL, 's' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	char name[] = "latt compare", **words;
	struct copts op = { .level = LATT_VERDICT_CONFIDENCE };
	int c, first, ret;
	size_t n;

	/* Our own messages, escaped: not getopt's. */
	opterr = 0;
	optind = 0;
	argv[0] = name;
	/*
	 * Options anywhere before the first "--" (latt compare a.json
	 * --cdf), which getopt is not shown: after it, file names alone.
	 */
	for (first = 1; first < argc && strcmp(argv[first], "--"); first++)
		;
	while ((c = getopt_long(first, argv, ":hlV", longopts, NULL)) != -1) {
		switch (c) {
		case 'c':
			op.cdf = true;
			break;
		case 'C':
			op.csv = true;
			break;
		case 'l':
			op.wide = true;
			break;
		case 'f':
		case 'L':
		case 's':
		case 'P':
		case 'p':
			if ((ret = take_value(c, optarg, &op)))
				return ret;
			break;
		case 'h':
			compare_usage(stdout);
			return latt_out_close_stdout() ? LATT_EXIT_RUNTIME :
			       LATT_EXIT_OK;
		case 'V':
			printf("latt %s\n", PACKAGE_VERSION);
			return latt_out_close_stdout() ? LATT_EXIT_RUNTIME :
			       LATT_EXIT_OK;
		case ':':
			fprintf(stderr, "latt compare: option '%s' requires "
				"an argument\n" TRY_HELP,
				latt_esc(bad_word(first, argv)));
			return LATT_EXIT_USAGE;
		default:
			return bad_option("unrecognized option",
					  latt_esc(bad_word(first, argv)));
		}
	}
	/*
	 * The file names: those getopt left before the first "--", then
	 * every word after it; a "--" before any name ends the options
	 * alone (a name may begin with "-").
	 */
	words = &argv[optind];
	n = (size_t)(argc - optind);
	if (first < argc && first == optind) {
		words++;
		n--;
	}
	if (op.plan > 0 && (ret = plan_conflicts(&op, n)))
		return ret;
	if (op.plan > 0 && !n)
		return plan_profile(op.profile, &op);
	if (op.cdf && (ret = cdf_conflicts(&op)))
		return ret;
	if (op.csv && op.wide)
		return bad_usage("--csv has every metric of the table, as "
				 "rows: no --long with it", NULL);
	if ((op.fail.not_same || op.fail.nsame) && !(op.within > 0))
		return bad_usage("--fail-if not-same fails on what is not the "
				 "same within --same-within PCT: give it",
				 NULL);
	if (n < 1)
		return bad_usage("no file to compare", NULL);
	return compare(words, n, &op);
}
