# pair: aw
# plants: generated/treatment_config.yaml: the treatment's precise prefix-cache scorer lost its tokenProcessorConfig (the block copied from llm-d's guide without it), so it hashes requests in the kv-cache library's default 16-token blocks while every pod runs --block-size 64: the scorer scores every pod 0, and the treatment routes without the prefix affinity the baseline has
# catches: 4a routing.prefix_block_size phase=treatment,workload=* => WARN ~ default
# touches: 4a 4c@* 2c@*/* 2d@treatment/*
plant() {
	local f="$REAL/generated/treatment_config.yaml"
	awk '/^ *tokenProcessorConfig:/ { getline; next } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	! grep -q 'tokenProcessorConfig' "$f"
}
