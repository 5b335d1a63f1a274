// SPDX-License-Identifier: GPL-2.0-only
/*
 * The cost of one time stamp with each of latt's clocks: the best of five
 * rounds of ten million stamps.  Built and run by clocks.sh.  The counter
 * is calibrated whether or not the kernel trusts it here, so its cost is
 * shown anyway (latt itself uses it only where it is trusted).
 */
#include <stdio.h>
#include <time.h>

#include "latt/config.h"
#include "lib/clock.h"

#define STAMPS	10000000

static double cost_ns(const struct latt_clock *c)
{
	double best = 1e9;
	uint64_t sum = 0, t0, t1;
	int round, i;

	for (round = 0; round < 5; round++) {
		t0 = latt_mono_ns();
		for (i = 0; i < STAMPS; i++)
			sum += latt_clock_now(c);
		t1 = latt_mono_ns();
		if ((double)(t1 - t0) / STAMPS < best)
			best = (double)(t1 - t0) / STAMPS;
	}
	/* Keep the stamps from being optimised away. */
	if (sum == 42)
		puts("");
	return best;
}

int main(void)
{
	static const enum latt_clock_id ids[] = {
		LATT_CLOCK_MONOTONIC, LATT_CLOCK_MONOTONIC_RAW,
	};
	struct latt_clock c;
	size_t i;

	for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		if (latt_clock_init(&c, ids[i], ""))
			continue;
		printf("%-14s %6.1f ns per stamp\n", latt_clock_name(&c),
		       cost_ns(&c));
	}
	if (!latt_clock_tsc_calibrate(&c))
		printf("%-14s %6.1f ns per stamp (%.3f GHz)\n", "tsc",
		       cost_ns(&c), c.ghz);
	return 0;
}
