// SPDX-License-Identifier: GPL-2.0-only
/*
 * Privileges and limits; see include/latt/priv.h.
 */
#include <errno.h>

#include "latt/priv.h"

bool latt_priv_has(cap_value_t cap)
{
	cap_flag_value_t v = CAP_CLEAR;
	cap_t caps;

	caps = cap_get_proc();
	if (!caps)
		return false;
	if (cap_get_flag(caps, cap, CAP_EFFECTIVE, &v))
		v = CAP_CLEAR;
	cap_free(caps);
	return v == CAP_SET;
}

int latt_priv_nofile(uint64_t need, struct rlimit *rl)
{
	struct rlimit want;

	if (getrlimit(RLIMIT_NOFILE, rl))
		return -errno;
	if (rl->rlim_cur != RLIM_INFINITY && rl->rlim_cur < need) {
		want.rlim_cur = need;
		want.rlim_max = rl->rlim_max;
		if (rl->rlim_max != RLIM_INFINITY && rl->rlim_max < need)
			want.rlim_max = need;
		if (setrlimit(RLIMIT_NOFILE, &want))
			return -EMFILE;
		*rl = want;
	}
	return 0;
}
