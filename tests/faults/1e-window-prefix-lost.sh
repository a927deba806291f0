# pair: aw
# plants: treatment/w1_prefix_to_load_shift: in the first phase the generator ran without the shared system prompt: phase1-prefix-A's rows carry no prefix_group and prefix_length 0 (the per-window mix is the only prefix expectation of this lifecycle spec)
# catches: 1e window.prefix.fraction phase=treatment,window=0-200s,workload=w1_prefix_to_load_shift => FAIL
# touches: 1e@treatment/w1_prefix_to_load_shift 5c@treatment/w1_prefix_to_load_shift
plant() {
	trace_edit "$REAL/treatment/w1_prefix_to_load_shift/trace_data.csv" '
for r in rows:
    if r["client_id"] == "phase1-prefix-A":
        r["server_input_tokens"] = str(max(0, int(r["server_input_tokens"]) - int(r["prefix_length"])))
        r["prefix_group"] = ""
        r["prefix_length"] = "0"'
}
