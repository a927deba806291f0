# pair: aw
# plants: treatment/w1_prefix_to_load_shift: the treatment's pods were started without --max-num-batched-tokens 2048 (an override lost when the treatment's values file was rewritten), so vLLM used its API-server default for an 80 GB GPU: the non-default args no longer list it, the scheduler says chunked prefill is enabled with max_num_batched_tokens=8192 and the compile ranges split there; prefill chunks are four times the simulated 2048 tokens in this arm only
# catches: 2a vllm.max_num_batched_tokens phase=treatment,workload=w1_prefix_to_load_shift => FAIL
# catches: 5a vllm.max_num_batched_tokens instance=*,phase=treatment,workload=w1_prefix_to_load_shift => FAIL
# catches: 2c arms.vllm phase=*,workload=w1_prefix_to_load_shift => FAIL ~ max_num_batched_tokens
# touches: 2a@treatment/w1_prefix_to_load_shift 5a@treatment/w1_prefix_to_load_shift 2c@*/w1_prefix_to_load_shift
plant() {
	sed -i -e "s/'max_num_batched_tokens': 2048, //" \
	    -e 's/Chunked prefill is enabled with max_num_batched_tokens=2048\./Chunked prefill is enabled with max_num_batched_tokens=8192./' \
	    -e "s/'compile_ranges_split_points': \[2048\]/'compile_ranges_split_points': [8192]/" \
	    "$REAL"/treatment/w1_prefix_to_load_shift/server_logs/*.log
	! grep -q "'max_num_batched_tokens'" "$REAL"/treatment/w1_prefix_to_load_shift/server_logs/*.log
	[ "$(grep -l 'max_num_batched_tokens=8192\.' "$REAL"/treatment/w1_prefix_to_load_shift/server_logs/*.log | wc -l)" = 4 ]
}
