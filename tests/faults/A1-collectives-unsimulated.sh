# pair: vllm
# plants: align/: the deployment ran --tensor-parallel-size 2 and the simulator's slots are made for it (each rank's half GEMMs and attention shard), but its cost model has no communication term: the slot export charges no all-reduce, while each rank's trace runs vLLM's custom all-reduce after o_proj and down_proj (about 7 % of the kernel time); every slot it has tracks, and the unmapped all-reduce read as "the slots model another parallelism (no tensor parallelism): no cause is read"
# catches: A1 kernel.coverage.measured device=*,rank=* => FAIL ~ per-rank shards but charge none of its collectives
# catches: A1 kernel.error.abs device=*,rank=* => WARN|FAIL ~ leaves out every all-reduce of the step
# touches: A1 A2
plant() {
	/usr/bin/python3 "$S2R_TOP/tests/gen-kineto.py" "$ALIGN/vllm_rank{rank}.json" \
	    --tp 2 --slots "$ALIGN/slots.ndjson"
	jq -c 'select(.category != "allreduce")' "$ALIGN/slots.ndjson" >"$ALIGN/s.tmp"
	mv "$ALIGN/s.tmp" "$ALIGN/slots.ndjson"
	grep -q '"world_size": 2' "$ALIGN/vllm_rank1.json"
	! grep -q allreduce "$ALIGN/slots.ndjson"
}
