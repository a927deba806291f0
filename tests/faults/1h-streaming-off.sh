# pair: 14b
# plants: treatment/w1c_14b: the cell was measured with streaming off (blis observe --no-streaming) although the bundle's measurement.yaml streams what the clients ask for, and every client streams: one body chunk per request, first byte = last byte
# catches: 1h streaming.fraction phase=treatment,workload=w1c_14b => FAIL
# touches: 1f@treatment/w1c_14b 1h@treatment/w1c_14b
plant() {
	trace_edit "$REAL/treatment/w1c_14b/trace_data.csv" '
for r in rows:
    r["streaming"] = "false"
    if r["status"] == "ok" and int(r["last_chunk_time_us"]) > 0:
        r["first_chunk_time_us"] = r["last_chunk_time_us"]
        r["num_chunks"] = "1"'
}
