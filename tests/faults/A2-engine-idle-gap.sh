# pair: vllm
# plants: align/vllm_rank0.json: the engine sat idle for 200 ms after iteration 2, the second decode step (the capture window caught a lull: no request was waiting, so nothing was scheduled): the idle time lands in that iteration's cycle, too few decode iterations for the outlier screen to set it aside, and the multiplier (20.9) reads it as a host bubble of every step
# catches: A2 duty.multiplier - => WARN|FAIL ~ Iteration 2 alone holds 9[0-9.]*% of the idle time.*without it the multiplier is 1\.[0-9]
# touches: A2
plant() {
	shift_after_iteration "$ALIGN/vllm_rank0.json" 3 200000
}
