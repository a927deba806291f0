# pair: 14b
# plants: treatment/w1c_14b: the load generator was stopped after 90 s of the spec's 180 s (6300 requests at 35 req/s): only the first half of the requests ran, at the right rate
# catches: 1a * phase=treatment,workload=w1c_14b => FAIL
# touches: 1?@treatment/w1c_14b 5b@treatment/w1c_14b 5d@treatment/w1c_14b
plant() {
	trace_edit "$REAL/treatment/w1c_14b/trace_data.csv" '
rows = [r for r in rows if int(r["arrival_time_us"]) < 90000000]'
}
