/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What only the library uses of lib/compare*; what the module is, and the
 * part the programs call, is in include/latt/compare.h.
 */
#ifndef LATT_LIB_COMPARE_H
#define LATT_LIB_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "latt/compare.h"
#include "aggregate.h"

/*
 * Documents larger than this together, with more values together, or
 * whose values take more of the heap (json-c's objects as allocated,
 * some 750 bytes an empty object, 70 a number, with what the documents
 * read before keep) are refused as soon as that is seen, so that latt
 * compare stays within 256 MB resident and a time that grows with the
 * input alone, whatever the input and however many files (a string read
 * is at most LATT_CMP_STRING_MAX bytes).
 */
#define LATT_CMP_SIZE_MAX	(64 << 20)
#define LATT_CMP_VALUES_MAX	4000000
#define LATT_CMP_MEMORY_MAX	(224 << 20)
#define LATT_CMP_STRING_MAX	(1 << 20)

/*
 * Does fact @f decide whether two results compare (it must be the same),
 * or is it what is compared (kernel, preemption, autogroup, HZ, PM QoS,
 * scheduler, the command beside the measurement and its duration)?
 */
bool latt_cmp_fact_must_match(enum latt_cmp_fact f);

#endif /* LATT_LIB_COMPARE_H */
