/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * SHA-256 (FIPS 180-4), to name the files a result was judged against
 * by their contents: the same digest sha256sum(1) prints.
 */
#ifndef LATT_BASE_SHA256_H
#define LATT_BASE_SHA256_H

#include <stddef.h>
#include <stdint.h>

struct latt_sha256 {
	uint32_t h[8];
	uint64_t bytes;			/* taken so far */
	unsigned char block[64];	/* the part of a block taken */
};

void latt_sha256_init(struct latt_sha256 *s);
/* Take @n bytes of @data. */
void latt_sha256_add(struct latt_sha256 *s, const void *data, size_t n);
/* The digest of what was taken, as 64 lowercase hex digits and a NUL. */
void latt_sha256_hex(struct latt_sha256 *s, char hex[65]);

#endif /* LATT_BASE_SHA256_H */
