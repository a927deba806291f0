/* Unit tests for lib/workload.c and lib/wlexpect.c: parsing, v1 upgrade,
 * cohorts, errors (in a child process), and the expectation records. */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "rec.h"
#include "wlexpect.h"
#include "workload.h"
#include "unit.h"

static struct workload *
load(const char *text)
{
	return workload_load_buf("t.yaml", text, strlen(text));
}

static void
load_text(const void *text)
{
	load(text);
}

/* True when loading text dies with status 2, in a child process. */
static bool
dies(const char *text)
{
	return unit_dies(load_text, text, "");
}

#define CLIENT(id, cls, rf) \
	"  - id: " id "\n    slo_class: " cls "\n    rate_fraction: " rf "\n" \
	"    arrival: {process: poisson}\n" \
	"    input_distribution: {type: constant, params: {value: 100}}\n" \
	"    output_distribution: {type: constant, params: {value: 10}}\n"

static void
test_parse_and_upgrade(void)
{
	struct workload *w = load("version: \"1\"\nseed: 7\naggregate_rate: 40\n"
	    "num_requests: 100\nclients:\n" CLIENT("a", "realtime", "0.25")
	    CLIENT("b", "interactive", "0.75")
	    "    prefix_group: g\n    streaming: true\n");

	CHECK(w->nclients == 2 && w->upgraded);
	CHECK_STR(w->version, "2");
	CHECK_STR(w->clients[0].slo_class, "critical");
	CHECK_STR(w->clients[1].slo_class, "standard");
	CHECK(w->clients[1].prefix_length == 50);	/* BLIS default */
	CHECK(w->clients[1].streaming && !w->clients[0].streaming);
	CHECK(w->rate_at.line == 3 && w->seed == 7);
	CHECK(w->clients[0].rate_at.line == 8);
	CHECK(w->clients[0].input.d.type == DIST_CONSTANT &&
	    w->clients[0].input.d.value == 100);
	workload_free(w);
}

static void
test_cohorts(void)
{
	struct workload *w = load("aggregate_rate: 10\nnum_requests: 5\n"
	    "cohorts:\n  - id: users\n    population: 4\n    rate_fraction: 1\n"
	    "    prefix_group: sys\n    prefix_sharing: per_member\n"
	    "    prefix_length: 300\n"
	    "    arrival: {process: gamma, cv: 2}\n"
	    "    input_distribution: {type: empirical, params: {\"10\": 1, "
	    "\"20\": 3}}\n"
	    "    output_distribution: {type: exponential, params: {mean: 5}}\n");

	CHECK(w->nclients == 4);
	CHECK_STR(w->clients[3].id, "users-3");
	CHECK_STR(w->clients[3].prefix_group, "sys-3");
	CHECK_NEAR(w->clients[0].rate_fraction, 0.25, 1e-15);
	CHECK(w->clients[2].prefix_length == 300);
	CHECK(w->clients[1].input.d.nbins == 2);
	CHECK_NEAR(w->clients[1].input.d.bin_prob[1], 0.75, 1e-15);
	workload_free(w);
}

static void
test_errors(void)
{
	CHECK(dies("clients: [\n"));			/* malformed YAML */
	CHECK(dies("- a\n- b\n"));			/* not a mapping */
	CHECK(dies("aggregate_rate: 1\nbogus: 2\nclients:\n"
	    CLIENT("a", "critical", "1")));		/* unknown key */
	CHECK(dies("aggregate_rate: 1\nclients:\n" CLIENT("a", "critical",
	    "1") CLIENT("b", "\"\"", "1")));		/* mixed slo_class */
	CHECK(dies("aggregate_rate: x1\nclients:\n" CLIENT("a", "critical",
	    "1")));					/* non-numeric */
	CHECK(dies("aggregate_rate: 1\nclients:\n  - id: a\n"
	    "    rate_fraction: 1\n    arrival: {process: burst}\n"));
	CHECK(dies("aggregate_rate: 1\nclients:\n  - id: a\n"
	    "    rate_fraction: 1\n    arrival: {process: poisson}\n"
	    "    input_distribution: {type: gaussian, params: {mean: 1}}\n"
	    "    output_distribution: {type: constant, params: {value: 1}}\n"));
	CHECK(dies("aggregate_rate: 1\nclients:\n  - id: a\n"
	    "    rate_fraction: 1\n    arrival: {process: poisson}\n"
	    "    input_distribution: {type: zipf, params: {s: 1}}\n"
	    "    output_distribution: {type: constant, params: {value: 1}}\n"));
	CHECK(dies("clients:\n" CLIENT("a", "critical", "1")));	/* no rate */
	CHECK(!dies("aggregate_rate: 1\nclients:\n" CLIENT("a", "critical",
	    "1")));
}

static const json_t *
find(const json_t *out, const char *metric, const char *klass)
{
	size_t i;
	const json_t *r;

	json_array_foreach(out, i, r) {
		const json_t *sc = json_object_get(r, "scope");

		if (strcmp(rec_get_str(r, "metric"), metric) == 0 &&
		    (klass == NULL || (rec_get_str(sc, "class") != NULL &&
		    strcmp(rec_get_str(sc, "class"), klass) == 0)))
			return r;
	}
	return NULL;
}

static void
test_expect_mixture(void)
{
	struct workload *w = load("aggregate_rate: 40\nnum_requests: 100\n"
	    "clients:\n" CLIENT("a", "critical", "1")
	    "  - id: b\n    slo_class: batch\n    rate_fraction: 3\n"
	    "    streaming: true\n"
	    "    arrival: {process: gamma, cv: 2.5}\n"
	    "    input_distribution: {type: constant, params: {value: 300}}\n"
	    "    output_distribution: {type: constant, params: {value: 10}}\n");
	json_t *out = json_array();
	double v;

	workload_expect(w, "w", "t.yaml", out);
	CHECK(rec_get_num(find(out, "class.fraction", "batch"), "value", &v) &&
	    v == 0.75);
	/* mean 0.25*100 + 0.75*300; var = Σw·m² − mean² (both constant) */
	CHECK(rec_get_num(find(out, "input_tokens.mean", NULL), "value", &v));
	CHECK_NEAR(v, 250, 1e-9);
	CHECK(rec_get_num(find(out, "input_tokens.stdev", NULL), "value", &v));
	CHECK_NEAR(v, sqrt(0.25 * 1e4 + 0.75 * 9e4 - 250 * 250), 1e-9);
	CHECK(rec_get_num(find(out, "streaming.fraction", NULL), "value", &v) &&
	    v == 0.75);
	CHECK(rec_get_num(find(out, "qps.intended", NULL), "value", &v) &&
	    v == 40);
	json_decref(out);
	workload_free(w);
}

static void
test_expect_lifecycle(void)
{
	struct workload *w = load("aggregate_rate: 40\nnum_requests: 100\n"
	    "clients:\n" CLIENT("a", "critical", "1")
	    "    lifecycle: {windows: [{start_us: 0, end_us: 100}]}\n"
	    CLIENT("b", "batch", "1")
	    "    lifecycle: {windows: [{start_us: 200, end_us: 300}]}\n");
	json_t *out = json_array();
	const json_t *r;

	workload_expect(w, "w", "t.yaml", out);
	r = find(out, "class.fraction", NULL);
	CHECK(r != NULL && json_is_false(json_object_get(r, "comparable")));
	CHECK(json_is_null(json_object_get(r, "value")));
	r = find(out, "qps.intended", NULL);	/* a gap from 100 to 200 */
	CHECK(json_is_false(json_object_get(r, "comparable")));
	r = find(out, "input_tokens.mean", NULL);	/* same dist: fine */
	CHECK(json_object_get(r, "comparable") == NULL);
	json_decref(out);
	workload_free(w);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "parse and v1 upgrade", test_parse_and_upgrade },
		{ "cohorts", test_cohorts },
		{ "errors", test_errors },
		{ "expect mixture", test_expect_mixture },
		{ "expect lifecycle", test_expect_lifecycle },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
