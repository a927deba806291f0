# pair: vllm
# plants: align/: the simulator's slots are for the model served on one GPU (no tensor parallelism: no collective slot, whole GEMMs and attention), and the deployment ran it with --tensor-parallel-size 2: each rank's trace (distributedInfo world_size 2) runs half of each GEMM and of attention plus an all-reduce after o_proj and down_proj; the unmapped all-reduces read as "a structural hole or a labeling miss" and the halved GEMMs as "a uniform clock or thermal shift of the capture" (mixed)
# catches: A1 kernel.coverage.measured device=*,rank=* => FAIL ~ is a collective and no slot charges any collective, while the capture ran 2 ranks
# catches: A1 kernel.error.abs device=*,rank=* => WARN|FAIL ~ another parallelism.*No cause is read
# touches: A1 A2
plant() {
	/usr/bin/python3 "$S2R_TOP/tests/gen-kineto.py" "$ALIGN/vllm_rank{rank}.json" --tp 2 \
	    --slow qkv_proj:0.5 --slow o_proj:0.5 --slow gate_up_proj:0.5 \
	    --slow down_proj:0.5 --slow attention:0.5 --slow lm_head:0.5
	grep -q '"world_size": 2' "$ALIGN/vllm_rank1.json"
}
