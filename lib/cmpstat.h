/* cmpstat.h - the statistics of s2r-compare: how well one sample of
 * per-request latencies predicts another matched to it (MAPE, Pearson r,
 * bias, BLIS calibrate's grade), the spread of replicas (CV), and how a
 * change between two arms is judged against the noise (upstream.md §5).
 * Sums are exact (fsum), so results do not depend on the order of the
 * requests. */
#ifndef S2R_CMPSTAT_H
#define S2R_CMPSTAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "stats.h"

/* Mean absolute percentage error as a fraction: fsum(|r - s| / r) over
 * the pairs with r != 0, divided by their number (*used, may be NULL);
 * NAN when there is none. */
double	cmp_mape(const double *real, const double *sim, size_t n,
	    size_t *used);
/* The mean signed error fsum(s - r) / count over the same pairs; its sign
 * is the bias direction.  NAN when there is none. */
double	cmp_mean_error(const double *real, const double *sim, size_t n);
/* "over-predict" (> 0: the simulator is slower), "under-predict" or
 * "neutral" (0); NULL for NAN. */
const char *cmp_bias(double mean_error);
/* Pearson's r as python's statistics.correlation computes it (fsum means,
 * fsum of products, sxy / sqrt(sxx syy)); NAN when n < 2 or one side is
 * constant. */
double	cmp_pearson(const double *x, const double *y, size_t n);
/* BLIS calibrate's grade: excellent (MAPE < 0.10, r > 0.95), good (< 0.20,
 * > 0.85), fair (< 0.35, > 0.70), else poor; NULL when either is NAN. */
const char *cmp_grade(double mape, double r);
/* One statistic of a sorted sample for the A/B and calibration tables:
 * its mean (fmean) when mean is true, else its q quantile by method
 * (*extra, when not NULL: the quantile was extrapolated). */
double	cmp_sample_stat(const struct dvals *sorted, bool mean, double q,
	    enum qmethod method, bool *extra);
/* Coefficient of variation with the sample standard deviation (n - 1):
 * the spread of one statistic over replicas; NAN when n < 2 or the mean
 * is 0. */
double	cmp_cv(const double *v, size_t n);

enum cmp_judgement { J_BETTER, J_WORSE, J_WITHIN, J_NA };

/* "better", "worse", "within_noise", NULL (J_NA). */
const char *cmp_judgement_name(enum cmp_judgement j);
/* b against a with the relative tolerance tol_pct (a change of at most
 * that many percent is noise); J_NA when either is NAN or a is 0. */
enum cmp_judgement cmp_judge(double a, double b, double tol_pct,
	    bool lower_better);
/* Two proportions pa of na and pb of nb: as cmp_judge, and also within
 * the noise while |pb - pa| <= 2 standard errors of the difference
 * (pooled binomial, sqrt(p (1 - p) (1/na + 1/nb))), so that a rate of
 * zero can still be judged.  J_NA when a side has no rows. */
enum cmp_judgement cmp_judge_rate(double pa, int64_t na, double pb,
	    int64_t nb, double tol_pct, bool lower_better);
/* The effective tolerance in percent: max(floor_pct, 200 cv) over the
 * CVs that are known (NAN: none). */
double	cmp_tolerance(double floor_pct, double cv_a, double cv_b);

#endif
