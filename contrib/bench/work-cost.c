// SPDX-License-Identifier: GPL-2.0-only
/*
 * The cost of latt's client work (-x) per KB against zlib's deflate at
 * the default level over the same buffer, the work latt-0.1 did: the best
 * of 50 passes each, after the buffer has been worked once.  Built and
 * run by work.sh; zlib is needed here only.
 * Usage: work-cost [KB] (default 64)
 */
#include <stdio.h>
#include <stdlib.h>
#include <zlib.h>

#include "measure/clock.h"
#include "measure/work.h"

int main(int argc, char **argv)
{
	size_t kb = argc > 1 ? strtoul(argv[1], NULL, 10) : 64;
	uLongf out_len = compressBound(kb * 1024);
	unsigned char *out = malloc(out_len);
	double work = 1e18, zlib = 1e18;
	struct latt_work w;
	uint64_t t0, t1;
	uLongf len = 0;
	int i;

	if (!out || latt_work_init(&w, kb * 1024))
		return 1;
	latt_work_run(&w);
	for (i = 0; i < 50; i++) {
		t0 = latt_mono_ns();
		latt_work_run(&w);
		t1 = latt_mono_ns();
		if ((double)(t1 - t0) < work)
			work = (double)(t1 - t0);
		len = out_len;
		t0 = latt_mono_ns();
		if (compress2(out, &len, w.buf, w.bytes, Z_DEFAULT_COMPRESSION))
			return 1;
		t1 = latt_mono_ns();
		if ((double)(t1 - t0) < zlib)
			zlib = (double)(t1 - t0);
	}
	printf("%zu KB: latt work %.1f us (%.1f ns/byte), zlib deflate %.1f "
	       "us (%.1f ns/byte, to %.0f%%): latt at %.2f times zlib\n", kb,
	       work / 1e3, work / (double)w.bytes, zlib / 1e3,
	       zlib / (double)w.bytes, 100.0 * (double)len / (double)w.bytes,
	       work / zlib);
	latt_work_free(&w);
	free(out);
	return 0;
}
