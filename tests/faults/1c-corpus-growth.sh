# pair: corpus
# plants: baseline/agentic: blis observe replayed the sessions with independent rounds (each prompt without the conversation so far: the header has no session_context_growth) while the spec accumulates; prompts shrink to the rounds' own text
# catches: 1c session.context_growth phase=baseline,workload=agentic => FAIL
# touches: 1c@baseline/agentic
plant() {
	sed -i '/^session_context_growth:/d' "$REAL/baseline/agentic/trace_header.yaml"
	trace_edit "$REAL/baseline/agentic/trace_data.csv" '
prev = {}
for r in sorted(rows, key=lambda r: (r["session_id"], int(r["round_index"]))):
    ctx = prev.get(r["session_id"], 0)
    inp = int(r["input_tokens"])
    prev[r["session_id"]] = inp + int(r["output_tokens"])
    r["input_tokens"] = str(inp - ctx)
    r["server_input_tokens"] = str(inp - ctx + 9)'
}
