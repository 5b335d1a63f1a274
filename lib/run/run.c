// SPDX-License-Identifier: GPL-2.0-only
/*
 * One run; see run/run.h.
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include "run/run.h"
#include "base/parse.h"
#include "base/util.h"
#include "measure/clock.h"
#include "measure/sysinfo.h"
#include "measure/wake.h"
#include "run/capture.h"
#include "run/client-helper.h"
#include "run/client.h"
#include "run/result-stop.h"
#include "run/result.h"
#include "run/target.h"
#include "run/waker.h"
#include "settings/cgroup.h"
#include "settings/config.h"
#include "settings/knobs.h"
#include "settings/sched-apply.h"
#include "settings/sched.h"
#include "settings/session.h"
#include "trace/cmdlat.h"
#include "trace/decision-rec.h"
#include "trace/decision.h"
#include "trace/explain.h"
#include "trace/trace.h"

/* Everything one run holds, so that one path can undo it all. */
struct run {
	struct latt_session *s;
	const struct latt_run_cfg *cfg;
	struct latt_result *r;
	struct latt_clock clock;
	struct latt_client_slot *slots;
	int slots_fd;
	struct latt_client *clients;
	struct latt_answer *answer;
	struct latt_client_share *share;	/* not on the heap: a thread
						   client left running reads
						   it after the run */
	int share_fd;
	struct latt_knobs knobs;
	struct latt_cgroup cgroup;
	bool have_cgroup;
	struct latt_target target;
	bool have_target;
	struct latt_capture cap;	/* its output, read for its metrics */
	bool have_capture;
	struct latt_waker w;
	bool waker_changed;
	char prefix[LATT_NAME_MAX + 32];
};

static void __attribute__((format(printf, 3, 4)))
setup_failed(struct run *run, int error, const char *fmt, ...)
{
	struct latt_stop_why why;
	va_list ap;

	latt_stop_say(&why, LATT_STOP_SETUP, error, NULL);
	va_start(ap, fmt);
	latt_vfmt(why.what, sizeof(why.what), fmt, ap);
	va_end(ap);
	latt_stop_record(&run->r->end, &why);
}

/* A request to stop, by signal @sig: the run ends as interrupted. */
static void stop_asked(struct latt_result *r, int sig)
{
	struct latt_stop_why why;

	latt_stop_say(&why, LATT_STOP_SIGNAL, 0, NULL)->signal = sig;
	latt_stop_record(&r->end, &why);
}

/* Add a warning to @r's, after any already there. */
static void __attribute__((format(printf, 2, 3)))
add_warning(struct latt_result *r, const char *fmt, ...)
{
	size_t used = strlen(r->sys.warning);
	va_list ap;

	if (used && used + 2 < sizeof(r->sys.warning)) {
		strcat(r->sys.warning, "; ");
		used += 2;
	}
	va_start(ap, fmt);
	latt_vfmt(r->sys.warning + used, sizeof(r->sys.warning) - used, fmt,
		  ap);
	va_end(ap);
}

/* The system settings, and the command's cgroup. */
static int setup_system(struct run *run)
{
	const struct latt_run_cfg *c = run->cfg;
	char err[LATT_WHAT_MAX], name[64];
	int ret;

	ret = latt_knobs_apply(&run->knobs, &c->system, run->s, err,
			       sizeof(err));
	if (ret == -EINTR) {
		/* A ^C while the scheduler loaded: nothing more starts. */
		stop_asked(run->r, latt_session_pending_stop(run->s));
		return ret;
	}
	if (ret) {
		setup_failed(run, 0, "%s", err);
		return ret;
	}
	if (c->target_weight) {
		ret = latt_cgroup_locate(&run->cgroup, "", err, sizeof(err));
		if (!ret) {
			snprintf(name, sizeof(name), "latt-%d-%s-%u",
				 (int)getpid(), c->name, run->r->run);
			ret = latt_cgroup_create(&run->cgroup, name,
						 c->target_weight, err,
						 sizeof(err));
		}
	} else if (c->target_cgroup) {
		ret = latt_cgroup_open(&run->cgroup, c->target_cgroup, err,
				       sizeof(err));
	}
	if (ret) {
		setup_failed(run, ret, "target cgroup: %s", err);
		return ret;
	}
	run->have_cgroup = c->target_weight || c->target_cgroup;
	/* The scheduler measured under: latt's, or one loaded before. */
	run->r->sys.scx_by_latt = run->knobs.scheduler != 0;
	if (run->r->sys.scx_by_latt)
		snprintf(run->r->sys.scx_ops, sizeof(run->r->sys.scx_ops), "%s",
			 run->knobs.scx_ops);
	else
		latt_sysinfo_sched_ext("", run->r->sys.scx_ops,
				       sizeof(run->r->sys.scx_ops));
	return 0;
}

static int start_clients(struct run *run)
{
	const struct latt_run_cfg *c = run->cfg;
	char how[64];
	struct rlimit rl;
	int ret;

	struct latt_client_share *sh = run->share;
	struct latt_client_cfg *cfg = &sh->cfg;

	latt_fmt(sh->version, sizeof(sh->version), "%s", PACKAGE_VERSION);
	sh->layout = latt_client_layout();
	sh->clock = run->clock;
	sh->sched = c->client;
	sh->sigmask = run->s->child_mask;
	sh->ignore = run->s->stops;
	*cfg = (struct latt_client_cfg){
		.clock = &sh->clock,
		.work_bytes = c->work_bytes,
		.sched = &sh->sched,
		.answer = run->answer,
		.mech = c->mechanism,
		.kernel_view = c->kernel_view,
		.parent = getpid(),
		.sigmask = &sh->sigmask,
		.ignore = &sh->ignore,
	};
	if (prctl(PR_GET_NAME, sh->comm))
		sh->comm[0] = '\0';
	sh->have_caps = latt_client_caps(sh->caps) == 0;
	sh->clients = c->clients;
	sh->slots_fd = run->slots_fd;
	sh->answer_map_fd = run->answer->map_fd;
	ret = latt_waker_spawn_clients(&run->w, run->slots, sh, run->share_fd);
	/* latt-client mapped them, and is gone: the memfds are done. */
	latt_close(&run->share_fd);
	latt_close(&run->slots_fd);
	latt_close(&run->answer->map_fd);
	/*
	 * The counter's calibration ends with the clients ready (its 5 ms
	 * overlap their start): they read the clock from the shared page,
	 * first when they are woken.
	 */
	if (!ret && run->r->end.why == LATT_STOP_NONE) {
		int err = latt_clock_settle(&run->clock);

		if (err) {
			setup_failed(run, err, "clock %s",
				     latt_clock_name(&run->clock));
			return err;
		}
		run->share->clock = run->clock;
		run->r->clock_ghz = run->clock.ghz;
	}
	/*
	 * fork() and pthread_create() say EAGAIN when the user's processes
	 * (threads included) reach RLIMIT_NPROC: name the limit, as the
	 * open files' is named.
	 */
	if (ret == -EAGAIN && !getrlimit(RLIMIT_NPROC, &rl) &&
	    rl.rlim_cur != RLIM_INFINITY)
		setup_failed(run, 0, "starting %u clients (%u started): "
			     "this user may run %llu processes and threads "
			     "in all, latt's and others' (RLIMIT_NPROC): "
			     "raise it with 'ulimit -u' (root is exempt), or "
			     "run fewer clients", c->clients,
			     run->w.nclients, (unsigned long long)rl.rlim_cur);
	else if (ret == -ECHILD)
		setup_failed(run, 0, "starting %u clients (%u started): "
			     "latt-client %s before it had started them",
			     c->clients, run->w.nclients,
			     latt_describe_status(run->w.children.starter_status,
						  how, sizeof(how)));
	else if (ret)
		setup_failed(run, ret, "starting %u clients (%u started)",
			     c->clients, run->w.nclients);
	return ret;
}

/*
 * Should latt be killed outright, even before the exec, the guard stops
 * the command.
 */
static void tell_guard(void *ctx, pid_t pid)
{
	struct run *run = ctx;
	struct latt_cmdwaits *cw = &run->r->cmd.waits;

	latt_session_guard(run->s, pid);
	/* Its tasks followed from before it runs anything of its own. */
	if (run->s->cmdlat) {
		cw->error = latt_cmdlat_start(run->s->cmdlat, pid);
		cw->measured = !cw->error;
		if (cw->error)
			snprintf(cw->why, sizeof(cw->why), "following the "
				 "command: %s", strerror(-cw->error));
	}
}

/* The command's own waits, once it and its descendants are gone. */
static void command_waits(struct run *run)
{
	struct latt_cmdwaits *cw = &run->r->cmd.waits;
	int ret;

	if (!run->s->cmdlat) {
		cw->error = run->s->cmdlat_error;
		snprintf(cw->why, sizeof(cw->why), "%s", run->s->cmdlat_why);
		return;
	}
	if (!cw->measured)
		return;
	ret = latt_cmdlat_read(run->s->cmdlat, cw);
	latt_cmdlat_stop(run->s->cmdlat);
	if (ret) {
		cw->error = ret;
		cw->measured = false;
		snprintf(cw->why, sizeof(cw->why), "reading the command's "
			 "waits: %s", strerror(-ret));
	}
}

static int start_target(struct run *run)
{
	const struct latt_run_cfg *c = run->cfg;
	struct latt_target *t = &run->target;
	struct latt_stop_why why;
	struct latt_target_opts o = {
		.sigmask = &run->s->child_mask,
		.sched = &c->target,
		.stdout_fd = run->s->target_stdout,
		.started = tell_guard,
		.ctx = run,
	};
	char procs[PATH_MAX + 16];
	int ret;

	if (run->have_cgroup) {
		o.cgroup_procs = latt_cgroup_procs(&run->cgroup, procs,
						   sizeof(procs));
		if (run->cgroup.created)
			o.own_cgroup = &run->cgroup;
	}
	if (c->ntm) {
		ret = latt_capture_open(&run->cap, c->tm, c->ntm,
					run->r->cmd.tm,
					o.stdout_fd >= STDERR_FILENO ?
					o.stdout_fd : STDOUT_FILENO);
		if (ret) {
			setup_failed(run, ret, "reading the command's output");
			return ret;
		}
		run->have_capture = true;
		o.stdout_fd = run->cap.wfd[0];
		o.stderr_fd = run->cap.wfd[1];
	}
	latt_target_init(t, c->cmd_argc, c->cmd_argv, c->cmd_display);
	run->have_target = true;
	ret = latt_target_start(t, &o);
	/* Once it runs, its output is read (it may write meanwhile). */
	if (!ret && run->have_capture) {
		ret = latt_capture_start(&run->cap);
		if (ret) {
			setup_failed(run, ret, "reading the command's output");
			latt_waker_set_target(&run->w, t);
			return ret;
		}
		run->r->cmd.tm_read = true;
	}
	if (ret == -ENOEXEC) {
		latt_stop_record(&run->r->end, latt_stop_say(&why,
			LATT_STOP_NOEXEC,
			-t->fail_errno, NULL));
		return ret;
	}
	if (ret == -ECANCELED) {
		if (!strcmp(t->fail_what, "cgroup"))
			setup_failed(run, -t->fail_errno, "command: joining "
				     "cgroup %s", run->cgroup.path);
		else
			setup_failed(run, -t->fail_errno, "command: setting "
				     "its %s", t->fail_what);
		return ret;
	}
	if (ret) {
		setup_failed(run, ret, "starting '%s'", c->cmd_display);
		return ret;
	}
	latt_waker_set_target(&run->w, t);
	return 0;
}

/* The waker's own settings, after the children have forked. */
static int set_waker(struct run *run)
{
	enum latt_sched_step step = LATT_SCHED_STEP_POLICY;
	int ret;

	if (latt_sched_empty(&run->cfg->waker))
		return 0;
	run->waker_changed = true;
	ret = latt_sched_apply(&run->cfg->waker, &step);
	if (ret)
		setup_failed(run, ret, "waker: setting its %s",
			     latt_sched_step_name(step));
	return ret;
}

/*
 * --explain: what the scheduler decided at each of the worst wakeups,
 * from its records of the run (@release: the kernel's, for its flags).
 */
static void decide(const struct latt_waker *w, struct latt_result *r,
		   const char *release)
{
	struct latt_resched_bits bits = latt_resched_bits_of(release);
	const struct latt_dec_rec *rec;
	struct latt_dec_rec *recs;
	struct latt_explained *e;
	size_t n;
	unsigned int i;

	r->trace.decisions_traced = true;
	r->trace.decisions_error = w->decisions_error ? w->decisions_error :
		latt_decisions_read(w->decisions, &recs, &n,
				    &r->trace.decisions_lost);
	if (r->trace.decisions_error)
		return;
	r->trace.decisions = n;
	for (i = 0; i < r->trace.nexplained; i++) {
		e = &r->trace.explained[i];
		if (!e->wakeup_at)
			continue;
		rec = latt_decision_find(recs, n, e->w.pid, e->wakeup_at);
		if (rec)
			latt_decision_of(rec, &bits, r->sys.scx_ops,
					 &e->decision);
	}
	free(recs);
}

/* --explain: read the run's trace and tell its worst wakeups. */
static void explain(const struct latt_waker *w, struct latt_result *r,
		    const char *release)
{
	struct latt_ev *ev;
	size_t n;

	r->trace.explain_lost = latt_trace_lost(w->xtrace);
	r->trace.explain_error = latt_trace_read(w->xtrace, &ev, &n);
	if (r->trace.explain_error)
		return;
	r->trace.events = n;
	r->trace.explained = calloc(w->nworst ? w->nworst : 1,
				    sizeof(*r->trace.explained));
	if (!r->trace.explained)
		r->trace.explain_error = -ENOMEM;
	else
		latt_explain(ev, n, w->worst, w->nworst, r->trace.explained);
	r->trace.nexplained = r->trace.explained ? w->nworst : 0;
	free(ev);
	if (w->decisions)
		decide(w, r, release);
}

/* Measure, stop, and fill the result from what the waker saw. */
static void measure(struct run *run)
{
	struct latt_result *r = run->r;
	struct latt_waker *w = &run->w;
	struct latt_target *t = &run->target;
	struct latt_stop_why why;
	char err[LATT_WHAT_MAX];

	if (r->end.why == LATT_STOP_NONE)
		latt_waker_run(w);
	if (run->waker_changed) {
		int ret = latt_sched_restore(&run->s->waker);

		if (ret)
			add_warning(r, "could not put back latt's own "
				    "scheduler settings after the run (%s): "
				    "later runs keep them", strerror(-ret));
	}
	latt_waker_finish(w);
	if (run->have_target)
		command_waits(run);
	latt_session_guard(run->s, 0);
	/* Every process of the command is gone: the rest of its output. */
	if (run->have_capture)
		latt_capture_finish(&run->cap, LATT_NSEC_PER_SEC);
	if (w->children.helper_reaped)
		latt_knobs_reaped(&run->knobs, w->children.helper,
				  w->children.helper_status);
	/* A guard that died and was replaced: said with the run. */
	if (run->s->guard_news[0] && r->end.why != LATT_STOP_ERROR)
		add_warning(r, "%s", run->s->guard_news);
	run->s->guard_news[0] = '\0';
	/* A run measured under a scheduler that was gone is no result. */
	if (latt_stop_normal(r->end.why) &&
	    latt_knobs_verify(&run->knobs, err, sizeof(err)))
		latt_stop_record(&r->end, latt_stop_say(&why, LATT_STOP_ERROR,
							0,
							"%s", err));

	if (w->xtrace)
		explain(w, r, run->s->sys.kernel);
	latt_result_collect(r, run->slots, w->nclients);
	/* Without memory for them, the clients' parts are left out. */
	latt_result_collect_clients(r, run->clients, w->nclients);
	latt_blocks_finish(&r->measured.blocks);
	r->clock_drift_ppm = latt_clock_drift_ppm(&run->clock);
	if (run->have_target && t->pid > 0 && r->end.why != LATT_STOP_NOEXEC) {
		r->cmd.status = t->status;
		r->cmd.wall_ns = t->end_ns > t->start_ns ?
				    t->end_ns - t->start_ns : 0;
		/* The time latt and the command were stopped (^Z) is not
		   the command's. */
		r->cmd.wall_ns -= r->measured.stopped_signal == SIGTSTP &&
				     r->measured.stopped_ns < r->cmd.wall_ns ?
				     r->measured.stopped_ns : 0;
		latt_target_rusage(t, &r->cmd.rusage);
	}
}

/* What a run's result is before it runs: its configuration, number, seed. */
static void begin_result(struct latt_session *s,
			 const struct latt_run_cfg *cfg, unsigned int index,
			 struct latt_result *r)
{
	memset(r, 0, sizeof(*r));
	r->cfg = *cfg;
	r->run = index;
	r->end.dead_client = -1;
	r->seed = s->seed ^ (0x9e3779b97f4a7c15ULL * (uint64_t)++s->runs);
	clock_gettime(CLOCK_REALTIME, &r->started);
	r->cmd.given = cfg->cmd_argc > 0;
	r->cmd.line = cfg->cmd_display;
	r->cmd.shell = latt_target_is_shell(cfg->cmd_argc, cfg->cmd_argv);
	r->cmd.found = r->cmd.shell &&
			  latt_target_shell_finds(cfg->cmd_argv[0]);
}

/*
 * After the run: the target's cgroup removed, the system settings put
 * back (what was changed from outside left as found, and said).
 */
static void put_back(struct run *run)
{
	struct latt_result *r = run->r;
	char err[LATT_WHAT_MAX];
	int ret;

	if (run->have_cgroup && run->cgroup.created) {
		ret = latt_cgroup_remove(&run->cgroup);
		if (ret)
			add_warning(r, "could not remove cgroup %s (%s)",
				    run->cgroup.path, strerror(-ret));
	}
	if (latt_knobs_restore(&run->knobs, err, sizeof(err)))
		add_warning(r, "%s", err);
	if (run->knobs.disturbed[0]) {
		snprintf(r->sys.disturbed, sizeof(r->sys.disturbed), "%s",
			 run->knobs.disturbed);
		add_warning(r, "changed from outside during the run, and left "
			    "as found: %s", r->sys.disturbed);
	}
}

void latt_run(struct latt_session *s, const struct latt_run_cfg *cfg,
	      unsigned int index, struct latt_result *r)
{
	struct run run = { .s = s, .cfg = cfg, .r = r, .slots_fd = -1,
			   .share_fd = -1 };
	/* -c 0: no client, the command's own waits alone (one slot). */
	unsigned int nslots = cfg->clients ? cfg->clients : 1;
	int ret, sig;

	begin_result(s, cfg, index, r);
	latt_knobs_init(&run.knobs, "");

	ret = latt_clock_init(&run.clock, cfg->clock, s->root);
	r->clock = ret ? latt_clock_id_name(cfg->clock) :
		   latt_clock_name(&run.clock);
	/* The counter's rate is known once it settles (start_clients()). */
	if (ret) {
		setup_failed(&run, ret, "clock %s", r->clock);
		goto out;
	}
	/* A guard killed since the last run: another, or no run. */
	ret = latt_session_guard_check(s, false);
	if (ret < 0) {
		setup_failed(&run, ret, "%s", s->guard_news);
		s->guard_news[0] = '\0';
		goto out;
	}
	/* A ^C between two runs: this one starts nothing. */
	sig = latt_session_pending_stop(s);
	if (sig) {
		stop_asked(r, sig);
		goto out;
	}
	run.slots = latt_client_slots_map(nslots, &run.slots_fd);
	run.clients = calloc(nslots, sizeof(*run.clients));
	run.answer = latt_answer_open();
	run.share = latt_shared_map(sizeof(*run.share), &run.share_fd);
	if (!run.slots || !run.clients || !run.answer || !run.share) {
		setup_failed(&run, -ENOMEM, "memory for %u clients",
			     cfg->clients);
		goto out;
	}
	if (setup_system(&run))
		goto out_system;

	ret = latt_waker_init(&run.w, cfg, s, &run.clock, run.clients,
			      run.answer, r);
	run.w.session = s;
	if (s->sweep) {
		snprintf(run.prefix, sizeof(run.prefix), "config=%s run=%u ",
			 cfg->name, index);
		run.w.sample_prefix = run.prefix;
	}
	if (run.knobs.scheduler)
		latt_waker_set_helper(&run.w, run.knobs.scheduler,
				      "the sched_ext scheduler");
	if (ret)
		setup_failed(&run, ret, "setting up the waker");
	else if (!start_clients(&run) && r->end.why == LATT_STOP_NONE &&
		 (!cfg->cmd_argc || !start_target(&run)))
		set_waker(&run);
	measure(&run);
	latt_waker_destroy(&run.w);
	if (run.have_capture)
		latt_capture_close(&run.cap);

out_system:
	put_back(&run);
	/* A ^C while everything was put back still asks to stop. */
	sig = latt_session_pending_stop(s);
	if (sig)
		stop_asked(r, sig);
out:
	latt_result_finish(r);
	/* A thread client left running uses all of these till latt exits. */
	if (run.w.abandoned)
		return;
	latt_answer_close(run.answer);
	free(run.clients);
	if (run.share)
		latt_shared_unmap(run.share, sizeof(*run.share), &run.share_fd);
	if (run.slots)
		latt_client_slots_unmap(run.slots, nslots, &run.slots_fd);
}
