// SPDX-License-Identifier: GPL-2.0-only
/*
 * Parsers for option values: durations, sizes, counts, percentile lists.
 *
 * Numbers are read digit by digit rather than with strtod() so that the
 * accepted form is exactly "digits[.digits]" (no sign, exponent, hex,
 * "inf" or locale decimal comma) and whole values keep full precision.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "base/parse.h"

struct unit {
	const char *name;
	uint64_t mult;
};

static const struct unit duration_units[] = {
	{ "ns", 1 },
	{ "us", LATT_NSEC_PER_USEC },
	{ "ms", LATT_NSEC_PER_MSEC },
	{ "s", LATT_NSEC_PER_SEC },
	{ "min", 60 * LATT_NSEC_PER_SEC },
	{ "h", 3600 * LATT_NSEC_PER_SEC },
	{ "d", 86400 * LATT_NSEC_PER_SEC },
	{ "day", 86400 * LATT_NSEC_PER_SEC },
	{ "days", 86400 * LATT_NSEC_PER_SEC },
	{ NULL, 0 }
};

static const struct unit size_units[] = {
	{ "b", 1 },
	{ "k", 1ULL << 10 }, { "kb", 1ULL << 10 }, { "kib", 1ULL << 10 },
	{ "m", 1ULL << 20 }, { "mb", 1ULL << 20 }, { "mib", 1ULL << 20 },
	{ "g", 1ULL << 30 }, { "gb", 1ULL << 30 }, { "gib", 1ULL << 30 },
	{ NULL, 0 }
};

/*
 * Read "digits[.digits]" from @s into a whole part and a fraction.
 * @end is set past the number.  A fraction beyond 18 digits is cut off.
 */
static int parse_number(const char *s, uint64_t *whole, uint64_t *frac,
			uint64_t *frac_scale, const char **end)
{
	uint64_t w = 0, f = 0, scale = 1;
	bool digits = false;

	while (*s >= '0' && *s <= '9') {
		unsigned int d = (unsigned int)(*s - '0');

		if (w > (UINT64_MAX - d) / 10)
			return -ERANGE;
		w = w * 10 + d;
		digits = true;
		s++;
	}
	if (*s == '.') {
		s++;
		while (*s >= '0' && *s <= '9') {
			if (scale < 1000000000000000000ULL) {
				f = f * 10 + (uint64_t)(*s - '0');
				scale *= 10;
			}
			digits = true;
			s++;
		}
	}
	if (!digits)
		return -EINVAL;
	*whole = w;
	*frac = f;
	*frac_scale = scale;
	*end = s;
	return 0;
}

static int parse_with_unit(const char *s, const struct unit *units,
			   uint64_t unit, uint64_t *out)
{
	uint64_t w, f, scale, mult = unit, r;
	const char *end;
	int ret;

	if (!s)
		return -EINVAL;
	ret = parse_number(s, &w, &f, &scale, &end);
	if (ret)
		return ret;
	if (*end) {
		const struct unit *u;

		for (u = units; u->name; u++)
			if (!strcasecmp(end, u->name))
				break;
		if (!u->name)
			return -EINVAL;
		mult = u->mult;
	}
	if (w && mult > UINT64_MAX / w)
		return -ERANGE;
	r = w * mult;
	if (f) {
		/* f / scale * mult, rounded, without overflowing */
		long double part = (long double)f * mult / scale;
		uint64_t p = (uint64_t)(part + 0.5L);

		if (r > UINT64_MAX - p)
			return -ERANGE;
		r += p;
	}
	*out = r;
	return 0;
}

int latt_parse_duration(const char *s, uint64_t unit_ns, uint64_t *ns)
{
	return parse_with_unit(s, duration_units, unit_ns, ns);
}

const char *latt_duration_hint(const char *s)
{
	size_t n = s ? strspn(s, "0123456789.") : 0;

	if (n && (!strcmp(s + n, "m") || !strcmp(s + n, "M")))
		return "; 'm' is not a unit: ms or min";
	return "";
}

int latt_parse_size(const char *s, uint64_t unit, uint64_t *bytes)
{
	return parse_with_unit(s, size_units, unit, bytes);
}

int latt_parse_uint(const char *s, uint64_t *v)
{
	static const struct unit no_units[] = { { NULL, 0 } };

	if (!s || strchr(s, '.'))
		return -EINVAL;
	return parse_with_unit(s, no_units, 1, v);
}

int latt_parse_int(const char *s, int64_t *v)
{
	bool neg = false;
	uint64_t u;
	int ret;

	if (s && (*s == '-' || *s == '+')) {
		neg = *s == '-';
		s++;
	}
	if (!s || *s < '0' || *s > '9')
		return -EINVAL;
	ret = latt_parse_uint(s, &u);
	if (ret)
		return ret;
	if (u > (uint64_t)INT64_MAX + neg)
		return -ERANGE;
	*v = neg ? (int64_t)(0 - u) : (int64_t)u;
	return 0;
}

/* One CPU number of a list; @end is set past it. */
static int cpu_number(const char *s, unsigned int max, unsigned int *cpu,
		      const char **end)
{
	uint64_t v = 0;

	if (*s < '0' || *s > '9')
		return -EINVAL;
	while (*s >= '0' && *s <= '9') {
		v = v * 10 + (uint64_t)(*s - '0');
		if (v >= max)
			return -ERANGE;
		s++;
	}
	*cpu = (unsigned int)v;
	*end = s;
	return 0;
}

int latt_parse_cpulist(const char *s, cpu_set_t *set, unsigned int max)
{
	cpu_set_t out;
	unsigned int lo, hi, cpu;
	int ret;

	if (!s || !*s)
		return -EINVAL;
	if (max > CPU_SETSIZE)
		max = CPU_SETSIZE;
	CPU_ZERO(&out);
	for (;;) {
		ret = cpu_number(s, max, &lo, &s);
		if (ret)
			return ret;
		hi = lo;
		if (*s == '-') {
			ret = cpu_number(s + 1, max, &hi, &s);
			if (ret)
				return ret;
			if (hi < lo)
				return -EINVAL;
		}
		for (cpu = lo; cpu <= hi; cpu++)
			CPU_SET(cpu, &out);
		if (!*s)
			break;
		if (*s != ',')
			return -EINVAL;
		s++;
	}
	*set = out;
	return 0;
}

char *latt_format_cpulist(const cpu_set_t *set, unsigned int max, char *buf,
			  size_t len)
{
	unsigned int cpu = 0, end;
	size_t used = 0;

	buf[0] = '\0';
	if (max > CPU_SETSIZE)
		max = CPU_SETSIZE;
	while (cpu < max) {
		if (!CPU_ISSET(cpu, set)) {
			cpu++;
			continue;
		}
		for (end = cpu; end + 1 < max && CPU_ISSET(end + 1, set); end++)
			;
		if (used < len)
			used += (size_t)snprintf(buf + used, len - used,
						 end > cpu ? "%s%u-%u" : "%s%u",
						 used ? "," : "", cpu, end);
		cpu = end + 1;
	}
	return buf;
}

int latt_parse_percentiles(const char *s, double *out, size_t max, size_t *n)
{
	char label[32], other[32];
	double vals[64];
	size_t count = 0, i;
	const char *p = s;

	if (!s || !*s)
		return -EINVAL;
	for (;;) {
		uint64_t w, f, scale;
		const char *end;
		double v;
		int ret;

		ret = parse_number(p, &w, &f, &scale, &end);
		if (ret)
			return -EINVAL;
		if (*end != ',' && *end)
			return -EINVAL;
		if (w > 100)
			return -ERANGE;
		v = (double)w + (double)f / (double)scale;
		if (v <= 0 || v > 100)
			return -ERANGE;
		if (count == max || count == sizeof(vals) / sizeof(vals[0]))
			return -ERANGE;
		/* Two that read the same, or one that reads as 100 but is not. */
		latt_percentile_label(v, label, sizeof(label));
		if (v < 100 && !strcmp(label, "p100"))
			return -EDOM;
		for (i = 0; i < count; i++)
			if (!strcmp(label, latt_percentile_label(vals[i], other,
								 sizeof(other))))
				return -EEXIST;
		vals[count++] = v;
		if (!*end)
			break;
		p = end + 1;
	}
	/* Nothing is written unless the whole list is good. */
	memcpy(out, vals, count * sizeof(*out));
	*n = count;
	return 0;
}

char *latt_percentile_label(double p, char *buf, size_t len)
{
	snprintf(buf, len, "p%.10g", p);
	return buf;
}

char *latt_percentiles_text(const double *p, size_t n, char *buf,
			    size_t len)
{
	char lbl[32];
	size_t i, at = 0;

	if (len)
		buf[0] = '\0';
	for (i = 0; i < n && at < len; i++) {
		latt_percentile_label(p[i], lbl, sizeof(lbl));
		at += (size_t)snprintf(buf + at, len - at, "%s%s",
				       i ? "," : "", lbl + 1);
	}
	return buf;
}

char *latt_format_duration(uint64_t ns, char *buf, size_t len)
{
	if (ns % LATT_NSEC_PER_MSEC == 0)
		snprintf(buf, len, "%llums",
			 (unsigned long long)(ns / LATT_NSEC_PER_MSEC));
	else if (ns % LATT_NSEC_PER_USEC == 0)
		snprintf(buf, len, "%lluus",
			 (unsigned long long)(ns / LATT_NSEC_PER_USEC));
	else
		snprintf(buf, len, "%lluns", (unsigned long long)ns);
	return buf;
}
