/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Writing: the report, the JSON and CSV documents, the outputs.
 *
 * latt's interface: what the programs (latt, latt compare) call.
 * What only the library uses is declared beside it, in lib/.
 */
#ifndef LATT_REPORT_H
#define LATT_REPORT_H

#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/time.h>
#include <sys/types.h>

#include "latt/result.h"
#include "latt/verdict.h"

/*
 * Strings latt did not write itself (a label, a field of a document, a
 * hostname, a task's name, an argument in an error) are shown through
 * this one function before they reach a terminal or a report, so that
 * none can move the cursor, clear the screen, set a window title or
 * break a line a script parses.
 *
 * The rule: printable ASCII is shown as it is (the backslash too, so
 * that a command line quoted for a shell still reads as one; a text may
 * then look like an escape it is not).  Tab, newline and CR are "\t",
 * "\n" and "\r"; every other control byte (0x00-0x1f, 0x7f), and every
 * byte that is not part of valid UTF-8 (a stray continuation byte, an
 * overlong form, a surrogate, beyond U+10FFFF, a sequence cut short), as
 * "\xHH".  Valid UTF-8 is shown as it is, except the characters that are
 * controls too: C1 controls (U+0080-U+009F), the line and paragraph
 * separators (U+2028, U+2029) and the bidirectional controls (U+061C,
 * U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), shown as "\uHHHH".
 * Nothing is dropped or cut: a NUL inside a string with a length is
 * "\x00" like any other control.
 */

/*
 * Escape @len bytes at @s into @dst of @size bytes, NUL-terminated when
 * @size > 0.  Returns the length of the whole escaped text (without the
 * NUL), as snprintf() does: the text was cut when that is >= @size.  The
 * escaped text is at most 6 times as long as @len.
 */
size_t latt_escape(char *dst, size_t size, const char *s, size_t len);

/*
 * The escaped form of string @s (NULL reads as "(null)") for a printf()
 * argument: valid until eight more calls in this thread, so that one
 * message may show up to eight.  Without memory, "(?)".
 */
const char *latt_esc(const char *s);

/* The same, of @len bytes at @s (which may hold NULs). */
const char *latt_esc_n(const char *s, size_t len);

/*
 * @argv[0..argc) joined by spaces, each word quoted for a shell where it
 * needs to be ("latt -c8 'make -j4'"), malloc'd; NULL without memory.
 */
char *latt_shell_join(int argc, char *const *argv);

/*
 * The document of one invocation of latt: what produced it (its command
 * line, --label, the system), every configuration, every run's result
 * and each configuration's values (include/latt/result.h).  The facts of the
 * invocation live here once; the writers (the report, the table, -q,
 * the JSON and the CSV) take the document, not copies in each result.
 */

struct latt_doc {
	int argc;			/* latt's own command line */
	char *const *argv;
	const char *cmdline;		/* ... quoted as a shell would; ""
					   when not known */
	const char *label;		/* --label, or NULL */
	const struct latt_sysinfo *sys;
	unsigned int hz;		/* 0: not known */
	const struct latt_run_cfg *cfgs;	/* every configuration, in
						   order, run or not */
	size_t ncfgs;
	const struct latt_result *results;	/* in the order they ran */
	size_t n;
	const struct latt_metric_list *metrics;	/* of the values */
	const struct latt_agg_cfg *agg;		/* each configuration's
						   values, as cfgs */
	/* each configuration's verdicts against the first, as cfgs */
	const struct latt_verdict (*verdicts)[LATT_METRICS_MAX];
	double level;			/* ... at this level for a row's
					   metrics together (--level) */
};

/*
 * The report: what latt prints of its runs.  latt_report_run() and
 * latt_report_write() assemble it as the invocation asked (a small
 * struct latt_report_opts, not the option parser's); the other writers
 * are its blocks.  Each formats results and values computed elsewhere
 * (include/latt/result.h) and computes nothing.
 */

/* What latt_report_text() adds on request. */
#define LATT_REPORT_CLIENTS	0x1	/* --per-client: the Clients block */
#define LATT_REPORT_HIST	0x2	/* --hist: the log2 histogram */
#define LATT_REPORT_LONG	0x4	/* --long: every block, the wide table */

/*
 * Tell on @f (stderr) why @r is not a success, in one line starting
 * "latt: " and then @ctx ("" for a single run, "configuration 'fifo',
 * run 2: " in a sweep).  Prints nothing for a success.
 */
void latt_report_verdict(FILE *f, const char *ctx, const struct latt_result *r);

/* What the report is to hold. */
struct latt_report_opts {
	bool quiet;		/* -q: a line per configuration, no more */
	bool sweep;		/* several runs: a line each, then a table */
	unsigned int runs;	/* runs per configuration (-r) */
	unsigned int extra;	/* LATT_REPORT_CLIENTS, LATT_REPORT_HIST */
};

/*
 * In a sweep, what is printed as run @r ends: its line, and its blocks
 * of --per-client, --hist, -b and --explain.  Nothing for a single run,
 * with -q, or for a run not measured.  0 or -errno of a failed write.
 */
int latt_report_run(FILE *f, const struct latt_report_opts *o,
		    const struct latt_result *r);

/*
 * Is there a report to write: did a run of @d measure, with an output
 * still able to take it?
 */
bool latt_report_due(const struct latt_doc *d);

/*
 * The report of @d at the end: the -q lines, the table of a sweep, or
 * the report of its single run.  0 or -errno of a failed write.
 */
int latt_report_write(FILE *f, const struct latt_report_opts *o,
		      const struct latt_doc *d);

/*
 * The JSON document of one latt invocation (--json), written with json-c:
 * what produced it (tool, command line, label, system facts) and, per
 * configuration, its settings and every run's result: summaries,
 * percentiles, the histogram as sparse buckets, the clients, the kernel's
 * view, the command and how the run ended.  man/latt-json.5 documents
 * every field; LATT_JSON_SCHEMA changes when one changes meaning or goes.
 */

/* Write @d to @f as one JSON document.  0 or -errno (-ENOMEM). */
int latt_json_write(FILE *f, const struct latt_doc *d);

/*
 * The CSV table of one latt invocation (--csv): a header row, then one
 * row per run, configurations in order.  The columns are fixed (their
 * names and meaning are in latt-report(7), CSV OUTPUT); a value that is not
 * known is an empty field.  Fields are quoted as RFC 4180 says.
 */

/* Write @d to @f.  0 or -errno of a failed write. */
int latt_csv_write(FILE *f, const struct latt_doc *d);

/*
 * Output files (-o, --json, --csv) written whole or not at all.  A file
 * is opened before anything runs, so that a bad path fails first; it is
 * written as an unnamed file in the target's directory (O_TMPFILE, or a
 * hidden temporary where the file system has none) and only linked into
 * place by latt_out_commit().  Until then an existing file of that name
 * is untouched, and a latt killed meanwhile leaves nothing behind.  A
 * symbolic link is followed (the file it leads to is replaced, and keeps
 * its mode); what is not a regular file, and any path under /dev or
 * /proc (/dev/stdout, /dev/null), is written in place, appended to.  "-"
 * is the standard output, whose writes are checked the same way.
 */

struct latt_out {
	const char *path;	/* as given; "-" for the standard output */
	char *dest;		/* where it leads, links followed */
	FILE *f;		/* where to write */
	int fd;			/* the unnamed file (O_TMPFILE), or -1 */
	char *tmp;		/* the hidden temporary's name, or NULL */
	bool is_stdout;
};

/*
 * Open @path for writing.  0, or -errno with the reason in @err (the
 * path is named by the caller).
 */
int latt_out_open(struct latt_out *o, const char *path);

/*
 * Flush @o and put the file in place (the standard output: flush it).
 * 0, or -errno of the failed write or link; the file is then dropped.
 * @o is closed either way.
 */
int latt_out_commit(struct latt_out *o);

/* Drop @o: nothing is left at its path, an older file stays. */
void latt_out_abort(struct latt_out *o);

/*
 * Flush and close the standard output: what could not be written there
 * is a failure, not silence.  0 or -errno.
 */
int latt_out_close_stdout(void);

#endif /* LATT_REPORT_H */
