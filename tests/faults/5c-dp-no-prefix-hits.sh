# pair: aw
# plants: treatment/w3_multi_prefix_contention: pod t7ngh runs vLLM with two data-parallel engines (data_parallel_size=2, so its stats lines come per engine: Engine 000, Engine 001), and neither engine reports a prefix-cache hit (0.0 %) although caching is on and 85 % of the traffic shares a 512-token prompt; s2r read the per-engine lines as no hit rate at all (INAPPLICABLE)
# catches: 5c prefix_cache.hit_rate instance=sim2real-aw-decode-79f6f9b4db-t7ngh,phase=treatment,rank=001,workload=w3_multi_prefix_contention => WARN
# catches: 5c prefix_cache.hit_rate instance=sim2real-aw-decode-79f6f9b4db-t7ngh,phase=treatment,rank=000,workload=w3_multi_prefix_contention => WARN
# touches: 5c@treatment/w3_multi_prefix_contention 5f@treatment/w3_multi_prefix_contention 5a@treatment/w3_multi_prefix_contention 2a@treatment/w3_multi_prefix_contention 2c@*/w3_multi_prefix_contention
plant() {
	local f
	f=$(ls "$REAL"/treatment/w3_multi_prefix_contention/server_logs/*t7ngh_vllm.log)
	awk '/Initializing a V1 LLM engine/ {
		sub(/data_parallel_size=1,/, "data_parallel_size=2,")
	}
	/Engine 000: / {
		sub(/Prefix cache hit rate: [0-9.]+%/, "Prefix cache hit rate: 0.0%")
		print
		sub(/Engine 000: /, "Engine 001: ")
	} { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
}
