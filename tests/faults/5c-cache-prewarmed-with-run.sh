# pair: aw
# plants: treatment/w3_multi_prefix_contention: the cell was run twice on the same pods (the first attempt's client was killed at the end, the pipeline's retry reran blis observe without restarting vLLM or resetting its prefix cache), so the measured run found its own prompts already cached: every pod's stats lines read 88-96 % prefix-cache hits from the first send on where the prompts share 47 % of their tokens (the simulation starts with an empty cache)
# catches: 5c prefix_cache.hit_rate.best phase=treatment,workload=w3_multi_prefix_contention => WARN|FAIL
# touches: 5c@treatment/w3_multi_prefix_contention
plant() {
	local f
	for f in "$REAL"/treatment/w3_multi_prefix_contention/server_logs/*_vllm.log; do
		awk '/Prefix cache hit rate: / {
			n++
			r = sprintf("%.1f", 88 + (n * 37) % 9)
			sub(/Prefix cache hit rate: [0-9.]*%/, "Prefix cache hit rate: " r "%")
		} { print }' "$f" >"$f.tmp"
		mv "$f.tmp" "$f"
	done
}
