# pair: hta
# plants: align/slots.ndjson: the simulator has no slot for the embedding backward + optimizer kernels (emb_bwd, ~9 % of the measured kernel time): an operation the model never split out
# catches: A1 kernel.coverage.measured device=0,rank=0 => FAIL
# touches: A1 A2
plant() {
	jq -c 'select(.op != "emb_bwd")' "$ALIGN/slots.ndjson" >"$ALIGN/s.tmp"
	mv "$ALIGN/s.tmp" "$ALIGN/slots.ndjson"
}
