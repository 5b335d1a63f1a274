// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt --help: the common options on one screen, --help=all every
 * option; a bad command line in one line; see usage.h.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "base/parse.h"
#include "measure/clock.h"
#include "measure/wake.h"
#include "run/result.h"
#include "settings/config.h"
#include "usage.h"

const char *latt_prog = "latt";

void latt_usage_error(const char *fmt, ...)
{
	va_list ap;
	char *msg;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&msg, fmt, ap);
	va_end(ap);
	if (n < 0)
		fprintf(stderr, "%s: out of memory\n", latt_prog);
	else
		fprintf(stderr, "%s: %s\n", latt_prog,
			latt_esc_n(msg, (size_t)n));
	exit(LATT_EXIT_USAGE);
}

/*
 * After --help or --version: a failed write to the standard output is an
 * error (exit 2), as anywhere else.
 */
void __attribute__((noreturn)) latt_exit_after_stdout(void)
{
	errno = 0;
	if (fflush(stdout) || ferror(stdout) || fclose(stdout)) {
		fprintf(stderr, "latt: write error on standard output: %s\n",
			strerror(errno ? errno : EIO));
		exit(LATT_EXIT_RUNTIME);
	}
	exit(EXIT_SUCCESS);
}

/* The common options: what most measurements need, on one screen. */
static void usage_common(void)
{
	fputs(
"Usage: latt [options] [--] [command [args...]]\n"
"       latt [options] 'command with arguments' [options]\n"
"       latt compare [options] FILE.json...\n"
"       latt calibrate [--invocations K] [-o FILE] [options] [command...]\n"
"\n"
"Measure wakeup latency: how long a task waits between being woken and\n"
"running, while COMMAND runs beside it (or for --duration without one).\n"
"A single quoted argument containing spaces is run by /bin/sh -c.\n"
"\n"
"Common options:\n"
"  -c, --clients N         clients to wake each cycle (default 1; 0: none,\n"
"                          the command's own waits alone)\n"
"  -s, --min-wait TIME     shortest sleep between wakeups (default 100ms)\n"
"  -S, --max-wait TIME     longest sleep between wakeups (default 500ms)\n"
"  -x, --work SIZE         work per wakeup (default 64k; 0 for none)\n"
"  -t, --duration TIME     measure this long (default 10s without a\n"
"                          command; with one, stop it then)\n"
"  -C, --config NAME:KEY=VALUE,...\n"
"                          a configuration of the settings (--help=all);\n"
"                          give several to compare them (\"-C base:\" keeps\n"
"                          the defaults)\n"
"  -r, --runs N            run each configuration N times, interleaved\n"
"  -l, --long              the long report: every block of a run, the wide\n"
"                          table of a sweep\n"
"  -q, --quiet             print only one line per configuration\n"
"  -o, --output FILE       write the report to FILE\n"
"      --json FILE         write the results as JSON (- standard output)\n"
"      --csv FILE          write a row per run as CSV (- standard output)\n"
"      --fail-above LIST   exit 3 over a limit (\"p99=2ms,max=20ms\")\n"
"      --fail-below LIST   exit 3 under a limit (\"fps=30\")\n"
"      --fail-if worse[=METRIC,...]\n"
"                          exit 6 when a configuration's verdict against\n"
"                          the first is worse (identical ones: at most 1\n"
"                          time in 20)\n"
"      --against FILE      judge this run against another kernel's saved\n"
"                          results (its --json file)\n"
"      --explain[=N]       explain the N worst wakeups (default 5)\n"
"  -V, --version           print the version and exit\n"
"  -h, --help[=all]        print this help (all: every option) and exit\n"
"\n"
"TIME takes a unit: ns, us, ms, s, min, h, d (\"500us\", \"2s\").  SIZE\n"
"takes b, k, m, g.\n"
"\n"
"Exit status: 0 success, 1 usage error, 2 setup or runtime failure, 3\n"
"over a --fail-above or under a --fail-below limit, 4 the command failed,\n"
"5 -b reached, 6 --fail-if worse, 8 --fail-if not-same, 127 the command\n"
"could not be executed, 128+N interrupted by signal N.\n"
"\n"
"Examples:\n"
"  latt -c8 sleep 30\n"
"  latt -c8 'make -j4'\n"
"  latt -c8 -r3 -C base: -C fifo:policy=fifo,priority=10 -- make -j4\n"
"  latt -c8 -r3 --json 6.12.json make -j4; latt compare 6.1.json 6.12.json\n"
"\n"
"Every option: latt --help=all.  The manual: latt(1); the report field by\n"
"field: latt-report(7); verdicts: latt-verdicts(7).\n", stdout);
	latt_exit_after_stdout();
}

/* latt --help=all: the text, around the lists that depend on the build. */
static const char usage_all_options[] =
"Usage: latt [options] [--] [command [args...]]\n"
"       latt [options] 'command with arguments' [options]\n"
"\n"
"Measure wakeup latency: how long a task waits between being woken and\n"
"running, while COMMAND runs beside it (or for --duration without one).\n"
"A single quoted argument containing spaces is run by /bin/sh -c.\n"
"\n"
"Options:\n"
"  -c, --clients N         clients to wake each cycle (0-4096, default 1;\n"
"                          0: none, the command's own waits alone)\n"
"  -s, --min-wait TIME     shortest sleep between wakeups (default 100ms;\n"
"                          a plain number is in ms)\n"
"  -S, --max-wait TIME     longest sleep between wakeups (default 500ms)\n"
"  -x, --work SIZE         work per wakeup over a buffer of SIZE (default\n"
"                          64k; a plain number is in KB; 0 for none)\n"
"  -t, --duration TIME     measure this long (default 10s without a\n"
"                          command; a plain number is in seconds); with a\n"
"                          command, stop it when the time is up\n"
"      --warmup TIME       drop the samples of the first TIME of each run\n"
"      --grace TIME        after SIGTERM, wait this long before SIGKILL\n"
"                          of the command's process group (default 2s)\n"
"  -p, --percentiles LIST  percentiles to report (default\n";

static const char usage_all_clocks[] =
"      --clock CLOCK       the clock to stamp with (default %s: tsc\n"
"                          where the kernel trusts it, else monotonic):\n"
"                          %s\n"
"      --mechanism MECH    how clients are woken (default %s):\n"
"                          %s\n";

static const char usage_all_rest[] =
"      --threads           clients are threads of latt, not processes\n"
"                          (-C keys: mechanism=MECH, threads=1 or 0)\n"
"  -C, --config NAME:KEY=VALUE,...\n"
"                          a named configuration of the settings below\n"
"                          (KEY is the option without its dashes); give\n"
"                          several to compare them (\"-C base:\" keeps the\n"
"                          defaults)\n"
"  -r, --runs N            run each configuration N times, interleaved\n"
"                          (1-1000, default 1)\n"
"  -r auto                 with --against or two -C or more: add runs\n"
"                          until p50 and p99 have verdicts (looks at 3,\n"
"                          5, 8, 12 runs..., each at a level of its own)\n"
"      --max-runs N        -r auto's budget, runs a side (default 20)\n"
"      --max-time TIME     -r auto: no run started after TIME\n"
"      --decide-on LIST    -r auto waits for these metrics (p50,p99)\n"
"  -o, --output FILE       write the report to FILE (whole, when latt\n"
"                          ends) instead of the standard output, which\n"
"                          the command keeps\n"
"  -q, --quiet             print only one line per configuration:\n"
"                          config=NAME entries=N max= avg= stdev= p99=\n"
"                          p50= p99.9= (usec) wall_s= cpu_s= cs_per_s=\n"
"                          load=, NAME= of each --target-metric, cmd_p50=\n"
"                          cmd_p99= with a command, and notes (few=,\n"
"                          partial=, load_note=: latt(1)); not with -v,\n"
"                          --per-client, --hist, --long\n"
"      --fail-above LIST   exit 3 when a configuration goes over a limit:\n"
"                          METRIC=TIME,... with METRIC max, avg, stdev,\n"
"                          pNN or cmd_pNN (\"p99=2ms,max=20ms\"; a plain\n"
"                          number is in usec), or the NAME of a\n"
"                          --target-metric with a plain number\n"
"                          (\"time=120\")\n"
"      --fail-below LIST   exit 3 when a configuration goes under a\n"
"                          limit, METRIC=VALUE,... as --fail-above\n"
"                          (\"fps=30\")\n"
"      --fail-if worse[=METRIC,...]\n"
"                          exit 6 when a configuration's verdict against\n"
"                          the first is worse (in any metric, or in\n"
"                          those named: \"worse=p99,p50\"); identical\n"
"                          configurations fail at most 1 time in 20\n"
"      --level PCT         the verdicts' level for a configuration's\n"
"                          metrics together, above 50, at most 99.9999\n"
"                          (95; 99: 1 time in 100, wider intervals)\n"
"      --same-within PCT   a verdict whose 90% interval lies within\n"
"                          +-PCT of the first (or --against's) is\n"
"                          \"same\" (=) instead of can't tell\n"
"      --fail-if not-same[=METRIC,...]\n"
"                          with --same-within: exit 8 when a\n"
"                          configuration is not the same as the first\n"
"                          within it (in any metric, or those named)\n"
"      --against FILE      judge this run against saved results of the\n"
"                          other kernel (latt --json on it; repeat for\n"
"                          several boots): refused before anything runs\n"
"                          if of another setup, a line after each run\n"
"                          on a terminal, latt compare's table at the\n"
"                          end; --fail-if worse fails on worse than it\n"
"      --profile FILE      with --against: judge by this machine's noise\n"
"                          profile (latt calibrate), not fixed floors\n"
"      --json FILE         write the results as JSON to FILE (- for the\n"
"                          standard output, which then has nothing else)\n"
"      --csv FILE          write a row per run as CSV to FILE (- for the\n"
"                          standard output, which then has nothing else)\n"
"      --label TEXT        name these results in the JSON and the CSV\n"
"                          (latt compare shows it)\n"
"  -i, --interval TIME     print a line of the interval's numbers on\n"
"                          stderr every TIME (a plain number is in\n"
"                          seconds); without it, while stderr is a\n"
"                          terminal, a progress line is updated in place\n"
"  -b, --breaktrace TIME   stop at the first wakeup slower than TIME (a\n"
"                          plain number is in usec), with a trace of the\n"
"                          scheduler's events up to it kept in latt's\n"
"                          own ftrace instance (needs root)\n"
"      --keep-trace        keep that instance even when -b is not reached\n"
"      --explain[=N]       trace the scheduler and explain the N worst\n"
"                          wakeups (default 5): who woke each, the split\n"
"                          of its latency, what ran on its CPU meanwhile,\n"
"                          what the scheduler decided (EEVDF's lag,\n"
"                          deadline and slice; a BPF program)\n"
"      --kernel-view       the kernel's figure for every wakeup: each\n"
"                          client's runqueue wait from its schedstat,\n"
"                          beside latt's own (costs 1 to 3 usec a wakeup)\n"
"      --no-cmd-waits      do not follow the command's tasks for their own\n"
"                          waits (cmd_p50, cmd_p99, which need CAP_BPF)\n"
"      --force             measure even on a system that a latt killed\n"
"                          before left altered, where this one cannot\n"
"                          put it back\n"
"      --per-client        add a line per client: samples, max, p99, the\n"
"                          CPUs it was woken on, migrations\n"
"      --hist              add a log2 histogram of the wakeup latency\n"
"  -l, --long              print the long report: every block of a run,\n"
"                          the wide table of a sweep (every metric, the\n"
"                          ratios, every verdict)\n"
"  -v, --verbose           print every sample as it is logged\n"
"  -V, --version           print the version and exit\n"
"  -h, --help[=all]        print the common options (all: this) and exit\n"
"\n"
"Settings of the clients (the defaults of every configuration):\n"
"      --policy POLICY     other, batch, idle, fifo, rr or deadline\n"
"      --priority N        real-time priority for fifo and rr (1-99)\n"
"      --nice N            nice value (-20 to 19)\n"
"      --cpus LIST         CPUs to run on (\"0-3,6\")\n"
"      --node N            NUMA node for CPUs and memory\n"
"      --slice TIME        EEVDF custom slice (100us-100ms; Linux 6.12+)\n"
"      --runtime TIME, --deadline TIME, --period TIME\n"
"                          parameters of policy deadline\n"
"Settings of the waker (latt itself):\n"
"      --waker-policy POLICY, --waker-priority N, --waker-nice N,\n"
"      --waker-cpus LIST\n"
"Settings of the command:\n"
"      --target-policy POLICY, --target-priority N, --target-nice N,\n"
"      --target-cpus LIST, --target-node N\n"
"      --target-cgroup PATH  run it in this cgroup\n"
"      --target-weight N   run it in a cgroup of its own with this CPU\n"
"                          weight (1-10000; 100 is the default weight)\n""      --target-metric NAME+=REGEX, NAME-=REGEX\n"
"                          a figure of the command's own, the number in\n"
"                          REGEX's first group (POSIX ERE) on a line of\n"
"                          its output (stdout and stderr, passed on as\n"
"                          they are); + higher is better, - lower;\n"
"                          NAME+:sum=REGEX adds up every match instead\n"
"                          of taking the last; repeatable; a run where it\n"
"                          never matches fails (\"fps+=([0-9.]+) fps\")\n"
"Settings of the system (restored after each run):\n"
"      --autogroup 0|1     sched_autogroup_enabled\n"
"      --dma-latency USEC  hold a PM QoS CPU latency limit\n"
"      --features LIST     scheduler features (debugfs), NO_X turns X off\n"
"      --preempt MODE      preemption mode (debugfs): none, voluntary,\n"
"                          full or lazy\n"
"      --scheduler COMMAND a sched_ext scheduler to run during each run\n"
"\n"
"TIME takes a unit: ns, us, ms, s, min, h, d (\"500us\", \"2s\"); a plain\n"
"number is in microseconds for the settings.  SIZE takes b, k, m, g.\n"
"\n"
"Exit status: 0 success, 1 usage error, 2 setup or runtime failure\n"
"(including missing privileges, a --target-metric never found), 3 over\n"
"a --fail-above or under a --fail-below limit, 4 the command failed,\n"
"5 -b reached, 6 --fail-if worse, 8 --fail-if not-same, 127 the\n"
"command could not be executed, 128+N interrupted by signal N (130 for\n"
"SIGINT).  With --against or -r auto, ^C ends the runs at the end of\n"
"the one under way (a second ^C: at once).  ^Z stops the command and\n"
"the clients with latt; the stopped time is left out of -t and the\n"
"samples.\n"
"\n"
"       latt compare [-l|--csv|--cdf] [--fail-if COND] [--level PCT]\n"
"                    [--same-within PCT] [--profile FILE]\n"
"                    FILE.json... [-- FILE.json...]...\n"
"       latt compare --plan PCT [--level PCT] [--profile FILE]\n"
"                    [FILE.json...]\n"
"                          compare saved --json results: verdicts,\n"
"                          whether they compare; --plan: the runs and\n"
"                          boots a side that find +-PCT (latt compare --help)\n"
"       latt calibrate [--invocations K] [-o FILE] [options] [command...]\n"
"       latt calibrate [-o FILE] --from FILE.json...\n"
"                          this machine's noise profile, for latt compare\n"
"                          --profile (latt calibrate --help)\n"
"\n"
"Examples:\n"
"  latt -c8 sleep 30\n"
"  latt -c8 'make -j4'\n"
"  latt -c4 -t 60 make -j4\n"
"  latt -c8 -r3 -C base: -C fifo:policy=fifo,priority=10 -- make -j4\n"
"  latt -c4 -x0 -r2 -C base: -C batch:target-policy=batch,target-nice=10 \\\n"
"       --target-metric 'fps+=([0-9.]+) fps' -- x264 -o /dev/null in.y4m\n"
"\n"
"See latt(1); the report field by field: latt-report(7).\n";

void __attribute__((noreturn)) latt_usage(bool all)
{
	char clocks[96], mechs[96], pcts[64];

	if (!all)
		usage_common();
	fputs(usage_all_options, stdout);
	printf("                          %s)\n",
	       latt_percentiles_text(latt_default_pcts, LATT_DEFAULT_NPCTS,
				     pcts, sizeof(pcts)));
	printf(usage_all_clocks, latt_clock_id_name(LATT_CLOCK_AUTO),
	       latt_clock_list(clocks, sizeof(clocks)),
	       latt_wake_name(LATT_WAKE_PIPE),
	       latt_wake_list(mechs, sizeof(mechs)));
	fputs(usage_all_rest, stdout);
	latt_exit_after_stdout();
}
