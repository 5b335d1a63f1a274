// SPDX-License-Identifier: GPL-2.0-only
/*
 * The live output while a run measures (lib/run/live.h): a progress line
 * updated in place on a terminal, or with -i a line of each interval's
 * numbers, on stderr.  It reads the samples the waker hands it and
 * changes nothing of the run.  Also -v's line of each sample, on
 * standard output.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"
#include "measure/clock.h"
#include "measure/hist.h"
#include "measure/kwait.h"
#include "measure/stats.h"
#include "run/client.h"
#include "run/live.h"
#include "settings/config.h"
#include "settings/session.h"

int latt_live_init(struct latt_live *l, const struct latt_run_cfg *cfg,
		   const struct latt_session *s, unsigned int run_no)
{
	l->fd = -1;
	l->cfg = cfg;
	/* As the run lines number them: within its configuration. */
	l->run_no = run_no;
	l->runs_total = s->runs_per_cfg ? s->runs_per_cfg : 1;
	l->sweep = s->total_runs > 1;
	if (!s->progress && !s->interval_ns)
		return 0;
	l->tty = !s->interval_ns;
	l->period_ns = s->interval_ns ? s->interval_ns : LATT_LIVE_TTY_NS;
	l->fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	if (l->fd < 0)
		return -errno;
	latt_stats_init(&l->all);
	latt_stats_init(&l->interval);
	latt_hist_init(&l->all_hist);
	latt_hist_init(&l->interval_hist);
	return 0;
}

void latt_live_begin(struct latt_live *l, uint64_t now, uint64_t stopped_ns)
{
	l->interval_start_ns = now;
	l->interval_stopped_ns = stopped_ns;
}

int latt_live_arm(struct latt_live *l)
{
	return l->fd >= 0 ? latt_timer_arm(l->fd, l->period_ns, l->period_ns) : 0;
}

void latt_live_stop(struct latt_live *l)
{
	if (l->fd >= 0)
		latt_timer_arm(l->fd, 0, 0);
}

void latt_live_add(struct latt_live *l, uint64_t ns)
{
	if (l->fd < 0)
		return;
	latt_stats_add(&l->all, ns);
	latt_hist_add(&l->all_hist, ns);
	latt_stats_add(&l->interval, ns);
	latt_hist_add(&l->interval_hist, ns);
}

bool latt_live_due(struct latt_live *l)
{
	uint64_t ticks;

	return read(l->fd, &ticks, sizeof(ticks)) > 0;
}

/*
 * The decimals of the live line's seconds: as many as the period has
 * ("0.01-0.02 s" for -i 10ms), at least one.
 */
static int live_prec(const struct latt_live *l)
{
	const uint64_t ms = 1000000;

	return l->period_ns % (100 * ms) == 0 ? 1 :
	       l->period_ns % (10 * ms) == 0 ? 2 : 3;
}

/* Where the run stands, @el seconds in: "3.0/10.0 s, run 1/3 base". */
static void live_where(const struct latt_live *l, double el, char *buf,
		       size_t len)
{
	uint64_t ns = l->cfg->duration_ns, day = 86400 * 1000000000ULL;
	int prec = live_prec(l);

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
	if (l->sweep)
		snprintf(buf + strlen(buf), len - strlen(buf), ", run %u/%u %s",
			 l->run_no, l->runs_total, l->cfg->name);
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
void latt_live_tick(struct latt_live *l, uint64_t now, uint64_t run_start_ns,
		    uint64_t stopped_ns, bool warming)
{
	/* The time latt was stopped (^Z) is not the run's. */
	double el = (double)(now - run_start_ns - stopped_ns) / 1e9;
	char where[128];

	live_where(l, el, where, sizeof(where));
	if (l->tty) {
		fprintf(stderr, "\rlatt: %s: %llu entries", where,
			(unsigned long long)l->all.count);
		live_summary(&l->all, &l->all_hist);
		if (!l->all.count && warming)
			fputs(" (warming up)", stderr);
		fputs("\033[K", stderr);
		l->shown = true;
	} else {
		int prec = live_prec(l);

		fprintf(stderr, "latt: %s: interval %.*f-%.*f s: %llu entries",
			where, prec, (double)(l->interval_start_ns -
					      run_start_ns -
					      l->interval_stopped_ns) / 1e9,
			prec, el, (unsigned long long)l->interval.count);
		if (l->interval.count)
			fprintf(stderr, ", max %.1f, avg %.1f, p99 %.1f usec",
				(double)l->interval.max / 1000.0,
				l->interval.mean / 1000.0,
				(double)latt_percentile(&l->interval_hist,
							&l->interval, 99) /
				1000.0);
		fprintf(stderr, "; in all %llu entries",
			(unsigned long long)l->all.count);
		live_summary(&l->all, &l->all_hist);
		fputs(warming ? " (warming up)\n" : "\n", stderr);
		latt_hist_clear_range(&l->interval_hist, l->interval.min,
				      l->interval.max);
		latt_stats_init(&l->interval);
		latt_live_begin(l, now, stopped_ns);
	}
	fflush(stderr);
}

void latt_live_end(struct latt_live *l, uint64_t now, uint64_t run_start_ns,
		   uint64_t stopped_ns, bool warming)
{
	if (l->fd >= 0 && !l->tty && l->interval.count)
		latt_live_tick(l, now, run_start_ns, stopped_ns, warming);
	latt_live_erase(l);
}

/* Take the live line off the terminal before anything else is printed. */
void latt_live_erase(struct latt_live *l)
{
	if (!l->shown)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	l->shown = false;
}

void latt_live_close(struct latt_live *l)
{
	latt_close(&l->fd);
}

int latt_live_print_sample(FILE *f, const char *prefix,
			   const struct latt_client *c, bool kernel_view,
			   const char *tail)
{
	const struct latt_client_slot *s = c->slot;

	fprintf(f, "sample %sclient=%u wakeup_ns=%" PRIu64 " work_ns=%" PRIu64,
		prefix, c->id + 1, s->last_wake_ns, s->last_work_ns);
	if (kernel_view && s->kwait.last_ns == LATT_KWAIT_NONE)
		fputs(" kernel_ns=-", f);
	else if (kernel_view)
		fprintf(f, " kernel_ns=%" PRIu64, s->kwait.last_ns);
	fprintf(f, "%s\n", tail);
	return ferror(f) ? (errno ? -errno : -EIO) : 0;
}
