// SPDX-License-Identifier: GPL-2.0-only
/*
 * Target metrics: parsing them and searching the command's output; see
 * lib/measure/tmetric.h.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/tmetric.h"
#include "base/keys.h"
#include "base/util.h"

const char *latt_tmetric_better_name(const struct latt_tmetric *tm)
{
	return tm->higher ? "higher" : "lower";
}

const char *latt_tmetric_mode_name(enum latt_tmetric_mode mode)
{
	return mode == LATT_TMETRIC_SUM ? "sum" : "last";
}

/* The name, from @s up to the direction: letters, digits, _ and '.'. */
static size_t name_len(const char *s)
{
	size_t n = 0;

	if (!isalpha((unsigned char)s[0]))
		return 0;
	while (isalnum((unsigned char)s[n]) || s[n] == '_' || s[n] == '.')
		n++;
	return n;
}

int latt_tmetric_parse(const char *spec, struct latt_tmetric *tm, char *err,
		       size_t len)
{
	const char *p, *eq = strchr(spec, '=');
	size_t n = name_len(spec);
	regex_t re;
	int ret;

	memset(tm, 0, sizeof(*tm));
	tm->spec = spec;
	if (!eq)
		return latt_err(-EINVAL, err, len, "expected NAME+=REGEX "
				"(higher is better) or NAME-=REGEX (lower is "
				"better)");
	if (!n || n > LATT_TMETRIC_NAME_MAX)
		return latt_err(-EINVAL, err, len, "a metric's name is 1 to "
				"%d letters, digits, _ or ., starting with a "
				"letter", LATT_TMETRIC_NAME_MAX);
	memcpy(tm->name, spec, n);
	tm->name[n] = '\0';
	p = spec + n;
	if (*p != '+' && *p != '-')
		return latt_err(-EINVAL, err, len, "'%.*s' needs a direction "
				"after its name: %s+= (higher is better) or "
				"%s-= (lower is better)", (int)(eq - spec),
				spec, tm->name, tm->name);
	tm->higher = *p++ == '+';
	if (!strncmp(p, ":sum=", 5)) {
		tm->mode = LATT_TMETRIC_SUM;
		p += 4;
	} else if (!strncmp(p, ":last=", 6)) {
		p += 5;
	}
	if (*p != '=')
		return latt_err(-EINVAL, err, len, "expected %s%c=REGEX, "
				"%s%c:sum=REGEX or %s%c:last=REGEX, not '%.*s'",
				tm->name, tm->higher ? '+' : '-', tm->name,
				tm->higher ? '+' : '-', tm->name,
				tm->higher ? '+' : '-', (int)(eq - spec + 1),
				spec);
	if (latt_key_reserved(tm->name))
		return latt_err(-EINVAL, err, len, "'%s' is a name of latt's "
				"own (a metric, a -q key or a CSV column): "
				"choose another", tm->name);
	tm->regex = p + 1;
	if (!*tm->regex)
		return latt_err(-EINVAL, err, len, "%s has no regular "
				"expression", tm->name);
	ret = regcomp(&re, tm->regex, REG_EXTENDED);
	if (ret) {
		char why[128];

		regerror(ret, &re, why, sizeof(why));
		return latt_err(-EINVAL, err, len, "%s: bad regular "
				"expression '%s': %s", tm->name, tm->regex,
				why);
	}
	n = re.re_nsub;
	regfree(&re);
	if (!n)
		return latt_err(-EINVAL, err, len, "%s: the regular "
				"expression '%s' has no group: put the number "
				"in parentheses, as in 'fps+=([0-9.]+) fps'",
				tm->name, tm->regex);
	return 0;
}

bool latt_tmetric_number(const char *s, size_t n, double *v)
{
	char buf[64], *end;
	size_t i = 0, digits = 0;

	while (n && isspace((unsigned char)*s)) {
		s++;
		n--;
	}
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	if (!n || n >= sizeof(buf))
		return false;
	if (s[i] == '+' || s[i] == '-')
		i++;
	for (; i < n && isdigit((unsigned char)s[i]); i++)
		digits++;
	if (i < n && s[i] == '.')
		for (i++; i < n && isdigit((unsigned char)s[i]); i++)
			digits++;
	if (!digits)
		return false;
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		size_t e = 0;

		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			i++;
		for (; i < n && isdigit((unsigned char)s[i]); i++)
			e++;
		if (!e)
			return false;
	}
	if (i != n)
		return false;
	memcpy(buf, s, n);
	buf[n] = '\0';
	*v = strtod(buf, &end);
	return *end == '\0' && isfinite(*v);
}

int latt_tmetric_matcher_init(struct latt_tmetric_matcher *m,
			      const struct latt_tmetric *tm, size_t n,
			      struct latt_tmetric_value *out)
{
	size_t i;
	int ret;

	memset(m, 0, sizeof(*m));
	m->tm = tm;
	m->out = out;
	for (i = 0; i < n; i++) {
		memset(&out[i], 0, sizeof(out[i]));
		out[i].value = NAN;
	}
	for (i = 0; i < n; i++) {
		ret = regcomp(&m->re[i], tm[i].regex, REG_EXTENDED);
		if (ret) {
			latt_tmetric_matcher_free(m);
			return ret == REG_ESPACE ? -ENOMEM : -EINVAL;
		}
		m->n = i + 1;
	}
	return 0;
}

void latt_tmetric_matcher_free(struct latt_tmetric_matcher *m)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		regfree(&m->re[i]);
	m->n = 0;
	free(m->batch);
	m->batch = NULL;
	m->search = NULL;
}

void latt_tmetric_found(struct latt_tmetric_matcher *m, size_t i,
			const char *g, size_t n)
{
	struct latt_tmetric_value *o = &m->out[i];
	double v;

	if (!latt_tmetric_number(g, n, &v)) {
		if (!o->other++)
			snprintf(o->other_text, sizeof(o->other_text), "%.*s",
				 (int)(n < sizeof(o->other_text) ? n :
				       sizeof(o->other_text) - 1), g);
		return;
	}
	if (m->tm[i].mode == LATT_TMETRIC_SUM && o->matches) {
		/* A sum beyond a double's range is no number either. */
		if (!isfinite(o->value + v)) {
			if (!o->other++)
				snprintf(o->other_text,
					 sizeof(o->other_text), "(sum too "
					 "large)");
			return;
		}
		o->value += v;
	} else {
		o->value = v;
	}
	o->matches++;
}

void latt_tmetric_each_match(const regex_t *re, const char *s, size_t len,
			     void (*fn)(void *ctx, size_t so, size_t eo),
			     void *ctx)
{
	const char *p, *end = s + len;
	regmatch_t g[2];
	int flags = 0;

	for (p = s; p <= end && !regexec(re, p, 2, g, flags);
	     flags = REG_NOTBOL) {
		if (g[1].rm_so >= 0)
			fn(ctx, (size_t)(p - s + g[1].rm_so),
			   (size_t)(p - s + g[1].rm_eo));
		/* An empty match moves on by one. */
		if (g[0].rm_eo > 0)
			p += g[0].rm_eo;
		else if (*p)
			p++;
		else
			break;
	}
}

struct found_here {
	struct latt_tmetric_matcher *m;
	size_t i;
	const char *s;
};

static void found_here(void *ctx, size_t so, size_t eo)
{
	struct found_here *f = ctx;

	latt_tmetric_found(f->m, f->i, f->s + so, eo - so);
}

int latt_tmetric_search_by(struct latt_tmetric_matcher *m,
			   latt_tmetric_search_fn fn, void *ctx)
{
	m->batch = malloc(LATT_TMETRIC_BATCH);
	if (!m->batch)
		return -ENOMEM;
	m->batched = 0;
	m->search = fn;
	m->search_ctx = ctx;
	return 0;
}

/* The lines batched so far, to the search. */
static void flush_batch(struct latt_tmetric_matcher *m)
{
	if (m->batched)
		m->search(m->search_ctx, m, m->batch, m->batched);
	m->batched = 0;
}

/*
 * Search the line @s (NUL-terminated) for every match of each metric,
 * or batch it.
 */
static void search(struct latt_tmetric_matcher *m, const char *s)
{
	size_t i, len = strlen(s);

	if (m->search) {
		if (m->batched + len + 1 > LATT_TMETRIC_BATCH)
			flush_batch(m);
		memcpy(m->batch + m->batched, s, len);
		m->batch[m->batched + len] = '\n';
		m->batched += len + 1;
		return;
	}
	for (i = 0; i < m->n; i++) {
		struct found_here f = { .m = m, .i = i, .s = s };

		latt_tmetric_each_match(&m->re[i], s, len, found_here, &f);
	}
}

/* The line of @l is complete (or the output ended): search it. */
static void line_end(struct latt_tmetric_matcher *m,
		     struct latt_tmetric_line *l)
{
	if (l->len && !l->cut) {
		l->buf[l->len] = '\0';
		search(m, l->buf);
	}
	l->len = 0;
	l->cut = false;
}

void latt_tmetric_feed(struct latt_tmetric_matcher *m, unsigned int stream,
		       const char *data, size_t n)
{
	struct latt_tmetric_line *l = &m->line[stream];
	size_t i, room;

	if (!m->n || stream >= LATT_TMETRIC_STREAMS)
		return;
	for (i = 0; i < n; i++) {
		char c = data[i];

		if (c == '\n' || c == '\r' || c == '\0') {
			line_end(m, l);
			continue;
		}
		if (l->cut)
			continue;
		room = sizeof(l->buf) - 1 - l->len;
		if (!room) {
			/* Searched in its first bytes; the rest skipped. */
			line_end(m, l);
			l->cut = true;
			continue;
		}
		l->buf[l->len++] = c;
	}
	if (m->search)
		flush_batch(m);
}

void latt_tmetric_end(struct latt_tmetric_matcher *m)
{
	unsigned int s;

	for (s = 0; s < LATT_TMETRIC_STREAMS; s++)
		line_end(m, &m->line[s]);
	if (m->search)
		flush_batch(m);
}
