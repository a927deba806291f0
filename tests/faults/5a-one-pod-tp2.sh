# pair: 14b
# plants: baseline/w2_14b_burst: one of the four pods (t2q8j, from a values file with decode.parallelism.tensor 2 applied to it alone) runs --tensor-parallel-size 2 on two GPUs instead of config.md's 1: half the weights per GPU leave it 57 GiB of KV cache per GPU and its KV cache holds 748,416 tokens against its siblings' 302,016
# catches: 5a vllm.tensor_parallel_size instance=sim2real-adminctrl1-decode-864b44dfc9-t2q8j,phase=baseline,workload=w2_14b_burst => FAIL
# catches: 2a vllm.tensor_parallel_size phase=baseline,workload=w2_14b_burst => FAIL ~ disagree
# touches: 2a@baseline/w2_14b_burst 5a@baseline/w2_14b_burst 5f@baseline/w2_14b_burst 2c@*/w2_14b_burst
plant() {
	local f
	f=$(ls "$REAL"/baseline/w2_14b_burst/server_logs/*t2q8j_vllm.log)
	sed -i -e "s/'max_model_len': 40960, /'max_model_len': 40960, 'tensor_parallel_size': 2, /" \
	    -e 's/tensor_parallel_size=1,/tensor_parallel_size=2,/' \
	    -e 's/Available KV cache memory: 46.08 GiB/Available KV cache memory: 57.12 GiB/' \
	    -e 's/GPU KV cache size: 302,016 tokens/GPU KV cache size: 748,416 tokens/' \
	    -e 's/per request: 7.37x/per request: 18.27x/' "$f"
	grep -q "'tensor_parallel_size': 2" "$f" && grep -q 'tensor_parallel_size=2,' "$f" &&
	    grep -q '748,416 tokens' "$f"
}
