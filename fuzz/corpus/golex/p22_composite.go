package pitfalls

type engine22 struct {
	Name        string
	KVUsageSpec string
}

var defaultEngines22 = []engine22{
	{ // want-start
		Name:        "vllm",
		KVUsageSpec: "vllm:kv_cache_usage_perc",
	}, // want-end
	{
		Name:        "triton",
		KVUsageSpec: "nv_trt_llm_kv_cache_block_metrics{kv_cache_block_type=fraction}",
	},
}
