# pair: aw
# plants: treatment/w2_stationary: the treatment's pods started with --gpu-memory-utilization 0.85 instead of 0.75 (one vLLM argument in one arm only); their KV cache grows accordingly (198,208 -> 251,712 tokens)
# catches: 2a vllm.gpu_memory_utilization phase=treatment,workload=w2_stationary => FAIL
# catches: 5a vllm.gpu_memory_utilization instance=*,phase=treatment,workload=w2_stationary => FAIL
# catches: 2c arms.vllm phase=*,workload=w2_stationary => FAIL
# touches: 2a@treatment/w2_stationary 5a@treatment/w2_stationary 5f@*/w2_stationary 2c@*/w2_stationary
plant() {
	sed -i -e "s/'gpu_memory_utilization': 0.75/'gpu_memory_utilization': 0.85/" \
	    -e 's/Available KV cache memory: 30.25 GiB/Available KV cache memory: 38.41 GiB/' \
	    -e 's/GPU KV cache size: 198,208 tokens/GPU KV cache size: 251,712 tokens/' \
	    -e 's/per request: 4.84x/per request: 6.15x/' \
	    "$REAL"/treatment/w2_stationary/server_logs/*.log
}
