# pair: vllm
# plants: align/slots.ndjson: the simulator numbers its steps from 1 and the trace's markers from 0, so every slot set lands on the iteration after its own: the prefill slots on the first decode step, the capture's prefill with no slot; the kernel error then reads as a uniform clock shift ("do not retune the cost model")
# catches: A1 kernel.iterations.compared device=0,rank=0 => FAIL ~ iteration 1, decode in the trace .*prefill in the slots
# catches: A1 kernel.error.abs device=0,rank=0 => FAIL ~ another stage.*no cause is read
# touches: A1 A2
plant() {
	jq -c '.iter += 1' "$ALIGN/slots.ndjson" >"$ALIGN/s.tmp"
	mv "$ALIGN/s.tmp" "$ALIGN/slots.ndjson"
	head -1 "$ALIGN/slots.ndjson" | grep -q '"iter":1,"stage":"prefill"'
}
