// SPDX-License-Identifier: GPL-2.0-only
/*
 * A mutation fuzzer for what latt takes from outside: the documents
 * "latt compare" reads (-t compare) and latt's command line (-t argv).
 *
 * Each execution runs latt as a process (the program as users run it,
 * whatever unit the code lives in) on one mutated input and checks what
 * it did:
 *  - no sanitizer report (built with ./configure --enable-sanitizers),
 *    no death by a signal latt was not sent, no hang;
 *  - latt compare exits 0 or 1 only; latt with a command line exits with
 *    a status latt(1) lists (0, 1, 2, 3, 4, 127; 130 when interrupted);
 *  - no raw control character (but newline and tab), no invalid UTF-8
 *    and no "inf" or "nan" printed for a number, in anything latt wrote
 *    (standard output, and its own lines on standard error: a command
 *    latt ran may print what it likes);
 *  - memory bounded: the largest resident set stays below -m (the
 *    fuzzer is built without sanitizers: Linux counts the resident set
 *    a child had before exec, the fuzzer's, in the child's).
 * Inputs never hold the words "inf" and "nan" in lower case (they are
 * spelled "iNf" and "nAn"), so that one in the output can only be a
 * number printed with %f.  JSON's own NaN and Infinity are put in.
 *
 * The sequence of inputs depends on -s alone: a run is repeatable.  An
 * input that fails is kept in the work directory (fail-N.json, or
 * fail-N.argv with one word per line, escaped) with the reason, and the
 * document that took the most memory as maxrss.json.
 *
 * Command lines run as user nobody when the fuzzer runs as root, in an
 * empty directory, with PATH holding only true and false: settings that
 * need privileges are refused before anything changes, and no command
 * but the few it names runs.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define OUT_MAX		(8 << 20)	/* output read back, bytes */
#define NOBODY		65534
#define MAX_ARGS	64
#define HANG_MS		30000	/* alive this long after SIGINT: hung */

struct buf {
	char *p;
	size_t n, cap;
};

static void buf_reserve(struct buf *b, size_t n)
{
	if (b->n + n + 1 <= b->cap)
		return;
	b->cap = (b->n + n + 1) * 2;
	b->p = realloc(b->p, b->cap);
	if (!b->p) {
		perror("fuzz: realloc");
		exit(2);
	}
}

static void buf_insert(struct buf *b, size_t at, const void *s, size_t n)
{
	buf_reserve(b, n);
	memmove(b->p + at + n, b->p + at, b->n - at);
	memcpy(b->p + at, s, n);
	b->n += n;
	b->p[b->n] = '\0';
}

static void buf_inserts(struct buf *b, size_t at, const char *s)
{
	buf_insert(b, at, s, strlen(s));
}

static void buf_add(struct buf *b, const void *s, size_t n)
{
	buf_insert(b, b->n, s, n);
}

static void buf_adds(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

static void buf_erase(struct buf *b, size_t at, size_t n)
{
	if (at > b->n)
		return;
	if (n > b->n - at)
		n = b->n - at;
	memmove(b->p + at, b->p + at + n, b->n - at - n);
	b->n -= n;
	b->p[b->n] = '\0';
}

static void buf_set(struct buf *b, const void *s, size_t n)
{
	b->n = 0;
	buf_add(b, s, n);
}

/* xorshift64*: the whole sequence follows from -s. */
static uint64_t rng_state;

static uint64_t rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 2685821657736338717ULL;
}

static size_t below(size_t n)
{
	return n ? (size_t)(rnd() % n) : 0;
}

static bool chance(unsigned int percent)
{
	return below(100) < percent;
}

#define PICK(a)	((a)[below(ARRAY_SIZE(a))])

/* Hostile bytes: controls, escapes, invalid and tricky UTF-8. */
static const char *const hostile[] = {
	"\x1b[2J", "\x1b]0;owned\x07", "\x07", "\n", "\r", "\t", "\x7f",
	"\x01", "\x1b", "\xc2\x9b" "31m", "\xe2\x80\xae", "\xe2\x80\xa8",
	"\xff", "\xfe\xff", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80",
	"\xe2\x82", "\x80", "\xc3\xa9", "\xf0\x9f\x98\x80", "%s%n%x", "\\",
	"'", "\"", "$(true)", "`true`",
};

/* Lower-case "inf" and "nan" in an input would read as printed NaNs. */
static void scrub(struct buf *b)
{
	size_t i;

	for (i = 0; i + 3 <= b->n; i++)
		if (!memcmp(b->p + i, "inf", 3) || !memcmp(b->p + i, "nan", 3))
			b->p[i + 1] = (char)(b->p[i + 1] - 'a' + 'A');
}

/* A long text: a word repeated. */
static void add_long(struct buf *b)
{
	static const char *const words[] = { "x", "0", "9", "a/", "\x1b",
					     "\xe2\x82\xac" };
	const char *w = PICK(words);
	size_t n = 200 + below(5000), i;

	for (i = 0; i < n; i++)
		buf_adds(b, w);
}

/* Mutate the bytes of @b once. */
static void mutate_bytes(struct buf *b)
{
	size_t at = below(b->n + 1), n;
	char c;

	switch (below(8)) {
	case 0:		/* flip a bit */
		if (b->n)
			b->p[below(b->n)] ^= (char)(1 << below(8));
		break;
	case 1:		/* a random byte */
		c = (char)below(256);
		buf_insert(b, at, &c, 1);
		break;
	case 2:		/* hostile bytes */
		buf_inserts(b, at, PICK(hostile));
		break;
	case 3:		/* cut */
		buf_erase(b, at, 1 + below(16));
		break;
	case 4:		/* cut short */
		if (b->n)
			buf_erase(b, below(b->n), b->n);
		break;
	case 5:		/* a chunk twice */
		if (b->n) {
			struct buf t = { 0 };

			at = below(b->n);
			n = 1 + below(b->n - at < 64 ? b->n - at : 64);
			buf_add(&t, b->p + at, n);
			buf_insert(b, below(b->n + 1), t.p, t.n);
			free(t.p);
		}
		break;
	case 6:		/* a digit changed */
		if (b->n) {
			at = below(b->n);
			if (b->p[at] >= '0' && b->p[at] <= '9')
				b->p[at] = (char)('0' + below(10));
		}
		break;
	default:	/* a long run */
		{
			struct buf t = { 0 };

			add_long(&t);
			buf_insert(b, at, t.p, t.n);
			free(t.p);
		}
		break;
	}
}

/* ---- latt compare: documents ---- */

static const char *const numbers[] = {
	"NaN", "Infinity", "-Infinity", "1e999", "-1e999", "5e-324",
	"-5e-324", "0", "-0", "-1", "1", "0.0", "128.0", "1.5", "0.04",
	"2147483647", "2147483648", "4294967296", "9007199254740992",
	"9007199254740993", "9223372036854775807", "9223372036854775808",
	"18446744073709551615", "18446744073709551616",
	"100000000000000000000000000000", "1e308", "-9223372036854775809",
	"null", "true", "\"1\"", "[]", "{}", "01", "1e", "-",
};

static const char *const strings[] = {
	"\"\\u001b[2J\"", "\"\\u0000\"", "\"a\\u0000b\"", "\"\\u0007\"",
	"\"\\ud800\"", "\"\\u202e\"", "\"\\u009b\"", "\"\\n\\r\\t\"",
	"\"\x1b]0;t\x07\"", "\"\xff\xfe\"", "\"\"", "null", "1", "[]",
	"\"\\\\\"",
};

/* Spans of number tokens, string values and keys in @b. */
struct span {
	size_t at, n;
};

#define SPANS	200000

static struct span nums[SPANS], strs[SPANS], keys[SPANS];
static size_t nnums, nstrs, nkeys;

static void find_tokens(const struct buf *b)
{
	size_t i = 0, j, k;

	nnums = nstrs = nkeys = 0;
	while (i < b->n) {
		char c = b->p[i];

		if (c == '"') {
			for (j = i + 1; j < b->n && b->p[j] != '"'; j++)
				if (b->p[j] == '\\')
					j++;
			for (k = j + 1; k < b->n && strchr(" \t\r\n",
							   b->p[k]); k++)
				;
			if (k < b->n && b->p[k] == ':') {
				if (nkeys < SPANS)
					keys[nkeys++] = (struct span){
						i, j + 1 - i };
			} else if (nstrs < SPANS) {
				strs[nstrs++] = (struct span){ i, j + 1 - i };
			}
			i = j + 1;
			continue;
		}
		if ((c >= '0' && c <= '9') || c == '-') {
			for (j = i; j < b->n && strchr("0123456789+-.eE",
							b->p[j]); j++)
				;
			if (nnums < SPANS)
				nums[nnums++] = (struct span){ i, j - i };
			i = j;
			continue;
		}
		i++;
	}
}

/* Replace a span with @with. */
static void replace(struct buf *b, struct span sp, const char *with,
		    size_t n)
{
	if (sp.at + sp.n > b->n)
		return;
	buf_erase(b, sp.at, sp.n);
	buf_insert(b, sp.at, with, n);
}

static void replace_s(struct buf *b, struct span sp, const char *with)
{
	replace(b, sp, with, strlen(with));
}

/* A string value's text: hostile bytes, JSON escapes, or long. */
static void mutate_string(struct buf *b)
{
	struct buf t = { 0 };

	if (!nstrs)
		return;
	if (chance(40)) {
		replace_s(b, strs[below(nstrs)], PICK(strings));
		return;
	}
	buf_adds(&t, "\"");
	if (chance(20))
		add_long(&t);
	buf_adds(&t, PICK(hostile));
	if (chance(50))
		buf_adds(&t, "x");
	buf_adds(&t, "\"");
	replace(b, strs[below(nstrs)], t.p, t.n);
	free(t.p);
}

/* One mutation that knows JSON: a number, a string, a value replaced. */
static void mutate_json(struct buf *b, bool gentle)
{
	struct buf t = { 0 };
	char tmp[64];
	size_t r = gentle ? 0 : below(100);

	find_tokens(b);
	if (r < 30) {
		mutate_string(b);
	} else if (r < 50) {
		if (nnums)
			replace_s(b, nums[below(nnums)], PICK(numbers));
	} else if (r < 65) {
		if (nnums) {
			snprintf(tmp, sizeof(tmp), "%llu", (unsigned long long)
				 (rnd() >> below(64)));
			replace(b, nums[below(nnums)], tmp, strlen(tmp));
		}
	} else if (r < 80) {
		/* A number a little off: a digit more, or less. */
		if (nnums) {
			struct span sp = nums[below(nnums)];

			if (chance(50))
				buf_insert(b, sp.at + sp.n, "0", 1);
			else if (sp.n > 1)
				buf_erase(b, sp.at + sp.n - 1, 1);
		}
	} else if (r < 90) {
		/* Another type in a value's place. */
		static const char *const other[] = { "null", "1", "[]", "{}",
						     "\"x\"", "true", "1.5" };

		if (nstrs && chance(50))
			replace_s(b, strs[below(nstrs)], PICK(other));
		else if (nnums)
			replace_s(b, nums[below(nnums)], PICK(other));
	} else if (nkeys) {
		buf_adds(&t, "\"");
		buf_adds(&t, PICK(hostile));
		buf_adds(&t, "\"");
		replace(b, keys[below(nkeys)], t.p, t.n);
	}
	free(t.p);
}

/* ---- latt: command lines ---- */

enum kind {
	K_NONE, K_COUNT, K_TIME, K_SIZE, K_PCTS, K_CLOCK, K_MECH, K_CONFIG,
	K_FILE, K_LABEL, K_LIMITS, K_POLICY, K_NICE, K_PRIO, K_CPUS, K_NODE,
	K_CGROUP, K_BOOL, K_FEATURES, K_PREEMPT, K_COMMAND, K_OPTNUM,
};

static const struct {
	const char *name;
	char shortopt;
	enum kind kind;
} options[] = {
	{ "clients", 'c', K_COUNT }, { "min-wait", 's', K_TIME },
	{ "max-wait", 'S', K_TIME }, { "work", 'x', K_SIZE },
	{ "duration", 't', K_TIME }, { "grace", 0, K_TIME },
	{ "warmup", 0, K_TIME }, { "percentiles", 'p', K_PCTS },
	{ "clock", 0, K_CLOCK }, { "mechanism", 0, K_MECH },
	{ "threads", 0, K_NONE }, { "config", 'C', K_CONFIG },
	{ "runs", 'r', K_COUNT }, { "output", 'o', K_FILE },
	{ "quiet", 'q', K_NONE }, { "interval", 'i', K_TIME },
	{ "breaktrace", 'b', K_TIME }, { "keep-trace", 0, K_NONE },
	{ "explain", 0, K_OPTNUM }, { "fail-above", 0, K_LIMITS },
	{ "per-client", 0, K_NONE }, { "hist", 0, K_NONE },
	{ "json", 0, K_FILE }, { "csv", 0, K_FILE },
	{ "label", 0, K_LABEL }, { "verbose", 'v', K_NONE },
	{ "version", 'V', K_NONE }, { "help", 'h', K_NONE },
	{ "policy", 0, K_POLICY }, { "priority", 0, K_PRIO },
	{ "nice", 0, K_NICE }, { "cpus", 0, K_CPUS }, { "node", 0, K_NODE },
	{ "slice", 0, K_TIME }, { "runtime", 0, K_TIME },
	{ "deadline", 0, K_TIME }, { "period", 0, K_TIME },
	{ "waker-policy", 0, K_POLICY }, { "waker-priority", 0, K_PRIO },
	{ "waker-nice", 0, K_NICE }, { "waker-cpus", 0, K_CPUS },
	{ "target-policy", 0, K_POLICY }, { "target-priority", 0, K_PRIO },
	{ "target-nice", 0, K_NICE }, { "target-cpus", 0, K_CPUS },
	{ "target-node", 0, K_NODE }, { "target-cgroup", 0, K_CGROUP },
	{ "target-weight", 0, K_COUNT }, { "autogroup", 0, K_BOOL },
	{ "dma-latency", 0, K_COUNT }, { "features", 0, K_FEATURES },
	{ "preempt", 0, K_PREEMPT }, { "scheduler", 0, K_COMMAND },
};

static const char *const values_count[] = {
	"1", "2", "4", "0", "-1", "4096", "4097", "1000", "1001", "+3",
	"18446744073709551616", "1e3", "0x10", "NaN", "INF", " 1", "1 ", "",
	"3.5",
};
static const char *const values_time[] = {
	"1ms", "2", "0.1", "500us", "10ns", "1s", "1h", "30d", "31d", "0",
	"-1ms", "1e999s", "NaN", "Infinity", "1.5.5ms", "ms", "", "0.05",
	"10ms", "1min", "3600s", "3601s", "1e-9", "100us", "2s", "1day",
	"18446744073709551615ns", "0x10ms",
};
static const char *const values_size[] = {
	"64k", "0", "1m", "64m", "65m", "1g", "k", "-1k", "100b", "1",
	"1e3k", "NaN",
};
static const char *const values_pcts[] = {
	"50,99", "99.9", "100", "0", "100.0001", "50,50", "1,2,3,4,5,6,7,8,"
	"9,10,11,12,13,14,15,16,17", "99.99999999999999", "50,,90", "-5",
	"NaN", "1e-300", "99.9999", ",",
};
static const char *const values_clock[] = {
	"auto", "monotonic", "monotonic_raw", "tsc", "TSC", "realtime", "",
};
static const char *const values_mech[] = {
	"pipe", "eventfd", "futex", "socket", "signal", "",
};
static const char *const values_config[] = {
	"a:", "b:nice=1", "c:policy=fifo,priority=10", ":nice=1",
	"a:bogus=1", "x:nice=1,nice=2", "d:cpus=0", "e:nice=5,cpus=0-1",
	"f:target-nice=3", "g", "h:nice", "i:autogroup=0", "j:,", "k:=1",
	"base:", "l:slice=1ms", "m:policy=batch", "n:policy=idle",
	"o:waker-nice=2", "p:target-weight=50",
};
static const char *const values_file[] = {
	"out.txt", "-", "/dev/null", "", "j.json", "c.csv", "sub/x", ".",
};
static const char *const values_label[] = {
	"lbl", "a b", "x", "", "kernel 6.1",
};
static const char *const values_limits[] = {
	"p99=2ms", "max=1us", "p100=1", "p0=1", "avg=", "p99=NaN",
	"stdev=1ms,max=1s", "p99.9=10us", "max=0", "min=1", "p99=1e999",
	"max=1ms,max=2ms", "p99=", "=1",
};
static const char *const values_policy[] = {
	"other", "batch", "idle", "fifo", "rr", "deadline", "ext", "",
	"OTHER",
};
static const char *const values_nice[] = {
	"0", "5", "19", "20", "-1", "-20", "-21", "NaN", "", "+1",
};
static const char *const values_prio[] = {
	"1", "99", "0", "100", "-1", "50", "",
};
static const char *const values_cpus[] = {
	"0", "0-1", "1-0", "0,,1", "99999", "0-4095", "", "a", "0-", "-1",
	"1,0", "0-1023",
};
static const char *const values_node[] = {
	"0", "1", "-1", "99", "",
};
static const char *const values_cgroup[] = {
	"/sys/fs/cgroup/latt-fuzz", "relative", "", "/", "/nonexistent/x",
};
static const char *const values_bool[] = {
	"0", "1", "2", "-1", "", "yes",
};
static const char *const values_features[] = {
	"NO_HRTICK", "HRTICK", "X", "", "NO_", ",",
};
static const char *const values_preempt[] = {
	"none", "voluntary", "full", "lazy", "", "ful",
};
static const char *const values_command[] = {
	"scx_nonexistent", "", "x y",
};

static const char *value_of(enum kind k)
{
	switch (k) {
	case K_COUNT:	return PICK(values_count);
	case K_TIME:	return PICK(values_time);
	case K_SIZE:	return PICK(values_size);
	case K_PCTS:	return PICK(values_pcts);
	case K_CLOCK:	return PICK(values_clock);
	case K_MECH:	return PICK(values_mech);
	case K_CONFIG:	return PICK(values_config);
	case K_FILE:	return PICK(values_file);
	case K_LABEL:	return PICK(values_label);
	case K_LIMITS:	return PICK(values_limits);
	case K_POLICY:	return PICK(values_policy);
	case K_NICE:	return PICK(values_nice);
	case K_PRIO:	return PICK(values_prio);
	case K_CPUS:	return PICK(values_cpus);
	case K_NODE:	return PICK(values_node);
	case K_CGROUP:	return PICK(values_cgroup);
	case K_BOOL:	return PICK(values_bool);
	case K_FEATURES: return PICK(values_features);
	case K_PREEMPT:	return PICK(values_preempt);
	case K_COMMAND:	return PICK(values_command);
	case K_OPTNUM:	return PICK(values_count);
	default:	return "";
	}
}

/* The commands that may run: none prints anything itself. */
static const char *const commands[][3] = {
	{ "--", "true", NULL }, { "--", "false", NULL },
	{ "true", NULL, NULL }, { "--", "nonexistent-latt-fuzz", NULL },
	{ "/bin/sleep 0.05", NULL, NULL }, { "--", "/bin/true", "x" },
	{ "compare", NULL, NULL },
};

struct argv_in {
	struct buf word[MAX_ARGS];
	size_t n;
};

static void word_add(struct argv_in *a, const char *s)
{
	if (a->n == MAX_ARGS)
		return;
	a->word[a->n].n = 0;
	buf_adds(&a->word[a->n++], s);
}

/* A value, mutated now and then. */
static void value_add(struct argv_in *a, enum kind k, const char *prefix)
{
	struct buf *w;

	word_add(a, prefix);
	w = &a->word[a->n - 1];
	buf_adds(w, value_of(k));
	if (chance(30)) {
		size_t m = 1 + below(3);

		while (m--)
			mutate_bytes(w);
		/* argv cannot hold a NUL: it ends the word there. */
		w->n = strlen(w->p);
	}
}

/* One option, in one of the ways getopt takes it (or does not). */
static void option_add(struct argv_in *a)
{
	size_t i = below(ARRAY_SIZE(options));
	enum kind k = options[i].kind;
	char pre[80];
	int form = (int)below(6);

	if (options[i].shortopt && form < 2) {
		snprintf(pre, sizeof(pre), "-%c", options[i].shortopt);
		if (k == K_NONE || k == K_OPTNUM) {
			word_add(a, pre);
		} else if (form == 0) {
			value_add(a, k, pre);		/* -c4 */
		} else {
			word_add(a, pre);		/* -c 4 */
			if (chance(95))
				value_add(a, k, "");
		}
		return;
	}
	/* Now and then an abbreviation, ambiguous or not. */
	snprintf(pre, sizeof(pre), "--%.*s", chance(10) ?
		 (int)(1 + below(strlen(options[i].name))) :
		 (int)strlen(options[i].name), options[i].name);
	if (k == K_NONE || (k == K_OPTNUM && chance(50))) {
		if (chance(5))
			strcat(pre, "=1");
		word_add(a, pre);
	} else if (form < 4 || k == K_OPTNUM) {
		strcat(pre, "=");
		value_add(a, k, pre);			/* --clients=4 */
	} else {
		word_add(a, pre);			/* --clients 4 */
		if (chance(95))
			value_add(a, k, "");
	}
}

static void make_argv(struct argv_in *a, const char *latt)
{
	size_t i, n = below(7), c;

	a->n = 0;
	word_add(a, latt);
	if (chance(8)) {
		/* latt compare and its arguments. */
		static const char *const cargs[] = {
			"--cdf", "-h", "--help", "--bogus", "--", "seed.json",
			"nonexistent.json", "-", ".", "/dev/null",
		};

		word_add(a, "compare");
		for (i = below(4); i; i--) {
			word_add(a, PICK(cargs));
			if (chance(20))
				mutate_bytes(&a->word[a->n - 1]);
			a->word[a->n - 1].n = strlen(a->word[a->n - 1].p);
		}
		return;
	}
	/* Short runs by default: the options after these may say otherwise. */
	if (chance(90)) {
		word_add(a, "-t");
		word_add(a, "0.1");
		word_add(a, "-s1");
		word_add(a, "-S2");
	}
	for (i = 0; i < n; i++)
		option_add(a);
	if (chance(50)) {
		c = below(ARRAY_SIZE(commands) - 1);
		for (i = 0; i < 3 && commands[c][i]; i++)
			word_add(a, commands[c][i]);
		/* /bin/true takes anything: hostile words for the report. */
		if (!strcmp(commands[c][1] ? commands[c][1] : "", "/bin/true")
		    && chance(50)) {
			value_add(a, K_LABEL, PICK(hostile));
			mutate_bytes(&a->word[a->n - 1]);
			a->word[a->n - 1].n = strlen(a->word[a->n - 1].p);
		}
		/* latt-0.1's form: options after the quoted command. */
		if (commands[c][0][0] == '/' && chance(50))
			option_add(a);
	}
	for (i = 0; i < a->n; i++)
		scrub(&a->word[i]);
}

/* ---- running latt ---- */

struct outcome {
	int status;
	bool interrupted, hung;
	bool early;			/* SIGINT came before latt took it */
	long maxrss_kb;
	struct buf out, err;
};

static const char *workdir;
static char bindir[PATH_MAX];

static void read_file(const char *name, struct buf *b)
{
	char path[PATH_MAX], chunk[65536];
	size_t got;
	FILE *f;

	b->n = 0;
	buf_reserve(b, 0);
	b->p[0] = '\0';
	snprintf(path, sizeof(path), "%s/%s", workdir, name);
	f = fopen(path, "re");
	if (!f)
		return;
	while ((got = fread(chunk, 1, sizeof(chunk), f)) > 0 &&
	       b->n < OUT_MAX)
		buf_add(b, chunk, got);
	fclose(f);
}

/*
 * Does process @pid take SIGINT's default action, blocking, catching
 * and ignoring none (latt before its session is set up: parsing its
 * options, or a usage error on its way out)?  Its main thread's masks in
 * /proc/PID/status say.
 */
static bool sigint_default(pid_t pid)
{
	char path[64], line[256];
	unsigned long long blk = 0, ign = 0, cgt = 0;
	unsigned long long bit = 1ULL << (SIGINT - 1);
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		sscanf(line, "SigBlk: %llx", &blk);
		sscanf(line, "SigIgn: %llx", &ign);
		sscanf(line, "SigCgt: %llx", &cgt);
	}
	fclose(f);
	return !((blk | ign | cgt) & bit);
}

/*
 * Run @argv (latt) in the work directory, its output into files; SIGINT
 * after @timeout_ms, SIGKILL to its group HANG_MS later (it hung: 4096
 * clients take some 5 s to stop under ASan).
 */
static void run(char **argv, int timeout_ms, bool drop, struct outcome *o)
{
	struct timespec tick = { 0, 2000000 };
	struct rusage ru;
	int fd, waited = 0, st;
	pid_t pid, got;

	o->interrupted = o->hung = o->early = false;
	pid = fork();
	if (pid < 0) {
		perror("fuzz: fork");
		exit(2);
	}
	if (!pid) {
		char path[PATH_MAX + 8];
		sigset_t none;

		/*
		 * As a shell would start it: a fuzzer started in the
		 * background ignores SIGINT, and latt keeps signals that
		 * were ignored at its start ignored.
		 */
		signal(SIGINT, SIG_DFL);
		signal(SIGQUIT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		setpgid(0, 0);
		if (chdir(workdir))
			_exit(125);
		fd = open("/dev/null", O_RDONLY);
		dup2(fd, 0);
		fd = open("stdout", O_WRONLY | O_CREAT | O_TRUNC, 0666);
		dup2(fd, 1);
		fd = open("stderr", O_WRONLY | O_CREAT | O_TRUNC, 0666);
		dup2(fd, 2);
		if (drop && (setgroups(0, NULL) || setgid(NOBODY) ||
			     setuid(NOBODY)))
			_exit(125);
		snprintf(path, sizeof(path), "PATH=%s", bindir);
		putenv(path);
		execv(argv[0], argv);
		_exit(125);
	}
	for (;;) {
		got = wait4(pid, &st, WNOHANG, &ru);
		if (got == pid)
			break;
		nanosleep(&tick, NULL);
		waited += 2;
		if (waited == timeout_ms) {
			/* Read first: once it takes SIGINT, it must not die. */
			o->early = sigint_default(pid);
			kill(pid, SIGINT);
			o->interrupted = true;
		} else if (waited == timeout_ms + HANG_MS) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			o->hung = true;
		}
	}
	o->status = st;
	o->maxrss_kb = ru.ru_maxrss;
	read_file("stdout", &o->out);
	read_file("stderr", &o->err);
}

/* ---- checking what it did ---- */

static bool isalpha_c(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

/* The first raw control, invalid UTF-8 or printed inf/nan in @s. */
static const char *bad_text(const char *s, size_t n, size_t *at)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, k, j;
	uint32_t c;

	while (i < n) {
		*at = i;
		if (u[i] < 0x80) {
			if ((u[i] < 0x20 && u[i] != '\n' && u[i] != '\t') ||
			    u[i] == 0x7f)
				return "a raw control character";
			/* "inf", "-nan", not inside a word. */
			if ((!memcmp(s + i, "inf", 3) ||
			     !memcmp(s + i, "nan", 3)) && i + 3 <= n &&
			    (!i || !(isalpha_c(s[i - 1]))) &&
			    (i + 3 == n || !isalpha_c(s[i + 3])))
				return "inf or nan printed";
			i++;
			continue;
		}
		k = u[i] >= 0xc2 && u[i] <= 0xdf ? 2 : u[i] >= 0xe0 &&
		    u[i] <= 0xef ? 3 : u[i] >= 0xf0 && u[i] <= 0xf4 ? 4 : 0;
		if (!k || i + k > n)
			return "invalid UTF-8";
		c = u[i] & (0xff >> (k + 1));
		for (j = 1; j < k; j++) {
			if ((u[i + j] & 0xc0) != 0x80)
				return "invalid UTF-8";
			c = c << 6 | (u[i + j] & 0x3f);
		}
		if ((k == 3 && c < 0x800) || (k == 4 && c < 0x10000) ||
		    c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
			return "invalid UTF-8";
		if ((c >= 0x80 && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) ||
		    (c >= 0x2066 && c <= 0x2069) || c == 0x2028 ||
		    c == 0x2029 || c == 0x200e || c == 0x200f || c == 0x61c)
			return "a Unicode control character";
		i += k;
	}
	return NULL;
}

/*
 * Check @o's text @b (@what: "stdout"): all of it, or (@own_lines) only
 * the lines latt wrote itself, those that start with "latt" or "Try".
 */
static bool check_text(const struct buf *b, const char *what, bool own_lines,
		       char *why, size_t len)
{
	size_t i = 0, end, at;
	const char *bad;

	while (i < b->n) {
		end = i;
		while (end < b->n && b->p[end] != '\n')
			end++;
		if (!own_lines || !strncmp(b->p + i, "latt", 4) ||
		    !strncmp(b->p + i, "Try", 3)) {
			bad = bad_text(b->p + i, end - i, &at);
			if (bad) {
				snprintf(why, len, "%s in %s, line at byte "
					 "%zu", bad, what, i);
				return false;
			}
		}
		i = end + 1;
	}
	return true;
}

/* The first line of a sanitizer's report in @err, if there is one. */
static const char *sanitizer_line(const struct buf *err, char *line,
				  size_t len)
{
	static const char *const marks[] = {
		"AddressSanitizer", "LeakSanitizer", "runtime error:",
		"UndefinedBehaviorSanitizer", "MemorySanitizer",
	};
	const char *p, *first = NULL, *start, *end;
	size_t i;

	/* The first line that names one, where the report starts. */
	for (i = 0; i < ARRAY_SIZE(marks); i++) {
		p = err->n ? strstr(err->p, marks[i]) : NULL;
		if (p && (!first || p < first))
			first = p;
	}
	if (!first)
		return NULL;
	for (start = first; start > err->p && start[-1] != '\n'; start--)
		;
	end = strchr(first, '\n');
	snprintf(line, len, "%.*s", (int)((end ? end : first + 200) - start),
		 start);
	return line;
}

static long rss_limit_kb = 1L << 20;
static bool verbose;

/* Did @o go as it must?  If not, why into @why. */
static bool judge(const struct outcome *o, bool compare, char *why,
		  size_t len)
{
	char line[512];
	int code;

	if (sanitizer_line(&o->err, line, sizeof(line))) {
		snprintf(why, len, "sanitizer: %s", line);
		return false;
	}
	if (o->hung) {
		snprintf(why, len, "hung: alive %d s after SIGINT",
			 HANG_MS / 1000);
		return false;
	}
	/*
	 * latt compare dies of the SIGINT sent to a run that was slow, and
	 * so does a latt that had not yet set its signals up (on a machine
	 * so busy that a usage error took the whole timeout).
	 */
	if (WIFSIGNALED(o->status) && !((compare || o->early) &&
					 o->interrupted &&
					 WTERMSIG(o->status) == SIGINT)) {
		snprintf(why, len, "killed by signal %d", WTERMSIG(o->status));
		return false;
	}
	if (WIFSIGNALED(o->status))
		return true;
	code = WEXITSTATUS(o->status);
	if (code == 125) {
		snprintf(why, len, "could not run latt");
		return false;
	}
	if (compare ? code > 1 || o->interrupted :
	    !(code <= 4 || code == 127 || (code == 130 && o->interrupted))) {
		snprintf(why, len, "exit status %d%s", code, o->interrupted ?
			 " (interrupted: too slow)" : "");
		return false;
	}
	if (o->maxrss_kb > rss_limit_kb) {
		snprintf(why, len, "resident set of %ld KB, over %ld KB",
			 o->maxrss_kb, rss_limit_kb);
		return false;
	}
	return check_text(&o->out, "stdout", false, why, len) &&
	       check_text(&o->err, "stderr", !compare, why, len);
}

/* ---- the campaign ---- */

struct tally {
	unsigned long runs, failed, status[256], killed, maxrss_run;
	long maxrss_kb;
	char *why[64];		/* the distinct reasons, without numbers */
	unsigned int nwhy;
};

/*
 * Is @why a kind of failure not seen yet?  Told apart by kind: where in
 * the output, and a sanitizer's addresses and process ids, do not count.
 */
static bool new_reason(struct tally *t, const char *why)
{
	bool san = !strncmp(why, "sanitizer:", 10);
	const char *end = strstr(why, ", line at byte");
	char k[512];
	size_t i, j, n = end ? (size_t)(end - why) : strlen(why);

	for (i = j = 0; i < n && j + 1 < sizeof(k); i++) {
		if (san && !strncmp(why + i, "0x", 2)) {
			for (i += 2; i < n && strchr("0123456789abcdef",
						     why[i]); i++)
				;
			i--;
		} else if (!san || why[i] < '0' || why[i] > '9') {
			k[j++] = why[i];
		}
	}
	k[j] = '\0';
	for (i = 0; i < t->nwhy; i++)
		if (!strcmp(t->why[i], k))
			return false;
	if (t->nwhy < ARRAY_SIZE(t->why))
		t->why[t->nwhy++] = strdup(k);
	return true;
}

static void keep_failure(struct tally *t, const char *why, const char *ext,
			 const struct buf *in, const struct argv_in *a)
{
	char path[PATH_MAX];
	bool fresh = new_reason(t, why);
	FILE *f;
	size_t i, j;

	t->failed++;
	fprintf(stderr, "fuzz: FAIL %lu (%s): %s\n", t->runs,
		fresh ? "new" : "seen", why);
	if (!fresh)
		return;
	snprintf(path, sizeof(path), "%s/fail-%lu.%s", workdir, t->runs, ext);
	f = fopen(path, "we");
	if (!f)
		return;
	if (in) {
		fwrite(in->p, 1, in->n, f);
	} else {
		fprintf(f, "# %s\n", why);
		for (i = 0; i < a->n; i++) {
			for (j = 0; j < a->word[i].n; j++) {
				unsigned char c = (unsigned char)a->word[i].p[j];

				if (c < 0x20 || c >= 0x7f || c == '\\')
					fprintf(f, "\\x%02x", c);
				else
					fputc(c, f);
			}
			fputc('\n', f);
		}
	}
	fclose(f);
	fprintf(stderr, "fuzz: kept in %s\n", path);
}

static void write_input(const char *name, const struct buf *b);

/* Count @o; the input of the largest resident set is kept (maxrss.*). */
static void account(struct tally *t, const struct outcome *o,
		    const struct buf *in)
{
	t->runs++;
	if (WIFEXITED(o->status))
		t->status[WEXITSTATUS(o->status)]++;
	else
		t->killed++;
	if (o->maxrss_kb > t->maxrss_kb) {
		t->maxrss_kb = o->maxrss_kb;
		t->maxrss_run = t->runs;
		if (in)
			write_input("maxrss.json", in);
	}
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static bool more(const struct tally *t, unsigned long runs, double until)
{
	return runs ? t->runs < runs : now() < until;
}

/* Remove what a run left in the work directory: -o, --json, --csv. */
static void clean_workdir(void)
{
	char path[PATH_MAX];
	struct dirent *e;
	DIR *d = opendir(workdir);

	while (d && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
		    !strcmp(e->d_name, ".bin") ||
		    !strcmp(e->d_name, "seed.json") ||
		    !strcmp(e->d_name, "maxrss.json") ||
		    !strncmp(e->d_name, "fail-", 5) ||
		    !strcmp(e->d_name, "stdout") ||
		    !strcmp(e->d_name, "stderr"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", workdir, e->d_name);
		if (unlink(path) && rmdir(path))
			fprintf(stderr, "fuzz: cannot remove %s\n", path);
	}
	if (d)
		closedir(d);
}

static void write_input(const char *name, const struct buf *b)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", workdir, name);
	f = fopen(path, "we");
	if (!f || fwrite(b->p, 1, b->n, f) != b->n || fclose(f)) {
		perror("fuzz: writing the input");
		exit(2);
	}
	chmod(path, 0644);
}

static void fuzz_compare(const char *latt, struct buf *seeds, size_t nseeds,
			 unsigned long runs, double until, struct tally *t)
{
	struct outcome o = { 0 };
	struct buf in = { 0 };
	char why[1024], *argv[8];
	size_t m, argc;
	bool gentle;

	while (more(t, runs, until)) {
		const struct buf *s = &seeds[below(nseeds)];

		/* Gently (strings only: mostly accepted), or anything. */
		gentle = chance(35);
		buf_set(&in, s->p, s->n);
		for (m = 1 + below(4); m; m--) {
			if (gentle || chance(75))
				mutate_json(&in, gentle);
			else
				mutate_bytes(&in);
		}
		/* Now and then two documents spliced. */
		if (chance(5) && nseeds > 1 && in.n) {
			const struct buf *u = &seeds[below(nseeds)];
			size_t at = below(u->n);

			buf_erase(&in, below(in.n), in.n);
			buf_add(&in, u->p + at, u->n - at);
		}
		scrub(&in);
		write_input("in.json", &in);
		argc = 0;
		argv[argc++] = (char *)latt;
		argv[argc++] = (char *)"compare";
		if (chance(15))
			argv[argc++] = (char *)"--cdf";
		argv[argc++] = (char *)"in.json";
		if (chance(30)) {
			write_input("seed.json", &seeds[below(nseeds)]);
			argv[argc++] = (char *)"seed.json";
		}
		argv[argc] = NULL;
		run(argv, 10000, false, &o);
		account(t, &o, &in);
		if (!judge(&o, true, why, sizeof(why)))
			keep_failure(t, why, "json", &in, NULL);
		if (verbose)
			fprintf(stderr, "fuzz: %lu: exit %d, %zu bytes\n",
				t->runs, WEXITSTATUS(o.status), in.n);
	}
	free(in.p);
	free(o.out.p);
	free(o.err.p);
}

static void fuzz_argv(const char *latt, struct buf *seeds, size_t nseeds,
		      unsigned long runs, double until, struct tally *t)
{
	static struct argv_in a;
	struct outcome o = { 0 };
	char why[1024], *argv[MAX_ARGS + 1];
	bool drop = geteuid() == 0;
	size_t i;

	while (more(t, runs, until)) {
		make_argv(&a, latt);
		for (i = 0; i < a.n; i++)
			argv[i] = a.word[i].p;
		argv[a.n] = NULL;
		if (nseeds)
			write_input("seed.json", &seeds[below(nseeds)]);
		run(argv, 2000, drop, &o);
		account(t, &o, NULL);
		if (!judge(&o, a.n > 1 && !strcmp(argv[1], "compare"), why,
			   sizeof(why)))
			keep_failure(t, why, "argv", NULL, &a);
		if (verbose)
			fprintf(stderr, "fuzz: %lu: exit %d, %zu words\n",
				t->runs, WEXITSTATUS(o.status), a.n);
		clean_workdir();
	}
	for (i = 0; i < MAX_ARGS; i++)
		free(a.word[i].p);
	free(o.out.p);
	free(o.err.p);
}

/* PATH for the commands: a directory with true and false alone. */
static void make_bindir(void)
{
	snprintf(bindir, sizeof(bindir), "%s/.bin", workdir);
	if (mkdir(bindir, 0755) && errno != EEXIST) {
		perror("fuzz: mkdir");
		exit(2);
	}
	if (chmod(workdir, 0777))
		perror("fuzz: chmod");
	{
		char a[PATH_MAX + 8], b[PATH_MAX + 8];

		snprintf(a, sizeof(a), "%s/true", bindir);
		snprintf(b, sizeof(b), "%s/false", bindir);
		if ((symlink("/bin/true", a) && errno != EEXIST) ||
		    (symlink("/bin/false", b) && errno != EEXIST))
			perror("fuzz: symlink");
	}
}

static void usage(FILE *f, int status)
{
	fprintf(f,
"Usage: fuzz -t compare|argv [-s SEED] [-n RUNS | -T SECONDS] [-l LATT]\n"
"            [-d DIR] [-m RSS_KB] [-v] [SEED.json...]\n"
"\n"
"Run latt on mutated inputs and check each run: no sanitizer report, no\n"
"crash or hang, the exit statuses latt(1) lists, no raw control\n"
"character, invalid UTF-8 or inf/nan in latt's output, the resident set\n"
"under RSS_KB (default 1 GB).  SEED.json: documents of latt --json to\n"
"mutate (needed for -t compare).  Failing inputs are kept in DIR.\n"
"Exit status 0 when every run passed, 1 when one did not, 2 on error.\n");
	exit(status);
}

int main(int argc, char **argv)
{
	const char *target = NULL, *latt = "./latt";
	unsigned long runs = 0, seed = 1;
	double secs = 0, start;
	struct buf *seeds;
	struct tally t = { 0 };
	char tmpl[] = "/tmp/latt-fuzz.XXXXXX", path[PATH_MAX];
	size_t nseeds = 0, i;
	int c;

	while ((c = getopt(argc, argv, "t:s:n:T:l:d:m:vh")) != -1) {
		switch (c) {
		case 't':
			target = optarg;
			break;
		case 's':
			seed = strtoul(optarg, NULL, 0);
			break;
		case 'n':
			runs = strtoul(optarg, NULL, 0);
			break;
		case 'T':
			secs = strtod(optarg, NULL);
			break;
		case 'l':
			latt = optarg;
			break;
		case 'd':
			workdir = optarg;
			break;
		case 'm':
			rss_limit_kb = strtol(optarg, NULL, 0);
			break;
		case 'v':
			verbose = true;
			break;
		case 'h':
			usage(stdout, 0);
			break;
		default:
			usage(stderr, 2);
		}
	}
	if (!target || (strcmp(target, "compare") && strcmp(target, "argv")) ||
	    (!runs && secs <= 0))
		usage(stderr, 2);
	if (!realpath(latt, path)) {
		fprintf(stderr, "fuzz: %s: %s\n", latt, strerror(errno));
		return 2;
	}
	latt = strdup(path);
	seeds = calloc((size_t)argc + 1, sizeof(*seeds));
	for (i = (size_t)optind; i < (size_t)argc; i++) {
		FILE *f = fopen(argv[i], "re");
		char chunk[65536];
		size_t got;

		if (!f) {
			fprintf(stderr, "fuzz: %s: %s\n", argv[i],
				strerror(errno));
			return 2;
		}
		while ((got = fread(chunk, 1, sizeof(chunk), f)) > 0)
			buf_add(&seeds[nseeds], chunk, got);
		fclose(f);
		scrub(&seeds[nseeds++]);
	}
	if (!strcmp(target, "compare") && !nseeds) {
		fprintf(stderr, "fuzz: -t compare needs documents to mutate\n");
		return 2;
	}
	if (!workdir && !(workdir = mkdtemp(tmpl))) {
		perror("fuzz: mkdtemp");
		return 2;
	}
	make_bindir();
	/* Latt's sanitizers: a report is an error, leaks included. */
	setenv("ASAN_OPTIONS", "detect_leaks=1:abort_on_error=0:exitcode=86",
	       0);
	setenv("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1:"
	       "exitcode=87", 0);
	setenv("LC_ALL", "C", 1);
	rng_state = seed * 0x9e3779b97f4a7c15ULL + 1;
	start = now();
	if (!strcmp(target, "compare"))
		fuzz_compare(latt, seeds, nseeds, runs, start + secs, &t);
	else
		fuzz_argv(latt, seeds, nseeds, runs, start + secs, &t);

	printf("fuzz %s: seed %lu, %lu executions in %.0f s, %lu failed "
	       "(%u unique), largest resident set %ld KB (run %lu); exit "
	       "statuses:", target, seed, t.runs, now() - start, t.failed,
	       t.nwhy, t.maxrss_kb, t.maxrss_run);
	for (i = 0; i < 256; i++)
		if (t.status[i])
			printf(" %zu: %lu", i, t.status[i]);
	if (t.killed)
		printf(", killed: %lu", t.killed);
	printf("\n");
	for (i = 0; i < t.nwhy; i++) {
		printf("  failure: %s\n", t.why[i]);
		free(t.why[i]);
	}
	for (i = 0; i < nseeds; i++)
		free(seeds[i].p);
	free(seeds);
	free((char *)latt);
	if (!t.failed && workdir == tmpl) {
		snprintf(path, sizeof(path), "rm -rf '%s'", tmpl);
		if (system(path))
			fprintf(stderr, "fuzz: could not remove %s\n", tmpl);
	}
	return t.failed ? 1 : 0;
}
