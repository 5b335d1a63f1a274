// SPDX-License-Identifier: GPL-2.0-only
/*
 * The bare probe: latt's measurement and nothing else.  N forked clients,
 * a pipe pair each; every cycle sleep, then for each client stamp
 * (CLOCK_MONOTONIC) and write the stamp; the client stamps when its read
 * returns and writes the difference back.  Prints p50, p99, p99.9 (us),
 * and every sample (ns, one a line) to FILE if given.
 * Usage: probe CLIENTS SLEEP_US SECONDS [FILE]
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static uint64_t now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4, i, wake[64][2], ans[64][2];
	pid_t pid[64];
	long nap = argc > 2 ? atol(argv[2]) : 2000;
	uint64_t end = now() + (uint64_t)((argc > 3 ? atof(argv[3]) : 10) *
					  1e9), t, *v, cap = 1 << 22, k = 0;

	if (n < 1 || n > 64) {
		fprintf(stderr, "probe: 1 to 64 clients\n");
		return 2;
	}
	v = malloc(cap * sizeof(*v));
	if (!v)
		return 1;
	for (i = 0; i < n; i++) {
		if (pipe(wake[i]) || pipe(ans[i]))
			return 1;
		if ((pid[i] = fork()) == 0) {
			while (read(wake[i][0], &t, sizeof(t)) == sizeof(t)) {
				t = now() - t;
				if (write(ans[i][1], &t, sizeof(t)) != sizeof(t))
					_exit(1);
			}
			_exit(0);
		}
	}
	while (now() < end && k + (uint64_t)n < cap) {
		usleep((useconds_t)nap);
		for (i = 0; i < n; i++) {
			t = now();
			if (write(wake[i][1], &t, sizeof(t)) != sizeof(t))
				return 1;
		}
		for (i = 0; i < n; i++)
			if (read(ans[i][0], &v[k++], sizeof(*v)) != sizeof(*v))
				return 1;
	}
	for (i = 0; i < n; i++)
		kill(pid[i], SIGKILL);
	if (argc > 4) {
		FILE *f = fopen(argv[4], "w");

		for (t = 0; f && t < k; t++)
			fprintf(f, "%llu\n", (unsigned long long)v[t]);
		if (!f || fclose(f))
			return 1;
	}
	qsort(v, k, sizeof(*v), cmp);
	printf("%llu samples: p50 %.1f p99 %.1f p99.9 %.1f us\n",
	       (unsigned long long)k, v[k / 2] / 1e3, v[k * 99 / 100] / 1e3,
	       v[k * 999 / 1000] / 1e3);
	return 0;
}
