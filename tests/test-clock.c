// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the sample clocks (lib/measure/clock.c):
 * names, when the counter is trusted (on a fake /proc and /sys), and the
 * counter's calibration: over a known interval it agrees with
 * CLOCK_MONOTONIC within 1%.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "measure/clock.h"
#include "tap.h"
#include "util.h"

static char root[4096];

static void test_names(void)
{
	enum latt_clock_id id = LATT_CLOCK_MONOTONIC;

	ok(!latt_clock_parse("tsc", &id) && id == LATT_CLOCK_TSC &&
	   !latt_clock_parse("auto", &id) && id == LATT_CLOCK_AUTO &&
	   !latt_clock_parse("monotonic_raw", &id) &&
	   id == LATT_CLOCK_MONOTONIC_RAW &&
	   latt_clock_parse("realtime", &id) == -EINVAL &&
	   !strcmp(latt_clock_id_name(LATT_CLOCK_TSC), "tsc"),
	   "clock names parse and print");
}

static void test_posix(void)
{
	struct latt_clock c;
	uint64_t a, b;

	ok(!latt_clock_init(&c, LATT_CLOCK_MONOTONIC, "") &&
	   !strcmp(latt_clock_name(&c), "monotonic") &&
	   (a = latt_clock_now(&c), b = latt_clock_now(&c), b >= a),
	   "monotonic: set up, and does not go back");
	ok(!latt_clock_init(&c, LATT_CLOCK_MONOTONIC_RAW, "") &&
	   !strcmp(latt_clock_name(&c), "monotonic_raw") &&
	   latt_clock_drift_ppm(&c) == 0, "monotonic_raw: set up, no drift");
}

static void test_trust(void)
{
	char why[256] = "";
	struct latt_clock c;
	bool trusted;

#if defined(__x86_64__)
	put_file(root, "/proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu "
		 "tsc constant_tsc nonstop_tsc rdtscp\n");
	put_file(root, "/sys/devices/system/clocksource/clocksource0/"
		 "current_clocksource", "tsc\n");
	ok(latt_clock_tsc_trusted(root, why, sizeof(why)),
	   "an invariant counter the kernel uses is trusted");
	put_file(root, "/proc/cpuinfo", "flags\t\t: fpu tsc constant_tsc\n");
	trusted = latt_clock_tsc_trusted(root, why, sizeof(why));
	ok(!trusted && strstr(why, "not invariant"),
	   "without nonstop_tsc it is not");
	put_file(root, "/proc/cpuinfo", "flags\t\t: constant_tsc nonstop_tsc\n");
	put_file(root, "/sys/devices/system/clocksource/clocksource0/"
		 "current_clocksource", "kvm-clock\n");
	trusted = latt_clock_tsc_trusted(root, why, sizeof(why));
	ok(!trusted && strstr(why, "clocksource is kvm-clock, not tsc"),
	   "nor where the kernel keeps time with another clocksource");
	ok(latt_clock_init(&c, LATT_CLOCK_TSC, root) == -EOPNOTSUPP &&
	   !latt_clock_init(&c, LATT_CLOCK_AUTO, root) &&
	   c.id == LATT_CLOCK_MONOTONIC,
	   "then tsc is refused, and auto takes monotonic");
#else
	(void)why;
	(void)c;
	(void)trusted;
	skip("the counter's flags are x86's");
	skip("the counter's flags are x86's");
	skip("the counter's flags are x86's");
	skip("the counter's flags are x86's");
#endif
}

#ifdef LATT_HAVE_COUNTER
/*
 * The counter (converted) and CLOCK_MONOTONIC at one moment: the counter
 * read on both sides of the clock, again if something came between them
 * (a loaded machine preempts anywhere).
 */
static void stamps(const struct latt_clock *c, uint64_t *t, uint64_t *m)
{
	uint64_t a, b;
	int tries = 0;

	do {
		a = latt_clock_now(c);
		*m = latt_mono_ns();
		b = latt_clock_now(c);
	} while (b - a > 20000 && ++tries < 100000);
	*t = a + (b - a) / 2;
}
#endif

static void test_counter(void)
{
#ifdef LATT_HAVE_COUNTER
	struct timespec nap = { 0, 100 * 1000 * 1000 };
	struct latt_clock c = { .id = LATT_CLOCK_MONOTONIC };
	uint64_t t0, m0, t1, m1;
	double err, drift;

	int ret = latt_clock_tsc_calibrate(&c);

	if (!ok(!ret && c.ghz > 0.01 && c.mult,
		"the counter calibrates (%.3f GHz)", c.ghz)) {
		skip("no counter");
		skip("no counter");
		return;
	}
	stamps(&c, &t0, &m0);
	nanosleep(&nap, NULL);
	stamps(&c, &t1, &m1);
	err = ((double)(t1 - t0) - (double)(m1 - m0)) / (double)(m1 - m0);
	if (!ok(err < 0.01 && err > -0.01,
		"over 100 ms it agrees with monotonic within 1%%"))
		diag("tsc %llu ns, monotonic %llu ns",
		     (unsigned long long)(t1 - t0),
		     (unsigned long long)(m1 - m0));
	drift = latt_clock_drift_ppm(&c);
	ok(drift < 10000 && drift > -10000, "its drift is small (%.1f ppm)",
	   drift);
#else
	skip("no counter on this architecture");
	skip("no counter on this architecture");
	skip("no counter on this architecture");
#endif
}

int main(void)
{
	const char *tmp = getenv("TMPDIR");
	char cmd[8192];

	plan(1 + 2 + 4 + 3);
	snprintf(root, sizeof(root), "%s/latt-test-clock.XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(root)) {
		diag("mkdtemp failed");
		return 1;
	}
	test_names();
	test_posix();
	test_trust();
	test_counter();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd))
		diag("could not remove %s", root);
	return tap_done();
}
