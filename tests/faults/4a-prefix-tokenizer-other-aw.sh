# pair: aw
# plants: the EPP configs were carried over from the team's previous experiment on Llama-3.1-8B: the plan's snippets and both arms' configs give the tokenizer plugin and the precise prefix-cache scorer's tokenizer pool meta-llama/Llama-3.1-8B-Instruct, while config.md's vLLM table and every pod serve Qwen/Qwen3-14B: plan and deployment agree, but the scorer turns prompts into Llama token ids whose block hashes no Qwen engine ever announces, so it scores every pod 0
# catches: 4a routing.prefix_tokenizer phase=*,workload=* => WARN ~ unless the two models share a tokenizer
# touches: 4a
plant() {
	local f
	for f in "$REAL"/generated/baseline_config.yaml "$REAL"/generated/treatment_config.yaml "$SIM"/config.md; do
		sed 's|^\( *modelName:\) Qwen/Qwen3-14B$|\1 meta-llama/Llama-3.1-8B-Instruct|' "$f" >"$f.tmp"
		mv "$f.tmp" "$f"
		grep -q 'modelName: meta-llama' "$f"
	done
}
