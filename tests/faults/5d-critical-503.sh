# pair: 14b
# plants: treatment/w1c_14b: 4 % of the critical requests got HTTP 503 from the gateway's flow control (their queue wait ran past its TTL under the treatment's load: a dropped request, not a 429), although priority 100 is never to be shed
# catches: 5d shed.rate class=critical,phase=treatment,workload=w1c_14b => FAIL
# touches: 5d@treatment/w1c_14b 5b@treatment/w1c_14b
plant() {
	trace_edit "$REAL/treatment/w1c_14b/trace_data.csv" '
msg = ("HTTP 503: inference gateway: Unavailable - flow control: request evicted "
       "from queue after TTL expiry (priority 100)")
for r in rows:
    if r["slo_class"] == "critical" and rng.random() < 0.04:
        r.update(output_tokens="0", server_input_tokens="0", first_chunk_time_us="0",
                 last_chunk_time_us="0", num_chunks="0", status="error",
                 error_message=msg, finish_reason="")'
}
