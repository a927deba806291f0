/* Unit tests for lib/jreplica.c: what verdicts of replica cells say
 * about the other replicas.  The numbers are worked by hand in the
 * comments. */
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "rec.h"
#include "tolerance.h"
#include "unit.h"

static void
add(struct judge *j, const char *text)
{
	json_error_t err;
	json_t *rec = json_loads(text, 0, &err);

	if (rec == NULL) {
		fprintf(stderr, "bad test record: %s: %s\n", text, err.text);
		abort();
	}
	judge_add(j, rec, "test", 1);
}

#define MI(check, metric, value, iter) \
	"{\"kind\":\"measure\",\"check\":\"" check "\",\"metric\":\"" metric \
	"\",\"value\":" value ",\"n\":5000,\"scope\":{\"phase\":\"p\"," \
	"\"workload\":\"w\"" iter "}}"
#define EX(check, metric, value) \
	"{\"kind\":\"expect\",\"check\":\"" check "\",\"metric\":\"" metric \
	"\",\"value\":" value ",\"scope\":{\"workload\":\"w\"}}"

/* The verdict of metric in iteration iter (NULL: none). */
static const json_t *
verdict(struct judge *j, const char *metric, const char *iter)
{
	json_t **v;
	size_t n = judge_verdicts(j, &v);
	const json_t *got = NULL;

	for (size_t i = 0; i < n; i++) {
		const char *m = rec_get_str(v[i], "metric");
		const char *it = rec_get_str(json_object_get(v[i], "scope"),
		    "iteration");

		if (m != NULL && strcmp(m, metric) == 0 &&
		    nullstr_eq(it, iter))
			got = v[i];
	}
	free(v);
	return got;
}

static double
num(const json_t *obj, const char *key)
{
	return json_number_value(json_object_get(obj, key));
}

static void
test_percent_band(void)
{
	struct tolerances t;
	struct judge j;
	const json_t *v, *r;

	tol_defaults(&t);
	judge_init(&j, &t);
	/* qps.intended 100, 110, 90 against 100 (±5 %): mean 100, sample
	 * sd sqrt((0 + 100 + 100) / 2) = 10, CV 0.1, band max(5, 20) %. */
	add(&j, EX("1a", "qps.intended", "100"));
	add(&j, MI("1a", "qps.intended", "100", ",\"iteration\":\"i1\""));
	add(&j, MI("1a", "qps.intended", "110", ",\"iteration\":\"i2\""));
	add(&j, MI("1a", "qps.intended", "90", ",\"iteration\":\"i3\""));
	judge_run(&j, "1a");
	v = verdict(&j, "qps.intended", "i2");
	r = json_object_get(v, "replicas");
	CHECK(r != NULL);
	CHECK_STR(rec_get_str(v, "verdict"), "FAIL");	/* unchanged */
	CHECK(json_array_size(json_object_get(r, "covers")) == 1);
	CHECK_STR(json_string_value(json_array_get(json_object_get(r,
	    "covers"), 0)), "i2");
	CHECK(json_array_size(json_object_get(r, "of")) == 3);
	CHECK_NEAR(num(r, "cv"), 0.1, 1e-12);
	CHECK_NEAR(num(r, "mean"), 100, 1e-12);
	CHECK_STR(rec_get_str(r, "tolerance"), "\u00b120%");
	CHECK(json_is_true(json_object_get(r, "within")));	/* +10 % */
	CHECK(strstr(rec_get_str(v, "why"), "covers i2 of i1, i2, i3") !=
	    NULL);
	judge_free(&j);
}

static void
test_points_and_gaps(void)
{
	struct tolerances t;
	struct judge j;
	const json_t *v, *r;

	tol_defaults(&t);
	judge_init(&j, &t);
	/* streaming.fraction 1, 0.7, 1 against 1 (±2 pp): mean 0.9, sd
	 * sqrt((0.01 + 0.04 + 0.01) / 2) = 0.17320508, so 2 sd = 34.64 pp. */
	add(&j, EX("1f", "streaming.fraction", "1"));
	add(&j, MI("1f", "streaming.fraction", "1", ",\"iteration\":\"i1\""));
	add(&j, MI("1f", "streaming.fraction", "0.7", ",\"iteration\":\"i2\""));
	add(&j, MI("1f", "streaming.fraction", "1", ",\"iteration\":\"i3\""));
	/* a fourth replica without the metric: null, not counted */
	add(&j, MI("1a", "qps.actual", "1", ",\"iteration\":\"i4\""));
	judge_run(&j, "1f");
	v = verdict(&j, "streaming.fraction", "i1");
	r = json_object_get(v, "replicas");
	CHECK_STR(rec_get_str(v, "verdict"), "PASS");
	CHECK(json_array_size(json_object_get(r, "of")) == 4);
	CHECK(json_is_null(json_array_get(json_object_get(r, "values"), 3)));
	CHECK(json_integer_value(json_object_get(r, "n")) == 3);
	CHECK_NEAR(num(r, "cv"), 0.17320508075688773 / 0.9, 1e-9);
	CHECK_STR(rec_get_str(r, "tolerance"), "\u00b134.64 pp");
	judge_free(&j);
}

static void
test_alone_and_none(void)
{
	struct tolerances t;
	struct judge j;
	const json_t *v, *r;

	tol_defaults(&t);
	judge_init(&j, &t);
	add(&j, EX("1f", "streaming.fraction", "1"));
	add(&j, MI("1f", "streaming.fraction", "1", ",\"iteration\":\"i1\""));
	add(&j, "{\"kind\":\"measure\",\"check\":\"1f\",\"metric\":"
	    "\"streaming.fraction\",\"value\":1,\"scope\":{\"phase\":\"q\","
	    "\"workload\":\"w\"}}");
	judge_run(&j, "1f");
	/* one replica: which one, no spread */
	v = verdict(&j, "streaming.fraction", "i1");
	r = json_object_get(v, "replicas");
	CHECK(json_array_size(json_object_get(r, "of")) == 1);
	CHECK(json_is_null(json_object_get(r, "cv")));
	CHECK(json_object_get(r, "tolerance") == NULL);
	/* no iteration: nothing added */
	v = verdict(&j, "streaming.fraction", NULL);
	CHECK(v != NULL && json_object_get(v, "replicas") == NULL);
	CHECK(v != NULL && strstr(rec_get_str(v, "why"), "Replicas") == NULL);
	judge_free(&j);

	/* mean 0 over the replicas: no CV, said so */
	judge_init(&j, &t);
	add(&j, EX("1f", "streaming.fraction", "0"));
	add(&j, MI("1f", "streaming.fraction", "0", ",\"iteration\":\"i1\""));
	add(&j, MI("1f", "streaming.fraction", "0", ",\"iteration\":\"i2\""));
	judge_run(&j, "1f");
	v = verdict(&j, "streaming.fraction", "i2");
	r = json_object_get(v, "replicas");
	CHECK(r != NULL && json_is_null(json_object_get(r, "cv")));
	CHECK(json_object_get(r, "tolerance") == NULL);
	CHECK(v != NULL && strstr(rec_get_str(v, "why"),
	    "has mean 0, so no CV.") != NULL);
	judge_free(&j);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "percent_band", test_percent_band },
		{ "points_and_gaps", test_points_and_gaps },
		{ "alone_and_none", test_alone_and_none },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
