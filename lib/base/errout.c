// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt's own messages on a standard error that nobody reads; see
 * base/errout.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "base/errout.h"

static int errout_fd = -1;
/* Written under the stream's lock, which stdio holds around each write. */
static bool errout_given_up;

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * Write @buf[0..len) to the pipe, waiting for room at most
 * LATT_ERROUT_WAIT_MS (none once a message has been dropped); what does
 * not fit by then is dropped.  A pipe whose reader has left fails, as
 * descriptor 2 would have.
 */
static ssize_t errout_write(void *cookie, const char *buf, size_t len)
{
	long long end = now_ms() + (errout_given_up ? 0 : LATT_ERROUT_WAIT_MS);
	struct pollfd p = { .fd = errout_fd, .events = POLLOUT };
	size_t done = 0;
	ssize_t n;
	long long left;

	(void)cookie;
	while (done < len) {
		n = write(errout_fd, buf + done, len - done);
		if (n > 0) {
			done += (size_t)n;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno != EAGAIN)
			return done ? (ssize_t)done : -1;
		left = end - now_ms();
		if (left <= 0 ||
		    (poll(&p, 1, (int)left) < 0 && errno != EINTR)) {
			errout_given_up = true;
			break;
		}
	}
	return (ssize_t)len;
}

void latt_errout_init(void)
{
	cookie_io_functions_t io = { .write = errout_write };
	struct stat st, own;
	FILE *f;
	int fd;

	if (fstat(STDERR_FILENO, &st) || !S_ISFIFO(st.st_mode))
		return;
	/* A description of its own: O_NONBLOCK there is latt's alone. */
	fd = open("/proc/self/fd/2", O_WRONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return;
	if (fstat(fd, &own) || own.st_ino != st.st_ino ||
	    own.st_dev != st.st_dev) {
		close(fd);
		return;
	}
	f = fopencookie(NULL, "w", io);
	if (!f || setvbuf(f, NULL, _IONBF, 0)) {
		if (f)
			fclose(f);
		close(fd);
		return;
	}
	errout_fd = fd;
	stderr = f;
}
