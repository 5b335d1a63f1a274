/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Small helpers shared by the library: a message into a caller's buffer,
 * a write of a short text to a kernel file, a word in a list, seconds of
 * a struct timeval, a command line quoted for a shell, a name looked up
 * in a table of names and the table as a list, a line wrapped at its
 * blanks.
 */
#ifndef LATT_BASE_UTIL_H
#define LATT_BASE_UTIL_H

#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/time.h>
#include <sys/types.h>

/*
 * @argv[0..argc) joined by spaces, each word quoted for a shell where it
 * needs to be ("latt -c8 'make -j4'"), malloc'd; NULL without memory.
 */
char *latt_shell_join(int argc, char *const *argv);

/*
 * snprintf() that never cuts a text silently: one longer than @len - 1
 * bytes keeps its start and its end (where a message says why) with
 * LATT_CUT between them, cut at characters, not inside one.  @buf.
 */
#define LATT_CUT	"[...]"
char * __attribute__((format(printf, 3, 4)))
latt_fmt(char *buf, size_t len, const char *fmt, ...);
char *latt_vfmt(char *buf, size_t len, const char *fmt, va_list ap);

/*
 * Format a message into @err of @len bytes (as latt_fmt()) and return
 * @ret, so that a check can fail in one statement: "return
 * latt_err(-EINVAL, err, len, "expected %s", what);".
 */
int __attribute__((format(printf, 4, 5)))
latt_err(int ret, char *err, size_t len, const char *fmt, ...);

/*
 * Write @text to the file @root@path (@root "" for the real system), as a
 * shell's "echo -n TEXT > FILE" would: O_TRUNC, which files of /proc,
 * /sys and debugfs ignore.  0 or -errno, also of a short write.
 */
int latt_write_file(const char *root, const char *path, const char *text);

/* Close *@fd if it is open, and mark it closed (-1). */
void latt_close(int *fd);

/*
 * Map @len zeroed bytes shared with the children forked later and, where
 * @fd is not NULL, with a program they execute: *@fd is then a memfd
 * (close-on-exec) of the same memory, to map there, or -1 where the
 * system has none to give.  NULL with errno set on failure.
 */
void *latt_shared_map(size_t len, int *fd);

/* Undo latt_shared_map(): unmap, and close *@fd where it is not NULL. */
void latt_shared_unmap(void *p, size_t len, int *fd);

/* Is @word a whole word of @list, whose words are split by @seps? */
bool latt_has_word(const char *list, const char *word, const char *seps);

/*
 * In a child just forked that will execute a command, once it has
 * dropped latt's locks (latt_lock_drop()): a process group of its own,
 * signal @deathsig when latt (@parent) dies, the default action for
 * every signal (ignored ones would stay ignored across exec) and the
 * mask @mask (NULL: unchanged).  False when latt is already gone.
 */
bool latt_child_setup(pid_t parent, int deathsig, const sigset_t *mask);

/* @tv in seconds. */
double latt_tv_secs(const struct timeval *tv);

/* The index of @name among the @n @names, or -EINVAL. */
int latt_name_find(const char *const *names, size_t n, const char *name);

/*
 * The @n @names as a list for a message ("a, b or c") into @buf of @len
 * bytes; @buf.
 */
char *latt_name_list(const char *const *names, size_t n, char *buf,
		     size_t len);

/*
 * A line written to @f in words, wrapped at @cols columns: a word that
 * would pass them starts a new line indented @indent columns.  @col:
 * the columns the line has so far (0 at its start).
 */
struct latt_wrap {
	FILE *f;
	size_t cols, indent, col;
};

/*
 * @word (a text with no newline, whole: a file's name may hold blanks)
 * after a blank, or on a new line where it would pass the columns (its
 * characters, UTF-8's); a word longer than a line, on one of its own.
 */
void latt_wrap_word(struct latt_wrap *w, const char *word);
void latt_wrap_wordn(struct latt_wrap *w, const char *word, size_t n);

/* @text's words (split at its blanks), as latt_wrap_word() each. */
void latt_wrap_words(struct latt_wrap *w, const char *text);

#endif /* LATT_BASE_UTIL_H */
