// SPDX-License-Identifier: GPL-2.0-only
/*
 * -r auto's looks and the level each spends; see judge/sequential.h.
 */
#include <math.h>

#include "judge/sequential.h"

/* The look after one at @n runs, before the budget. */
static unsigned int next(unsigned int n)
{
	return n + (n + 1) / 2;
}

/*
 * A look of the schedule is one before the budget when the next of the
 * schedule would be too (12 of 20, not 18: the budget's own look, the
 * largest, would be left little).
 */
bool latt_seq_look(unsigned int n, unsigned int max)
{
	unsigned int k;

	if (n >= max)
		return n == max;
	for (k = LATT_SEQ_FIRST; k < n && next(k) <= max; k = next(k))
		;
	return k == n && next(k) <= max;
}

unsigned int latt_seq_prev(unsigned int n, unsigned int max)
{
	unsigned int k, prev = 0;

	for (k = LATT_SEQ_FIRST; k < n && next(k) <= max; k = next(k))
		prev = k;
	return prev;
}

double latt_seq_level(double level, unsigned int prev, unsigned int n,
		      unsigned int max)
{
	return latt_seq_level_at(level, (double)prev / max, (double)n / max);
}

double latt_seq_level_at(double level, double t0, double t)
{
	double part = (1 - level) * (t * t - t0 * t0);

	/* Cut, not rounded: the parts never add up to more than 1 - level. */
	return 1 - floor(part * 1e4) / 1e4;
}
