// SPDX-License-Identifier: GPL-2.0-only
/*
 * The text report; see include/latt/report.h.
 *
 * latt-0.1 printed each value as a tab, the label, one or two tabs (so
 * the values line up at the third tab stop), "%8.0f" and " usec", with a
 * rule of 37 dashes under each block title.  latt's own blocks keep that
 * shape so that the report reads as one.
 */
#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include <sys/wait.h>

#include "latt/parse.h"
#include "latt/report.h"

#define RULE "-------------------------------------"

static double usec(uint64_t ns)
{
	return (double)ns / 1000.0;
}

static double secs(uint64_t ns)
{
	return (double)ns / 1e9;
}

static double tv_secs(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec / 1e6;
}

static void block(FILE *f, const char *title)
{
	fprintf(f, "\n%s\n%s\n", title, RULE);
}

/* One "\tLabel\t\tvalue" line; labels of 8 characters or more take one tab. */
static void __attribute__((format(printf, 3, 4)))
line(FILE *f, const char *label, const char *fmt, ...)
{
	va_list ap;

	fprintf(f, "\t%s%s", label, strlen(label) < 8 ? "\t\t" : "\t");
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fputc('\n', f);
}

static void averages(FILE *f, const char *title, const struct latt_stats *s)
{
	block(f, title);
	line(f, "Max", "%8.0f usec", usec(s->max));
	line(f, "Avg", "%8.0f usec", s->mean / 1000.0);
	line(f, "Stdev", "%8.0f usec", latt_stats_stdev(s) / 1000.0);
	line(f, "Stdev mean", "%8.0f usec", latt_stats_stdev_mean(s) / 1000.0);
}

static void percentiles(FILE *f, const char *title,
			const struct latt_result *r,
			const struct latt_series *s)
{
	char label[32];
	size_t i;

	block(f, title);
	line(f, "Min", "%8.1f usec", usec(s->stats.min));
	for (i = 0; i < r->npcts; i++)
		line(f, latt_percentile_label(r->pcts[i], label, sizeof(label)),
		     "%8.1f usec", usec(s->pct[i]));
}

char *latt_signal_name(int sig, char *buf, size_t len)
{
	const char *abbrev = NULL;

#ifdef HAVE_SIGABBREV_NP
	abbrev = sigabbrev_np(sig);
#endif
	if (abbrev)
		snprintf(buf, len, "SIG%s", abbrev);
	else
		snprintf(buf, len, "signal %d", sig);
	return buf;
}

char *latt_describe_status(int status, char *buf, size_t len)
{
	if (WIFEXITED(status))
		snprintf(buf, len, "exited with status %d",
			 WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(buf, len, "killed by signal %d (%s)",
			 WTERMSIG(status), strsignal(WTERMSIG(status)));
	else
		snprintf(buf, len, "wait status 0x%x", status);
	return buf;
}

static void run_status(FILE *f, const struct latt_result *r)
{
	char st[128];

	switch (r->stop) {
	case LATT_STOP_SIGNAL:
		line(f, "Status", "interrupted by %s",
		     latt_signal_name(r->stop_signal, st, sizeof(st)));
		break;
	case LATT_STOP_CLIENT:
		line(f, "Status", "failed: client %d %s", r->dead_client + 1,
		     latt_describe_status(r->dead_status, st, sizeof(st)));
		break;
	case LATT_STOP_TTY:
		line(f, "Status", "failed: command stopped by %s (it uses "
		     "the terminal)",
		     latt_signal_name(r->stop_signal, st, sizeof(st)));
		break;
	case LATT_STOP_OUTPUT:
	case LATT_STOP_ERROR:
		line(f, "Status", "failed: %s", strerror(-r->error));
		break;
	default:
		line(f, "Status", "%s", latt_stop_name(r->stop));
		break;
	}
}

int latt_report_text(FILE *f, const struct latt_result *r)
{
	char smin[32], smax[32], st[128];

	fprintf(f, "\nParameters: min_wait=%s, max_wait=%s, clients=%u\n",
		latt_format_duration(r->min_wait_ns, smin, sizeof(smin)),
		latt_format_duration(r->max_wait_ns, smax, sizeof(smax)),
		r->clients);
	fprintf(f, "Entries logged: %llu\n",
		(unsigned long long)r->wake.stats.count);
	averages(f, "Wakeup averages", &r->wake.stats);
	averages(f, "Work averages", &r->work.stats);

	percentiles(f, "Wakeup percentiles", r, &r->wake);
	percentiles(f, "Work percentiles", r, &r->work);

	block(f, "Run");
	line(f, "Clock", "%s", r->clock);
	line(f, "Cycles", "%8llu", (unsigned long long)r->cycles);
	line(f, "Duration", "%8.3f s", secs(r->elapsed_ns));
	run_status(f, r);
	if (r->has_ctxt && r->elapsed_ns)
		line(f, "System cs rate", "%8.0f /s",
		     (double)r->ctxt / secs(r->elapsed_ns));

	if (r->has_target) {
		block(f, "Target");
		line(f, "Command", "%s", r->target_cmd);
		line(f, "Exit", "%s%s",
		     latt_describe_status(r->target_status, st, sizeof(st)),
		     r->target_killed ? ", stopped by latt" : "");
		line(f, "Wall", "%8.3f s", secs(r->target_wall_ns));
		line(f, "User", "%8.3f s", tv_secs(&r->target_ru.ru_utime));
		line(f, "System", "%8.3f s", tv_secs(&r->target_ru.ru_stime));
		line(f, "Voluntary cs", "%8ld", r->target_ru.ru_nvcsw);
		line(f, "Involuntary cs", "%8ld", r->target_ru.ru_nivcsw);
	}
	if (fflush(f) || ferror(f))
		return errno ? -errno : -EIO;
	return 0;
}
