/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Clients: the tasks whose wakeups are measured.
 *
 * A client blocks on its wake channel; when woken it stamps the time,
 * does its work (-x), stamps again and records the two samples, wakeup
 * latency (waker's stamp to its own) and work latency (its wakeup to the
 * end of the work), into its slot, then answers (the shared answer of
 * measure/wake.h: the last client of a cycle wakes the waker).  Slots live in one shared
 * anonymous mapping made before the clients are forked, so the waker reads
 * every client's results without any copying, and each client writes only
 * its own slot (its own cache lines).
 */
#ifndef LATT_RUN_CLIENT_H
#define LATT_RUN_CLIENT_H

#include <linux/capability.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "measure/clock.h"
#include "measure/hist.h"
#include "measure/kwait.h"
#include "measure/stats.h"
#include "measure/wake.h"
#include "measure/work.h"
#include "settings/sched.h"

/* What one client has measured.  All zero is the empty state. */
struct latt_client_slot {
	struct latt_stats wake;
	struct latt_stats work;
	uint64_t last_wake_ns;	/* the latest samples, for -v */
	uint64_t last_work_ns;
	/*
	 * The wakeups answered (the samples recorded, and those left out),
	 * published by the client after the rest (release): what the waker
	 * reads while the client runs.
	 */
	atomic_uint_least64_t done;
	/*
	 * Set by the waker to the number (done + 1) of a wakeup in flight
	 * when latt was stopped (^Z): that wakeup's sample holds the stopped
	 * time, so the client leaves it out and counts it in @left_out.
	 */
	atomic_uint_least64_t mark;
	uint64_t left_out;
	struct latt_wake_word word;	/* the wake channel's shared word */
	pid_t pid;			/* started by latt-client: its pid,
					   written by the kernel before it
					   runs (0: not started) */
	/* where it ran when woken (sched_getcpu() after its stamp) */
	cpu_set_t woke_on;
	int last_cpu;			/* plus 1; 0 before the first */
	uint64_t migrations;		/* woken on another CPU than the
					   time before */
	struct latt_hist wake_hist;
	struct latt_hist work_hist;
	/* --kernel-view: the kernel's figure for each wakeup */
	struct latt_kwait kwait;
} __attribute__((aligned(64)));

/* What a thread client is doing (--threads). */
enum latt_thread_state {
	LATT_THREAD_STARTING,
	LATT_THREAD_READY,		/* settings made: measuring */
	LATT_THREAD_FAILED,		/* a setting failed: in @fail */
	LATT_THREAD_ENDED,		/* its loop ended: @exit_error */
};

/* A client that could not apply its settings, as its hand-off tells. */
struct latt_client_failure {
	unsigned int id;
	int error;			/* -errno */
	enum latt_sched_step step;	/* what failed */
};

struct latt_client {
	unsigned int id;		/* 0-based; reported 1-based */
	pid_t pid;			/* 0 before it is started */
	bool reaped;			/* its exit status is in @status */
	bool adopted;			/* its channel was handed over */
	int status;			/* as from waitpid() */
	uint64_t reaped_ns;		/* the clock when it was reaped */
	struct latt_wake_chan chan;
	struct latt_client_slot *slot;
	/* the waker's view of the current wakeup */
	bool in_flight;			/* woken, not answered yet */
	uint64_t sent_stamp;		/* the stamp it was woken with */
	uint64_t sent;			/* wakeups sent since the last reset */
	struct latt_schedstat kstart;	/* the kernel's count at the start */
	/* a thread client (--threads); @pid is its thread id */
	bool is_thread;
	bool count_off;			/* a process, not yet counted off
					   the answer as ready */
	pthread_t thread;
	const struct latt_client_cfg *thread_cfg;
	int notify_fd;			/* the waker's eventfd */
	atomic_int state;		/* enum latt_thread_state */
	struct latt_client_failure fail;
	int exit_error;			/* 0 for the hang-up, or -errno */
	bool abandoned;			/* it never left: left running, with
					   all it uses, until latt exits */
};

/* What every client of a run shares. */
struct latt_client_cfg {
	const struct latt_clock *clock;
	size_t work_bytes;		/* -x, in bytes; 0 for no work */
	const struct latt_sched *sched;	/* its scheduler settings */
	struct latt_answer *answer;	/* the answer all clients share */
	enum latt_wake_mech mech;	/* how the waker wakes it */
	bool kernel_view;		/* read its schedstat around each
					   wakeup (lib/measure/kwait.h) */
	pid_t parent;			/* the waker: clients die with it */
	const sigset_t *sigmask;	/* the signal mask to run with */
	const sigset_t *ignore;		/* signals the waker handles for us:
					   kept blocked, never delivered */
};

/*
 * What the clients of a run read all run, in shared memory that
 * latt-client maps too (a memfd): their settings, and the clock, whose
 * rate is set once they started (latt_clock_settle()).  @cfg's pointers
 * point into this page, in latt; latt-client points them into its own
 * mapping.  The descriptors are latt's, and keep their numbers in
 * latt-client.
 */
struct latt_client_share {
	/* first, where any latt-client finds them: */
	char version[32];		/* latt's version ... */
	uint32_t layout;		/* ... and latt_client_layout(): */
					/* latt-client is latt's own */
	int handoff_fd;			/* the hand-off socket's clients' end */
	struct latt_client_cfg cfg;
	struct latt_clock clock;
	struct latt_sched sched;
	sigset_t sigmask, ignore;
	char comm[16];			/* latt's name, its clients' too */
	bool have_caps;			/* latt's capabilities, which ... */
	struct __user_cap_data_struct caps[_LINUX_CAPABILITY_U32S_3];
					/* ... latt-client takes for them */
	unsigned int clients;		/* how many to start */
	int slots_fd;			/* the slots' memfd */
	int answer_map_fd;		/* the answer's memfd */
};

/*
 * The shapes of what latt and latt-client share, in one number: another
 * build's latt-client, whose differ, leaves the clients to latt.
 */
static inline uint32_t latt_client_layout(void)
{
	return (uint32_t)(sizeof(struct latt_client_share) ^
			  sizeof(struct latt_client_slot) << 12 ^
			  sizeof(struct latt_client_cfg) << 24 ^
			  offsetof(struct latt_client_share, clock) << 8 ^
			  offsetof(struct latt_client_slot, word) << 16 ^
			  offsetof(struct latt_client_slot, pid) << 20);
}

/*
 * Map @n zeroed slots shared with child processes, and with latt-client
 * through *@fd where @fd is not NULL.  Returns NULL with errno set on
 * failure.  Pages are only backed once a client touches them.
 */
struct latt_client_slot *latt_client_slots_map(unsigned int n, int *fd);

/* Unmap what latt_client_slots_map() returned (closing *@fd). */
void latt_client_slots_unmap(struct latt_client_slot *slots, unsigned int n,
			     int *fd);

/*
 * Empty a slot whose client is not recording (it is blocked, or gone):
 * the samples of the warm-up are dropped this way.  Only the histogram
 * buckets between the slot's min and max are written.
 */
void latt_client_slot_clear(struct latt_client_slot *s);

/*
 * Starting clients takes two steps, so that a fork copies only the
 * waker's few descriptors and not the two of every client started before
 * (which made starting N clients cost O(N^2) in the kernel):
 *
 *  1. latt_client_fork() for every client.  The child dies with the waker
 *     (PR_SET_PDEATHSIG), keeps the signals the waker handles blocked (^C
 *     and the like: the waker stops it), closes what it inherited, applies
 *     its scheduler settings, opens its own channel and sends the waker's
 *     ends over the hand-off socket (SCM_RIGHTS), counts itself off the
 *     shared answer (ready) and runs latt_client_loop() until the waker
 *     hangs up.  A client whose settings fail sends that failure
 *     instead, and exits.
 *  2. latt_client_adopt() once per client, after all are forked, takes
 *     one hand-off message and fills that client's channel.  The run
 *     starts once the answer's count, set to the number of clients
 *     before the first fork, is down to 0.
 */

/*
 * The clients are started, where latt finds it, by latt-client, a small
 * program of its own run once per run: a fork of it costs less than one
 * of latt, with its many libraries, and while it forks, latt takes the
 * hand-offs.  It creates each client with CLONE_PARENT, so that the
 * clients are latt's children as they would be with fork(); the kernel
 * writes each one's pid into its slot.  It ends with a report on the
 * hand-off socket: how many it started, and the error that stopped it.
 */

/* The id of latt-client's report among the hand-off messages. */
#define LATT_CLIENT_REPORT	0xffffffffU

/*
 * In latt-client: start client @c as latt's child (CLONE_PARENT), which
 * then goes on as latt_client_fork()'s child does.  0 or -errno.
 */
int latt_client_clone(struct latt_client *c, const struct latt_client_cfg *cfg,
		      int handoff);

/*
 * In latt-client: its report, on socket @handoff: @started clients, and
 * @error (0, or -errno of the start that failed).  0 or -errno.
 */
int latt_client_report(int handoff, unsigned int started, int error);

/* Make the hand-off socket pair (close-on-exec).  0 or -errno. */
int latt_client_handoff_open(int fds[2]);

/*
 * Fork client @c, which will hand its channel over through socket
 * @handoff.  0 or -errno.
 */
int latt_client_fork(struct latt_client *c, const struct latt_client_cfg *cfg,
		     int handoff);

/*
 * Take one hand-off message from socket @fd (non-blocking) and give its
 * descriptor (close-on-exec; none for a futex channel) to the client among
 * @clients[0..n) it names, whose channel is of mechanism @mech.  Returns
 * that client's index, -EAGAIN when none is waiting, -ECANCELED when the
 * client could not apply its settings (@fail says what), -EPIPE when the
 * clients still to hand over have all exited, -EPROTO for a malformed
 * message, or -errno; for latt-client's report, -ECHILD with @fail->id
 * the clients it started and @fail->error its error.
 */
int latt_client_adopt(struct latt_client *clients, unsigned int n, int fd,
		      enum latt_wake_mech mech,
		      struct latt_client_failure *fail);

/*
 * The client's measuring loop, for a child process or a thread, with its
 * @work set up.  Returns 0 when the waker hung up, or -errno.
 */
int latt_client_loop(struct latt_client *c, const struct latt_client_cfg *cfg,
		     struct latt_work *work);

/*
 * --threads: start client @c as a thread of latt.  Its channel is made
 * here (both ends stay in latt); the thread makes its own settings, sets
 * c->state (READY, or FAILED with c->fail) and then, when its loop ends,
 * ENDED with c->exit_error; each change is one write to the eventfd
 * @notify_fd.  0 or -errno.
 */
int latt_client_thread_start(struct latt_client *c,
			     const struct latt_client_cfg *cfg, int notify_fd);

/*
 * Join thread client @c, once its state is ENDED or FAILED (it returns
 * at once then).  0 or -errno.
 */
int latt_client_thread_join(struct latt_client *c);

/*
 * The pid of process client @c, 0 when it is not started: a client that
 * latt-client started has it in its slot, before latt has its hand-off.
 */
pid_t latt_client_pid(struct latt_client *c);

/* The process client of pid @pid among @clients[0..n), or NULL. */
struct latt_client *latt_client_find(struct latt_client *clients,
				     unsigned int n, pid_t pid);

/* The samples client @c has recorded, with all they wrote before. */
static inline uint64_t latt_client_samples_in(const struct latt_client *c)
{
	return atomic_load_explicit(&c->slot->done, memory_order_acquire);
}

#endif /* LATT_RUN_CLIENT_H */
