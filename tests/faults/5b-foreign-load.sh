# pair: aw
# plants: baseline/w2_stationary: the pods were shared: another client ran its own benchmark through the same gateway during the cell, so each pod served as many completions again as the trace sent it (the trace, the client's own record, shows nothing; the load the latencies were measured under was twice the spec's)
# catches: 5b requests.served phase=baseline,workload=w2_stationary => WARN
# touches: 5b@baseline/w2_stationary
plant() {
	local f
	for f in "$REAL"/baseline/w2_stationary/server_logs/*_vllm.log; do
		awk '{ print } /"POST \/v1\/completions/ { print }' "$f" >"$f.new"
		mv "$f.new" "$f"
	done
}
