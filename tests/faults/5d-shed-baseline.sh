# pair: 14b
# plants: baseline/w1c_14b: 8 % of the sheddable requests got HTTP 429 from the gateway although the baseline arm, under capacity, has no admission plugin (the legacy rule sheds only at saturation 1.0)
# catches: 5d shed.rate class=sheddable,phase=baseline,workload=w1c_14b => FAIL
# touches: 5d@baseline/w1c_14b 5b@baseline/w1c_14b
plant() {
	trace_edit "$REAL/baseline/w1c_14b/trace_data.csv" '
msg = "HTTP 429: inference gateway: ResourceExhausted - system saturated, sheddable request dropped"
for r in rows:
    if r["slo_class"] == "sheddable" and rng.random() < 0.08:
        r.update(output_tokens="0", server_input_tokens="0", first_chunk_time_us="0",
                 last_chunk_time_us="0", num_chunks="0", status="error",
                 error_message=msg, finish_reason="")'
}
