# pair: 14b
# plants: every pod of both arms ran with --enforce-eager (the experiment's values file kept a debugging override that skips CUDA graph capture for faster restarts): the non-default args list 'enforce_eager': True, the engine line says enforce_eager=True, and no pod logs a CUDA graph capture; config.md does not mention the flag, the pods agree with each other and across arms, and the simulation's step times are those of vLLM's default CUDA-graph decode, which eager mode runs markedly slower
# catches: 2a vllm.enforce_eager phase=*,workload=* => WARN ~ vLLM's default
# touches: 2a 5a
plant() {
	find "$REAL" -name '*_vllm.log' -exec sed -i \
	    -e "s/'max_num_seqs': 256}/'max_num_seqs': 256, 'enforce_eager': True}/" \
	    -e 's/ enforce_eager=False,/ enforce_eager=True,/' \
	    -e '/Graph capturing finished in/d' {} +
	[ "$(grep -l "'enforce_eager': True}" $(find "$REAL" -name '*_vllm.log') | wc -l)" = 16 ]
	[ "$(grep -l ' enforce_eager=True,' $(find "$REAL" -name '*_vllm.log') | wc -l)" = 16 ]
}
