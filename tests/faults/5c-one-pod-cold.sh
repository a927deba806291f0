# pair: aw
# plants: treatment/w3_multi_prefix_contention: pod t7ngh's prefix cache never hits (0.0 % on every stats line; its cache was reset by a POST /reset_prefix_cache from a leftover benchmark script, or its block hashes are salted per request) while the other pods of the cell hit 40-50 % on the same shared-prefix traffic
# catches: 5c prefix_cache.hit_rate instance=sim2real-aw-decode-79f6f9b4db-t7ngh,phase=treatment,workload=w3_multi_prefix_contention => WARN
# touches: 5c@treatment/w3_multi_prefix_contention
plant() {
	sed -i 's/Prefix cache hit rate: [0-9.]*%/Prefix cache hit rate: 0.0%/' \
	    "$REAL"/treatment/w3_multi_prefix_contention/server_logs/*t7ngh_vllm.log
}
