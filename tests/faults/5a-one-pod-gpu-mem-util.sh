# pair: aw
# plants: baseline/w3_multi_prefix_contention: one of the four pods (gxp97, deployed from a values file that kept the chart default) starts vLLM with --gpu-memory-utilization 0.9 instead of config.md's 0.75, so its KV cache is larger than the sim's and the other pods'
# catches: 5a vllm.gpu_memory_utilization instance=sim2real-aw-decode-79f6f9b4db-gxp97,phase=baseline,workload=w3_multi_prefix_contention => FAIL
# touches: 2a@baseline/w3_multi_prefix_contention 5a@baseline/w3_multi_prefix_contention 2c@*/w3_multi_prefix_contention 5f@baseline/w3_multi_prefix_contention
plant() {
	local f
	f=$(ls "$REAL"/baseline/w3_multi_prefix_contention/server_logs/*gxp97_vllm.log)
	sed -i "s/'gpu_memory_utilization': 0.75,/'gpu_memory_utilization': 0.9,/" "$f"
	grep -q "'gpu_memory_utilization': 0.9," "$f"
}
