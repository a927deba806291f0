# pair: vllm
# plants: align/: the capture ran tensor-parallel over 2 GPUs and rank 1's GPU ran slow (a power-brake slowdown on that board: every kernel of rank 1 but the collectives 25 % longer), so rank 0 waits for it in every all-reduce; A1 compared only the lowest rank, where the wait read as an all-reduce 63 % above its slot ("a different kernel or a shape edge": retune the collective), and the slow rank itself was never compared
# catches: A1 kernel.error.abs device=1,rank=1 => WARN|FAIL ~ ranks disagree: rank 1 runs its kernels at 1.25 times
# catches: A1 kernel.error.abs device=0,rank=0 => WARN|FAIL ~ ranks disagree.*collective's excess there is that wait
# touches: A1 A2
plant() {
	/usr/bin/python3 "$S2R_TOP/tests/gen-kineto.py" "$ALIGN/vllm_rank{rank}.json" \
	    --tp 2 --slots "$ALIGN/slots.ndjson" --slow-rank 1:1.25
	grep -q '"world_size": 2' "$ALIGN/vllm_rank1.json"
}
