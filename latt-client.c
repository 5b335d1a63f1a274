// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt-client: starts the clients of one latt run, as latt's children,
 * and leaves (lib/run/client.h).  latt runs it with the descriptor of the
 * page the clients share; it is linked with little more than the C
 * library, so that each of the clients it forks has a small address
 * space to copy, and to tear down at its end.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "run/client-helper.h"
#include "run/client.h"

/* Map all of the memfd @fd, and close it.  NULL on failure. */
static void *map_fd(int fd, size_t want)
{
	struct stat st;
	void *p;

	if (fstat(fd, &st))
		return NULL;
	if ((size_t)st.st_size < want) {
		errno = EINVAL;
		return NULL;
	}
	p = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED,
		 fd, 0);
	close(fd);
	return p == MAP_FAILED ? NULL : p;
}

/* Start @sh->clients clients; 0, or -errno of the start that failed. */
static int start(struct latt_client_share *sh, unsigned int *started)
{
	struct latt_client_slot *slots;
	struct latt_client_cfg cfg;
	struct latt_client c;
	unsigned int i;
	int ret;

	slots = map_fd(sh->slots_fd, sh->clients * sizeof(*slots));
	cfg = sh->cfg;
	cfg.answer = map_fd(sh->answer_map_fd, sizeof(*cfg.answer));
	if (!slots || !cfg.answer)
		return -ENOMEM;
	cfg.clock = &sh->clock;
	cfg.sched = &sh->sched;
	cfg.sigmask = &sh->sigmask;
	cfg.ignore = &sh->ignore;
	/* The clients go by latt's name, as forks of latt do. */
	prctl(PR_SET_NAME, sh->comm);
	for (i = 0; i < sh->clients; i++) {
		memset(&c, 0, sizeof(c));
		c.id = i;
		c.slot = &slots[i];
		ret = latt_client_clone(&c, &cfg, sh->handoff_fd);
		if (ret)
			return ret;
		*started = i + 1;
	}
	return 0;
}

/*
 * As a fork of latt would be: dying with latt (an exec by root clears
 * that), with latt's capabilities and no more (root's exec gives all).
 * 0, or -1 when latt is gone, -2 when the capabilities cannot be set.
 */
static int as_latt(const struct latt_client_share *sh)
{
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != sh->cfg.parent)
		return -1;
	if (sh->have_caps && latt_client_set_caps(sh->caps))
		return -2;
	return 0;
}

int main(int argc, char **argv)
{
	struct latt_client_share *sh;
	unsigned int started = 0;
	char *end;
	long fd;
	int ret;

	fd = argc == 2 ? strtol(argv[1], &end, 10) : -1;
	if (fd < 0 || fd > INT_MAX || *end) {
		fprintf(stderr, "latt-client: latt runs this program; it is "
			"not for running by hand\n");
		return 2;
	}
	/* What any latt-client finds, first: is it this one's latt? */
	sh = map_fd((int)fd, offsetof(struct latt_client_share, cfg));
	if (!sh) {
		fprintf(stderr, "latt-client: descriptor %ld: %s\n", fd,
			strerror(errno));
		return 2;
	}
	/* Another latt's, or not as latt: latt starts its clients itself. */
	if (sh->layout != latt_client_layout() ||
	    strncmp(sh->version, PACKAGE_VERSION, sizeof(sh->version)))
		return latt_client_report(sh->handoff_fd, 0, -ENOEXEC) ? 2 : 0;
	ret = as_latt(sh);
	if (ret == -1)
		return 2;
	if (ret)
		return latt_client_report(sh->handoff_fd, 0, -ENOEXEC) ? 2 : 0;
	ret = start(sh, &started);
	return latt_client_report(sh->handoff_fd, started, ret) || ret ? 2 : 0;
}
