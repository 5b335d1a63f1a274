/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * latt compare (compare-main.c): its own command line and exit status.
 */
#ifndef LATT_COMPARE_MAIN_H
#define LATT_COMPARE_MAIN_H

/*
 * Run "latt compare" with @argv[1..argc) its arguments (@argv[0] is
 * "compare").  Returns the exit status.
 */
int latt_compare_main(int argc, char **argv);

#endif /* LATT_COMPARE_MAIN_H */
