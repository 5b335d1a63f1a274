// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of target metrics (lib/measure/tmetric.c, lib/measure/tmetric.h):
 * the NAME+=REGEX form and its errors, what counts as a number, and the
 * search of output that arrives in pieces of any size: lines ended by a
 * newline, a carriage return (progress lines) or a NUL, a last line
 * without an end, a line longer than the buffer, the last match against
 * the sum, a group that is not a number.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "measure/search.h"
#include "measure/tmetric.h"
#include "tap.h"

static bool parses(const char *spec)
{
	struct latt_tmetric tm;
	char err[256];

	return !latt_tmetric_parse(spec, &tm, err, sizeof(err));
}

/* The error of @spec contains @want. */
static bool refused(const char *spec, const char *want)
{
	struct latt_tmetric tm;
	char err[256] = "";

	if (!latt_tmetric_parse(spec, &tm, err, sizeof(err)))
		return false;
	if (!strstr(err, want))
		diag("'%s': %s", spec, err);
	return strstr(err, want) != NULL;
}

static void test_parse(void)
{
	struct latt_tmetric tm;
	char err[256];

	ok(!latt_tmetric_parse("fps+=([0-9.]+) fps", &tm, err, sizeof(err)) &&
	   !strcmp(tm.name, "fps") && tm.higher &&
	   tm.mode == LATT_TMETRIC_LAST && !strcmp(tm.regex, "([0-9.]+) fps"),
	   "fps+=: higher is better, the last match, the regex after '='");
	ok(!latt_tmetric_parse("time-:sum=real ([0-9.]+)", &tm, err,
			       sizeof(err)) && !tm.higher &&
	   tm.mode == LATT_TMETRIC_SUM && !strcmp(tm.regex, "real ([0-9.]+)"),
	   "time-:sum=: lower is better, the sum");
	ok(parses("a.b_1+:last=x=([0-9]+)=y"), ":last= spelled out, '=' in "
	   "the regex");
	ok(refused("fps=([0-9]+)", "needs a direction"),
	   "no direction: refused, saying so");
	ok(refused("fps+=[0-9]+ fps", "has no group"),
	   "a regex without a group: refused");
	ok(refused("fps+=([0-9]+", "bad regular expression"),
	   "a regex that does not compile: refused with regcomp's reason");
	ok(refused("p99+=([0-9]+)", "name of latt's own"),
	   "a percentile's name is latt's");
	ok(refused("entries+=([0-9]+)", "name of latt's own") &&
	   refused("command-=([0-9]+)", "name of latt's own") &&
	   refused("few+=([0-9]+)", "name of latt's own"),
	   "latt's metrics, CSV columns and -q keys are latt's");
	ok(refused("9fps+=(1)", "starting with a letter") &&
	   refused("abcdefghijklmnop+=(1)", "1 to 15"),
	   "a name starts with a letter and has at most 15 bytes");
	ok(refused("fps+:max=(1)", "expected fps+=REGEX"),
	   "an unknown mode: refused");
	ok(refused("fps+=", "no regular expression"), "an empty regex");
	ok(refused("fps", "expected NAME+=REGEX"), "no '=' at all");
}

static void test_number(void)
{
	double v = 0;

	ok(latt_tmetric_number("45.13", 5, &v) && v == 45.13, "45.13");
	ok(latt_tmetric_number(" -3e2 ", 6, &v) && v == -300,
	   "a sign, an exponent, blanks around it");
	ok(latt_tmetric_number(".5", 2, &v) && v == 0.5 &&
	   latt_tmetric_number("7.", 2, &v) && v == 7, ".5 and 7.");
	ok(!latt_tmetric_number("0x10", 4, &v) &&
	   !latt_tmetric_number("inf", 3, &v) &&
	   !latt_tmetric_number("nan", 3, &v), "no hex, inf or nan");
	ok(!latt_tmetric_number("1,234", 5, &v) &&
	   !latt_tmetric_number("", 0, &v) && !latt_tmetric_number(".", 1, &v) &&
	   !latt_tmetric_number("1e", 2, &v) && !latt_tmetric_number("12abc",
								   5, &v),
	   "not numbers: 1,234, empty, '.', 1e, 12abc");
	ok(!latt_tmetric_number("1e999", 5, &v), "not finite: refused");
}

/* A matcher of @spec fed @data in pieces of @step bytes, then ended. */
static struct latt_tmetric_value feed(const char *spec, const char *data,
				      size_t n, size_t step, unsigned int stream)
{
	static struct latt_tmetric_matcher m;
	struct latt_tmetric_value out;
	struct latt_tmetric tm;
	char err[256];
	size_t i;

	if (latt_tmetric_parse(spec, &tm, err, sizeof(err)) ||
	    latt_tmetric_matcher_init(&m, &tm, 1, &out)) {
		diag("%s: %s", spec, err);
		out.matches = 99999;
		return out;
	}
	for (i = 0; i < n; i += step)
		latt_tmetric_feed(&m, stream, data + i,
				  n - i < step ? n - i : step);
	latt_tmetric_end(&m);
	latt_tmetric_matcher_free(&m);
	return out;
}

static void test_match(void)
{
	static const char x264[] =
		"[10.0%] 10/100 frames, 20.50 fps, 300 kb/s, eta 0:00:04\r"
		"[50.0%] 50/100 frames, 24.25 fps, 310 kb/s, eta 0:00:02\r"
		"\nencoded 100 frames, 25.75 fps, 312.40 kb/s\n";
	static const char bin[] = "a=1\0a=2\r\na=3";
	static char longline[3 * LATT_TMETRIC_LINE_MAX];
	struct latt_tmetric_value v;
	size_t step;
	bool all = true;

	for (step = 1; step <= sizeof(x264); step += 7) {
		v = feed("fps+=([0-9.]+) fps", x264, sizeof(x264) - 1, step, 1);
		all &= v.value == 25.75 && v.matches == 3;
	}
	ok(all, "x264's progress lines (\\r) and its last line: the last, "
	   "25.75, whatever the pieces");
	v = feed("fps+:sum=([0-9.]+) fps", x264, sizeof(x264) - 1, 5, 0);
	ok(v.value == 20.5 + 24.25 + 25.75 && v.matches == 3, "the sum");
	v = feed("a+=a=([0-9])", bin, sizeof(bin) - 1, 3, 0);
	ok(v.value == 3 && v.matches == 3,
	   "a NUL and \\r\\n end lines; the last line without an end counts");
	v = feed("n+:sum=([0-9]+)", "1 2 3\n4", 7, 2, 0);
	ok(v.value == 10 && v.matches == 4, "every match of a line");
	v = feed("w+=speed: ([a-z]+)", "speed: fast\nspeed: slow\n", 24, 4, 0);
	ok(isnan(v.value) && !v.matches && v.other == 2 &&
	   !strcmp(v.other_text, "fast"),
	   "a group that is no number: no value, counted, the first kept");
	v = feed("x+=x=([0-9]+)", "nothing here\n", 13, 13, 0);
	ok(isnan(v.value) && !v.matches && !v.other, "no match: NaN, not 0");
	v = feed("e+=(a*)b", "b\n", 2, 1, 0);
	ok(!v.matches && v.other == 1, "an empty group is no number");
	v = feed("m+=^m([0-9])", "m1m2\n", 5, 1, 0);
	ok(v.value == 1 && v.matches == 1, "^ anchors at the line's start "
	   "only");

	memset(longline, 'y', sizeof(longline));
	memcpy(longline, "v=5 ", 4);
	memcpy(longline + LATT_TMETRIC_LINE_MAX + 10, "v=7 ", 4);
	longline[sizeof(longline) - 6] = '\n';
	memcpy(longline + sizeof(longline) - 5, "v=9\n", 4);
	v = feed("v+=v=([0-9])", longline, sizeof(longline) - 1, 4096, 0);
	ok(v.value == 9 && v.matches == 2,
	   "a line longer than the buffer: its start searched, its rest "
	   "skipped, the next line searched");
}

static void test_streams(void)
{
	struct latt_tmetric_matcher m;
	struct latt_tmetric_value out;
	struct latt_tmetric tm;
	char err[256];

	latt_tmetric_parse("k+=k=([0-9]+)", &tm, err, sizeof(err));
	latt_tmetric_matcher_init(&m, &tm, 1, &out);
	latt_tmetric_feed(&m, 0, "k=", 2);
	latt_tmetric_feed(&m, 1, "k=4\n", 4);
	latt_tmetric_feed(&m, 0, "6\n", 2);
	latt_tmetric_end(&m);
	latt_tmetric_matcher_free(&m);
	ok(out.value == 6 && out.matches == 2,
	   "stdout and stderr are lines of their own, however they interleave");
}

/*
 * The search in a process of its own (lib/measure/search.h): the matches of a
 * quick expression as here, and a line that takes exponential time with
 * back-references skipped, counted, and the next line searched by a new
 * process.
 */
static void test_search(void)
{
	static char slow[3001];
	struct latt_tmetric_matcher m;
	struct latt_tmetric_value out[2];
	struct latt_tmetric tm[2];
	struct latt_search sr;
	char err[256];

	memset(slow, 'a', sizeof(slow) - 1);
	latt_tmetric_parse("k+:sum=k=([0-9]+)", &tm[0], err, sizeof(err));
	latt_tmetric_parse("x+=(([a-z]*)*)*\\1\\1\\1x", &tm[1], err,
			   sizeof(err));
	if (latt_tmetric_matcher_init(&m, tm, 2, out) ||
	    latt_search_init(&sr) ||
	    latt_tmetric_search_by(&m, latt_search_lines, &sr)) {
		skip("no matcher");
		skip("no matcher");
		skip("no matcher");
		return;
	}
	latt_tmetric_feed(&m, 0, "k=1 k=2\n", 8);
	ok(out[0].value == 3 && out[0].matches == 2 && !out[0].skipped,
	   "searched in a process: every match of a line");
	latt_tmetric_feed(&m, 0, slow, sizeof(slow) - 1);
	latt_tmetric_feed(&m, 0, "\nk=4\n", 5);
	latt_tmetric_end(&m);
	ok(out[1].skipped == 1 && !out[1].matches && !out[0].skipped,
	   "a line too slow to search is skipped and counted (%llu)",
	   (unsigned long long)out[1].skipped);
	ok(out[0].value == 7 && out[0].matches == 3,
	   "... and the lines after it are searched (%.0f)", out[0].value);
	latt_search_free(&sr);
	latt_tmetric_matcher_free(&m);
}

int main(void)
{
	plan(31);
	test_parse();
	test_number();
	test_match();
	test_streams();
	test_search();
	return tap_done();
}
