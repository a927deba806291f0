# pair: vllm
# plants: align/vllm_rank0.json: the slots are the simulator's for a 4-layer model but the capture ran a 3-layer variant of it (another checkpoint of the family served under the same name): every per-layer operation launches 3 kernels an iteration where its slot charges count 4, so the layer operations share a factor of 0.75 while lm_head, the final norm and sampling (once an iteration) track, and the kernel error read "mixed: a uniform clock or thermal shift" and a gap in lm_head
# catches: A1 kernel.slots.count_mismatch device=0,rank=0 => FAIL ~ 3 kernels against count 4
# catches: A1 kernel.error.abs device=0,rank=0 => FAIL ~ read the count before the cause
# touches: A1 A2
plant() {
	/usr/bin/python3 "$S2R_TOP/tests/gen-kineto.py" "$ALIGN/vllm_rank{rank}.json" --layers 3
	grep -q '"kind":"slot","iter":0,"stage":"prefill","slot":"layer.input_norm".*"count":4' "$ALIGN/slots.ndjson"
}
