# pair: aw
# plants: every cell's vLLM pods were started without --kv-events-config (the flag lives in the values file of the llm-d guide the deployment was copied from, not in the chart's defaults): vLLM publishes no KV-cache events, so both arms' precise prefix-cache scorers (ppc, weight 3) never learn which pod holds which block and score every pod 0; the arms route on queue and KV load alone, whatever the 3:2:2 weights say, and no log line says so
# catches: 4a routing.prefix_events phase=*,workload=* => FAIL ~ no --kv-events-config
# touches: 4a 2c@*/* 5a@*/*
plant() {
	local f
	for f in "$REAL"/*/*/server_logs/*_vllm.log; do
		sed "/non-default args: /s/, 'kv_events_config': KVEventsConfig([^)]*)//" "$f" >"$f.tmp"
		mv "$f.tmp" "$f"
		! grep -q 'kv_events_config' "$f"
	done
}
