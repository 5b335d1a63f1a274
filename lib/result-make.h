/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Making a run's result (include/latt/result.h), what the run and the
 * waker do and nothing else: the failure that stopped it, the clients'
 * samples merged from their shared slots, each client's part, the
 * samples in time (the blocks), and at the end what is derived from the
 * samples.  The writers and latt's main read a result; they never make
 * one.
 */
#ifndef LATT_RESULT_MAKE_H
#define LATT_RESULT_MAKE_H

#include <stdint.h>

#include "latt/result.h"

struct latt_client;
struct latt_client_slot;

/*
 * The blocks' histograms, made and touched before the run measures, so
 * that no page of theirs is faulted in while it does.  0 or -ENOMEM.
 */
int latt_blocks_init(struct latt_blocks *b);

/* Sample @v into the last block (made here if latt_blocks_init() was not
   called). */
int latt_blocks_add(struct latt_blocks *b, uint64_t v);

/* A cycle ended: the next begins a block when this one is full. */
void latt_blocks_cycle(struct latt_blocks *b);

/* The blocks, sparse; the histograms freed.  0 or -ENOMEM. */
int latt_blocks_finish(struct latt_blocks *b);

void latt_blocks_free(struct latt_blocks *b);

/*
 * Why a run stops, as the part of latt that found it says it: the stop,
 * and what that kind of stop carries.
 */
struct latt_stop_why {
	enum latt_stop stop;		/* LATT_STOP_NONE: nothing happened */
	int error;			/* -errno, or 0 */
	int signal;			/* SIGNAL, TTY: which */
	int client;			/* CLIENT: its index */
	char what[LATT_WHAT_MAX];	/* SETUP, ERROR: what failed, or "" */
};

/*
 * Fill @why with the stop @stop and its @error (-errno, or 0), and what
 * failed when @fmt is not NULL; no signal, no client.  Returns @why.
 */
struct latt_stop_why *latt_stop_say(struct latt_stop_why *why,
				    enum latt_stop stop, int error,
				    const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/*
 * Record @why as the stop of @r, by latt_stop_wins()'s rule: the one
 * place a result's stop is written.  Returns true when recorded.
 */
bool latt_result_stop(struct latt_result *r, const struct latt_stop_why *why);

/* Merge every client slot into @r's series. */
void latt_result_collect(struct latt_result *r,
			 const struct latt_client_slot *slots, unsigned int n);

/*
 * Keep each client's part of the run in @r->clients (allocated: free it
 * with latt_result_release()).  0 or -ENOMEM.
 */
int latt_result_collect_clients(struct latt_result *r,
				const struct latt_client *clients,
				unsigned int n);

/*
 * Derive what the writers print: the percentiles of both series for
 * cfg.pcts[] (latt_percentile(): the histogram's value clamped to the
 * exact min and max, the max when too few), standard deviations, the
 * context switch rate, the command's CPU time.
 */
void latt_result_finish(struct latt_result *r);

#endif /* LATT_RESULT_MAKE_H */
