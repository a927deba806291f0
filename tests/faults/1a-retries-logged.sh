# pair: 14b
# plants: baseline/w2_14b_burst: the load generator retried the requests whose first attempt timed out (a client retry policy the simulation does not have) and logged every attempt as a row: 2 % of the requests appear twice under the same request_id and arrival_time_us, the first attempt status error with no answer, the retry sent 2 s later; the workload the spec describes ran, but the server saw 2 % more requests than it, at other times, and the count (+4 % with the run's own noise) stays inside the 5 % band
# catches: 1a requests.count phase=baseline,workload=w2_14b_burst => WARN|FAIL ~ repeat an earlier row.s request_id
# touches: 1?@baseline/w2_14b_burst 5b@baseline/w2_14b_burst 5d@baseline/w2_14b_burst
plant() {
	trace_edit "$REAL/baseline/w2_14b_burst/trace_data.csv" '
out = []
for r in rows:
    if r["status"] == "ok" and rng.random() < 0.02:
        e = dict(r)
        e.update(status="error", error_message="timeout", output_tokens="0",
                 num_chunks="0", first_chunk_time_us="0", last_chunk_time_us="0",
                 finish_reason="", server_input_tokens="0")
        out.append(e)
        for c in ("send_time_us", "first_chunk_time_us", "last_chunk_time_us"):
            if int(r[c]) > 0:
                r[c] = str(int(r[c]) + 2000000)
    out.append(r)
rows = out'
}
