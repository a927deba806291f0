# pair: aw
# plants: baseline/w2_stationary: the copy of the spec the generator ran had prefix_length 256 for prefix-A (an older draft of the workload), so its shared system prompt is half the 512 tokens the simulation caches and prefills: the rows say prefix_length 256 and the server counts 256 fewer prompt tokens; the share of prefixed requests is unchanged
# catches: 1e prefix_length.mean phase=baseline,prefix_group=system-prompt-A,workload=w2_stationary => FAIL
# touches: 1e@baseline/w2_stationary
plant() {
	trace_edit "$REAL/baseline/w2_stationary/trace_data.csv" '
for r in rows:
    if r["prefix_group"] == "system-prompt-A":
        r["prefix_length"] = "256"
        if int(r["server_input_tokens"]) > 0:
            r["server_input_tokens"] = str(int(r["server_input_tokens"]) - 256)'
}
