# pair: vllm
# plants: align/slots.ndjson: the simulator's slot export writes its cost table's microseconds under unit_ns (the table is in µs, the exporter forgot the x1000): every slot 1000 times too small, so every operation is off by the same factor and reads as a clock shift of the capture ("do not retune")
# catches: A1 kernel.error.abs device=0,rank=0 => FAIL ~ larger than a clock or thermal shift
# touches: A1 A2
plant() {
	jq -c '.unit_ns = ((.unit_ns / 1000) | round)' "$ALIGN/slots.ndjson" >"$ALIGN/s.tmp"
	mv "$ALIGN/s.tmp" "$ALIGN/slots.ndjson"
	head -1 "$ALIGN/slots.ndjson" | grep -q '"unit_ns":24,'
}
