# pair: hta
# plants: align/slots.ndjson: every simulated slot is 20 % below the capture (the kernels were profiled at boost clocks, the capture ran at base clocks): a uniform shift, no structural cause
# catches: A1 kernel.error.abs device=0,rank=0 => WARN ~ same factor|uniform
# touches: A1 A2
plant() {
	jq -c '.unit_ns = ((.unit_ns * 0.8) | round)' "$ALIGN/slots.ndjson" >"$ALIGN/s.tmp"
	mv "$ALIGN/s.tmp" "$ALIGN/slots.ndjson"
}
