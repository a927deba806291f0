# pair: upstream
# plants: results/blis3/w1_mid: every request was sent without streaming (the generator's stream flag off): one body chunk, first byte = last byte
# catches: 1f streaming.fraction phase=blis3,workload=w1_mid => FAIL
# touches: 1f@blis3/w1_mid
plant() {
	trace_edit "$REAL/results/blis3/w1_mid/trace_data.csv" '
for r in rows:
    r["streaming"] = "false"
    if r["status"] == "ok" and int(r["last_chunk_time_us"]) > 0:
        r["first_chunk_time_us"] = r["last_chunk_time_us"]
        r["num_chunks"] = "1"'
}
