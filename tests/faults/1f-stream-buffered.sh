# pair: upstream
# plants: results/blis1/w1_mid: a proxy between the load generator and the gateway buffered the event stream: every chunk reached the client at once when the answer ended (first chunk time = last chunk time, the chunk count unchanged), while the trace's streaming column says true
# catches: 1f streaming.chunked phase=blis1,workload=w1_mid => FAIL
# touches: 1f@blis1/w1_mid
plant() {
	trace_edit "$REAL/results/blis1/w1_mid/trace_data.csv" '
for r in rows:
    if r["status"] == "ok" and int(r["last_chunk_time_us"]) > 0:
        r["first_chunk_time_us"] = r["last_chunk_time_us"]'
}
