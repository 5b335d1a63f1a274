/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * latt calibrate (calibrate-main.c): a machine's noise profile, its own
 * command line and exit status.
 */
#ifndef LATT_CALIBRATE_MAIN_H
#define LATT_CALIBRATE_MAIN_H

/*
 * Run "latt calibrate" with @argv[1..argc) its arguments (@argv[0] is
 * "calibrate"), latt having been started as @argv0.  Returns the exit
 * status.
 */
int latt_calibrate_main(const char *argv0, int argc, char **argv);

#endif /* LATT_CALIBRATE_MAIN_H */
