# pair: upstream
# plants: results/blis1/w1_mid: the gateway answered 12 requests (10 %) with HTTP 200 and an empty stream (the upstream pod reset the connection after the headers): the load generator logged them ok with no output, no chunk and no finish reason
# catches: 5d requests.failed phase=blis1,workload=w1_mid => FAIL
# touches: 5d@blis1/w1_mid 1d@blis1/w1_mid 1h@blis1/w1_mid
plant() {
	trace_edit "$REAL/results/blis1/w1_mid/trace_data.csv" '
for r in rows[5::10][:12]:
    r.update(output_tokens="0", first_chunk_time_us="0",
             last_chunk_time_us="0", num_chunks="0", status="ok",
             error_message="", finish_reason="")'
}
