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

/*
 * Word @word of a command line, as latt_opts_parse() would read it:
 * -1 if it is not an option (the command, or "--"); else how many words
 * after it are its value (0 or 1), and in *@name the long name of its
 * (first) option, NULL for one latt does not know.
 */
int latt_opts_word(const char *word, const char **name);

/* Free what latt_opts_parse() allocated. */
void latt_opts_free(struct latt_opts *o);

#endif /* LATT_OPTIONS_H */
