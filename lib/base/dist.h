/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The two distributions a verdict's interval is drawn from: the normal
 * law and Student's t.
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

#endif /* LATT_BASE_DIST_H */
