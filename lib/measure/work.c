// SPDX-License-Identifier: GPL-2.0-only
/*
 * Deterministic client work; see lib/measure/work.h.
 *
 * For each byte: hash it with the two after it, look up where that hash
 * was last seen and note this place instead (deflate's insert_string),
 * compare a few bytes there with the bytes here (its longest_match, cut
 * short), and fold what was found into a running state that rewrites the
 * byte.  The loads at the earlier place depend on the data, so they cannot
 * be prefetched or hoisted; the state makes every step depend on the last.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "measure/work.h"

#define HASH_SIZE	(1U << LATT_WORK_HASH_BITS)
#define WINDOW		(1U << LATT_WORK_WINDOW_BITS)
#define MATCH_MAX	8	/* bytes compared at each earlier place */
#ifndef CHAIN
#define CHAIN		8	/* earlier places looked at, at most */
#endif

int latt_work_init(struct latt_work *w, size_t bytes)
{
	size_t i;

	memset(w, 0, sizeof(*w));
	w->state = 0x9e3779b97f4a7c15ULL;
	/* Fewer than three bytes have nothing to hash. */
	if (bytes < 3)
		return 0;
	w->buf = malloc(bytes);
	w->head = calloc(HASH_SIZE, sizeof(*w->head));
	w->prev = calloc(WINDOW, sizeof(*w->prev));
	if (!w->buf || !w->head || !w->prev) {
		latt_work_free(w);
		return -ENOMEM;
	}
	w->bytes = bytes;
	/* Text-like to begin with: repeats for the matches to find. */
	for (i = 0; i < bytes; i++)
		w->buf[i] = (uint8_t)("latt measures wakeup latency "[i % 29] ^
				      (i >> 10));
	return 0;
}

uint64_t latt_work_run(struct latt_work *w)
{
	uint8_t *b = w->buf;
	uint64_t s = w->state;
	size_t i, n = w->bytes, k, best;
	uint32_t h, cur, chain;

	if (n < 3)
		return s;
	for (i = 0; i + 2 < n; i++) {
		h = ((uint32_t)b[i] << 8 ^ (uint32_t)b[i + 1] << 4 ^
		     b[i + 2]) & (HASH_SIZE - 1);
		cur = w->head[h];
		w->prev[i & (WINDOW - 1)] = cur;
		w->head[h] = (uint32_t)i;
		/* The longest match among the earlier places of this hash. */
		best = 0;
		for (chain = 0; chain < CHAIN && cur < i &&
		     i - cur < WINDOW; chain++) {
			for (k = 0; k < MATCH_MAX && i + k < n &&
			     b[cur + k] == b[i + k]; k++)
				;
			if (k > best)
				best = k;
			cur = w->prev[cur & (WINDOW - 1)];
		}
		s = (s ^ ((uint64_t)best << 32 ^ cur ^ b[i])) *
		    0xff51afd7ed558ccdULL;
		s ^= s >> 33;
		b[i] = (uint8_t)(b[i] + (uint8_t)(s >> 56));
	}
	w->state = s;
	return s;
}

void latt_work_free(struct latt_work *w)
{
	free(w->buf);
	free(w->head);
	free(w->prev);
	w->buf = NULL;
	w->head = NULL;
	w->prev = NULL;
	w->bytes = 0;
}
