// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the client work (lib/work.c, include/latt/work.h): the
 * same on every run, different from pass to pass, nothing for -x0, and
 * every byte of the buffer visited.
 */
#include <stdlib.h>
#include <string.h>

#include "latt/work.h"
#include "tap.h"

int main(void)
{
	struct latt_work a, b, z;
	uint64_t ca = 0, cb = 0;
	uint8_t *before;
	size_t i, same = 0;
	int k;

	plan(4);
	if (latt_work_init(&a, 65536) || latt_work_init(&b, 65536))
		return 1;
	for (k = 0; k < 5; k++) {
		ca = latt_work_run(&a);
		cb = latt_work_run(&b);
	}
	ok(ca == cb && !memcmp(a.buf, b.buf, a.bytes),
	   "the same size does the same work, pass after pass");

	before = malloc(a.bytes);
	if (!before)
		return 1;
	memcpy(before, a.buf, a.bytes);
	latt_work_run(&a);
	for (i = 0; i + 2 < a.bytes; i++)
		same += a.buf[i] == before[i];
	ok(same < a.bytes / 64, "a pass rewrites the buffer (%zu of %zu "
	   "bytes the same)", same, a.bytes);
	ok(latt_work_run(&a) != latt_work_run(&a),
	   "no two passes are alike");

	ok(!latt_work_init(&z, 0) && !z.buf && latt_work_run(&z) ==
	   latt_work_run(&z), "-x0: no buffer, no work");
	latt_work_free(&a);
	latt_work_free(&b);
	latt_work_free(&z);
	free(before);
	return tap_done();
}
