# pair: aw
# plants: the sim bundle's config.md gives the GPU memory share as a percentage (`75%`, the way the team's capacity sheet writes it) and the treatment's pods of w2_stationary started with --gpu-memory-utilization 0.85 (its values file kept a capacity test's setting): vLLM's fraction 0.85 is 85 %, not config.md's 75 %, and the arm's KV cache grows accordingly (198,208 -> 251,712 tokens)
# catches: 2a vllm.gpu_memory_utilization phase=treatment,workload=w2_stationary => FAIL ~ 0.85
# catches: 5a vllm.gpu_memory_utilization instance=*,phase=treatment,workload=w2_stationary => FAIL
# touches: 2a@treatment/w2_stationary 5a@treatment/w2_stationary 5f@*/w2_stationary 2c@*/w2_stationary
plant() {
	sed -i 's/| `0.75` |/| `75%` |/' "$SIM/config.md"
	sed -i -e "s/'gpu_memory_utilization': 0.75/'gpu_memory_utilization': 0.85/" \
	    -e 's/GPU KV cache size: 198,208 tokens/GPU KV cache size: 251,712 tokens/' \
	    "$REAL"/treatment/w2_stationary/server_logs/*_vllm.log
	grep -q '| `75%` |' "$SIM/config.md" &&
	    [ "$(grep -l "'gpu_memory_utilization': 0.85" "$REAL"/treatment/w2_stationary/server_logs/*_vllm.log | wc -l)" = 4 ]
}
