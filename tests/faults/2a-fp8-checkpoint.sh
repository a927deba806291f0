# pair: 14b
# plants: the whole run (both arms) served the pre-quantized FP8 checkpoint of the model: the values file's model path points at /model-cache/models/Qwen/Qwen3-14B-FP8 (the model cache's FP8 copy) while served-model-name stays Qwen/Qwen3-14B, so every client and the router see the name config.md gives; no --quantization flag is set (the checkpoint's own config selects fp8), the engine line says quantization=fp8, the weights take 15.61 GiB instead of 27.52 and the KV cache grows (302,016 -> 379,456 tokens); the arms agree with each other
# catches: 2a vllm.model phase=*,workload=* => FAIL ~ Qwen3-14B-FP8
# catches: 2a vllm.quantization phase=*,workload=* => WARN ~ fp8
# touches: 2a 5a 5f
plant() {
	local f n=0
	for f in $(find "$REAL" -name '*_vllm.log'); do
		sed -i -e 's|/model-cache/models/Qwen/Qwen3-14B\([^-]\)|/model-cache/models/Qwen/Qwen3-14B-FP8\1|g' \
		    -e 's|/model-cache/models/Qwen/Qwen3-14B$|/model-cache/models/Qwen/Qwen3-14B-FP8|' \
		    -e 's/ quantization=None,/ quantization=fp8,/' \
		    -e 's/Model loading took 27.52 GiB/Model loading took 15.61 GiB/' \
		    -e 's/GPU KV cache size: 302,016 tokens/GPU KV cache size: 379,456 tokens/' "$f"
		grep -q "'model': '/model-cache/models/Qwen/Qwen3-14B-FP8'" "$f" && grep -q ' quantization=fp8,' "$f" &&
		    grep -q "'served_model_name': \['Qwen/Qwen3-14B'\]" "$f" && n=$((n + 1))
	done
	[ "$n" = 16 ]
}
