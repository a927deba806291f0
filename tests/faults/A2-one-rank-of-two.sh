# pair: vllm
# plants: align/: the capture ran tensor-parallel over 2 GPUs (each trace's distributedInfo says world_size 2), but only rank 0's trace was copied into the bundle: the barrier model sees one rank, so a slower rank 1 could not show in the multiplier or the critical path
# catches: A2 duty.multiplier - => WARN|FAIL ~ world of 2 ranks.*1 is given \(rank 0\)
# touches: A1 A2
plant() {
	/usr/bin/python3 "$S2R_TOP/tests/gen-kineto.py" "$ALIGN/vllm_rank{rank}.json" \
	    --tp 2 --slots "$ALIGN/slots.ndjson"
	rm "$ALIGN/vllm_rank1.json"
	grep -q '"world_size": 2' "$ALIGN/vllm_rank0.json"
}
