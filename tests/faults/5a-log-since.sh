# pair: aw
# plants: treatment/w2_stationary: pod bjjfb's log was collected with kubectl logs --since (the pod started before the window): the log starts at its first request, no arguments, no engine config, no KV cache size
# catches: 5a vllm.args instance=sim2real-aw-decode-79f6f9b4db-bjjfb,phase=treatment,workload=w2_stationary => MISSING
# catches: 5f kv_cache.tokens instance=sim2real-aw-decode-79f6f9b4db-bjjfb,phase=treatment,workload=w2_stationary => MISSING
# touches: 2a@treatment/w2_stationary 5a@treatment/w2_stationary 5f@treatment/w2_stationary 5c@treatment/w2_stationary 5e@treatment/w2_stationary 2c@*/w2_stationary
plant() {
	local f n
	f=$(ls "$REAL"/treatment/w2_stationary/server_logs/*bjjfb_vllm.log)
	n=$(grep -n "POST /v1" "$f" | head -1 | cut -d: -f1)
	tail -n +"$n" "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
}
