# pair: aw
# plants: the plan and both arms' EPP configs set the precise prefix-cache scorer's tokenProcessorConfig.blockSize to 16 (the kv-cache library's example value, copied into config.md's snippets and from there into generated/), while config.md's vLLM table and every pod run --block-size 64: plan and deployment agree, but the scorer hashes requests in 16-token blocks the engines never announce, so it scores every pod 0 and neither arm routes with prefix affinity
# catches: 4a routing.prefix_block_size phase=baseline,workload=* => FAIL ~ scores 0
# catches: 4a routing.prefix_block_size phase=treatment,workload=* => FAIL ~ scores 0
# touches: 4a
plant() {
	local f
	for f in "$REAL"/generated/baseline_config.yaml "$REAL"/generated/treatment_config.yaml "$SIM"/config.md; do
		sed 's/^\( *blockSize:\) 64$/\1 16/' "$f" >"$f.tmp"
		mv "$f.tmp" "$f"
		grep -q 'blockSize: 16$' "$f"
	done
}
