/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What only the library uses of lib/json*; what the module is, and the
 * part the programs call, is in include/latt/report.h.
 */
#ifndef LATT_LIB_JSON_H
#define LATT_LIB_JSON_H

#include <stddef.h>
#include <stdio.h>

#include "latt/report.h"
#include "aggregate.h"
#include "result.h"
#include "sysinfo.h"
#include "verdict.h"

#define LATT_JSON_SCHEMA	1

#endif /* LATT_LIB_JSON_H */
