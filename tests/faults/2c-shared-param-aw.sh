# pair: aw
# plants: generated/treatment_config.yaml: the treatment's precise prefix-cache scorer hashes 16-token blocks (tokenProcessorConfig.blockSize 16) while the baseline's, like vLLM's, uses 64: a parameter of a plugin both arms have drifted, outside the policy under test
# catches: 2c arms.epp phase=*,workload=w2_stationary => FAIL
# catches: 2d epp.plugin.parameter phase=treatment,workload=w2_stationary => FAIL
# catches: 4a routing.prefix_block_size phase=treatment,workload=* => FAIL ~ blocks of 16 tokens
# touches: 2c@*/* 2d@treatment/* 4c@treatment/* 4a@treatment/*
plant() {
	local f="$REAL/generated/treatment_config.yaml"
	sed -i 's/^        blockSize: 64$/        blockSize: 16/' "$f"
	grep -q '^        blockSize: 16$' "$f"
}
