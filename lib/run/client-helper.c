// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt's side of latt-client, the program that starts the clients: where
 * it is, and running it (run/client-helper.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <linux/capability.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "base/util.h"
#include "run/client-helper.h"
#include "run/client.h"
#include "settings/undo.h"

#define HELPER_NAME	"latt-client"

int latt_client_caps(struct __user_cap_data_struct *caps)
{
	struct __user_cap_header_struct h = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};

	return syscall(SYS_capget, &h, caps) ? -errno : 0;
}

int latt_client_set_caps(const struct __user_cap_data_struct *caps)
{
	struct __user_cap_header_struct h = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};

	return syscall(SYS_capset, &h, caps) ? -errno : 0;
}

/*
 * Would the exec of latt-client carry a privilege (latt's capabilities
 * as ambient ones; set-user-ID)?  Then only root may have put it there.
 */
static bool privileged(void)
{
	struct __user_cap_data_struct d[_LINUX_CAPABILITY_U32S_3];

	if (getauxval(AT_SECURE))
		return true;
	if (geteuid() == 0)
		return false;
	return latt_client_caps(d) || d[0].permitted || d[1].permitted;
}

/* @path, and its directory, are root's, and no one else may write them. */
static bool roots_only(const char *path)
{
	char dir[PATH_MAX];
	struct stat st;
	char *slash;

	if (stat(path, &st) || st.st_uid || (st.st_mode & 022))
		return false;
	latt_fmt(dir, sizeof(dir), "%s", path);
	slash = strrchr(dir, '/');
	if (!slash)
		return false;
	*slash = '\0';
	return !stat(dir[0] ? dir : "/", &st) && !st.st_uid &&
	       !(st.st_mode & 022);
}

/*
 * latt-client in directory @dir, into @buf, when it is a file latt may
 * execute, and trust.
 */
static bool found_in(const char *dir, char *buf, size_t len, bool priv)
{
	int n = snprintf(buf, len, "%s/" HELPER_NAME, dir);

	return n > 0 && (size_t)n < len && !access(buf, X_OK) &&
	       (!priv || roots_only(buf));
}

bool latt_client_helper_path(char *buf, size_t len)
{
	bool priv = privileged();
	char exe[PATH_MAX];
	char *slash;
	ssize_t n;

	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			if (found_in(exe, buf, len, priv))
				return true;
		}
	}
	return found_in(LATT_PKGLIBEXECDIR, buf, len, priv);
}

/* Let descriptor @fd through the exec. */
static int keep_open(int fd)
{
	int flags = fcntl(fd, F_GETFD);

	return flags < 0 ? -1 : fcntl(fd, F_SETFD, flags & ~FD_CLOEXEC);
}

/*
 * latt's capabilities (CAP_SYS_NICE given with setcap, latt not root)
 * would not survive the exec of a program without file capabilities:
 * they go through as ambient ones, so that the clients apply their
 * settings as forks of latt could.  System calls only (after a fork).
 * 0, or -1 when they cannot.
 */
static int pass_caps(void)
{
	struct __user_cap_data_struct d[_LINUX_CAPABILITY_U32S_3];
	unsigned int cap;

	if (geteuid() == 0)
		return 0;
	if (latt_client_caps(d))
		return -1;
	if (!d[0].permitted && !d[1].permitted)
		return 0;
	d[0].inheritable |= d[0].permitted;
	d[1].inheritable |= d[1].permitted;
	if (latt_client_set_caps(d))
		return -1;
	for (cap = 0; cap < 32 * _LINUX_CAPABILITY_U32S_3; cap++)
		if ((d[cap / 32].permitted & (1U << (cap % 32))) &&
		    prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, cap, 0, 0))
			return -1;
	return 0;
}

pid_t latt_client_helper_run(const char *path,
			     const struct latt_client_share *share, int fd)
{
	char fdarg[16];
	sigset_t mask;
	pid_t pid;

	snprintf(fdarg, sizeof(fdarg), "%d", fd);
	pid = fork();
	if (pid < 0)
		return -errno;
	if (pid)
		return pid;
	/*
	 * As a client: it dies with latt, and the signals latt handles stay
	 * blocked (latt stops it); what it has not started by then it
	 * never starts.  Where it cannot run, or not with latt's
	 * capabilities, it ends at once: latt forks the clients itself.
	 */
	latt_undo_child_unlock();
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) ||
	    getppid() != share->cfg.parent || pass_caps())
		_exit(127);
	sigorset(&mask, &share->sigmask, &share->ignore);
	sigprocmask(SIG_SETMASK, &mask, NULL);
	if (keep_open(fd) || keep_open(share->handoff_fd) ||
	    keep_open(share->slots_fd) || keep_open(share->answer_map_fd) ||
	    keep_open(share->cfg.answer->fd))
		_exit(127);
	execl(path, HELPER_NAME, fdarg, (char *)NULL);
	_exit(127);
}
