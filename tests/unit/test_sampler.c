/* Unit tests for lib/sampler.c: exact moments against values known
 * independently (closed forms, hand sums, reference numbers from a
 * separate Python summation), and Monte-Carlo cross-checks. */
#include <math.h>
#include <stdlib.h>

#include <jansson.h>

#include "sampler.h"
#include "unit.h"

static double
Phi(double z)
{
	return 0.5 * erfc(-z / sqrt(2));
}

static struct dist
gaussian(double mean, double sd, int64_t min, int64_t max)
{
	return (struct dist){ .type = DIST_GAUSSIAN, .mean = mean,
	    .std_dev = sd, .min = min, .max = max };
}

/* Far from its bounds the rounded normal keeps its mean and gains the
 * rounding variance 1/12 (Sheppard). */
static void
test_gaussian_far_from_bounds(void)
{
	struct dist d = gaussian(500, 20, 1, 100000);
	struct moments m;

	dist_moments(&d, &m);
	CHECK(m.has_mean && m.has_stdev && m.has_max);
	CHECK_NEAR(m.mean, 500, 1e-9);
	CHECK_NEAR(m.stdev, sqrt(400 + 1.0 / 12), 1e-7);
	CHECK(m.min == 1 && m.max == 100000);
}

/* Support {1, 2, 3}, summed by hand from the normal CDF. */
static void
test_gaussian_tiny_hand_sum(void)
{
	struct dist d = gaussian(1.2, 0.5, 1, 3);
	struct moments m;
	double p1 = Phi((1.5 - 1.2) / 0.5), p3 = 1 - Phi((2.5 - 1.2) / 0.5);
	double p2 = 1 - p1 - p3, mean = p1 + 2 * p2 + 3 * p3;
	double var = p1 + 4 * p2 + 9 * p3 - mean * mean;

	dist_moments(&d, &m);
	CHECK_NEAR(m.mean, mean, 1e-12);
	CHECK_NEAR(m.stdev, sqrt(var), 1e-12);
	CHECK(m.min == 1 && m.max == 3);
}

/* Reference numbers from a separate Python summation, independent of
 * lib/sampler.c:
 *   F = CDF of the continuous variable (math.erfc / math.exp)
 *   p[lo] = F(lo+.5); p[k] = F(k+.5)-F(k-.5); p[hi] = 1-F(hi-.5)
 *   (unbounded: k up to 1e5 or 2e5), mean = Σk·p, var = Σk²p - mean². */
static void
test_reference_values(void)
{
	struct moments m;
	struct dist g = gaussian(10, 3, 5, 12);
	struct dist g2 = gaussian(512, 128, 128, 1024);
	struct dist e = { .type = DIST_EXPONENTIAL, .mean = 3 };
	struct dist eb = { .type = DIST_EXPONENTIAL, .mean = 50, .min = 10,
	    .max = 80 };
	struct dist l = { .type = DIST_LOGNORMAL, .mu = 4, .sigma = 0.5 };
	struct dist lb = { .type = DIST_LOGNORMAL, .mu = 5, .sigma = 1,
	    .min = 20, .max = 2000 };

	dist_moments(&g, &m);
	CHECK_NEAR(m.mean, 9.609191913193117, 1e-10);
	CHECK_NEAR(m.stdev, 2.242931308506589, 1e-10);
	dist_moments(&g2, &m);
	CHECK_NEAR(m.mean, 512.0479997604277, 1e-8);
	CHECK_NEAR(m.stdev, 127.83659302078743, 1e-8);
	dist_moments(&e, &m);
	CHECK_NEAR(m.mean, 3.1396742650497163, 1e-10);
	CHECK_NEAR(m.stdev, 2.8945622936692814, 1e-10);
	CHECK(!m.has_max && m.min == 1);
	dist_moments(&eb, &m);
	CHECK_NEAR(m.mean, 40.841197731634026, 1e-10);
	CHECK_NEAR(m.stdev, 26.828921471149698, 1e-10);
	CHECK(m.min == 10 && m.max == 80 && m.has_max);
	dist_moments(&l, &m);
	CHECK_NEAR(m.mean, 61.8678092503677, 1e-8);
	CHECK_NEAR(m.stdev, 32.97311559729409, 1e-8);
	dist_moments(&lb, &m);
	CHECK_NEAR(m.mean, 240.7299447395019, 1e-8);
	CHECK_NEAR(m.stdev, 280.7429564451904, 1e-8);
}

static void
test_exponential_closed_form(void)
{
	/* P(1) = F(1.5); P(k) = e^{-(k-.5)/m}(1 - e^{-1/m}) for k >= 2:
	 * E[K] = P(1) + (1-q) q^{-1/2} Σ_{k>=2} k q^k, q = e^{-1/m}. */
	double mean = 256, q = exp(-1 / mean), p1 = 1 - exp(-1.5 / mean);
	double sk = q * q * (2 - q) / ((1 - q) * (1 - q));	/* Σ_{k>=2} k q^k */
	double want = p1 + (1 - q) / sqrt(q) * sk;
	struct dist d = { .type = DIST_EXPONENTIAL, .mean = mean };
	struct moments m;

	dist_moments(&d, &m);
	CHECK_NEAR(m.mean, want, 1e-8);
}

static void
test_constant_and_degenerate(void)
{
	struct dist c = { .type = DIST_CONSTANT, .value = 7 };
	struct dist z = { .type = DIST_CONSTANT, .value = 0 };
	struct dist eq = gaussian(100, 10, 0, 0);
	struct dist inv = gaussian(100, 10, 50, 20);
	struct dist flat = gaussian(100.5, 0, 1, 1000);
	struct moments m;

	dist_moments(&c, &m);
	CHECK(m.mean == 7 && m.stdev == 0 && m.min == 7 && m.max == 7);
	dist_moments(&z, &m);
	CHECK(m.mean == 1 && m.min == 1);
	dist_moments(&eq, &m);		/* BLIS returns min as is */
	CHECK(m.mean == 0 && m.stdev == 0);
	dist_moments(&inv, &m);		/* Min(max, Max(min, v)) = max */
	CHECK(m.mean == 20);
	dist_moments(&flat, &m);	/* 100.5 rounds away from zero */
	CHECK(m.mean == 101);
	CHECK(round_half_away(2.5) == 3 && round_half_away(-2.5) == -3);
}

static void
test_empirical(void)
{
	int64_t v[] = { 10, 20 };
	double p[] = { 0.25, 0.75 };
	struct dist d = { .type = DIST_EMPIRICAL, .nbins = 2, .bin_value = v,
	    .bin_prob = p };
	struct moments m;

	dist_moments(&d, &m);
	CHECK_NEAR(m.mean, 17.5, 1e-12);
	CHECK_NEAR(m.stdev, 10 * sqrt(0.25 * 0.75), 1e-12);
	CHECK(m.min == 10 && m.max == 20);
}

static void
test_pareto_not_comparable(void)
{
	struct dist d = { .type = DIST_PARETO_LOGNORMAL, .alpha = 1.5,
	    .xm = 50, .mu = 5.5, .sigma = 1.2, .mix_weight = 0.3 };
	struct moments m;
	double lmean = exp(5.5 + 0.72), pmean = 1.5 * 50 / 0.5;

	dist_moments(&d, &m);
	CHECK(m.has_mean && !m.has_stdev && !m.has_max && m.why != NULL);
	/* Rounding barely moves a mean this large. */
	CHECK_NEAR(m.mean, 0.3 * pmean + 0.7 * lmean, 0.05);
	d.alpha = 0.9;
	dist_moments(&d, &m);
	CHECK(!m.has_mean && !m.has_stdev);
	d.mix_weight = 0;	/* no Pareto part: every moment exists */
	dist_moments(&d, &m);
	CHECK(m.has_mean && m.has_stdev);
	CHECK_NEAR(m.mean, lmean, 0.05);
}

static void
mc_check(const struct dist *d, int n, double tol_mean, double tol_sd)
{
	struct rng r;
	struct moments m;
	double s = 0, s2 = 0;

	rng_seed(&r, 12345);
	for (int i = 0; i < n; i++) {
		double x = (double)dist_sample(d, &r);

		s += x;
		s2 += x * x;
	}
	dist_moments(d, &m);
	s /= n;
	CHECK_NEAR(s, m.mean, tol_mean * m.mean);
	CHECK_NEAR(sqrt(s2 / n - s * s), m.stdev, tol_sd * m.stdev);
}

static void
test_monte_carlo(void)
{
	struct dist g = gaussian(300, 200, 100, 600);	/* heavy clamping */
	struct dist e = { .type = DIST_EXPONENTIAL, .mean = 2.2 };
	struct dist l = { .type = DIST_LOGNORMAL, .mu = 4, .sigma = 0.5,
	    .min = 30, .max = 90 };

	mc_check(&g, 200000, 0.01, 0.02);
	mc_check(&e, 200000, 0.01, 0.02);
	mc_check(&l, 200000, 0.01, 0.02);
}

static void
test_rng_deterministic(void)
{
	struct rng a, b;

	rng_seed(&a, 42);
	rng_seed(&b, 42);
	for (int i = 0; i < 100; i++)
		CHECK(rng_next(&a) == rng_next(&b));
	rng_seed(&b, 43);
	CHECK(rng_next(&a) != rng_next(&b));
}

static double
iat_cv(const struct arrival *a, int n)
{
	struct rng r;
	double s = 0, s2 = 0;

	rng_seed(&r, 7);
	for (int i = 0; i < n; i++) {
		double x = (double)arrival_iat(a, 1e-3, &r);

		s += x;
		s2 += x * x;
	}
	s /= n;
	return sqrt(s2 / n - s * s) / s;
}

static void
test_arrivals(void)
{
	struct arrival p = { ARR_POISSON, 0, 0, 0 };
	struct arrival c = { ARR_CONSTANT, 0, 0, 0 };
	struct arrival g = { ARR_GAMMA, 2, 0, 0 };
	struct arrival g12 = { ARR_GAMMA, 12, 0, 0 };
	struct arrival wb = { ARR_WEIBULL, 1.5, 0, 0 };

	CHECK_NEAR(weibull_cv(1), 1, 1e-12);	/* k = 1 is exponential */
	CHECK_NEAR(weibull_shape_for_cv(1), 1, 1e-6);
	CHECK(arrival_cv(&g12) == 1);		/* shape < 0.01: poisson */
	CHECK(arrival_cv(&c) == 0);
	CHECK_NEAR(iat_cv(&p, 200000), 1, 0.02);
	CHECK_NEAR(iat_cv(&c, 1000), 0, 1e-12);
	CHECK_NEAR(iat_cv(&g, 400000), 2, 0.1);
	CHECK_NEAR(iat_cv(&wb, 400000), 1.5, 0.06);
}

/* dist_cdf: the tiny gaussian by hand, the clamps' atoms, and a Monte
 * Carlo share of draws at or below k for each continuous type. */
static void
test_cdf(void)
{
	struct dist t = gaussian(1.2, 0.5, 1, 3), g = gaussian(300, 200, 100,
	    600), c = { .type = DIST_CONSTANT, .value = 7 };
	struct dist e = { .type = DIST_EXPONENTIAL, .mean = 2.2 };
	struct dist l = { .type = DIST_LOGNORMAL, .mu = 4, .sigma = 0.5,
	    .min = 30, .max = 90 };
	const struct dist *mc[] = { &g, &e, &l };
	const int64_t at[] = { 100, 300, 599 }, eat[] = { 1, 2, 6 },
	    lat[] = { 30, 55, 89 };
	const int64_t *ks[] = { at, eat, lat };

	CHECK(dist_cdf(&t, 0) == 0);
	CHECK_NEAR(dist_cdf(&t, 1), Phi((1.5 - 1.2) / 0.5), 1e-12);
	CHECK_NEAR(dist_cdf(&t, 2), Phi((2.5 - 1.2) / 0.5), 1e-12);
	CHECK(dist_cdf(&t, 3) == 1);
	/* the lower clamp's atom: everything below 100.5 */
	CHECK_NEAR(dist_cdf(&g, 100), Phi((100.5 - 300) / 200), 1e-12);
	CHECK(dist_cdf(&g, 99) == 0 && dist_cdf(&g, 600) == 1);
	CHECK(dist_cdf(&c, 6) == 0 && dist_cdf(&c, 7) == 1);
	for (size_t i = 0; i < 3; i++) {
		struct rng r;
		int below[3] = { 0, 0, 0 }, n = 200000;

		rng_seed(&r, 99);
		for (int k = 0; k < n; k++) {
			int64_t x = dist_sample(mc[i], &r);

			for (int q = 0; q < 3; q++)
				below[q] += x <= ks[i][q];
		}
		for (int q = 0; q < 3; q++)
			CHECK_NEAR((double)below[q] / n, dist_cdf(mc[i],
			    ks[i][q]), 0.005);
	}
}

/* dist_json and dist_from_json: the same law back. */
static void
test_law_json(void)
{
	struct dist g = gaussian(512, 128, 128, 1024), back;
	int64_t v[] = { 10, 20 };
	double p[] = { 0.25, 0.75 };
	struct dist em = { .type = DIST_EMPIRICAL, .nbins = 2,
	    .bin_value = v, .bin_prob = p };
	json_t *o = dist_json(&g);

	CHECK(dist_from_json(o, &back));
	CHECK(back.type == DIST_GAUSSIAN && back.mean == 512 &&
	    back.std_dev == 128 && back.min == 128 && back.max == 1024);
	CHECK(dist_cdf(&back, 700) == dist_cdf(&g, 700));
	json_decref(o);
	o = dist_json(&em);
	CHECK(dist_from_json(o, &back));
	CHECK(back.nbins == 2 && dist_cdf(&back, 15) == 0.25 &&
	    dist_cdf(&back, 20) == 1);
	dist_free(&back);
	json_decref(o);
	o = json_pack("{s:s}", "type", "uniform");
	CHECK(!dist_from_json(o, &back));
	json_decref(o);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "gaussian far from bounds", test_gaussian_far_from_bounds },
		{ "gaussian tiny hand sum", test_gaussian_tiny_hand_sum },
		{ "reference values", test_reference_values },
		{ "exponential closed form", test_exponential_closed_form },
		{ "constant and degenerate", test_constant_and_degenerate },
		{ "empirical", test_empirical },
		{ "pareto not comparable", test_pareto_not_comparable },
		{ "monte carlo", test_monte_carlo },
		{ "rng deterministic", test_rng_deterministic },
		{ "arrivals", test_arrivals },
		{ "cdf", test_cdf },
		{ "law json", test_law_json },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
