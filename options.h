/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * latt's command line (options.c): the option table and the parsing of
 * every option into struct latt_opts (options-check.h), checked there.
 * The program's, not the library's: a bad command line exits.
 */
#ifndef LATT_OPTIONS_H
#define LATT_OPTIONS_H

#include "options-check.h"

/*
 * Parse latt's command line into @o: the options, the command, the
 * configurations of -C (or the one of the options), the metrics of
 * every output.  A usage error prints one line and exits 1; --help and
 * --version print and exit 0.
 */
void latt_opts_parse(struct latt_opts *o, int argc, char **argv);

/* Free what latt_opts_parse() allocated. */
void latt_opts_free(struct latt_opts *o);

#endif /* LATT_OPTIONS_H */
