# pair: corpus
# plants: baseline/agentic: the replay sent each round alone (only the new user turn) although the spec and the trace header say context_growth accumulate: the prompts do not grow from round to round
# catches: 1c session.rounds.grown phase=baseline,workload=agentic => FAIL
# touches: 1c@baseline/agentic 5c@baseline/agentic
plant() {
	trace_edit "$REAL/baseline/agentic/trace_data.csv" '
import collections
by = collections.defaultdict(list)
for r in rows:
    by[r["session_id"]].append(r)
for sid, rs in by.items():
    rs.sort(key=lambda r: int(r["round_index"]))
    orig = [(int(r["input_tokens"]), int(r["output_tokens"])) for r in rs]
    for k in range(1, len(rs)):
        new = orig[k][0] - orig[k - 1][0] - orig[k - 1][1]
        rs[k]["input_tokens"] = str(new)
        rs[k]["server_input_tokens"] = str(new + 9)'
}
