/* SPDX-License-Identifier: GPL-2.0-only */
/* The CSV table. */
#ifndef LATT_REPORT_CSV_H
#define LATT_REPORT_CSV_H

#include <stdio.h>

#include "report/doc.h"

/*
 * The CSV table of one latt invocation (--csv): a header row, then one
 * row per run, configurations in order.  The columns are fixed (their
 * names and meaning are in latt-report(7), CSV OUTPUT); a value that is not
 * known is an empty field.  Fields are quoted as RFC 4180 says.
 */

/* Write @d to @f.  0 or -errno of a failed write. */
int latt_csv_write(FILE *f, const struct latt_doc *d);

/*
 * A text field on @f: escaped as the report shows it (a command's
 * control characters as \xHH, never raw), quoted where it holds a comma
 * or a quote; nothing for NULL.
 */
void latt_csv_text(FILE *f, const char *text);

#endif /* LATT_REPORT_CSV_H */
