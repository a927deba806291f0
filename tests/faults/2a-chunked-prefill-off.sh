# pair: 14b
# plants: treatment/w1c_14b: the treatment's pods ran with --no-enable-chunked-prefill and --max-num-batched-tokens 40960 (vLLM refuses a budget below max_model_len once chunking is off), while config.md plans chunked prefill with a 2048-token budget: every long prompt is prefilled in one step that stalls the running decodes
# catches: 2a vllm.enable_chunked_prefill phase=treatment,workload=w1c_14b => FAIL
# catches: 5a vllm.enable_chunked_prefill instance=*,phase=treatment,workload=w1c_14b => FAIL
# catches: 2a vllm.max_num_batched_tokens phase=treatment,workload=w1c_14b => FAIL
# touches: 2a@treatment/w1c_14b 5a@treatment/w1c_14b 2c@*/w1c_14b
plant() {
	local f
	for f in "$REAL"/treatment/w1c_14b/server_logs/*.log; do
		sed -i -e "s/'max_num_batched_tokens': 2048/'max_num_batched_tokens': 40960, 'enable_chunked_prefill': False/" \
		    -e '/Chunked prefill is enabled with/d' \
		    -e 's/enable_chunked_prefill=True/enable_chunked_prefill=False/' "$f"
		grep -q "'enable_chunked_prefill': False" "$f" || return 1
	done
}
