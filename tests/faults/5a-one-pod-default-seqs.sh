# pair: aw
# plants: treatment/w2_stationary: one of the four pods (22qx4, started from the chart's default args, which leave out the bundle's --max-num-seqs 256) runs vLLM's own default: its non-default args no longer list max_num_seqs, so it schedules up to the API server's default for an 80 GB GPU (1024 sequences) where its three siblings and the simulated instances stop at 256; no other line of its log names the value
# catches: 2a vllm.max_num_seqs phase=treatment,workload=w2_stationary => WARN ~ instance sim2real-aw-decode-79f6f9b4db-22qx4
# catches: 5a vllm.max_num_seqs instance=sim2real-aw-decode-79f6f9b4db-22qx4,phase=treatment,workload=w2_stationary => WARN
# catches: 2c arms.vllm phase=*,workload=w2_stationary => WARN ~ pods split on vllm.max_num_seqs
# touches: 2a@treatment/w2_stationary 5a@treatment/w2_stationary 2c@*/w2_stationary
plant() {
	local f
	f=$(ls "$REAL"/treatment/w2_stationary/server_logs/*22qx4_vllm.log)
	sed -i "s/'max_num_seqs': 256, //" "$f"
	! grep -q "'max_num_seqs'" "$f"
}
