/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A configuration as -C gives it (config-spec.c): NAME:KEY=VALUE,...
 * read into a struct latt_run_cfg (settings/config.h) by its table of
 * settings, and the whole configuration checked.
 */
#ifndef LATT_SETTINGS_CONFIG_SPEC_H
#define LATT_SETTINGS_CONFIG_SPEC_H

#include <stddef.h>

#include "settings/config.h"

/*
 * Apply "NAME:KEY=VAL,KEY=VAL" (the -C option) to @c, which holds the
 * defaults.  A comma followed by text without "=" continues the previous
 * value, so lists keep their commas ("cpus=0,1,policy=fifo").  @spec is
 * split in place and must live as long as @c.  "NAME:" and "NAME" alone
 * keep every default.  Returns 0 or -EINVAL with the reason in @err.
 */
int latt_config_parse(struct latt_run_cfg *c, char *spec, char *err,
		      size_t len);

/*
 * Check that @c's settings make sense together (priority with fifo,
 * deadline parameters, min-wait <= max-wait, ...).  0, or -EINVAL with
 * the reason in @err.
 */
int latt_config_check(const struct latt_run_cfg *c, char *err, size_t len);

#endif /* LATT_SETTINGS_CONFIG_SPEC_H */
