/* stats.c - moments, samples, radix sorts and quantiles; see stats.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "stats.h"

double
moments_stdev(const struct moments *m)
{
	if (m->n == 0)
		return NAN;
	return sqrt(m->m2 / (double)m->n);
}

double
moments_cv(const struct moments *m)
{
	if (m->n == 0 || m->mean == 0)
		return NAN;
	return moments_stdev(m) / m->mean;
}

/* LSD radix sort of n keys of type T (B bytes), one byte per pass; a
 * pass whose byte is the same for every key is skipped, so small values
 * in wide keys cost little.  A macro: the 32- and 64-bit sorts differ only
 * in their type, and each must stay a tight loop over it. */
#define RADIX_SORT(name, T, B)						\
static void								\
name(T *a, size_t n)							\
{									\
	size_t (*hist)[256], off[256];					\
	T *tmp, *src = a, *dst, *t;					\
									\
	if (n < 2)							\
		return;							\
	hist = xcalloc(B, sizeof(*hist));				\
	for (size_t i = 0; i < n; i++)					\
		for (int b = 0; b < B; b++)				\
			hist[b][(a[i] >> (8 * b)) & 0xff]++;		\
	tmp = xreallocarray(NULL, n, sizeof(*tmp));			\
	dst = tmp;							\
	for (int b = 0; b < B; b++) {					\
		size_t sum = 0;						\
									\
		if (hist[b][(a[0] >> (8 * b)) & 0xff] == n)		\
			continue;					\
		for (int d = 0; d < 256; d++) {				\
			off[d] = sum;					\
			sum += hist[b][d];				\
		}							\
		for (size_t i = 0; i < n; i++)				\
			dst[off[(src[i] >> (8 * b)) & 0xff]++] = src[i]; \
		t = src;						\
		src = dst;						\
		dst = t;						\
	}								\
	if (src != a)							\
		memcpy(a, src, n * sizeof(*a));				\
	free(tmp);							\
	free(hist);							\
}

RADIX_SORT(radix_u64, uint64_t, 8)
RADIX_SORT(radix_u32, uint32_t, 4)

/* Signed integers sort as unsigned once the sign bit is flipped. */
void
sort_i32(int32_t *a, size_t n)
{
	uint32_t *u = (uint32_t *)a;

	for (size_t i = 0; i < n; i++)
		u[i] ^= UINT32_C(0x80000000);
	radix_u32(u, n);
	for (size_t i = 0; i < n; i++)
		u[i] ^= UINT32_C(0x80000000);
}

void
sort_i64(int64_t *a, size_t n)
{
	uint64_t *u = (uint64_t *)a;

	for (size_t i = 0; i < n; i++)
		u[i] ^= UINT64_C(0x8000000000000000);
	radix_u64(u, n);
	for (size_t i = 0; i < n; i++)
		u[i] ^= UINT64_C(0x8000000000000000);
}

/* IEEE doubles order as unsigned integers after flipping every bit of a
 * negative number and only the sign bit of a positive one. */
static uint64_t
f64_key(double x)
{
	uint64_t u;

	memcpy(&u, &x, sizeof(u));
	return (u >> 63) ? ~u : u ^ UINT64_C(0x8000000000000000);
}

static double
f64_unkey(uint64_t k)
{
	uint64_t u = (k >> 63) ? k ^ UINT64_C(0x8000000000000000) : ~k;
	double x;

	memcpy(&x, &u, sizeof(x));
	return x;
}

void
sort_f64(double *a, size_t n)
{
	uint64_t *u = xreallocarray(NULL, n ? n : 1, sizeof(*u));

	for (size_t i = 0; i < n; i++)
		u[i] = f64_key(a[i]);
	radix_u64(u, n);
	for (size_t i = 0; i < n; i++)
		a[i] = f64_unkey(u[i]);
	free(u);
}

static void
ivals_widen(struct ivals *v)
{
	v->v64 = xreallocarray(NULL, v->cap ? v->cap : 1, sizeof(*v->v64));
	for (size_t i = 0; i < v->n; i++)
		v->v64[i] = v->base + v->v32[i];
	free(v->v32);
	v->v32 = NULL;
	v->base = 0;
	v->wide = true;
}

void
ivals_add(struct ivals *v, int64_t x)
{
	int64_t d;

	if (v->n == 0 && !v->wide)
		v->base = x;
	if (!v->wide && (__builtin_sub_overflow(x, v->base, &d) ||
	    d < INT32_MIN || d > INT32_MAX))
		ivals_widen(v);
	if (v->n == v->cap) {
		v->cap = v->cap ? v->cap * 2 : 64;
		if (v->wide)
			v->v64 = xreallocarray(v->v64, v->cap, sizeof(*v->v64));
		else
			v->v32 = xreallocarray(v->v32, v->cap, sizeof(*v->v32));
	}
	if (v->wide)
		v->v64[v->n++] = x;
	else
		v->v32[v->n++] = (int32_t)(x - v->base);
	v->sorted = false;
}

int64_t
ivals_at(const struct ivals *v, size_t i)
{
	return v->wide ? v->v64[i] : v->base + v->v32[i];
}

void
ivals_sort(struct ivals *v)
{
	if (v->wide)
		sort_i64(v->v64, v->n);
	else
		sort_i32(v->v32, v->n);
	v->sorted = true;
}

void
ivals_free(struct ivals *v)
{
	free(v->v32);
	free(v->v64);
	memset(v, 0, sizeof(*v));
}

void
dvals_add(struct dvals *v, double x)
{
	if (v->n == v->cap) {
		v->cap = v->cap ? v->cap * 2 : 64;
		v->v = xreallocarray(v->v, v->cap, sizeof(*v->v));
	}
	v->v[v->n++] = x;
	v->sorted = false;
}

void
dvals_sort(struct dvals *v)
{
	sort_f64(v->v, v->n);
	v->sorted = true;
}

void
dvals_free(struct dvals *v)
{
	free(v->v);
	memset(v, 0, sizeof(*v));
}

/* x[lo] + (h - lo)(x[lo+1] - x[lo]); the difference is taken first so
 * that large integers (epoch µs) lose nothing before it. */
static double
lerp_i64(int64_t a, int64_t b, double frac)
{
	if (frac == 0)
		return (double)a;
	return (double)a + frac * (double)(b - a);
}

static bool
rank(size_t n, double q, size_t *lo, double *frac)
{
	double h;

	if (n == 0 || !(q >= 0 && q <= 1))
		return false;
	h = (double)(n - 1) * q;
	*lo = (size_t)floor(h);
	if (*lo >= n - 1) {
		*lo = n - 1;
		*frac = 0;
	} else {
		*frac = h - (double)*lo;
	}
	return true;
}

double
ivals_stdev_se(const struct ivals *v, double mean, double sd)
{
	long double m4 = 0;

	if (v->n < 2 || !(sd > 0))
		return 0;
	for (size_t i = 0; i < v->n; i++) {
		long double d = (long double)ivals_at(v, i) - mean;

		m4 += d * d * d * d;
	}
	m4 /= (long double)v->n;
	return sqrt(fmax(0, (double)m4 - pow(sd, 4)) / (double)v->n) /
	    (2 * sd);
}

double
ivals_quantile(const struct ivals *v, double q)
{
	size_t lo;
	double frac;

	if (!rank(v->n, q, &lo, &frac))
		return NAN;
	if (frac == 0)
		return (double)ivals_at(v, lo);
	return lerp_i64(ivals_at(v, lo), ivals_at(v, lo + 1), frac);
}

double
dvals_quantile(const struct dvals *v, double q)
{
	size_t lo;
	double frac;

	if (!rank(v->n, q, &lo, &frac))
		return NAN;
	if (frac == 0)
		return v->v[lo];
	return v->v[lo] + frac * (v->v[lo + 1] - v->v[lo]);
}

/* Values <= x in one sorted sample. */
static size_t
ivals_count_le(const struct ivals *v, int64_t x)
{
	size_t lo = 0, hi = v->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (ivals_at(v, mid) <= x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The idx-th smallest (0-based) of the union: the least x with more
 * than idx values <= x, found by bisection over the value range. */
static int64_t
ivals_kth_multi(const struct ivals *const *v, size_t k, size_t idx)
{
	int64_t lo = INT64_MAX, hi = INT64_MIN;

	for (size_t i = 0; i < k; i++) {
		if (v[i]->n == 0)
			continue;
		if (ivals_at(v[i], 0) < lo)
			lo = ivals_at(v[i], 0);
		if (ivals_at(v[i], v[i]->n - 1) > hi)
			hi = ivals_at(v[i], v[i]->n - 1);
	}
	while (lo < hi) {
		int64_t mid = lo + (int64_t)(((uint64_t)hi - (uint64_t)lo) / 2);
		size_t c = 0;

		for (size_t i = 0; i < k; i++)
			c += ivals_count_le(v[i], mid);
		if (c > idx)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

double
ivals_quantile_multi(const struct ivals *const *v, size_t k, double q)
{
	size_t n = 0, lo;
	double frac;
	int64_t a, b;

	for (size_t i = 0; i < k; i++)
		n += v[i]->n;
	if (!rank(n, q, &lo, &frac))
		return NAN;
	a = ivals_kth_multi(v, k, lo);
	if (frac == 0)
		return (double)a;
	b = ivals_kth_multi(v, k, lo + 1);
	return lerp_i64(a, b, frac);
}

static size_t
dvals_count_le(const struct dvals *v, uint64_t key)
{
	size_t lo = 0, hi = v->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (f64_key(v->v[mid]) <= key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* As ivals_kth_multi, bisecting the order-preserving keys. */
static double
dvals_kth_multi(const struct dvals *const *v, size_t k, size_t idx)
{
	uint64_t lo = UINT64_MAX, hi = 0;

	for (size_t i = 0; i < k; i++) {
		if (v[i]->n == 0)
			continue;
		if (f64_key(v[i]->v[0]) < lo)
			lo = f64_key(v[i]->v[0]);
		if (f64_key(v[i]->v[v[i]->n - 1]) > hi)
			hi = f64_key(v[i]->v[v[i]->n - 1]);
	}
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;
		size_t c = 0;

		for (size_t i = 0; i < k; i++)
			c += dvals_count_le(v[i], mid);
		if (c > idx)
			hi = mid;
		else
			lo = mid + 1;
	}
	return f64_unkey(lo);
}

double
dvals_quantile_multi(const struct dvals *const *v, size_t k, double q)
{
	size_t n = 0, lo;
	double frac, a, b;

	for (size_t i = 0; i < k; i++)
		n += v[i]->n;
	if (!rank(n, q, &lo, &frac))
		return NAN;
	a = dvals_kth_multi(v, k, lo);
	if (frac == 0)
		return a;
	b = dvals_kth_multi(v, k, lo + 1);
	return a + frac * (b - a);
}

/* --- quantile methods ----------------------------------------------- */

const char *
qmethod_name(enum qmethod m)
{
	return m == Q_EXCLUSIVE ? "exclusive" : "linear";
}

bool
qmethod_parse(const char *s, enum qmethod *m)
{
	if (strcmp(s, "linear") == 0)
		*m = Q_LINEAR;
	else if (strcmp(s, "exclusive") == 0)
		*m = Q_EXCLUSIVE;
	else
		return false;
	return true;
}

/* statistics.quantiles(data, n=den, method="exclusive")[num - 1]: the
 * same integer rank arithmetic and the same floating-point steps. */
static double
exclusive_quantile(const double *x, size_t n, double q, bool *extrapolated)
{
	int64_t den = 100, num = llround(q * 100), m, j, delta;

	if (fabs(q * 100 - (double)num) > 1e-9) {
		den = 1000000;
		num = llround(q * 1e6);
	}
	if (n == 1)
		return x[0];
	m = (int64_t)n + 1;
	j = num * m / den;
	if (j < 1)
		j = 1;
	else if (j > (int64_t)n - 1)
		j = (int64_t)n - 1;
	delta = num * m - j * den;
	if (extrapolated != NULL)
		*extrapolated = delta < 0 || delta > den;
	return (x[j - 1] * (double)(den - delta) + x[j] * (double)delta) /
	    (double)den;
}

double
dvals_quantile_m(const struct dvals *v, double q, enum qmethod m,
    bool *extrapolated)
{
	if (extrapolated != NULL)
		*extrapolated = false;
	if (m == Q_LINEAR)
		return dvals_quantile(v, q);
	if (v->n == 0 || !(q >= 0 && q <= 1))
		return NAN;
	return exclusive_quantile(v->v, v->n, q, extrapolated);
}

/* --- exact sums ------------------------------------------------------ */

/* CPython's math_fsum: x is added to the partials, each pair turned into
 * its rounded sum and the exact rounding error (two-sum). */
void
fsum_add(struct fsum *s, double x)
{
	size_t i = 0;

	if (!isfinite(x) || !isfinite(s->special)) {
		s->special += x;
		return;
	}
	for (size_t j = 0; j < s->n; j++) {
		double y = s->p[j], hi, lo, t;

		if (fabs(x) < fabs(y)) {
			t = x;
			x = y;
			y = t;
		}
		hi = x + y;
		lo = y - (hi - x);
		if (lo != 0.0)
			s->p[i++] = lo;
		x = hi;
	}
	s->n = i;
	if (!isfinite(x))
		s->special = x;	/* the sum left the double range */
	else if (x != 0.0 && s->n == FSUM_PARTIALS)
		s->special = NAN;	/* cannot happen: at most ~40 partials
					 * span the 2098 exponent bits */
	else if (x != 0.0)
		s->p[s->n++] = x;
}

double
fsum_value(const struct fsum *s)
{
	size_t n = s->n;
	double hi = 0.0, lo = 0.0, x, y;

	if (s->special != 0 || isnan(s->special))
		return s->special;
	if (n == 0)
		return 0.0;
	hi = s->p[--n];
	/* From the top, until the sum of a partial is inexact. */
	while (n > 0) {
		x = hi;
		y = s->p[--n];
		hi = x + y;
		lo = y - (hi - x);
		if (lo != 0.0)
			break;
	}
	/* Half-even rounding across partials: the rest has lo's sign. */
	if (n > 0 && ((lo < 0.0 && s->p[n - 1] < 0.0) ||
	    (lo > 0.0 && s->p[n - 1] > 0.0))) {
		y = lo * 2.0;
		x = hi + y;
		if (y == x - hi)
			hi = x;
	}
	return hi;
}

double
fmean(const double *v, size_t n)
{
	struct fsum s = {0};

	if (n == 0)
		return NAN;
	for (size_t i = 0; i < n; i++)
		fsum_add(&s, v[i]);
	return fsum_value(&s) / (double)n;
}
