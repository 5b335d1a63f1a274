// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt - measure wakeup latency beside a real workload.
 *
 * The story of a run: parse the options, make room for the clients'
 * descriptors, start the clients and the target, measure until the target
 * exits (or the duration ends, a signal comes, a client dies), stop and
 * reap everything, print the report, and say in the exit status how it
 * went.  The work is done in lib/; this file decides and tells.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "latt/client.h"
#include "latt/clock.h"
#include "latt/parse.h"
#include "latt/priv.h"
#include "latt/report.h"
#include "latt/result.h"
#include "latt/sysinfo.h"
#include "latt/target.h"
#include "latt/waker.h"

/* Exit statuses; the man page's EXIT STATUS lists the same. */
#define EXIT_USAGE	1
#define EXIT_RUNTIME	2
#define EXIT_TARGET	4
#define EXIT_NOEXEC	127

#define WAIT_MAX_NS	(3600 * LATT_NSEC_PER_SEC)
#define WORK_MAX	(64ULL << 20)
#define DURATION_MIN_NS	LATT_NSEC_PER_MSEC
#define DURATION_MAX_NS	(30ULL * 24 * 3600 * LATT_NSEC_PER_SEC)
#define GRACE_MAX_NS	(3600 * LATT_NSEC_PER_SEC)

/*
 * Descriptors latt holds besides the clients' channels: stdio, epoll,
 * signalfd, timers, the hand-off socket, the target's exec pipe.
 */
#define FDS_BASE	32

enum {
	OPT_GRACE = CHAR_MAX + 1,
};

struct opts {
	unsigned int clients;
	uint64_t min_wait_ns;
	uint64_t max_wait_ns;
	uint64_t work_bytes;
	uint64_t duration_ns;		/* 0: not given */
	uint64_t grace_ns;
	size_t npcts;
	double pcts[LATT_PCT_MAX];
	bool verbose;
	int cmd_argc;
	char **cmd_argv;
};

static const char shortopts[] = "+c:s:S:x:t:p:vVh";

static const struct option longopts[] = {
	{ "clients",     required_argument, NULL, 'c' },
	{ "min-wait",    required_argument, NULL, 's' },
	{ "max-wait",    required_argument, NULL, 'S' },
	{ "work",        required_argument, NULL, 'x' },
	{ "duration",    required_argument, NULL, 't' },
	{ "grace",       required_argument, NULL, OPT_GRACE },
	{ "percentiles", required_argument, NULL, 'p' },
	{ "verbose",     no_argument,       NULL, 'v' },
	{ "version",     no_argument,       NULL, 'V' },
	{ "help",        no_argument,       NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

static void __attribute__((noreturn)) usage(void)
{
	fputs(
"Usage: latt [options] [--] [command [args...]]\n"
"       latt [options] 'command with arguments' [options]\n"
"\n"
"Measure wakeup latency: how long a task waits between being woken and\n"
"running, while COMMAND runs beside it (or for --duration without one).\n"
"A single quoted argument containing spaces is run by /bin/sh -c.\n"
"\n"
"Options:\n"
"  -c, --clients N         clients to wake each cycle (1-4096, default 1)\n"
"  -s, --min-wait TIME     shortest sleep between wakeups (default 100ms;\n"
"                          a plain number is in ms)\n"
"  -S, --max-wait TIME     longest sleep between wakeups (default 500ms)\n"
"  -x, --work SIZE         work per wakeup over a buffer of SIZE (default\n"
"                          64k; a plain number is in KB; 0 for none)\n"
"  -t, --duration TIME     measure this long (default 10s without a\n"
"                          command; a plain number is in seconds); with a\n"
"                          command, stop it when the time is up\n"
"      --grace TIME        after SIGTERM, wait this long before SIGKILL\n"
"                          of the command's process group (default 2s)\n"
"  -p, --percentiles LIST  percentiles to report (default\n"
"                          50,90,99,99.9,99.99)\n"
"  -v, --verbose           print every sample as it is logged\n"
"  -V, --version           print the version and exit\n"
"  -h, --help              print this help and exit\n"
"\n"
"TIME takes a unit: ns, us, ms, s, min, h (\"500us\", \"2s\").\n"
"SIZE takes a unit: b, k, m, g (\"64k\", \"1m\").\n"
"\n"
"Exit status: 0 success, 1 usage error, 2 setup or runtime failure,\n"
"4 the command failed, 127 the command could not be executed,\n"
"128+N interrupted by signal N (130 for SIGINT).\n"
"\n"
"Examples:\n"
"  latt -c8 sleep 30\n"
"  latt -c8 'make -j4'\n"
"  latt -c4 -t 60 make -j4\n"
"\n"
"See latt(1) for the report and more.\n", stdout);
	exit(EXIT_SUCCESS);
}

static void __attribute__((noreturn)) bad_usage(void)
{
	fputs("Try 'latt --help' for more information.\n", stderr);
	exit(EXIT_USAGE);
}

static void __attribute__((noreturn, format(printf, 1, 2)))
usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("latt: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(EXIT_USAGE);
}

static const char *optname(int c)
{
	const struct option *o;

	for (o = longopts; o->name; o++)
		if (o->val == c)
			return o->name;
	return "?";
}

static uint64_t duration_arg(int c, const char *arg, uint64_t unit,
			     uint64_t lo, uint64_t hi, const char *range)
{
	uint64_t ns;

	if (latt_parse_duration(arg, unit, &ns) || ns < lo || ns > hi)
		usage_error("invalid --%s value '%s': expected a time from %s",
			    optname(c), arg, range);
	return ns;
}

static void parse_option(struct opts *o, int c, const char *arg)
{
	uint64_t v;

	switch (c) {
	case 'c':
		if (latt_parse_uint(arg, &v) || v < 1 || v > LATT_CLIENTS_MAX)
			usage_error("invalid --clients value '%s': expected a "
				    "whole number from 1 to %d", arg,
				    LATT_CLIENTS_MAX);
		o->clients = (unsigned int)v;
		break;
	case 's':
		o->min_wait_ns = duration_arg(c, arg, LATT_NSEC_PER_MSEC, 0,
					      WAIT_MAX_NS, "0 to 1h");
		break;
	case 'S':
		o->max_wait_ns = duration_arg(c, arg, LATT_NSEC_PER_MSEC, 0,
					      WAIT_MAX_NS, "0 to 1h");
		break;
	case 'x':
		if (latt_parse_size(arg, 1024, &v) || v > WORK_MAX)
			usage_error("invalid --work value '%s': expected a "
				    "size from 0 to 64m", arg);
		o->work_bytes = v;
		break;
	case 't':
		o->duration_ns = duration_arg(c, arg, LATT_NSEC_PER_SEC,
					      DURATION_MIN_NS, DURATION_MAX_NS,
					      "1ms to 30 days");
		break;
	case OPT_GRACE:
		o->grace_ns = duration_arg(c, arg, LATT_NSEC_PER_SEC, 0,
					   GRACE_MAX_NS, "0 to 1h");
		break;
	case 'p':
		if (latt_parse_percentiles(arg, o->pcts, LATT_PCT_MAX,
					   &o->npcts))
			usage_error("invalid --percentiles value '%s': expected "
				    "up to %d comma-separated numbers above 0 "
				    "and at most 100", arg, LATT_PCT_MAX);
		break;
	case 'v':
		o->verbose = true;
		break;
	case 'V':
		printf("latt %s\n", PACKAGE_VERSION);
		exit(EXIT_SUCCESS);
	case 'h':
		usage();
	default:
		bad_usage();
	}
}

static void parse_options(struct opts *o, int argc, char **argv)
{
	static const double default_pcts[] = { 50, 90, 99, 99.9, 99.99 };
	int c;

	memset(o, 0, sizeof(*o));
	o->clients = 1;
	o->min_wait_ns = 100 * LATT_NSEC_PER_MSEC;
	o->max_wait_ns = 500 * LATT_NSEC_PER_MSEC;
	o->work_bytes = 64 * 1024;
	o->grace_ns = 2 * LATT_NSEC_PER_SEC;
	o->npcts = sizeof(default_pcts) / sizeof(default_pcts[0]);
	memcpy(o->pcts, default_pcts, sizeof(default_pcts));

	/* Options stop at the first word of the command ("+"). */
	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1)
		parse_option(o, c, optarg);
	o->cmd_argc = argc - optind;
	o->cmd_argv = argv + optind;

	/*
	 * latt-0.1's form: a quoted shell command followed by options
	 * ("latt 'mplayer -vo null f' -c8").  The command word stands in
	 * for argv[0] while the words after it are parsed.  After "--",
	 * every word is the command's ("latt -- '/opt/a b/prog' x").
	 */
	if (o->cmd_argc > 1 && latt_target_is_shell(1, o->cmd_argv) &&
	    strcmp(argv[optind - 1], "--")) {
		char **rest = o->cmd_argv;
		int nrest = o->cmd_argc;

		optind = 0;	/* GNU getopt: start over on a new vector */
		while ((c = getopt_long(nrest, rest, shortopts, longopts,
					NULL)) != -1)
			parse_option(o, c, optarg);
		if (optind < nrest)
			usage_error("unexpected argument '%s' after the quoted "
				    "command '%s' (put -- before a program "
				    "whose path has spaces)", rest[optind],
				    rest[0]);
		o->cmd_argc = 1;
	}

	if (o->min_wait_ns > o->max_wait_ns) {
		char a[32], b[32];

		usage_error("--min-wait (%s) is above --max-wait (%s)",
			    latt_format_duration(o->min_wait_ns, a, sizeof(a)),
			    latt_format_duration(o->max_wait_ns, b, sizeof(b)));
	}
	if (!o->cmd_argc && !o->duration_ns)
		o->duration_ns = 10 * LATT_NSEC_PER_SEC;
}

/* Descriptors 0-2 must be open, or pipes would be made on them. */
static void ensure_stdio(void)
{
	int fd;

	for (fd = 0; fd < 3; fd++)
		if (fcntl(fd, F_GETFD) < 0 && open("/dev/null", O_RDWR) < 0)
			exit(EXIT_RUNTIME);
}

static int ensure_fds(unsigned int clients)
{
	uint64_t need = (uint64_t)clients * LATT_WAKE_WAKER_FDS + FDS_BASE;
	struct rlimit rl;
	int ret;

	ret = latt_priv_nofile(need, &rl);
	if (ret == -EMFILE) {
		fprintf(stderr, "latt: %u clients need %llu open files, but "
			"the limit is %llu (hard limit %llu): raise it with "
			"'ulimit -n %llu'%s\n", clients,
			(unsigned long long)need,
			(unsigned long long)rl.rlim_cur,
			(unsigned long long)rl.rlim_max,
			(unsigned long long)need,
			latt_priv_has(CAP_SYS_RESOURCE) ? "" :
			" as root (needs CAP_SYS_RESOURCE)");
		return ret;
	}
	if (ret)
		fprintf(stderr, "latt: reading the open files limit: %s\n",
			strerror(-ret));
	return ret;
}

static void fill_target(struct latt_result *r, const struct latt_target *t)
{
	r->has_target = true;
	r->target_cmd = t->display;
	r->target_status = t->status;
	r->target_wall_ns = t->end_ns > t->start_ns ?
			    t->end_ns - t->start_ns : 0;
	latt_target_rusage(t, &r->target_ru);
}

/* Tell on stderr how the run ended; return the exit status it means. */
static int verdict(const struct latt_result *r, const struct latt_waker *w,
		   const struct latt_target *t)
{
	char st[128], sig[32];

	switch (r->stop) {
	case LATT_STOP_SIGNAL:
		fprintf(stderr, "latt: interrupted by %s: the report covers "
			"what was measured until then\n",
			latt_signal_name(r->stop_signal, sig, sizeof(sig)));
		return 128 + r->stop_signal;
	case LATT_STOP_CLIENT:
		fprintf(stderr, "latt: client %d (pid %d) %s: the report has "
			"its samples until then\n", r->dead_client + 1,
			(int)w->clients[r->dead_client].pid,
			latt_describe_status(r->dead_status, st, sizeof(st)));
		return EXIT_RUNTIME;
	case LATT_STOP_TTY:
		fprintf(stderr, "latt: command '%s' was stopped by %s: it "
			"uses the terminal, but runs in a process group of its "
			"own; give it </dev/null\n", t->display,
			latt_signal_name(r->stop_signal, sig, sizeof(sig)));
		return EXIT_RUNTIME;
	case LATT_STOP_OUTPUT:
		fprintf(stderr, "latt: write error on standard output: %s\n",
			strerror(-r->error));
		return EXIT_RUNTIME;
	case LATT_STOP_ERROR:
		fprintf(stderr, "latt: measuring failed: %s\n",
			strerror(-r->error));
		return EXIT_RUNTIME;
	default:
		break;
	}
	if (!t || r->target_killed ||
	    (WIFEXITED(t->status) && WEXITSTATUS(t->status) == 0))
		return EXIT_SUCCESS;
	/* The shell's own word for "could not be executed". */
	if (t->argv == t->shell_argv && WIFEXITED(t->status) &&
	    (WEXITSTATUS(t->status) == 126 || WEXITSTATUS(t->status) == 127)) {
		fprintf(stderr, "latt: /bin/sh could not run '%s' (exit "
			"status %d)\n", t->display, WEXITSTATUS(t->status));
		return EXIT_NOEXEC;
	}
	fprintf(stderr, "latt: command '%s' %s\n", t->display,
		latt_describe_status(t->status, st, sizeof(st)));
	return EXIT_TARGET;
}

/*
 * close_stdout: a report that could not be written is a failure.  Returns
 * 0 or -errno.
 */
static int flush_stdout(void)
{
	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout) && fclose(stdout) == 0)
		return 0;
	return errno ? -errno : -EIO;
}

int main(int argc, char **argv)
{
	struct latt_waker_opts wopts = { 0 };
	struct latt_client_slot *slots = NULL;
	struct latt_client *clients = NULL;
	struct latt_target target, *t = NULL;
	struct latt_client_cfg ccfg;
	struct latt_result *res = NULL;
	struct latt_clock clock;
	struct latt_waker w;
	uint64_t ctxt0 = 0, ctxt1 = 0;
	bool have_ctxt;
	struct opts o;
	int ret, status = EXIT_RUNTIME;

	ensure_stdio();
	parse_options(&o, argc, argv);
	if (ensure_fds(o.clients))
		return EXIT_RUNTIME;

	ret = latt_clock_init(&clock, LATT_CLOCK_MONOTONIC);
	if (ret) {
		fprintf(stderr, "latt: clock: %s\n", strerror(-ret));
		return EXIT_RUNTIME;
	}
	slots = latt_client_slots_map(o.clients);
	clients = calloc(o.clients, sizeof(*clients));
	res = calloc(1, sizeof(*res));
	if (!slots || !clients || !res) {
		fprintf(stderr, "latt: out of memory for %u clients\n",
			o.clients);
		goto out_free;
	}
	if (o.cmd_argc) {
		if (latt_target_init(&target, o.cmd_argc, o.cmd_argv)) {
			fprintf(stderr, "latt: out of memory\n");
			goto out_free;
		}
		t = &target;
	}

	wopts.min_ns = o.min_wait_ns;
	wopts.max_ns = o.max_wait_ns;
	wopts.duration_ns = o.duration_ns;
	wopts.grace_ns = o.grace_ns;
	wopts.verbose = o.verbose ? stdout : NULL;
	wopts.seed = latt_mono_ns() ^ ((uint64_t)getpid() << 32);
	ret = latt_waker_init(&w, &wopts, &clock, clients);
	if (ret) {
		fprintf(stderr, "latt: setting up: %s\n", strerror(-ret));
		goto out_waker;
	}

	have_ctxt = latt_sysinfo_ctxt(&ctxt0) == 0;
	ccfg.clock = &clock;
	ccfg.work_bytes = o.work_bytes;
	ccfg.parent = getpid();
	ccfg.sigmask = latt_waker_child_mask(&w);
	ret = latt_waker_spawn_clients(&w, o.clients, slots, &ccfg);
	if (ret) {
		fprintf(stderr, "latt: starting %u clients (%u forked): %s\n",
			o.clients, w.nclients, strerror(-ret));
		goto out_finish;
	}
	/* A client that died or a ^C while starting: no command to run. */
	if (t && w.stop == LATT_STOP_NONE) {
		ret = latt_target_start(t, latt_waker_child_mask(&w));
		if (ret == -ENOEXEC) {
			fprintf(stderr, "latt: cannot run '%s': %s\n",
				t->argv[0], strerror(t->exec_errno));
			status = EXIT_NOEXEC;
			goto out_finish;
		}
		if (ret) {
			fprintf(stderr, "latt: starting '%s': %s\n",
				t->display, strerror(-ret));
			goto out_finish;
		}
		latt_waker_set_target(&w, t);
	}

	latt_waker_run(&w);
	/* The rate is over the measurement, not the stopping after it. */
	if (have_ctxt)
		have_ctxt = latt_sysinfo_ctxt(&ctxt1) == 0;
	latt_waker_finish(&w);

	res->min_wait_ns = o.min_wait_ns;
	res->max_wait_ns = o.max_wait_ns;
	res->clients = o.clients;
	res->clock = latt_clock_name(&clock);
	res->npcts = o.npcts;
	memcpy(res->pcts, o.pcts, sizeof(o.pcts));
	latt_result_collect(res, slots, o.clients);
	latt_result_finish(res);
	latt_waker_result(&w, res);
	res->has_ctxt = have_ctxt;
	res->ctxt = ctxt1 - ctxt0;
	if (t)
		fill_target(res, t);

	/* After a failed -v write, stdout is no place for a report. */
	if (res->stop != LATT_STOP_OUTPUT) {
		ret = latt_report_text(stdout, res);
		if (!ret)
			ret = flush_stdout();
		if (ret) {
			fprintf(stderr, "latt: write error on standard output: "
				"%s\n", strerror(-ret));
			status = EXIT_RUNTIME;
			goto out_waker;
		}
	}
	status = verdict(res, &w, t);
	goto out_waker;

out_finish:
	latt_waker_finish(&w);
out_waker:
	latt_waker_destroy(&w);
	if (t)
		latt_target_free(t);
out_free:
	free(res);
	free(clients);
	latt_client_slots_unmap(slots, o.clients);
	return status;
}
