// SPDX-License-Identifier: GPL-2.0-only
/*
 * Output files written whole or not at all; see report/output.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report/output.h"

/* The directory part of @path ("." for a bare name), malloc'd. */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return strdup(".");
	if (slash == path)
		return strdup("/");
	return strndup(path, (size_t)(slash - path));
}

/* A hidden name beside @path: "dir/.name.XXXXXX", malloc'd. */
static char *hidden_name(const char *path)
{
	const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
	int dirlen = slash ? (int)(slash - path + 1) : 0;
	char *s;

	if (asprintf(&s, "%.*s.%s.XXXXXX", dirlen, path, base) < 0)
		return NULL;
	return s;
}

static mode_t file_mode(void)
{
	mode_t mask = umask(0);

	umask(mask);
	return 0666 & ~mask;
}

/* The hidden temporary, where the directory cannot hold O_TMPFILE. */
static int open_hidden(struct latt_out *o, mode_t mode)
{
	int fd;

	o->tmp = hidden_name(o->dest);
	if (!o->tmp)
		return -ENOMEM;
	fd = mkostemp(o->tmp, O_CLOEXEC);
	if (fd < 0 || fchmod(fd, mode)) {
		int err = -errno;

		if (fd >= 0) {
			unlink(o->tmp);
			close(fd);
		}
		free(o->tmp);
		o->tmp = NULL;
		return err;
	}
	return fd;
}

/* Is @path one of the system's, to be written in place (/dev/stdout)? */
static bool system_path(const char *path)
{
	return !strncmp(path, "/dev/", 5) || !strncmp(path, "/proc/", 6);
}

int latt_out_open(struct latt_out *o, const char *path)
{
	mode_t mode = file_mode();
	struct stat st;
	char *dir;
	int fd, err;

	memset(o, 0, sizeof(*o));
	o->path = path;
	o->fd = -1;
	if (!strcmp(path, "-")) {
		o->is_stdout = true;
		o->f = stdout;
		return 0;
	}
	if (!*path)
		return -ENOENT;
	/*
	 * A device, a pipe, a terminal, a descriptor of latt's (/dev/null,
	 * /dev/stdout) is written in place: there is no whole file to put
	 * there, and what is already written to it stays.
	 */
	if (system_path(path) || (stat(path, &st) == 0 &&
				  !S_ISREG(st.st_mode))) {
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
			return -EISDIR;
		fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
		if (fd < 0)
			return -errno;
		goto opened;
	}
	/* A link is followed: the file it leads to is replaced. */
	o->dest = realpath(path, NULL);
	if (!o->dest) {
		if (errno != ENOENT)
			return -errno;
		if (lstat(path, &st) == 0)
			return -ENOENT;		/* a link that leads nowhere */
		o->dest = strdup(path);
		if (!o->dest)
			return -ENOMEM;
	}
	if (stat(o->dest, &st) == 0) {
		/* Refuse what could never be put in place, before the run. */
		if (access(o->dest, W_OK)) {
			err = -errno;
			latt_out_abort(o);
			return err;
		}
		mode = st.st_mode & 07777;
	}
	dir = dir_of(o->dest);
	if (!dir) {
		latt_out_abort(o);
		return -ENOMEM;
	}
	fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
	err = errno;
	free(dir);
	if (fd >= 0) {
		o->fd = fd;
		/* The umask may have taken from an existing file's mode. */
		fchmod(fd, mode);
	} else if (err == EOPNOTSUPP || err == EISDIR || err == EINVAL) {
		fd = open_hidden(o, mode);
		if (fd < 0) {
			latt_out_abort(o);
			return fd;
		}
	} else {
		latt_out_abort(o);
		return -err;
	}
opened:
	o->f = fdopen(fd, "w");
	if (!o->f) {
		err = -errno;
		close(fd);
		latt_out_abort(o);
		return err;
	}
	return 0;
}

/* Link the unnamed file in at a hidden name, then rename it in place. */
static int link_in(struct latt_out *o)
{
	char proc[64];
	unsigned int i;

	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", o->fd);
	o->tmp = hidden_name(o->dest);
	if (!o->tmp)
		return -ENOMEM;
	for (i = 0; i < 100; i++) {
		/* mktemp() is safe here: linkat() fails on a name taken. */
		snprintf(o->tmp + strlen(o->tmp) - 6, 7, "%06u",
			 (unsigned int)((getpid() * 1000003u + i) % 1000000));
		if (!linkat(AT_FDCWD, proc, AT_FDCWD, o->tmp,
			    AT_SYMLINK_FOLLOW))
			return 0;
		if (errno != EEXIST)
			break;
	}
	free(o->tmp);
	o->tmp = NULL;
	return -errno;
}

int latt_out_commit(struct latt_out *o)
{
	int ret = 0;

	if (!o->f)
		return 0;
	errno = 0;
	if (fflush(o->f) || ferror(o->f))
		ret = errno ? -errno : -EIO;
	if (o->is_stdout) {
		o->f = NULL;
		return ret;
	}
	if (!ret && o->fd >= 0)
		ret = link_in(o);
	if (!ret && o->tmp && rename(o->tmp, o->dest))
		ret = -errno;
	if (!ret) {
		free(o->tmp);
		o->tmp = NULL;
	}
	errno = 0;
	if (fclose(o->f) && !ret)
		ret = errno ? -errno : -EIO;
	o->f = NULL;
	o->fd = -1;
	latt_out_abort(o);
	return ret;
}

void latt_out_abort(struct latt_out *o)
{
	free(o->dest);
	o->dest = NULL;
	if (o->f && !o->is_stdout)
		fclose(o->f);
	o->f = NULL;
	o->fd = -1;
	if (o->tmp) {
		unlink(o->tmp);
		free(o->tmp);
		o->tmp = NULL;
	}
}

int latt_out_close_stdout(void)
{
	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout) && fclose(stdout) == 0)
		return 0;
	return errno ? -errno : -EIO;
}
