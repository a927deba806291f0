# pair: vllm
# plants: align/slots.ndjson: the simulator evaluated its decode costs at 8 requests a step (the simulation ran with max_num_seqs 8 and a queue that kept it full) while the captured decode steps ran 4 (markers execute_context_0(0)_generation_4(4)); its slot export states each step's batch and tokens, so every decode slot says 8 requests, 8 tokens, and the batch-dependent costs (attention, the KV-cache write, rotary embedding) are twice what the 4-request kernels take while the weight-bound GEMMs barely move; the error read "concentrated in attention: a different kernel cannot be told from a shape edge"
# catches: A1 kernel.slots.batch_mismatch device=0,rank=0 => FAIL ~ iteration 1 \(execute_context_0\(0\)_generation_4\(4\), line [0-9]+\) ran 4 requests, 4 tokens, and its slot .* was computed for 8 requests, 8 tokens
# catches: A1 kernel.error.abs device=0,rank=0 => WARN|FAIL ~ another batch than the marker.s .*no cause is read
# touches: A1 A2
plant() {
	/usr/bin/python3 "$S2R_TOP/tests/gen-kineto.py" "$ALIGN/t.json" \
	    --slot-batch --slots "$ALIGN/slots.ndjson"
	rm -f "$ALIGN/t.json"
	jq -c 'if .stage == "decode" then .batch = 8 | .tokens = 8
	    | (if (.op | test("^(attention|kv_cache|rope)$"))
	       then .unit_ns = .unit_ns * 2 else . end) else . end' \
	    "$ALIGN/slots.ndjson" >"$ALIGN/s.tmp"
	mv "$ALIGN/s.tmp" "$ALIGN/slots.ndjson"
	grep -q '"stage":"decode".*"batch":8,"tokens":8' "$ALIGN/slots.ndjson"
}
