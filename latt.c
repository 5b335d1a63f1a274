// SPDX-License-Identifier: GPL-2.0-only
/*
 * latt - measure wakeup latency beside a real workload.
 *
 * The story of a measurement: parse the options into configurations,
 * check that latt may make every setting they ask for, set the session
 * up and drop the privileges it no longer needs, then run each
 * configuration (-r times, interleaved), each run applying its settings,
 * measuring beside the command and putting everything back.  Finally the
 * report: latt-0.1's and latt's blocks for a single run, a line per run
 * and a table of the configurations for a sweep; and an exit status
 * decided by the results alone.  The work is done in lib/; this file
 * decides and tells.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/errout.h"
#include "base/escape.h"
#include "base/util.h"
#include "judge/aggregate.h"
#include "judge/limit.h"
#include "judge/sequential.h"
#include "judge/verdict-ask.h"
#include "judge/verdict.h"
#include "measure/clock.h"
#include "measure/sysinfo.h"
#include "report/csv.h"
#include "report/doc.h"
#include "report/json.h"
#include "report/output.h"
#include "report/report.h"
#include "run/result-stop.h"
#include "run/result.h"
#include "run/run.h"
#include "settings/config.h"
#include "settings/priv.h"
#include "settings/sched.h"
#include "settings/session.h"
#include "trace/cmdlat.h"
#include "trace/decision.h"
#include "trace/trace.h"
#include "against-run.h"
#include "calibrate-main.h"
#include "compare-main.h"
#include "options.h"
#include "options-check.h"
#include "process.h"
#include "changes.h"

/* -b: ring buffer per CPU, KB: the latest events before the spike. */
#define TRACE_BUFFER_KB	4096
/* --explain: every event of the run, as far as this goes. */
#define EXPLAIN_BUFFER_KB	65536

/*
 * An output of latt: the report (-o FILE, else the standard output), the
 * JSON (--json).  Each is opened before anything runs and put in place
 * whole at the end.
 */
struct sink {
	struct latt_out file;
	FILE *f;		/* NULL: not written */
	const char *what;	/* "the report" */
	const char *name;	/* for messages: "standard output", "'x'" */
	char *quoted;		/* "'path'", escaped, malloc'd */
};

/* Open @k for @path ("-": the standard output; NULL: not written). */
static int open_sink(struct sink *k, const char *what, const char *option,
		     const char *path, bool stdout_closed)
{
	int ret;

	memset(k, 0, sizeof(*k));
	k->what = what;
	k->name = "standard output";
	if (!path)
		return 0;
	if (!strcmp(path, "-")) {
		if (stdout_closed) {
			fprintf(stderr, "latt: the standard output is closed: "
				"%s has nowhere to go (give %s FILE)\n", what,
				option);
			return -EBADF;
		}
	} else {
		if (asprintf(&k->quoted, "'%s'", latt_esc(path)) < 0) {
			k->quoted = NULL;
			fprintf(stderr, "latt: out of memory\n");
			return -ENOMEM;
		}
		k->name = k->quoted;
	}
	ret = latt_out_open(&k->file, path);
	if (ret) {
		fprintf(stderr, "latt: cannot write %s to %s: %s\n", what,
			k->name, strerror(-ret));
		return ret;
	}
	k->f = k->file.f;
	return 0;
}

/* Put @k in place; the standard output is only flushed here. */
static int commit_sink(struct sink *k)
{
	return k->f ? latt_out_commit(&k->file) : 0;
}

/*
 * Open trace @t ("latt-PID@suffix"); on success point @use at it, else
 * say in one line that @option runs without a trace.
 */
static void open_trace(struct latt_trace *t, const char *suffix,
		       unsigned int kb, bool overwrite, const char *option,
		       struct latt_trace **use, bool keep)
{
	char err[256];

	if (latt_trace_open(t, suffix, kb, overwrite, err, sizeof(err))) {
		fprintf(stderr, "latt: %s: no trace: %s; measuring without "
			"it\n", option, latt_esc(err));
		return;
	}
	t->keep = keep;
	*use = t;
}

/* Did the reader of the output leave, with latt to die of it? */
static bool reader_left(const struct latt_session *s, int err)
{
	return err == -EPIPE && !s->pipe_ignored;
}

/* One invocation of latt: what main() sets up, runs and tears down. */
struct invocation {
	int argc;			/* latt's command line */
	char **argv;
	struct latt_opts o;
	struct sink out, json, csv;
	bool stdout_closed;
	struct latt_session s;
	struct latt_trace trace, xtrace;
	char *cmdline;
	bool record;			/* an undo record is kept */
	struct latt_result *results;	/* one per run, in order */
	size_t nres;
	struct latt_agg_cfg *agg;	/* each configuration's values */
	struct latt_verdict (*verdicts)[LATT_METRICS_MAX];
	struct latt_doc doc;
	int out_error;			/* a run's lines could not be written */
	bool sigpipe;			/* ... because the reader left */
	struct against_run against;	/* --against */
	double level;			/* of the verdicts: --level's, or
					   with -r auto the last look's */
	unsigned int looked;		/* -r auto: the last look's runs */
	double looked_t;		/* ... and its share of the budget */
	bool enough;			/* ... decided, or --max-time up */
	bool decided;			/* ... its verdicts decided */
	bool futile;			/* ... or left open for good */
	bool late;			/* ... --max-time up */
	const char *ended;		/* how the runs ended (runs_ended()) */
	uint64_t start_ns;		/* when the first run started */
	bool worse_than_baseline;	/* ... and --fail-if found it worse */
	bool differs_from_baseline;	/* ... or not the same */
};

/*
 * Open the outputs, before anything runs and before latt gives up its
 * rights.  With --json -, the standard output has the JSON alone: the
 * report goes to -o FILE or nowhere.
 */
static int open_outputs(struct invocation *in)
{
	const struct latt_opts *o = &in->o;

	return open_sink(&in->out, "the report", "-o", o->output ? o->output :
			 o->doc_stdout ? NULL : "-", in->stdout_closed) ||
	       open_sink(&in->json, "the JSON", "--json", o->json,
			 in->stdout_closed) ||
	       open_sink(&in->csv, "the CSV", "--csv", o->csv,
			 in->stdout_closed);
}

/*
 * What every run shares besides the session: the traces, the guard, the
 * results; then the capabilities latt no longer needs are dropped.  0 or
 * -errno, said.
 */
static int start_session(struct invocation *in)
{
	const struct latt_opts *o = &in->o;
	struct latt_session *s = &in->s;
	const char *name;
	char err[256];
	int ret;

	/*
	 * Before latt gives up CAP_KILL's company (root's commands too),
	 * and before it changes anything: should latt be killed outright,
	 * the guard stops the command and applies the undo record.
	 */
	if ((o->base.cmd_argc || in->record) &&
	    (ret = latt_session_guard_start(s)))
		fprintf(stderr, "latt: warning: no guard (%s): if latt is "
			"killed outright, the command may go on and the "
			"system stay changed until the next latt\n",
			strerror(-ret));
	/*
	 * The trace instances, made while latt may still mount tracefs:
	 * for -b and --keep-trace the one kept for the user, the latest
	 * events; for --explain its own, which it reads (and so empties):
	 * the first events of a run, what does not fit counted.
	 */
	if (o->base.breaktrace_ns || o->keep_trace)
		open_trace(&in->trace, "", TRACE_BUFFER_KB, true,
			   o->base.breaktrace_ns ? "-b" : "--keep-trace",
			   &s->trace, o->keep_trace);
	if (o->base.explain)
		open_trace(&in->xtrace, "-explain", EXPLAIN_BUFFER_KB, false,
			   "--explain", &s->xtrace, false);
	/* ... and the scheduler's decisions at the clients' wakeups. */
	if (s->xtrace && latt_decisions_open(&s->decisions, err, sizeof(err)))
		fprintf(stderr, "latt: --explain: the scheduler's decisions "
			"are not told: %s\n", latt_esc(err));
	/* The command's own waits: its tasks followed in the kernel. */
	if (o->base.cmd_argc && o->no_cmd_waits) {
		s->cmdlat_error = -ECANCELED;
		snprintf(s->cmdlat_why, sizeof(s->cmdlat_why), "not asked "
			 "for (--no-cmd-waits)");
	} else if (o->base.cmd_argc) {
		s->cmdlat_error = latt_cmdlat_open(&s->cmdlat, s->cmdlat_why,
						   sizeof(s->cmdlat_why));
		if (s->cmdlat_error && !o->base.clients) {
			fprintf(stderr, "latt: -c 0 measures only the "
				"command's own waits, and they cannot be "
				"measured here: %s\n", latt_esc(s->cmdlat_why));
			return s->cmdlat_error;
		}
		if (s->cmdlat_error && latt_opts_judge_cmd_waits(o, &name)) {
			fprintf(stderr, "latt: %s is a figure of the command's "
				"own waits, and they cannot be measured here: "
				"%s\n", name, latt_esc(s->cmdlat_why));
			return s->cmdlat_error;
		}
		if (s->cmdlat_error)
			fprintf(stderr, "latt: the command's own waits are "
				"not measured: %s\n",
				latt_esc(s->cmdlat_why));
	}
	s->samples = in->out.f ? in->out.f : stdout;
	ret = latt_priv_drop(o->cfgs, o->ncfgs);
	if (ret) {
		fprintf(stderr, "latt: dropping capabilities: %s\n",
			strerror(-ret));
		return ret;
	}
	s->sweep = o->sweep;
	s->total_runs = (unsigned int)(o->ncfgs * o->runs);
	s->runs_per_cfg = o->runs;
	s->interval_ns = o->interval_ns;
	s->progress = !o->interval_ns && !o->quiet && isatty(STDERR_FILENO);
	/*
	 * Where latt's standard output carries a document (--json -,
	 * --csv -) or the -q lines, the command's output goes to stderr.
	 */
	if (o->doc_stdout || (o->quiet && !o->output))
		s->target_stdout = STDERR_FILENO;
	in->results = calloc(o->ncfgs * o->runs, sizeof(*in->results));
	in->agg = calloc(o->ncfgs, sizeof(*in->agg));
	in->verdicts = calloc(o->ncfgs, sizeof(*in->verdicts));
	if (!in->results || !in->agg || !in->verdicts) {
		fprintf(stderr, "latt: out of memory for %zu results\n",
			o->ncfgs * o->runs);
		return -ENOMEM;
	}
	return 0;
}

/* What the report holds, as the options asked. */
static struct latt_report_opts report_opts(const struct latt_opts *o)
{
	return (struct latt_report_opts){
		.quiet = o->quiet, .sweep = o->sweep, .runs = o->runs,
		.runs_auto = o->runs_auto, .extra = o->extra,
	};
}

/*
 * The document of the runs so far: each configuration's values and
 * verdicts, and what the JSON records.  0 or -ENOMEM.
 */
static int make_doc(struct invocation *in)
{
	const struct latt_opts *o = &in->o;
	size_t i;

	in->doc = (struct latt_doc){
		.argc = in->argc, .argv = in->argv,
		.cmdline = in->cmdline ? in->cmdline : "",
		.label = o->label, .sys = &in->s.sys,
		.hz = latt_sysinfo_hz(&in->s.sys, ""), .cfgs = o->cfgs,
		.ncfgs = o->ncfgs, .results = in->results, .n = in->nres,
		.metrics = &o->metrics, .agg = in->agg,
		.verdicts = (const struct latt_verdict (*)[LATT_METRICS_MAX])
			    in->verdicts,
		.level = in->level, .ended = in->ended,
	};
	if (latt_agg_results(&o->metrics, o->cfgs, o->ncfgs, in->results,
			     in->nres, in->agg) ||
	    latt_verdict_results(&o->metrics, in->agg, o->ncfgs, in->results,
				 in->nres, in->level, in->verdicts))
		return -ENOMEM;
	for (i = 1; i < o->ncfgs; i++)
		latt_verdicts_within(&o->metrics, in->verdicts[i],
				     o->same_within);
	latt_against_doc(&in->against, &in->doc);
	return 0;
}

/*
 * -r auto: the level of a look after round @run, at the share of the
 * budget used: of the runs, or of --max-time if more (all of it once
 * the time is up).
 */
static void look_level(struct invocation *in, unsigned int run)
{
	const struct latt_opts *o = &in->o;
	double t = (double)run / o->runs, tt;

	if (o->max_time_ns) {
		tt = (double)(latt_mono_ns() - in->start_ns) /
		     (double)o->max_time_ns;
		t = fmin(fmax(t, tt), 1);
	}
	in->level = latt_seq_level_at(o->level, in->looked_t, t);
	in->looked_t = t;
	in->looked = run;
}

/*
 * -r auto, at the end of round @run: is it a look (or is --max-time
 * up)?  Then the verdicts at the look's level (judge/sequential.h).
 */
static bool auto_look(struct invocation *in, unsigned int run)
{
	const struct latt_opts *o = &in->o;
	bool late = o->max_time_ns &&
		    latt_mono_ns() - in->start_ns >= o->max_time_ns;

	if (!latt_seq_look(run, o->runs) && !late)
		return false;
	look_level(in, run);
	in->enough = in->late = late;
	return true;
}

/* -r auto, at a look: do the verdicts decide?  Stop then too. */
static void auto_decide(struct invocation *in)
{
	const struct latt_opts *o = &in->o;

	if (make_doc(in))
		in->enough = true;
	else if (in->against.on)
		in->decided = latt_against_decided(&in->against, o, &in->doc,
						   in->looked, &in->futile);
	else
		in->decided = latt_decided(o, &o->metrics,
					   (const struct latt_verdict (*)
					    [LATT_METRICS_MAX])in->verdicts,
					   o->ncfgs, in->looked, &in->futile);
	in->enough |= in->decided || in->futile;
}

/*
 * How the runs ended, for the JSON (latt-json(5), ended), from the
 * exit status @status of the last: a ^C or another signal, a run that
 * failed, -r auto decided, at its budget or --max-time, or every run
 * asked for.
 */
static const char *runs_ended(const struct invocation *in, int status)
{
	const struct latt_result *r = &in->results[in->nres - 1];

	if (status > 128)
		return status == 128 + SIGINT ? "interrupted" : "signal";
	if (status)
		return "failed";
	if (!in->o.runs_auto)
		return "all";
	/* Time up is why it stopped, whatever that look found futile. */
	return in->decided ? "decided" : r->run >= in->o.runs ? "budget" :
	       in->futile && !in->late ? "futile" : "max_time";
}

/*
 * Every configuration, -r times, interleaved so that drift spreads
 * evenly (A1 B1 A2 B2 ...), until a run fails (with -r auto, until the
 * verdicts decide).  Returns the exit status of the last run.
 */
static int run_all(struct invocation *in)
{
	const struct latt_opts *o = &in->o;
	struct latt_report_opts ro = report_opts(o);
	struct latt_result *r = NULL;
	int status = LATT_EXIT_OK;
	unsigned int run;
	bool look;
	size_t k;

	in->start_ns = latt_mono_ns();
	for (run = 1; run <= o->runs && !status && !in->enough; run++) {
		for (k = 0; k < o->ncfgs && !status; k++) {
			/* A ^C (--against, -r auto): no run after the last. */
			if (r && latt_session_int_taken(&in->s)) {
				status = latt_interrupted(r);
				break;
			}
			r = &in->results[in->nres++];
			latt_run(&in->s, &o->cfgs[k], run, r);
			status = latt_result_exit_status(r);
			if (r->sys.warning[0])
				fprintf(stderr, "latt: warning: %s\n",
					latt_esc(r->sys.warning));
			look = o->runs_auto && !status &&
			       k + 1 == o->ncfgs && auto_look(in, run);
			if (look)
				auto_decide(in);
			if (in->against.lines && !status &&
			    (look || !make_doc(in)))
				latt_against_line(&in->against, o, &in->doc,
						  r, look);
			if (!in->out.f)
				continue;
			/* As a failed -v write: stop here. */
			in->out_error = latt_report_run(in->out.f, &ro, r);
			if (in->out_error)
				status = LATT_EXIT_RUNTIME;
		}
	}
	/* Ended short of a look (a run failed, ^C): a look there too. */
	if (o->runs_auto && r && in->looked != r->run)
		look_level(in, r->run);
	return status;
}

/* The name the run's JSON is judged by: its file's, as latt compare's. */
static const char *doc_name(const struct invocation *in)
{
	return in->o.json && strcmp(in->o.json, "-") ? in->o.json :
	       "this run";
}

/* -r auto's end in a sweep: decided, or what is left open. */
static void auto_end(const struct invocation *in)
{
	const char *names[LATT_CONFIGS_MAX];
	size_t i;

	for (i = 0; i < in->o.ncfgs; i++)
		names[i] = in->agg[i].name;
	latt_auto_end(in->out.f, &in->o, &in->o.metrics, names,
		      (const struct latt_verdict (*)[LATT_METRICS_MAX])
		      in->verdicts, 1, in->o.ncfgs, in->looked, in->ended);
}

/* Write the report and the documents, each whole.  0 or -errno, said. */
static int write_outputs(struct invocation *in)
{
	struct latt_report_opts ro = report_opts(&in->o);
	struct sink *failed = &in->out;
	int ret = 0;

	if (latt_report_due(&in->doc)) {
		if (in->out.f)
			ret = latt_report_write(in->out.f, &ro, &in->doc);
		/* Then, against the baseline, latt compare's table. */
		if (!ret && in->against.on)
			ret = latt_against_summary(&in->against, &in->o,
						   &in->doc, doc_name(in),
						   in->out.f, in->looked,
						   &in->worse_than_baseline,
						   &in->differs_from_baseline);
		if (!ret && in->o.runs_auto && !in->against.on &&
		    in->out.f && !in->o.quiet)
			auto_end(in);
		if (!ret)
			ret = commit_sink(&in->out);
		if (!ret && in->json.f && (failed = &in->json) &&
		    !(ret = latt_json_write(in->json.f, &in->doc)))
			ret = commit_sink(&in->json);
		if (!ret && in->csv.f && (failed = &in->csv) &&
		    !(ret = latt_csv_write(in->csv.f, &in->doc)))
			ret = commit_sink(&in->csv);
	}
	if (!ret && (in->out.f == stdout || in->json.f == stdout ||
		     in->csv.f == stdout)) {
		ret = latt_out_close_stdout();
		failed = in->json.f == stdout ? &in->json :
			 in->csv.f == stdout ? &in->csv : &in->out;
	}
	if (!ret)
		return 0;
	if (reader_left(&in->s, ret))
		in->sigpipe = true;
	else
		fprintf(stderr, "latt: write error on %s: %s\n",
			failed->name, strerror(-ret));
	return ret;
}

/*
 * --fail-if worse: is a configuration worse than the first?  (@same:
 * --fail-if not-same: not the same?)  Said.
 */
static bool fail_if_worse(const struct invocation *in, bool same)
{
	const struct latt_opts *o = &in->o;
	const struct latt_fail_say say = { stderr, "latt", "configuration" };
	const char **names;
	char err[64];
	size_t i;
	int ret;

	names = calloc(o->ncfgs, sizeof(*names));
	if (!names) {
		fprintf(stderr, "latt: out of memory for --fail-if\n");
		return false;
	}
	for (i = 0; i < o->ncfgs; i++)
		names[i] = in->agg[i].name;
	ret = (same ? latt_fail_if_not_same : latt_fail_if_worse)(
		&o->fail_if, &o->metrics, names,
		(const struct latt_verdict (*)[LATT_METRICS_MAX])in->verdicts,
		o->ncfgs, &say, err, sizeof(err));
	free(names);
	return ret > 0;
}

/*
 * After the runs: each configuration's values, the outputs, the limits
 * and why the last run did not succeed.  Returns the exit status.
 */
static int finish(struct invocation *in, int status)
{
	const struct latt_opts *o = &in->o;
	const struct latt_result *r = &in->results[in->nres - 1];
	char ctx[96] = "";
	int err = in->out_error ? in->out_error :
		  latt_result_output_error(r);

	if (err && reader_left(&in->s, err)) {
		in->sigpipe = true;
		return status;
	}
	if (in->out_error) {
		fprintf(stderr, "latt: write error on %s: %s\n",
			in->out.name, strerror(-in->out_error));
		latt_changes_say_kept_trace(in->results, in->nres);
		return LATT_EXIT_RUNTIME;
	}
	if (make_doc(in)) {
		fprintf(stderr, "latt: out of memory for the summaries\n");
		return LATT_EXIT_RUNTIME;
	}
	if (write_outputs(in)) {
		if (!in->sigpipe)
			latt_changes_say_kept_trace(in->results, in->nres);
		return LATT_EXIT_RUNTIME;
	}
	if (o->nlimits && latt_limit_check(stderr, &o->metrics, in->agg,
					   o->ncfgs, o->limits, o->nlimits) &&
	    !status)
		status = LATT_EXIT_LIMIT;
	if (o->fail_if_given && (fail_if_worse(in, false) ||
				 in->worse_than_baseline) && !status)
		status = LATT_EXIT_WORSE;
	if (o->fail_if_given && (fail_if_worse(in, true) ||
				 in->differs_from_baseline) && !status)
		status = LATT_EXIT_NOT_SAME;
	if (latt_result_output_error(r)) {
		fprintf(stderr, "latt: write error on %s: %s\n",
			in->out.name, strerror(-latt_result_output_error(r)));
		latt_changes_say_kept_trace(in->results, in->nres);
		return status;
	}
	/* A sweep's table notes a late waker in each configuration's line. */
	if (o->sweep)
		snprintf(ctx, sizeof(ctx), "configuration '%s', run %u: ",
			 r->cfg.name, r->run);
	if (!o->sweep || (status && (status != LATT_EXIT_LIMIT ||
				     latt_result_broke(r))))
		latt_report_verdict(stderr, ctx, r);
	return status;
}

int main(int argc, char **argv)
{
	struct invocation in = {
		.argc = argc, .argv = argv,
		.trace = { .marker_fd = -1, .on_fd = -1 },
		.xtrace = { .marker_fd = -1, .on_fd = -1 },
	};
	int ret, status = LATT_EXIT_RUNTIME;
	bool session = false;
	size_t i;

	in.stdout_closed = latt_ensure_stdio();
	latt_errout_init();
	if (argc > 1 && !strcmp(argv[1], "compare")) {
		if (in.stdout_closed) {
			fprintf(stderr, "latt compare: the standard output is "
				"closed\n");
			return LATT_EXIT_RUNTIME;
		}
		return latt_compare_main(argc - 1, argv + 1);
	}
	if (argc > 1 && !strcmp(argv[1], "calibrate")) {
		if (in.stdout_closed) {
			fprintf(stderr, "latt calibrate: the standard output "
				"is closed\n");
			return LATT_EXIT_RUNTIME;
		}
		return latt_calibrate_main(argv[0], argc - 1, argv + 1);
	}
	latt_opts_parse(&in.o, argc, argv);
	if (latt_ensure_fds(in.o.cfgs, in.o.ncfgs) ||
	    latt_changes_left(in.o.force) ||
	    latt_changes_preflight(in.o.cfgs, in.o.ncfgs, in.o.nspecs > 0))
		goto out_free;
	/* The baseline read and checked before anything is changed. */
	ret = latt_against_begin(&in.against, &in.o);
	if (ret) {
		status = ret;
		goto out_free;
	}
	in.cmdline = latt_shell_join(argc, argv);
	in.level = in.o.level;
	if (latt_changes_begin(&in.o, in.cmdline ? in.cmdline : "latt",
			       &in.record))
		goto out_undo;
	if (open_outputs(&in))
		goto out_sinks;
	ret = latt_session_init(&in.s);
	if (ret) {
		fprintf(stderr, "latt: setting up: %s\n", strerror(-ret));
		goto out_sinks;
	}
	session = true;
	in.s.finish_run = in.against.on || in.o.runs_auto;
	if (start_session(&in))
		goto out_session;

	status = run_all(&in);
	in.ended = in.nres ? runs_ended(&in, status) : NULL;
	status = finish(&in, status);

out_session:
	latt_trace_close(&in.trace);
	latt_trace_close(&in.xtrace);
	latt_decisions_close(in.s.decisions);
	latt_cmdlat_close(in.s.cmdlat);
out_sinks:
	/* Whatever was not put in place is dropped. */
	latt_out_abort(&in.out.file);
	latt_out_abort(&in.json.file);
	latt_out_abort(&in.csv.file);
	free(in.out.quoted);
	free(in.json.quoted);
	free(in.csv.quoted);
out_undo:
	/*
	 * The record and the locks; what latt could not put back stays in
	 * the record for its guard, which the session's end then lets go.
	 */
	latt_changes_end();
	if (session)
		latt_session_destroy(&in.s);
out_free:
	for (i = 0; i < in.nres; i++)
		latt_result_release(&in.results[i]);
	free(in.results);
	free(in.agg);
	free(in.verdicts);
	free(in.cmdline);
	latt_against_end(&in.against);
	latt_opts_free(&in.o);
	if (in.sigpipe)
		latt_die_of_sigpipe();
	return status;
}
