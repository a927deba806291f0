# pair: vllm
# plants: align/slots.ndjson: the simulator's cost model has no row for attention at the decode shapes and returns 0: every decode attention slot predicts 0 ns while the capture's decode attention kernels (5 % of the measured kernel time) run as before; a row predicted 0 ns paired with nothing, so the kernel error left it out and passed at 0 %
# catches: A1 kernel.slots.zero device=0,rank=0 => FAIL ~ attention in 5 iterations from iteration 1 \(slot line 17
# catches: A1 kernel.error.abs device=0,rank=0 => WARN ~ predict 0 ns
# touches: A1 A2
plant() {
	jq -c 'if .op == "attention" and .stage == "decode" then .unit_ns = 0 else . end' \
	    "$ALIGN/slots.ndjson" >"$ALIGN/s.tmp"
	mv "$ALIGN/s.tmp" "$ALIGN/slots.ndjson"
	grep -q '"stage":"decode","slot":"layer.attention","op":"attention","category":"attention","unit_ns":0,' "$ALIGN/slots.ndjson"
}
