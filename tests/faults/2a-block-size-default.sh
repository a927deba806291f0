# pair: aw
# plants: treatment/w1_prefix_to_load_shift: the treatment's pods were started without --block-size 64 (an override lost from the treatment's values file), so vLLM ran its default 16-token blocks: the non-default args no longer list block_size (no other vLLM line states it), while the router's view of each pod (EPP "Refreshed metrics", from vLLM's cache_config_info) says CacheBlockSize 16 and 12,388 blocks; the KV events then hash 16-token blocks that the precise prefix-cache scorer (blockSize 64) never matches
# catches: 2a vllm.block_size phase=treatment,workload=w1_prefix_to_load_shift => FAIL ~ router's metrics
# catches: 5a vllm.block_size instance=*,phase=treatment,workload=w1_prefix_to_load_shift => FAIL
# catches: 2c arms.vllm phase=*,workload=w1_prefix_to_load_shift => WARN ~ vllm.block_size
# catches: 4a routing.prefix_block_size phase=treatment,workload=w1_prefix_to_load_shift => FAIL ~ ran --block-size 16
# touches: 2a@treatment/w1_prefix_to_load_shift 4a@treatment/w1_prefix_to_load_shift 5a@treatment/w1_prefix_to_load_shift 5f@*/w1_prefix_to_load_shift 5g@*/w1_prefix_to_load_shift 2c@*/w1_prefix_to_load_shift
plant() {
	local d="$REAL"/treatment/w1_prefix_to_load_shift
	sed -i "s/'block_size': 64, //" "$d"/server_logs/*.log
	sed -i -e 's/CacheBlockSize:64/CacheBlockSize:16/g' \
	    -e 's/CacheNumGPUBlocks:3097/CacheNumGPUBlocks:12388/g' "$d"/epp_logs/*
	! grep -q "'block_size'" "$d"/server_logs/*.log && ! grep -q 'CacheBlockSize:64' "$d"/epp_logs/*
}
