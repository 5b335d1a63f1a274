/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The text report's Kernel view block: what the scheduler counted for
 * the clients (with --kernel-view, its figure for each wakeup beside
 * latt's own sample; always, the clients' waits in all while measuring).
 */
#ifndef LATT_REPORT_REPORT_KERNEL_H
#define LATT_REPORT_REPORT_KERNEL_H

#include <stdio.h>

#include "run/result.h"

/* The Kernel view block of run @r. */
void latt_report_kernel(FILE *f, const struct latt_result *r);

#endif /* LATT_REPORT_REPORT_KERNEL_H */
