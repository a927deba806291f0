/* Unit tests for lib/cmpstat.c.  Reference values are worked out by hand
 * (in the comments) or come from python 3.11's statistics module. */
#include <stdint.h>

#include "cmpstat.h"
#include "unit.h"

static void
test_mape_bias(void)
{
	/* |100-110|/100 = 0.1, |200-180|/200 = 0.1; real 0 is left out */
	static const double real[] = { 100, 200, 0 }, sim[] = { 110, 180, 5 };
	size_t used;

	CHECK_NEAR(cmp_mape(real, sim, 3, &used), 0.1, 1e-15);
	CHECK(used == 2);
	/* (110 - 100 + 180 - 200) / 2 = -5: the simulator is faster */
	CHECK(cmp_mean_error(real, sim, 3) == -5);
	CHECK_STR(cmp_bias(-5), "under-predict");
	CHECK_STR(cmp_bias(0.25), "over-predict");
	CHECK_STR(cmp_bias(0), "neutral");
	CHECK(cmp_bias(NAN) == NULL);
	CHECK(isnan(cmp_mape(real + 2, sim + 2, 1, &used)) && used == 0);
}

static void
test_pearson(void)
{
	static const double x[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };
	static const double rev[] = { 9, 8, 7, 6, 5, 4, 3, 2, 1 };
	static const double a[] = { 1, 2, 3, 4, 5 }, b[] = { 2, 4, 5, 4, 5 };
	static const double flat[] = { 3, 3, 3 };
	double lin[9];

	for (size_t i = 0; i < 9; i++)
		lin[i] = 2 * x[i] + 1;
	CHECK(cmp_pearson(x, x, 9) == 1);
	CHECK(cmp_pearson(x, rev, 9) == -1);
	CHECK_NEAR(cmp_pearson(x, lin, 9), 1, 1e-15);
	/* python: statistics.correlation([1,2,3,4,5], [2,4,5,4,5]) */
	CHECK(cmp_pearson(a, b, 5) == 0.7745966692414834);
	CHECK(isnan(cmp_pearson(x, flat, 3)));	/* constant side */
	CHECK(isnan(cmp_pearson(x, x, 1)));
}

static void
test_grade(void)
{
	CHECK_STR(cmp_grade(0.05, 0.99), "excellent");
	CHECK_STR(cmp_grade(0.10, 0.99), "good");	/* MAPE < 0.10 strictly */
	CHECK_STR(cmp_grade(0.05, 0.95), "good");	/* r > 0.95 strictly */
	CHECK_STR(cmp_grade(0.19, 0.86), "good");
	CHECK_STR(cmp_grade(0.30, 0.86), "fair");
	CHECK_STR(cmp_grade(0.34, 0.71), "fair");
	CHECK_STR(cmp_grade(0.35, 0.99), "poor");
	CHECK_STR(cmp_grade(0.01, 0.70), "poor");
	CHECK(cmp_grade(NAN, 0.99) == NULL);
}

static void
test_cv_tolerance(void)
{
	/* mean 12, sample stdev 2: python statistics.stdev / fmean */
	static const double v[] = { 10, 12, 14 };

	CHECK(cmp_cv(v, 3) == 0.16666666666666666);
	CHECK(isnan(cmp_cv(v, 1)));
	CHECK(cmp_tolerance(5, NAN, NAN) == 5);
	CHECK(cmp_tolerance(5, 0.01, NAN) == 5);	/* 2 CV = 2 % */
	CHECK_NEAR(cmp_tolerance(5, 0.04, 0.03), 8, 1e-12);
	CHECK_NEAR(cmp_tolerance(5, NAN, 0.05), 10, 1e-12);
}

static void
test_judge(void)
{
	CHECK(cmp_judge(100, 104, 5, true) == J_WITHIN);
	CHECK(cmp_judge(100, 105, 5, true) == J_WITHIN);	/* at the bound */
	CHECK(cmp_judge(100, 106, 5, true) == J_WORSE);
	CHECK(cmp_judge(100, 94, 5, true) == J_BETTER);
	CHECK(cmp_judge(100, 94, 5, false) == J_WORSE);
	CHECK(cmp_judge(0, 3, 5, true) == J_NA);
	CHECK(cmp_judge(NAN, 3, 5, true) == J_NA);
	CHECK_STR(cmp_judgement_name(J_WITHIN), "within_noise");
	CHECK(cmp_judgement_name(J_NA) == NULL);
	/* 0 of 1000 against 10 of 1000: pooled p 0.005, 2 se = 0.0063 */
	CHECK(cmp_judge_rate(0, 1000, 0.01, 1000, 5, true) == J_WORSE);
	/* 0 of 100 against 1 of 100: 2 se = 0.0199 > 0.01 */
	CHECK(cmp_judge_rate(0, 100, 0.01, 100, 5, true) == J_WITHIN);
	/* 0.90 against 0.93, 10000 rows each: beyond 2 se (0.0079) but a
	 * change of 3.3 %, within the 5 % floor; 0.96 (+6.7 %): better */
	CHECK(cmp_judge_rate(0.90, 10000, 0.93, 10000, 5, false) == J_WITHIN);
	CHECK(cmp_judge_rate(0.90, 10000, 0.96, 10000, 5, false) == J_BETTER);
	CHECK(cmp_judge_rate(0.5, 0, 0.5, 10, 5, true) == J_NA);
}

/* The one statistic helper of the A/B and calibration tables. */
static void
test_sample_stat(void)
{
	double x[] = { 1, 2, 3, 4 };
	struct dvals v = { .v = x, .n = 4, .sorted = true };
	bool extra = true;

	/* mean (1 + 2 + 3 + 4) / 4; extra is cleared */
	CHECK(cmp_sample_stat(&v, true, 0, Q_LINEAR, &extra) == 2.5 && !extra);
	/* linear p90: h = 3 x 0.9 = 2.7, 3 + 0.7 x (4 - 3) */
	CHECK_NEAR(cmp_sample_stat(&v, false, 0.9, Q_LINEAR, NULL), 3.7,
	    1e-12);
	/* exclusive p99: j = 99 x 5 / 100 = 4, clamped to 3; delta = 495 -
	 * 300 = 195 > 100 (extrapolated): (3 x -95 + 4 x 195) / 100 */
	CHECK_NEAR(cmp_sample_stat(&v, false, 0.99, Q_EXCLUSIVE, &extra),
	    4.95, 1e-12);
	CHECK(extra);
}

static const struct unit_test tests[] = {
	{ "MAPE and bias as BLIS calibrate", test_mape_bias },
	{ "Pearson r as statistics.correlation", test_pearson },
	{ "calibration grades at their bounds", test_grade },
	{ "CV over replicas and the tolerance", test_cv_tolerance },
	{ "better, worse, within the noise", test_judge },
	{ "sample statistics: mean and both quantile methods",
	    test_sample_stat },
	{ NULL, NULL }
};

int
main(void)
{
	return unit_run(tests);
}
