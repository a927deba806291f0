# pair: aw
# plants: baseline/w2_stationary: one of the four pods (k48j7, left over from a capacity test) runs --kv-cache-dtype fp8, a vLLM argument config.md does not mention: vLLM says it stores the KV cache in fp8 and its KV cache holds twice the tokens (198,208 -> 396,416), so this pod batches and preempts unlike its three siblings and unlike the simulated instance
# catches: 5a vllm.kv_cache_dtype instance=sim2real-aw-decode-79f6f9b4db-k48j7,phase=baseline,workload=w2_stationary => WARN
# catches: 2a vllm.kv_cache_dtype phase=baseline,workload=w2_stationary => FAIL
# touches: 2a@baseline/w2_stationary 5a@baseline/w2_stationary 5f@baseline/w2_stationary 2c@*/w2_stationary
plant() {
	local f
	f=$(ls "$REAL"/baseline/w2_stationary/server_logs/*k48j7_vllm.log)
	sed -i -e "s/'max_num_seqs': 256, /'max_num_seqs': 256, 'kv_cache_dtype': 'fp8', /" \
	    -e 's/kv_cache_dtype=auto,/kv_cache_dtype=fp8,/' \
	    -e 's/GPU KV cache size: 198,208 tokens/GPU KV cache size: 396,416 tokens/' \
	    -e 's/per request: 4.84x/per request: 9.68x/' "$f"
	awk '{ print } /non-default args:/ && !done { sub(/\[utils.py:238\].*/, "[cache.py:218] Using fp8 data type to store kv cache. It reduces the GPU memory footprint and boosts the performance. Meanwhile, it may cause accuracy drop without a proper scaling factor."); print; done = 1 }' \
	    "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q "'kv_cache_dtype': 'fp8'" "$f" && grep -q 'kv_cache_dtype=fp8' "$f"
}
