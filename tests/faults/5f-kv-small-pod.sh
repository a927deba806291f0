# pair: aw
# plants: baseline/w3_multi_prefix_contention: pod gxp97 shares its GPU with another process, so vLLM profiled less free memory: 151,040 KV-cache tokens instead of 198,208
# catches: 5f kv_cache.tokens instance=sim2real-aw-decode-79f6f9b4db-gxp97,phase=baseline,workload=w3_multi_prefix_contention => FAIL
# touches: 5f@baseline/w3_multi_prefix_contention 2c@*/w3_multi_prefix_contention
plant() {
	sed -i -e 's/Available KV cache memory: 30.25 GiB/Available KV cache memory: 23.05 GiB/' \
	    -e 's/GPU KV cache size: 198,208 tokens/GPU KV cache size: 151,040 tokens/' \
	    -e 's/per request: 4.84x/per request: 3.69x/' \
	    "$REAL"/baseline/w3_multi_prefix_contention/server_logs/*gxp97_vllm.log
}
