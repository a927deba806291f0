# pair: aw
# plants: baseline/w2_stationary: the load generator sent every request with truncate_prompt_tokens 1024 (a client default), so the server prefilled only the last 1024 tokens of the prompts longer than that: about half of prefix-A's (shared prefix 512 + a gaussian input of mean 512), up to 512 tokens short; the trace still records the sampled lengths, the server counts (server_input_tokens) stop at 1024, and the run's ratio is 0.957, inside the 5 % band
# catches: 1c server_input_tokens.ratio phase=baseline,workload=w2_stationary => WARN
# catches: 1e prefix.server_share phase=baseline,workload=w2_stationary => WARN|FAIL
# touches: 1c@baseline/w2_stationary 1e@baseline/w2_stationary
plant() {
	trace_edit "$REAL/baseline/w2_stationary/trace_data.csv" '
for r in rows:
    if int(r["server_input_tokens"]) > 1024:
        r["server_input_tokens"] = "1024"'
}
