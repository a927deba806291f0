# pair: upstream
# plants: results/blis2/w1_mid: the generator put a 256-token shared system prompt in front of every request (prefix_group system-prompt), which the spec does not have
# catches: 1e prefix.fraction phase=blis2,workload=w1_mid => FAIL
# touches: 1e@blis2/w1_mid
plant() {
	trace_edit "$REAL/results/blis2/w1_mid/trace_data.csv" '
for r in rows:
    r["prefix_group"] = "system-prompt"
    r["prefix_length"] = "256"
    if int(r["server_input_tokens"]) > 0:
        r["server_input_tokens"] = str(int(r["server_input_tokens"]) + 256)'
}
