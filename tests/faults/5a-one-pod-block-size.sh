# pair: aw
# plants: treatment/w3_multi_prefix_contention: one of the four pods (qr9k4, started from the chart's default args without the bundle's override) runs vLLM's --block-size 16 instead of config.md's 64: its KV events hash 16-token blocks, which the precise prefix-cache scorer (tokenProcessorConfig.blockSize 64) never matches
# catches: 5a vllm.block_size instance=sim2real-aw-decode-79f6f9b4db-qr9k4,phase=treatment,workload=w3_multi_prefix_contention => FAIL
# catches: 2a vllm.block_size phase=treatment,workload=w3_multi_prefix_contention => FAIL ~ disagree
# touches: 2a@treatment/w3_multi_prefix_contention 5a@treatment/w3_multi_prefix_contention 2c@*/w3_multi_prefix_contention
plant() {
	local f
	f=$(ls "$REAL"/treatment/w3_multi_prefix_contention/server_logs/*qr9k4_vllm.log)
	sed -i "s/'block_size': 64,/'block_size': 16,/" "$f"
	grep -q "'block_size': 16," "$f"
}
