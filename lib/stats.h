/* stats.h - streaming moments, stored samples and exact quantiles.
 *
 * Moments stream (Welford: stable without storing anything).  Quantiles
 * need the values: ivals keeps integers as int32 until one needs 64 bits
 * (half the memory for token counts and latencies in µs), dvals keeps
 * doubles.  Both sort with an LSD radix sort (linear time; qsort of a
 * million values per statistic is the slow part of a trace otherwise).
 *
 * Quantiles are numpy's default ("type 7"): h = (n-1)q, linear
 * interpolation between x[floor h] and the next value. */
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

struct ivals {
	int32_t	*v32;
	int64_t	*v64;	/* used instead of v32 once wide */
	size_t	 n, cap;
	bool	 wide;
	bool	 sorted;
};

void	ivals_add(struct ivals *v, int64_t x);
int64_t	ivals_at(const struct ivals *v, size_t i);
void	ivals_sort(struct ivals *v);
/* q in [0, 1] over sorted values; NAN when empty. */
double	ivals_quantile(const struct ivals *v, double q);
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

/* The quantile of the union of k sorted samples, without merging them
 * (a statistic over all classes from the per-class samples). */
double	ivals_quantile_multi(const struct ivals *const *v, size_t k, double q);
double	dvals_quantile_multi(const struct dvals *const *v, size_t k, double q);

/* In-place ascending radix sorts. */
void	sort_i32(int32_t *a, size_t n);
void	sort_i64(int64_t *a, size_t n);
void	sort_f64(double *a, size_t n);	/* no NaNs */

#endif
