# pair: corpus
# plants: baseline/agentic: the replay ran on two workers that each numbered their sessions from 0, and the cell's trace is their two logs merged: the second worker's sessions carry the first worker's session ids, so every id stands for two interleaved conversations (half as many sessions, twice the rounds each, and a round 0 in the middle of a session)
# catches: 1a sessions.count phase=baseline,workload=agentic => FAIL
# touches: 1a@baseline/agentic 1c@baseline/agentic 1g@baseline/agentic
plant() {
	trace_edit "$REAL/baseline/agentic/trace_data.csv" '
ids = sorted({r["session_id"] for r in rows if r["session_id"]},
             key=lambda s: int(s.split("-")[-1]))
half = len(ids) // 2
rename = {s: ids[i - half] for i, s in enumerate(ids) if i >= half}
for r in rows:
    if r["session_id"] in rename:
        r["session_id"] = rename[r["session_id"]]'
}
