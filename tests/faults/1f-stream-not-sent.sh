# pair: aw
# plants: baseline/w2_stationary: the generator recorded the clients' streaming: true but its request bodies lacked "stream": true, so every answer came back whole: one body chunk, first byte = last byte, while the trace's streaming column still says true
# catches: 1f streaming.chunked phase=baseline,workload=w2_stationary => FAIL
# touches: 1f@baseline/w2_stationary
plant() {
	trace_edit "$REAL/baseline/w2_stationary/trace_data.csv" '
for r in rows:
    if r["status"] == "ok" and int(r["last_chunk_time_us"]) > 0:
        r["first_chunk_time_us"] = r["last_chunk_time_us"]
        r["num_chunks"] = "1"'
}
