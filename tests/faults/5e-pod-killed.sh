# pair: aw
# plants: baseline/w2_stationary: pod xwqjl's vLLM container was killed half-way through the run (SIGKILL: the node's OOM killer, host memory), so its log just stops at a whole line with no ERROR, no traceback and no shutdown line; its last stats line says 35 requests running while the other pods log on for another 94 s (the trace is left as it was: only the log shows the death)
# catches: 5e log.problems instance=sim2real-aw-decode-79f6f9b4db-xwqjl,phase=baseline,workload=w2_stationary => WARN ~ the log stops with
# touches: 5e@baseline/w2_stationary 5b@baseline/w2_stationary 5c@baseline/w2_stationary 5f@baseline/w2_stationary
plant() {
	local f
	f=$(ls "$REAL"/baseline/w2_stationary/server_logs/*xwqjl_vllm.log)
	head -n "$(($(wc -l <"$f") / 2))" "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
}
