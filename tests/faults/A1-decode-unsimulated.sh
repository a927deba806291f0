# pair: vllm
# plants: align/slots.ndjson: the simulator's slot export kept the prefill iteration only (its decode slots were filtered out), so every decode step of the capture (5 of 6 iterations, 39 % of the measured kernel time) is compared with nothing, and the kernel error and the cycle are judged on the one prefill iteration
# catches: A1 kernel.iterations.compared device=0,rank=0 => FAIL ~ 5 measured iterations .*stage decode.* have no slot
# touches: A1 A2
plant() {
	jq -c 'select(.stage != "decode")' "$ALIGN/slots.ndjson" >"$ALIGN/s.tmp"
	mv "$ALIGN/s.tmp" "$ALIGN/slots.ndjson"
	! grep -q '"decode"' "$ALIGN/slots.ndjson"
}
