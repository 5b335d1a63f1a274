// SPDX-License-Identifier: GPL-2.0-only
/*
 * Clients; see lib/run/client.h.
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "run/client.h"
#include "base/util.h"
#include "measure/clock.h"
#include "measure/hist.h"
#include "measure/kwait.h"
#include "measure/stats.h"
#include "measure/wake.h"
#include "measure/work.h"
#include "settings/sched-apply.h"
#include "settings/sched.h"
#include "settings/undo.h"

#include <limits.h>
#include <pthread.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>

struct latt_client_slot *latt_client_slots_map(unsigned int n, int *fd)
{
	return latt_shared_map((size_t)n * sizeof(struct latt_client_slot), fd);
}

void latt_client_slots_unmap(struct latt_client_slot *slots, unsigned int n,
			     int *fd)
{
	latt_shared_unmap(slots, (size_t)n * sizeof(*slots), fd);
}

/*
 * Close descriptors [lo, hi]: close_range(2) where the kernel has it
 * (5.9 and later), else one by one up to the descriptor limit.
 */
static void close_fds(unsigned int lo, unsigned int hi)
{
	struct rlimit rl;
	unsigned int fd;

	if (lo > hi)
		return;
	if (!syscall(SYS_close_range, lo, hi, 0))
		return;
	if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < hi)
		hi = (unsigned int)rl.rlim_cur;
	for (fd = lo; fd <= hi; fd++)
		close((int)fd);
}

/* Close every descriptor from 3 on but @a and @b. */
static void close_all_but(int a, int b)
{
	unsigned int lo = (unsigned int)(a < b ? a : b);
	unsigned int hi = (unsigned int)(a < b ? b : a);

	close_fds(3, lo - 1);
	close_fds(lo + 1, hi - 1);
	close_fds(hi + 1, UINT_MAX);
}

/* Note the CPU the client was woken on, after its stamp. */
static void woke_on(struct latt_client_slot *s)
{
	int cpu = sched_getcpu();

	if (cpu < 0 || cpu >= CPU_SETSIZE)
		return;
	CPU_SET(cpu, &s->woke_on);
	if (s->last_cpu && s->last_cpu != cpu + 1)
		s->migrations++;
	s->last_cpu = cpu + 1;
}

/*
 * --kernel-view: read the client's schedstat into @ss where @fd is open.
 * A read that fails ends the kernel's figures for this client, saying why.
 */
static bool kwait_read(int *fd, struct latt_kwait *k, struct latt_schedstat *ss)
{
	int ret;

	if (*fd < 0)
		return false;
	ret = latt_kwait_read(*fd, ss);
	if (!ret)
		return true;
	k->error = ret;
	close(*fd);
	*fd = -1;
	return false;
}

/*
 * --kernel-view: the readings just before blocking, the schedstat and
 * the switches inside it (lib/measure/kwait.h).  Where the thread has not
 * been switched out since the readings after its last stamp (@fresh:
 * those are whole), its runqueue wait and its runs are still those read
 * then (both change only when it is switched back in): the schedstat is
 * not read again.  A read costs the client one to three microseconds
 * here, which the clients woken after it on its CPU wait for.
 */
static bool kwait_before(int *fd, struct latt_kwait *k, bool fresh,
			 const struct latt_schedstat *after,
			 const struct latt_kwait_switches *sw_after,
			 struct latt_schedstat *before,
			 struct latt_kwait_switches *sw_before)
{
	if (*fd < 0)
		return false;
	if (fresh && !latt_kwait_switches(sw_before) &&
	    sw_before->voluntary == sw_after->voluntary &&
	    sw_before->involuntary == sw_after->involuntary) {
		*before = *after;
		return true;
	}
	return kwait_read(fd, k, before) && !latt_kwait_switches(sw_before);
}

int latt_client_loop(struct latt_client *c, const struct latt_client_cfg *cfg,
		     struct latt_work *work)
{
	struct latt_client_slot *s = c->slot;
	const struct latt_clock *clk = cfg->clock;
	struct latt_schedstat before, after;
	struct latt_kwait_switches sw_before, sw_after;
	uint64_t t0, t1, tw, t2, n;
	int ret, kfd = -1;
	bool kv, fresh = false;

	s->kwait.last_ns = LATT_KWAIT_NONE;
	if (cfg->kernel_view) {
		kfd = latt_kwait_open();
		if (kfd < 0)
			s->kwait.error = kfd;
	}
	for (;;) {
		/* The kernel's counts just before blocking ... */
		kv = kwait_before(&kfd, &s->kwait, fresh, &after, &sw_after,
				  &before, &sw_before);
		/* A process: ready, the run starts once every client is. */
		if (c->count_off) {
			c->count_off = false;
			ret = latt_answer_give(cfg->answer);
			if (ret)
				break;
		}
		ret = latt_wake_recv(&c->chan, &t0);
		if (ret <= 0)
			break;
		t1 = latt_clock_now(clk);
		tw = t1;
		/*
		 * ... and just after the stamp: never inside the sample.  The
		 * work is timed from a stamp after the read, so that its
		 * samples do not count it.
		 */
		if (kfd >= 0) {
			fresh = !latt_kwait_switches(&sw_after) &&
				kwait_read(&kfd, &s->kwait, &after);
			kv = fresh && kv;
			tw = latt_clock_now(clk);
		}
		woke_on(s);
		latt_work_run(work);
		t2 = latt_clock_now(clk);

		/* A stamp from before the waker's would be a clock bug. */
		s->last_wake_ns = t1 > t0 ? t1 - t0 : 0;
		s->last_work_ns = t2 - tw;
		n = atomic_load_explicit(&s->done, memory_order_relaxed) + 1;
		if (atomic_load_explicit(&s->mark, memory_order_relaxed) == n) {
			/* latt was stopped while this wakeup was in flight. */
			s->left_out++;
			s->kwait.last_ns = LATT_KWAIT_NONE;
		} else {
			latt_stats_add(&s->wake, s->last_wake_ns);
			latt_hist_add(&s->wake_hist, s->last_wake_ns);
			latt_stats_add(&s->work, s->last_work_ns);
			latt_hist_add(&s->work_hist, s->last_work_ns);
			if (kv)
				latt_kwait_add(&s->kwait, &before, &after,
					       latt_kwait_blocked(&sw_before,
								  &sw_after),
					       s->last_wake_ns);
			else
				s->kwait.last_ns = LATT_KWAIT_NONE;
		}
		atomic_store_explicit(&s->done, n, memory_order_release);

		ret = latt_answer_give(cfg->answer);
		if (ret)
			break;
	}
	if (kfd >= 0)
		close(kfd);
	/* The waker hanging up while we answered is a normal end. */
	return ret == -EPIPE ? 0 : ret;
}

void latt_client_slot_clear(struct latt_client_slot *s)
{
	latt_hist_clear_range(&s->wake_hist, s->wake.min, s->wake.max);
	latt_hist_clear_range(&s->work_hist, s->work.min, s->work.max);
	latt_stats_init(&s->wake);
	latt_stats_init(&s->work);
	latt_kwait_clear(&s->kwait);
	CPU_ZERO(&s->woke_on);
	s->last_cpu = 0;
	s->migrations = 0;
	s->left_out = 0;
	atomic_store_explicit(&s->mark, 0, memory_order_relaxed);
	atomic_store_explicit(&s->done, 0, memory_order_relaxed);
}

int latt_client_handoff_open(int fds[2])
{
	return socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, fds) ?
	       -errno : 0;
}

/*
 * One hand-off message: the client's id, and the waker's end of its wake
 * channel riding along as SCM_RIGHTS; or,
 * when its settings failed, the error and the step, without descriptors.
 */
struct handoff_body {
	uint32_t id;
	int32_t error;		/* 0, or -errno of a failed setting */
	int32_t step;		/* enum latt_sched_step */
};

struct handoff_msg {
	struct handoff_body body;
	struct iovec iov;
	struct msghdr msg;
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} u;
};

static void handoff_msg_init(struct handoff_msg *m)
{
	memset(m, 0, sizeof(*m));
	m->iov.iov_base = &m->body;
	m->iov.iov_len = sizeof(m->body);
	m->msg.msg_iov = &m->iov;
	m->msg.msg_iovlen = 1;
	m->msg.msg_control = m->u.buf;
	m->msg.msg_controllen = sizeof(m->u.buf);
}

/*
 * In the child: send the waker's ends of the new channel over @fd, or,
 * with @error set, the failure of setting @step.
 */
static int handoff_send(const struct latt_client *c, int fd, int error,
			enum latt_sched_step step)
{
	int fds[1] = { c->chan.wake_wr };
	struct handoff_msg m;
	struct cmsghdr *cm;

	handoff_msg_init(&m);
	m.body.id = c->id;
	m.body.error = error;
	m.body.step = (int32_t)step;
	if (error || c->chan.wake_wr < 0) {
		m.msg.msg_control = NULL;
		m.msg.msg_controllen = 0;
	} else {
		cm = CMSG_FIRSTHDR(&m.msg);
		cm->cmsg_level = SOL_SOCKET;
		cm->cmsg_type = SCM_RIGHTS;
		cm->cmsg_len = CMSG_LEN(sizeof(fds));
		memcpy(CMSG_DATA(cm), fds, sizeof(fds));
	}
	while (sendmsg(fd, &m.msg, MSG_NOSIGNAL) < 0)
		if (errno != EINTR)
			return -errno;
	return 0;
}

int latt_client_adopt(struct latt_client *clients, unsigned int n, int fd,
		      enum latt_wake_mech mech, struct latt_client_failure *fail)
{
	struct handoff_msg m;
	struct latt_client *c;
	struct cmsghdr *cm;
	int fds[1];
	ssize_t len;

	handoff_msg_init(&m);
	do {
		len = recvmsg(fd, &m.msg, MSG_CMSG_CLOEXEC | MSG_DONTWAIT);
	} while (len < 0 && errno == EINTR);
	if (len < 0)
		return -errno;
	/* Every client still to hand over has closed its end: gone. */
	if (!len)
		return -EPIPE;
	if (len != sizeof(m.body))
		return -EPROTO;
	cm = CMSG_FIRSTHDR(&m.msg);
	if (m.body.id == LATT_CLIENT_REPORT && !cm && m.body.step >= 0) {
		fail->id = (unsigned int)m.body.step;
		fail->error = m.body.error;
		return -ECHILD;
	}
	if (m.body.id >= n)
		return -EPROTO;
	if (m.body.error < 0 && !cm) {
		fail->id = m.body.id;
		fail->error = m.body.error;
		fail->step = (enum latt_sched_step)m.body.step;
		return -ECANCELED;
	}
	c = &clients[m.body.id];
	if (c->adopted)
		return -EPROTO;
	/* A futex channel has no descriptor: the word is the channel. */
	if (!cm && m.body.error == 0 && !latt_wake_has_fd(mech)) {
		c->chan.mech = mech;
		c->chan.word = &c->slot->word;
		c->adopted = true;
		return (int)m.body.id;
	}
	if (!cm || cm->cmsg_type != SCM_RIGHTS ||
	    cm->cmsg_len != CMSG_LEN(sizeof(fds)))
		return -EPROTO;
	memcpy(fds, CMSG_DATA(cm), sizeof(fds));
	c->chan.mech = mech;
	c->chan.word = &c->slot->word;
	c->chan.wake_wr = fds[0];
	c->adopted = true;
	return (int)m.body.id;
}

static void client_child(struct latt_client *c,
			 const struct latt_client_cfg *cfg, int handoff)
{
	struct sigaction sa = { .sa_handler = SIG_IGN };
	enum latt_sched_step step = LATT_SCHED_STEP_POLICY;
	struct latt_work work;
	sigset_t mask;
	int ret;

	latt_undo_child_unlock();
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != cfg->parent)
		_exit(0);
	/*
	 * ^C, ^\ and a hangup reach the whole foreground group, a kill of
	 * the group too: the waker handles them and stops us.  They stay
	 * blocked, as in the waker (one call, where ignoring them took one
	 * each); the child's pending signals start empty.
	 */
	sigorset(&mask, cfg->sigmask, cfg->ignore);
	sigaction(SIGPIPE, &sa, NULL);
	sigprocmask(SIG_SETMASK, &mask, NULL);

	/* Only the waker's few descriptors came along: keep two of them. */
	close_all_but(handoff, cfg->answer->fd);
	/* Settings first: the work buffer is allocated on the node's memory. */
	ret = latt_sched_apply(cfg->sched, &step);
	if (!ret) {
		step = LATT_SCHED_STEP_MEMORY;
		ret = latt_work_init(&work, cfg->work_bytes);
	}
	if (ret) {
		handoff_send(c, handoff, ret, step);
		_exit(2);
	}
	ret = latt_wake_open(&c->chan, cfg->mech, &c->slot->word);
	if (!ret)
		ret = handoff_send(c, handoff, 0, step);
	if (ret)
		_exit(2);
	close(handoff);
	/* The waker has its end now; keep only ours. */
	if (c->chan.wake_wr >= 0)
		close(c->chan.wake_wr);
	c->chan.wake_wr = -1;
	c->count_off = true;
	_exit(latt_client_loop(c, cfg, &work) ? 2 : 0);
}

/* Tell the waker, through its eventfd, that a thread changed state. */
static void notify(int fd)
{
	uint64_t one = 1;

	if (write(fd, &one, sizeof(one)) < 0)
		return;
}

static void *client_thread(void *arg)
{
	struct latt_client *c = arg;
	const struct latt_client_cfg *cfg = c->thread_cfg;
	enum latt_sched_step step = LATT_SCHED_STEP_POLICY;
	struct latt_work work;
	int ret;

	c->pid = (pid_t)syscall(SYS_gettid);
	/* A thread's settings are its own, as a process's are. */
	ret = latt_sched_apply(cfg->sched, &step);
	if (!ret) {
		step = LATT_SCHED_STEP_MEMORY;
		ret = latt_work_init(&work, cfg->work_bytes);
	}
	if (ret) {
		c->fail.id = c->id;
		c->fail.error = ret;
		c->fail.step = step;
		atomic_store(&c->state, LATT_THREAD_FAILED);
		notify(c->notify_fd);
		return NULL;
	}
	atomic_store(&c->state, LATT_THREAD_READY);
	notify(c->notify_fd);
	c->exit_error = latt_client_loop(c, cfg, &work);
	latt_work_free(&work);
	atomic_store(&c->state, LATT_THREAD_ENDED);
	notify(c->notify_fd);
	return NULL;
}

int latt_client_thread_start(struct latt_client *c,
			     const struct latt_client_cfg *cfg, int notify_fd)
{
	int ret;

	ret = latt_wake_open(&c->chan, cfg->mech, &c->slot->word);
	if (ret)
		return ret;
	c->is_thread = true;
	c->thread_cfg = cfg;
	c->notify_fd = notify_fd;
	atomic_init(&c->state, LATT_THREAD_STARTING);
	ret = -pthread_create(&c->thread, NULL, client_thread, c);
	if (ret)
		latt_wake_close(&c->chan);
	return ret;
}

int latt_client_thread_join(struct latt_client *c)
{
	return -pthread_join(c->thread, NULL);
}

int latt_client_clone(struct latt_client *c, const struct latt_client_cfg *cfg,
		      int handoff)
{
	long pid;

	c->chan.wake_rd = c->chan.wake_wr = -1;
	c->chan.word = &c->slot->word;
	/*
	 * clone(2) itself, as fork() is: the child goes on from here.  Its
	 * pid is in its slot before it runs, where latt reads it.
	 */
#if defined(__s390__)
	/* There the stack comes before the flags. */
	pid = syscall(SYS_clone, NULL, (unsigned long)(CLONE_PARENT |
		      CLONE_PARENT_SETTID | SIGCHLD), &c->slot->pid, NULL,
		      0UL);
#else
	pid = syscall(SYS_clone, (unsigned long)(CLONE_PARENT |
		      CLONE_PARENT_SETTID | SIGCHLD), NULL, &c->slot->pid,
		      NULL, 0UL);
#endif
	if (pid < 0)
		return -errno;
	if (pid == 0)
		client_child(c, cfg, handoff);
	c->pid = (pid_t)pid;
	return 0;
}

int latt_client_report(int handoff, unsigned int started, int error)
{
	struct handoff_msg m;

	handoff_msg_init(&m);
	m.body.id = LATT_CLIENT_REPORT;
	m.body.error = error;
	m.body.step = (int32_t)started;
	m.msg.msg_control = NULL;
	m.msg.msg_controllen = 0;
	while (sendmsg(handoff, &m.msg, MSG_NOSIGNAL) < 0)
		if (errno != EINTR)
			return -errno;
	return 0;
}

int latt_client_fork(struct latt_client *c, const struct latt_client_cfg *cfg,
		     int handoff)
{
	pid_t pid;

	c->chan.wake_rd = c->chan.wake_wr = -1;
	c->chan.word = &c->slot->word;
	c->adopted = false;
	pid = fork();
	if (pid < 0)
		return -errno;
	if (pid == 0)
		client_child(c, cfg, handoff);
	c->pid = pid;
	c->reaped = false;
	c->in_flight = false;
	c->sent = 0;
	return 0;
}

pid_t latt_client_pid(struct latt_client *c)
{
	/* Started by latt-client: the kernel wrote its pid there. */
	if (!c->pid && !c->is_thread && c->slot)
		c->pid = c->slot->pid;
	return c->pid;
}

struct latt_client *latt_client_find(struct latt_client *clients,
				     unsigned int n, pid_t pid)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		struct latt_client *c = &clients[i];

		if (!c->is_thread && latt_client_pid(c) == pid)
			return c;
	}
	return NULL;
}
