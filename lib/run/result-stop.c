// SPDX-License-Identifier: GPL-2.0-only
/*
 * How a run ended: its stop recorded by the one rule of which reason
 * wins, and every way it is said (the Status line, the last words on
 * stderr, latt's exit status), from one table of stops; see
 * run/result.h and lib/run/result.h.
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "run/result-stop.h"
#include "base/parse.h"
#include "base/util.h"
#include "measure/tmetric.h"
#include "run/result.h"
#include "settings/config.h"

struct latt_stop_why *latt_stop_say(struct latt_stop_why *why,
				    enum latt_stop stop, int error,
				    const char *fmt, ...)
{
	va_list ap;

	why->stop = stop;
	why->error = error;
	why->signal = 0;
	why->client = -1;
	why->what[0] = '\0';
	if (fmt) {
		va_start(ap, fmt);
		latt_vfmt(why->what, sizeof(why->what), fmt, ap);
		va_end(ap);
	}
	return why;
}

bool latt_stop_record(struct latt_run_end *end,
		      const struct latt_stop_why *why)
{
	if (!latt_stop_wins(end->why, why->stop))
		return false;
	end->why = why->stop;
	end->error = why->error;
	end->signal = why->signal;
	if (why->stop == LATT_STOP_CLIENT)
		end->dead_client = why->client;
	latt_fmt(end->what, sizeof(end->what), "%s", why->what);
	return true;
}

char *latt_signal_name(int sig, char *buf, size_t len)
{
	const char *abbrev = NULL;

#ifdef HAVE_SIGABBREV_NP
	abbrev = sigabbrev_np(sig);
#endif
	if (abbrev)
		latt_fmt(buf, len, "SIG%s", abbrev);
	else
		latt_fmt(buf, len, "signal %d", sig);
	return buf;
}

char *latt_describe_status(int status, char *buf, size_t len)
{
	if (WIFEXITED(status))
		latt_fmt(buf, len, "exited with status %d",
			 WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		latt_fmt(buf, len, "killed by signal %d (%s)",
			 WTERMSIG(status), strsignal(WTERMSIG(status)));
	else
		latt_fmt(buf, len, "wait status 0x%x", status);
	return buf;
}

/*
 * How the dead client ended: a process's wait status, or the error a
 * thread stopped on (a thread cannot die alone).
 */
static const char *dead_client_end(const struct latt_result *r, char *buf,
				   size_t len)
{
	if (!r->end.dead_thread)
		return latt_describe_status(r->end.dead_status, buf, len);
	if (r->end.dead_error)
		latt_fmt(buf, len, "stopped: %s", strerror(-r->end.dead_error));
	else
		latt_fmt(buf, len, "stopped");
	return buf;
}

/*
 * How each stop reads in the Status line and in latt's last words on
 * stderr (the verdict), where the stop alone says it; NULL where it is
 * worded from the run (the command's status, what was measured).
 */
typedef char *(*stop_text_fn)(const struct latt_result *r, char *buf,
			      size_t len);

static char *status_signal(const struct latt_result *r, char *buf, size_t len)
{
	char st[128];

	return latt_fmt(buf, len, "interrupted by %s",
			latt_signal_name(r->end.signal, st, sizeof(st)));
}

static char *verdict_signal(const struct latt_result *r, char *buf, size_t len)
{
	char st[128];

	return latt_fmt(buf, len, "interrupted by %s: the report covers what "
			"was measured until then",
			latt_signal_name(r->end.signal, st, sizeof(st)));
}

static char *status_client(const struct latt_result *r, char *buf, size_t len)
{
	char st[128];

	return latt_fmt(buf, len, "failed: client %d %s",
			r->end.dead_client + 1,
			dead_client_end(r, st, sizeof(st)));
}

static char *verdict_client(const struct latt_result *r, char *buf, size_t len)
{
	char st[128];

	return latt_fmt(buf, len, "client %d (%s %d) %s: the report has its "
			"samples until then", r->end.dead_client + 1,
			r->end.dead_thread ? "tid" : "pid",
			(int)r->end.dead_pid,
			dead_client_end(r, st, sizeof(st)));
}

static char *status_tty(const struct latt_result *r, char *buf, size_t len)
{
	char st[128];

	return latt_fmt(buf, len, "failed: command stopped by %s (it uses "
			"the terminal)",
			latt_signal_name(r->end.signal, st, sizeof(st)));
}

static char *verdict_tty(const struct latt_result *r, char *buf, size_t len)
{
	char st[128];

	return latt_fmt(buf, len, "command '%s' was stopped by %s: it uses "
			"the terminal, but runs in a process group of its "
			"own; give it </dev/null", r->cmd.line,
			latt_signal_name(r->end.signal, st, sizeof(st)));
}

static char *status_output(const struct latt_result *r, char *buf, size_t len)
{
	return latt_fmt(buf, len, "failed: %s", strerror(-r->end.error));
}

static char *verdict_output(const struct latt_result *r, char *buf,
			    size_t len)
{
	return latt_fmt(buf, len, "write error on standard output: %s",
			strerror(-r->end.error));
}

/* "WHAT: ERROR", "WHAT" or "ERROR", after @prefix. */
static char *what_failed(const struct latt_result *r, const char *prefix,
			 char *buf, size_t len)
{
	return latt_fmt(buf, len, "%s%s%s%s", prefix, r->end.what,
			r->end.what[0] && r->end.error ? ": " : "",
			r->end.error ? strerror(-r->end.error) : "");
}

static char *status_error(const struct latt_result *r, char *buf, size_t len)
{
	return what_failed(r, "failed: ", buf, len);
}

static char *verdict_error(const struct latt_result *r, char *buf, size_t len)
{
	return what_failed(r, "measuring failed: ", buf, len);
}

static char *verdict_setup(const struct latt_result *r, char *buf, size_t len)
{
	/* A set-up error without its what is worded by the error alone. */
	return latt_fmt(buf, len, "%s%s%s", r->end.what, r->end.error ? ": " :
			"",
			r->end.error ? strerror(-r->end.error) : "");
}

static char *status_noexec(const struct latt_result *r, char *buf, size_t len)
{
	return latt_fmt(buf, len, "failed: cannot run '%s': %s",
			r->cfg.cmd_argv[0], strerror(-r->end.error));
}

static char *verdict_noexec(const struct latt_result *r, char *buf,
			    size_t len)
{
	return latt_fmt(buf, len, "cannot run '%s': %s", r->cfg.cmd_argv[0],
			strerror(-r->end.error));
}

static char *status_break(const struct latt_result *r, char *buf, size_t len)
{
	return latt_fmt(buf, len, "stopped by breaktrace: client %u woke "
			"%.1f usec late (over %.1f)", r->trace.break_client + 1,
			(double)r->trace.break_ns / 1000.0,
			(double)r->cfg.breaktrace_ns / 1000.0);
}

static char *verdict_break(const struct latt_result *r, char *buf, size_t len)
{
	return latt_fmt(buf, len, "breaktrace: client %u (pid %d) took %.1f "
			"usec to run after its wakeup, over -b %.1f usec; the "
			"trace is in %s", r->trace.break_client + 1,
			(int)r->trace.break_pid,
			(double)r->trace.break_ns / 1000.0,
			(double)r->cfg.breaktrace_ns / 1000.0,
			r->trace.dir ? r->trace.dir : "?");
}

/* latt's exit status for a stop: from the run, or 128 + the signal. */
#define EXIT_OF_RUN	-1
#define EXIT_OF_SIGNAL	-2

/* Every way a run ends, in one table that every output reads. */
static const struct stop_info {
	const char *key;	/* the JSON's and the CSV's "stop" */
	const char *name;	/* in short: "complete (command exited)" */
	int exit;		/* latt's exit status, or EXIT_OF_* */
	bool measured;		/* it has samples to report */
	stop_text_fn status;	/* the Status line; NULL: of the run */
	stop_text_fn verdict;	/* the last words; NULL: of the run */
	bool normal;		/* the end asked for: -t or the command's */
	bool drains;		/* the answers in flight are waited for */
	bool over_normal;	/* it stops a run that ended as asked */
	bool output_lost;	/* latt's output took no more: no report */
	bool broke;		/* -b's limit was passed (r->break_*) */
} stops[] = {
	[LATT_STOP_NONE] = { "running", "running", EXIT_OF_RUN, true,
			     NULL, NULL },
	[LATT_STOP_DURATION] = { "duration", "complete (duration reached)",
				 EXIT_OF_RUN, true, NULL, NULL, true, true },
	[LATT_STOP_TARGET] = { "command", "complete (command exited)",
			       EXIT_OF_RUN, true, NULL, NULL, true, true },
	[LATT_STOP_SIGNAL] = { "signal", "interrupted", EXIT_OF_SIGNAL, true,
			       status_signal, verdict_signal, false, true,
			       true },
	[LATT_STOP_CLIENT] = { "client", "failed (a client died)",
			       LATT_EXIT_RUNTIME, true, status_client,
			       verdict_client },
	[LATT_STOP_OUTPUT] = { "output", "failed (output error)",
			       LATT_EXIT_RUNTIME, true, status_output,
			       verdict_output, false, false, false, true },
	[LATT_STOP_TTY] = { "tty", "failed (command stopped at the terminal)",
			    LATT_EXIT_RUNTIME, true, status_tty, verdict_tty },
	[LATT_STOP_ERROR] = { "error", "failed (system error)",
			      LATT_EXIT_RUNTIME, true, status_error,
			      verdict_error, false, false, true },
	[LATT_STOP_SETUP] = { "setup", "failed (a setting could not be "
			      "applied)", LATT_EXIT_RUNTIME, false,
			      status_error, verdict_setup },
	[LATT_STOP_NOEXEC] = { "noexec", "failed (the command could not be "
			       "executed)", LATT_EXIT_NOEXEC, false,
			       status_noexec, verdict_noexec },
	[LATT_STOP_BREAK] = { "breaktrace", "stopped by breaktrace",
			      LATT_EXIT_BREAK, true, status_break,
			      verdict_break, false, false, false, false, true },
};

static const struct stop_info unknown_stop = {
	"unknown", "unknown", EXIT_OF_RUN, true, NULL, NULL, false, false,
	false, false, false,
};

static const struct stop_info *stop_info(enum latt_stop stop)
{
	return (unsigned int)stop < sizeof(stops) / sizeof(stops[0]) &&
	       stops[stop].key ? &stops[stop] : &unknown_stop;
}

bool latt_stop_normal(enum latt_stop stop)
{
	return stop_info(stop)->normal;
}

bool latt_stop_wins(enum latt_stop now, enum latt_stop why)
{
	if (why == LATT_STOP_NONE)
		return false;
	return now == LATT_STOP_NONE ||
	       (stop_info(now)->normal && stop_info(why)->over_normal);
}

bool latt_stop_drains(enum latt_stop stop)
{
	return stop_info(stop)->drains;
}

const char *latt_stop_name(enum latt_stop stop)
{
	return stop_info(stop)->name;
}

const char *latt_stop_key(enum latt_stop stop)
{
	return stop_info(stop)->key;
}

bool latt_result_measured(const struct latt_result *r)
{
	return stop_info(r->end.why)->measured;
}

int latt_result_output_error(const struct latt_result *r)
{
	return stop_info(r->end.why)->output_lost ? r->end.error : 0;
}

bool latt_result_broke(const struct latt_result *r)
{
	return stop_info(r->end.why)->broke;
}

bool latt_result_measured_any(const struct latt_result *r)
{
	return r->cfg.clients ? r->measured.wake.stats.count > 0 :
	       r->cmd.waits.measured;
}

bool latt_result_command_ran(const struct latt_result *r)
{
	return r->cmd.given && r->end.why != LATT_STOP_NOEXEC;
}

bool latt_result_complete(const struct latt_result *r)
{
	return latt_result_measured(r) && !latt_result_exit_status(r);
}

char *latt_result_status(const struct latt_result *r, char *buf, size_t len)
{
	const struct stop_info *si = stop_info(r->end.why);
	char st[128];

	if (si->status)
		return si->status(r, buf, len);
	switch (latt_result_exit_status(r)) {
	case LATT_EXIT_NOEXEC:
		latt_fmt(buf, len, "failed: /bin/sh could not run the command "
			 "(exit status %d)", WEXITSTATUS(r->cmd.status));
		break;
	case LATT_EXIT_TARGET:
		latt_fmt(buf, len, "failed: the command %s",
			 latt_describe_status(r->cmd.status, st,
					      sizeof(st)));
		break;
	case LATT_EXIT_RUNTIME:
		if (latt_result_measured_any(r) &&
		    latt_result_tm_missing(r) >= 0)
			latt_fmt(buf, len, "failed: the command's output never "
				 "gave %s", r->cfg.tm[latt_result_tm_missing(
					 r)].name);
		else if (!r->cfg.clients)
			latt_fmt(buf, len, "failed: the command's own waits "
				 "were not measured");
		else
			latt_fmt(buf, len, "failed: no wakeup was measured");
		break;
	default:
		if (r->end.why == LATT_STOP_DURATION &&
		    r->measured.overrun_ns > LATT_OVERRUN_NS)
			latt_fmt(buf, len, "complete (duration reached, but "
				 "the run ended %.3f s after it%s)",
				 (double)r->measured.overrun_ns / 1e9,
				 r->derived.waker_lagged ?
				 ": latt itself could not run" : "");
		else
			latt_fmt(buf, len, "%s", latt_stop_name(r->end.why));
		break;
	}
	return buf;
}

/* Why a target metric is missing, for latt_result_verdict(). */
static char *tm_verdict(const struct latt_result *r, char *buf, size_t len)
{
	int i = latt_result_tm_missing(r);
	const struct latt_tmetric *tm = &r->cfg.tm[i];
	const struct latt_tmetric_value *v = &r->cmd.tm[i];

	char skipped[96] = "";

	if (v->skipped)
		latt_fmt(skipped, sizeof(skipped), ", %llu line%s skipped "
			 "(searching took over %.1f s)",
			 (unsigned long long)v->skipped, v->skipped == 1 ?
			 "" : "s", (double)LATT_TMETRIC_SEARCH_CPU_NS / 1e9);
	if (v->other)
		latt_fmt(buf, len, "target metric %s: its expression '%s' "
			 "matched the command's output %llu time%s, but its "
			 "first group was never a number (it was '%s')%s: "
			 "no value, the run failed", tm->name, tm->regex,
			 (unsigned long long)v->other, v->other == 1 ? "" : "s",
			 v->other_text, skipped);
	else
		latt_fmt(buf, len, "target metric %s: its expression '%s' "
			 "never matched the command's output (standard output "
			 "and error)%s: no value, the run failed", tm->name,
			 tm->regex, skipped);
	return buf;
}

char *latt_result_verdict(const struct latt_result *r, char *buf, size_t len)
{
	const struct stop_info *si = stop_info(r->end.why);
	const struct latt_run_cfg *c = &r->cfg;
	char st[128], a[32], b[32];
	int ws = r->cmd.status;

	if (si->verdict)
		return si->verdict(r, buf, len);
	switch (latt_result_exit_status(r)) {
	case LATT_EXIT_NOEXEC:
		latt_fmt(buf, len, "/bin/sh could not run '%s' (exit status "
			 "%d)", r->cmd.line, WEXITSTATUS(ws));
		return buf;
	case LATT_EXIT_TARGET:
		latt_fmt(buf, len, "command '%s' %s", r->cmd.line,
			 latt_describe_status(ws, st, sizeof(st)));
		return buf;
	case LATT_EXIT_RUNTIME:
		if (latt_result_measured_any(r) &&
		    latt_result_tm_missing(r) >= 0)
			return tm_verdict(r, buf, len);
		if (!c->clients) {
			latt_fmt(buf, len, "-c 0 measures only the command's "
				 "own waits, and they were not measured: %s",
				 r->cmd.waits.why[0] ? r->cmd.waits.why :
				 "the command did not start");
			return buf;
		}
		/*
		 * Starved, the waker missed a wakeup that was due.  Stopping
		 * late is lateness too, but when the first sleep ran past
		 * the run's end no wakeup was due.
		 */
		if (r->derived.waker_lagged &&
		    r->measured.waker_sleep_late_ns > LATT_WAKER_LAG_NS)
			latt_fmt(buf, len, "no wakeup was measured: the waker "
				 "itself was starved (%.1f ms late): give it "
				 "priority (--waker-policy fifo)",
				 (double)r->measured.waker_sleep_late_ns / 1e6);
		else if (c->warmup_ns && !r->measured.elapsed_ns)
			latt_fmt(buf, len, "no wakeup was measured: the run "
				 "ended within its warm-up (--warmup %s): "
				 "measure longer than that", latt_format_duration(
					 c->warmup_ns, a, sizeof(a)));
		else
			latt_fmt(buf, len, "no wakeup was measured: the run "
				 "ended after %.3f s, before the first wakeup "
				 "(the waker first sleeps %s to %s): measure "
				 "longer, or shorten -s and -S",
				 (double)r->measured.elapsed_ns / 1e9,
				 latt_format_duration(c->min_wait_ns, a,
						      sizeof(a)),
				 latt_format_duration(c->max_wait_ns, b,
						      sizeof(b)));
		return buf;
	default:
		break;
	}
	buf[0] = '\0';
	return buf;
}

int latt_result_exit_status(const struct latt_result *r)
{
	const struct stop_info *si = stop_info(r->end.why);
	int st = r->cmd.status;

	if (si->exit == EXIT_OF_SIGNAL)
		return 128 + r->end.signal;
	if (si->exit != EXIT_OF_RUN)
		return si->exit;
	if (r->cmd.given && !r->cmd.killed &&
	    !(WIFEXITED(st) && WEXITSTATUS(st) == 0)) {
		/*
		 * The shell's own word for "could not be executed", unless
		 * its program is there and that is the program's status.
		 */
		if (r->cmd.shell && !r->cmd.found && WIFEXITED(st) &&
		    (WEXITSTATUS(st) == 126 || WEXITSTATUS(st) == 127))
			return LATT_EXIT_NOEXEC;
		return LATT_EXIT_TARGET;
	}
	/*
	 * A run that measured nothing must not pass for a good one; with
	 * -c 0 what it measures is the command's own waits.
	 */
	if (!latt_result_measured_any(r))
		return LATT_EXIT_RUNTIME;
	/* Nor one whose command's own figure is missing: not a zero. */
	if (latt_result_tm_missing(r) >= 0)
		return LATT_EXIT_RUNTIME;
	return LATT_EXIT_OK;
}

int latt_result_tm_missing(const struct latt_result *r)
{
	size_t i;

	if (!r->cmd.tm_read)
		return -1;
	for (i = 0; i < r->cfg.ntm; i++)
		if (!r->cmd.tm[i].matches)
			return (int)i;
	return -1;
}
