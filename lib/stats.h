/* stats.h - streaming moments, stored samples and exact quantiles.
 *
 * Moments stream (Welford: stable without storing anything).  Quantiles
 * need the values: ivals keeps integers as int32 until one needs 64 bits
 * (half the memory for token counts and latencies in µs), dvals keeps
 * doubles.  Both sort with an LSD radix sort (linear time; qsort of a
 * million values per statistic is the slow part of a trace otherwise).
 *
 * Quantiles are numpy's default ("type 7"): h = (n-1)q, linear
 * interpolation between x[floor h] and the next value; dvals_quantile_m
 * takes the method as a parameter (python's "exclusive" as well).  Exact
 * sums (fsum) make means independent of the order of the values. */
#ifndef S2R_STATS_H
#define S2R_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct moments {
	int64_t	n;
	double	mean;
	double	m2;	/* sum of squared deviations from the mean */
	double	min, max;
};

/* Welford's update; inline because it runs several times per trace row. */
static inline void
moments_add(struct moments *m, double x)
{
	double delta;

	if (m->n == 0 || x < m->min)
		m->min = x;
	if (m->n == 0 || x > m->max)
		m->max = x;
	m->n++;
	delta = x - m->mean;
	m->mean += delta / (double)m->n;
	m->m2 += delta * (x - m->mean);
}
/* Population standard deviation (divide by n); NAN when n == 0. */
double	moments_stdev(const struct moments *m);
/* stdev / mean; NAN when n == 0 or the mean is 0. */
double	moments_cv(const struct moments *m);

/* Integers, 4 bytes each while they lie within 2^31 of the first (epoch
 * microseconds of one run do: 35 minutes), else 8. */
struct ivals {
	int32_t	*v32;	/* each value less base */
	int64_t	*v64;	/* used instead of v32 once wide */
	int64_t	 base;
	size_t	 n, cap;
	bool	 wide;
	bool	 sorted;
};

void	ivals_add(struct ivals *v, int64_t x);
int64_t	ivals_at(const struct ivals *v, size_t i);
void	ivals_sort(struct ivals *v);
/* q in [0, 1] over sorted values; NAN when empty. */
double	ivals_quantile(const struct ivals *v, double q);
/* The standard error of sd, the population stdev of v about mean, by the
 * delta method from the fourth central moment m4: sqrt((m4 - sd^4)/n) /
 * (2 sd); 0 under two values or with sd 0. */
double	ivals_stdev_se(const struct ivals *v, double mean, double sd);
void	ivals_free(struct ivals *v);

struct dvals {
	double	*v;
	size_t	 n, cap;
	bool	 sorted;
};

void	dvals_add(struct dvals *v, double x);
void	dvals_sort(struct dvals *v);
double	dvals_quantile(const struct dvals *v, double q);
void	dvals_free(struct dvals *v);

/* How a quantile is taken; every percentile s2r writes names its method.
 *   Q_LINEAR     numpy's default, Hyndman-Fan type 7 (dvals_quantile).
 *   Q_EXCLUSIVE  python's statistics.quantiles(method="exclusive"),
 *                type 6: at q = i/100, m = n + 1, j = floor(i m / 100)
 *                clamped to [1, n - 1], delta = i m - 100 j, and
 *                (x[j-1] (100 - delta) + x[j] delta) / 100 with the same
 *                floating-point steps as python, so the numbers agree to
 *                the bit.  A q that is no whole percent uses 10^6 in
 *                place of 100.  Near the ends of a small sample the
 *                clamped j extrapolates beyond the data, as python does
 *                (p99 of fewer than 99 values); *extrapolated says so.
 *                One value is its own quantile (python 3.13). */
enum qmethod { Q_LINEAR, Q_EXCLUSIVE };

/* "linear", "exclusive". */
const char *qmethod_name(enum qmethod m);
/* false when s names no method. */
bool	qmethod_parse(const char *s, enum qmethod *m);
/* q in [0, 1] over sorted values; NAN when empty.  extrapolated may be
 * NULL. */
double	dvals_quantile_m(const struct dvals *v, double q, enum qmethod m,
	    bool *extrapolated);

/* An exactly rounded sum of doubles (Shewchuk's partials, as python's
 * math.fsum): the result is the exact sum rounded once, whatever the
 * order of the values.  An infinite or NaN value (or a sum beyond the
 * double range) makes the sum that value, as IEEE addition would. */
#define FSUM_PARTIALS	64
struct fsum {
	double	p[FSUM_PARTIALS];	/* non-overlapping, increasing */
	size_t	n;
	double	special;	/* inf or NaN added (or an overflow): the sum */
};

void	fsum_add(struct fsum *s, double x);
double	fsum_value(const struct fsum *s);
/* fsum(v) / n, python's statistics.fmean; NAN when n == 0. */
double	fmean(const double *v, size_t n);

/* The quantile of the union of k sorted samples, without merging them
 * (a statistic over all classes from the per-class samples). */
double	ivals_quantile_multi(const struct ivals *const *v, size_t k, double q);
double	dvals_quantile_multi(const struct dvals *const *v, size_t k, double q);

/* In-place ascending radix sorts. */
void	sort_i32(int32_t *a, size_t n);
void	sort_i64(int64_t *a, size_t n);
void	sort_f64(double *a, size_t n);	/* no NaNs */

#endif
