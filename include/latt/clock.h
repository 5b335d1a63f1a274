/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The clock samples are stamped with.  Waker and clients read the same
 * clock, so a stamp taken in one process can be subtracted from one taken
 * in another.  Today this is CLOCK_MONOTONIC or CLOCK_MONOTONIC_RAW; a
 * time-stamp-counter clock slots in as another id without touching the
 * callers of latt_clock_now().
 */
#ifndef LATT_CLOCK_H
#define LATT_CLOCK_H

#include <stdint.h>
#include <time.h>

enum latt_clock_id {
	LATT_CLOCK_MONOTONIC,
	LATT_CLOCK_MONOTONIC_RAW,
};

struct latt_clock {
	enum latt_clock_id id;
	clockid_t clockid;
};

/* Set up @c to read clock @id.  Returns 0 or -errno (-EINVAL: unknown). */
int latt_clock_init(struct latt_clock *c, enum latt_clock_id id);

/* The clock's name as the report prints it ("monotonic"). */
const char *latt_clock_name(const struct latt_clock *c);

/* Now, in nanoseconds.  The hot path: no allocation, no locks. */
static inline uint64_t latt_clock_now(const struct latt_clock *c)
{
	struct timespec ts;

	clock_gettime(c->clockid, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* CLOCK_MONOTONIC now, in nanoseconds, for timeouts and wall times. */
uint64_t latt_mono_ns(void);

#endif /* LATT_CLOCK_H */
