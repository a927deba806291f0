# pair: vllm
# plants: align/: a longer capture (12 steps, its slots with it) in which the scheduler stalled 5 ms after the prefill step before the first decode (prefill looks more launch-bound than decode: a finding) and the engine sat idle 0.5 s after decode step 6 (no request waiting); the outlier screen set the lull aside for the multiplier, but the gap fractions still counted it, so decode read 98 % of its cycle as gap, and "decode more launch-bound than prefill" passed over the stall it should have flagged
# catches: A2 duty.gap_fraction.decode - => WARN ~ decode 18\.9[0-9]*% of its cycle, prefill 43\.5[0-9]*%
# touches: A1 A2
plant() {
	/usr/bin/python3 "$S2R_TOP/tests/gen-kineto.py" "$ALIGN/vllm_rank{rank}.json" \
	    --iters 12 --stall 0:5000000 --stall 6:500000000 \
	    --slots "$ALIGN/slots.ndjson"
	[ "$(grep -c '"cat": "user_annotation"' "$ALIGN/vllm_rank0.json")" = 12 ]
}
