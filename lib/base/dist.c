// SPDX-License-Identifier: GPL-2.0-only
/*
 * Normal and Student's t quantiles, F's tail; see lib/base/dist.h.  The
 * t's tail and F's are the regularised incomplete beta function, evaluated by its continued
 * fraction (modified Lentz), and inverted by bisection: slow next to a
 * rational approximation, exact to the last bits that matter, and called
 * a few times a verdict.
 */
#include <math.h>

#include "base/dist.h"

/* P(Z > z), standard normal. */
static double normal_tail(double z)
{
	return 0.5 * erfc(z / sqrt(2));
}

double latt_normal_upper(double p)
{
	double lo = -40, hi = 40, z;
	int i;

	for (i = 0; i < 200; i++) {
		z = (lo + hi) / 2;
		if (normal_tail(z) > p)
			lo = z;
		else
			hi = z;
	}
	return (lo + hi) / 2;
}

/* The continued fraction of I_x(a, b), for x < (a + 1) / (a + b + 2). */
static double beta_cf(double a, double b, double x)
{
	const double tiny = 1e-300;
	double c = 1, d, f, num, delta;
	int m;

	d = 1 - (a + b) * x / (a + 1);
	d = 1 / (fabs(d) < tiny ? tiny : d);
	f = d;
	for (m = 1; m <= 1000; m++) {
		/* The even step, then the odd one. */
		num = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
		d = 1 + num * d;
		d = 1 / (fabs(d) < tiny ? tiny : d);
		c = 1 + num / c;
		c = fabs(c) < tiny ? tiny : c;
		f *= d * c;
		num = -(a + m) * (a + b + m) * x /
		      ((a + 2 * m) * (a + 2 * m + 1));
		d = 1 + num * d;
		d = 1 / (fabs(d) < tiny ? tiny : d);
		c = 1 + num / c;
		c = fabs(c) < tiny ? tiny : c;
		delta = d * c;
		f *= delta;
		if (fabs(delta - 1) < 1e-15)
			break;
	}
	return f;
}

/* The regularised incomplete beta function I_x(a, b), 0 <= x <= 1. */
static double inc_beta(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(a * log(x) + b * log1p(-x) - lgamma(a) - lgamma(b) +
		    lgamma(a + b));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_cf(a, b, x) / a;
	return 1 - front * beta_cf(b, a, 1 - x) / b;
}

/* P(T > t) for t >= 0, Student's t of @df. */
static double t_tail(double t, double df)
{
	return 0.5 * inc_beta(df / 2, 0.5, df / (df + t * t));
}

double latt_t_upper(double p, double df)
{
	double lo = 0, hi, t;
	int i;

	if (!(df < 1e7))
		return latt_normal_upper(p);
	/* An upper end: double it until the tail is below p. */
	for (hi = 1; t_tail(hi, df) > p && hi < 1e300; hi *= 2)
		lo = hi;
	for (i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
		t = (lo + hi) / 2;
		if (t_tail(t, df) > p)
			lo = t;
		else
			hi = t;
	}
	return (lo + hi) / 2;
}

double latt_f_tail(double f, double d1, double d2)
{
	if (!(f > 0))
		return 1;
	return inc_beta(d2 / 2, d1 / 2, d2 / (d2 + d1 * f));
}
