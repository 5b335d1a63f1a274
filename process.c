// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt's own process before and after its runs; see process.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "measure/wake.h"
#include "run/result.h"
#include "settings/config.h"
#include "settings/priv.h"
#include "process.h"

/*
 * Descriptors latt holds besides the clients' channels: stdio, epoll,
 * signalfd, timers, the hand-off socket, the target's exec pipe.
 */
#define FDS_BASE	32

bool latt_ensure_stdio(void)
{
	bool closed = fcntl(1, F_GETFD) < 0;
	int fd;

	for (fd = 0; fd < 3; fd++)
		if (fcntl(fd, F_GETFD) < 0 && open("/dev/null", O_RDWR) < 0)
			exit(LATT_EXIT_RUNTIME);
	return closed;
}

void latt_die_of_sigpipe(void)
{
	sigset_t set;

	signal(SIGPIPE, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, SIGPIPE);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(SIGPIPE);
	_exit(128 + SIGPIPE);
}

int latt_ensure_fds(const struct latt_run_cfg *cfgs, size_t n)
{
	uint64_t need = 0, v;
	unsigned int clients = 0;
	struct rlimit rl;
	size_t i;
	int ret;

	/* Thread clients keep both ends of their channel in latt. */
	for (i = 0; i < n; i++) {
		v = (uint64_t)cfgs[i].clients * (cfgs[i].threads ? 2 : 1) *
		    LATT_WAKE_WAKER_FDS + FDS_BASE;
		if (v > need) {
			need = v;
			clients = cfgs[i].clients;
		}
	}

	ret = latt_priv_nofile(need, &rl);
	if (ret == -EMFILE) {
		fprintf(stderr, "latt: %u clients need %llu open files, but "
			"the limit is %llu (hard limit %llu): raise it with "
			"'ulimit -n %llu'%s\n", clients,
			(unsigned long long)need,
			(unsigned long long)rl.rlim_cur,
			(unsigned long long)rl.rlim_max,
			(unsigned long long)need,
			latt_priv_has(CAP_SYS_RESOURCE) ? "" :
			" as root (needs CAP_SYS_RESOURCE)");
		return ret;
	}
	if (ret)
		fprintf(stderr, "latt: reading the open files limit: %s\n",
			strerror(-ret));
	return ret;
}
