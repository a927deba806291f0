# pair: 14b
# plants: every pod of both arms ran two data-parallel engines (the values file set decode.parallelism.data 2 where the experiment meant one GPU per pod): the non-default args list 'data_parallel_size': 2, the engine line says data_parallel_size=2 and a second engine core (EngineCore_DP1) starts beside the first; each of the four endpoints the router sees is two schedulers with two KV caches behind the API server's own balancing, where config.md and the simulation have four single-engine instances (tensor_parallel_size 1); the pods agree with each other and across arms
# catches: 2a vllm.data_parallel_size phase=*,workload=* => WARN|FAIL
# touches: 2a 5a
plant() {
	local f n=0
	for f in $(find "$REAL" -name '*_vllm.log'); do
		sed -i -e "s/'max_num_seqs': 256}/'max_num_seqs': 256, 'data_parallel_size': 2}/" \
		    -e 's/ data_parallel_size=1,/ data_parallel_size=2,/' \
		    -e 's/^\((APIServer pid=1) \)(EngineCore_DP0 pid=\([0-9]*\)) \(INFO .*Initializing a V1 LLM engine.*\)$/&\n\1(EngineCore_DP1 pid=\2) \3/' "$f"
		grep -q "'data_parallel_size': 2}" "$f" && grep -q 'EngineCore_DP1' "$f" && n=$((n + 1))
	done
	[ "$n" = 16 ]
}
