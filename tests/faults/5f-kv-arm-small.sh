# pair: aw
# plants: treatment/w2_stationary: the treatment arm was deployed onto nodes whose GPUs each still hold another tenant's process (7 GiB), with every vLLM argument as planned, so all four treatment pods profiled less free memory: 151,040 KV-cache tokens where the four baseline pods hold 198,208; with the eight sizes split four against four, the median was a treatment pod's and the treatment pods passed as the reference while the healthy baseline pods failed against them
# catches: 5f kv_cache.tokens instance=sim2real-aw-decode-79f6f9b4db-22qx4,phase=treatment,workload=w2_stationary => WARN ~ no majority
# catches: 5f kv_cache.tokens instance=sim2real-aw-decode-79f6f9b4db-b98vq,phase=treatment,workload=w2_stationary => WARN ~ no majority
# touches: 5f@*/w2_stationary 2c@*/w2_stationary
plant() {
	local f
	for f in "$REAL"/treatment/w2_stationary/server_logs/*_vllm.log; do
		sed -i -e 's/Available KV cache memory: 30.25 GiB/Available KV cache memory: 23.05 GiB/' \
		    -e 's/GPU KV cache size: 198,208 tokens/GPU KV cache size: 151,040 tokens/' \
		    -e 's/per request: 4.84x/per request: 3.69x/' "$f"
		grep -q '151,040 tokens' "$f"
	done
}
