/* SPDX-License-Identifier: GPL-2.0-only */
/* The clock samples are stamped with. */
#ifndef LATT_MEASURE_CLOCK_H
#define LATT_MEASURE_CLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

/*
 * The clock samples are stamped with.  Waker and clients read the same
 * clock, so a stamp taken in one process can be subtracted from one taken
 * in another.
 *
 * CLOCK_MONOTONIC and CLOCK_MONOTONIC_RAW are read through the vDSO.  The
 * time-stamp counter (x86 rdtsc, aarch64 cntvct_el0) is read directly and
 * turned into nanoseconds with a factor calibrated against
 * CLOCK_MONOTONIC when the clock is set up; it is used only where it is
 * invariant and the kernel itself trusts it as its clocksource.  "auto"
 * takes the counter where it is, else CLOCK_MONOTONIC.  The calibration
 * happens before the clients are forked, so they convert as the waker
 * does.
 */

enum latt_clock_id {
	LATT_CLOCK_AUTO,		/* tsc where trusted, else monotonic */
	LATT_CLOCK_MONOTONIC,
	LATT_CLOCK_MONOTONIC_RAW,
	LATT_CLOCK_TSC,
};

/* Parse a clock name (latt_clock_list()).  0 or -EINVAL. */
int latt_clock_parse(const char *name, enum latt_clock_id *id);

/* The name of @id ("tsc"). */
const char *latt_clock_id_name(enum latt_clock_id id);

/*
 * Every clock's name as a list ("auto, monotonic, monotonic_raw or
 * tsc") into @buf of @len bytes, for --help and messages; @buf.
 */
char *latt_clock_list(char *buf, size_t len);

/*
 * Is the counter one latt may stamp with: invariant (constant_tsc and
 * nonstop_tsc on x86) and the kernel's current clocksource (tsc,
 * arch_sys_counter)?  Files are read under @root ("" for the real
 * system).  When not, @why says so.
 */
bool latt_clock_tsc_trusted(const char *root, char *why, size_t len);

#define LATT_HAVE_COUNTER	1

struct latt_clock {
	enum latt_clock_id id;		/* never AUTO once set up */
	clockid_t clockid;
	/* tsc: ns = base_ns + ((counter - base_ticks) * mult) >> 32 */
	uint64_t base_ticks, base_ns;
	uint64_t mult;
	double ghz;			/* counter ticks per nanosecond */
};

/*
 * Set up @c to read clock @id (AUTO resolves here, with the files under
 * @root as latt_clock_tsc_trusted() reads them).  The counter's
 * calibration begins here and ends in latt_clock_settle(), so that the
 * work in between (starting the clients) overlaps its 5 ms.  0, or
 * -errno: -EINVAL for an unknown id, -EOPNOTSUPP for the counter where it
 * is not trusted.
 */
int latt_clock_init(struct latt_clock *c, enum latt_clock_id id,
		    const char *root);

/*
 * The counter: end its calibration, at least 5 ms after it began (sleeping
 * the rest), before the clock's first reading.  Nothing for the other
 * clocks, or a second time.  0, or -EIO when the counter did not advance.
 */
int latt_clock_settle(struct latt_clock *c);

/*
 * Calibrate the counter into @c whether or not it is trusted (tests and
 * benchmarks).  0, or -EOPNOTSUPP on an architecture without one.
 */
int latt_clock_tsc_calibrate(struct latt_clock *c);

/*
 * For the counter: how far it has drifted from CLOCK_MONOTONIC since the
 * calibration, in parts per million (positive: it runs fast).  0 for
 * the other clocks.
 */
double latt_clock_drift_ppm(const struct latt_clock *c);

/* The clock's name as the report prints it ("monotonic"). */
const char *latt_clock_name(const struct latt_clock *c);

/* The raw counter. */
static inline uint64_t latt_counter(void)
{
#if defined(__x86_64__)
	return __builtin_ia32_rdtsc();
#else
	uint64_t v;

	__asm__ __volatile__("isb; mrs %0, cntvct_el0" : "=r"(v) :: "memory");
	return v;
#endif
}

/* Now, in nanoseconds.  The hot path: no allocation, no locks. */
static inline uint64_t latt_clock_now(const struct latt_clock *c)
{
	struct timespec ts;

#ifdef LATT_HAVE_COUNTER
	if (c->id == LATT_CLOCK_TSC) {
		uint64_t d = latt_counter() - c->base_ticks;

		return c->base_ns +
		       (uint64_t)(((unsigned __int128)d * c->mult) >> 32);
	}
#endif
	clock_gettime(c->clockid, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* CLOCK_MONOTONIC now, in nanoseconds, for timeouts and wall times. */
uint64_t latt_mono_ns(void);

/*
 * Arm timerfd @fd to expire @first_ns from now (0 disarms it), then
 * every @every_ns (0: once).  0 or -errno.
 */
int latt_timer_arm(int fd, uint64_t first_ns, uint64_t every_ns);

#endif /* LATT_MEASURE_CLOCK_H */
