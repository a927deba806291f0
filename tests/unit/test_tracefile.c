/* Unit tests for lib/tracefile.c: the one TraceV2/V3 header reader that
 * s2r-trace-stats, s2r-latency and s2r-compare share (goodput targets,
 * observed KV metrics, the v2 keys) and the ITL file beside a trace.
 * Expected values are the header texts' own numbers. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "itl.h"
#include "tracefile.h"
#include "unit.h"

static void
load(struct trace_header *h, const char *text)
{
	trace_header_load_buf(h, "h.yaml", text, strlen(text));
}

static void
load_void(const void *text)
{
	struct trace_header h;

	load(&h, text);
}

/* Classes come back sorted, an empty class is "default", a null class
 * gates nothing, and each target keeps its class's line. */
static void
test_targets(void)
{
	struct trace_header h;

	load(&h, "trace_version: 3\ntime_unit: us\n"
	    "goodput_slo_targets:\n"
	    "  standard: {ttft_ms: 500}\n"		/* line 4 */
	    "  critical:\n    ttft_ms: 100\n    e2e_ms: 5000\n"	/* 5 */
	    "  \"\": {itl_ms: 7.5}\n"			/* line 8 */
	    "  batch:\n");				/* line 9 */
	CHECK(h.present);
	CHECK(h.has_version && h.version == 3);
	CHECK(h.goodput.n == 4);
	CHECK_STR(h.goodput.file, "h.yaml");
	CHECK_STR(h.goodput.v[0].cls, "batch");
	CHECK_STR(h.goodput.v[1].cls, "critical");
	CHECK_STR(h.goodput.v[2].cls, "default");
	CHECK_STR(h.goodput.v[3].cls, "standard");
	CHECK(h.goodput.v[1].ttft_ms == 100 && h.goodput.v[1].e2e_ms == 5000 &&
	    h.goodput.v[1].itl_ms == 0 && h.goodput.v[1].line == 5);
	CHECK(h.goodput.v[2].itl_ms == 7.5 && h.goodput.v[2].line == 8);
	CHECK(slo_targets_find(&h.goodput, "batch") == NULL);
	CHECK(slo_targets_find(&h.goodput, "") == &h.goodput.v[2]);
	CHECK(slo_targets_find(&h.goodput, "sheddable") == NULL);
	CHECK(!h.kv.present);
	trace_header_free(&h);
}

/* hit_rate is what makes the KV metrics present; the counts are kept
 * when stated, NAN when not. */
static void
test_kv(void)
{
	struct trace_header h;

	load(&h, "observed_kv_metrics:\n  source: tiered\n  hit_rate: 0.734\n"
	    "  block_hits: 7340\n  block_queries: 10000\n  vllm_commit: x\n");
	CHECK(h.kv.present);
	CHECK(h.kv.hit_rate == 0.734 && h.kv.line == 3);
	CHECK(h.kv.hits == 7340 && h.kv.queries == 10000);
	CHECK_STR(h.kv.source, "tiered");
	CHECK_STR(h.kv.file, "h.yaml");
	trace_header_free(&h);
	load(&h, "observed_kv_metrics:\n  block_hits: 1\n");
	CHECK(!h.kv.present);
	trace_header_free(&h);
	load(&h, "observed_kv_metrics: {hit_rate: 0}\n");
	CHECK(h.kv.present && h.kv.hit_rate == 0);
	CHECK(isnan(h.kv.hits) && isnan(h.kv.queries) && h.kv.source == NULL);
	trace_header_free(&h);
}

static void
test_bad(void)
{
	CHECK(unit_dies(load_void, "goodput_slo_targets:\n  critical:\n"
	    "    ttft: 1\n", "h.yaml:3:5: goodput_slo_targets.critical: "
	    "expected ttft_ms, itl_ms or e2e_ms, got \"ttft\""));
	CHECK(unit_dies(load_void, "goodput_slo_targets:\n  standard:\n"
	    "    ttft_ms: fast\n", "h.yaml:3:14: goodput_slo_targets.standard: "
	    "expected a number >= 0 for ttft_ms, got \"fast\""));
	CHECK(unit_dies(load_void, "goodput_slo_targets: [1]\n",
	    "h.yaml:1:22: goodput_slo_targets: expected a mapping of SLO "
	    "classes, got a sequence"));
	CHECK(unit_dies(load_void, "goodput_slo_targets:\n  \"\": {}\n"
	    "  default: {}\n", "h.yaml:3:1: goodput_slo_targets: expected "
	    "each class once, got \"default\" twice"));
	CHECK(unit_dies(load_void, "observed_kv_metrics: {hit_rate: 1.5}\n",
	    "observed_kv_metrics.hit_rate: expected a fraction in [0, 1], "
	    "got \"1.5\""));
	CHECK(unit_dies(load_void, "observed_kv_metrics: {hit_rate: -1}\n",
	    "observed_kv_metrics: expected a number >= 0 for hit_rate"));
	CHECK(unit_dies(load_void, "observed_kv_metrics: 3\n",
	    "observed_kv_metrics: expected a mapping, got \"3\""));
	CHECK(unit_dies(load_void, "time_unit: ms\n", "h.yaml:1:12: "
	    "time_unit: expected \"us\" or \"microseconds\", got \"ms\""));
	CHECK(unit_dies(load_void, "- 1\n", "h.yaml:1:1: expected a TraceV2 "
	    "header (a YAML map), got a sequence"));
	CHECK(unit_dies(load_void, "warm_up_requests: {a: 1}\n",
	    "warm_up_requests: expected an integer >= 0, got a mapping"));
}

/* The ITL file beside a trace: <stem>.itl.csv when it exists, for
 * s2r-trace-stats (trace_itl_for) and s2r-latency (itl_beside) alike. */
static void
test_itl_beside(void)
{
	char dir[] = "/tmp/test_tracefile.XXXXXX", csv[64], itl[64];
	struct trace_header h;
	FILE *f;

	if (mkdtemp(dir) == NULL) {
		CHECK(0);
		return;
	}
	snprintf(csv, sizeof(csv), "%s/trace_data.csv", dir);
	snprintf(itl, sizeof(itl), "%s/trace_data.itl.csv", dir);
	memset(&h, 0, sizeof(h));
	trace_itl_for(&h, csv, NULL, false, NULL);
	CHECK(h.itl_path == NULL && itl_beside(csv) == NULL);
	if ((f = fopen(itl, "w")) != NULL)
		fclose(f);
	trace_itl_for(&h, csv, NULL, false, NULL);
	CHECK_STR(h.itl_path, itl);
	free(h.itl_path);
	free(h.itl_label);
	memset(&h, 0, sizeof(h));
	trace_itl_for(&h, csv, NULL, true, NULL);
	CHECK(h.itl_path == NULL);
	trace_itl_for(&h, "-", NULL, false, NULL);
	CHECK(h.itl_path == NULL);
	remove(itl);
	remove(dir);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "targets sorted, default and null classes", test_targets },
		{ "observed KV metrics", test_kv },
		{ "malformed headers are located errors", test_bad },
		{ "the ITL file beside a trace", test_itl_beside },
		{ NULL, NULL },
	};

	return unit_run(tests);
}
