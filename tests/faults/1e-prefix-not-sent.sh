# pair: aw
# plants: baseline/w2_stationary: the generator recorded prefix-A's shared system prompt (prefix_group system-prompt-A, prefix_length 512) but sent its prompts without it (its prefix pool came back empty): the trace's prefix columns are those of the spec, the server counted only the suffixes (server_input_tokens 512 fewer), so the shared prefix the simulation caches and reuses was never prefilled
# catches: 1e prefix.server_share phase=baseline,workload=w2_stationary => FAIL
# catches: 1c server_input_tokens.ratio phase=baseline,workload=w2_stationary => FAIL
# touches: 1c@baseline/w2_stationary 1e@baseline/w2_stationary
plant() {
	trace_edit "$REAL/baseline/w2_stationary/trace_data.csv" '
for r in rows:
    if r["prefix_group"] and int(r["server_input_tokens"]) > 0:
        r["server_input_tokens"] = str(max(1, int(r["server_input_tokens"]) - int(r["prefix_length"])))'
}
