// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sample clocks; see measure/clock.h.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/timerfd.h>
#include <time.h>

#include "measure/clock.h"
#include "base/util.h"
#include "measure/sysinfo.h"

/*
 * How long the counter is calibrated against CLOCK_MONOTONIC: each end is
 * known to some 50 ns (pair()), so the rate to 20 ppm at worst, 0.2 ns of
 * a 10 us wakeup.  20 ms (5 ppm) cost every run of few clients 15 ms more.
 */
#define CALIBRATE_NS	(5ULL * 1000 * 1000)

static const char *const names[] = {
	[LATT_CLOCK_AUTO] = "auto",
	[LATT_CLOCK_MONOTONIC] = "monotonic",
	[LATT_CLOCK_MONOTONIC_RAW] = "monotonic_raw",
	[LATT_CLOCK_TSC] = "tsc",
};

#define NNAMES	(sizeof(names) / sizeof(names[0]))

int latt_clock_parse(const char *name, enum latt_clock_id *id)
{
	int i = latt_name_find(names, NNAMES, name);

	if (i < 0)
		return i;
	*id = (enum latt_clock_id)i;
	return 0;
}

char *latt_clock_list(char *buf, size_t len)
{
	return latt_name_list(names, NNAMES, buf, len);
}

const char *latt_clock_id_name(enum latt_clock_id id)
{
	return (unsigned int)id < NNAMES ? names[id] : "?";
}

uint64_t latt_mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

int latt_timer_arm(int fd, uint64_t first_ns, uint64_t every_ns)
{
	struct itimerspec its = {
		.it_value.tv_sec = (time_t)(first_ns / 1000000000ULL),
		.it_value.tv_nsec = (long)(first_ns % 1000000000ULL),
		.it_interval.tv_sec = (time_t)(every_ns / 1000000000ULL),
		.it_interval.tv_nsec = (long)(every_ns % 1000000000ULL),
	};

	return timerfd_settime(fd, 0, &its, NULL) ? -errno : 0;
}

/* Does the "flags" line of /proc/cpuinfo have @flag? */
static bool cpu_flag(const char *root, const char *flag)
{
	char path[4096], line[8192];
	bool found = false;
	FILE *f;

	snprintf(path, sizeof(path), "%s/proc/cpuinfo", root);
	f = fopen(path, "re");
	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f))
		if (!strncmp(line, "flags", 5))
			found = latt_has_word(line, flag, " \t\n");
	fclose(f);
	return found;
}

bool latt_clock_tsc_trusted(const char *root, char *why, size_t len)
{
	char source[64] = "unknown";
	const char *want;

#if defined(__x86_64__)
	want = "tsc";
	if (!cpu_flag(root, "constant_tsc") || !cpu_flag(root, "nonstop_tsc")) {
		snprintf(why, len, "the time-stamp counter is not invariant "
			 "here (no constant_tsc and nonstop_tsc in "
			 "/proc/cpuinfo)");
		return false;
	}
#elif defined(__aarch64__)
	want = "arch_sys_counter";
#else
	snprintf(why, len, "latt reads no time-stamp counter on this "
		 "architecture");
	(void)root;
	(void)source;
	(void)want;
	return false;
#endif
#ifdef LATT_HAVE_COUNTER
	latt_sysinfo_line(root, "/sys/devices/system/clocksource/clocksource0/"
			  "current_clocksource", source, sizeof(source));
	if (strcmp(source, want)) {
		snprintf(why, len, "the kernel's clocksource is %s, not %s: "
			 "it does not trust the counter here", source, want);
		return false;
	}
	return true;
#endif
}

#ifdef LATT_HAVE_COUNTER
/*
 * A counter reading and CLOCK_MONOTONIC at the same moment: the counter
 * read on both sides of the clock, the tightest of a few tries.
 */
static void pair(uint64_t *ticks, uint64_t *ns)
{
	uint64_t best = UINT64_MAX, t1, t2, n;
	int i;

	for (i = 0; i < 8; i++) {
		t1 = latt_counter();
		n = latt_mono_ns();
		t2 = latt_counter();
		if (t2 - t1 < best) {
			best = t2 - t1;
			*ticks = t1 + (t2 - t1) / 2;
			*ns = n;
		}
	}
}
#endif

/*
 * The calibration's first reading: the counter and CLOCK_MONOTONIC now.
 * Until latt_clock_settle() the clock has no rate (ghz 0).
 */
static int calibrate_begin(struct latt_clock *c)
{
#ifdef LATT_HAVE_COUNTER
	pair(&c->base_ticks, &c->base_ns);
	c->id = LATT_CLOCK_TSC;
	c->clockid = CLOCK_MONOTONIC;
	c->ghz = 0;
	c->mult = 0;
	return 0;
#else
	(void)c;
	return -EOPNOTSUPP;
#endif
}

int latt_clock_settle(struct latt_clock *c)
{
#ifdef LATT_HAVE_COUNTER
	uint64_t t1, n1, now;
	struct timespec nap;

	if (c->id != LATT_CLOCK_TSC || c->ghz > 0)
		return 0;
	now = latt_mono_ns();
	if (now < c->base_ns + CALIBRATE_NS) {
		nap.tv_sec = 0;
		nap.tv_nsec = (long)(c->base_ns + CALIBRATE_NS - now);
		while (nanosleep(&nap, &nap) && errno == EINTR)
			;
	}
	pair(&t1, &n1);
	if (t1 <= c->base_ticks || n1 <= c->base_ns)
		return -EIO;
	c->ghz = (double)(t1 - c->base_ticks) / (double)(n1 - c->base_ns);
	c->mult = (uint64_t)(4294967296.0 / c->ghz + 0.5);
	c->base_ticks = t1;
	c->base_ns = n1;
	return 0;
#else
	(void)c;
	return 0;
#endif
}

int latt_clock_tsc_calibrate(struct latt_clock *c)
{
	int ret = calibrate_begin(c);

	return ret ? ret : latt_clock_settle(c);
}

double latt_clock_drift_ppm(const struct latt_clock *c)
{
#ifdef LATT_HAVE_COUNTER
	uint64_t t, n, est;

	if (c->id != LATT_CLOCK_TSC || c->ghz <= 0)
		return 0;
	pair(&t, &n);
	if (n <= c->base_ns)
		return 0;
	est = c->base_ns +
	      (uint64_t)(((unsigned __int128)(t - c->base_ticks) * c->mult) >>
			 32);
	return ((double)est - (double)n) / (double)(n - c->base_ns) * 1e6;
#else
	(void)c;
	return 0;
#endif
}

int latt_clock_init(struct latt_clock *c, enum latt_clock_id id,
		    const char *root)
{
	struct timespec ts;
	char why[256];

	memset(c, 0, sizeof(*c));
	if (id == LATT_CLOCK_AUTO)
		id = latt_clock_tsc_trusted(root, why, sizeof(why)) ?
		     LATT_CLOCK_TSC : LATT_CLOCK_MONOTONIC;
	switch (id) {
	case LATT_CLOCK_MONOTONIC:
		c->clockid = CLOCK_MONOTONIC;
		break;
	case LATT_CLOCK_MONOTONIC_RAW:
		c->clockid = CLOCK_MONOTONIC_RAW;
		break;
	case LATT_CLOCK_TSC:
		if (!latt_clock_tsc_trusted(root, why, sizeof(why)))
			return -EOPNOTSUPP;
		return calibrate_begin(c);
	default:
		return -EINVAL;
	}
	if (clock_gettime(c->clockid, &ts))
		return -errno;
	c->id = id;
	return 0;
}

const char *latt_clock_name(const struct latt_clock *c)
{
	return latt_clock_id_name(c->id);
}
