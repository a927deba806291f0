# pair: aw
# plants: baseline/w2_stationary: the collect step was retried after a timeout and wrote with >> instead of >, so pod 5kqtj's server log holds its whole container log twice, one copy after the other (a second startup banner stamped before the run, then every stats and access line again): the pod looks as if it served twice its completions
# catches: 5b log.window instance=sim2real-aw-decode-79f6f9b4db-5kqtj,phase=baseline,workload=w2_stationary => FAIL ~ runs back in time
# touches: 5b@baseline/w2_stationary
plant() {
	local f
	f=$(ls "$REAL"/baseline/w2_stationary/server_logs/*5kqtj_vllm.log)
	cat "$f" "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
}
