# pair: aw
# plants: baseline/w2_stationary: the generator counted prompt tokens with another tokenizer than the served model's: the server tokenised every prompt to 30 % more tokens than the trace's prefix_length + input_tokens (server_input_tokens x 1.3), so the real run prefilled longer prompts than the simulation
# catches: 1c server_input_tokens.ratio phase=baseline,workload=w2_stationary => FAIL
# touches: 1c@baseline/w2_stationary
plant() {
	trace_edit "$REAL"/baseline/w2_stationary/trace_data.csv '
for r in rows:
    r["server_input_tokens"] = str(int((int(r["prefix_length"]) + int(r["input_tokens"])) * 1.3))
'
}
