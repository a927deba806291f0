# pair: aw
# plants: baseline/w3_multi_prefix_contention: the second phase's clients were sent without streaming (one body chunk, first byte = last byte); the first phase streams as specified
# catches: 1f window.streaming.fraction phase=baseline,window=200-400s,workload=w3_multi_prefix_contention => FAIL
# touches: 1f@baseline/w3_multi_prefix_contention
plant() {
	trace_edit "$REAL/baseline/w3_multi_prefix_contention/trace_data.csv" '
for r in rows:
    if r["client_id"].startswith("phase2-"):
        r["streaming"] = "false"
        if r["status"] == "ok" and int(r["last_chunk_time_us"]) > 0:
            r["first_chunk_time_us"] = r["last_chunk_time_us"]
            r["num_chunks"] = "1"'
}
