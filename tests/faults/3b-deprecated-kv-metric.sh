# pair: 14b
# plants: code/: the router release the run deployed reads KV usage from vllm:gpu_cache_usage_perc (GAIE's default until v1.2.0), vLLM's deprecated name for vllm:kv_cache_usage_perc: a vLLM that no longer emits it leaves every pod's KV usage at 0
# catches: 3b signal.kv_range - => WARN ~ deprecated name
# touches: 3a 3b
plant() {
	grep -rl 'vllm:kv_cache_usage_perc' "$PWD/code" | xargs sed -i 's/vllm:kv_cache_usage_perc/vllm:gpu_cache_usage_perc/'
	grep -rq 'vllm:gpu_cache_usage_perc' "$PWD/code"
	! grep -rq 'vllm:kv_cache_usage_perc' "$PWD/code"
}
