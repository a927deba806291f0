# pair: aw
# plants: baseline/w2_stationary: the generator ran without the shared system prompt: client prefix-A's rows carry no prefix_group and prefix_length 0
# catches: 1e prefix.fraction phase=baseline,workload=w2_stationary => FAIL
# touches: 1e@baseline/w2_stationary 5c@baseline/w2_stationary
plant() {
	trace_edit "$REAL/baseline/w2_stationary/trace_data.csv" '
for r in rows:
    if r["prefix_group"]:
        r["server_input_tokens"] = str(max(0, int(r["server_input_tokens"]) - int(r["prefix_length"])))
        r["prefix_group"] = ""
        r["prefix_length"] = "0"'
}
