# pair: 14b
# plants: code/: the router release the run deployed maps vLLM's KV usage to vllm:gpu_prefix_cache_hit_rate (a fork's engine table, a slip between two cache gauges): a 0-1 value too, so no range check trips, but it is the prefix-cache hit rate, not the KV cache's fill the sim's KV utilization is
# catches: 3b signal.kv_range - => WARN|FAIL ~ prefix_cache_hit_rate
# touches: 3a 3b
plant() {
	grep -rl '"vllm:kv_cache_usage_perc"' code --include='*.go' | xargs sed -i 's/"vllm:kv_cache_usage_perc"/"vllm:gpu_prefix_cache_hit_rate"/'
	! grep -rq 'vllm:kv_cache_usage_perc' code --include='*.go'
}
