# pair: vllm
# plants: align/vllm_rank0.json: a 5 ms host stall between the prefill iteration and the first decode iteration (a scheduler pause): every later event starts 5 ms later, so the prefill's gap exceeds decode's
# catches: A2 duty.gap_fraction.decode - => WARN
# touches: A2
plant() {
	shift_after_iteration "$ALIGN/vllm_rank0.json" 1 5000
}
