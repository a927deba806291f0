/* Unit tests for lib/stats.c.  Reference values are worked out by hand or
 * with a plain qsort and the quantile formula written out again here. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "stats.h"
#include "unit.h"

static uint64_t rng = 88172645463325252ULL;

static uint64_t
next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static int
cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

static int
cmp_f64(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* numpy's default quantile, written out independently. */
static double
ref_q(const double *sorted, size_t n, double q)
{
	double h = (double)(n - 1) * q;
	size_t lo = (size_t)h;

	if (lo + 1 >= n)
		return sorted[n - 1];
	return sorted[lo] + (h - (double)lo) * (sorted[lo + 1] - sorted[lo]);
}

static void
test_moments(void)
{
	struct moments m = {0};
	double xs[] = { 2, 4, 4, 4, 5, 5, 7, 9 };

	CHECK(isnan(moments_stdev(&m)));
	for (size_t i = 0; i < 8; i++)
		moments_add(&m, xs[i]);
	CHECK(m.n == 8);
	CHECK_NEAR(m.mean, 5, 1e-15);
	CHECK_NEAR(moments_stdev(&m), 2, 1e-15);	/* population */
	CHECK_NEAR(moments_cv(&m), 0.4, 1e-15);
	CHECK(m.min == 2 && m.max == 9);

	struct moments c = {0};
	for (int i = 0; i < 1000; i++)
		moments_add(&c, 1776953414124997.0);
	CHECK(moments_stdev(&c) == 0);
}

/* By hand: 1 2 3 4 about 2.5 have var 1.25 and m4 (2 x 5.0625 + 2 x
 * 0.0625) / 4 = 2.5625, so se = sqrt((2.5625 - 1.5625) / 4) / (2 sqrt
 * 1.25) = 0.5 / 2.2360680 = 0.2236068. */
static void
test_stdev_se(void)
{
	struct ivals v = {0};

	CHECK(ivals_stdev_se(&v, 0, 1) == 0);
	ivals_add(&v, 7);
	CHECK(ivals_stdev_se(&v, 7, 0) == 0);
	ivals_free(&v);
	for (int i = 1; i <= 4; i++)
		ivals_add(&v, i);
	CHECK_NEAR(ivals_stdev_se(&v, 2.5, sqrt(1.25)), 0.5 / (2 * sqrt(1.25)),
	    1e-15);
	CHECK(ivals_stdev_se(&v, 2.5, 0) == 0);
	ivals_free(&v);
}

static void
test_quantiles_small(void)
{
	struct ivals v = {0};
	int64_t xs[] = { 700, 100, 500, 300, 200, 600, 400 };

	CHECK(isnan(ivals_quantile(&v, 0.5)));
	for (size_t i = 0; i < 7; i++)
		ivals_add(&v, xs[i]);
	ivals_sort(&v);
	CHECK(ivals_quantile(&v, 0.5) == 400);
	CHECK_NEAR(ivals_quantile(&v, 0.9), 640, 1e-9);
	CHECK_NEAR(ivals_quantile(&v, 0.99), 694, 1e-9);
	CHECK(ivals_quantile(&v, 0) == 100);
	CHECK(ivals_quantile(&v, 1) == 700);
	ivals_free(&v);

	ivals_add(&v, 42);
	ivals_sort(&v);
	CHECK(ivals_quantile(&v, 0.99) == 42);
	ivals_free(&v);
}

static void
test_widen(void)
{
	struct ivals v = {0};

	ivals_add(&v, 5);
	ivals_add(&v, -3);
	CHECK(!v.wide);
	ivals_add(&v, INT64_C(1776953414124997));
	CHECK(v.wide);
	ivals_add(&v, INT64_C(-4000000000));
	ivals_sort(&v);
	CHECK(ivals_at(&v, 0) == INT64_C(-4000000000));
	CHECK(ivals_at(&v, 1) == -3);
	CHECK(ivals_at(&v, 3) == INT64_C(1776953414124997));
	/* epoch µs interpolate without losing the low digits */
	CHECK(ivals_quantile(&v, 1.0 / 3 * 2) == 5);
	ivals_free(&v);
}

/* Values within 2^31 of the first stay 4 bytes (epoch µs of one run);
 * the extremes of int64 widen without overflowing the offset. */
static void
test_narrow_offset(void)
{
	struct ivals v = {0};
	int64_t t0 = INT64_C(1776953414124997);

	ivals_add(&v, t0 + 5000);
	ivals_add(&v, t0);
	ivals_add(&v, t0 + INT32_MAX);
	CHECK(!v.wide);
	ivals_sort(&v);
	CHECK(ivals_at(&v, 0) == t0);
	CHECK(ivals_at(&v, 2) == t0 + INT32_MAX);
	CHECK(ivals_quantile(&v, 0.5) == t0 + 5000);
	ivals_add(&v, t0 - INT64_C(3000000000));
	CHECK(v.wide);
	ivals_sort(&v);
	CHECK(ivals_at(&v, 0) == t0 - INT64_C(3000000000));
	CHECK(ivals_at(&v, 3) == t0 + INT32_MAX);
	ivals_free(&v);
	ivals_add(&v, INT64_MAX);
	ivals_add(&v, INT64_MIN);
	CHECK(v.wide);
	ivals_sort(&v);
	CHECK(ivals_at(&v, 0) == INT64_MIN && ivals_at(&v, 1) == INT64_MAX);
	ivals_free(&v);
}

static void
test_radix_random(void)
{
	enum { N = 100000 };
	int64_t *a = malloc(N * sizeof(*a)), *b = malloc(N * sizeof(*b));
	int32_t *c = malloc(N * sizeof(*c));
	double *d = malloc(N * sizeof(*d)), *e = malloc(N * sizeof(*e));
	int bad = 0;

	for (size_t i = 0; i < N; i++) {
		a[i] = b[i] = (int64_t)next();
		c[i] = (int32_t)(next() >> 32);
		d[i] = e[i] = ((double)(int64_t)next()) / 3e9;
	}
	d[0] = e[0] = -0.0;
	d[1] = e[1] = 0.0;
	sort_i64(a, N);
	qsort(b, N, sizeof(*b), cmp_i64);
	for (size_t i = 0; i < N; i++)
		bad += a[i] != b[i];
	sort_i32(c, N);
	for (size_t i = 1; i < N; i++)
		bad += c[i - 1] > c[i];
	sort_f64(d, N);
	qsort(e, N, sizeof(*e), cmp_f64);
	for (size_t i = 0; i < N; i++)
		bad += d[i] != e[i];
	CHECK(bad == 0);
	free(a);
	free(b);
	free(c);
	free(d);
	free(e);
}

/* The union quantile of several samples equals that of the merged one. */
static void
test_multi(void)
{
	enum { K = 4, N = 5000 };
	struct ivals v[K] = {{0}};
	struct dvals w[K] = {{0}};
	const struct ivals *pv[K];
	const struct dvals *pw[K];
	double *all = malloc(N * sizeof(*all)), *allw = malloc(N * sizeof(*allw));
	static const double qs[] = { 0, 0.5, 0.9, 0.99, 0.999, 1 };

	for (size_t i = 0; i < N; i++) {
		size_t k = next() % (i < 10 ? 1 : K);	/* sizes differ */
		int64_t x = (int64_t)(next() % 100000) - 50000;
		double y = (double)x / 7;

		ivals_add(&v[k], x);
		dvals_add(&w[k], y);
		all[i] = (double)x;
		allw[i] = y;
	}
	for (size_t k = 0; k < K; k++) {
		ivals_sort(&v[k]);
		dvals_sort(&w[k]);
		pv[k] = &v[k];
		pw[k] = &w[k];
	}
	qsort(all, N, sizeof(*all), cmp_f64);
	qsort(allw, N, sizeof(*allw), cmp_f64);
	for (size_t i = 0; i < sizeof(qs) / sizeof(qs[0]); i++) {
		CHECK_NEAR(ivals_quantile_multi(pv, K, qs[i]),
		    ref_q(all, N, qs[i]), 1e-9);
		CHECK_NEAR(dvals_quantile_multi(pw, K, qs[i]),
		    ref_q(allw, N, qs[i]), 1e-9);
	}
	CHECK(ivals_quantile(&v[1], 0.5) == ivals_quantile_multi(pv + 1, 1, 0.5));
	for (size_t k = 0; k < K; k++) {
		ivals_free(&v[k]);
		dvals_free(&w[k]);
	}
	free(all);
	free(allw);
}

/* Reference values from python 3.11: statistics.quantiles(xs, n=100,
 * method="exclusive")[i - 1] (and "inclusive" for numpy's linear). */
static void
test_quantile_methods(void)
{
	static const double ten[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
	static const double seven[] = { 0.3, 1.7, 2.2, 9.5, 11.25, 4.0, 6.6 };
	struct dvals a = {0}, b = {0}, one = {0}, none = {0};
	enum qmethod m;
	bool ex;

	for (size_t i = 0; i < 10; i++)
		dvals_add(&a, ten[i]);
	for (size_t i = 0; i < 7; i++)
		dvals_add(&b, seven[i]);
	dvals_sort(&a);
	dvals_sort(&b);
	CHECK(dvals_quantile_m(&a, 0.50, Q_EXCLUSIVE, &ex) == 5.5 && !ex);
	CHECK(dvals_quantile_m(&a, 0.90, Q_EXCLUSIVE, &ex) == 9.9 && !ex);
	/* fewer than 99 values: p99 and p1 extrapolate, as python's */
	CHECK(dvals_quantile_m(&a, 0.99, Q_EXCLUSIVE, &ex) == 10.89 && ex);
	CHECK(dvals_quantile_m(&a, 0.01, Q_EXCLUSIVE, &ex) == 0.11 && ex);
	CHECK(dvals_quantile_m(&a, 0.05, Q_EXCLUSIVE, NULL) == 0.55);
	CHECK(dvals_quantile_m(&b, 0.50, Q_EXCLUSIVE, NULL) == 4.0);
	CHECK(dvals_quantile_m(&b, 0.90, Q_EXCLUSIVE, NULL) == 11.6);
	CHECK(dvals_quantile_m(&b, 0.99, Q_EXCLUSIVE, NULL) == 12.86);
	CHECK(dvals_quantile_m(&b, 0.25, Q_EXCLUSIVE, NULL) == 1.7);
	CHECK(dvals_quantile_m(&b, 0.50, Q_LINEAR, &ex) == 4.0 && !ex);
	CHECK_NEAR(dvals_quantile_m(&b, 0.90, Q_LINEAR, NULL), 10.2, 1e-12);
	CHECK_NEAR(dvals_quantile_m(&b, 0.99, Q_LINEAR, NULL), 11.145, 1e-12);
	/* one value is its own quantile; none has none */
	dvals_add(&one, 42);
	dvals_sort(&one);
	CHECK(dvals_quantile_m(&one, 0.99, Q_EXCLUSIVE, NULL) == 42);
	CHECK(isnan(dvals_quantile_m(&none, 0.5, Q_EXCLUSIVE, NULL)));
	CHECK(qmethod_parse("linear", &m) && m == Q_LINEAR);
	CHECK(qmethod_parse("exclusive", &m) && m == Q_EXCLUSIVE);
	CHECK(!qmethod_parse("type7", &m));
	CHECK_STR(qmethod_name(Q_EXCLUSIVE), "exclusive");
	dvals_free(&a);
	dvals_free(&b);
	dvals_free(&one);
}

/* The exclusive quantile at many sizes against the formula written out
 * with exact integer ranks (python's statistics.quantiles). */
static void
test_exclusive_random(void)
{
	for (size_t n = 2; n < 300; n += 7) {
		struct dvals v = {0};

		for (size_t i = 0; i < n; i++)
			dvals_add(&v, (double)(next() % 100000) / 8);
		dvals_sort(&v);
		for (long i = 1; i < 100; i++) {
			long mm = (long)n + 1, j = i * mm / 100, d;

			j = j < 1 ? 1 : j > (long)n - 1 ? (long)n - 1 : j;
			d = i * mm - j * 100;
			CHECK(dvals_quantile_m(&v, (double)i / 100, Q_EXCLUSIVE,
			    NULL) == (v.v[j - 1] * (double)(100 - d) + v.v[j] *
			    (double)d) / 100);
		}
		dvals_free(&v);
	}
}

/* math.fsum's results (python 3.11), and the exact sum of integers. */
static void
test_fsum(void)
{
	static const double mixed[] = { 1e100, 1.0, -1e100, 1e-100, 1e50,
	    -1.0, -1e50 };
	struct fsum s = {0}, t = {0}, u = {0}, w = {0};
	double tenth[10], *xs = malloc(10000 * sizeof(*xs));
	int64_t exact = 0;

	for (size_t i = 0; i < 10; i++)
		tenth[i] = 0.1;
	CHECK(fmean(tenth, 10) == 0.1);
	for (size_t i = 0; i < 10; i++)
		fsum_add(&s, 0.1);
	CHECK(fsum_value(&s) == 1.0);		/* naive: 0.9999999999999999 */
	for (size_t i = 0; i < 7; i++)
		fsum_add(&t, mixed[i]);
	CHECK(fsum_value(&t) == 1e-100);
	/* half-even rounding across partials */
	fsum_add(&u, 9007199254740992.0);
	fsum_add(&u, -0.5);
	fsum_add(&u, -ldexp(1, -54));
	CHECK(fsum_value(&u) == 9007199254740991.0);
	/* integers: the exact sum, whatever the order */
	for (size_t i = 0; i < 10000; i++) {
		xs[i] = (double)(int64_t)(next() % 2000000001) - 1e9;
		exact += (int64_t)xs[i];
		fsum_add(&w, xs[i]);
	}
	CHECK(fsum_value(&w) == (double)exact);
	/* any doubles: the same sum in either order */
	{
		struct fsum fw = {0}, bw = {0};

		for (size_t i = 0; i < 10000; i++)
			xs[i] = (double)(next() % 1000003) / 997 * (double)(i % 7 + 1);
		for (size_t i = 0; i < 10000; i++) {
			fsum_add(&fw, xs[i]);
			fsum_add(&bw, xs[9999 - i]);
		}
		CHECK(fsum_value(&fw) == fsum_value(&bw));
	}
	CHECK(isnan(fmean(xs, 0)));
	fsum_add(&w, INFINITY);
	CHECK(isinf(fsum_value(&w)));
	free(xs);
}

static const struct unit_test tests[] = {
	{ "Welford moments", test_moments },
	{ "type 7 quantiles", test_quantiles_small },
	{ "int32 samples widen to int64", test_widen },
	{ "values near the first stay narrow; extremes widen", test_narrow_offset },
	{ "radix sorts agree with qsort", test_radix_random },
	{ "quantiles over several samples", test_multi },
	{ "quantile methods against python", test_quantile_methods },
	{ "exclusive quantile against its formula", test_exclusive_random },
	{ "exact sums as math.fsum", test_fsum },
	{ "a stdev's standard error from the fourth moment", test_stdev_se },
	{ NULL, NULL }
};

int
main(void)
{
	return unit_run(tests);
}
