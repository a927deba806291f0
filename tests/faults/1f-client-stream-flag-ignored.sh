# pair: 14b
# plants: baseline/w2_14b_burst: the load generator ignored client burst-batch's streaming flag when it built the request body (no "stream": true) but recorded the flag the spec gave it, so the trace's streaming column still says true; every burst-batch answer came back whole (one body chunk, first byte = last byte). burst-batch is 1.9 % of the requests, so the cell's share of chunked answers is 98.1 %, inside the 2 pp the whole cell is allowed: only the client's own share shows it
# catches: 1f client.streaming.chunked client=burst-batch,phase=baseline,workload=w2_14b_burst => FAIL ~ 0 of its [0-9]+ successful streamed requests
# touches: 1f@baseline/w2_14b_burst
plant() {
	trace_edit "$REAL/baseline/w2_14b_burst/trace_data.csv" '
for r in rows:
    if r["client_id"] == "burst-batch" and r["status"] == "ok" and \
            int(r["last_chunk_time_us"]) > 0:
        r["first_chunk_time_us"] = r["last_chunk_time_us"]
        r["num_chunks"] = "1"'
}
