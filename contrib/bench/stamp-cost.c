// SPDX-License-Identifier: GPL-2.0-only
/*
 * The cost of one time stamp with each of latt's clocks: the best of five
 * rounds of ten million stamps.  Built and run by clocks.sh.  The counter
 * is calibrated whether or not the kernel trusts it here, so its cost is
 * shown anyway (latt itself uses it only where it is trusted).
 * Usage: stamp-cost [STAMPS] (default 10000000 a round)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "measure/clock.h"

static long stamps = 10000000;

static double cost_ns(const struct latt_clock *c)
{
	double best = 1e9;
	uint64_t sum = 0, t0, t1;
	long i;
	int round;

	for (round = 0; round < 5; round++) {
		t0 = latt_mono_ns();
		for (i = 0; i < stamps; i++)
			sum += latt_clock_now(c);
		t1 = latt_mono_ns();
		if ((double)(t1 - t0) / (double)stamps < best)
			best = (double)(t1 - t0) / (double)stamps;
	}
	/* Keep the stamps from being optimised away. */
	if (sum == 42)
		puts("");
	return best;
}

int main(int argc, char **argv)
{
	static const enum latt_clock_id ids[] = {
		LATT_CLOCK_MONOTONIC, LATT_CLOCK_MONOTONIC_RAW,
	};
	struct latt_clock c;
	size_t i;

	if (argc > 1)
		stamps = strtol(argv[1], NULL, 10);
	if (stamps < 1) {
		fprintf(stderr, "usage: stamp-cost [STAMPS]\n");
		return 2;
	}
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
