# pair: 14b
# plants: every pod of both arms runs a vLLM that keeps 262,144 KV-cache tokens (4,096 blocks of 64; a newer image reserving more memory for CUDA graphs) against the 302,016 (4,719 blocks) the simulation pinned with --total-kv-blocks: the pods agree with each other and across arms, so only the simulation's capacity tells the simulated cache is 15 % larger than the real one
# catches: 5f kv_cache.sim_tokens instance=*,phase=*,workload=* => FAIL ~ The simulation's KV cache is larger than the real one
# touches: 5f
plant() {
	find "$REAL" -name '*_vllm.log' -exec sed -i \
	    -e 's/GPU KV cache size: 302,016 tokens/GPU KV cache size: 262,144 tokens/' \
	    -e 's/Maximum concurrency for 40,960 tokens per request: 7.37x/Maximum concurrency for 40,960 tokens per request: 6.40x/' {} +
}
