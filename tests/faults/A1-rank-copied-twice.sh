# pair: vllm
# plants: align/: the capture ran tensor-parallel over 2 GPUs, and the bundle's vllm_rank1.json is a second copy of rank 0's trace (the collection script copied rank 0's file under both names): two traces claim rank 0 of world 2 and rank 1 was never seen, so the barrier model waits on rank 0 against itself and every per-rank comparison repeats rank 0's
# catches: A2 duty.multiplier - => WARN|FAIL ~ rank 0
# touches: A1 A2
plant() {
	/usr/bin/python3 "$S2R_TOP/tests/gen-kineto.py" "$ALIGN/vllm_rank{rank}.json" \
	    --tp 2 --slots "$ALIGN/slots.ndjson"
	cp "$ALIGN/vllm_rank0.json" "$ALIGN/vllm_rank1.json"
	grep -q '"world_size": 2' "$ALIGN/vllm_rank1.json"
}
