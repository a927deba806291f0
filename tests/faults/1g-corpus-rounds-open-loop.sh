# pair: corpus
# plants: baseline/agentic: the replay scheduled each round its think time after the previous round's send instead of after its answer (open loop): rounds went out while the previous answer was still streaming, without its context
# catches: 1g session.rounds.early phase=baseline,workload=agentic => FAIL
# touches: 1a@baseline/agentic 1g@baseline/agentic 5b@baseline/agentic
plant() {
	trace_edit "$REAL/baseline/agentic/trace_data.csv" '
import collections
by = collections.defaultdict(list)
for r in rows:
    by[r["session_id"]].append(r)
for sid, rs in by.items():
    rs.sort(key=lambda r: int(r["round_index"]))
    shift = 0
    for k, r in enumerate(rs):
        if k > 0:
            want = int(rs[k - 1]["send_time_us"]) + int(r["think_time_us"])
            shift = want - int(r["send_time_us"])
        for c in ("arrival_time_us", "send_time_us", "first_chunk_time_us", "last_chunk_time_us"):
            r[c] = str(int(r[c]) + shift)
rows.sort(key=lambda r: (int(r["last_chunk_time_us"]), int(r["request_id"])))'
}
