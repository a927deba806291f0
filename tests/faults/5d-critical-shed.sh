# pair: 14b
# plants: treatment/w1c_14b: 5 % of the critical requests (priority 100, never to be shed) got HTTP 429 from the admission plugin
# catches: 5d shed.rate class=critical,phase=treatment,workload=w1c_14b => FAIL
# touches: 5d@treatment/w1c_14b 5b@treatment/w1c_14b
plant() {
	trace_edit "$REAL/treatment/w1c_14b/trace_data.csv" '
msg = ("HTTP 429: inference gateway: ResourceExhausted - request rejected by admission "
       "plugin preemptive-shed: preemptive shed: saturation 0.312, priority 100")
for r in rows:
    if r["slo_class"] == "critical" and rng.random() < 0.05:
        r.update(output_tokens="0", server_input_tokens="0", first_chunk_time_us="0",
                 last_chunk_time_us="0", num_chunks="0", status="error",
                 error_message=msg, finish_reason="")'
}
