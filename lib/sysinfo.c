// SPDX-License-Identifier: GPL-2.0-only
/*
 * System facts; see include/latt/sysinfo.h.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "latt/sysinfo.h"

int latt_sysinfo_ctxt_from(const char *path, uint64_t *ctxt)
{
	char line[256];
	int ret = -ENOENT;
	FILE *f;

	f = fopen(path, "re");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		uint64_t v;

		if (sscanf(line, "ctxt %" SCNu64, &v) == 1) {
			*ctxt = v;
			ret = 0;
			break;
		}
	}
	fclose(f);
	return ret;
}

int latt_sysinfo_ctxt(uint64_t *ctxt)
{
	return latt_sysinfo_ctxt_from("/proc/stat", ctxt);
}
