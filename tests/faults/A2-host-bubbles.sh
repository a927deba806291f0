# pair: vllm
# plants: align/vllm_rank0.json: a 3 ms host bubble after every decode iteration (a slow detokenizer holding the GIL): the GPU idles between steps
# catches: A2 duty.multiplier - => WARN|FAIL
# touches: A2
plant() {
	local i
	for i in 2 3 4 5; do
		shift_after_iteration "$ALIGN/vllm_rank0.json" $i 3000
	done
}
