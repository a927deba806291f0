# pair: vllm
# plants: align/vllm_rank0.json: the framework ran chunked prefill, so its second step mixed a 512-token prefill chunk into the decode batch (marker execute_context_1(512)_generation_3(3)), where the simulator schedules prefill and decode as separate steps and its slots for that step are a pure decode's; the kernels of the mixed step run three times the decode slots
# catches: A1 kernel.iterations.compared device=0,rank=0 => FAIL ~ iteration 1, mixed in the trace .*decode in the slots.*framework ran prefill and decode in one step
# catches: A1 kernel.error.abs device=0,rank=0 => FAIL ~ another stage.*no cause is read
# touches: A1 A2
plant() {
	/usr/bin/python3 "$S2R_TOP/tests/gen-kineto.py" "$ALIGN/vllm_rank0.json" --mixed
	grep -q 'execute_context_1(512)_generation_3(3)' "$ALIGN/vllm_rank0.json"
}
