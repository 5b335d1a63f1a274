// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the option value parsers and formatters (lib/base/parse.c).  Each table row is one test; a rejected value
 * must also leave the result untouched.
 */
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>

#include "base/parse.h"
#include "tap.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define UNTOUCHED	0xdeadbeefULL

struct num_case {
	const char *s;
	uint64_t unit;		/* default unit; latt_parse_uint has none */
	int ret;		/* 0, -EINVAL or -ERANGE */
	uint64_t want;		/* when ret is 0 */
};

#define MS	LATT_NSEC_PER_MSEC
#define SEC	LATT_NSEC_PER_SEC

static const struct num_case durations[] = {
	{ "7ns", MS, 0, 7 },
	{ "7us", MS, 0, 7000 },
	{ "7ms", SEC, 0, 7000000 },
	{ "7s", MS, 0, 7 * SEC },
	{ "2min", MS, 0, 120 * SEC },
	{ "3h", MS, 0, 3 * 3600 * SEC },
	{ "30d", SEC, 0, 30 * 86400 * SEC },	/* -t's largest */
	{ "1day", SEC, 0, 86400 * SEC },
	{ "30Days", SEC, 0, 30 * 86400 * SEC },
	{ "1dd", SEC, -EINVAL, 0 },
	{ "10", MS, 0, 10 * MS },		/* default unit: -s */
	{ "10", SEC, 0, 10 * SEC },		/* default unit: -t */
	{ "0", MS, 0, 0 },
	{ "0.5ms", SEC, 0, 500000 },
	{ "1.5", SEC, 0, 1500000000 },
	{ "1.25us", MS, 0, 1250 },
	{ "0.0000015ms", MS, 0, 2 },		/* 1.5 ns rounds to 2 */
	{ "00012ms", MS, 0, 12 * MS },
	{ "1MS", SEC, 0, MS },			/* units ignore case */
	{ "18446744073709551615ns", MS, 0, UINT64_MAX },
	{ "", MS, -EINVAL, 0 },
	{ "-1", MS, -EINVAL, 0 },
	{ "+1", MS, -EINVAL, 0 },
	{ "1x", MS, -EINVAL, 0 },
	{ "ms", MS, -EINVAL, 0 },
	{ ".", MS, -EINVAL, 0 },
	{ "1.2.3", MS, -EINVAL, 0 },
	{ " 1", MS, -EINVAL, 0 },
	{ "1 ", MS, -EINVAL, 0 },
	{ "1 ms", MS, -EINVAL, 0 },
	{ "1e3", MS, -EINVAL, 0 },
	{ "0x10", MS, -EINVAL, 0 },
	{ "1,5", MS, -EINVAL, 0 },
	{ "inf", MS, -EINVAL, 0 },
	{ "1msx", MS, -EINVAL, 0 },
	{ "99999999999999999999", MS, -ERANGE, 0 },
	{ "20000000000h", MS, -ERANGE, 0 },
	{ "18446744073709551616ns", MS, -ERANGE, 0 },
	{ "18446744073709551615.9ns", MS, -ERANGE, 0 },
	{ "18446744073709551615", MS, -ERANGE, 0 },
};

static const struct num_case sizes[] = {
	{ "1b", 1024, 0, 1 },
	{ "3k", 1024, 0, 3 << 10 },
	{ "3kb", 1024, 0, 3 << 10 },
	{ "3KiB", 1024, 0, 3 << 10 },
	{ "3K", 1024, 0, 3 << 10 },
	{ "5m", 1024, 0, 5 << 20 },
	{ "5MB", 1024, 0, 5 << 20 },
	{ "2g", 1024, 0, 2ULL << 30 },
	{ "4", 1024, 0, 4096 },			/* default unit: -x KB */
	{ "4", 1, 0, 4 },
	{ "0.5k", 1024, 0, 512 },
	{ "0", 1024, 0, 0 },
	{ "", 1024, -EINVAL, 0 },
	{ "-1k", 1024, -EINVAL, 0 },
	{ "1t", 1024, -EINVAL, 0 },
	{ "1ms", 1024, -EINVAL, 0 },
	{ "k", 1024, -EINVAL, 0 },
	{ "20000000000g", 1024, -ERANGE, 0 },
};

static const struct num_case uints[] = {
	{ "0", 0, 0, 0 },
	{ "42", 0, 0, 42 },
	{ "4096", 0, 0, 4096 },
	{ "18446744073709551615", 0, 0, UINT64_MAX },
	{ "18446744073709551616", 0, -ERANGE, 0 },
	{ "1.0", 0, -EINVAL, 0 },
	{ "1.", 0, -EINVAL, 0 },
	{ "", 0, -EINVAL, 0 },
	{ "-3", 0, -EINVAL, 0 },
	{ "+3", 0, -EINVAL, 0 },
	{ "3k", 0, -EINVAL, 0 },
	{ " 3", 0, -EINVAL, 0 },
	{ "0x3", 0, -EINVAL, 0 },
};

static const char *ret_name(int ret)
{
	return ret == -EINVAL ? "-EINVAL" : ret == -ERANGE ? "-ERANGE" :
	       ret == -EEXIST ? "-EEXIST" : ret == -EDOM ? "-EDOM" : "0";
}

static void test_numbers(const char *what, const struct num_case *c,
			 size_t n, int (*parse)(const struct num_case *,
						uint64_t *))
{
	size_t i;

	for (i = 0; i < n; i++) {
		uint64_t v = UNTOUCHED;
		int ret = parse(&c[i], &v);
		uint64_t want = c[i].ret ? UNTOUCHED : c[i].want;
		bool good = ret == c[i].ret && v == want;

		if (c[i].ret)
			ok(good, "%s \"%s\" -> %s, result untouched", what,
			   c[i].s, ret_name(c[i].ret));
		else
			ok(good, "%s \"%s\" -> %llu", what, c[i].s,
			   (unsigned long long)want);
		if (!good)
			diag("got %s (%d), %llu", ret_name(ret), ret,
			     (unsigned long long)v);
	}
}

static int parse_duration(const struct num_case *c, uint64_t *v)
{
	return latt_parse_duration(c->s, c->unit, v);
}

static int parse_size(const struct num_case *c, uint64_t *v)
{
	return latt_parse_size(c->s, c->unit, v);
}

static int parse_uint(const struct num_case *c, uint64_t *v)
{
	return latt_parse_uint(c->s, v);
}

#define PMAX	4

struct pct_case {
	const char *s;
	int ret;
	size_t n;
	double want[PMAX];
};

static const struct pct_case pcts[] = {
	{ "50,90,99.9", 0, 3, { 50, 90, 99.9 } },
	{ "100", 0, 1, { 100 } },
	{ "0.1,99.99", 0, 2, { 0.1, 99.99 } },
	{ "50,90,99,100", 0, 4, { 50, 90, 99, 100 } },	/* exactly max */
	{ "50,90,99,99.9,100", -ERANGE, 0, { 0 } },	/* one too many */
	{ "0", -ERANGE, 0, { 0 } },
	{ "101", -ERANGE, 0, { 0 } },
	{ "100.5", -ERANGE, 0, { 0 } },
	{ "50,,90", -EINVAL, 0, { 0 } },
	{ "50,", -EINVAL, 0, { 0 } },
	{ ",50", -EINVAL, 0, { 0 } },
	{ "", -EINVAL, 0, { 0 } },
	{ "50;90", -EINVAL, 0, { 0 } },
	{ "50, 90", -EINVAL, 0, { 0 } },
	{ "p50", -EINVAL, 0, { 0 } },
	{ "-50", -EINVAL, 0, { 0 } },
	{ "50,99,50", -EEXIST, 0, { 0 } },		/* twice */
	{ "99.9,99.90", -EEXIST, 0, { 0 } },		/* same label */
	{ "99.999999999999", -EDOM, 0, { 0 } },	/* reads as p100 */
	{ "99.999999", 0, 1, { 99.999999 } },
};

static void test_percentiles(void)
{
	size_t i, j;

	for (i = 0; i < ARRAY_SIZE(pcts); i++) {
		double out[PMAX] = { 0 };
		size_t n = 12345;
		int ret;
		bool good;

		ret = latt_parse_percentiles(pcts[i].s, out, PMAX, &n);
		good = ret == pcts[i].ret;
		if (!ret) {
			good = good && n == pcts[i].n;
			for (j = 0; good && j < n; j++)
				good = out[j] == pcts[i].want[j];
		} else {
			good = good && n == 12345;
		}
		if (!ok(good, "percentiles \"%s\" -> %s, %zu values",
			pcts[i].s, ret_name(pcts[i].ret), pcts[i].n))
			diag("got %d, n %zu, first %g", ret, n, out[0]);
	}
}

static const struct {
	double p;
	const char *want;
} labels[] = {
	{ 50, "p50" },
	{ 90, "p90" },
	{ 99.9, "p99.9" },
	{ 99.99, "p99.99" },
	{ 99.999, "p99.999" },
	{ 99.99999, "p99.99999" },	/* not rounded to 6 digits, "p100" */
	{ 100, "p100" },
	{ 0.1, "p0.1" },
};

static void test_labels(void)
{
	char buf[32];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(labels); i++) {
		memset(buf, 'x', sizeof(buf));
		latt_percentile_label(labels[i].p, buf, sizeof(buf));
		if (!ok(!strcmp(buf, labels[i].want), "label of %g is %s",
			labels[i].p, labels[i].want))
			diag("got \"%.31s\"", buf);
	}
}

static const struct {
	uint64_t ns;
	const char *want;
} durs[] = {
	{ 10 * MS, "10ms" },
	{ 2 * SEC, "2000ms" },
	{ 500000, "500us" },
	{ 1500, "1500ns" },
	{ 1, "1ns" },
	{ 1001000, "1001us" },
	{ 0, "0ms" },
};

static void test_format(void)
{
	char buf[32];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(durs); i++) {
		memset(buf, 'x', sizeof(buf));
		latt_format_duration(durs[i].ns, buf, sizeof(buf));
		if (!ok(!strcmp(buf, durs[i].want), "%llu ns formats as %s",
			(unsigned long long)durs[i].ns, durs[i].want))
			diag("got \"%.31s\"", buf);
	}

	/* Parsing what was formatted gives the value back. */
	for (i = 0; i < ARRAY_SIZE(durs); i++) {
		uint64_t v = UNTOUCHED;

		latt_format_duration(durs[i].ns, buf, sizeof(buf));
		if (latt_parse_duration(buf, SEC, &v) || v != durs[i].ns)
			break;
	}
	ok(i == ARRAY_SIZE(durs), "formatted durations parse back");
}

static const struct {
	const char *s;
	int ret;
	int64_t want;
} ints[] = {
	{ "0", 0, 0 },
	{ "19", 0, 19 },
	{ "-20", 0, -20 },
	{ "+7", 0, 7 },
	{ "-9223372036854775808", 0, INT64_MIN },
	{ "9223372036854775807", 0, INT64_MAX },
	{ "9223372036854775808", -ERANGE, 0 },
	{ "-9223372036854775809", -ERANGE, 0 },
	{ "-", -EINVAL, 0 },
	{ "--1", -EINVAL, 0 },
	{ "1.5", -EINVAL, 0 },
	{ "5k", -EINVAL, 0 },
	{ "", -EINVAL, 0 },
	{ " 1", -EINVAL, 0 },
};

static void test_ints(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ints); i++) {
		int64_t v = (int64_t)UNTOUCHED;
		int ret = latt_parse_int(ints[i].s, &v);

		if (!ok(ret == ints[i].ret &&
			v == (ret ? (int64_t)UNTOUCHED : ints[i].want),
			"int \"%s\": %d", ints[i].s, ints[i].ret))
			diag("got %d, %lld", ret, (long long)v);
	}
}

static const struct {
	const char *s;
	int ret;
	const char *back;	/* formatted again; NULL when rejected */
} cpulists[] = {
	{ "0", 0, "0" },
	{ "0-3", 0, "0-3" },
	{ "0-3,6", 0, "0-3,6" },
	{ "6,0-3", 0, "0-3,6" },
	{ "1,2,3,5", 0, "1-3,5" },
	{ "3-3", 0, "3" },
	{ "1023", 0, "1023" },
	{ "1024", -ERANGE, NULL },
	{ "3-1", -EINVAL, NULL },
	{ "0,,1", -EINVAL, NULL },
	{ "0-", -EINVAL, NULL },
	{ "-1", -EINVAL, NULL },
	{ "0,", -EINVAL, NULL },
	{ "a", -EINVAL, NULL },
	{ "", -EINVAL, NULL },
};

static void test_cpulists(void)
{
	char buf[64];
	cpu_set_t set, before;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cpulists); i++) {
		int ret;

		CPU_ZERO(&set);
		CPU_SET(77, &set);
		before = set;
		ret = latt_parse_cpulist(cpulists[i].s, &set, CPU_SETSIZE);
		buf[0] = '\0';
		if (!ret)
			latt_format_cpulist(&set, CPU_SETSIZE, buf,
					    sizeof(buf));
		if (!ok(ret == cpulists[i].ret &&
			(ret ? CPU_EQUAL(&set, &before) :
			 !strcmp(buf, cpulists[i].back)),
			"cpu list \"%s\": %s", cpulists[i].s,
			cpulists[i].back ? cpulists[i].back : "rejected"))
			diag("got %d, \"%s\"", ret, buf);
	}
	ok(latt_parse_cpulist("0-7", &set, 4) == -ERANGE,
	   "cpu list: a CPU at or above the limit is -ERANGE");
}

int main(void)
{
	plan((int)(ARRAY_SIZE(durations) + ARRAY_SIZE(sizes) +
		   ARRAY_SIZE(uints) + ARRAY_SIZE(pcts) +
		   ARRAY_SIZE(labels) + ARRAY_SIZE(durs) + 1 +
		   ARRAY_SIZE(ints) + ARRAY_SIZE(cpulists) + 1 + 1));
	test_ints();
	test_cpulists();
	test_numbers("duration", durations, ARRAY_SIZE(durations),
		     parse_duration);
	test_numbers("size", sizes, ARRAY_SIZE(sizes), parse_size);
	test_numbers("uint", uints, ARRAY_SIZE(uints), parse_uint);
	test_percentiles();
	test_labels();
	test_format();
	ok(*latt_duration_hint("1m") && *latt_duration_hint("2.5M") &&
	   !*latt_duration_hint("1min") && !*latt_duration_hint("1ms") &&
	   !*latt_duration_hint("m") && !*latt_duration_hint("5x"),
	   "a duration of 'm': the hint says ms or min (%s); none for "
	   "1min, 1ms, m, 5x", latt_duration_hint("1m"));
	return tap_done();
}
