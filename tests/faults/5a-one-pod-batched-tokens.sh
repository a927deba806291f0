# pair: aw
# plants: treatment/w3_multi_prefix_contention: one of the four pods (qr9k4, restarted by hand with the chart's default) runs --max-num-batched-tokens 8192 instead of config.md's 2048: its chunked-prefill step budget (and so its TTFT under load) is not the one the sim modelled
# catches: 5a vllm.max_num_batched_tokens instance=sim2real-aw-decode-79f6f9b4db-qr9k4,phase=treatment,workload=w3_multi_prefix_contention => FAIL
# touches: 2a@treatment/w3_multi_prefix_contention 5a@treatment/w3_multi_prefix_contention 2c@*/w3_multi_prefix_contention
plant() {
	local f
	f=$(ls "$REAL"/treatment/w3_multi_prefix_contention/server_logs/*qr9k4_vllm.log)
	sed -i -e "s/'max_num_batched_tokens': 2048,/'max_num_batched_tokens': 8192,/" \
	    -e 's/Chunked prefill is enabled with max_num_batched_tokens=2048/Chunked prefill is enabled with max_num_batched_tokens=8192/' "$f"
	grep -q "'max_num_batched_tokens': 8192," "$f"
}
