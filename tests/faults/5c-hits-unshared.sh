# pair: 14b
# plants: cell w1c_14b of arm baseline: the load generator drew every prompt from a pool of a few cached texts (its prompt cache keyed by client, not by request), so vLLM's prefix cache hits 60-80 % of the prompt tokens on every pod although the workload has no shared prefixes and the simulation prefills every prompt in full; the trace's token counts are unchanged
# catches: 5c prefix_cache.hit_rate instance=*,phase=baseline,workload=w1c_14b => WARN
# touches: 5c@baseline/w1c_14b
plant() {
	local f n=0
	for f in "$REAL"/baseline/w1c_14b/server_logs/*_vllm.log; do
		awk '/Prefix cache hit rate: [1-9]|Prefix cache hit rate: 0\.[1-9]/ {
			k++
			sub(/Prefix cache hit rate: [0-9.]+%/, sprintf("Prefix cache hit rate: %.1f%%", 60 + (k * 7) % 20))
		} { print }' "$f" >"$f.tmp"
		mv "$f.tmp" "$f"
		n=$((n + 1))
	done
	[ "$n" -gt 0 ]
}
