// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of SHA-256 (lib/base/sha256.c): the digests FIPS 180-4's
 * examples and sha256sum(1) give, whole and taken in pieces across the
 * blocks' edges, and at each length where the padding takes a block of
 * its own.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "base/sha256.h"
#include "tap.h"

static void digest(const char *s, size_t n, size_t piece, char hex[65])
{
	struct latt_sha256 h;
	size_t at, take;

	latt_sha256_init(&h);
	for (at = 0; at < n; at += take) {
		take = n - at < piece ? n - at : piece;
		latt_sha256_add(&h, s + at, take);
	}
	latt_sha256_hex(&h, hex);
}

int main(void)
{
	static char million[1000000];
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b"
		      "7852b855" },
		{ "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb4"
			 "10ff61f20015ad" },
		{ "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
		  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419"
		  "db06c1" },
	};
	char hex[65], hex2[65];
	size_t i, n, piece;
	bool same = true;

	plan(7);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		digest(cases[i].in, strlen(cases[i].in), 64, hex);
		ok(!strcmp(hex, cases[i].out), "the digest of \"%.20s\"",
		   cases[i].in);
	}
	/* FIPS 180-4's long example: a million 'a'. */
	memset(million, 'a', sizeof(million));
	digest(million, sizeof(million), 1000, hex);
	ok(!strcmp(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d"
		   "39ccc7112cd0"), "a million 'a', in pieces of 1000");
	digest(million, sizeof(million), 7, hex2);
	ok(!strcmp(hex2, hex), "the same in pieces of 7 (across the blocks' "
	   "edges)");
	/* The padding's edges: 55, 56 and 64 bytes, in one piece and two. */
	for (n = 50; n <= 130; n++)
		for (piece = 1; piece <= n; piece += 13) {
			digest(million, n, n, hex);
			digest(million, n, piece, hex2);
			same &= !strcmp(hex, hex2);
		}
	ok(same, "lengths 50 to 130: the same digest in one piece and in "
	   "pieces");
	/* 56 'a' (the padding takes a block of its own): sha256sum's. */
	digest(million, 56, 56, hex);
	ok(!strcmp(hex, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef79"
		   "70686ec6738a"), "56 'a': the padding in a block of its "
	   "own");
	return tap_done();
}
