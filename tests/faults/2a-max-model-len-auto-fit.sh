# pair: aw
# plants: treatment/w2_stationary: the treatment's values file passes --max-model-len auto (non-default args 'max_model_len': -1) and lets vLLM fit the context to the KV cache; pod b98vq shared its GPU with another pod (time-slicing) that loaded its weights while b98vq profiled, so it had 4.50 GiB for its KV cache and vLLM cut its context: 'Auto-fit max_model_len: reduced from 40960 to 29440', KV cache 29,440 tokens, one request at a time at full length; its engine line and 'Using max model len' still say 40960 (logged before the fit), the three siblings log that the full 40960 fits. Requests over 29,440 tokens fail on that pod only
# catches: 2a vllm.max_model_len phase=treatment,workload=w2_stationary => FAIL ~ 29440
# catches: 5a vllm.max_model_len instance=sim2real-aw-decode-79f6f9b4db-b98vq,phase=treatment,workload=w2_stationary => FAIL ~ 29440
# touches: 2a@treatment/w2_stationary 5a@treatment/w2_stationary 5f@treatment/w2_stationary 2c@*/w2_stationary
plant() {
	local d="$REAL"/treatment/w2_stationary/server_logs f
	sed -i "s/'max_model_len': 40960, /'max_model_len': -1, /" "$d"/*_vllm.log
	for f in "$d"/*_vllm.log; do
		case $f in *b98vq*) continue ;; esac
		sed -i 's/^\(.*\) INFO \([0-9-]* [0-9:]*\) \[kv_cache_utils.py:1314\] GPU KV cache size: .*$/\1 INFO \2 [kv_cache_utils.py:1105] Auto-fit max_model_len: full model context length 40960 fits in available GPU memory\n&/' "$f"
	done
	f=$(ls "$d"/*b98vq_vllm.log)
	sed -i -e 's/Available KV cache memory: 30.25 GiB/Available KV cache memory: 4.50 GiB/' \
	    -e 's/^\(.*\) INFO \([0-9-]* [0-9:]*\) \[kv_cache_utils.py:1314\] GPU KV cache size: 198,208 tokens$/\1 INFO \2 [kv_cache_utils.py:1112] Auto-fit max_model_len: reduced from 40960 to 29440 to fit in available GPU memory (4.50 GiB available for KV cache)\n\1 INFO \2 [kv_cache_utils.py:1314] GPU KV cache size: 29,440 tokens/' \
	    -e 's/Maximum concurrency for 40,960 tokens per request: 4.84x/Maximum concurrency for 29,440 tokens per request: 1.00x/' "$f"
	[ "$(grep -l "'max_model_len': -1," "$d"/*_vllm.log | wc -l)" = 4 ] &&
	    [ "$(grep -l 'full model context length 40960 fits' "$d"/*_vllm.log | wc -l)" = 3 ] &&
	    grep -q 'reduced from 40960 to 29440' "$f" && grep -q '29,440 tokens per request: 1.00x' "$f"
}
