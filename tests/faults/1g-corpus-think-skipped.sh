# pair: corpus
# plants: baseline/agentic: the replay sent each round as soon as the previous round's last chunk arrived, skipping the think time; the think_time_us column still records the pause the corpus drew (so the cap check passes)
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
            prev_end = int(rs[k - 1]["last_chunk_time_us"])
            shift = prev_end + 2000 - int(r["send_time_us"])
        for c in ("arrival_time_us", "send_time_us", "first_chunk_time_us", "last_chunk_time_us"):
            r[c] = str(int(r[c]) + shift)
rows.sort(key=lambda r: (int(r["last_chunk_time_us"]), int(r["request_id"])))'
}
