# pair: aw
# plants: treatment/w2_stationary: collect-results saved the server logs with one label query (kubectl logs -l app=sim2real-aw-decode --max-log-requests 4 > server_logs/sim2real-aw-decode_vllm.log), which writes each pod's log after the other into one file: server_logs/ holds one log with four vLLM startups (four pod addresses, four KV-event topics) and the four pods' requests, where the arm ran four instances
# catches: 2b instances.count phase=treatment,workload=w2_stationary => WARN|MISSING ~ (startups|pods' logs)
# touches: 2b@treatment/w2_stationary 5a@treatment/w2_stationary 5b@treatment/w2_stationary 5c@treatment/w2_stationary 5e@treatment/w2_stationary 5f@treatment/w2_stationary
plant() {
	local d="$REAL"/treatment/w2_stationary/server_logs
	cat "$d"/*_vllm.log >"$d/all.tmp"
	rm "$d"/*_vllm.log
	mv "$d/all.tmp" "$d/sim2real-aw-decode_vllm.log"
	[ "$(grep -c 'non-default args' "$d/sim2real-aw-decode_vllm.log")" = 4 ]
}
