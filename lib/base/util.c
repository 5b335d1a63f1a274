// SPDX-License-Identifier: GPL-2.0-only
/*
 * Small helpers; see base/util.h.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "base/util.h"

/* Is @c a byte inside a UTF-8 character, not its first? */
static bool utf8_inner(char c)
{
	return ((unsigned char)c & 0xc0) == 0x80;
}

char *latt_vfmt(char *buf, size_t len, const char *fmt, va_list ap)
{
	size_t cut = sizeof(LATT_CUT) - 1, head, tail;
	char *all;
	va_list copy;
	int n;

	if (!len)
		return buf;
	va_copy(copy, ap);
	n = vsnprintf(buf, len, fmt, ap);
	if (n < 0 || (size_t)n < len || len <= 2 * cut) {
		va_end(copy);
		return buf;
	}
	/* Too long: the start and the end, the cut marked. */
	n = vasprintf(&all, fmt, copy);
	va_end(copy);
	if (n < 0) {
		memcpy(buf + len - 1 - cut, LATT_CUT, cut + 1);
		return buf;
	}
	head = (len - 1 - cut) / 2;
	tail = len - 1 - cut - head;
	while (head && utf8_inner(all[head]))
		head--;
	while (tail && utf8_inner(all[(size_t)n - tail]))
		tail--;
	memcpy(buf, all, head);
	memcpy(buf + head, LATT_CUT, cut);
	memcpy(buf + head + cut, all + (size_t)n - tail, tail);
	buf[head + cut + tail] = '\0';
	free(all);
	return buf;
}

char *latt_fmt(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	latt_vfmt(buf, len, fmt, ap);
	va_end(ap);
	return buf;
}

int latt_err(int ret, char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	latt_vfmt(err, len, fmt, ap);
	va_end(ap);
	return ret;
}

int latt_write_file(const char *root, const char *path, const char *text)
{
	char full[PATH_MAX];
	size_t n = strlen(text);
	ssize_t w;
	int fd, ret = 0;

	if ((size_t)snprintf(full, sizeof(full), "%s%s", root, path) >=
	    sizeof(full))
		return -ENAMETOOLONG;
	fd = open(full, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	w = write(fd, text, n);
	if (w < 0)
		ret = -errno;
	else if ((size_t)w != n)
		ret = -EIO;
	if (close(fd) && !ret)
		ret = -errno;
	return ret;
}

bool latt_has_word(const char *list, const char *word, const char *seps)
{
	size_t n = strlen(word);
	const char *p = list;

	if (!n)
		return false;
	while ((p = strstr(p, word))) {
		if ((p == list || strchr(seps, p[-1])) &&
		    (!p[n] || strchr(seps, p[n])))
			return true;
		p += n;
	}
	return false;
}

bool latt_child_setup(pid_t parent, int deathsig, const sigset_t *mask)
{
	struct sigaction sa = { .sa_handler = SIG_DFL };
	int sig;

	setpgid(0, 0);
	/* Checked against a parent that died before the request. */
	prctl(PR_SET_PDEATHSIG, deathsig);
	if (getppid() != parent)
		return false;
	for (sig = 1; sig < NSIG; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			sigaction(sig, &sa, NULL);
	if (mask)
		sigprocmask(SIG_SETMASK, mask, NULL);
	return true;
}

double latt_tv_secs(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec / 1e6;
}

/* Does @w read as itself to a shell? */
static bool shell_plain(const char *w)
{
	if (!*w)
		return false;
	for (; *w; w++)
		if (!isalnum((unsigned char)*w) && !strchr("_@%+=:,./-", *w))
			return false;
	return true;
}

char *latt_shell_join(int argc, char *const *argv)
{
	size_t len = 1, k = 0;
	const char *p;
	char *s;
	int i;

	for (i = 0; i < argc; i++)
		len += 4 * strlen(argv[i]) + 3;
	s = malloc(len);
	if (!s)
		return NULL;
	for (i = 0; i < argc; i++) {
		if (i)
			s[k++] = ' ';
		if (shell_plain(argv[i])) {
			strcpy(s + k, argv[i]);
			k += strlen(argv[i]);
			continue;
		}
		/* 'it'\''s': a quote ends, an escaped one, and it goes on. */
		s[k++] = '\'';
		for (p = argv[i]; *p; p++) {
			if (*p == '\'') {
				memcpy(s + k, "'\\''", 4);
				k += 4;
			} else {
				s[k++] = *p;
			}
		}
		s[k++] = '\'';
	}
	s[k] = '\0';
	return s;
}

int latt_name_find(const char *const *names, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(name, names[i]))
			return (int)i;
	return -EINVAL;
}

char *latt_name_list(const char *const *names, size_t n, char *buf,
		     size_t len)
{
	size_t i, k = 0;

	buf[0] = '\0';
	for (i = 0; i < n && k < len; i++)
		k += (size_t)snprintf(buf + k, len - k, "%s%s",
				      !i ? "" : i + 1 < n ? ", " : " or ",
				      names[i]);
	return buf;
}

void latt_close(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

#ifndef MFD_NOEXEC_SEAL
#define LATT_MFD_NOEXEC_SEAL	0x0008U
#else
#define LATT_MFD_NOEXEC_SEAL	MFD_NOEXEC_SEAL
#endif

void *latt_shared_map(size_t len, int *fd)
{
	int mfd = -1, err;
	void *p;

	if (fd) {
		*fd = -1;
		/*
		 * Sealed against exec where the kernel knows how (6.3 on;
		 * vm.memfd_noexec may ask for it); without a memfd at all,
		 * the memory is only shared with forks (*@fd stays -1).
		 */
		mfd = memfd_create("latt", MFD_CLOEXEC | LATT_MFD_NOEXEC_SEAL);
		if (mfd < 0 && errno == EINVAL)
			mfd = memfd_create("latt", MFD_CLOEXEC);
		if (mfd >= 0 && ftruncate(mfd, (off_t)len))
			latt_close(&mfd);
	}
	p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		 MAP_SHARED | (mfd < 0 ? MAP_ANONYMOUS : 0), mfd, 0);
	if (p == MAP_FAILED) {
		err = errno;
		latt_close(&mfd);
		errno = err;
		return NULL;
	}
	if (fd)
		*fd = mfd;
	return p;
}

void latt_shared_unmap(void *p, size_t len, int *fd)
{
	if (p)
		munmap(p, len);
	if (fd)
		latt_close(fd);
}

/* The columns @n bytes of UTF-8 take: their characters. */
static size_t columns(const char *s, size_t n)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xc0) != 0x80;
	return c;
}

void latt_wrap_wordn(struct latt_wrap *w, const char *word, size_t n)
{
	size_t cols = columns(word, n);

	if (w->col > w->indent && w->col + 1 + cols > w->cols) {
		fprintf(w->f, "\n%*s", (int)w->indent, "");
		w->col = w->indent;
	} else if (w->col) {
		fputc(' ', w->f);
		w->col++;
	}
	fwrite(word, 1, n, w->f);
	w->col += cols;
}

void latt_wrap_word(struct latt_wrap *w, const char *word)
{
	latt_wrap_wordn(w, word, strlen(word));
}

void latt_wrap_words(struct latt_wrap *w, const char *text)
{
	size_t n;

	for (;;) {
		text += strspn(text, " ");
		n = strcspn(text, " ");
		if (!n)
			return;
		latt_wrap_wordn(w, text, n);
		text += n;
	}
}
