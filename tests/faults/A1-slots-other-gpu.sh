# pair: vllm
# plants: align/slots.ndjson: the simulator's step-time model was calibrated on H100 and the capture ran on H200 (same compute, 1.4 times the memory bandwidth): the compute-bound prefill slots still track, while every memory-bound decode slot is 1.4 times what the H200 kernels take; the kernel error read as one uniform factor (median 0.87), "a clock or thermal shift of the capture: do not retune"
# catches: A1 kernel.error.abs device=0,rank=0 => WARN|FAIL ~ factor differs by stage.*calibrated on another GPU
# touches: A1 A2
plant() {
	jq -c 'if .stage == "decode" then .unit_ns = ((.unit_ns * 1.4) | round) else . end' \
	    "$ALIGN/slots.ndjson" >"$ALIGN/s.tmp"
	mv "$ALIGN/s.tmp" "$ALIGN/slots.ndjson"
}
