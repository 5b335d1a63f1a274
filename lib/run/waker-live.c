// SPDX-License-Identifier: GPL-2.0-only
/*
 * The waker's live output on stderr while it measures (lib/run/waker.h): a
 * progress line updated in place on a terminal, or with -i a line of
 * each interval's numbers.  It reads the samples as the waker takes them
 * and changes nothing of the run.  Also -v's line of each sample, on
 * standard output.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "measure/clock.h"
#include "measure/hist.h"
#include "measure/kwait.h"
#include "measure/stats.h"
#include "run/client.h"
#include "run/waker.h"

/*
 * The decimals of the live line's seconds: as many as the period has
 * ("0.01-0.02 s" for -i 10ms), at least one.
 */
static int live_prec(const struct latt_waker *w)
{
	const uint64_t ms = 1000000;

	return w->live_ns % (100 * ms) == 0 ? 1 :
	       w->live_ns % (10 * ms) == 0 ? 2 : 3;
}

/* Where the run stands: "3.0/10.0 s, run 1/3 base". */
static void live_where(struct latt_waker *w, uint64_t now, char *buf,
		       size_t len)
{
	/* The time latt was stopped (^Z) is not the run's. */
	double el = (double)(now - w->run_start_ns - w->stopped_ns) / 1e9;
	uint64_t ns = w->cfg->duration_ns, day = 86400 * 1000000000ULL;
	int prec = live_prec(w);

	/* Past a day, "1.0 s of 30d" rather than "1.0/2.592e+06 s". */
	if (!ns)
		snprintf(buf, len, "%.*f s", prec, el);
	else if (ns < day)
		snprintf(buf, len, "%.*f/%g s", prec, el, (double)ns / 1e9);
	else if (ns % day == 0)
		snprintf(buf, len, "%.*f s of %llud", prec, el,
			 (unsigned long long)(ns / day));
	else if (ns % (day / 24) == 0)
		snprintf(buf, len, "%.*f s of %lluh", prec, el,
			 (unsigned long long)(ns / (day / 24)));
	else
		snprintf(buf, len, "%.*f s of %.0f s", prec, el,
			 (double)ns / 1e9);
	if (w->sweep)
		snprintf(buf + strlen(buf), len - strlen(buf), ", run %u/%u %s",
			 w->run_no, w->runs_total, w->cfg->name);
}

/* ", max M, p99 P usec" of what @st and @h hold, if anything. */
static void live_summary(const struct latt_stats *st,
			 const struct latt_hist *h)
{
	if (st->count)
		fprintf(stderr, ", max %.1f, p99 %.1f usec",
			(double)st->max / 1000.0,
			(double)latt_percentile(h, st, 99) / 1000.0);
}

/* The live line: every second in place, or every -i on a line of its own. */
void latt_waker_live_tick(struct latt_waker *w)
{
	uint64_t now = latt_mono_ns();
	char where[128];

	live_where(w, now, where, sizeof(where));
	if (w->live_tty) {
		fprintf(stderr, "\rlatt: %s: %llu entries", where,
			(unsigned long long)w->live.count);
		live_summary(&w->live, &w->live_hist);
		if (!w->live.count && w->warming)
			fputs(" (warming up)", stderr);
		fputs("\033[K", stderr);
		w->live_shown = true;
	} else {
		int prec = live_prec(w);

		fprintf(stderr, "latt: %s: interval %.*f-%.*f s: %llu entries",
			where, prec, (double)(w->interval_start_ns -
					      w->run_start_ns -
					      w->interval_stopped_ns) / 1e9,
			prec, (double)(now - w->run_start_ns -
				       w->stopped_ns) / 1e9,
			(unsigned long long)w->interval.count);
		if (w->interval.count)
			fprintf(stderr, ", max %.1f, avg %.1f, p99 %.1f usec",
				(double)w->interval.max / 1000.0,
				w->interval.mean / 1000.0,
				(double)latt_percentile(&w->interval_hist,
							&w->interval, 99) /
				1000.0);
		fprintf(stderr, "; in all %llu entries",
			(unsigned long long)w->live.count);
		live_summary(&w->live, &w->live_hist);
		fputs(w->warming ? " (warming up)\n" : "\n", stderr);
		latt_hist_clear_range(&w->interval_hist, w->interval.min,
				      w->interval.max);
		latt_stats_init(&w->interval);
		w->interval_start_ns = now;
		w->interval_stopped_ns = w->stopped_ns;
	}
	fflush(stderr);
}

/* Take the live line off the terminal before anything else is printed. */
void latt_waker_live_erase(struct latt_waker *w)
{
	if (!w->live_shown)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	w->live_shown = false;
}

int latt_waker_print_sample(struct latt_waker *w, const struct latt_client *c,
			    const char *tail)
{
	const struct latt_client_slot *s = c->slot;
	FILE *f = w->samples;

	fprintf(f, "sample %sclient=%u wakeup_ns=%" PRIu64 " work_ns=%" PRIu64,
		w->sample_prefix, c->id + 1, s->last_wake_ns, s->last_work_ns);
	if (w->cfg->kernel_view && s->kwait.last_ns == LATT_KWAIT_NONE)
		fputs(" kernel_ns=-", f);
	else if (w->cfg->kernel_view)
		fprintf(f, " kernel_ns=%" PRIu64, s->kwait.last_ns);
	fprintf(f, "%s\n", tail);
	return ferror(f) ? (errno ? -errno : -EIO) : 0;
}
