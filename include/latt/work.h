/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The work a client does after each wakeup (-x KB): a deterministic pass
 * of arithmetic over a buffer of that size, so that it costs CPU time and
 * touches memory (the cache footprint a real task brings back after a
 * wakeup).  latt-0.1 compressed a buffer with zlib; this needs no library
 * and costs the same on every run of the same machine.
 */
#ifndef LATT_WORK_H
#define LATT_WORK_H

#include <stddef.h>
#include <stdint.h>

struct latt_work {
	uint64_t *buf;
	size_t words;
	uint64_t state;
};

/* Allocate and fill a buffer of @bytes (0: no work).  0 or -ENOMEM. */
int latt_work_init(struct latt_work *w, size_t bytes);

/* One unit of work.  Returns a checksum so the compiler keeps the work. */
uint64_t latt_work_run(struct latt_work *w);

/* Free the buffer. */
void latt_work_free(struct latt_work *w);

#endif /* LATT_WORK_H */
