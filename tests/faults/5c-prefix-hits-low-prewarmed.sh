# pair: aw
# plants: treatment/w3_multi_prefix_contention, a cell run with a prewarm (blis observe --prewarm-duration 30s, which repeats one short prompt, so vLLM's windowed hit rate reads 92-95 % on the three stats lines before the first send): the load generator put a per-request id in front of the shared 512-token prefixes after their first 64 tokens, so during the run every pod hits only an eighth of what it did (as 5c-prefix-hits-low); the best stats line of any pod is now a prewarm line
# catches: 5c prefix_cache.hit_rate.best phase=treatment,workload=w3_multi_prefix_contention => WARN
# touches: 5c@treatment/w3_multi_prefix_contention 5b@treatment/w3_multi_prefix_contention 5f@treatment/w3_multi_prefix_contention
plant() {
	local f
	for f in "$REAL"/treatment/w3_multi_prefix_contention/server_logs/*.log; do
		awk '/Engine 000: / && !warm {
			warm = 1
			for (s = 22; s <= 42; s += 10) {
				l = $0
				sub(/04-23 [0-9:]+ \[loggers/, "04-23 14:49:" s " [loggers", l)
				sub(/Avg prompt throughput: [0-9.]+/, "Avg prompt throughput: 310.4", l)
				sub(/Avg generation throughput: [0-9.]+/, "Avg generation throughput: 120.2", l)
				sub(/Running: [0-9]+ reqs/, "Running: 4 reqs", l)
				sub(/GPU KV cache usage: [0-9.]+%/, "GPU KV cache usage: 0.4%", l)
				sub(/Prefix cache hit rate: [0-9.]+%/, sprintf("Prefix cache hit rate: %.1f%%", 92 + (s - 22) / 10 * 1.5), l)
				print l
			}
		}
		/Prefix cache hit rate: / && warm == 1 && !/14:49:[234]2 / {
			match($0, /Prefix cache hit rate: [0-9.]+%/)
			x = substr($0, RSTART + 23, RLENGTH - 24) / 8
			$0 = substr($0, 1, RSTART + 22) sprintf("%.1f%%", x) substr($0, RSTART + RLENGTH)
		} { print }' "$f" >"$f.tmp"
		mv "$f.tmp" "$f"
	done
}
