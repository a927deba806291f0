# pair: aw
# plants: treatment/w1_prefix_to_load_shift: the treatment's pods ran with --no-enable-prefix-caching (the algorithm depends on prefix caching); vLLM then reports no prefix hits
# catches: 2a vllm.enable_prefix_caching phase=treatment,workload=w1_prefix_to_load_shift => FAIL
# catches: 5a vllm.enable_prefix_caching instance=*,phase=treatment,workload=w1_prefix_to_load_shift => FAIL
# touches: 2a@treatment/w1_prefix_to_load_shift 5a@treatment/w1_prefix_to_load_shift 5c@treatment/w1_prefix_to_load_shift 2c@*/w1_prefix_to_load_shift
plant() {
	sed -i -e "s/'enable_prefix_caching': True/'enable_prefix_caching': False/" \
	    -e 's/enable_prefix_caching=True/enable_prefix_caching=False/' \
	    -e 's/Prefix cache hit rate: [0-9.]*%/Prefix cache hit rate: 0.0%/' \
	    "$REAL"/treatment/w1_prefix_to_load_shift/server_logs/*.log
}
