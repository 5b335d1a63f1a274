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
 * Record that the run failed for reason @why (set-up, the command not
 * executable, ...): @error (-errno, or 0) and @what ("waker: setting its
 * cpus").  The first reason recorded wins.
 */
void latt_result_fail(struct latt_result *r, enum latt_stop why, int error,
		      const char *what);

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
