// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the client work (lib/measure/work.c, lib/measure/work.h): the
 * same on every run and every machine (known checksums), different from
 * pass to pass, nothing for -x0, and every byte of the buffer visited.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "measure/work.h"
#include "tap.h"

/*
 * The checksums of the first passes over 4 KB and 64 KB, from a model of
 * the pass written apart from lib/measure/work.c (in Python, following the
 * description at its top: hash of three bytes, head and prev tables, up
 * to 8 earlier places of 8 bytes each, the state folded back into the
 * byte).  Work that differs from machine to machine, or a change to the
 * work that makes old results incomparable, shows here.
 */
static const uint64_t known_4k[] = {
	0xb0a8a7b692d19332ULL, 0x93d3edaffe55c248ULL, 0x31b73cdc7c51311eULL,
};
static const uint64_t known_64k[] = {
	0x48d601a10a912502ULL, 0xbbe4c0abbae3587cULL,
};

static bool matches(size_t bytes, const uint64_t *known, int n)
{
	struct latt_work w;
	bool same = true;
	uint64_t got;
	int k;

	if (latt_work_init(&w, bytes))
		return false;
	for (k = 0; k < n; k++) {
		got = latt_work_run(&w);
		if (got != known[k]) {
			diag("%zu bytes, pass %d: 0x%016llx, not 0x%016llx",
			     bytes, k + 1, (unsigned long long)got,
			     (unsigned long long)known[k]);
			same = false;
		}
	}
	latt_work_free(&w);
	return same;
}

int main(void)
{
	struct latt_work a, b, z;
	uint64_t ca = 0, cb = 0, s0;
	uint8_t *before;
	size_t i, same = 0;
	int k;

	plan(7);
	ok(matches(4096, known_4k, 3), "4 KB: the known checksums of three "
	   "passes");
	ok(matches(65536, known_64k, 2), "64 KB: the known checksums of two "
	   "passes");
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

	/*
	 * No work: the state stays the one a first pass would start from,
	 * where every pass of real work changes it (above).
	 */
	if (latt_work_init(&z, 0))
		return 1;
	s0 = z.state;
	ok(!z.buf && !z.bytes && latt_work_run(&z) == s0 &&
	   latt_work_run(&z) == s0 && z.state == s0 &&
	   s0 == 0x9e3779b97f4a7c15ULL,
	   "-x0: no buffer, no work, nothing changed");
	latt_work_free(&z);
	if (latt_work_init(&z, 2))
		return 1;
	ok(!z.buf && latt_work_run(&z) == s0 && z.state == s0,
	   "two bytes: nothing to hash, no work either");
	latt_work_free(&a);
	latt_work_free(&b);
	latt_work_free(&z);
	free(before);
	return tap_done();
}
