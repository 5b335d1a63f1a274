// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sample clock selection; see include/latt/clock.h.
 */
#include <errno.h>

#include "latt/clock.h"

int latt_clock_init(struct latt_clock *c, enum latt_clock_id id)
{
	struct timespec ts;

	switch (id) {
	case LATT_CLOCK_MONOTONIC:
		c->clockid = CLOCK_MONOTONIC;
		break;
	case LATT_CLOCK_MONOTONIC_RAW:
		c->clockid = CLOCK_MONOTONIC_RAW;
		break;
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
	switch (c->id) {
	case LATT_CLOCK_MONOTONIC:
		return "monotonic";
	case LATT_CLOCK_MONOTONIC_RAW:
		return "monotonic_raw";
	}
	return "unknown";
}

uint64_t latt_mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}
