// SPDX-License-Identifier: GPL-2.0-only
/*
 * Escaping of strings for display; see base/escape.h.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"

#define RING	8

/*
 * The length of the valid UTF-8 sequence of two bytes or more at @s
 * (@n bytes left), and its code point in @cp; 0 if there is none.
 */
static size_t utf8_seq(const unsigned char *s, size_t n, uint32_t *cp)
{
	size_t k, i;
	uint32_t c, min;

	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		k = 2;
		c = s[0] & 0x1f;
		min = 0x80;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		k = 3;
		c = s[0] & 0x0f;
		min = 0x800;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		k = 4;
		c = s[0] & 0x07;
		min = 0x10000;
	} else {
		return 0;
	}
	if (n < k)
		return 0;
	for (i = 1; i < k; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return k;
}

/* Is code point @c a control that valid UTF-8 may still carry? */
static bool unicode_control(uint32_t c)
{
	return (c >= 0x80 && c <= 0x9f) || c == 0x061c || c == 0x200e ||
	       c == 0x200f || c == 0x2028 || c == 0x2029 ||
	       (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

/* Append @n bytes at @p to @dst (of @size) at @used; the new @used. */
static size_t put(char *dst, size_t size, size_t used, const char *p,
		  size_t n)
{
	size_t room = used < size ? size - used - 1 : 0;

	if (size && room)
		memcpy(dst + used, p, n < room ? n : room);
	return used + n;
}

/* Is byte @b shown as it is: printable ASCII, or any ASCII for @all? */
static bool plain(unsigned char b, bool all)
{
	return b < 0x80 && (all || (b >= 0x20 && b < 0x7f));
}

/*
 * latt_escape(), or with @all, latt_escape_utf8(): every valid character
 * as it is, controls too, and only what is not valid UTF-8 as "\xHH".
 */
static size_t escape(char *dst, size_t size, const char *s, size_t len,
		     bool all)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *u = (const unsigned char *)s;
	size_t used = 0, i = 0, k;
	char e[8];
	uint32_t c;

	while (i < len) {
		if (plain(u[i], all)) {
			/* A run of plain bytes at once. */
			for (k = i; k < len && plain(u[k], all); k++)
				;
			used = put(dst, size, used, s + i, k - i);
			i = k;
			continue;
		}
		if (u[i] == '\t' || u[i] == '\n' || u[i] == '\r') {
			e[0] = '\\';
			e[1] = u[i] == '\t' ? 't' : u[i] == '\n' ? 'n' : 'r';
			used = put(dst, size, used, e, 2);
			i++;
			continue;
		}
		k = u[i] >= 0x80 ? utf8_seq(u + i, len - i, &c) : 0;
		if (k && (all || !unicode_control(c))) {
			used = put(dst, size, used, s + i, k);
		} else if (k) {
			e[0] = '\\';
			e[1] = 'u';
			e[2] = hex[c >> 12 & 0xf];
			e[3] = hex[c >> 8 & 0xf];
			e[4] = hex[c >> 4 & 0xf];
			e[5] = hex[c & 0xf];
			used = put(dst, size, used, e, 6);
		} else {
			e[0] = '\\';
			e[1] = 'x';
			e[2] = hex[u[i] >> 4];
			e[3] = hex[u[i] & 0xf];
			used = put(dst, size, used, e, 4);
			k = 1;
		}
		i += k;
	}
	if (size)
		dst[used < size ? used : size - 1] = '\0';
	return used;
}

size_t latt_escape(char *dst, size_t size, const char *s, size_t len)
{
	return escape(dst, size, s, len, false);
}

/* A malloc'd copy of @len bytes at @s through escape(). */
static char *escape_dup(const char *s, size_t len, bool all)
{
	size_t n = escape(NULL, 0, s, len, all);
	char *d = malloc(n + 1);

	if (d)
		escape(d, n + 1, s, len, all);
	return d;
}

char *latt_escape_dup(const char *s, size_t len)
{
	return escape_dup(s, len, false);
}

char *latt_escape_utf8(const char *s, size_t len)
{
	return escape_dup(s, len, true);
}

/* The ring of latt_esc()'s results, per thread. */
static __thread struct {
	char *buf[RING];
	size_t cap[RING];
	unsigned int next;
} ring;

const char *latt_esc_n(const char *s, size_t len)
{
	unsigned int i = ring.next++ % RING;
	size_t n = latt_escape(NULL, 0, s, len);
	char *b;

	if (n + 1 > ring.cap[i]) {
		b = realloc(ring.buf[i], n + 1);
		if (!b)
			return "(?)";
		ring.buf[i] = b;
		ring.cap[i] = n + 1;
	}
	latt_escape(ring.buf[i], ring.cap[i], s, len);
	return ring.buf[i];
}

const char *latt_esc(const char *s)
{
	if (!s)
		s = "(null)";
	return latt_esc_n(s, strlen(s));
}

size_t latt_esc_width(const char *s)
{
	size_t w = 0;

	for (; *s; s++)
		w += ((unsigned char)*s & 0xc0) != 0x80;
	return w;
}

/* At exit, the main thread's ring: nothing left for leak checkers. */
static void __attribute__((destructor)) ring_free(void)
{
	unsigned int i;

	for (i = 0; i < RING; i++) {
		free(ring.buf[i]);
		ring.buf[i] = NULL;
		ring.cap[i] = 0;
	}
}

int latt_json_fputs(const char *text, FILE *f)
{
	size_t len = strlen(text), i = 0, from = 0, k;
	uint32_t c;

	while (i < len) {
		k = 1;
		c = (unsigned char)text[i];
		if (c >= 0x80) {
			k = utf8_seq((const unsigned char *)text + i,
				     len - i, &c);
			if (!k) {
				k = 1;
				c = 0;
			}
		}
		if (c == 0x7f || (c >= 0x80 && unicode_control(c))) {
			if (fwrite(text + from, 1, i - from, f) != i - from ||
			    fprintf(f, "\\u%04x", (unsigned int)c) < 0)
				return errno ? -errno : -EIO;
			from = i + k;
		}
		i += k;
	}
	if (fwrite(text + from, 1, len - from, f) != len - from)
		return errno ? -errno : -EIO;
	return 0;
}
