/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What only the library uses of lib/escape*; what the module is, and the
 * part the programs call, is in include/latt/report.h.
 */
#ifndef LATT_LIB_ESCAPE_H
#define LATT_LIB_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

#include "latt/report.h"

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

#endif /* LATT_LIB_ESCAPE_H */
