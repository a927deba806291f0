# pair: aw
# plants: treatment/w2_stationary: pod b98vq's KV cache filled up from the middle of the run (its share of long answers piled up): its stats lines say GPU KV cache usage 99.6 % with 24 requests waiting for blocks; its vLLM build prints no Preemptions part and the cell has no Prometheus scrapes, so the stats lines are the only witness of a cache the simulation must fill too
# catches: 5f stats.kv_cache_usage_pct.max instance=sim2real-aw-decode-79f6f9b4db-b98vq,phase=treatment,workload=w2_stationary => WARN ~ The cache was full
# touches: 5f@treatment/w2_stationary 5b@treatment/w2_stationary
plant() {
	local f
	f=$(ls "$REAL"/treatment/w2_stationary/server_logs/*b98vq_vllm.log)
	awk -v half="$(($(wc -l <"$f") / 2))" '
	NR > half && /Engine 000: .*Running: [1-9]/ {
		sub(/Waiting: [0-9]+ reqs, GPU KV cache usage: [0-9.]+%/,
		    "Waiting: 24 reqs, GPU KV cache usage: 99.6%")
		k++
	} { print } END { if (k == 0) exit 1 }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
}
