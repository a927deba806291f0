/* cmpstat.c - see cmpstat.h. */
#include <math.h>

#include "cmpstat.h"
#include "stats.h"

double
cmp_sample_stat(const struct dvals *sorted, bool mean, double q,
    enum qmethod method, bool *extra)
{
	if (extra != NULL)
		*extra = false;
	if (mean)
		return fmean(sorted->v, sorted->n);
	return dvals_quantile_m(sorted, q, method, extra);
}

double
cmp_mape(const double *real, const double *sim, size_t n, size_t *used)
{
	struct fsum s = {0};
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		if (real[i] == 0)
			continue;
		fsum_add(&s, fabs(real[i] - sim[i]) / real[i]);
		k++;
	}
	if (used != NULL)
		*used = k;
	return k == 0 ? NAN : fsum_value(&s) / (double)k;
}

double
cmp_mean_error(const double *real, const double *sim, size_t n)
{
	struct fsum s = {0};
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		if (real[i] == 0)
			continue;
		fsum_add(&s, sim[i] - real[i]);
		k++;
	}
	return k == 0 ? NAN : fsum_value(&s) / (double)k;
}

const char *
cmp_bias(double mean_error)
{
	if (isnan(mean_error))
		return NULL;
	if (mean_error > 0)
		return "over-predict";
	return mean_error < 0 ? "under-predict" : "neutral";
}

double
cmp_pearson(const double *x, const double *y, size_t n)
{
	struct fsum sx = {0}, sy = {0}, sxy = {0}, sxx = {0}, syy = {0};
	double xbar, ybar, den;

	if (n < 2)
		return NAN;
	for (size_t i = 0; i < n; i++) {
		fsum_add(&sx, x[i]);
		fsum_add(&sy, y[i]);
	}
	xbar = fsum_value(&sx) / (double)n;
	ybar = fsum_value(&sy) / (double)n;
	for (size_t i = 0; i < n; i++) {
		double dx = x[i] - xbar, dy = y[i] - ybar;

		fsum_add(&sxy, dx * dy);
		fsum_add(&sxx, dx * dx);
		fsum_add(&syy, dy * dy);
	}
	den = sqrt(fsum_value(&sxx) * fsum_value(&syy));
	return den == 0 ? NAN : fsum_value(&sxy) / den;
}

const char *
cmp_grade(double mape, double r)
{
	if (isnan(mape) || isnan(r))
		return NULL;
	if (mape < 0.10 && r > 0.95)
		return "excellent";
	if (mape < 0.20 && r > 0.85)
		return "good";
	if (mape < 0.35 && r > 0.70)
		return "fair";
	return "poor";
}

double
cmp_cv(const double *v, size_t n)
{
	struct fsum ss = {0};
	double mean;

	if (n < 2)
		return NAN;
	mean = fmean(v, n);
	if (mean == 0 || isnan(mean))
		return NAN;
	for (size_t i = 0; i < n; i++)
		fsum_add(&ss, (v[i] - mean) * (v[i] - mean));
	return sqrt(fsum_value(&ss) / (double)(n - 1)) / fabs(mean);
}

const char *
cmp_judgement_name(enum cmp_judgement j)
{
	switch (j) {
	case J_BETTER:
		return "better";
	case J_WORSE:
		return "worse";
	case J_WITHIN:
		return "within_noise";
	default:
		return NULL;
	}
}

static enum cmp_judgement
direction(double delta, bool lower_better)
{
	return (delta < 0) == lower_better ? J_BETTER : J_WORSE;
}

enum cmp_judgement
cmp_judge(double a, double b, double tol_pct, bool lower_better)
{
	double change;

	if (isnan(a) || isnan(b) || a == 0)
		return J_NA;
	change = (b - a) / fabs(a) * 100;
	if (fabs(change) <= tol_pct)
		return J_WITHIN;
	return direction(b - a, lower_better);
}

enum cmp_judgement
cmp_judge_rate(double pa, int64_t na, double pb, int64_t nb, double tol_pct,
    bool lower_better)
{
	double p, se;

	if (na <= 0 || nb <= 0 || isnan(pa) || isnan(pb))
		return J_NA;
	p = (pa * (double)na + pb * (double)nb) / ((double)na + (double)nb);
	se = sqrt(p * (1 - p) * (1 / (double)na + 1 / (double)nb));
	if (fabs(pb - pa) <= 2 * se)
		return J_WITHIN;
	if (pa != 0 && fabs(pb - pa) / pa * 100 <= tol_pct)
		return J_WITHIN;
	return direction(pb - pa, lower_better);
}

double
cmp_tolerance(double floor_pct, double cv_a, double cv_b)
{
	double tol = floor_pct;

	if (!isnan(cv_a) && 200 * cv_a > tol)
		tol = 200 * cv_a;
	if (!isnan(cv_b) && 200 * cv_b > tol)
		tol = 200 * cv_b;
	return tol;
}
