/* SPDX-License-Identifier: GPL-2.0-only */
/* Escaping strings latt did not write itself, for terminals and reports. */
#ifndef LATT_BASE_ESCAPE_H
#define LATT_BASE_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

/*
 * Strings latt did not write itself (a label, a field of a document, a
 * hostname, a task's name, an argument in an error) are shown through
 * this one function before they reach a terminal or a report, so that
 * none can move the cursor, clear the screen, set a window title or
 * break a line a script parses.
 *
 * The rule: printable ASCII is shown as it is (the backslash too, so
 * that a command line quoted for a shell still reads as one; a text may
 * then look like an escape it is not).  Tab, newline and CR are "\t",
 * "\n" and "\r"; every other control byte (0x00-0x1f, 0x7f), and every
 * byte that is not part of valid UTF-8 (a stray continuation byte, an
 * overlong form, a surrogate, beyond U+10FFFF, a sequence cut short), as
 * "\xHH".  Valid UTF-8 is shown as it is, except the characters that are
 * controls too: C1 controls (U+0080-U+009F), the line and paragraph
 * separators (U+2028, U+2029) and the bidirectional controls (U+061C,
 * U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), shown as "\uHHHH".
 * Nothing is dropped or cut: a NUL inside a string with a length is
 * "\x00" like any other control.
 */

/*
 * Escape @len bytes at @s into @dst of @size bytes, NUL-terminated when
 * @size > 0.  Returns the length of the whole escaped text (without the
 * NUL), as snprintf() does: the text was cut when that is >= @size.  The
 * escaped text is at most 6 times as long as @len.
 */
size_t latt_escape(char *dst, size_t size, const char *s, size_t len);

/*
 * The escaped form of string @s (NULL reads as "(null)") for a printf()
 * argument: valid until eight more calls in this thread, so that one
 * message may show up to eight.  Without memory, "(?)".
 */
const char *latt_esc(const char *s);

/* The same, of @len bytes at @s (which may hold NULs). */
const char *latt_esc_n(const char *s, size_t len);

/* The escaped copy of @len bytes at @s, malloc'd; NULL without memory. */
char *latt_escape_dup(const char *s, size_t len);

/*
 * For a format that must hold valid UTF-8 and escapes controls itself
 * (JSON): a copy of @len bytes at @s with only each byte that is not
 * part of valid UTF-8 as "\xHH", every character as it is, malloc'd;
 * NULL without memory.
 */
char *latt_escape_utf8(const char *s, size_t len);

/*
 * Write JSON text @text (valid UTF-8) to @f with DEL and the Unicode
 * controls that json-c leaves as they are (C1, the bidirectional marks
 * and embeddings, the line and paragraph separators) as "\uXXXX": they
 * can only be in its strings.  0 or -errno.
 */
int latt_json_fputs(const char *text, FILE *f);

/*
 * How many columns escaped text @s takes on a terminal: its characters,
 * not its bytes (every character latt_escape() lets through is taken as
 * one column wide).
 */
size_t latt_esc_width(const char *s);

#endif /* LATT_BASE_ESCAPE_H */
