# pair: aw
# plants: baseline/w1_prefix_to_load_shift: pod 9pff7, the first pod of the first arm, landed on a GPU still holding a leftover process of an earlier job (2.8 GiB), so vLLM profiled less free memory: 151,040 KV-cache tokens where the cell's other seven pods (both arms) hold 198,208; the odd pod must be the one named, not its seven healthy peers
# catches: 5f kv_cache.tokens instance=sim2real-aw-decode-79f6f9b4db-9pff7,phase=baseline,workload=w1_prefix_to_load_shift => FAIL
# touches: 5f@*/w1_prefix_to_load_shift 2c@*/w1_prefix_to_load_shift
plant() {
	sed -i -e 's/Available KV cache memory: 30.25 GiB/Available KV cache memory: 23.05 GiB/' \
	    -e 's/GPU KV cache size: 198,208 tokens/GPU KV cache size: 151,040 tokens/' \
	    -e 's/per request: 4.84x/per request: 3.69x/' \
	    "$REAL"/baseline/w1_prefix_to_load_shift/server_logs/*9pff7_vllm.log
	grep -q '151,040 tokens' "$REAL"/baseline/w1_prefix_to_load_shift/server_logs/*9pff7_vllm.log
}
