# pair: aw
# plants: baseline/w3_multi_prefix_contention: one of the four pods (zxv5j, launched from an older manifest) runs with --no-enable-chunked-prefill: its startup args say 'enable_chunked_prefill': False, its engine config enable_chunked_prefill=False and it never logs "Chunked prefill is enabled", so long prompts are prefilled in one step, unlike the sim's chunked-prefill model
# catches: 5a vllm.enable_chunked_prefill instance=sim2real-aw-decode-79f6f9b4db-zxv5j,phase=baseline,workload=w3_multi_prefix_contention => WARN
# touches: 2a@baseline/w3_multi_prefix_contention 5a@baseline/w3_multi_prefix_contention 2c@*/w3_multi_prefix_contention
plant() {
	local f
	f=$(ls "$REAL"/baseline/w3_multi_prefix_contention/server_logs/*zxv5j_vllm.log)
	sed -i -e "s/'enable_chunked_prefill': True/'enable_chunked_prefill': False/" \
	    -e 's/enable_chunked_prefill=True/enable_chunked_prefill=False/' \
	    -e '/Chunked prefill is enabled with/d' "$f"
	grep -q "'enable_chunked_prefill': False" "$f"
}
