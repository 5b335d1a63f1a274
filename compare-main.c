// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt compare FILE.json...: its command line (getopt_long), reading the
 * files and printing their table (lib/compare.c) or their distributions
 * (--cdf).  Exit status: 0; 1 for bad usage or a file that cannot be
 * read; 2 when the output cannot be written.
 */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare-main.h"
#include "latt/compare.h"
#include "latt/escape.h"
#include "latt/output.h"
#include "latt/result.h"
#include "latt/aggregate.h"

static void compare_usage(FILE *f)
{
	fputs("Usage: latt compare [--cdf] FILE.json [FILE.json...]\n"
	      "\n"
	      "Put the configurations of results saved by latt --json side "
	      "by side:\n"
	      "the median of each configuration's runs, the ratio to the "
	      "first row,\n"
	      "and \"~\" where a difference is within the noise.  --cdf "
	      "prints\neach configuration's distribution for plotting "
	      "instead.  See latt(1).\n", f);
}

/* A usage error: @why (escaped by the caller), then the usage. */
static int bad_usage(const char *why, const char *what)
{
	fprintf(stderr, "latt compare: %s%s%s%s\n", why, what ? " '" : "",
		what ? what : "", what ? "'" : "");
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
static int print(const struct latt_metric_list *ml,
		 const struct latt_cmp_file *files, size_t n, bool cdf)
{
	int ret;

	ret = cdf ? latt_cmp_cdf(stdout, ml, files, n) :
		    latt_cmp_print(stdout, ml, files, n);
	if (!ret)
		ret = latt_out_close_stdout();
	if (!ret)
		return LATT_EXIT_OK;
	fprintf(stderr, "latt compare: write error on standard output: %s\n",
		strerror(-ret));
	return LATT_EXIT_RUNTIME;
}

int latt_compare_main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "cdf",  no_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct latt_metric_list ml;
	struct latt_cmp_file *files;
	char err[512], name[] = "latt compare";
	int c, i, n, status = LATT_EXIT_OK;
	bool cdf = false;

	/* Our own messages, escaped: not getopt's. */
	opterr = 0;
	optind = 0;
	argv[0] = name;
	/* Options anywhere (latt compare a.json --cdf); after --, files. */
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case 'c':
			cdf = true;
			break;
		case 'h':
			compare_usage(stdout);
			return latt_out_close_stdout() ? LATT_EXIT_RUNTIME :
			       LATT_EXIT_OK;
		default:
			return bad_usage("unknown option",
					 latt_esc(bad_word(argc, argv)));
		}
	}
	n = argc - optind;
	if (n < 1)
		return bad_usage("no file to compare", NULL);
	latt_metrics_init(&ml);
	files = calloc((size_t)n, sizeof(*files));
	if (!files) {
		fprintf(stderr, "latt compare: out of memory\n");
		return LATT_EXIT_RUNTIME;
	}
	for (i = 0; i < n; i++) {
		if (!latt_cmp_read(&files[i], argv[optind + i], &ml, err,
				   sizeof(err)))
			continue;
		fprintf(stderr, "latt compare: %s: %s\n",
			latt_esc(argv[optind + i]), latt_esc(err));
		status = LATT_EXIT_USAGE;
	}
	if (!status)
		status = print(&ml, files, (size_t)n, cdf);
	for (i = 0; i < n; i++)
		latt_cmp_file_free(&files[i]);
	free(files);
	return status;
}
