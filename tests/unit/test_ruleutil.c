/* Unit tests for lib/ruleutil.c: GPU names as config.md and nvidia-smi
 * write them, and model paths. */
#include <jansson.h>

#include "ruleutil.h"
#include "unit.h"

static void
test_gpu_parse(void)
{
	struct ru_gpu g;

	CHECK(ru_gpu_parse("H100-SXM-80GB", &g));
	CHECK_STR(g.model, "H100");
	CHECK(g.mem_gb == 80);
	CHECK_STR(g.form, "SXM");
	/* nvidia-smi names the SXM board by its HBM generation */
	CHECK(ru_gpu_parse("NVIDIA H100 80GB HBM3", &g));
	CHECK_STR(g.model, "H100");
	CHECK_STR(g.form, "SXM");
	CHECK(ru_gpu_parse("NVIDIA A100-SXM4-80GB", &g));
	CHECK_STR(g.model, "A100");
	CHECK_STR(g.form, "SXM");
	CHECK(ru_gpu_parse("NVIDIA H100 PCIe", &g));
	CHECK_STR(g.form, "PCIE");
	CHECK(g.mem_gb == 0);
	CHECK(ru_gpu_parse("AMD Instinct MI300X", &g));
	CHECK_STR(g.model, "MI300X");
	CHECK(ru_gpu_parse("NVIDIA L40S", &g));
	CHECK_STR(g.model, "L40S");
	CHECK_STR(g.form, "");
	CHECK(!ru_gpu_parse("GeForce RTX", &g));
	CHECK(!ru_gpu_parse("", &g));
}

static void
test_gpu_match(void)
{
	CHECK(ru_gpu_match("H100-SXM-80GB", "NVIDIA H100 80GB HBM3"));
	CHECK(ru_gpu_match("H100", "NVIDIA H100 80GB HBM3"));
	CHECK(ru_gpu_match("H100_SXM_80GB", "NVIDIA-H100-80GB-HBM3"));
	CHECK(!ru_gpu_match("H100-SXM-80GB", "NVIDIA A100-SXM4-80GB"));
	CHECK(!ru_gpu_match("H100-SXM-80GB", "NVIDIA H100 PCIe"));
	CHECK(!ru_gpu_match("A100-SXM4-40GB", "NVIDIA A100-SXM4-80GB"));
	CHECK(ru_gpu_match("L40S", "NVIDIA L40S"));
	/* no model token on a side: the names must be equal */
	CHECK(ru_gpu_match("GeForce RTX", "GeForce RTX"));
	CHECK(!ru_gpu_match("GeForce RTX", "NVIDIA L40S"));
}

static void
test_param_equal(void)
{
	json_t *e = json_string("Qwen/Qwen3-14B");
	json_t *a = json_string("/model-cache/models/Qwen/Qwen3-14B");
	json_t *h = json_string("H100-SXM-80GB");
	json_t *s = json_string("NVIDIA H100 80GB HBM3");

	CHECK(ru_param_equal("vllm.model", e, a));
	CHECK(!ru_param_equal("vllm.served_model_name", e, a));
	CHECK(ru_param_equal("vllm.hardware", h, s));
	CHECK(!ru_param_equal("vllm.model", h, s));
	json_decref(e);
	json_decref(a);
	json_decref(h);
	json_decref(s);
}

int
main(void)
{
	static const struct unit_test tests[] = {
		{ "gpu_parse", test_gpu_parse },
		{ "gpu_match", test_gpu_match },
		{ "param_equal", test_param_equal },
		{ NULL, NULL }
	};

	return unit_run(tests);
}
