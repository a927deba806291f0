# pair: aw
# plants: baseline/w1_prefix_to_load_shift: one of the four pods (zvzq9, patched by hand for a memory test and never reverted) runs --quantization fp8 (vLLM's online FP8 weight quantization), a vLLM argument config.md does not mention and its three siblings do not set: its weights take 15.61 GiB instead of 27.52, which leaves it a larger KV cache (30.25 -> 42.16 GiB, 198,208 -> 276,224 tokens) and its kernels run another path, so it serves unlike its siblings and the simulated instance
# catches: 5a vllm.quantization instance=sim2real-aw-decode-79f6f9b4db-zvzq9,phase=baseline,workload=w1_prefix_to_load_shift => WARN
# catches: 2a vllm.quantization phase=baseline,workload=w1_prefix_to_load_shift => FAIL
# touches: 2a@baseline/w1_prefix_to_load_shift 5a@baseline/w1_prefix_to_load_shift 5f@baseline/w1_prefix_to_load_shift 2c@*/w1_prefix_to_load_shift
plant() {
	local f
	f=$(ls "$REAL"/baseline/w1_prefix_to_load_shift/server_logs/*zvzq9_vllm.log)
	sed -i -e "s/'max_num_seqs': 256, /'max_num_seqs': 256, 'quantization': 'fp8', /" \
	    -e 's/ quantization=None,/ quantization=fp8,/' \
	    -e 's/Model loading took 27.52 GiB/Model loading took 15.61 GiB/' \
	    -e 's/Available KV cache memory: 30.25 GiB/Available KV cache memory: 42.16 GiB/' \
	    -e 's/GPU KV cache size: 198,208 tokens/GPU KV cache size: 276,224 tokens/' \
	    -e 's/per request: 4.84x/per request: 6.74x/' "$f"
	grep -q "'quantization': 'fp8'" "$f" && grep -q ' quantization=fp8,' "$f" &&
	    grep -q '276,224 tokens' "$f"
}
