# pair: aw
# plants: treatment/w3_multi_prefix_contention: every pod reports a 0.0 % prefix-cache hit rate although caching is on and 85 % of the traffic shares a 512-token prompt (the prompts did not really share their prefix)
# catches: 5c prefix_cache.hit_rate instance=*,phase=treatment,workload=w3_multi_prefix_contention => WARN
# touches: 5c@treatment/w3_multi_prefix_contention
plant() {
	sed -i 's/Prefix cache hit rate: [0-9.]*%/Prefix cache hit rate: 0.0%/' \
	    "$REAL"/treatment/w3_multi_prefix_contention/server_logs/*.log
}
