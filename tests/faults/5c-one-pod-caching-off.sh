# pair: aw
# plants: treatment/w3_multi_prefix_contention: pod t7ngh was restarted by hand from a debugging values file with --no-enable-prefix-caching (its non-default args and engine config say enable_prefix_caching False, its stats lines a 0.0 % hit rate) while its three siblings and config.md keep caching on: the pod prefills every shared 512-token prompt the simulation serves from its cache; 5c used to read the pod's own setting as the expectation and passed its 0 hits as "0 with caching off"
# catches: 5c prefix_cache.hit_rate instance=sim2real-aw-decode-79f6f9b4db-t7ngh,phase=treatment,workload=w3_multi_prefix_contention => WARN ~ experiment has prefix caching on
# catches: 5a vllm.enable_prefix_caching instance=sim2real-aw-decode-79f6f9b4db-t7ngh,phase=treatment,workload=w3_multi_prefix_contention => FAIL
# touches: 5c@treatment/w3_multi_prefix_contention 5a@treatment/w3_multi_prefix_contention 2a@treatment/w3_multi_prefix_contention 2c@*/w3_multi_prefix_contention
plant() {
	local f
	f=$(ls "$REAL"/treatment/w3_multi_prefix_contention/server_logs/*t7ngh_vllm.log)
	sed -i -e "s/'enable_prefix_caching': True/'enable_prefix_caching': False/" \
	    -e 's/enable_prefix_caching=True/enable_prefix_caching=False/' \
	    -e 's/Prefix cache hit rate: [0-9.]*%/Prefix cache hit rate: 0.0%/' "$f"
	grep -q "'enable_prefix_caching': False" "$f"
}
