# pair: aw
# plants: baseline/w3_multi_prefix_contention: one of the four pods (pqk69, left over from an earlier deploy) runs --max-num-seqs 128 instead of 256
# catches: 5a vllm.max_num_seqs instance=sim2real-aw-decode-79f6f9b4db-pqk69,phase=baseline,workload=w3_multi_prefix_contention => FAIL
# catches: 2a vllm.max_num_seqs phase=baseline,workload=w3_multi_prefix_contention => FAIL
# catches: 2c arms.vllm phase=*,workload=w3_multi_prefix_contention => FAIL ~ pods disagree on vllm.max_num_seqs
# touches: 2a@baseline/w3_multi_prefix_contention 5a@baseline/w3_multi_prefix_contention 2c@*/w3_multi_prefix_contention
plant() {
	sed -i "s/'max_num_seqs': 256/'max_num_seqs': 128/" \
	    "$REAL"/baseline/w3_multi_prefix_contention/server_logs/*pqk69_vllm.log
}
