/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The distributions a verdict is drawn from: the normal law and
 * Student's t for its interval, Fisher's F for whether a side's runs
 * spread more than a profile's.
 */
#ifndef LATT_BASE_DIST_H
#define LATT_BASE_DIST_H

/*
 * The z with P(Z > z) = @p for a standard normal Z, 0 < @p < 1 (2.5758
 * for 0.005).
 */
double latt_normal_upper(double p);

/*
 * The t with P(T > t) = @p for Student's t of @df degrees of freedom
 * (any real @df > 0; the normal law's for an infinite one), 0 < @p <
 * 0.5 (63.657 for 0.005 and one degree of freedom).
 */
double latt_t_upper(double p, double df);

/*
 * P(F > @f) for Fisher's F of @d1 and @d2 degrees of freedom (real, above
 * 0): the chance that a variance of d1 degrees of freedom lies @f times
 * above one of d2, both estimates of one variance.  1 for @f <= 0.
 */
double latt_f_tail(double f, double d1, double d2);

#endif /* LATT_BASE_DIST_H */
