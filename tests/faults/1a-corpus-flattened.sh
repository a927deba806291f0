# pair: corpus
# plants: baseline/agentic: the replay flattened the conversations into independent requests (a load generator without session support sent every round alone at its recorded time): no session_id, every round_index 0, no think time, the same prompts and arrivals, so nothing waits for a previous answer and the 128-at-once session cap is gone
# catches: 1a sessions.count phase=baseline,workload=agentic => FAIL
# touches: 1a@baseline/agentic 1c@baseline/agentic 1g@baseline/agentic
plant() {
	trace_edit "$REAL/baseline/agentic/trace_data.csv" '
for r in rows:
    r["session_id"] = ""
    r["round_index"] = "0"
    r["think_time_us"] = "0"'
}
