# pair: aw
# plants: generated/baseline_config.yaml: the baseline's precise prefix-cache scorer gets its block size a second time under another case (tokenProcessorConfig.BlockSize: 16 after blockSize: 64, a values overlay written with the Go field name): the scorer decodes its parameters as Go's encoding/json does, matching a key in any case, so the later 16 is the block size that ran while config.md says 64
# catches: 2d epp.plugin.parameter phase=baseline,workload=w2_stationary => FAIL ~ differ only in case
# touches: 2c@*/* 2d@baseline/* 4a@baseline/* 4c@baseline/*
plant() {
	local f="$REAL/generated/baseline_config.yaml"
	sed 's/^\( *\)blockSize: 64$/&\n\1BlockSize: 16/' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	grep -q '^ *BlockSize: 16$' "$f"
}
