// SPDX-License-Identifier: GPL-2.0-only
/*
 * Deterministic client work; see include/latt/work.h.
 *
 * Each pass reads every word of the buffer, mixes it into a running state
 * with a 64-bit multiply-xorshift step and writes the result back, so the
 * next pass sees different data and nothing can be hoisted out of the
 * loop.  The cost is linear in the buffer size: about 1-2 ns per word on
 * a current x86 core, so the default 64 KB is in the tens of microseconds.
 */
#include <errno.h>
#include <stdlib.h>

#include "latt/work.h"

int latt_work_init(struct latt_work *w, size_t bytes)
{
	size_t i;

	w->words = bytes / sizeof(uint64_t);
	w->state = 0x9e3779b97f4a7c15ULL;
	w->buf = NULL;
	if (!w->words)
		return 0;
	w->buf = malloc(w->words * sizeof(uint64_t));
	if (!w->buf)
		return -ENOMEM;
	for (i = 0; i < w->words; i++)
		w->buf[i] = i * 0x100000001b3ULL;
	return 0;
}

uint64_t latt_work_run(struct latt_work *w)
{
	uint64_t s = w->state;
	size_t i;

	for (i = 0; i < w->words; i++) {
		s = (s ^ w->buf[i]) * 0xff51afd7ed558ccdULL;
		s ^= s >> 33;
		w->buf[i] = s;
	}
	w->state = s;
	return s;
}

void latt_work_free(struct latt_work *w)
{
	free(w->buf);
	w->buf = NULL;
	w->words = 0;
}
