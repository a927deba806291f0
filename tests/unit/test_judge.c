/* Unit tests for lib/judge.c, lib/tolerance.c and the rule helpers
 * (the checklist itself: test_checklist.c). */
#include <stdlib.h>
#include <string.h>

#include "jstore.h"
#include "judge.h"
#include "rec.h"
#include "spill.h"
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

static void
test_natcmp(void)
{
	CHECK(judge_natcmp("i2", "i10") < 0);
	CHECK(judge_natcmp("i10", "i2") > 0);
	CHECK(judge_natcmp("w1", "w1") == 0);
	CHECK(judge_natcmp(NULL, "a") < 0);
	CHECK(judge_natcmp(NULL, NULL) == 0);
	CHECK(judge_natcmp("baseline", "treatment") < 0);
	CHECK(judge_natcmp("a", "ab") < 0);
}

static void
test_fmt(void)
{
	char b[64];

	judge_fmt_num(b, sizeof(b), 40);
	CHECK_STR(b, "40");
	judge_fmt_num(b, sizeof(b), 210.4);
	CHECK_STR(b, "210.4");
	judge_fmt_num(b, sizeof(b), 39.8);
	CHECK_STR(b, "39.8");
	judge_fmt_num(b, sizeof(b), 1.0303);
	CHECK_STR(b, "1.03");
	judge_fmt_num(b, sizeof(b), 0.33333);
	CHECK_STR(b, "0.3333");
	judge_fmt_num(b, sizeof(b), -0.00001);
	CHECK_STR(b, "-1e-05");
	judge_fmt_diff(b, sizeof(b), 0.2, "%");
	CHECK_STR(b, "+0.2%");
	judge_fmt_diff(b, sizeof(b), -2, "pp");
	CHECK_STR(b, "-2.0 pp");
	judge_fmt_diff(b, sizeof(b), -0.01, "pp");
	CHECK_STR(b, "0.0 pp");
	judge_fmt_diff(b, sizeof(b), 3, "tokens");
	CHECK_STR(b, "+3 tokens");
}

static void
test_checks(void)
{
	char bad[32];

	/* Which ids are known, and their categories: test_checklist.c
	 * walks the rule tables. */
	CHECK(!judge_check_known("1"));
	CHECK(judge_category_of("x") == -1);
	CHECK(judge_checks_valid("1a,1g", bad, sizeof(bad)));
	CHECK(judge_checks_valid("1,A", bad, sizeof(bad)));
	CHECK(judge_checks_valid("all", bad, sizeof(bad)));
	CHECK(!judge_checks_valid("1a,zz", bad, sizeof(bad)));
	CHECK_STR(bad, "zz");
	CHECK(!judge_checks_valid(",", bad, sizeof(bad)));
}

static void
test_tolerances(void)
{
	struct tolerances t;
	const char *yaml = "workload:\n  rate_pct: 7.5\n  iat_min_samples: 0\n";

	tol_defaults(&t);
	CHECK(tol(&t, TOL_RATE_PCT) == 5);
	CHECK(tol(&t, TOL_CLASS_PP) == 2);
	CHECK(tol(&t, TOL_POISSON_CV_MIN) == 0.8);
	CHECK(tol(&t, TOL_SHAPED_CV_PCT) == 20);
	tol_load_buf(&t, "t.yaml", yaml, strlen(yaml));
	CHECK(tol(&t, TOL_RATE_PCT) == 7.5);
	CHECK(tol(&t, TOL_IAT_MIN_SAMPLES) == 0);
	CHECK(tol(&t, TOL_CLASS_PP) == 2);	/* untouched */
	tol_load_buf(&t, "empty.yaml", "", 0);
	CHECK(tol(&t, TOL_RATE_PCT) == 7.5);
	/* Every enum value has exactly one row. */
	for (int id = 0; id < TOL_COUNT; id++) {
		int rows = 0;

		for (const struct tol_def *d = tol_table; d->name != NULL; d++)
			rows += d->id == (enum tol_id)id;
		CHECK(rows == 1);
	}
	CHECK(tol_lookup("workload.streaming_pp") != NULL);
	CHECK(tol_lookup("workload.nope") == NULL);
}

static void
test_joining(void)
{
	struct tolerances t;
	struct judge j;
	struct jcell base = { "baseline", "w1", NULL, true };
	struct jcell treat = { "treatment", "w1", NULL, true };
	const json_t *e;
	json_t *sub, *subs;

	tol_defaults(&t);
	judge_init(&j, &t);
	add(&j, "{\"kind\":\"expect\",\"check\":\"1a\",\"metric\":\"qps.intended\",\"value\":40,\"scope\":{\"workload\":\"w1\"}}");
	add(&j, "{\"kind\":\"expect\",\"check\":\"1a\",\"metric\":\"qps.intended\",\"value\":50,\"scope\":{\"phase\":\"treatment\",\"workload\":\"w1\"}}");
	add(&j, "{\"kind\":\"expect\",\"check\":\"1a\",\"metric\":\"qps.intended\",\"value\":60,\"scope\":{\"workload\":\"w2\"}}");
	add(&j, "{\"kind\":\"measure\",\"check\":\"1a\",\"metric\":\"qps.actual\",\"value\":39,\"scope\":{\"phase\":\"baseline\",\"workload\":\"w1\"}}");
	add(&j, "{\"kind\":\"measure\",\"check\":\"1a\",\"metric\":\"qps.actual\",\"value\":49,\"scope\":{\"phase\":\"treatment\",\"workload\":\"w1\"}}");
	add(&j, "{\"kind\":\"expect\",\"check\":\"1b\",\"metric\":\"class.fraction\",\"value\":0.5,\"scope\":{\"workload\":\"w1\",\"class\":\"b\"}}");
	add(&j, "{\"kind\":\"measure\",\"check\":\"1b\",\"metric\":\"class.fraction\",\"value\":0.4,\"scope\":{\"phase\":\"baseline\",\"workload\":\"w1\",\"class\":\"a\"}}");
	add(&j, "{\"kind\":\"verdict\",\"check\":\"1a\",\"verdict\":\"PASS\"}");
	add(&j, "{\"kind\":\"kernel\",\"name\":\"gemm\"}");
	CHECK(j.nrecs == 8);	/* the verdict is passed over */
	judge_run(&j, "zz");	/* builds index and cells, runs no rule */
	CHECK(j.nout == 0);

	/* The phase-less expect applies to baseline; treatment has its own. */
	e = judge_expect(&j, &base, "qps.intended", NULL);
	CHECK(e != NULL && json_integer_value(json_object_get(e, "value")) == 40);
	e = judge_expect(&j, &treat, "qps.intended", NULL);
	CHECK(e != NULL && json_integer_value(json_object_get(e, "value")) == 50);
	CHECK(judge_measure(&j, &base, "qps.actual", NULL) != NULL);
	CHECK(judge_measure(&j, &base, "qps.intended", NULL) == NULL);

	/* Sub-scopes: the union of both sides, sorted; exact matching. */
	subs = judge_subscopes(&j, &base, "class.fraction", NULL, "class");
	CHECK(json_array_size(subs) == 2);
	CHECK_STR(rec_get_str(json_array_get(subs, 0), "class"), "a");
	CHECK_STR(rec_get_str(json_array_get(subs, 1), "class"), "b");
	json_decref(subs);
	sub = json_pack("{s:s}", "class", "b");
	CHECK(judge_expect(&j, &base, "class.fraction", sub) != NULL);
	CHECK(judge_measure(&j, &base, "class.fraction", sub) == NULL);
	CHECK(judge_expect(&j, &base, "class.fraction", NULL) == NULL);
	json_decref(sub);

	/* Cells: two measured, plus w2 that only the expectations name. */
	CHECK(j.ncells == 3);
	CHECK_STR(j.cells[0].workload, "w2");	/* no phase sorts first */
	CHECK(!j.cells[0].measured);
	CHECK_STR(j.cells[1].phase, "baseline");
	CHECK_STR(j.cells[2].phase, "treatment");
	judge_free(&j);
}

/* Runs every rule over the records and returns the verdict of metric. */
static const char *
verdict_of(struct judge *j, const char *metric, const char *subkey,
    const char *subval)
{
	json_t **v;
	size_t n = judge_verdicts(j, &v);
	const char *got = NULL;

	for (size_t i = 0; i < n; i++) {
		const char *m = rec_get_str(v[i], "metric");

		if (m == NULL || strcmp(m, metric) != 0)
			continue;
		if (subkey != NULL && (rec_get_str(json_object_get(v[i],
		    "scope"), subkey) == NULL || strcmp(rec_get_str(
		    json_object_get(v[i], "scope"), subkey), subval) != 0))
			continue;
		got = rec_get_str(v[i], "verdict");
	}
	free(v);
	return got;
}

#define M(metric, value, extra) \
	"{\"kind\":\"measure\",\"check\":\"1x\",\"metric\":\"" metric "\"," \
	"\"value\":" value ",\"n\":5000,\"scope\":{\"phase\":\"p\",\"workload\":\"w\"" extra "}}"
#define E(metric, value, extra) \
	"{\"kind\":\"expect\",\"check\":\"1x\",\"metric\":\"" metric "\"," \
	"\"value\":" value ",\"scope\":{\"workload\":\"w\"" extra "}}"

static void
test_rules(void)
{
	struct tolerances t;
	struct judge j;

	tol_defaults(&t);
	judge_init(&j, &t);
	/* Boundaries: exactly the tolerance is a PASS despite rounding. */
	add(&j, E("streaming.fraction", "0.3", ""));
	add(&j, M("streaming.fraction", "0.32", ""));
	add(&j, E("qps.intended", "100", ""));
	add(&j, M("qps.intended", "105", ""));
	add(&j, M("qps.actual", "94.9", ""));
	/* A stdev expected 0 must be 0. */
	add(&j, E("input_tokens.stdev", "0", ""));
	add(&j, M("input_tokens.stdev", "0.5", ""));
	/* gamma: ±20 % of the configured cv; unknown process. */
	add(&j, "{\"kind\":\"expect\",\"check\":\"1g\",\"metric\":\"iat.cv\",\"value\":3,\"process\":\"gamma\",\"scope\":{\"workload\":\"w\",\"client\":\"g\"}}");
	add(&j, M("iat.cv", "2.5", ",\"client\":\"g\""));
	add(&j, "{\"kind\":\"expect\",\"check\":\"1g\",\"metric\":\"iat.cv\",\"value\":1,\"process\":\"weird\",\"scope\":{\"workload\":\"w\",\"client\":\"q\"}}");
	add(&j, M("iat.cv", "1", ",\"client\":\"q\""));
	add(&j, "{\"kind\":\"expect\",\"check\":\"1g\",\"metric\":\"iat.cv\",\"value\":1,\"process\":\"poisson\",\"scope\":{\"workload\":\"w\",\"client\":\"p\"}}");
	add(&j, M("iat.cv", "0.79", ",\"client\":\"p\""));
	/* A zero-share class absent from the trace passes. */
	add(&j, E("class.fraction", "0", ",\"class\":\"batch\""));
	add(&j, E("class.fraction", "1", ",\"class\":\"std\""));
	add(&j, M("class.fraction", "1", ",\"class\":\"std\""));
	judge_run(&j, NULL);
	CHECK_STR(verdict_of(&j, "streaming.fraction", NULL, NULL), "PASS");
	CHECK_STR(verdict_of(&j, "qps.intended", NULL, NULL), "PASS");
	/* 94.9 is 5.1 % low and below 105 × 0.95 = 99.75: the ceiling. */
	CHECK_STR(verdict_of(&j, "qps.actual", NULL, NULL), "WARN");
	CHECK_STR(verdict_of(&j, "input_tokens.stdev", NULL, NULL), "FAIL");
	CHECK_STR(verdict_of(&j, "iat.cv", "client", "g"), "PASS");
	CHECK_STR(verdict_of(&j, "iat.cv", "client", "q"), "INAPPLICABLE");
	CHECK_STR(verdict_of(&j, "iat.cv", "client", "p"), "FAIL");
	CHECK_STR(verdict_of(&j, "class.fraction", "class", "batch"), "PASS");
	CHECK_STR(verdict_of(&j, "class.fraction", "class", "std"), "PASS");
	/* Checks without their metrics at all say MISSING. */
	CHECK_STR(verdict_of(&j, "prefix.fraction", NULL, NULL), "MISSING");
	judge_free(&j);
}

static void
test_sorted_output(void)
{
	struct tolerances t;
	struct judge j;
	json_t **v;
	size_t n;

	tol_defaults(&t);
	judge_init(&j, &t);
	add(&j, M("streaming.fraction", "1", ""));
	add(&j, "{\"kind\":\"measure\",\"check\":\"1f\",\"metric\":\"streaming.fraction\",\"value\":1,\"scope\":{\"phase\":\"a\",\"workload\":\"w\",\"iteration\":\"i10\"}}");
	add(&j, "{\"kind\":\"measure\",\"check\":\"1f\",\"metric\":\"streaming.fraction\",\"value\":1,\"scope\":{\"phase\":\"a\",\"workload\":\"w\",\"iteration\":\"i2\"}}");
	judge_run(&j, "1f");
	n = judge_verdicts(&j, &v);
	CHECK(n == 3);
	if (n == 3) {
		CHECK_STR(rec_get_str(json_object_get(v[0], "scope"), "iteration"), "i2");
		CHECK_STR(rec_get_str(json_object_get(v[1], "scope"), "iteration"), "i10");
		CHECK_STR(rec_get_str(json_object_get(v[2], "scope"), "phase"), "p");
		CHECK_STR(rec_get_str(v[0], "verdict"), "MISSING");
	}
	free(v);
	judge_free(&j);
}

/* The verdicts of w workloads, written with the verdict text held in
 * memory up to limit; *parses gets how often records were parsed again. */
static char *
judged(size_t limit, size_t *parses)
{
	struct tolerances t;
	struct judge j;
	char text[512], *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	tol_defaults(&t);
	judge_init(&j, &t);
	j.text->limit = limit;
	for (int w = 0; w < 40; w++) {
		snprintf(text, sizeof(text), "{\"kind\":\"expect\",\"check\":\"1a\",\"metric\":\"qps.intended\",\"value\":%d,\"scope\":{\"workload\":\"w%d\"}}", 40 + w, w);
		add(&j, text);
		snprintf(text, sizeof(text), "{\"kind\":\"measure\",\"check\":\"1a\",\"metric\":\"qps.actual\",\"value\":%d.5,\"scope\":{\"phase\":\"p\",\"workload\":\"w%d\"},\"points\":[[1,2],[3,4]]}", 39 + w % 3, w);
		add(&j, text);
	}
	judge_run(&j, NULL);
	judge_write(&j, f);
	fclose(f);
	*parses = j.store->parses;
	CHECK((j.text->f != NULL) == (limit == 0));
	/* Chart data is dropped on reading: not in the stored text. */
	CHECK(j.store->nchunk == 1);
	for (size_t i = 0; i + 6 <= j.store->chunk_used; i++)
		CHECK(memcmp(j.store->chunk[0] + i, "points", 6) != 0);
	judge_free(&j);
	return out;
}

static void
test_spilled_output(void)
{
	size_t held, spilled;
	char *a = judged(SPILL_LIMIT, &held), *b = judged(0, &spilled);

	/* Spilled or not, the same bytes; records are parsed again only
	 * while rules read them. */
	CHECK(a != NULL && b != NULL && strlen(a) > 10000);
	CHECK(a != NULL && b != NULL && strcmp(a, b) == 0);
	CHECK(held > 0 && held == spilled);
	free(a);
	free(b);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "natcmp", test_natcmp },
		{ "fmt", test_fmt },
		{ "checks", test_checks },
		{ "tolerances", test_tolerances },
		{ "joining", test_joining },
		{ "rules", test_rules },
		{ "sorted_output", test_sorted_output },
		{ "spilled_output", test_spilled_output },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
