/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Helpers shared by the unit tests: a seeded pseudo-random sequence (the
 * same on every run, so a failure can be replayed) and relative error.
 */
#ifndef LATT_TEST_UTIL_H
#define LATT_TEST_UTIL_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static uint64_t rng = 0x2545f4914f6cdd1dULL;

/* Start the sequence over from @seed (not 0). */
static inline void rnd_seed(uint64_t seed)
{
	rng = seed;
}

/* xorshift64: the same sequence on every run. */
static inline uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static inline double rel_err(double got, double want)
{
	if (got == want)
		return 0;
	return fabs(got - want) / fabs(want);
}

/*
 * Write @text to the file @rel under directory @root (a fake /proc or
 * /sys of a test), making the directories on the way.  0, or -1.
 */
static inline int put_file(const char *root, const char *rel,
			   const char *text)
{
	char path[8192], *p;
	FILE *f;

	snprintf(path, sizeof(path), "%s%s", root, rel);
	for (p = path + strlen(root) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		mkdir(path, 0755);
		*p = '/';
	}
	f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f) ? -1 : 0;
}

#endif /* LATT_TEST_UTIL_H */
