// SPDX-License-Identifier: GPL-2.0-only
/*
 * How the waker starts a run (lib/run/waker.h): the clients (processes
 * that hand their channels over, or threads), and the command and the
 * helper it is given to watch.  One of the waker's own files: a client
 * that fails, a death or a signal while they start is the waker's to
 * decide (lib/run/waker-own.h).
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include "measure/clock.h"
#include "measure/wake.h"
#include "run/client-helper.h"
#include "run/client.h"
#include "run/reap.h"
#include "run/result-stop.h"
#include "run/result.h"
#include "run/target.h"
#include "run/waker-own.h"
#include "run/waker.h"
#include "settings/sched.h"
#include "settings/session.h"

/* How long all clients together may take to hand their channels over. */
#define ADOPT_TIMEOUT_MS	30000
/* Hand-offs taken between two looks at the signals. */
#define ADOPT_BATCH		64

/*
 * Take every client's hand-off, and wait until each is ready (counted off
 * the shared answer just before its first wait): the run starts then, so
 * that its time is spent waking clients, not in their start.  A client
 * that dies first, or a signal, ends the wait with w->r->end.why set; the
 * run then ends at once.
 */
static int adopt_clients(struct latt_waker *w, int fd)
{
	struct latt_children *ch = &w->children;
	struct pollfd pfd[3] = {
		{ .fd = fd, .events = POLLIN },
		{ .fd = w->sigfd, .events = POLLIN },
		{ .fd = w->answer->fd, .events = POLLIN },
	};
	/* latt-client's report is one more message. */
	unsigned int pending = w->nclients + (ch->starter ? 1 : 0);
	uint64_t end = latt_mono_ns() + ADOPT_TIMEOUT_MS * 1000000ULL;
	struct latt_client_failure fail;
	struct latt_stop_why why;
	bool gone = false;
	unsigned int batch;
	int ret;

	while ((pending || latt_answer_due(w->answer)) &&
	       w->r->end.why == LATT_STOP_NONE) {
		uint64_t now = latt_mono_ns();

		if (now >= end)
			return gone ? -EPIPE : -ETIMEDOUT;
		/* latt-client ended: its report, if any, is in by now. */
		ret = poll(pfd, 3, ch->starter_reaped && !ch->starter_reported ?
			   0 : (int)((end - now) / 1000000) + 1);
		if (ret < 0 && errno != EINTR)
			return -errno;
		/*
		 * Hand-offs before signals: a client whose settings failed
		 * said so before it exited, and that is the reason to give.
		 * At most ADOPT_BATCH at a time, then the signals are looked
		 * at again: latt-client may hand over as fast as they are
		 * taken, and a SIGTERM must not wait for thousands.
		 */
		for (batch = 0; pending && batch < ADOPT_BATCH; batch++) {
			ret = latt_client_adopt(w->clients, w->nclients, fd,
						w->cfg->mechanism, &fail);
			/* latt-client reports before it ends. */
			if (ch->starter && !ch->starter_reported &&
			    ((ret == -EAGAIN && ch->starter_reaped) ||
			     ret == -EPIPE))
				return -ECHILD;
			if (ret == -EAGAIN)
				break;
			if (ret == -EPIPE) {
				/*
				 * A client died before it handed over: its
				 * death, on the signal descriptor, says how.
				 */
				gone = true;
				pfd[0].fd = -1;
				break;
			}
			if (ret == -ECANCELED) {
				bool dl_full = fail.error == -EBUSY &&
					w->cfg->client.policy ==
					LATT_SCHED_DEADLINE;

				latt_stop_say(&why, LATT_STOP_SETUP,
					      fail.error, "client %u: setting "
					      "its %s%s", fail.id + 1,
					      latt_sched_step_name(fail.step),
					      dl_full ? " (the CPUs' deadline "
					      "bandwidth is used up: lower "
					      "runtime or raise period)" : "");
				latt_waker_stop(w, &why);
				return 0;
			}
			if (ret == -ECHILD && ch->starter &&
			    !ch->starter_reported && fail.id <= w->nclients) {
				/* What it did not start is not waited for. */
				ch->starter_reported = true;
				pending -= 1 + (w->nclients - fail.id);
				w->nclients = fail.id;
				if (fail.error)
					return fail.error;
				continue;
			}
			if (ret < 0)
				return ret == -ECHILD ? -EPROTO : ret;
			pending--;
		}
		/* Every hand-off is in: only readiness is waited for. */
		if (!pending)
			pfd[0].fd = -1;
		if (pfd[1].revents)
			latt_waker_read_signals(w);
	}
	return 0;
}

/*
 * Wait until every thread client has made its settings (or one could
 * not), as adopt_clients() does for processes.
 */
static int threads_ready(struct latt_waker *w)
{
	struct pollfd pfd[2] = {
		{ .fd = w->notify_fd, .events = POLLIN },
		{ .fd = w->sigfd, .events = POLLIN },
	};
	uint64_t end = latt_mono_ns() + ADOPT_TIMEOUT_MS * 1000000ULL;
	struct latt_stop_why why;
	unsigned int i, ready;
	uint64_t ticks;

	while (w->r->end.why == LATT_STOP_NONE) {
		uint64_t now = latt_mono_ns();

		if (read(w->notify_fd, &ticks, sizeof(ticks)) < 0 &&
		    errno != EAGAIN)
			return -errno;
		for (i = ready = 0; i < w->nclients; i++) {
			struct latt_client *c = &w->clients[i];
			int st = atomic_load(&c->state);

			if (st == LATT_THREAD_FAILED) {
				latt_stop_say(&why, LATT_STOP_SETUP,
					      c->fail.error, "client %u: "
					      "setting its %s", c->id + 1,
					      latt_sched_step_name(c->fail.step));
				latt_waker_stop(w, &why);
				return 0;
			}
			ready += st == LATT_THREAD_READY;
		}
		if (ready == w->nclients)
			return 0;
		if (now >= end)
			return -ETIMEDOUT;
		if (poll(pfd, 2, (int)((end - now) / 1000000) + 1) < 0 &&
		    errno != EINTR)
			return -errno;
		if (pfd[1].revents)
			latt_waker_read_signals(w);
	}
	return 0;
}

/*
 * A signal to stop while the clients start (thousands take seconds): no
 * more are started, and the run ends as interrupted.
 */
static bool stop_asked(struct latt_waker *w)
{
	int sig = w->session ? latt_session_pending_stop(w->session) : 0;
	struct latt_stop_why why;

	if (!sig)
		return false;
	latt_stop_say(&why, LATT_STOP_SIGNAL, 0, NULL)->signal = sig;
	latt_waker_stop(w, &why);
	return true;
}

static int spawn_threads(struct latt_waker *w,
			 struct latt_client_slot *slots,
			 const struct latt_client_cfg *cfg)
{
	unsigned int i;
	int ret;

	w->notify_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (w->notify_fd < 0)
		return -errno;
	ret = latt_waker_epoll_add(w->epfd, w->notify_fd,
				   LATT_WAKER_TAG_THREAD, 0);
	for (i = 0; !ret && i < w->cfg->clients && !stop_asked(w); i++) {
		struct latt_client *c = &w->clients[i];

		memset(c, 0, sizeof(*c));
		c->id = i;
		c->slot = &slots[i];
		ret = latt_client_thread_start(c, cfg, w->notify_fd);
		if (!ret)
			w->nclients++;
	}
	if (!ret)
		ret = threads_ready(w);
	return ret;
}

/* Fork the clients here, one by one, as latt_client_fork() does. */
static int fork_clients(struct latt_waker *w, const struct latt_client_cfg *cfg,
			int handoff)
{
	unsigned int i;
	int ret = 0;

	for (i = 0; i < w->cfg->clients && !stop_asked(w); i++) {
		ret = latt_client_fork(&w->clients[i], cfg, handoff);
		if (ret)
			break;
		w->nclients++;
	}
	return ret;
}

/*
 * latt-client starts them while latt takes their hand-offs.  Stopped
 * early (a signal, a client's failure, an error), it is killed: the
 * clients it started by then are those with a pid in their slot.
 */
static int run_starter(struct latt_waker *w, const char *path,
		       const struct latt_client_share *share, int share_fd,
		       int handoff)
{
	struct latt_children *ch = &w->children;
	unsigned int i;
	pid_t pid;
	int ret, st;

	pid = latt_client_helper_run(path, share, share_fd);
	if (pid < 0)
		return pid;
	ch->starter = pid;
	ch->starter_reported = ch->starter_reaped = false;
	w->nclients = w->cfg->clients;
	ret = adopt_clients(w, handoff);
	if (!ch->starter_reported && !ch->starter_reaped)
		kill(pid, SIGKILL);
	/* Signals are blocked (a signalfd reads them): no EINTR. */
	if (!ch->starter_reaped && waitpid(pid, &st, 0) == pid) {
		ch->starter_reaped = true;
		ch->starter_status = st;
	}
	ch->starter = 0;
	if (!ch->starter_reported)
		for (w->nclients = 0; w->nclients < w->cfg->clients &&
		     w->clients[w->nclients].slot->pid; w->nclients++)
			;
	for (i = 0; i < w->nclients; i++)
		latt_client_pid(&w->clients[i]);
	/* It could not run, or is another latt's: none started. */
	if ((ret == -ECHILD || ret == -ENOEXEC) && !w->nclients)
		return -ENOEXEC;
	return ret;
}

int latt_waker_spawn_clients(struct latt_waker *w,
			     struct latt_client_slot *slots,
			     struct latt_client_share *share, int share_fd)
{
	const struct latt_client_cfg *cfg = &share->cfg;
	unsigned int i, n = w->cfg->clients;
	char path[PATH_MAX];
	int ho[2], ret;

	if (w->cfg->threads)
		return spawn_threads(w, slots, cfg);
	ret = latt_client_handoff_open(ho);
	if (ret)
		return ret;
	for (i = 0; i < n; i++) {
		struct latt_client *c = &w->clients[i];

		memset(c, 0, sizeof(*c));
		c->id = i;
		c->slot = &slots[i];
	}
	latt_answer_expect(w->answer, n);
	ret = -ENOEXEC;
	/* Where the pages have memfds to pass, that is. */
	if (n && share_fd >= 0 && share->slots_fd >= 0 &&
	    share->answer_map_fd >= 0 &&
	    latt_client_helper_path(path, sizeof(path))) {
		share->handoff_fd = ho[1];
		ret = run_starter(w, path, share, share_fd, ho[0]);
	}
	/* None here, or another latt's: the clients are forked here. */
	if (ret == -ENOEXEC && !w->nclients) {
		ret = fork_clients(w, cfg, ho[1]);
		close(ho[1]);
		if (!ret)
			ret = adopt_clients(w, ho[0]);
	} else {
		close(ho[1]);
	}
	/* Clients still waiting to hand over now fail and leave. */
	close(ho[0]);
	return ret;
}

void latt_waker_set_target(struct latt_waker *w, struct latt_target *t)
{
	w->target = t;
}

void latt_waker_set_helper(struct latt_waker *w, pid_t pid, const char *name)
{
	w->children.helper = pid;
	w->children.helper_name = name;
}
