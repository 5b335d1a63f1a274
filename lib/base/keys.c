// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt's own keys: see keys.h.
 */
#include <ctype.h>
#include <string.h>

#include "base/keys.h"
#include "base/util.h"

const char latt_csv_columns_head[] =
	"label,config,run,started,status,complete,exit_status,"
	"kernel,hostname,clock,mechanism,threads,clients,min_wait_ns,"
	"max_wait_ns,work_bytes,duration_ns,cycles,entries,min_ns,max_ns,"
	"mean_ns,stdev_ns";

const char latt_csv_columns_tail[] =
	"work_mean_ns,work_p99_ns,work_max_ns,stalled_cycles,unanswered,"
	"runqueue_wait_ns,runs_per_wakeup,waker_late_max_ns,system_cs_per_s,"
	"command,command_exit_status,command_signal,command_wall_ns,"
	"command_user_ns,command_system_ns,settings,latt_load,load_note,"
	"kernel_wakeups,kernel_p50_ns,kernel_p99_ns,kernel_max_ns,"
	"latt_above_p50_ns,latt_above_p99_ns,command_wakeup_waits,"
	"command_wakeup_p50_ns,command_wakeup_p99_ns,command_wakeup_max_ns,"
	"command_preempt_waits,command_preempt_p99_ns";

/* latt's own keys besides the CSV's columns: metrics, -q's words. */
static const char *const own_keys[] = {
	"entries", "max", "avg", "stdev", "wall_s", "cpu_s", "cs_per_s",
	"config", "few", "complete", NULL
};

bool latt_key_reserved(const char *name)
{
	const char *const *k;

	/* p50, p99.9: a percentile's name (p50_ns: its CSV column). */
	if (name[0] == 'p' && isdigit((unsigned char)name[1]))
		return true;
	/* cmd_p99: one of the command's own waits. */
	if (!strncmp(name, "cmd_p", 5) && isdigit((unsigned char)name[5]))
		return true;
	for (k = own_keys; *k; k++)
		if (!strcmp(*k, name))
			return true;
	return latt_has_word(latt_csv_columns_head, name, ",") ||
	       latt_has_word(latt_csv_columns_tail, name, ",");
}
