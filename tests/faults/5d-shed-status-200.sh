# pair: 14b
# plants: baseline/w1c_14b: a proxy in front of the gateway answered 6 % of the sheddable requests with HTTP 200 and an error body (a saturated gateway's rejection rewrapped): the client recorded status ok, but no output tokens, no chunks and no finish_reason, so nothing says shed
# catches: 5d requests.failed phase=baseline,workload=w1c_14b => FAIL
# touches: 5d@baseline/w1c_14b 5b@baseline/w1c_14b 1d@baseline/w1c_14b
plant() {
	trace_edit "$REAL/baseline/w1c_14b/trace_data.csv" '
for r in rows:
    if r["slo_class"] == "sheddable" and rng.random() < 0.06:
        send = int(r["send_time_us"])
        r.update(output_tokens="0", server_input_tokens="0",
                 first_chunk_time_us=str(send + 4000), last_chunk_time_us=str(send + 4100),
                 num_chunks="1", status="ok", error_message="", finish_reason="")'
}
