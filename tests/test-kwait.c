// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the kernel's figure per wakeup (lib/measure/kwait.c,
 * lib/measure/kwait.h): the schedstat line's parser, which wakeups have
 * a figure (one run between the reads) and which are left out, latt's
 * sample less the figure, clearing and merging; and the calling thread's
 * own schedstat where the kernel keeps it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "measure/kwait.h"
#include "tap.h"

static int parse(const char *s, struct latt_schedstat *ss)
{
	return latt_kwait_parse(s, strlen(s), ss);
}

static void test_parse(void)
{
	struct latt_schedstat ss = { 0, 0, 0 };

	ok(!parse("439169 103350 2\n", &ss) && ss.run_ns == 439169 &&
	   ss.wait_ns == 103350 && ss.slices == 2, "parse: three fields");
	ok(!parse("1 2 3", &ss) && ss.slices == 3,
	   "parse: without the newline");
	ok(!parse("18446744073709551615 0 0\n", &ss) &&
	   ss.run_ns == UINT64_MAX, "parse: the largest value");
	ok(parse("18446744073709551616 0 0\n", &ss) == -EINVAL,
	   "parse: one more is refused");
	ok(parse("1 2\n", &ss) == -EINVAL, "parse: two fields are refused");
	ok(parse("1 2 3 4\n", &ss) == -EINVAL,
	   "parse: four fields are refused");
	ok(parse("1 -2 3\n", &ss) == -EINVAL && parse("1 2x 3\n", &ss) ==
	   -EINVAL && parse("", &ss) == -EINVAL,
	   "parse: signs, junk and nothing are refused");
}

static struct latt_schedstat st(uint64_t wait, uint64_t slices)
{
	return (struct latt_schedstat){ .run_ns = 1, .wait_ns = wait,
					.slices = slices };
}

static void test_add(void)
{
	static struct latt_kwait k, m;
	struct latt_schedstat a, b;

	latt_kwait_clear(&k);
	ok(k.last_ns == LATT_KWAIT_NONE && !k.wait.count,
	   "add: cleared, nothing known");

	a = st(1000, 10);
	b = st(4000, 11);
	ok(latt_kwait_add(&k, &a, &b, true, 5000) == 3000 && k.last_ns == 3000 &&
	   k.wait.count == 1 && k.gap.count == 1 && k.gap.max == 2000,
	   "add: one run between the reads: the wakeup's wait, latt 2 us "
	   "above it");

	b = st(1000, 10);
	ok(latt_kwait_add(&k, &a, &b, false, 700) == 0 && k.wait.min == 0 &&
	   k.gap.max == 2000 && k.gap.min == 700,
	   "add: no run between them (never blocked): waited 0");

	b = st(9000, 12);
	ok(latt_kwait_add(&k, &a, &b, true, 20000) == LATT_KWAIT_NONE &&
	   k.mixed == 1 && k.wait.count == 2 && k.last_ns == LATT_KWAIT_NONE,
	   "add: two runs (preempted around a read): left out, counted");

	b = st(900, 11);
	ok(latt_kwait_add(&k, &a, &b, true, 20000) == LATT_KWAIT_NONE &&
	   k.mixed == 2, "add: counters that went back: left out");

	b = st(3000000, 11);
	ok(latt_kwait_add(&k, &a, &b, false, 280000) == LATT_KWAIT_NONE &&
	   k.mixed == 3 && k.wait.count == 2 && !k.above,
	   "add: one run that ended a preemption, not a block (the wakeup "
	   "found the client runnable): left out, counted, not above");

	b = st(7000, 11);
	ok(latt_kwait_add(&k, &a, &b, true, 5000) == 6000 && k.above == 1 &&
	   k.wait.count == 3 && k.gap.count == 2,
	   "add: a figure above latt's sample is counted, not a gap");

	m.error = -ENODATA;
	latt_kwait_clear(&m);
	ok(m.error == -ENODATA, "clear: the error stays");
	latt_kwait_merge(&m, &k);
	latt_kwait_merge(&m, &k);
	ok(m.wait.count == 6 && m.gap.count == 4 && m.mixed == 6 &&
	   m.above == 2 && m.wait_hist.count == 6 && m.gap_hist.count == 4 &&
	   m.wait.max == 6000 && m.error == -ENODATA,
	   "merge: counts, histograms and the first error");
	latt_kwait_clear(&k);
	ok(!k.wait.count && !k.gap.count && !k.mixed && !k.above &&
	   !k.wait_hist.count && !k.gap_hist.count,
	   "clear: everything dropped");
}

static void test_missing(void)
{
	char path[] = "/tmp/latt-kwait.XXXXXX";
	int fd;

	fd = mkstemp(path);
	if (fd < 0 || write(fd, "0 0 0\n", 6) != 6) {
		skip("no temporary file");
		skip("no temporary file");
		return;
	}
	close(fd);
	ok(latt_kwait_open_from(path) == -ENODATA,
	   "open: a kernel that prints 0 0 0 keeps nothing: -ENODATA");
	unlink(path);
	ok(latt_kwait_open_from(path) == -ENOENT &&
	   strstr(latt_kwait_strerror(-ENOENT), "CONFIG_SCHED_INFO") &&
	   strstr(latt_kwait_strerror(-ENODATA), "0 0 0"),
	   "open: no file is -ENOENT; each reason names what is missing");
}

static void test_self(void)
{
	struct latt_schedstat a = { 0 }, b = { 0 };
	struct timespec ms = { 0, 1000000 };
	bool read;
	int fd;

	fd = latt_kwait_open();
	if (fd == -ENOENT || fd == -ENODATA) {
		ok(strstr(latt_kwait_strerror(fd), "kernel") != NULL,
		   "self: the kernel keeps no figure, and the reason says so");
		skip(latt_kwait_strerror(fd));
		return;
	}
	ok(fd >= 0, "self: /proc/thread-self/schedstat opens (%d)", fd);
	if (fd < 0) {
		skip("not opened");
		return;
	}
	/* A sleep blocks: waking, the thread is put on a CPU again. */
	read = !latt_kwait_read(fd, &a) && !nanosleep(&ms, NULL) &&
	       !latt_kwait_read(fd, &b);
	ok(read && b.slices > a.slices &&
	   b.wait_ns >= a.wait_ns && a.slices > 0,
	   "self: a sleep between two reads is one run more (%llu -> %llu)",
	   (unsigned long long)a.slices, (unsigned long long)b.slices);
	close(fd);
}

/* The switch counts tell a block from a preemption. */
static void test_switches(void)
{
	struct latt_kwait_switches a = { 0, 0 }, b = { 0, 0 }, x = { 5, 2 },
				   y = { 6, 2 }, z = { 6, 3 }, w = { 7, 2 };
	struct timespec ms = { 0, 1000000 };
	bool read;

	/* Read first: the message's arguments are those after the reads. */
	read = !latt_kwait_switches(&a) && !nanosleep(&ms, NULL) &&
	       !latt_kwait_switches(&b);
	ok(read && b.voluntary > a.voluntary &&
	   b.involuntary >= a.involuntary,
	   "switches: a sleep is a voluntary switch (%ld -> %ld)",
	   a.voluntary, b.voluntary);
	ok(latt_kwait_blocked(&x, &y) && !latt_kwait_blocked(&x, &x),
	   "blocked: one voluntary switch is the block; none is not");
	ok(!latt_kwait_blocked(&x, &z) && !latt_kwait_blocked(&x, &w) &&
	   !latt_kwait_blocked(&y, &z),
	   "blocked: not with a preemption, nor two blocks");
}

int main(void)
{
	plan(25);
	test_parse();
	test_add();
	test_missing();
	test_self();
	test_switches();
	ok(!strcmp(latt_kwait_strerror(-EACCES), strerror(EACCES)),
	   "strerror: another error is the system's");
	return tap_done();
}
