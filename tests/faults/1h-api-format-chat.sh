# pair: 14b
# plants: baseline/w1c_14b: blis observe ran with --api-format chat while the bundle's measurement.yaml says completions: every request went to /v1/chat/completions (the servers' access logs) and the server counted 11 chat-template tokens more a prompt, which 1c takes for a template and passes
# catches: 1h measurement.api_format phase=baseline,workload=w1c_14b => FAIL
# touches: 1c@baseline/w1c_14b 1h@baseline/w1c_14b
plant() {
	sed -i 's|"POST /v1/completions HTTP/1.1"|"POST /v1/chat/completions HTTP/1.1"|' \
	    "$REAL"/baseline/w1c_14b/server_logs/*.log
	grep -q 'POST /v1/chat/completions' "$REAL"/baseline/w1c_14b/server_logs/*.log
	trace_edit "$REAL/baseline/w1c_14b/trace_data.csv" '
for r in rows:
    if int(r["server_input_tokens"]) > 0:
        r["server_input_tokens"] = str(int(r["server_input_tokens"]) + 11)'
}
