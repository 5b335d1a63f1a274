// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the escaping of strings for display (lib/base/escape.c):
 * what passes as it is, how each kind of control and of invalid UTF-8 is
 * shown, that nothing is cut (a NUL inside, a long string), and the
 * snprintf()-like length; and of a line wrapped in words for display
 * (latt_wrap_*, lib/base/util.c).
 */
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "base/util.h"
#include "tap.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static const struct {
	const char *in;
	size_t len;		/* 0: strlen(in) */
	const char *out;
	const char *what;
} cases[] = {
	{ "base line", 0, "base line", "printable ASCII as it is" },
	{ "", 0, "", "empty" },
	{ "a\\b '\\''", 0, "a\\b '\\''", "a backslash as it is" },
	{ "a\tb\nc\rd", 0, "a\\tb\\nc\\rd", "tab, newline, CR named" },
	{ "\x1b[2J", 0, "\\x1b[2J", "ESC as \\x1b" },
	{ "\x07\x7f\x01", 0, "\\x07\\x7f\\x01", "BEL, DEL, SOH" },
	{ "\x1b]0;title\x07", 0, "\\x1b]0;title\\x07", "an OSC title" },
	{ "a\0b", 3, "a\\x00b", "a NUL inside is shown, not an end" },
	{ "caf\xc3\xa9", 0, "caf\xc3\xa9", "valid UTF-8 as it is" },
	{ "\xe2\x82\xac \xf0\x9f\x98\x80", 0, "\xe2\x82\xac \xf0\x9f\x98\x80",
	  "three- and four-byte UTF-8 as it is" },
	{ "\xc2\x9b" "2J", 0, "\\u009b2J", "a C1 control (CSI) as \\u" },
	{ "a\xe2\x80\xaeZ", 0, "a\\u202eZ", "a bidi override as \\u" },
	{ "\xe2\x80\xa8", 0, "\\u2028", "the line separator as \\u" },
	{ "\xff\xfe", 0, "\\xff\\xfe", "bytes never in UTF-8" },
	{ "\x80x", 0, "\\x80x", "a stray continuation byte" },
	{ "\xc0\xaf", 0, "\\xc0\\xaf", "an overlong form" },
	{ "\xed\xa0\x80", 0, "\\xed\\xa0\\x80", "a surrogate" },
	{ "\xf4\x90\x80\x80", 0, "\\xf4\\x90\\x80\\x80", "beyond U+10FFFF" },
	{ "\xe2\x82", 0, "\\xe2\\x82", "a sequence cut short" },
	{ "\xe2\x82x", 0, "\\xe2\\x82x", "a sequence broken by ASCII" },
};

/* @text wrapped at @cols, indented @indent, with @word after it. */
static char *wrapped(const char *text, const char *word, size_t cols,
		     size_t indent)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&buf, &size);
	struct latt_wrap w = { .f = f, .cols = cols, .indent = indent };

	if (!f)
		return NULL;
	latt_wrap_words(&w, text);
	if (word)
		latt_wrap_word(&w, word);
	fclose(f);
	return buf;
}

static void wrap_tests(void)
{
	char *long_word = malloc(301), *want = malloc(400), *got;
	size_t i;

	got = wrapped("aaaa bbbb cccc", NULL, 14, 2);
	ok(got && !strcmp(got, "aaaa bbbb cccc"),
	   "a line of the columns exactly: one line (%s)", got);
	free(got);
	got = wrapped("aaaa bbbb ccccc", NULL, 14, 2);
	ok(got && !strcmp(got, "aaaa bbbb\n  ccccc"),
	   "a column more: the last word on a line indented two");
	free(got);
	got = wrapped("  aa   bb  ", NULL, 80, 0);
	ok(got && !strcmp(got, "aa bb"), "blanks before, between, after: "
	   "one between words");
	free(got);
	got = wrapped("the profile", "my  dir/p.json", 80, 2);
	ok(got && !strcmp(got, "the profile my  dir/p.json"),
	   "a word given whole keeps its blanks");
	free(got);
	got = wrapped("caf\xc3\xa9 caf\xc3\xa9", NULL, 9, 0);
	ok(got && !strcmp(got, "caf\xc3\xa9 caf\xc3\xa9"),
	   "columns in characters, not bytes");
	free(got);
	if (!long_word || !want)
		exit(1);
	for (i = 0; i < 300; i++)
		long_word[i] = 'x';
	long_word[300] = '\0';
	got = wrapped("aaaa bbbb", long_word, 20, 2);
	snprintf(want, 400, "aaaa bbbb\n  %s", long_word);
	ok(got && !strcmp(got, want), "a word longer than a line: on a line "
	   "of its own, whole");
	free(got);
	free(long_word);
	free(want);
}

int main(void)
{
	char buf[64], *d, big[4096];
	const char *a, *b;
	size_t i, n, len;

	plan((int)ARRAY_SIZE(cases) + 19);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		len = cases[i].len ? cases[i].len : strlen(cases[i].in);
		n = latt_escape(buf, sizeof(buf), cases[i].in, len);
		if (!ok(!strcmp(buf, cases[i].out) &&
			n == strlen(cases[i].out), "%s", cases[i].what))
			diag("got '%s' (%zu)", latt_esc(buf), n);
	}

	/* snprintf()'s contract: the whole length, the text cut to fit. */
	n = latt_escape(buf, 5, "a\x1b" "bc", 4);
	ok(n == 7 && !strcmp(buf, "a\\x1"), "cut to the buffer, the whole "
	   "length returned (%zu, '%s')", n, buf);
	ok(latt_escape(NULL, 0, "\xff", 1) == 4, "a length without a buffer");
	/* The bound: 6 output bytes per input byte at most. */
	memset(big, 0x85, 100);
	ok(latt_escape(NULL, 0, big, 100) <= 600 &&
	   latt_escape(NULL, 0, "\xe2\x80\xae", 3) <= 18, "at most 6 times "
	   "as long");

	d = latt_escape_dup("x\ny", 3);
	ok(d && !strcmp(d, "x\\ny"), "latt_escape_dup");
	free(d);

	/* A message too long for its buffer: its start and end, marked. */
	latt_fmt(buf, 16, "%s", "0123456789abcdefghij");
	ok(!strcmp(buf, "01234[...]fghij"), "latt_fmt: start and end kept, "
	   "the cut marked ('%s')", buf);
	latt_fmt(buf, 16, "%s", "0123\xc3\xa9" "56789abcdefgh");
	ok(!strcmp(buf, "0123[...]defgh"), "latt_fmt: not cut inside a "
	   "character ('%s')", latt_esc(buf));
	latt_fmt(buf, 16, "%s", "fits as it is");
	ok(!strcmp(buf, "fits as it is"), "latt_fmt: a text that fits, whole");

	/* For JSON: only what is not UTF-8 escaped, controls kept. */
	d = latt_escape_utf8("a\t\x1b\xc2\x85\xe2\x80\xae\xfe\x80\xc3\xa9", 12);
	ok(d && !strcmp(d, "a\t\x1b\xc2\x85\xe2\x80\xae\\xfe\\x80\xc3\xa9"),
	   "latt_escape_utf8: invalid bytes as \\xHH, every character kept");
	free(d);

	/* The ring: eight at once stay valid. */
	a = latt_esc("one\n");
	for (i = 0; i < 6; i++)
		latt_esc("filler");
	b = latt_esc("two\t");
	ok(!strcmp(a, "one\\n") && !strcmp(b, "two\\t"),
	   "eight results of latt_esc() at once");
	ok(!strcmp(latt_esc(NULL), "(null)"), "NULL shown as (null)");
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	ok(strlen(latt_esc(big)) == sizeof(big) - 1, "a long string whole");
	ok(!strcmp(latt_esc_n("a\0b", 3), "a\\x00b"), "latt_esc_n with a NUL");
	ok(latt_esc_width("caf\xc3\xa9 \\x1b") == 9, "width in characters");
	wrap_tests();
	return tap_done();
}
