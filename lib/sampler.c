/* sampler.c - exact moments of BLIS's length samplers, and a deterministic
 * sampler with the same round/clamp semantics.  See sampler.h. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "err.h"
#include "rec.h"
#include "sampler.h"

const char dist_known_types[] =
    "gaussian, exponential, lognormal, pareto_lognormal, constant, empirical";
const char arrival_known_processes[] = "poisson, constant, gamma, weibull";

static const char *const dist_names[] = {
	[DIST_GAUSSIAN] = "gaussian",
	[DIST_EXPONENTIAL] = "exponential",
	[DIST_LOGNORMAL] = "lognormal",
	[DIST_PARETO_LOGNORMAL] = "pareto_lognormal",
	[DIST_CONSTANT] = "constant",
	[DIST_EMPIRICAL] = "empirical",
};

static const char *const arrival_names[] = {
	[ARR_POISSON] = "poisson",
	[ARR_CONSTANT] = "constant",
	[ARR_GAMMA] = "gamma",
	[ARR_WEIBULL] = "weibull",
};

/* Integers summed one by one at most; beyond, the law is smooth enough
 * that a continuous tail (plus the 1/12 rounding variance) is exact to
 * far better than any tolerance a check uses. */
#define EXACT_TERMS	(1L << 20)
/* Mass left out of the bulk on either side. */
#define BULK_Z		9.0

bool
dist_type_parse(const char *name, enum dist_type *out)
{
	for (size_t i = 0; i < sizeof(dist_names) / sizeof(dist_names[0]); i++)
		if (strcmp(name, dist_names[i]) == 0) {
			*out = (enum dist_type)i;
			return true;
		}
	return false;
}

const char *
dist_type_name(enum dist_type t)
{
	return dist_names[t];
}

bool
arrival_process_parse(const char *name, enum arrival_process *out)
{
	for (size_t i = 0; i < sizeof(arrival_names) / sizeof(arrival_names[0]);
	    i++)
		if (strcmp(name, arrival_names[i]) == 0) {
			*out = (enum arrival_process)i;
			return true;
		}
	return false;
}

const char *
arrival_process_name(enum arrival_process p)
{
	return arrival_names[p];
}

void
dist_free(struct dist *d)
{
	free(d->bin_value);
	free(d->bin_prob);
	d->bin_value = NULL;
	d->bin_prob = NULL;
	d->nbins = 0;
}

double
round_half_away(double x)
{
	return round(x);	/* C's round() is half away from zero, like Go's */
}

/* double -> int64 without undefined behaviour on overflow. */
static int64_t
to_i64(double x)
{
	if (isnan(x))
		return 0;
	if (x >= 9.2e18)
		return INT64_MAX;
	if (x <= -9.2e18)
		return INT64_MIN;
	return (int64_t)x;
}

/* ---- the continuous variable before rounding ---- */

/* Standard normal tail functions, accurate in both tails. */
static double
phi_cdf(double z)
{
	return 0.5 * erfc(-z / M_SQRT2);
}

static double
phi_pdf(double z)
{
	return exp(-0.5 * z * z) / sqrt(2 * M_PI);
}

/* Partial moments above t: P(X > t), E[X; X > t], E[X²; X > t]. */
struct partial {
	long double	s, e1, e2;
};

static struct partial
normal_partial(double mu, double sigma, double t)
{
	double z = (t - mu) / sigma, s = phi_cdf(-z), p = phi_pdf(z);

	return (struct partial){ s, mu * s + sigma * p,
	    (mu * mu + sigma * sigma) * s + sigma * p * (mu + t) };
}

static struct partial
exp_partial(double m, double t)
{
	double s;

	if (t <= 0)
		return (struct partial){ 1, m, 2 * m * m };
	s = exp(-t / m);
	return (struct partial){ s, (t + m) * s, (t * t + 2 * t * m +
	    2 * m * m) * s };
}

static struct partial
lognormal_partial(double mu, double sigma, double t)
{
	double e1 = exp(mu + sigma * sigma / 2), e2 = exp(2 * mu +
	    2 * sigma * sigma), z;

	if (t <= 0)
		return (struct partial){ 1, e1, e2 };
	z = (log(t) - mu) / sigma;
	return (struct partial){ phi_cdf(-z), e1 * phi_cdf(sigma - z),
	    e2 * phi_cdf(2 * sigma - z) };
}

/* Only called when the moments it returns exist (alpha > 2, or > 1 for
 * the first; e2 is then unused and may be garbage). */
static struct partial
pareto_partial(double alpha, double xm, double t)
{
	double s;

	if (t <= xm)
		return (struct partial){ 1, alpha * xm / (alpha - 1),
		    alpha * xm * xm / (alpha - 2) };
	s = pow(xm / t, alpha);
	return (struct partial){ s, s * t * alpha / (alpha - 1),
	    s * t * t * alpha / (alpha - 2) };
}

/* The pre-rounding variable of the continuous types. */
struct cont {
	const struct dist *d;
	double	 sigma;		/* |sigma| or |std_dev| */
	double	 w;		/* pareto mix weight clamped to [0, 1] */
};

static double
cont_sf(const struct cont *c, double x)
{
	const struct dist *d = c->d;
	double ln, pa;

	switch (d->type) {
	case DIST_GAUSSIAN:
		return phi_cdf(-(x - d->mean) / c->sigma);
	case DIST_EXPONENTIAL:
		return x <= 0 ? 1 : exp(-x / d->mean);
	case DIST_LOGNORMAL:
		return x <= 0 ? 1 : phi_cdf(-(log(x) - d->mu) / c->sigma);
	default:
		ln = x <= 0 ? 1 : phi_cdf(-(log(x) - d->mu) / c->sigma);
		pa = x <= d->xm ? 1 : pow(d->xm / x, d->alpha);
		return c->w * pa + (1 - c->w) * ln;
	}
}

static double
cont_cdf(const struct cont *c, double x)
{
	const struct dist *d = c->d;
	double ln, pa;

	switch (d->type) {
	case DIST_GAUSSIAN:
		return phi_cdf((x - d->mean) / c->sigma);
	case DIST_EXPONENTIAL:
		return x <= 0 ? 0 : -expm1(-x / d->mean);
	case DIST_LOGNORMAL:
		return x <= 0 ? 0 : phi_cdf((log(x) - d->mu) / c->sigma);
	default:
		ln = x <= 0 ? 0 : phi_cdf((log(x) - d->mu) / c->sigma);
		pa = x <= d->xm ? 0 : -expm1(d->alpha * log(d->xm / x));
		return c->w * pa + (1 - c->w) * ln;
	}
}

static struct partial
cont_partial(const struct cont *c, double t)
{
	const struct dist *d = c->d;
	struct partial a, b;

	if (isinf(t) && t > 0)
		return (struct partial){ 0, 0, 0 };
	switch (d->type) {
	case DIST_GAUSSIAN:
		return normal_partial(d->mean, c->sigma, t);
	case DIST_EXPONENTIAL:
		return exp_partial(d->mean, t);
	case DIST_LOGNORMAL:
		return lognormal_partial(d->mu, c->sigma, t);
	default:
		a = lognormal_partial(d->mu, c->sigma, t);
		if (c->w == 0)
			return a;
		b = pareto_partial(d->alpha, d->xm, t);
		return (struct partial){ c->w * b.s + (1 - c->w) * a.s,
		    c->w * b.e1 + (1 - c->w) * a.e1,
		    c->w * b.e2 + (1 - c->w) * a.e2 };
	}
}

/* P(round(X) = k) for an interior k, from whichever tail is small. */
static double
cont_pmf(const struct cont *c, int64_t k)
{
	double lo = (double)k - 0.5, hi = (double)k + 0.5;
	double f = cont_cdf(c, hi);

	if (f <= 0.5)
		return f - cont_cdf(c, lo);
	return cont_sf(c, lo) - cont_sf(c, hi);
}

/* [ql, qh] holds all but ~1e-19 of the mass; center is near the mean. */
static void
cont_bulk(const struct cont *c, double *ql, double *qh, double *center)
{
	const struct dist *d = c->d;
	double lql, lqh, pqh, lmean, pmean;

	switch (d->type) {
	case DIST_GAUSSIAN:
		*ql = d->mean - BULK_Z * c->sigma;
		*qh = d->mean + BULK_Z * c->sigma;
		*center = d->mean;
		return;
	case DIST_EXPONENTIAL:
		*ql = 0;
		*qh = 44 * d->mean;
		*center = d->mean;
		return;
	default:
		break;
	}
	lql = exp(d->mu - BULK_Z * c->sigma);
	lqh = exp(d->mu + BULK_Z * c->sigma);
	lmean = exp(fmin(d->mu + c->sigma * c->sigma / 2, 700));
	if (d->type == DIST_LOGNORMAL || c->w == 0) {
		*ql = lql;
		*qh = lqh;
		*center = lmean;
		return;
	}
	pqh = d->xm * pow(1e19, 1 / d->alpha);
	pmean = d->alpha > 1 ? d->alpha * d->xm / (d->alpha - 1) : d->xm;
	*ql = c->w == 1 ? d->xm : fmin(lql, d->xm);
	*qh = c->w == 1 ? pqh : fmax(lqh, pqh);
	*center = c->w * pmean + (1 - c->w) * lmean;
}

struct acc {
	long double	s0, s1, s2;	/* mass, Σp(k−c), Σp(k−c)² */
	double		c;
};

static void
acc_atom(struct acc *a, double k, double p)
{
	long double x = (long double)k - a->c;

	a->s0 += p;
	a->s1 += p * x;
	a->s2 += p * x * x;
}

/* Mass of X in (t, u) as a continuous piece; rounding adds 1/12.
 * Returns the mass. */
static double
acc_region(struct acc *a, const struct cont *c, double t, double u)
{
	struct partial pt = cont_partial(c, t), pu = cont_partial(c, u);
	long double s = pt.s - pu.s, e1 = pt.e1 - pu.e1, e2 = pt.e2 - pu.e2;
	long double cc = a->c;

	if (s <= 0)
		return 0;
	a->s0 += s;
	a->s1 += e1 - cc * s;
	a->s2 += e2 - 2 * cc * e1 + cc * cc * s + s / 12;
	return (double)s;
}

static void
set_constant(struct moments *m, int64_t k)
{
	m->mean = (double)k;
	m->stdev = 0;
	m->has_mean = m->has_stdev = true;
	m->min = m->max = k;
	m->has_max = true;
}

/* The law of max(1, clamp(round(X), lo, hi)) given lo >= 1, lo < hi
 * (hi == INT64_MAX: unbounded). */
static void
cont_moments(const struct cont *c, int64_t lo, int64_t hi, bool want_var,
    struct moments *m)
{
	struct acc a = { 0, 0, 0, 0 };
	double ql, qh, center;
	int64_t k0, k1, k, kmax;
	bool bounded = hi != INT64_MAX;

	cont_bulk(c, &ql, &qh, &center);
	a.c = round_half_away(fmax((double)lo, fmin(center,
	    fmin((double)hi, (double)lo + EXACT_TERMS))));
	acc_atom(&a, (double)lo, cont_cdf(c, (double)lo + 0.5));
	kmax = bounded ? hi - 1 : INT64_MAX - 1;
	k0 = lo + 1;
	if (ql - 1 > (double)k0)
		k0 = to_i64(floor(ql - 1));
	if (k0 > kmax + 1)
		k0 = kmax + 1;
	k1 = to_i64(ceil(qh + 1));
	if (k1 > kmax)
		k1 = kmax;
	if (k1 - k0 > EXACT_TERMS)
		k1 = k0 + EXACT_TERMS;
	if (k1 < k0 - 1)
		k1 = k0 - 1;
	if (k0 > lo + 1)
		acc_region(&a, c, (double)lo + 0.5, (double)k0 - 0.5);
	for (k = k0; k <= k1; k++)
		acc_atom(&a, (double)k, cont_pmf(c, k));
	if (k1 < kmax && acc_region(&a, c, (double)k1 + 0.5,
	    bounded ? (double)hi - 0.5 : INFINITY) > 1e-16)
		m->tail_from = k1 + 1;
	if (bounded)
		acc_atom(&a, (double)hi, cont_sf(c, (double)hi - 0.5));
	m->has_mean = true;
	m->mean = (double)(a.c + a.s1 / a.s0);
	m->has_stdev = want_var;
	if (want_var) {
		long double mu1 = a.s1 / a.s0, var = a.s2 / a.s0 - mu1 * mu1;

		m->stdev = var > 0 ? (double)sqrtl(var) : 0;
	}
	m->min = lo;
	m->max = hi;
	m->has_max = bounded;
	if (!bounded)
		m->why = "the distribution has no upper bound";
	if (!isfinite(m->mean) || (want_var && !isfinite(m->stdev))) {
		m->has_mean = isfinite(m->mean);
		m->has_stdev = false;
		m->why = "a moment overflows a double";
	}
}

static void
empirical_moments(const struct dist *d, struct moments *m)
{
	long double s1 = 0, s2 = 0, c;

	if (d->nbins == 0) {
		set_constant(m, 1);
		return;
	}
	c = (long double)d->bin_value[0];
	for (size_t i = 0; i < d->nbins; i++) {
		long double x = (long double)d->bin_value[i] - c;

		s1 += d->bin_prob[i] * x;
		s2 += d->bin_prob[i] * x * x;
	}
	m->has_mean = m->has_stdev = m->has_max = true;
	m->mean = (double)(c + s1);
	m->stdev = s2 - s1 * s1 > 0 ? (double)sqrtl(s2 - s1 * s1) : 0;
	m->min = d->bin_value[0];
	m->max = d->bin_value[d->nbins - 1];
}

/* Effective bounds after clamp-then-floor-1: [lo, hi] with lo >= 1.
 * min/max of 0 mean "no bound" except for gaussian.  False when the
 * result is the constant *k. */
static bool
bounds(int64_t min, bool has_min, int64_t max, bool has_max, int64_t *lo,
    int64_t *hi, int64_t *k)
{
	*lo = has_min && min > 1 ? min : 1;
	*hi = has_max ? max : INT64_MAX;
	if (has_max && has_min && min > max) {
		*k = max < 1 ? 1 : max;	/* Min(max, Max(min, v)) is max */
		return false;
	}
	if (*hi <= *lo) {
		*k = *hi < 1 ? 1 : *hi;
		return false;
	}
	return true;
}

static void
pareto_moments(const struct dist *d, struct cont *c, struct moments *m)
{
	bool want_var = true;
	int64_t lo = 1;

	if (c->w > 0 && !(d->xm > 0)) {
		m->has_max = false;
		m->min = 1;
		m->why = "pareto_lognormal: xm must be positive";
		return;
	}
	if (c->w > 0 && d->alpha <= 1) {
		m->has_max = false;
		m->min = 1;
		m->why = "pareto_lognormal: a Pareto component with alpha <= 1 "
		    "has no mean (and no variance)";
		return;
	}
	if (c->w > 0 && d->alpha <= 2) {
		want_var = false;
		m->why = "pareto_lognormal: a Pareto component with alpha <= 2 "
		    "has no variance";
	}
	if (c->w == 1 && d->xm > 1.5)
		lo = to_i64(round_half_away(d->xm));
	cont_moments(c, lo, INT64_MAX, want_var, m);
	if (!want_var)
		m->why = "pareto_lognormal: a Pareto component with alpha <= 2 "
		    "has no variance, and the distribution no upper bound";
}

void
dist_moments(const struct dist *d, struct moments *m)
{
	struct cont c = { d, 0, 0 };
	int64_t lo, hi, k;
	double v;

	memset(m, 0, sizeof(*m));
	switch (d->type) {
	case DIST_CONSTANT:
		set_constant(m, d->value < 1 ? 1 : d->value);
		return;
	case DIST_EMPIRICAL:
		empirical_moments(d, m);
		return;
	case DIST_GAUSSIAN:
		if (d->min == d->max) {
			set_constant(m, d->min);	/* BLIS returns min as is */
			return;
		}
		c.sigma = fabs(d->std_dev);
		if (!bounds(d->min, true, d->max, true, &lo, &hi, &k)) {
			set_constant(m, k);
			return;
		}
		if (c.sigma == 0) {
			v = fmin((double)d->max, fmax((double)d->min, d->mean));
			k = to_i64(round_half_away(v));
			set_constant(m, k < 1 ? 1 : k);
			return;
		}
		cont_moments(&c, lo, hi, true, m);
		return;
	case DIST_EXPONENTIAL:
	case DIST_LOGNORMAL:
		if (!bounds(d->min, d->min > 0, d->max, d->max > 0, &lo, &hi,
		    &k)) {
			set_constant(m, k);
			return;
		}
		c.sigma = fabs(d->sigma);
		if (d->type == DIST_EXPONENTIAL && d->mean <= 0) {
			set_constant(m, lo);
			return;
		}
		if (d->type == DIST_LOGNORMAL && c.sigma == 0) {
			k = to_i64(round_half_away(exp(d->mu)));
			k = k < lo ? lo : k > hi ? hi : k;
			set_constant(m, k);
			return;
		}
		cont_moments(&c, lo, hi, true, m);
		return;
	case DIST_PARETO_LOGNORMAL:
		c.sigma = fabs(d->sigma);
		c.w = fmin(1, fmax(0, d->mix_weight));
		if (c.sigma == 0)	/* a point mass; keeps the math finite */
			c.sigma = c.w < 1 ? 1e-300 : 1;
		pareto_moments(d, &c, m);
		return;
	}
}

/* P(result <= k) when result = max(1, clamp(round(X), lo, hi)), lo >= 1
 * (hi INT64_MAX: unbounded): ties have no mass, so round(X) <= k is
 * X < k + 1/2. */
static double
cont_law_cdf(const struct cont *c, int64_t lo, int64_t hi, int64_t k)
{
	if (k < lo)
		return 0;
	if (k >= hi)
		return 1;
	return cont_cdf(c, (double)k + 0.5);
}

static double
empirical_cdf(const struct dist *d, int64_t k)
{
	double p = 0;

	if (d->nbins == 0)
		return k >= 1 ? 1 : 0;
	for (size_t i = 0; i < d->nbins && d->bin_value[i] <= k; i++)
		p += d->bin_prob[i];
	return fmin(1, p);
}

/* The same cases as dist_moments, in the same order. */
double
dist_cdf(const struct dist *d, int64_t k)
{
	struct cont c = { d, 0, 0 };
	int64_t lo, hi, one;

	switch (d->type) {
	case DIST_CONSTANT:
		return k >= (d->value < 1 ? 1 : d->value) ? 1 : 0;
	case DIST_EMPIRICAL:
		return empirical_cdf(d, k);
	case DIST_GAUSSIAN:
		if (d->min == d->max)
			return k >= d->min ? 1 : 0;
		c.sigma = fabs(d->std_dev);
		if (!bounds(d->min, true, d->max, true, &lo, &hi, &one))
			return k >= one ? 1 : 0;
		if (c.sigma == 0) {
			one = to_i64(round_half_away(fmin((double)d->max,
			    fmax((double)d->min, d->mean))));
			return k >= (one < 1 ? 1 : one) ? 1 : 0;
		}
		return cont_law_cdf(&c, lo, hi, k);
	case DIST_EXPONENTIAL:
	case DIST_LOGNORMAL:
		if (!bounds(d->min, d->min > 0, d->max, d->max > 0, &lo, &hi,
		    &one))
			return k >= one ? 1 : 0;
		c.sigma = fabs(d->sigma);
		if (d->type == DIST_EXPONENTIAL && d->mean <= 0)
			return k >= lo ? 1 : 0;
		if (d->type == DIST_LOGNORMAL && c.sigma == 0) {
			one = to_i64(round_half_away(exp(d->mu)));
			one = one < lo ? lo : one > hi ? hi : one;
			return k >= one ? 1 : 0;
		}
		return cont_law_cdf(&c, lo, hi, k);
	case DIST_PARETO_LOGNORMAL:
		c.sigma = fabs(d->sigma);
		c.w = fmin(1, fmax(0, d->mix_weight));
		if (c.sigma == 0)
			c.sigma = c.w < 1 ? 1e-300 : 1;
		return cont_law_cdf(&c, 1, INT64_MAX, k);
	}
	return 1;
}

json_t *
dist_json(const struct dist *d)
{
	json_t *o = json_object(), *bins;

	json_object_set_new(o, "type", json_string(dist_type_name(d->type)));
	if (d->type == DIST_EMPIRICAL) {
		bins = json_array();
		for (size_t i = 0; i < d->nbins; i++)
			json_array_append_new(bins, json_pack("[Io]",
			    (json_int_t)d->bin_value[i], rec_num(d->bin_prob[i])));
		json_object_set_new(o, "bins", bins);
		return o;
	}
	json_object_set_new(o, "mean", rec_num(d->mean));
	json_object_set_new(o, "std_dev", rec_num(d->std_dev));
	json_object_set_new(o, "min", json_integer((json_int_t)d->min));
	json_object_set_new(o, "max", json_integer((json_int_t)d->max));
	json_object_set_new(o, "mu", rec_num(d->mu));
	json_object_set_new(o, "sigma", rec_num(d->sigma));
	json_object_set_new(o, "alpha", rec_num(d->alpha));
	json_object_set_new(o, "xm", rec_num(d->xm));
	json_object_set_new(o, "mix_weight", rec_num(d->mix_weight));
	json_object_set_new(o, "value", json_integer((json_int_t)d->value));
	return o;
}

static bool
law_num(const json_t *o, const char *key, double *out)
{
	const json_t *v = json_object_get(o, key);

	if (!json_is_number(v))
		return false;
	*out = json_number_value(v);
	return isfinite(*out);
}

static bool
empirical_from_json(const json_t *bins, struct dist *d)
{
	const json_t *b;
	size_t i;

	if (!json_is_array(bins))
		return false;
	d->nbins = json_array_size(bins);
	d->bin_value = xreallocarray(NULL, d->nbins + 1, sizeof(int64_t));
	d->bin_prob = xreallocarray(NULL, d->nbins + 1, sizeof(double));
	json_array_foreach(bins, i, b) {
		if (!json_is_integer(json_array_get(b, 0)) ||
		    !json_is_number(json_array_get(b, 1)))
			return false;
		d->bin_value[i] = json_integer_value(json_array_get(b, 0));
		d->bin_prob[i] = json_number_value(json_array_get(b, 1));
	}
	return true;
}

/* Records carry numbers through rec_num (10 significant digits), so the
 * law read back is the written one to that precision. */
bool
dist_from_json(const json_t *o, struct dist *d)
{
	double v[10];
	static const char *const keys[] = { "mean", "std_dev", "min", "max",
	    "mu", "sigma", "alpha", "xm", "mix_weight", "value" };

	memset(d, 0, sizeof(*d));
	if (!dist_type_parse(json_string_value(json_object_get(o, "type")) ?
	    json_string_value(json_object_get(o, "type")) : "", &d->type))
		return false;
	if (d->type == DIST_EMPIRICAL)
		return empirical_from_json(json_object_get(o, "bins"), d);
	for (size_t i = 0; i < 10; i++)
		if (!law_num(o, keys[i], &v[i]))
			return false;
	d->mean = v[0];
	d->std_dev = v[1];
	d->min = to_i64(v[2]);
	d->max = to_i64(v[3]);
	d->mu = v[4];
	d->sigma = v[5];
	d->alpha = v[6];
	d->xm = v[7];
	d->mix_weight = v[8];
	d->value = to_i64(v[9]);
	return true;
}

void
dist_describe(const struct dist *d, char *buf, size_t len)
{
	char lo[32] = "", hi[32] = "";

	switch (d->type) {
	case DIST_GAUSSIAN:
		snprintf(buf, len, "gaussian(mean %.10g, std_dev %.10g) clamped "
		    "to [%lld,%lld], rounded half away from zero, floor 1",
		    d->mean, d->std_dev, (long long)d->min, (long long)d->max);
		return;
	case DIST_EXPONENTIAL:
	case DIST_LOGNORMAL:
		if (d->min > 0)
			snprintf(lo, sizeof(lo), ", min %lld", (long long)d->min);
		if (d->max > 0)
			snprintf(hi, sizeof(hi), ", max %lld", (long long)d->max);
		if (d->type == DIST_EXPONENTIAL)
			snprintf(buf, len, "exponential(mean %.10g) rounded half "
			    "away from zero%s%s, floor 1", d->mean, lo, hi);
		else
			snprintf(buf, len, "lognormal(mu %.10g, sigma %.10g) "
			    "rounded half away from zero%s%s, floor 1", d->mu,
			    d->sigma, lo, hi);
		return;
	case DIST_PARETO_LOGNORMAL:
		snprintf(buf, len, "pareto_lognormal(alpha %.10g, xm %.10g, mu "
		    "%.10g, sigma %.10g, mix_weight %.10g) rounded half away "
		    "from zero, floor 1", d->alpha, d->xm, d->mu, d->sigma,
		    d->mix_weight);
		return;
	case DIST_CONSTANT:
		snprintf(buf, len, "constant %lld (floor 1)",
		    (long long)d->value);
		return;
	case DIST_EMPIRICAL:
		snprintf(buf, len, "empirical over %zu bins", d->nbins);
		return;
	}
}

/* ---- deterministic generator ---- */

static uint64_t
splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void
rng_seed(struct rng *r, uint64_t seed)
{
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&seed);
}

static uint64_t
rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t
rng_next(struct rng *r)
{
	uint64_t *s = r->s, result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

double
rng_uniform(struct rng *r)
{
	return (double)(rng_next(r) >> 11) * 0x1p-53;
}

double
rng_normal(struct rng *r)
{
	double u1 = 1 - rng_uniform(r), u2 = rng_uniform(r);

	return sqrt(-2 * log(u1)) * cos(2 * M_PI * u2);
}

double
rng_exp(struct rng *r)
{
	return -log(1 - rng_uniform(r));
}

/* Marsaglia and Tsang; shape < 1 through the U^(1/shape) boost. */
double
rng_gamma(struct rng *r, double shape)
{
	double d, c, x, v, u;

	if (shape < 1)
		return rng_gamma(r, shape + 1) *
		    pow(1 - rng_uniform(r), 1 / shape);
	d = shape - 1.0 / 3;
	c = 1 / sqrt(9 * d);
	for (;;) {
		do {
			x = rng_normal(r);
			v = 1 + c * x;
		} while (v <= 0);
		v = v * v * v;
		u = 1 - rng_uniform(r);
		if (log(u) < 0.5 * x * x + d - d * v + d * log(v))
			return d * v;
	}
}

static int64_t
clamp_floor(int64_t k, int64_t min, int64_t max)
{
	if (min > 0 && k < min)
		k = min;
	if (max > 0 && k > max)
		k = max;
	return k < 1 ? 1 : k;
}

static int64_t
sample_empirical(const struct dist *d, struct rng *r)
{
	double u = rng_uniform(r), cum = 0;

	if (d->nbins == 0)
		return 1;
	for (size_t i = 0; i + 1 < d->nbins; i++) {
		cum += d->bin_prob[i];
		if (u < cum)
			return d->bin_value[i];
	}
	return d->bin_value[d->nbins - 1];
}

int64_t
dist_sample(const struct dist *d, struct rng *r)
{
	double v;
	int64_t k;

	switch (d->type) {
	case DIST_GAUSSIAN:
		if (d->min == d->max)
			return d->min;
		v = rng_normal(r) * d->std_dev + d->mean;
		v = fmin((double)d->max, fmax((double)d->min, v));
		k = to_i64(round_half_away(v));
		return k < 1 ? 1 : k;
	case DIST_EXPONENTIAL:
		v = rng_exp(r) * d->mean;
		return clamp_floor(to_i64(round_half_away(v)), d->min, d->max);
	case DIST_LOGNORMAL:
		v = exp(d->mu + d->sigma * rng_normal(r));
		if (!isfinite(v))
			v = d->min > 0 ? (double)d->min : 1;
		return clamp_floor(to_i64(round_half_away(v)), d->min, d->max);
	case DIST_PARETO_LOGNORMAL:
		if (rng_uniform(r) < d->mix_weight) {
			double u = rng_uniform(r);

			v = d->xm / pow(u > 0 ? u : DBL_MIN, 1 / d->alpha);
		} else
			v = exp(d->mu + d->sigma * rng_normal(r));
		k = to_i64(round_half_away(v));
		return k < 1 ? 1 : k;
	case DIST_CONSTANT:
		return d->value < 1 ? 1 : d->value;
	case DIST_EMPIRICAL:
		return sample_empirical(d, r);
	}
	return 1;
}

/* ---- arrivals ---- */

double
weibull_cv(double k)
{
	return sqrt(expm1(lgamma(1 + 2 / k) - 2 * lgamma(1 + 1 / k)));
}

double
weibull_shape_for_cv(double cv)
{
	double lo = 0.05, hi = 1000;	/* cv(k) decreases with k */

	for (int i = 0; i < 200; i++) {
		double mid = sqrt(lo * hi);

		if (weibull_cv(mid) > cv)
			lo = mid;
		else
			hi = mid;
	}
	return sqrt(lo * hi);
}

static bool
explicit_shape(const struct arrival *a)
{
	return a->shape > 0 && a->scale > 0;
}

static double
cv_or_default(const struct arrival *a)
{
	return a->cv > 0 ? a->cv : 1.0;
}

double
arrival_cv(const struct arrival *a)
{
	double cv;

	switch (a->process) {
	case ARR_POISSON:
		return 1;
	case ARR_CONSTANT:
		return 0;
	case ARR_GAMMA:
		if (explicit_shape(a))
			return 1 / sqrt(a->shape);
		cv = cv_or_default(a);
		return 1 / (cv * cv) < 0.01 ? 1 : cv;
	case ARR_WEIBULL:
		if (explicit_shape(a))
			return weibull_cv(a->shape);
		return cv_or_default(a);
	}
	return 1;
}

static int64_t
iat_floor(double v)
{
	int64_t k = to_i64(v);

	return k < 1 ? 1 : k;
}

int64_t
arrival_iat(const struct arrival *a, double rate_per_us, struct rng *r)
{
	double mean = 1 / rate_per_us, cv, shape, k;

	switch (a->process) {
	case ARR_POISSON:
		return iat_floor(rng_exp(r) * mean);
	case ARR_CONSTANT:
		return iat_floor(mean);
	case ARR_GAMMA:
		if (explicit_shape(a))
			return iat_floor(rng_gamma(r, a->shape) * a->scale);
		cv = cv_or_default(a);
		shape = 1 / (cv * cv);
		if (shape < 0.01)
			return iat_floor(rng_exp(r) * mean);
		return iat_floor(rng_gamma(r, shape) * mean * cv * cv);
	case ARR_WEIBULL:
		k = explicit_shape(a) ? a->shape :
		    weibull_shape_for_cv(cv_or_default(a));
		return iat_floor((explicit_shape(a) ? a->scale :
		    mean / tgamma(1 + 1 / k)) * pow(-log(1 - rng_uniform(r)),
		    1 / k));
	}
	return 1;
}
