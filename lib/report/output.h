/* SPDX-License-Identifier: GPL-2.0-only */
/* Output files written whole or not at all. */
#ifndef LATT_REPORT_OUTPUT_H
#define LATT_REPORT_OUTPUT_H

#include <stdbool.h>
#include <stdio.h>

/*
 * Output files (-o, --json, --csv) written whole or not at all.  A file
 * is opened before anything runs, so that a bad path fails first; it is
 * written as an unnamed file in the target's directory (O_TMPFILE, or a
 * hidden temporary where the file system has none) and only linked into
 * place by latt_out_commit().  Until then an existing file of that name
 * is untouched, and a latt killed meanwhile leaves nothing behind.  A
 * symbolic link is followed (the file it leads to is replaced, and keeps
 * its mode); what is not a regular file, and any path under /dev or
 * /proc (/dev/stdout, /dev/null), is written in place, appended to.  "-"
 * is the standard output, whose writes are checked the same way.
 */

struct latt_out {
	const char *path;	/* as given; "-" for the standard output */
	char *dest;		/* where it leads, links followed */
	FILE *f;		/* where to write */
	int fd;			/* the unnamed file (O_TMPFILE), or -1 */
	char *tmp;		/* the hidden temporary's name, or NULL */
	bool is_stdout;
};

/*
 * Open @path for writing.  0, or -errno with the reason in @err (the
 * path is named by the caller).
 */
int latt_out_open(struct latt_out *o, const char *path);

/*
 * Flush @o and put the file in place (the standard output: flush it).
 * 0, or -errno of the failed write or link; the file is then dropped.
 * @o is closed either way.
 */
int latt_out_commit(struct latt_out *o);

/* Drop @o: nothing is left at its path, an older file stays. */
void latt_out_abort(struct latt_out *o);

/*
 * Flush and close the standard output: what could not be written there
 * is a failure, not silence.  0 or -errno.
 */
int latt_out_close_stdout(void);

#endif /* LATT_REPORT_OUTPUT_H */
