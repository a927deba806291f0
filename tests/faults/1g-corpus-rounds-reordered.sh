# pair: corpus
# plants: baseline/agentic: the replay sent the rounds of each session of three or more rounds out of order (its per-session queue popped rounds 1 and 2 in the wrong order): round 2's prompt, with its longer context, went out in round 1's slot and round 1's in round 2's; every row keeps its own length, chunks and latencies
# catches: 1g session.rounds.early phase=baseline,workload=agentic => FAIL ~ rounds out of order
# touches: 1a@baseline/agentic 1c@baseline/agentic 1g@baseline/agentic
plant() {
	trace_edit "$REAL/baseline/agentic/trace_data.csv" '
import collections
by = collections.defaultdict(dict)
for r in rows:
    by[r["session_id"]][int(r["round_index"])] = r
keep = ("arrival_time_us", "send_time_us", "first_chunk_time_us",
        "last_chunk_time_us", "think_time_us")
for sid, rs in by.items():
    if 1 in rs and 2 in rs:
        a, b = rs[1], rs[2]
        for c in cols:
            if c not in keep:
                a[c], b[c] = b[c], a[c]
        # each request keeps its own service time in its new slot
        da = int(a["last_chunk_time_us"]) - int(a["send_time_us"])
        db = int(b["last_chunk_time_us"]) - int(b["send_time_us"])
        fa = int(a["first_chunk_time_us"]) - int(a["send_time_us"])
        fb = int(b["first_chunk_time_us"]) - int(b["send_time_us"])
        a["first_chunk_time_us"] = str(int(a["send_time_us"]) + fb)
        a["last_chunk_time_us"] = str(int(a["send_time_us"]) + db)
        b["first_chunk_time_us"] = str(int(b["send_time_us"]) + fa)
        b["last_chunk_time_us"] = str(int(b["send_time_us"]) + da)'
}
