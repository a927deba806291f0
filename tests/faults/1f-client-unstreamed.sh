# pair: 14b
# plants: baseline/w1c_14b: the load generator dropped the batch client's streaming flag (its request bodies lacked "stream": true, its rows say streaming false): the batch requests, 5 % of the load, came back whole, one body chunk, first byte = last byte; the three other clients streamed as specified
# catches: 1f client.streaming.fraction client=batch,phase=baseline,workload=w1c_14b => FAIL ~ Client "batch" streamed 0\.0%
# touches: 1f@baseline/w1c_14b 1h@baseline/w1c_14b 6*@baseline/w1c_14b 6*@*/w1c_14b A*
plant() {
	trace_edit "$REAL/baseline/w1c_14b/trace_data.csv" '
for r in rows:
    if r["client_id"] == "batch":
        r["streaming"] = "false"
        if r["status"] == "ok" and int(r["last_chunk_time_us"]) > 0:
            r["first_chunk_time_us"] = r["last_chunk_time_us"]
            r["num_chunks"] = "1"'
}
