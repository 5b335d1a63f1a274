// SPDX-License-Identifier: GPL-2.0-only
/*
 * Conformance of the wake mechanisms (lib/measure/wake.c):
 * the same checks once per mechanism, with a forked client as latt has:
 * stamps sent arrive as sent, in order; the shared answer wakes the
 * waker once the client has answered; a hang-up ends the client cleanly,
 * also one that is not waiting yet; a dead client makes a pipe or a
 * socket say EPIPE (eventfd and futex cannot tell: latt sees it from
 * SIGCHLD).
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "measure/wake.h"
#include "tap.h"

static const enum latt_wake_mech mechs[] = {
	LATT_WAKE_PIPE, LATT_WAKE_EVENTFD, LATT_WAKE_FUTEX, LATT_WAKE_SOCKET,
};

#define NMECHS	(sizeof(mechs) / sizeof(mechs[0]))

/*
 * The client: echo every stamp on @out, answer, and leave with 0 on the
 * hang-up (2 on an error).
 */
static void __attribute__((noreturn))
client(struct latt_wake_chan *ch, struct latt_answer *a, int out)
{
	uint64_t stamp;
	int ret;

	if (ch->wake_wr >= 0)
		close(ch->wake_wr);
	ch->wake_wr = -1;
	while ((ret = latt_wake_recv(ch, &stamp)) == 1) {
		if (write(out, &stamp, sizeof(stamp)) != sizeof(stamp) ||
		    latt_answer_give(a))
			_exit(2);
	}
	_exit(ret == 0 ? 0 : 2);
}

static bool answered(struct latt_answer *a)
{
	struct pollfd p = { .fd = a->fd, .events = POLLIN };

	return poll(&p, 1, 5000) == 1;
}

static void test_mech(enum latt_wake_mech m, struct latt_wake_word *word)
{
	const char *name = latt_wake_name(m);
	struct latt_answer *a = latt_answer_open();
	struct latt_wake_chan ch;
	uint64_t got[3] = { 0 }, sent[3] = { 17, 1ULL << 40, 99 };
	int echo[2], st, i;
	bool good = true;
	pid_t pid;

	if (!a || pipe(echo) || latt_wake_open(&ch, m, word)) {
		diag("%s: set-up failed", name);
		exit(1);
	}
	fflush(stdout);
	pid = fork();
	if (pid == 0)
		client(&ch, a, echo[1]);
	if (ch.wake_rd >= 0)
		close(ch.wake_rd);
	ch.wake_rd = -1;
	for (i = 0; i < 3; i++) {
		latt_answer_expect(a, 1);
		if (latt_wake_send(&ch, sent[i]) ||
		    read(echo[0], &got[i], sizeof(got[i])) != sizeof(got[i]) ||
		    !answered(a))
			good = false;
	}
	ok(good && !memcmp(got, sent, sizeof(sent)),
	   "%s: stamps arrive as sent, each answered", name);
	latt_wake_hangup(&ch);
	ok(waitpid(pid, &st, 0) == pid && WIFEXITED(st) && !WEXITSTATUS(st),
	   "%s: a hang-up ends the client cleanly", name);
	latt_wake_close(&ch);

	/* A dead client. */
	if (latt_wake_open(&ch, m, word))
		exit(1);
	pid = fork();
	if (pid == 0)
		_exit(0);
	if (ch.wake_rd >= 0)
		close(ch.wake_rd);
	ch.wake_rd = -1;
	waitpid(pid, &st, 0);
	i = latt_wake_send(&ch, 5);
	if (m == LATT_WAKE_PIPE || m == LATT_WAKE_SOCKET)
		ok(i == -EPIPE, "%s: a dead client: EPIPE", name);
	else
		ok(i == 0, "%s: a dead client cannot be told (SIGCHLD tells)",
		   name);
	latt_wake_close(&ch);
	close(echo[0]);
	close(echo[1]);
	latt_answer_close(a);
}

/* A hang-up before the client waits: it still leaves. */
static void test_early_hangup(enum latt_wake_mech m,
			      struct latt_wake_word *word)
{
	struct latt_answer *a = latt_answer_open();
	struct latt_wake_chan ch;
	int st;
	pid_t pid;

	if (!a || latt_wake_open(&ch, m, word))
		exit(1);
	latt_wake_hangup(&ch);
	fflush(stdout);
	pid = fork();
	if (pid == 0)
		client(&ch, a, -1);
	ok(waitpid(pid, &st, 0) == pid && WIFEXITED(st) && !WEXITSTATUS(st),
	   "%s: a hang-up before the client waits ends it too",
	   latt_wake_name(m));
	latt_wake_close(&ch);
	latt_answer_close(a);
}

int main(void)
{
	struct latt_wake_word *word;
	enum latt_wake_mech m;
	size_t i;

	plan((int)NMECHS * 4 + 1);
	word = mmap(NULL, sizeof(*word), PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (word == MAP_FAILED)
		return 1;
	signal(SIGPIPE, SIG_IGN);
	for (i = 0; i < NMECHS; i++)
		test_mech(mechs[i], word);
	for (i = 0; i < NMECHS; i++)
		test_early_hangup(mechs[i], word);
	ok(!latt_wake_parse("futex", &m) && m == LATT_WAKE_FUTEX &&
	   latt_wake_parse("signal", &m) == -EINVAL,
	   "mechanism names parse");
	return tap_done();
}
