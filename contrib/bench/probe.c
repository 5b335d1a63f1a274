// SPDX-License-Identifier: GPL-2.0-only
/*
 * The bare probe: latt's measurement and nothing else.  N forked clients,
 * a pipe pair each; every cycle sleep, then for each client stamp
 * (CLOCK_MONOTONIC) and write the stamp; the client stamps when its read
 * returns and writes the difference back.  Prints p50, p99, p99.9 (us),
 * and every sample (ns, one a line) to FILE if given.
 *
 * ANSWER (after FILE, "-" for none) "pipes" is that; "one" has the
 * clients answer as latt's do (504670d): each puts its sample in shared
 * memory and counts itself off a shared count, and the last of the cycle
 * writes an eventfd the waker reads: the waker is woken once a cycle, not
 * once a client.
 * Usage: probe CLIENTS SLEEP_US SECONDS [FILE [pipes|one]]
 */
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

/* The shared answer of "one": the count, a cache line a client's sample. */
struct one {
	atomic_int due;
	int fd;
	uint64_t v[64][8];
};

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

static void client(int i, int rd, int wr, struct one *one)
{
	uint64_t t, n = 1;

	while (read(rd, &t, sizeof(t)) == sizeof(t)) {
		t = now() - t;
		if (!one) {
			if (write(wr, &t, sizeof(t)) != sizeof(t))
				_exit(1);
			continue;
		}
		one->v[i][0] = t;
		if (atomic_fetch_sub(&one->due, 1) == 1 &&
		    write(one->fd, &n, sizeof(n)) != sizeof(n))
			_exit(1);
	}
	_exit(0);
}

/* One cycle's answers into @v: 0, or -1 on a short read. */
static int answers(int n, int ans[][2], struct one *one, uint64_t *v)
{
	uint64_t t;
	int i;

	if (one) {
		if (read(one->fd, &t, sizeof(t)) != sizeof(t))
			return -1;
		for (i = 0; i < n; i++)
			v[i] = one->v[i][0];
		return 0;
	}
	for (i = 0; i < n; i++)
		if (read(ans[i][0], &v[i], sizeof(*v)) != sizeof(*v))
			return -1;
	return 0;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4, i, wake[64][2], ans[64][2];
	pid_t pid[64];
	long nap = argc > 2 ? atol(argv[2]) : 2000;
	uint64_t end = now() + (uint64_t)((argc > 3 ? atof(argv[3]) : 10) *
					  1e9), t, *v, cap = 1 << 22, k = 0;
	struct one *one = NULL;

	if (n < 1 || n > 64) {
		fprintf(stderr, "probe: 1 to 64 clients\n");
		return 2;
	}
	if (argc > 5 && !strcmp(argv[5], "one")) {
		one = mmap(NULL, sizeof(*one), PROT_READ | PROT_WRITE,
			   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		if (one == MAP_FAILED)
			return 1;
		one->fd = eventfd(0, 0);
		if (one->fd < 0)
			return 1;
	}
	v = malloc(cap * sizeof(*v));
	if (!v)
		return 1;
	for (i = 0; i < n; i++) {
		if (pipe(wake[i]) || pipe(ans[i]))
			return 1;
		if ((pid[i] = fork()) == 0)
			client(i, wake[i][0], ans[i][1], one);
	}
	while (now() < end && k + (uint64_t)n < cap) {
		usleep((useconds_t)nap);
		if (one)
			atomic_store(&one->due, n);
		for (i = 0; i < n; i++) {
			t = now();
			if (write(wake[i][1], &t, sizeof(t)) != sizeof(t))
				return 1;
		}
		if (answers(n, ans, one, &v[k]))
			return 1;
		k += (uint64_t)n;
	}
	for (i = 0; i < n; i++)
		kill(pid[i], SIGKILL);
	if (argc > 4 && strcmp(argv[4], "-")) {
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
