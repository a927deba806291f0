# pair: aw
# plants: generated/treatment_config.yaml: the treatment's tokenizer plugin was rendered from a values file of another experiment and tokenizes prompts for Qwen/Qwen3-8B (parameters.modelName), while the baseline's, the served model and the precise prefix-cache scorer's tokenizer pool say Qwen/Qwen3-14B: a parameter of a plugin both arms have drifted, outside the policy under test (the treatment's prefix-cache scores rest on another model's tokens)
# catches: 2c arms.epp phase=*,workload=w2_stationary => FAIL
# touches: 2c@*/* 2d@treatment/* 4c@treatment/*
plant() {
	local f="$REAL/generated/treatment_config.yaml"
	awk '/^  - name: tokenizer$/ { t = 1 } t && /^      modelName: Qwen\/Qwen3-14B$/ {
	    sub(/Qwen3-14B/, "Qwen3-8B"); t = 0 } { print }' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
	[ "$(grep -c 'modelName: Qwen/Qwen3-8B' "$f")" = 1 ]
}
