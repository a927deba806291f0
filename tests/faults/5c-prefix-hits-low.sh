# pair: aw
# plants: treatment/w3_multi_prefix_contention: the load generator put a per-request id in front of the shared 512-token prefixes after their first 64 tokens, so every pod hits only an eighth of what it did (its stats lines' Prefix cache hit rate divided by 8: 5.5 % at best against the 47 % of prompt tokens the trace says are shared prefixes); every pod still reports some hits
# catches: 5c prefix_cache.hit_rate.best phase=treatment,workload=w3_multi_prefix_contention => WARN ~ under half of it
# touches: 5c@treatment/w3_multi_prefix_contention
plant() {
	local f
	for f in "$REAL"/treatment/w3_multi_prefix_contention/server_logs/*.log; do
		awk '/Prefix cache hit rate: / {
			match($0, /Prefix cache hit rate: [0-9.]+%/)
			x = substr($0, RSTART + 23, RLENGTH - 24) / 8
			$0 = substr($0, 1, RSTART + 22) sprintf("%.1f%%", x) substr($0, RSTART + RLENGTH)
		} { print }' "$f" >"$f.tmp"
		mv "$f.tmp" "$f"
	done
}
