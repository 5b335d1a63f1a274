/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * latt's own messages on a standard error that nobody reads.
 *
 * Where standard error is a pipe, a message that finds it full waits for
 * its reader; were that reader never to read (a pipe held open by
 * somebody who does not, filled by the command's output), latt would
 * wait there for good, its run over.  After latt_errout_init(), latt's
 * own messages (stdio's stderr) go through a description of that pipe
 * of latt's own which does not block: a message waits for room at most
 * three seconds, as the command's output passed on does
 * (run/capture.h), and once one has been dropped so, the rest are
 * written only where there is room at once.  Descriptor 2 stays as it
 * was, for the processes latt starts.
 */
#ifndef LATT_BASE_ERROUT_H
#define LATT_BASE_ERROUT_H

/* At most how long a message waits for room: the capture's budget. */
#define LATT_ERROUT_WAIT_MS	3000

/*
 * Where standard error is a pipe, write latt's messages as above; else
 * leave them as they are.  Call before any thread starts.
 */
void latt_errout_init(void);

#endif /* LATT_BASE_ERROUT_H */
