// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the system facts (lib/measure/sysinfo.c):
 * the context switch count read from files in the /proc/stat format and
 * from the real one.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "measure/kwait.h"
#include "measure/sysinfo.h"
#include "tap.h"
#include "util.h"

#define UNTOUCHED	0xdeadbeefULL

static char tmpl[4096];

/* Write @text to a new temporary file; its name is in tmpl. */
static int write_tmp(const char *text)
{
	const char *dir = getenv("TMPDIR");
	size_t len = strlen(text);
	int fd;

	snprintf(tmpl, sizeof(tmpl), "%s/latt-test-sysinfo.XXXXXX",
		 dir && *dir ? dir : "/tmp");
	fd = mkstemp(tmpl);
	if (fd < 0)
		return -errno;
	if (write(fd, text, len) != (ssize_t)len) {
		close(fd);
		unlink(tmpl);
		return -EIO;
	}
	close(fd);
	return 0;
}

/* latt_sysinfo_ctxt_from() of a file holding @text; -EIO: no file. */
static int ctxt_of(const char *text, uint64_t *ctxt)
{
	int ret;

	if (write_tmp(text))
		return -EIO;
	ret = latt_sysinfo_ctxt_from(tmpl, ctxt);
	unlink(tmpl);
	return ret;
}

static const char stat_head[] =
	"cpu  4705 356 584 3699 23 23 0 0 0 0\n"
	"cpu0 1393 280 184 1728 13 20 0 0 0 0\n"
	"cpu1 3312 76 400 1971 10 3 0 0 0 0\n";

static const char stat_tail[] =
	"btime 1769000000\n"
	"processes 86031\n"
	"procs_running 2\n"
	"procs_blocked 0\n"
	"softirq 229245 0 18446 1 2 0 0 2 0 0 210794\n";

static void test_files(void)
{
	char text[16384];
	uint64_t v;
	size_t len;
	int ret;

	snprintf(text, sizeof(text), "%sintr 1 2 3\nctxt 12345\n%s",
		 stat_head, stat_tail);
	v = UNTOUCHED;
	ret = ctxt_of(text, &v);
	if (!ok(ret == 0 && v == 12345, "ctxt 12345 is read as 12345"))
		diag("got %d, %llu", ret, (unsigned long long)v);

	/*
	 * The real "intr" line holds a count per interrupt: thousands of
	 * characters before "ctxt".  And the count passes 2^32 on a busy
	 * machine.
	 */
	len = (size_t)snprintf(text, sizeof(text), "%sintr 123456", stat_head);
	while (len < 9000)
		len += (size_t)snprintf(text + len, sizeof(text) - len, " 0");
	snprintf(text + len, sizeof(text) - len, "\nctxt 123456789012\n%s",
		 stat_tail);
	v = UNTOUCHED;
	ret = ctxt_of(text, &v);
	if (!ok(ret == 0 && v == 123456789012ULL,
		"ctxt after a 9000-character intr line, above 2^32"))
		diag("got %d, %llu", ret, (unsigned long long)v);

	snprintf(text, sizeof(text), "%sintr 1 2 3\n%s", stat_head,
		 stat_tail);
	v = UNTOUCHED;
	ret = ctxt_of(text, &v);
	if (!ok(ret == -ENOENT && v == UNTOUCHED,
		"no ctxt line: -ENOENT, result untouched"))
		diag("got %d, %llu", ret, (unsigned long long)v);

	v = UNTOUCHED;
	ret = ctxt_of("", &v);
	ok(ret == -ENOENT && v == UNTOUCHED, "empty file: -ENOENT");

	v = UNTOUCHED;
	ret = latt_sysinfo_ctxt_from("/nonexistent/latt/stat", &v);
	if (!ok(ret == -ENOENT && v == UNTOUCHED, "missing file: -ENOENT"))
		diag("got %d", ret);
}

static void test_proc(void)
{
	uint64_t a = 0, b = 0;
	int ret;

	if (access("/proc/stat", R_OK)) {
		skip("/proc/stat is not readable");
		skip("/proc/stat is not readable");
		return;
	}
	ret = latt_sysinfo_ctxt(&a);
	if (!ok(ret == 0 && a != 0, "/proc/stat: 0 and a context switch count"))
		diag("got %d, %llu", ret, (unsigned long long)a);

	/* Context switches only ever add up. */
	usleep(1000);
	ret = latt_sysinfo_ctxt(&b);
	ok(ret == 0 && b >= a, "/proc/stat: the count does not go back");
}

static void test_schedstat(void)
{
	struct latt_schedstat ss = { 1, 2, 3 };
	int ret;

	if (write_tmp("4734885 81615 2\n")) {
		skip("no temporary file");
		skip("no temporary file");
		return;
	}
	ret = latt_kwait_schedstat_from(tmpl, &ss);
	ok(!ret && ss.run_ns == 4734885 && ss.wait_ns == 81615 &&
	   ss.slices == 2, "schedstat: run, wait and slices");
	unlink(tmpl);
	ret = latt_kwait_schedstat(getpid(), &ss);
	if (access("/proc/self/schedstat", R_OK))
		ok(ret == -ENOENT, "schedstat: missing is -ENOENT");
	else
		ok(!ret && ss.run_ns > 0, "schedstat: this process has run");
}

static void test_facts(void)
{
	const char *dir = getenv("TMPDIR");
	struct latt_sysinfo si;
	char root[4096], cmd[8192];

	snprintf(root, sizeof(root), "%s/latt-test-facts.XXXXXX",
		 dir && *dir ? dir : "/tmp");
	if (!mkdtemp(root)) {
		skip("no temporary directory");
		skip("no temporary directory");
		skip("no temporary directory");
		return;
	}
	put_file(root, "/proc/sys/kernel/osrelease", "6.99.0-test\n");
	put_file(root, "/proc/sys/kernel/hostname", "box\n");
	put_file(root, "/proc/sys/kernel/version", "#1 SMP PREEMPT_DYNAMIC x\n");
	put_file(root, "/proc/cpuinfo", "processor\t: 0\nvendor_id\t: X\n"
	    "model name\t: Test CPU 9000\nprocessor\t: 1\n");
	put_file(root, "/sys/devices/system/cpu/online", "0-3,8-11\n");
	put_file(root, "/sys/devices/system/node/online", "0-1\n");
	put_file(root, "/sys/devices/system/clocksource/clocksource0/"
	    "current_clocksource", "tsc\n");
	put_file(root, "/proc/sys/kernel/sched_autogroup_enabled", "0\n");
	latt_sysinfo_read(&si, root);
	ok(!strcmp(si.kernel, "6.99.0-test") && !strcmp(si.hostname, "box") &&
	   !strcmp(si.cpu_model, "Test CPU 9000") && si.cpus == 8 &&
	   si.numa_nodes == 2 && !strcmp(si.clocksource, "tsc") &&
	   si.autogroup == 0, "facts: kernel, host, CPU model and count, "
	   "nodes, clocksource, autogroup");
	ok(!strcmp(si.preempt, "dynamic (mode not readable)"),
	   "facts: a dynamic kernel whose debugfs is not readable");
	put_file(root, "/sys/kernel/debug/sched/preempt",
	    "none voluntary (full) lazy\n");
	put_file(root, "/proc/sys/kernel/osrelease", "x\n");
	latt_sysinfo_read(&si, root);
	ok(!strcmp(si.preempt, "dynamic, full"),
	   "facts: the current mode from debugfs");
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd))
		diag("could not remove %s", root);
}

int main(void)
{
	plan(5 + 2 + 3 + 2);
	test_files();
	test_proc();
	test_schedstat();
	test_facts();
	return tap_done();
}
