# pair: vllm
# plants: align/slots.ndjson: the GEMM cost cache mispredicts gate_up_proj at the prefill shape (2048 tokens): its prefill slot is 40 % below the kernel; the decode slots and every kernel name unchanged (the right kernel, a bad row at one bucket)
# catches: A1 kernel.error.abs device=0,rank=0 => WARN|FAIL ~ gate_up_proj.*Likely a shape edge.*execute_context_4\(2048\)
# touches: A1 A2
plant() {
	jq -c 'if .op == "gate_up_proj" and .stage == "prefill" then .unit_ns = ((.unit_ns * 0.6) | round) else . end' \
	    "$ALIGN/slots.ndjson" >"$ALIGN/s.tmp"
	mv "$ALIGN/s.tmp" "$ALIGN/slots.ndjson"
}
