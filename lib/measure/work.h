/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The work a client does after each wakeup (-x KB).  latt-0.1 compressed
 * a buffer of that size with zlib; latt does the same kind of work
 * without the library: one pass of an LZ77-style match search over the
 * buffer (a hash of every three bytes, a table of where each hash was
 * last seen, a byte compare at that earlier place, as deflate's
 * longest-match search does), mixing what it finds back into the buffer
 * so that no pass is like the one before.  Its cost per KB is within a
 * factor of two of zlib's deflate at the default level over the same
 * buffer on the same machine (contrib/bench/work.sh: 20 against 24 ns a
 * byte for 64 KB on the development machine), and it touches the
 * buffer and a 16 KB table at places that depend on the data, as a real
 * task's working set comes back after a wakeup.  It costs the same on
 * every run of the same machine.
 */
#ifndef LATT_MEASURE_WORK_H
#define LATT_MEASURE_WORK_H

#include <stddef.h>
#include <stdint.h>

#define LATT_WORK_HASH_BITS	12
#define LATT_WORK_WINDOW_BITS	15	/* 32 KB, deflate's window */

struct latt_work {
	uint8_t *buf;
	size_t bytes;
	uint32_t *head;		/* where each hash was last seen */
	uint32_t *prev;		/* the place before, by position in the window */
	uint64_t state;
};

/* Allocate and fill a buffer of @bytes (0: no work).  0 or -ENOMEM. */
int latt_work_init(struct latt_work *w, size_t bytes);

/* One unit of work.  Returns a checksum so the compiler keeps the work. */
uint64_t latt_work_run(struct latt_work *w);

/* Free the buffer. */
void latt_work_free(struct latt_work *w);

#endif /* LATT_MEASURE_WORK_H */
