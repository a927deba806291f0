# pair: hta
# plants: align/slots.ndjson: the embedding all-to-all slot is 25 % below the measured NCCL SendRecv kernels (the sim's cost assumes another algorithm/bandwidth); every other slot unchanged
# catches: A1 kernel.error.abs device=0,rank=0 => FAIL ~ emb_alltoall
# touches: A1 A2
plant() {
	jq -c 'if .op == "emb_alltoall" then .unit_ns = ((.unit_ns * 0.75) | round) else . end' \
	    "$ALIGN/slots.ndjson" >"$ALIGN/s.tmp"
	mv "$ALIGN/s.tmp" "$ALIGN/slots.ndjson"
}
