# pair: 14b
# plants: baseline/w1c_14b: the gateway rejected 10 % of the sheddable requests with HTTP 429 in this arm without admission, and the client retried each silently after a 2 s back-off: the rows read ok, with the send time of the first attempt, so each retried request is 2 s late and nothing says shed
# catches: 5d * *phase=baseline,workload=w1c_14b => WARN|FAIL
# touches: 5d@baseline/w1c_14b 5b@baseline/w1c_14b 6*@baseline/w1c_14b 6*@*/w1c_14b
plant() {
	trace_edit "$REAL/baseline/w1c_14b/trace_data.csv" '
for r in rows:
    if r["slo_class"] == "sheddable" and rng.random() < 0.10:
        for k in ("first_chunk_time_us", "last_chunk_time_us"):
            r[k] = str(int(r[k]) + 2000000)'
}
