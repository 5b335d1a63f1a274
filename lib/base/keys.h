/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The names latt's outputs use as keys: the CSV's columns, the metrics'
 * keys and -q's words.  The CSV writes its header from here, and a
 * --target-metric may not take one of them (its value would land beside
 * a column or key of the same name).
 */
#ifndef LATT_BASE_KEYS_H
#define LATT_BASE_KEYS_H

#include <stdbool.h>

/*
 * The CSV's columns, in order, by commas: the head's, one per default
 * percentile (p50_ns ... p99.99_ns, of latt_default_pcts), the tail's.
 * latt-report(7)'s CSV OUTPUT lists the same.
 */
extern const char latt_csv_columns_head[];
extern const char latt_csv_columns_tail[];

/* True when @name is one of latt's own keys, or a percentile's ("p99"). */
bool latt_key_reserved(const char *name);

#endif /* LATT_BASE_KEYS_H */
