# pair: 14b
# plants: the treatment's pods (both workloads) were deployed from a values file written for older GPUs that passes --dtype half: their non-default args list 'dtype': 'half' and their engine line says dtype=torch.float16, where config.md's quoted startup line and the baseline's pods run the checkpoint's bfloat16; the log names the one setting twice, in vLLM's flag spelling and as the torch dtype it selects
# catches: 2a vllm.dtype phase=treatment,workload=w1c_14b => FAIL ~ torch.float16
# catches: 2a vllm.dtype phase=treatment,workload=w2_14b_burst => FAIL ~ torch.float16
# touches: 2a@treatment/* 5a@treatment/* 2c
plant() {
	local f n=0
	for f in "$REAL"/treatment/*/server_logs/*_vllm.log; do
		sed -i -e "s/'max_num_seqs': 256}/'max_num_seqs': 256, 'dtype': 'half'}/" \
		    -e 's/ dtype=torch.bfloat16,/ dtype=torch.float16,/' "$f"
		grep -q "'dtype': 'half'}" "$f" && grep -q ' dtype=torch.float16,' "$f" && n=$((n + 1))
	done
	[ "$n" = 8 ]
}
