// SPDX-License-Identifier: GPL-2.0-only
/*
 * The report's Kernel view block: what the scheduler counted for the
 * clients.  With --kernel-view, its figure for each wakeup beside latt's
 * own sample (lib/measure/kwait.h); always, the clients' waits in all
 * while measuring, from their schedstat read by the waker at the start
 * and at the end, which takes in every wait (after the answer too) and so
 * is not compared with latt's samples.
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "measure/hist.h"
#include "measure/kwait.h"
#include "measure/stats.h"
#include "report/report-kernel.h"
#include "report/report-text.h"
#include "run/result.h"

/*
 * A p99 of samples @st that are too few for it is the max: say so, as
 * "@pre" "the max: p99 needs N samples" "@post", in @buf; else "".
 */
static const char *p99_note(const struct latt_stats *st, const char *pre,
			    const char *post, char *buf, size_t len)
{
	if (!latt_percentile_few(st, 99))
		return "";
	snprintf(buf, len, "%sthe max: p99 needs %llu samples%s", pre,
		 (unsigned long long)latt_percentile_needs(99), post);
	return buf;
}

/* --kernel-view: the kernel's figure for each wakeup, beside latt's. */
static void per_wakeup(FILE *f, const struct latt_result *r)
{
	const struct latt_derived *d = &r->derived;
	const struct latt_kwait *k = &r->measured.kwait;
	char note[64];

	if (!k->wait.count) {
		/* Never a zero for a figure the kernel did not give. */
		if (k->error)
			line(f, "Per wakeup", "not available: %s",
			     latt_kwait_strerror(k->error));
		else
			line(f, "Per wakeup", "no wakeup with the kernel's "
			     "figure");
	} else {
		line(f, "Wakeups", "%8" PRIu64 " with the kernel's figure: "
		     "the runqueue wait from the wakeup to the first run, "
		     "read by the client before it blocks and after its "
		     "stamp", k->wait.count);
	}
	if (k->mixed)
		line(f, "Left out", "%8" PRIu64 " wakeup%s (the client also "
		     "waited for a CPU around its reads, or was preempted "
		     "before it blocked and the wakeup found it waiting, so "
		     "the wait between them is not the wakeup's alone)",
		     k->mixed, k->mixed == 1 ? "" : "s");
	if (!k->wait.count)
		return;
	if (k->error)
		line(f, "Note", "some clients have no figure: %s",
		     latt_kwait_strerror(k->error));
	line(f, "Kernel p50", "%8.1f usec (latt: %.1f)", usec(d->kwait_p50),
	     usec(d->wake_p50));
	line(f, "Kernel p99", "%8.1f usec (latt: %.1f%s)", usec(d->kwait_p99),
	     usec(d->wake_p99),
	     p99_note(&k->wait, "; ", "", note, sizeof(note)));
	line(f, "Kernel max", "%8.1f usec (latt: %.1f)", usec(k->wait.max),
	     usec(r->measured.wake.stats.max));
	if (k->gap.count) {
		line(f, "Above min", "%8.1f usec (latt's sample less the "
		     "kernel's figure, wakeup by wakeup: the waker's write up "
		     "to the enqueue, the switch, the return to user space, "
		     "the stamps)", usec(k->gap.min));
		line(f, "Above p50", "%8.1f usec", usec(d->kgap_p50));
		line(f, "Above p99", "%8.1f usec%s", usec(d->kgap_p99),
		     p99_note(&k->gap, " (", ")", note, sizeof(note)));
		line(f, "Above max", "%8.1f usec", usec(k->gap.max));
	}
	if (k->above)
		line(f, "Kernel above", "%8" PRIu64 " wakeup%s whose figure "
		     "exceeds latt's sample (not in Above): the kernel times "
		     "a wait with its scheduler clock, per CPU, which keeps "
		     "to latt's only where the TSC is the clocksource",
		     k->above, k->above == 1 ? "" : "s");
}

/* The clients' waits in all while measuring (the waker's reads). */
static void all_waits(FILE *f, const struct latt_result *r)
{
	if (r->measured.kview_error) {
		line(f, "Schedstat", "not available (/proc/PID/schedstat: %s%s)",
		     strerror(-r->measured.kview_error),
		     r->measured.kview_error == -ENOENT ?
		     "; the kernel needs CONFIG_SCHED_INFO" : "");
		return;
	}
	if (!r->measured.kview_wakeups) {
		line(f, "Schedstat", "no wakeup measured");
		return;
	}
	line(f, "Runqueue wait", "%8.1f usec per wakeup in all: every wait "
	     "of the clients while measuring, after their answers too%s",
	     r->derived.kview_wait_ns / 1000.0, r->cfg.kernel_view ? "" :
	     " (the wakeup's own: --kernel-view)");
	line(f, "Runs", "%8.2f per wakeup (more: preempted while working "
	     "or answering)", r->derived.kview_slices);
}

void latt_report_kernel(FILE *f, const struct latt_result *r)
{
	block(f, "Kernel view");
	if (r->cfg.kernel_view)
		per_wakeup(f, r);
	all_waits(f, r);
}
