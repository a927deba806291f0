/* test_promscrape.c - one Prometheus scrape of metrics/raw/
 * (lib/promscrape.c): the header, the gauges kept and how label sets
 * combine, the name's pod and time, and bad lines dying with
 * file:line:column.  Expected values are worked out by hand. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "promscrape.h"
#include "unit.h"

static char dir[] = "/tmp/test_promscrape.XXXXXX";

/* Writes text to dir/name; returns the path (static buffer). */
static const char *
put(const char *name, const char *text)
{
	static char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
	return path;
}

static void
test_read(void)
{
	struct promscrape s;
	const char *p = put("x_1_metrics.log",
	    "# Timestamp: 2026-09-09T06:30:29+0000\n# Pod: vllm-a\n"
	    "# PodIP: 10.0.0.1\n# Source: prometheus_metrics\n\n"
	    "# HELP vllm:num_requests_waiting Waiting.\n"
	    "# TYPE vllm:num_requests_waiting gauge\n"
	    "vllm:num_requests_waiting{engine=\"0\"} 2\n"
	    "vllm:num_requests_waiting{engine=\"1\",l=\"a}b\"} 3 1700000000\n"
	    "vllm:gpu_cache_usage_perc{engine=\"0\"} 0.9\n"
	    "vllm:kv_cache_usage_perc{engine=\"0\"} 0.25\n"
	    "vllm:kv_cache_usage_perc{engine=\"1\"} 0.5\n"
	    "vllm:num_requests_running NaN\n"
	    "llm_d_epp_flow_control_pool_saturation 1.5\n"
	    "vllm:num_preemptions_total{engine=\"0\"} 4.0\n"
	    "vllm:num_preemptions_total{engine=\"1\"} 3.0\n"
	    "other_total +Inf\n");

	promscrape_read(&s, p, "x_1_metrics.log");
	CHECK_STR(s.pod, "vllm-a");
	CHECK(s.t_s == 1788935429);	/* date -d 2026-09-09T06:30:29Z +%s */
	CHECK(s.v[PS_WAITING] == 5 && s.line[PS_WAITING] == 8);
	/* the newer name wins over the deprecated one, whatever the order */
	CHECK(s.v[PS_KV_PCT] == 50);
	CHECK_STR(s.metric[PS_KV_PCT], "vllm:kv_cache_usage_perc");
	CHECK(isnan(s.v[PS_RUNNING]));
	CHECK(s.v[PS_POOL_SAT] == 1.5 && isnan(s.v[PS_FC_QUEUE]));
	/* the preemption counter, summed over its engines */
	CHECK(s.v[PS_PREEMPT] == 7 && s.line[PS_PREEMPT] == 15);
	CHECK_STR(s.metric[PS_PREEMPT], "vllm:num_preemptions_total");
	CHECK(s.samples == 10);
	promscrape_free(&s);
}

static void
test_name(void)
{
	struct promscrape s;
	const char *p = put("gaie-epp-7d_1789000015_metrics.log",
	    "# Timestamp: 2026-09-09T08:30:29+02:00\n"
	    "inference_extension_flow_control_queue_size{p=\"1\"} 4\n"
	    "inference_extension_flow_control_queue_size{p=\"2\"} 1\n");

	promscrape_read(&s, p, "gaie-epp-7d_1789000015_metrics.log");
	CHECK_STR(s.pod, "gaie-epp-7d");
	CHECK(s.t_s == 1788935429);	/* the header wins over the name */
	CHECK(s.v[PS_FC_QUEUE] == 5);
	promscrape_free(&s);
}

static void
read_path(const void *arg)
{
	struct promscrape s;

	promscrape_read(&s, arg, "f.log");
}

static void
test_bad(void)
{
	CHECK(unit_dies(read_path, put("a_1_metrics.log", "m{a=\"1\" 2\n"),
	    "f.log:1:2: expected labels closed by '}'"));
	CHECK(unit_dies(read_path, put("b_1_metrics.log", "\n\nm 1 2\nm\n"),
	    "f.log:4:2: expected a space and a value"));
	CHECK(unit_dies(read_path, put("c_1_metrics.log", "m{} x1\n"),
	    "f.log:1:5: expected a sample value, got \"x1\""));
	CHECK(unit_dies(read_path, put("d_1_metrics.log", "9m 1\n"),
	    "f.log:1:1: expected a metric name"));
	CHECK(unit_dies(read_path, put("e_1_metrics.log",
	    "# Timestamp: 2026-13-01T00:00:00Z\n"), "f.log:1:14: expected a "
	    "time"));
	CHECK(unit_dies(read_path, put("nopod.log", "m 1\n"), "f.log: "
	    "expected a \"# Timestamp:\" and a \"# Pod:\" line"));
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "read", test_read },
		{ "pod and time from the name", test_name },
		{ "bad input", test_bad },
		{ NULL, NULL }
	};
	char rm[64];
	int rc;

	if (mkdtemp(dir) == NULL)
		return 1;
	rc = unit_run(tests);
	snprintf(rm, sizeof(rm), "rm -rf '%s'", dir);
	if (system(rm) != 0)
		rc = 1;
	return rc;
}
