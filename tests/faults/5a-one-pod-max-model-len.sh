# pair: aw
# plants: treatment/w2_stationary: one of the four pods (bjjfb, its args taken from a smaller-GPU profile) runs --max-model-len 8192 instead of config.md's 40960: its startup args, engine config (max_seq_len=8192) and "Maximum concurrency for 8,192 tokens per request" line all say so, and any prompt past 8K would be refused there
# catches: 5a vllm.max_model_len instance=sim2real-aw-decode-79f6f9b4db-bjjfb,phase=treatment,workload=w2_stationary => FAIL
# touches: 2a@treatment/w2_stationary 5a@treatment/w2_stationary 2c@*/w2_stationary 5f@treatment/w2_stationary
plant() {
	local f
	f=$(ls "$REAL"/treatment/w2_stationary/server_logs/*bjjfb_vllm.log)
	sed -i -e "s/'max_model_len': 40960,/'max_model_len': 8192,/" \
	    -e 's/max_seq_len=40960,/max_seq_len=8192,/' \
	    -e 's/Maximum concurrency for 40,960 tokens per request: 4.84x/Maximum concurrency for 8,192 tokens per request: 24.20x/' "$f"
	grep -q "'max_model_len': 8192," "$f"
}
