// SPDX-License-Identifier: GPL-2.0-only
/*
 * System facts; see measure/sysinfo.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "measure/sysinfo.h"

int latt_sysinfo_ctxt_from(const char *path, uint64_t *ctxt)
{
	char line[256];
	int ret = -ENOENT;
	FILE *f;

	f = fopen(path, "re");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		uint64_t v;

		if (sscanf(line, "ctxt %" SCNu64, &v) == 1) {
			*ctxt = v;
			ret = 0;
			break;
		}
	}
	fclose(f);
	return ret;
}

int latt_sysinfo_ctxt(uint64_t *ctxt)
{
	return latt_sysinfo_ctxt_from("/proc/stat", ctxt);
}

uint64_t latt_sysinfo_tick_ns(void)
{
	long hz = sysconf(_SC_CLK_TCK);

	return hz > 0 ? 1000000000ULL / (uint64_t)hz : 10000000ULL;
}

int latt_sysinfo_steal_from(const char *path, uint64_t *ns, unsigned int max)
{
	uint64_t tick = latt_sysinfo_tick_ns(), v[8];
	unsigned int cpu, n = 0;
	char line[512];
	FILE *f;

	f = fopen(path, "re");
	if (!f)
		return -errno;
	memset(ns, 0, max * sizeof(*ns));
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "cpu", 3) || line[3] < '0' || line[3] > '9')
			continue;
		if (sscanf(line, "cpu%u %" SCNu64 " %" SCNu64 " %" SCNu64
			   " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
			   " %" SCNu64, &cpu, &v[0], &v[1], &v[2], &v[3],
			   &v[4], &v[5], &v[6], &v[7]) != 9 || cpu >= max)
			continue;
		ns[cpu] = v[7] * tick;
		if (cpu + 1 > n)
			n = cpu + 1;
	}
	fclose(f);
	return n ? (int)n : -ENOENT;
}

int latt_sysinfo_steal(uint64_t *ns, unsigned int max)
{
	return latt_sysinfo_steal_from("/proc/stat", ns, max);
}

int latt_sysinfo_line(const char *root, const char *path, char *buf,
		      size_t len)
{
	char full[4096];
	FILE *f;
	int ret = 0;

	snprintf(full, sizeof(full), "%s%s", root, path);
	f = fopen(full, "re");
	if (!f)
		return -errno;
	errno = 0;
	if (!fgets(buf, (int)len, f))
		ret = errno ? -errno : -ENODATA;
	else
		buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
	return ret;
}

int latt_sysinfo_sched_ext(const char *root, char *ops, size_t len)
{
	char state[32], name[64];

	if (len)
		ops[0] = '\0';
	if (latt_sysinfo_line(root, "/sys/kernel/sched_ext/state", state,
			      sizeof(state)) || !strcmp(state, "disabled"))
		return -ENOENT;
	/* The name is there only while a scheduler is loaded. */
	if (latt_sysinfo_line(root, "/sys/kernel/sched_ext/root/ops", name,
			      sizeof(name)) || !name[0])
		snprintf(name, sizeof(name), "unnamed");
	if (strcmp(state, "enabled"))
		snprintf(ops, len, "%s (%s)", name, state);
	else
		snprintf(ops, len, "%s", name);
	return 0;
}

/* "name\t: value" of /proc/cpuinfo. */
static void cpu_model(const char *root, char *buf, size_t len)
{
	static const char *const keys[] = { "model name", "Model", "Hardware",
					    "cpu model", NULL };
	char path[4096], line[512];
	const char *const *k;
	FILE *f;

	snprintf(buf, len, "unknown");
	snprintf(path, sizeof(path), "%s/proc/cpuinfo", root);
	f = fopen(path, "re");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (!colon)
			continue;
		for (k = keys; *k; k++) {
			if (strncmp(line, *k, strlen(*k)))
				continue;
			colon++;
			colon += strspn(colon, " \t");
			colon[strcspn(colon, "\n")] = '\0';
			if (*colon) {
				snprintf(buf, len, "%s", colon);
				fclose(f);
				return;
			}
		}
	}
	fclose(f);
}

/* How many CPUs or nodes a list such as "0-3,6" names; 0 when unreadable. */
static unsigned int list_count(const char *root, const char *path)
{
	unsigned int n = 0, lo, hi;
	char buf[1024], *p;
	int used;

	if (latt_sysinfo_line(root, path, buf, sizeof(buf)))
		return 0;
	for (p = buf; *p; p += used) {
		if (sscanf(p, "%u-%u%n", &lo, &hi, &used) == 2 && hi >= lo)
			n += hi - lo + 1;
		else if (sscanf(p, "%u%n", &lo, &used) == 1)
			n++;
		else
			break;
		if (p[used] == ',')
			used++;
	}
	return n;
}

/*
 * The preemption model: debugfs names the current mode where it can be
 * read ("none voluntary (full) lazy"); otherwise the kernel's version
 * string tells how it was built.
 */
static void preempt_mode(const char *root, const char *version, char *buf,
			 size_t len)
{
	char line[128], *open, *close;

	if (!latt_sysinfo_line(root, "/sys/kernel/debug/sched/preempt", line,
			       sizeof(line)) &&
	    (open = strchr(line, '(')) && (close = strchr(open, ')'))) {
		*close = '\0';
		snprintf(buf, len, "%s%s", strstr(version, "PREEMPT_DYNAMIC") ?
			 "dynamic, " : "", open + 1);
		return;
	}
	if (strstr(version, "PREEMPT_RT"))
		snprintf(buf, len, "rt");
	else if (strstr(version, "PREEMPT_DYNAMIC"))
		snprintf(buf, len, "dynamic (mode not readable)");
	else if (strstr(version, "PREEMPT_LAZY"))
		snprintf(buf, len, "lazy");
	else if (strstr(version, "PREEMPT"))
		snprintf(buf, len, "full");
	else
		snprintf(buf, len, "none or voluntary");
}

/* "now at N nsecs" and the first "jiffies: N" of /proc/timer_list. */
static int read_jiffies(const char *root, uint64_t *jiffies, uint64_t *now)
{
	char path[PATH_MAX], buf[256];
	unsigned long long v;
	int got = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/proc/timer_list", root);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	while (got != 3 && fgets(buf, sizeof(buf), f)) {
		if (sscanf(buf, "now at %llu nsecs", &v) == 1) {
			*now = v;
			got |= 1;
		} else if (sscanf(buf, "jiffies: %llu", &v) == 1) {
			*jiffies = v;
			got |= 2;
		}
	}
	fclose(f);
	return got == 3 ? 0 : -ENOENT;
}

unsigned int latt_sysinfo_hz(const struct latt_sysinfo *si, const char *root)
{
	static const unsigned int known[] = { 100, 250, 300, 1000 };
	uint64_t j, now;
	double hz;
	size_t i;

	if (!si->jiffies_ns || read_jiffies(root, &j, &now) ||
	    now <= si->jiffies_ns || j < si->jiffies)
		return 0;
	/* A tick either side: at least 50 ticks make 2%. */
	if (j - si->jiffies < 50)
		return 0;
	hz = (double)(j - si->jiffies) * 1e9 / (double)(now - si->jiffies_ns);
	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (hz > known[i] * 0.95 && hz < known[i] * 1.05)
			return known[i];
	return (unsigned int)(hz + 0.5);
}

/* The PM QoS CPU latency limit in usec, as /dev/cpu_dma_latency reads. */
static int64_t pm_qos(const char *root)
{
	char path[PATH_MAX];
	int32_t v;
	int fd;

	snprintf(path, sizeof(path), "%s/dev/cpu_dma_latency", root);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (read(fd, &v, sizeof(v)) != sizeof(v))
		v = -1;
	close(fd);
	return v;
}

void latt_sysinfo_read(struct latt_sysinfo *si, const char *root)
{
	char version[256] = "", line[32];
	struct utsname u;
	long n;

	memset(si, 0, sizeof(*si));
	snprintf(si->kernel, sizeof(si->kernel), "unknown");
	snprintf(si->hostname, sizeof(si->hostname), "unknown");
	if (!*root && !uname(&u)) {
		snprintf(si->kernel, sizeof(si->kernel), "%s", u.release);
		snprintf(si->hostname, sizeof(si->hostname), "%s", u.nodename);
		snprintf(version, sizeof(version), "%s", u.version);
	} else {
		latt_sysinfo_line(root, "/proc/sys/kernel/osrelease",
				  si->kernel, sizeof(si->kernel));
		latt_sysinfo_line(root, "/proc/sys/kernel/hostname",
				  si->hostname, sizeof(si->hostname));
		latt_sysinfo_line(root, "/proc/sys/kernel/version", version,
				  sizeof(version));
	}
	cpu_model(root, si->cpu_model, sizeof(si->cpu_model));
	si->cpus = list_count(root, "/sys/devices/system/cpu/online");
	if (!si->cpus && !*root && (n = sysconf(_SC_NPROCESSORS_ONLN)) > 0)
		si->cpus = (unsigned int)n;
	si->numa_nodes = list_count(root, "/sys/devices/system/node/online");
	if (!si->numa_nodes)
		si->numa_nodes = 1;
	if (latt_sysinfo_line(root, "/sys/devices/system/clocksource/"
			      "clocksource0/current_clocksource",
			      si->clocksource, sizeof(si->clocksource)))
		snprintf(si->clocksource, sizeof(si->clocksource), "unknown");
	preempt_mode(root, version, si->preempt, sizeof(si->preempt));
	si->autogroup = -1;
	if (!latt_sysinfo_line(root, "/proc/sys/kernel/sched_autogroup_enabled",
			       line, sizeof(line)))
		si->autogroup = line[0] == '1';
	si->pm_qos_us = pm_qos(root);
	if (read_jiffies(root, &si->jiffies, &si->jiffies_ns))
		si->jiffies = si->jiffies_ns = 0;
}

bool latt_sysinfo_preempt_rt(void)
{
	struct utsname u;

	return !uname(&u) && strstr(u.version, "PREEMPT_RT");
}
