// SPDX-License-Identifier: GPL-2.0-only
/*
 * How the metrics' differences move together; see judge/verdict-cor.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "judge/verdict-cor.h"
#include "judge/profile.h"
#include "judge/verdict-noise.h"
#include "judge/verdict-side.h"

#define MM	LATT_METRICS_MAX

/*
 * A covariance of the metrics' differences counts only when estimated
 * with this many degrees of freedom: fewer, and the metrics are taken
 * to move apart (each a test of its own, as Holm's).
 */
#define COR_DF_MIN		5

/*
 * Add to @ss (@set[0..k) by @set[0..k)) the sums of products of
 * @runs[0..n) about their invocation's mean (@within) or of their
 * invocations' means about theirs, and to *@df their degrees of freedom; a run
 * without some value of the set counts for none.
 */
static void side_ss(const struct latt_vrun *runs, size_t n, const size_t *set,
		    size_t k, bool within, double (*ss)[MM], double *df)
{
	size_t g = latt_vside_groups(runs, n), i, a, b, gi, ok;
	double *mean = calloc(g * k + k, sizeof(*mean)), *all;
	size_t *cnt = calloc(g, sizeof(*cnt));

	if (!mean || !cnt)
		goto out;
	all = mean + g * k;
	for (i = 0; i < n; i++) {
		for (a = 0; a < k && !isnan(runs[i].y[set[a]]); a++)
			;
		if (a < k)
			continue;
		gi = runs[i].inv;
		cnt[gi]++;
		for (a = 0; a < k; a++)
			mean[gi * k + a] += runs[i].y[set[a]];
	}
	for (gi = 0, ok = 0; gi < g; gi++) {
		if (!cnt[gi])
			continue;
		ok++;
		for (a = 0; a < k; a++) {
			mean[gi * k + a] /= (double)cnt[gi];
			all[a] += mean[gi * k + a];
		}
	}
	if (within) {
		for (i = 0; i < n; i++) {
			const double *y = runs[i].y;

			gi = runs[i].inv;
			for (a = 0; a < k && !isnan(y[set[a]]); a++)
				;
			if (a < k)
				continue;
			for (a = 0; a < k; a++)
				for (b = 0; b < k; b++)
					ss[a][b] += (y[set[a]] -
						     mean[gi * k + a]) *
						    (y[set[b]] -
						     mean[gi * k + b]);
		}
		for (gi = 0; gi < g; gi++)
			*df += cnt[gi] ? (double)(cnt[gi] - 1) : 0;
	} else if (ok > 1) {
		for (a = 0; a < k; a++)
			all[a] /= (double)ok;
		for (gi = 0; gi < g; gi++)
			for (a = 0; cnt[gi] && a < k; a++)
				for (b = 0; b < k; b++)
					ss[a][b] += (mean[gi * k + a] -
						     all[a]) *
						    (mean[gi * k + b] -
						     all[b]);
		*df += (double)(ok - 1);
	}
out:
	free(mean);
	free(cnt);
}

void latt_vcor(const struct latt_vrun *ra, size_t na,
	       const struct latt_vrun *rb, size_t nb, bool apart,
	       const struct latt_profile *p, const size_t *set, size_t k,
	       const double *var, double (*r)[LATT_METRICS_MAX])
{
	size_t ga = latt_vside_groups(ra, na), gb = latt_vside_groups(rb, nb);
	double ss[MM][MM], cov, df = 0, c, rh;
	bool grouped = ga > 1 || gb > 1, known;
	size_t a, b;

	memset(ss, 0, sizeof(ss));
	side_ss(ra, na, set, k, !grouped, ss, &df);
	side_ss(rb, nb, set, k, !grouped, ss, &df);
	for (known = p != NULL, a = 0; known && a < k; a++)
		known = p->m[set[a]].known;
	if (known && (apart || grouped)) {
		const double (*pc)[MM] = grouped ? p->between_cov :
					 p->within_cov;

		c = grouped ? p->m[set[0]].between_df : p->m[set[0]].run_df;
		for (a = 0; a < k; a++)
			for (b = 0; b < k; b++)
				ss[a][b] += c * pc[set[a]][set[b]];
		df += c;
	}
	for (a = 0; a < k; a++)
		for (b = 0; b < k; b++) {
			cov = df >= COR_DF_MIN ? ss[a][b] / df : 0;
			cov *= grouped ? 1 / (double)ga + 1 / (double)gb :
			       1 / (double)na + 1 / (double)nb;
			if (known && apart && !grouped &&
			    p->m[set[a]].between_df >= COR_DF_MIN) {
				rh = p->m[set[a]].runs_h;
				cov += 2 * (p->between_cov[set[a]][set[b]] -
					    p->within_cov[set[a]][set[b]] / rh);
			}
			c = cov / sqrt(var[a] * var[b]);
			r[a][b] = a == b ? 1 : isnan(c) ? 0 :
				  fmax(-1, fmin(1, c));
		}
}

double latt_vcor_tests(double (*r)[LATT_METRICS_MAX], size_t k)
{
	double a[MM][MM];
	double meff = 0, l, th, t, cs, sn, ap, aq;
	size_t i, j, p, q, sweep;

	memcpy(a, r, sizeof(a));
	for (sweep = 0; sweep < 50; sweep++) {
		double off = 0;

		for (p = 0; p < k; p++)
			for (q = p + 1; q < k; q++)
				off += a[p][q] * a[p][q];
		if (off < 1e-18)
			break;
		for (p = 0; p < k; p++)
			for (q = p + 1; q < k; q++) {
				if (fabs(a[p][q]) < 1e-30)
					continue;
				th = (a[q][q] - a[p][p]) / (2 * a[p][q]);
				t = (th >= 0 ? 1 : -1) /
				    (fabs(th) + sqrt(th * th + 1));
				cs = 1 / sqrt(t * t + 1);
				sn = t * cs;
				for (i = 0; i < k; i++) {
					ap = a[i][p];
					aq = a[i][q];
					a[i][p] = cs * ap - sn * aq;
					a[i][q] = sn * ap + cs * aq;
				}
				for (j = 0; j < k; j++) {
					ap = a[p][j];
					aq = a[q][j];
					a[p][j] = cs * ap - sn * aq;
					a[q][j] = sn * ap + cs * aq;
				}
			}
	}
	for (i = 0; i < k; i++) {
		/* An eigenvalue a rounding short of a whole one is that. */
		l = fabs(a[i][i]);
		l = fabs(l - round(l)) < 1e-9 ? round(l) : l;
		meff += (l >= 1) + (l - floor(l));
	}
	return fmin(fmax(meff, 1), (double)k);
}
