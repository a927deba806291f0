# pair: 14b
# plants: baseline/w1c_14b: the baseline arm (no admission plugin) rejected 6 % of the critical requests, and the client wrote those rejections without their HTTP code ("ResourceExhausted: ..." as a gRPC-style error, status error), so the rows do not read as sheds
# catches: 5d requests.failed phase=baseline,workload=w1c_14b => FAIL
# touches: 5d@baseline/w1c_14b 5b@baseline/w1c_14b 1d@baseline/w1c_14b
plant() {
	trace_edit "$REAL/baseline/w1c_14b/trace_data.csv" '
msg = "rpc error: code = ResourceExhausted desc = system saturated, request dropped"
for r in rows:
    if r["slo_class"] == "critical" and rng.random() < 0.06:
        r.update(output_tokens="0", server_input_tokens="0", first_chunk_time_us="0",
                 last_chunk_time_us="0", num_chunks="0", status="error",
                 error_message=msg, finish_reason="")'
}
