# pair: vllm
# plants: align/vllm_rank0.json: the engine sat idle for 200 ms between decode iterations 3 and 4 (the capture window caught a lull: no request was waiting, so nothing was scheduled): the idle time lands in iteration 3's cycle, a gap the multiplier would take as a host bubble of every step
# catches: A2 duty.multiplier - => WARN|FAIL
# touches: A2
plant() {
	shift_after_iteration "$ALIGN/vllm_rank0.json" 3 200000
}
